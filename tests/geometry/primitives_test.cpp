#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "random_cases.h"
#include "sensu/geometry/primitives.h"

using namespace sensu;

namespace {

// Brute force: sample both segments densely and keep the smallest squared distance.
float SampledSegmentDistanceSquared(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2, int n) {
    float best = 1e30f;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j)
            best = Min(best, DistanceSquared(Lerp(a1, a2, float(i) / n), Lerp(b1, b2, float(j) / n)));
    return best;
}

Vec2 RandomPointMaybeDegenerate(testing::Rng& rng, Vec2 other) {
    // One case in eight reuses the other end (zero length); one in eight snaps to a coarse grid so
    // parallel and collinear segments occur often.
    if (rng.Chance(0.125f)) return other;
    if (rng.Chance(0.125f)) return {float(rng.Int(-2, 2)), float(rng.Int(-2, 2))};
    return rng.InBox(-2, 2);
}

// Distance from p to segment a–b in double.
double PointSegmentDistance(Vec2 p, Vec2 a, Vec2 b) {
    const double dx = double(b.x) - a.x, dy = double(b.y) - a.y, px = double(p.x) - a.x, py = double(p.y) - a.y;
    const double length2 = dx * dx + dy * dy;
    const double t = length2 > 0.0 ? std::clamp((px * dx + py * dy) / length2, 0.0, 1.0) : 0.0;
    return std::hypot(px - t * dx, py - t * dy);
}

// Orientation of c about the line a → b in double (exact for float inputs up to rounding of one product).
double Orientation(Vec2 a, Vec2 b, Vec2 c) { return (double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x); }

} // namespace

TEST_CASE("Closest points of long, nearly parallel segments match a double reference (found by fuzzing, issue 16)",
          "[primitives][bruteforce][regression]") {
    // The fuzz input: 77 km segments at 0.3 mrad. a·e − b² cancelled and the closest points were two ends
    // 77,649 m apart; the true distance is 77,624 m (segment A's right end to B's end).
    const Vec2 a1{-77648.9219f, 0.0f}, a2{-7.76489273e-08f, -25.0f}, b1{-25.0f, -77648.9219f}, b2{-77648.9219f, -77648.9219f};
    const SegmentClosestPoints found = ClosestPointsSegmentSegment(a1, a2, b1, b2);
    CHECK(std::sqrt(found.distanceSquared) == Approx(77623.9259).margin(0.1));
    // Segments that do not cross have an end among their closest points: the least of the four
    // end-to-segment distances, in double, is the truth. Lengths 1 m – 100 km, angles 1e-5 – 0.03 rad.
    testing::Rng rng(0x9a7a11e1);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const float length = std::pow(10.0f, rng.Uniform(0.0f, 5.0f));
        const float angle = rng.Uniform(0.0f, kTwoPi), tilt = (rng.Chance(0.5f) ? 1.0f : -1.0f) * std::pow(10.0f, rng.Uniform(-5.0f, -1.5f));
        const Vec2 u{std::cos(angle), std::sin(angle)}, v{std::cos(angle + tilt), std::sin(angle + tilt)};
        const Vec2 p1 = rng.InBox(-length, length), p2 = p1 + length * u;
        const Vec2 q1 = p1 + rng.Uniform(-1.0f, 1.0f) * length * u + rng.Uniform(-1.0f, 1.0f) * length * LeftPerp(u);
        const Vec2 q2 = q1 + rng.Uniform(0.1f, 2.0f) * length * v;
        // Crossing (or touching) pairs have distance 0: not this reference's case.
        const double o1 = Orientation(p1, p2, q1), o2 = Orientation(p1, p2, q2), o3 = Orientation(q1, q2, p1), o4 = Orientation(q1, q2, p2);
        if (o1 * o2 <= 0.0 && o3 * o4 <= 0.0) continue;
        const double truth = std::min({PointSegmentDistance(p1, q1, q2), PointSegmentDistance(p2, q1, q2), PointSegmentDistance(q1, p1, p2),
                                       PointSegmentDistance(q2, p1, p2)});
        const float scale = std::max({std::abs(p1.x), std::abs(p1.y), std::abs(p2.x), std::abs(p2.y), std::abs(q1.x), std::abs(q1.y),
                                      std::abs(q2.x), std::abs(q2.y)});
        for (const bool swapped : {false, true}) {
            const SegmentClosestPoints c = swapped ? ClosestPointsSegmentSegment(q1, q2, p1, p2) : ClosestPointsSegmentSegment(p1, p2, q1, q2);
            INFO("case " << i << " swapped " << swapped << " length " << length << " tilt " << tilt);
            // The fuzzers' allowance, 2e-5 of the largest coordinate: below sin² = 1e-10 the segments are
            // taken as parallel, which may miss by up to length × angle.
            REQUIRE(std::abs(std::sqrt(double(c.distanceSquared)) - truth) <= 2e-5 * scale);
        }
        ++checked;
    }
    CHECK(checked > 10000);
}

