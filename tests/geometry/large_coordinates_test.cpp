// Geometry far from the origin and at large sizes (issue 16): the inputs the fuzzers found at kilometre
// to megametre scale, each as a regression test, and random cases out to the World's kMaxCoordinate
// (1e6 m) checked against double-precision references.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>

#include "pair_consistency.h"
#include "random_cases.h"
#include "sensu/geometry/circle_toi.h"
#include "sensu/geometry/move_and_slide.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/shape_cast.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

/// The fuzzers' round-off allowance for the largest number of a case (fuzz_pairs.cpp).
float Tolerance(float magnitude) { return 2e-5f * magnitude + 1e-6f; }

/// Centre distance minus the radii at time s, in double.
double CircleGap(const MovingCircle& a, const MovingCircle& b, double s) {
    const double x = (double(b.start.x) + s * b.displacement.x) - (double(a.start.x) + s * a.displacement.x);
    const double y = (double(b.start.y) + s * b.displacement.y) - (double(a.start.y) + s * a.displacement.y);
    return std::hypot(x, y) - (double(a.radius) + double(b.radius));
}

void RequireConsistentPair(const AnyShape& a, const Transform& xfA, const AnyShape& b, const Transform& xfB, float magnitude) {
    const PairReport r = CheckPairConsistency(a, xfA, b, xfB, Tolerance(magnitude), 5e-4f);
    INFO(r.problem);
    REQUIRE(r.problem.empty());
    REQUIRE(r.manifold.pointCount >= 1);
}

} // namespace

TEST_CASE("Segment against a zero-radius capsule reaching 91 km, 189 km and 3.4e6 m: the manifold has its point (fuzz findings)",
          "[pairs][regression][large]") {
    // The corner pair's along-normal test has a slack relative to the coordinates (0.9 m at 91 km): the
    // face clipping then measured a point 22 m deep for a 1.04 m gap and the manifold was empty.
    RequireConsistentPair(Segment({-0.911773682f, 0.5f}, {-22.25f, 0.0f}), {}, Capsule({-1.1835364e-07f, -91177.3672f}, {0.0f, 0.0f}, 0.0f), {},
                          91177.3672f);
    const Transform tilted{{-0.00580413826f, -0.00580413826f}, Rot{0.999983132f, -0.00580410566f}};
    RequireConsistentPair(Segment({-189208.984f, 0.0f}, {-110.666138f, 1.0f}), tilted,
                          Capsule({-0.00580413826f, -0.00580413826f}, {-0.00580413826f, 1.64794928e-10f}, 0.0f), tilted, 189208.984f);
    RequireConsistentPair(Segment({6.18438708e-06f, 3381652.75f}, {32.8552246f, 1000000.0f}), {}, Capsule({3.84521481e-05f, 0.0f}, {0.0f, 0.0f}, 0.0f), {},
                          3381652.75f);
    // The corner contact's separation is the distance (1.04 m), not a clipped point's depth.
    const Manifold m = CollideSegmentAndCapsule(Segment({-0.911773682f, 0.5f}, {-22.25f, 0.0f}), {},
                                                Capsule({-1.1835364e-07f, -91177.3672f}, {0.0f, 0.0f}, 0.0f), {}, 10.0f);
    REQUIRE(m.pointCount == 1);
    CHECK(m.points[0].separation == Approx(std::hypot(0.911773682, 0.5)).margin(0.01));
}

TEST_CASE("A 618 km segment 0.8 m from a 478 km capsule of radius 15.75 m overlaps it (fuzz finding)", "[pairs][regression][large]") {
    // Overlap took the cores' closest points, whose a·e − b² cancels for long, nearly parallel segments.
    const Segment segment({618438.75f, 305.175781f}, {-4.74700937e-06f, -15.0f});
    const Transform xfS{{0.0f, 0.0462007634f}, Rot{1.0f, -9.62860099e-07f}};
    const Capsule capsule({478424.062f, 4.78424056e-07f}, {-4.86297608e-07f, -15.75f}, 15.75f);
    const Transform xfC{{19.75f, 0.0f}, Rot{}};
    CHECK(Overlap(capsule, xfC, segment, xfS));
    RequireConsistentPair(segment, xfS, capsule, xfC, 618438.75f);
}

