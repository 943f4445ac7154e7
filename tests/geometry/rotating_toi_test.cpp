// Time of impact of rotating (and translating) bodies, against fine stepping (4,096 poses per case).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "rotating_cases.h"
#include "sensu/geometry/rotating_toi.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kPoses = 4096;

// True when the two shapes at time t are within `gap` of each other: A's shape tested against B's
// bounding circle would be too loose, so B is tested against A grown by `gap` through a circle of
// radius `gap` placed at the reported contact point instead.
bool PointNearShape(Vec2 point, float gap, const ConvexShape& shape, const Transform& xf) {
    return OverlapAt(Circle(point, gap), Transform{}, shape, xf);
}

} // namespace

TEST_CASE("Rotating bar hits a circle at the analytic angle", "[rotating_toi]") {
    // A 2 × 0.2 m bar centred 0.5 m from its pivot (on +x), turning 3 rad CCW; a 5 cm circle 1 m above
    // the pivot. Contact when the circle centre is 0.1 + 0.05 m from the bar's centre line:
    // cos(θ) = 0.15 with θ the bar's angle below the circle, so the bar turned π/2 − asin(0.15).
    const Box bar({1.0f, 0.1f}, {0.5f, 0.0f});
    const Circle ball({0.0f, 1.0f}, 0.05f);
    const RotationalSweep sweep{.sweepAngle = 3.0f};
    const RotatingImpact hit = TimeOfImpact(bar, sweep, ball, {});
    REQUIRE(hit.state == RotatingToiState::Hit);
    CHECK(hit.exact);
    const float turned = 0.5f * kPi - std::asin(0.15f);
    CHECK(hit.t == Approx(turned / 3.0f).epsilon(1e-5));
    CHECK(hit.normal.x == Approx(-std::sin(turned)).margin(1e-5));
    CHECK(hit.normal.y == Approx(std::cos(turned)).margin(1e-5));
    CHECK(Distance(hit.point, ball.center()) == Approx(0.05f).margin(1e-5));

    // Clockwise the bar reaches the circle only after turning 3π/2 − ...: beyond 3 rad, no hit.
    CHECK_FALSE(TimeOfImpact(bar, {.sweepAngle = -3.0f}, ball, {}).hit());
    // Several full turns: the first contact is found in the first turn.
    const RotatingImpact spin = TimeOfImpact(bar, {.sweepAngle = 20.0f}, ball, {});
    REQUIRE(spin.hit());
    CHECK(spin.t == Approx(turned / 20.0f).epsilon(1e-5));
    // Zero rotation: no contact; already overlapping: t = 0.
    CHECK_FALSE(TimeOfImpact(bar, {}, ball, {}).hit());
    const RotatingImpact inside = TimeOfImpact(bar, sweep, Circle({1.0f, 0.0f}, 0.05f), {});
    CHECK(inside.state == RotatingToiState::Overlapping);
    CHECK(inside.t == 0.0f);
}

TEST_CASE("Rotating time of impact: the body at rest may be either one", "[rotating_toi]") {
    const Box bar({1.0f, 0.1f}, {0.5f, 0.0f});
    const Circle ball({0.0f, 1.0f}, 0.05f);
    const RotatingImpact ab = TimeOfImpact(bar, {.sweepAngle = 3.0f}, ball, {});
    const RotatingImpact ba = TimeOfImpact(ball, {}, bar, {.sweepAngle = 3.0f});
    REQUIRE(ba.hit());
    CHECK(ba.t == Approx(ab.t));
    CHECK(ba.normal.x == Approx(-ab.normal.x).margin(1e-6));
    CHECK(ba.normal.y == Approx(-ab.normal.y).margin(1e-6));
}

TEST_CASE("SweptRegion::TimeOfImpact agrees with TimeOfImpact for resting circles", "[rotating_toi]") {
    Rng rng(77);
    int hits = 0;
    for (int c = 0; c < 10000; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        const ConvexShape body = RandomShape(rng, scale * rng.InBox(-1.5f, 1.5f), scale * rng.Uniform(0.2f, 1.0f));
        RotationalSweep sweep{.pivot = scale * rng.InBox(-2.0f, 2.0f), .startAngle = rng.Angle(),
                              .sweepAngle = rng.Uniform(-3.0f * kPi, 3.0f * kPi)};
        if (rng.Chance(0.2f)) sweep.translation = scale * rng.InBox(-1.0f, 1.0f);
        const Vec2 near = TransformPoint(SweepPose(sweep, rng.Uniform(0.0f, 1.0f)), BoundOf(body).center) + scale * rng.InBox(-1.5f, 1.5f);
        const Circle ball(near, scale * rng.Uniform(0.0f, 0.3f));
        const RotatingImpact direct = TimeOfImpact(body, sweep, ball, {});
        const SweptRegion region = std::visit([&](const auto& b) { return SweptRegion(b, sweep); }, body);
        const RotatingImpact viaRegion = region.TimeOfImpact(ball, {});
        REQUIRE(viaRegion.state == direct.state);
        CHECK(viaRegion.t == Approx(direct.t).margin(1e-5));
        if (direct.hit() && direct.t > 0.0f) {
            // The World takes the point and normal from whichever of the two it calls (conservative
            // advancement stopped by its iteration cap names neither: both zero).
            CHECK(Distance(viaRegion.point, direct.point) <= 1e-4f * scale);
            CHECK(Distance(viaRegion.normal, direct.normal) <= 1e-4f);
        }
        hits += direct.hit();
    }
    CHECK(hits > 1000);
}