TEST_CASE("Closest points between segments match dense sampling", "[primitives][bruteforce]") {
    testing::Rng rng(7);
    for (int i = 0; i < 10000; ++i) {
        const Vec2 a1 = RandomPointMaybeDegenerate(rng, {0, 0});
        const Vec2 a2 = RandomPointMaybeDegenerate(rng, a1);
        const Vec2 b1 = RandomPointMaybeDegenerate(rng, a2);
        const Vec2 b2 = RandomPointMaybeDegenerate(rng, b1);
        const SegmentClosestPoints c = ClosestPointsSegmentSegment(a1, a2, b1, b2);
        const float sampled = SampledSegmentDistanceSquared(a1, a2, b1, b2, 48);
        // The exact answer can never exceed a sampled one, and sampling (spacing ≤ 4√2/48) is close.
        REQUIRE(c.distanceSquared <= sampled + 1e-4f);
        REQUIRE(std::sqrt(sampled) - std::sqrt(c.distanceSquared) <= 0.12f);
        REQUIRE(Distance(c.pointA, Lerp(a1, a2, c.s)) < 1e-4f);
        REQUIRE(Distance(c.pointB, Lerp(b1, b2, c.t)) < 1e-4f);
    }
}

TEST_CASE("Segment intersection agrees with the closest-point distance", "[primitives][bruteforce]") {
    testing::Rng rng(8);
    int hits = 0;
    for (int i = 0; i < 20000; ++i) {
        const Vec2 a1 = RandomPointMaybeDegenerate(rng, {0, 0});
        Vec2 a2 = RandomPointMaybeDegenerate(rng, a1);
        if (a2 == a1) a2 = a1 + Vec2{1, 0};
        const Vec2 b1 = RandomPointMaybeDegenerate(rng, a2);
        Vec2 b2 = RandomPointMaybeDegenerate(rng, b1);
        if (b2 == b1) b2 = b1 + Vec2{0, 1};
        const SegmentIntersection x = IntersectSegments(a1, a2, b1, b2);
        const float d2 = SampledSegmentDistanceSquared(a1, a2, b1, b2, 64);
        if (x.hit) {
            ++hits;
            REQUIRE(DistanceSquaredPointSegment(x.point, a1, a2) < 1e-8f);
            REQUIRE(DistanceSquaredPointSegment(x.point, b1, b2) < 1e-8f);
        } else {
            INFO(a1.x << "," << a1.y << " " << a2.x << "," << a2.y << " | " << b1.x << "," << b1.y << " " << b2.x << "," << b2.y);
            REQUIRE(d2 > 0.0f);
        }
    }
    CHECK(hits > 1000);
}

TEST_CASE("Seed 000 eq. 2.34 typo: s and t share one denominator", "[primitives][trap]") {
    // With the printed denominator of s, this crossing is reported at the wrong place.
    const SegmentIntersection x = IntersectSegments({0, 0}, {4, 2}, {1, 3}, {3, -1});
    REQUIRE(x.hit);
    CHECK(x.point.x == Approx(2.0f));
    CHECK(x.point.y == Approx(1.0f));
    CHECK(x.s == Approx(0.5f));
    CHECK(x.t == Approx(0.5f));
}

TEST_CASE("Parallel and collinear segments", "[primitives][degenerate]") {
    CHECK_FALSE(IntersectSegments({0, 0}, {2, 0}, {0, 1}, {2, 1}).hit);
    CHECK_FALSE(IntersectSegments({0, 0}, {1, 0}, {2, 0}, {3, 0}).hit);
    const SegmentIntersection overlap = IntersectSegments({0, 0}, {2, 0}, {3, 0}, {1, 0});
    REQUIRE(overlap.hit);
    CHECK(overlap.point.x == Approx(1.0f));
    const SegmentIntersection touching = IntersectSegments({0, 0}, {1, 0}, {1, 0}, {2, 0});
    REQUIRE(touching.hit);
    CHECK(touching.point.x == Approx(1.0f));
    CHECK(ClosestPointsSegmentSegment({0, 0}, {2, 0}, {0, 1}, {2, 1}).distanceSquared == Approx(1.0f));
}

TEST_CASE("Segment–circle and point-in-box primitives", "[primitives]") {
    CHECK(SegmentIntersectsCircle({-1, 1}, {1, 1}, {0, 0}, 1.0f));  // touching
    CHECK_FALSE(SegmentIntersectsCircle({-1, 1.01f}, {1, 1.01f}, {0, 0}, 1.0f));
    CHECK(SegmentIntersectsCircle({0, 0}, {0, 0}, {0, 0}, 0.0f));   // zero length, zero radius
    CHECK(PointInBox({1, 0.5f}, {0, 0}, Rot{}, {1, 0.5f}));
    // Turned by 90°, the box reaches 0.5 along x and 1 along y.
    CHECK(PointInBox({0, 0.9f}, {0, 0}, Rot::FromAngle(kPi / 2), {1, 0.5f}));
    CHECK_FALSE(PointInBox({0.6f, 0}, {0, 0}, Rot::FromAngle(kPi / 2), {1, 0.5f}));
}
