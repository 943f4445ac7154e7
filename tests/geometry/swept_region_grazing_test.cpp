// A point whose backward arc passes exactly through a corner of the swept box: the arc enters the box
// at that corner and crosses its interior along a chord, yet every edge line's entry lies a hair off
// its edge, so only the vertex circle (radius: the float allowance, ~1e-5 of the size) catches it.
// The circle–circle intersection there once cancelled catastrophically (ρ²|v|² − k² with ρ = |v|)
// and the exact region missed points up to 1.2 m deep inside the box (seed 000 accuracy bench, 5 of
// 100,000 cases). Truth: fine stepping of the box over the sweep.
#include <catch2/catch.hpp>

#include <cmath>

#include "random_cases.h"
#include "sensu/geometry/primitives.h"
#include "sensu/geometry/swept_region.h"

using namespace sensu;
using sensu::testing::Rng;

namespace {

// Deepest penetration of the point into the box over `poses` evenly spaced poses of the sweep (m; < 0
// when it is never inside).
float DeepestInside(const Box& body, const RotationalSweep& sweep, Vec2 point, int poses) {
    float deepest = -1e30f;
    for (int k = 0; k < poses; ++k) {
        const Vec2 q = InvTransformPoint(SweepPose(sweep, static_cast<float>(k) / (poses - 1)), point) - body.center();
        deepest = Max(deepest, Min(body.halfExtents().x - std::abs(q.x), body.halfExtents().y - std::abs(q.y)));
    }
    return deepest;
}

} // namespace

TEST_CASE("Swept region: the two corner-grazing cases of the accuracy bench", "[swept_region][grazing]") {
    struct Case {
        float alpha, d, wx, wy, phi0;
        Vec2 point;
    };
    // Exact values of the two bench cases (seed 000 chapter 3 set-up: pivot at the origin).
    const Case cases[] = {{0x1.07de54p+1f, 0x1.23879ap+4f, 0x1.6305e6p+2f, 0x1.75b168p+4f, 0x1.cf77bcp+0f, {-4.5f, -5.5f}},
                          {0x1.3a8768p+1f, 0x1.8817d8p+4f, 0x1.85f05p+3f, 0x1.412622p+4f, -0x1.b6bc04p+0f, {12.5f, 9.5f}}};
    for (const Case& c : cases) {
        const Box body({0.5f * c.wx, 0.5f * c.wy}, {0.0f, c.d});
        const RotationalSweep sweep{.pivot = {}, .startAngle = c.phi0 - 0.5f * kPi, .sweepAngle = c.alpha};
        REQUIRE(DeepestInside(body, sweep, c.point, 4096) > 0.4f);
        CHECK(SweptRegion(body, sweep).Overlaps(c.point));
    }
}

TEST_CASE("Swept region: arcs through a corner never slip past it (randomized vs fine stepping)", "[swept_region][grazing]") {
    Rng rng(0x6A2A1E);
    int checked = 0;
    for (int i = 0; i < 10000; ++i) {
        const float scale = std::pow(10.0f, rng.Uniform(-2.0f, 2.0f));
        const Vec2 half{scale * rng.Uniform(0.05f, 2.0f), scale * rng.Uniform(0.05f, 2.0f)};
        const Vec2 center = scale * rng.InBox(-3.0f, 3.0f);
        const Box body(half, center);
        const RotationalSweep sweep{.pivot = scale * rng.InBox(-1.0f, 1.0f), .startAngle = rng.Angle(),
                                    .sweepAngle = rng.Uniform(-7.0f, 7.0f)};
        // A point on the circle through a random corner, about the pivot: its backward arc passes
        // through that corner (up to float rounding of the point itself).
        const int corner = rng.Int(0, 3);
        const Vec2 local = center + Vec2{(corner & 1) ? half.x : -half.x, (corner & 2) ? half.y : -half.y};
        const float rho = Length(local);
        const float phi = rng.Angle();
        const Vec2 point = sweep.pivot + rho * Vec2{std::cos(phi), std::sin(phi)};
        // Only cases the box clearly enters count (deeper than rounding), so the truth is unambiguous.
        if (DeepestInside(body, sweep, point, 2048) <= 1e-3f * scale) continue;
        ++checked;
        INFO("case " << i);
        CHECK(SweptRegion(body, sweep).Overlaps(point));
        CHECK(SweptRegion(body, sweep).Overlaps(Circle(point, 0.0f), Transform{}));
    }
    CHECK(checked > 1000);
}
