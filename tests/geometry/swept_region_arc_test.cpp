// Arc primitives (the exact swept region's building block) against dense sampling of the arc.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "random_cases.h"
#include "sensu/geometry/arc.h"
#include "sensu/geometry/primitives.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kSamples = 2000;

Vec2 ArcPoint(const Arc& arc, int i) {
    const float phi = arc.sweep() * static_cast<float>(i) / kSamples;
    return arc.center() + Rotate(Rot::FromAngle(Max(-kTwoPi, Min(kTwoPi, phi))), arc.relativeStart());
}

} // namespace

TEST_CASE("Arc distances and bounds match dense sampling", "[swept_region][arc]") {
    Rng rng(99);
    int checked = 0;
    for (int c = 0; c < 10000; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        const Vec2 center = scale * rng.InBox(-1.0f, 1.0f);
        const Vec2 start = center + scale * rng.InBox(-1.0f, 1.0f);
        const int mode = rng.Int(0, 5);
        const float sweep = mode == 0 ? 0.0f : mode == 1 ? rng.Uniform(-3.0f * kPi, 3.0f * kPi) : rng.Uniform(-kTwoPi, kTwoPi);
        const Arc arc(center, start, sweep);
        const Vec2 p = scale * rng.InBox(-2.0f, 2.0f);
        const Vec2 a = scale * rng.InBox(-2.0f, 2.0f);
        const Vec2 b = rng.Chance(0.1f) ? a : scale * rng.InBox(-2.0f, 2.0f);

        // Sampled minima are upper bounds; the true minimum is at most half a sample spacing lower.
        float pointBrute = std::numeric_limits<float>::infinity(), segmentBrute = pointBrute;
        AABB box{arc.start(), arc.start()};
        for (int i = 0; i <= kSamples; ++i) {
            const Vec2 q = ArcPoint(arc, i);
            pointBrute = Min(pointBrute, Distance(p, q));
            segmentBrute = Min(segmentBrute, std::sqrt(DistanceSquaredPointSegment(q, a, b)));
            box = {Min(box.lower, q), Max(box.upper, q)};
        }
        // Samples are sweep/kSamples apart in angle (clamped at one full turn beyond 2π).
        const float spacing = arc.radius() * std::abs(sweep) / kSamples;
        const float tol = 0.5f * spacing + 2e-5f * scale;
        const float pointExact = std::sqrt(DistanceSquared(arc, p));
        const float segmentExact = std::sqrt(DistanceSquaredArcSegment(arc, a, b));
        CHECK(pointExact <= pointBrute + tol);
        CHECK(pointExact >= pointBrute - tol);
        CHECK(segmentExact <= segmentBrute + tol);
        CHECK(segmentExact >= segmentBrute - tol);
        const AABB bounds = Bounds(arc);
        CHECK(bounds.lower.x <= box.lower.x + tol);
        CHECK(bounds.lower.y <= box.lower.y + tol);
        CHECK(bounds.upper.x >= box.upper.x - tol);
        CHECK(bounds.upper.y >= box.upper.y - tol);
        CHECK(bounds.lower.x >= box.lower.x - tol - spacing);
        CHECK(bounds.upper.y <= box.upper.y + tol + spacing);
        ++checked;
    }
    CHECK(checked == 10000);
}

TEST_CASE("Arc windows: full turns, zero sweeps, zero radius", "[swept_region][arc]") {
    const Arc full({0.0f, 0.0f}, {1.0f, 0.0f}, -kTwoPi);
    CHECK(full.InWindow({-1.0f, 0.0f}));
    CHECK(full.InWindow({0.0f, -1.0f}));
    const Arc none({0.0f, 0.0f}, {1.0f, 0.0f}, 0.0f);
    CHECK(none.InWindow({2.0f, 0.0f}));
    CHECK_FALSE(none.InWindow({1.0f, 0.01f}));
    CHECK(DistanceSquared(none, {1.0f, 1.0f}) == Approx(1.0f));
    const Arc quarter({0.0f, 0.0f}, {1.0f, 0.0f}, 0.5f * kPi);
    CHECK(quarter.InWindow({1.0f, 1.0f}));
    CHECK_FALSE(quarter.InWindow({1.0f, -0.1f}));
    CHECK(DistanceSquaredArcSegment(quarter, {0.0f, 0.0f}, {2.0f, 2.0f}) == 0.0f);
    const Arc point({3.0f, 4.0f}, {3.0f, 4.0f}, 1.0f);
    CHECK(point.radius() == 0.0f);
    CHECK(DistanceSquared(point, {0.0f, 0.0f}) == Approx(25.0f));
    CHECK_THROWS_AS(Arc({0.0f, 0.0f}, {1.0f, 0.0f}, std::nanf("")), InvalidArgument);
}