TEST_CASE("A 21 m polygon and a segment 73 km apart: the manifold has its point within a margin past the distance (fuzz finding)",
          "[pairs][regression][large]") {
    // The face clipping measured along a face that is not the closest feature, deeper than the margin.
    const ConvexPolygon hexagon(std::array<Vec2, 6>{Vec2{10.4188137f, -73526.0f}, Vec2{5.16881371f, -73516.9062f}, Vec2{-5.33118629f, -73516.9062f},
                                                    Vec2{-10.5811863f, -73526.0f}, Vec2{-5.33118486f, -73535.0938f}, Vec2{5.168818f, -73535.0938f}});
    RequireConsistentPair(hexagon, Transform{{26.5f, 26.5f}, Rot{0.202135116f, 0.97935766f}}, Segment({-0.00835144054f, 8.32672085e-05f}, {26.5f, 26.5f}),
                          Transform{{26.5f, 16.0f}, Rot{1.0f, 1.87766291e-09f}}, 73535.0938f);
}

TEST_CASE("A 31 m segment at the rounded end of a 1,000 km capsule gets its contact, not the capsule's face 21.75 m away (fuzz finding)",
          "[pairs][regression][large]") {
    // In the shared frame the capsule's core runs along y = 1e6 m from x = 0, radius 1e6 m; the segment
    // runs from under the core's end, 21.75 m below the capsule, to 0.2 mm outside its rounded end. The
    // capsule's face clipped the segment to its first 7 mm, 21.75 m out, and the rule that replaces a
    // clipped depth beyond the distance had a slack of 24 m there.
    const Segment segment({0.00674499478f, -21.75f}, {-21.75f, -9.99999997e-07f});
    const Capsule capsule({-9.99999997e-07f, 1000000.0f}, {1000000.0f, 1000000.0f}, 1000000.0f);
    const Transform xf{{1000000.0f, 1000000.0f}, Rot{0.936752141f, -0.349993497f}};
    RequireConsistentPair(segment, xf, capsule, xf, 1000000.0f);
    // They touch (0.2 mm apart); float's spacing at 1e6 m is 0.06 m.
    const Manifold m = CollideSegmentAndCapsule(segment, xf, capsule, xf, 0.0f);
    REQUIRE(m.pointCount >= 1);
    CHECK(std::abs(m.points[0].separation) <= 1.0f);
}

TEST_CASE("77 km segments at 0.3 mrad get a manifold within a margin past their distance (fuzz finding)", "[pairs][regression][large]") {
    // A segment and a zero-radius capsule 77,624 m apart: the edges' closest points came out as two
    // ends 77,649 m apart (ClosestPointsSegmentSegment's a·e − b² cancelled), and that corner contact
    // lay beyond the margin.
    RequireConsistentPair(Segment({-25.0f, -77648.9219f}, {-77648.9219f, -77648.9219f}), Transform{},
                          Capsule({-7.76489273e-08f, -25.0f}, {-77648.9219f, 0.0f}, 0.0f), Transform{}, 77648.9219f);
}

TEST_CASE("A 6 mm circle cast against a 5 km segment 5 km away has a unit normal and touches (fuzz finding)", "[cast][regression][large]") {
    const Segment segment({-5333.55713f, -0.00533355679f}, {5.49316426e-11f, -0.00570678711f});
    const Transform xf = Transform::FromAngle({-5333.55713f, -5333.55713f}, -112.091064f);
    const CircleCastInput in{.center = {-0.00342845917f, -5333.55713f}, .radius = 0.00572916633f, .translation = {-5333.55713f, 3.0517578e-11f},
                             .maxFraction = 10.25f};
    const CastOutput out = CircleCast(segment, xf, in);
    REQUIRE(out.hit);
    CHECK(std::abs(Length(out.normal) - 1.0f) < 1e-4f);
    const float gap = AnyDistance(Circle(in.center + out.fraction * in.translation, in.radius), {}, segment, xf).distance;
    CHECK(gap <= Tolerance(5333.55713f * 11.25f));
}