TEST_CASE("Rotating time of impact rejects invalid input", "[rotating_toi]") {
    const Box bar({1.0f, 0.1f});
    const Circle ball({0.0f, 1.0f}, 0.05f);
    CHECK_THROWS_AS(TimeOfImpact(bar, {.sweepAngle = std::nanf("")}, ball, {}), InvalidArgument);
    CHECK_THROWS_AS(TimeOfImpact(bar, {}, ball, {.translation = {INFINITY, 0.0f}}), InvalidArgument);
    CHECK_THROWS_AS(TimeOfImpact(bar, {}, ball, {}, {.tolerance = -1.0f}), InvalidArgument);
    CHECK_THROWS_AS(TimeOfImpact(bar, {}, ball, {}, {.maxIterations = 0}), InvalidArgument);
    CHECK_THROWS_AS(TimeOfImpact(bar, {}, ball, {}, {.horizon = std::nanf("")}), InvalidArgument);
}

TEST_CASE("Conservative advancement stops past the horizon, and a hit before it is the full query's", "[rotating_toi]") {
    // Two boxes closing on each other while both turn (advancement, not the exact path), in many poses.
    const Box a({0.3f, 0.1f});
    const Box b({0.2f, 0.2f});
    Rng rng(77);
    int hits = 0, beyond = 0;
    for (int i = 0; i < 2000; ++i) {
        const RotationalSweep sweepA{.pivot = {0.0f, 0.0f}, .startAngle = rng.Angle(), .sweepAngle = rng.Uniform(-2.0f, 2.0f),
                                     .translation = {rng.Uniform(0.5f, 2.0f), rng.Uniform(-0.3f, 0.3f)}};
        const RotationalSweep sweepB{.pivot = {rng.Uniform(0.8f, 2.0f), rng.Uniform(-0.3f, 0.3f)}, .startAngle = rng.Angle(),
                                     .sweepAngle = rng.Uniform(-2.0f, 2.0f), .translation = {rng.Uniform(-0.5f, 0.5f), 0.0f}};
        const float horizon = rng.Uniform(0.0f, 1.0f);
        const RotatingImpact full = TimeOfImpact(a, sweepA, b, sweepB);
        const RotatingImpact cut = TimeOfImpact(a, sweepA, b, sweepB, {.horizon = horizon});
        REQUIRE_FALSE(full.exact);
        if (cut.state == RotatingToiState::Beyond) {
            ++beyond;
            // Apart up to a t past the horizon: the full query's contact, if any, is no earlier.
            CHECK(cut.t > horizon);
            CHECK(cut.t <= 1.0f);
            CHECK_FALSE(cut.hit());
            if (full.hit()) CHECK(full.t >= cut.t);
        } else {
            // Stopped at its contact (or the end of the step) before passing the horizon: the same answer.
            hits += cut.hit();
            CHECK(cut.state == full.state);
            CHECK(cut.t == full.t);
            CHECK(cut.normal == full.normal);
        }
    }
    INFO(hits << " hits and " << beyond << " stopped at the horizon of 2,000");
    CHECK(hits > 200);
    CHECK(beyond > 200);
    // No horizon below 1: the whole step, as by default.
    const RotationalSweep sweep{.sweepAngle = 1.0f, .translation = {3.0f, 0.0f}};
    const RotationalSweep far{.pivot = {2.0f, 0.0f}, .sweepAngle = 0.5f};
    const RotatingImpact whole = TimeOfImpact(a, sweep, b, far, {.horizon = 2.0f});
    CHECK(whole.state == TimeOfImpact(a, sweep, b, far).state);
    CHECK(whole.t == TimeOfImpact(a, sweep, b, far).t);
}

