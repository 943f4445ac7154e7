// The polygon-against-resting-disc path of the rotating time of impact decides "hit within this step"
// from the direction of the step's end (no inverse tangent) and computes t with its own octant table;
// the two must agree exactly at the end of the turn, in every octant, both ways round and for turns
// past π and 2π. Its overlap at t = 0 reuses the scan's closest edge instead of a distance search:
// point and normal are checked against hand-worked values.
#include <catch2/catch.hpp>

#include <cmath>

#include "random_cases.h"
#include "sensu/geometry/rotating_toi.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A 2 m blade from the pivot, 2 mm thick: a polygon core (four points), so the polygon path runs.
const Box& Blade() {
    static const Box blade({1.0f, 0.001f}, {1.0f, 0.0f});
    return blade;
}

Vec2 Polar(float radius, float angle) { return {radius * std::cos(angle), radius * std::sin(angle)}; }

} // namespace

TEST_CASE("Rotating polygon vs disc: the hit decision and t agree at the end of the turn", "[rotating_toi][rotating_turn]") {
    Rng rng(0x7a11);
    int hits = 0, misses = 0;
    for (int k = 0; k < 2000; ++k) {
        // Any start angle and a point anywhere round the pivot within the blade's reach.
        const float startAngle = rng.Angle();
        const float direction = rng.Chance(0.5f) ? 1.0f : -1.0f;
        const float radius = rng.Chance(0.2f) ? 0.0f : rng.Uniform(0.0f, 0.05f);
        const Circle ball(Polar(rng.Uniform(0.3f, 1.9f), rng.Uniform(0.0f, kTwoPi)), radius);
        const RotatingImpact full = TimeOfImpact(Blade(), {.startAngle = startAngle, .sweepAngle = direction * 7.0f}, ball, {});
        if (full.state != RotatingToiState::Hit) continue; // overlapping at the start
        const float contact = full.t * 7.0f;               // the turn at first contact (rad)
        if (contact < 1e-3f) continue;
        // A step ending just past the contact hits at t ≈ 1; one ending just before it misses.
        const float beyond = contact * (1.0f + 2e-5f), before = contact * (1.0f - 2e-5f);
        const RotatingImpact hit = TimeOfImpact(Blade(), {.startAngle = startAngle, .sweepAngle = direction * beyond}, ball, {});
        const RotatingImpact miss = TimeOfImpact(Blade(), {.startAngle = startAngle, .sweepAngle = direction * before}, ball, {});
        REQUIRE(hit.state == RotatingToiState::Hit);
        CHECK(hit.t * beyond == Approx(contact).margin(2e-6f * (1.0f + contact)));
        CHECK(miss.state == RotatingToiState::Separated);
        hits += hit.hit();
        misses += !miss.hit();
        // Past a full turn the first contact is the same.
        if (k % 8 == 0) {
            const RotationalSweep twice{.startAngle = startAngle, .sweepAngle = direction * (kTwoPi + 0.5f)};
            const RotatingImpact turns = TimeOfImpact(Blade(), twice, ball, {});
            REQUIRE(turns.state == RotatingToiState::Hit);
            CHECK(turns.t * (kTwoPi + 0.5f) == Approx(contact).margin(2e-6f * (1.0f + contact)));
        }
    }
    // Contacts spread over the whole turn: both halves and every octant of the end direction were met.
    CHECK(hits > 1500);
    CHECK(misses == hits);
}

TEST_CASE("Rotating polygon vs disc: overlap at the start reports the closest feature", "[rotating_toi][rotating_turn]") {
    const Box bar({1.0f, 0.1f}, {0.5f, 0.0f}); // core corners (−0.5, ±0.1), (1.5, ±0.1)
    const float startAngle = 0.7f;
    const Transform start = Transform::FromAngle({0.3f, -0.2f}, startAngle);
    const RotationalSweep sweep{.pivot = start.p, .startAngle = startAngle, .sweepAngle = 2.0f};
    const auto expect = [&](Vec2 centreLocal, float radius, Vec2 normalLocal, Vec2 pointLocal) {
        const RotatingImpact out = TimeOfImpact(bar, sweep, Circle(TransformPoint(start, centreLocal), radius), {});
        REQUIRE(out.state == RotatingToiState::Overlapping);
        CHECK(out.t == 0.0f);
        const Vec2 normal = Rotate(start.q, normalLocal), point = TransformPoint(start, pointLocal);
        CHECK(out.normal.x == Approx(normal.x).margin(1e-5));
        CHECK(out.normal.y == Approx(normal.y).margin(1e-5));
        CHECK(out.point.x == Approx(point.x).margin(1e-5));
        CHECK(out.point.y == Approx(point.y).margin(1e-5));
    };
    // Across the long edge: its normal, the point midway between the two surfaces.
    expect({0.7f, 0.12f}, 0.05f, {0.0f, 1.0f}, {0.7f, 0.085f});
    // Beyond a corner: from the corner to the centre.
    const Vec2 corner{1.5f, 0.1f}, centre{1.53f, 0.13f};
    const Vec2 n = Normalize(centre - corner);
    expect(centre, 0.05f, n, 0.5f * (corner + (centre - 0.05f * n)));
    // Centre inside the core: the common point is the centre, the normal from the core's centroid.
    expect({0.2f, 0.0f}, 0.05f, {-1.0f, 0.0f}, {0.2f, 0.0f});
}