TEST_CASE("A 5 km character moved 95 km through segments and zero-radius shapes gets unit contact normals (fuzz findings)",
          "[move][regression][large]") {
    const Circle point({0.0f, 0.0f}, 0.0f);
    const std::array<Obstacle, 4> segments{Obstacle{Segment({1.0f, -3.75f}, {-0.0013421718f, -10.0f}), Transform{{0.75f, 0.0f}, Rot{}}},
                                           Obstacle{Segment({-6.25f, 27.25f}, {1.26525883e-08f, 0.0f}), {}}, Obstacle{point, {}}, Obstacle{point, {}}};
    const std::array<Obstacle, 4> capsule{
        Obstacle{Segment({1.0f, -3.75f}, {-0.0013421718f, 9.25f}), Transform::FromAngle({2.98156735e-08f, 0.00690521207f}, 1000000.0f)},
        Obstacle{Capsule({27.25f, 1.26525883e-08f}, {0.0f, 0.0f}, 0.0f), {}}, Obstacle{point, {}}, Obstacle{point, {}}};
    for (const auto* obstacles : {&segments, &capsule}) {
        const MoveAndSlideResult r = MoveAndSlide({.radius = 5162.04834f}, {5.11843564e-06f, 6.25f}, {12.25f, -95352.1719f}, *obstacles);
        REQUIRE(IsFinite(r.position));
        for (int i = 0; i < r.contactCount; ++i) CHECK(std::abs(Length(r.contacts[i].normal) - 1.0f) < 1e-3f);
    }
}

TEST_CASE("Moving circles 1e6 m out that miss by 0.19 m are not a hit 91 m apart (fuzz finding)", "[toi][regression][large]") {
    // The path passes 0.19 m outside the sum of the radii (1e6 m): within the graze slack (5e-7 of the
    // radius), so it may count as a graze, but then at the closest approach, not far past it.
    const MovingCircle a{{1000000.0f, 1000000.0f}, {-6.25f, 1000000.0f}, 1000000.0f};
    const MovingCircle b{{-0.187835693f, 1000000.0f}, {22.75f, 0.0f}, 0.0f};
    const CircleImpact r = TimeOfImpactCircles(a, b);
    if (r.hit) {
        CHECK(std::abs(CircleGap(a, b, r.t)) < 1.0);
        CHECK(std::abs(Length(r.normal) - 1.0f) < 1e-4f);
    }
}

TEST_CASE("Two 5 km thin boxes crossing at 2 mrad overlap at t = 0, not a hit deep in overlap (fuzz finding)", "[toi][regression][large]") {
    const Box box({2609.86328f, 0.692962646f}, {-2.03948966e-05f, -0.0019262695f}, -5.94573975f);
    const RotationalSweep turning{.pivot = {9.99999997e-07f, -2.03948971e-07f}, .startAngle = -0.0020394898f, .sweepAngle = -0.00203887932f,
                                  .translation = {1.48010247e-06f, -0.0020394898f}};
    const RotatingImpact r = TimeOfImpact(box, turning, box, RotationalSweep{});
    CHECK(r.state == RotatingToiState::Overlapping);
    CHECK(r.t == 0.0f);
}