TEST_CASE("Rotating time of impact never misses a hit of the 4,096-pose truth", "[rotating_toi]") {
    Rng rng(4242);
    constexpr int kCases = 20000;
    int truthHits = 0, missed = 0, late = 0, early = 0, farPoint = 0, badNormal = 0, unconverged = 0, exactCases = 0;
    std::string firstFailure;
    auto fail = [&](const char* what, int c) {
        if (firstFailure.empty()) firstFailure = std::string(what) + " in case " + std::to_string(c);
    };
    for (int c = 0; c < kCases; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        const ConvexShape a = RandomShape(rng, scale * rng.InBox(-1.5f, 1.5f), scale * rng.Uniform(0.2f, 1.0f));
        RotationalSweep sweepA{.pivot = scale * rng.InBox(-2.0f, 2.0f), .startAngle = rng.Angle(),
                               .sweepAngle = rng.Uniform(-3.0f * kPi, 3.0f * kPi)};
        const int motion = rng.Int(0, 3); // 0, 1: B at rest, A pure rotation; 2: A translates too; 3: B moves
        if (motion >= 2) sweepA.translation = scale * rng.InBox(-2.0f, 2.0f);
        RotationalSweep sweepB{};
        if (motion == 3) sweepB = {.pivot = {}, .startAngle = 0.0f, .sweepAngle = rng.Uniform(-2.0f, 2.0f),
                                   .translation = scale * rng.InBox(-2.0f, 2.0f)};
        const Bound bound = BoundOf(a);
        const Vec2 near = TransformPoint(SweepPose(sweepA, rng.Uniform(0.0f, 1.0f)), bound.center) + scale * rng.InBox(-1.5f, 1.5f);
        const ConvexShape b = RandomShape(rng, near, scale * rng.Uniform(0.02f, 0.5f));

        const float truth = FirstOverlapTime(a, sweepA, b, sweepB, kPoses);
        const RotatingImpact hit = TimeOfImpact(a, sweepA, b, sweepB);
        exactCases += hit.exact;
        unconverged += hit.state == RotatingToiState::Unconverged;
        if (truth >= 0.0f) {
            ++truthHits;
            if (!hit.hit()) {
                ++missed;
                fail("missed hit", c);
                continue;
            }
            // The first overlapping pose cannot come before the first contact.
            if (hit.t > truth + 1e-5f) {
                ++late;
                fail("late hit", c);
            }
        }
        if (!hit.hit() || hit.state == RotatingToiState::Unconverged) continue;
        // No overlap shortly before the reported time (the contact is the first one).
        const float before = hit.t - 2e-3f;
        if (before > 0.0f && OverlapAt(a, SweepPose(sweepA, before), b, SweepPose(sweepB, before))) {
            ++early;
            fail("overlap before the reported contact", c);
        }
        // At a first contact the point lies on both surfaces (within the conservative tolerance:
        // 1e-4 of the size for advancement, float rounding for the exact method).
        const float slack = (hit.exact ? 2e-5f : 3e-4f) * scale * 4.0f;
        if (hit.state == RotatingToiState::Hit &&
            (!PointNearShape(hit.point, slack, a, SweepPose(sweepA, hit.t)) || !PointNearShape(hit.point, slack, b, SweepPose(sweepB, hit.t)))) {
            ++farPoint;
            fail("contact point off the surfaces", c);
        }
        // The normal is a unit vector pointing from A into B: moving B a little along it separates them
        // (checked only for a clean first contact, t > 0).
        if (std::abs(Length(hit.normal) - 1.0f) > 1e-4f) {
            ++badNormal;
            fail("normal not unit", c);
        } else if (hit.state == RotatingToiState::Hit) {
            const Transform xb = SweepPose(sweepB, hit.t);
            const Transform pushed{xb.p + 0.01f * scale * hit.normal, xb.q};
            if (OverlapAt(a, SweepPose(sweepA, hit.t), b, pushed)) {
                ++badNormal;
                fail("normal points the wrong way", c);
            }
        }
    }
    INFO(firstFailure);
    INFO("truth hits " << truthHits << " of " << kCases << ", exact path " << exactCases << ", unconverged " << unconverged);
    CHECK(missed == 0);
    CHECK(late == 0);
    CHECK(early == 0);
    CHECK(farPoint == 0);
    CHECK(badNormal == 0);
    CHECK(truthHits > kCases / 5);
    CHECK(unconverged < kCases / 200);
}

TEST_CASE("Conservative advancement reports the face's normal when a corner meets a wide face", "[rotating_toi]") {
    // A small box flying and turning up into the bottom face of a 10 m wall: the motion moves straight
    // at the face, which the advancement's speed bound describes almost exactly, so the last step lands
    // at rounding-noise distance unless it aims short of contact (before the fix: normals up to 27°
    // off in 42 of ~90,000 hits of this kind).
    const Box wall({5.0f, 0.025f});
    const Box small({0.039f, 0.026f});
    Rng rng(4242);
    int faceHits = 0, tilted = 0;
    for (int i = 0; i < 20000; ++i) {
        const RotationalSweep sweep{.pivot = {rng.Uniform(-4.5f, 4.5f), rng.Uniform(-1.3f, -0.7f)}, .startAngle = rng.Angle(),
                                    .sweepAngle = rng.Uniform(-0.5f, 0.5f), .translation = {rng.Uniform(-0.2f, 0.2f), rng.Uniform(1.0f, 3.0f)}};
        const RotatingImpact hit = TimeOfImpact(small, sweep, wall, RotationalSweep{});
        if (hit.state != RotatingToiState::Hit || std::abs(hit.point.x) > 4.8f) continue;
        ++faceHits;
        tilted += hit.normal.y < 0.999f;
    }
    INFO(tilted << " of " << faceHits << " face hits with a tilted normal");
    CHECK(faceHits > 10000);
    CHECK(tilted == 0);
}