TEST_CASE("Pairs of segments, capsules and polygons out to 1e6 m agree with each other", "[pairs][brute][large]") {
    // Shapes of 1 mm to 100 km placed up to 1e6 m from the origin (sizes within float's resolution there:
    // at least 1e-6 of the largest coordinate), with pairs near each other so that the manifold matters.
    Rng rng(1616);
    int withPoints = 0;
    for (int i = 0; i < 4000; ++i) {
        const float reach = std::pow(10.0f, rng.Uniform(0.0f, 6.0f));
        const float size = reach * std::pow(10.0f, rng.Uniform(-4.0f, 0.0f));
        auto shape = [&](int kind) -> AnyShape {
            const Vec2 a = size * rng.InBox(-1.0f, 1.0f);
            const Vec2 b = rng.Chance(0.3f) ? a + Vec2{0.0f, size * rng.Uniform(0.1f, 1.0f)} : size * rng.InBox(-1.0f, 1.0f);
            switch (kind) {
            case 0: return Segment(a, b == a ? a + Vec2{size, 0.0f} : b);
            case 1: return Capsule(a, b, rng.Chance(0.5f) ? 0.0f : size * rng.Uniform(0.01f, 0.2f));
            default: return Box({size * rng.Uniform(0.1f, 1.0f), size * rng.Uniform(0.1f, 1.0f)}, a, rng.Angle());
            }
        };
        const AnyShape sa = shape(rng.Int(0, 2)), sb = shape(rng.Int(0, 2));
        const Vec2 at = reach * rng.InBox(-1.0f, 1.0f);
        const Transform xfA = Transform::FromAngle(at, rng.Chance(0.5f) ? 0.0f : rng.Angle());
        const Transform xfB = Transform::FromAngle(at + size * rng.InBox(-2.0f, 2.0f), rng.Chance(0.5f) ? 0.0f : rng.Angle());
        const float magnitude = std::max(std::abs(at.x), std::abs(at.y)) + 4.0f * size;
        const PairReport r = CheckPairConsistency(sa, xfA, sb, xfB, Tolerance(magnitude), 5e-4f);
        INFO("case " << i << ": " << r.problem);
        REQUIRE(r.problem.empty());
        withPoints += r.manifold.pointCount > 0 ? 1 : 0;
    }
    CHECK(withPoints > 1000);
}

TEST_CASE("Circle casts and moving circles out to 1e6 m: unit normals, touching at the reported time", "[cast][toi][brute][large]") {
    Rng rng(1617);
    int castHits = 0, toiHits = 0;
    for (int i = 0; i < 4000; ++i) {
        const float reach = std::pow(10.0f, rng.Uniform(0.0f, 6.0f));
        const float size = reach * std::pow(10.0f, rng.Uniform(-4.0f, 0.0f));
        const Vec2 at = reach * rng.InBox(-1.0f, 1.0f);
        const Segment segment(at + size * rng.InBox(-1.0f, 1.0f), at + size * rng.InBox(-1.0f, 1.0f) + Vec2{size, 0.0f});
        const Vec2 start = at + 3.0f * size * rng.InBox(-1.0f, 1.0f);
        const float radius = size * rng.Uniform(0.001f, 0.5f);
        // Half aimed at the segment's middle, so that many casts hit.
        const Vec2 translation = rng.Chance(0.5f) ? rng.Uniform(0.5f, 2.0f) * (0.5f * (segment.a() + segment.b()) - start)
                                                  : 4.0f * size * rng.InBox(-1.0f, 1.0f);
        const float magnitude = std::max(std::abs(at.x), std::abs(at.y)) + 8.0f * size;
        const CastOutput cast = CircleCast(segment, {}, {.center = start, .radius = radius, .translation = translation, .maxFraction = 1.0f});
        if (cast.hit && !cast.startsInside) {
            ++castHits;
            INFO("cast case " << i);
            REQUIRE(std::abs(Length(cast.normal) - 1.0f) < 1e-4f);
            REQUIRE(AnyDistance(Circle(start + cast.fraction * translation, radius), {}, segment, {}).distance <= Tolerance(magnitude));
        }
        const MovingCircle a{start, translation, radius};
        const MovingCircle b{at, size * rng.InBox(-1.0f, 1.0f), size * rng.Uniform(0.0f, 0.5f)};
        const CircleImpact toi = TimeOfImpactCircles(a, b);
        if (toi.hit && !toi.initiallyOverlapping) {
            ++toiHits;
            INFO("toi case " << i);
            REQUIRE(std::abs(Length(toi.normal) - 1.0f) < 1e-4f);
            REQUIRE(std::abs(CircleGap(a, b, toi.t)) <= Tolerance(magnitude));
        }
    }
    CHECK(castHits > 500);
    CHECK(toiHits > 500);
}
