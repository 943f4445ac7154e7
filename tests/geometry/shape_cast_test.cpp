#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "cast_reference.h"
#include "sensu/geometry/shape_cast.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Random circle and capsule casts against random shapes from `make`, each compared with fine stepping
// of the caster's distance to the shape. Kinds: general, aimed, starting inside, zero motion, grazing.
template <class Make>
void RandomCasts(uint64_t seed, Make make, bool capsule, int cases) {
    Rng rng(seed);
    int hits = 0, misses = 0, inside = 0;
    for (int i = 0; i < cases; ++i) {
        const float scale = rng.Chance(0.3f) ? std::pow(10.0f, rng.Uniform(-3, 3)) : 1.0f;
        const Transform xf = Transform::FromAngle(scale * rng.InBox(-2, 2), rng.Angle());
        const auto local = make(rng, scale);
        const WorldShape world = World(local.shape, xf);
        const float radius = capsule || !rng.Chance(0.1f) ? scale * rng.Uniform(0.05f, 1.0f) : 0.0f;
        Vec2 start = xf.p + scale * rng.InBox(-4, 4);
        Vec2 translation = scale * rng.InBox(-8, 8);
        float maxFraction = rng.Uniform(0.0f, 1.5f);
        switch (i % 5) {
        case 0: break;
        case 1: {
            const Vec2 target = TransformPoint(xf, local.interior) + 0.5f * float(world.size) * rng.InBox(-1, 1);
            translation = rng.Uniform(1.0f, 2.0f) * (target - start);
            maxFraction = 1.0f;
            break;
        }
        case 2: start = TransformPoint(xf, local.interior); break;
        case 3:
            if (rng.Chance(0.5f)) translation = {};
            else maxFraction = 0.0f;
            break;
        case 4:
            // Slide along the surface at exactly the caster's radius.
            start = TransformPoint(xf, local.grazeOrigin + radius * local.grazeNormal);
            translation = Rotate(xf.q, local.grazeTranslation);
            maxFraction = 1.0f;
            break;
        }
        // The capsule's second end is offset from the first; for the grazing kind along the surface.
        const Vec2 offset = capsule ? (i % 5 == 4 ? rng.Uniform(-1.0f, 1.0f) * translation : scale * rng.InBox(-1, 1)) : Vec2{};
        CastOutput out;
        if (capsule) out = CapsuleCast(local.shape, xf, {start, start + offset, radius, translation, maxFraction});
        else out = CircleCast(local.shape, xf, {start, radius, translation, maxFraction});

        const DVec p0 = D(start), q0 = D(start + offset), d = D(translation);
        auto sd = [&](double s) { return world.SegmentDistance(p0 + s * d, q0 + s * d) - radius; };
        const double caseScale = std::max({world.size, double(Distance(start, xf.p)), double(Length(translation) * maxFraction),
                                           double(Length(offset)), double(radius), double(scale)});
        const double tol = 2e-5 * caseScale;
        INFO(world.Describe());
        INFO("case " << i << " kind " << i % 5 << " start " << start.x << "," << start.y << " offset " << offset.x << ","
                     << offset.y << " radius " << radius << " translation " << translation.x << "," << translation.y
                     << " max " << maxFraction << " -> hit " << out.hit << " inside " << out.startsInside << " fraction "
                     << out.fraction);
        // 128 steps: any overlap lasting longer than one step of the motion is caught.
        const std::string err = CheckCastAgainstStepping(out, maxFraction, sd, tol, world.Solid() || radius > 0.0f, 128);
        if (!err.empty()) FAIL(err);
        if (!out.hit) {
            ++misses;
            continue;
        }
        if (out.startsInside) {
            ++inside;
            continue;
        }
        ++hits;
        // The point is on the shape's surface and at the caster's radius from its core at impact.
        const DVec pt = p0 + double(out.fraction) * d, qt = q0 + double(out.fraction) * d;
        const double surface = world.Solid() ? std::abs(world.SignedDistance(D(out.point))) : world.SignedDistance(D(out.point));
        if (surface > tol) FAIL("the contact point is off the shape's surface by " << surface);
        if (std::abs(DistPointSegment(D(out.point), pt, qt) - radius) > tol) FAIL("the contact point is not on the caster");
        // The normal points from the shape to the caster: moving the caster along it separates them.
        REQUIRE(std::abs(Length(out.normal) - 1.0f) <= 1e-4f);
        const double h = 1e-3 * world.size;
        const DVec n = D(out.normal);
        const double moved = world.SegmentDistance(pt + h * n, qt + h * n) - radius;
        if (moved < 0.5 * h - tol) FAIL("the normal does not separate the caster (distance " << moved << ", h " << h << ")");
    }
    CHECK(hits > cases / 10);
    CHECK(misses > cases / 10);
    CHECK(inside > cases / 20);
}

} // namespace

TEST_CASE("CircleCast(Circle) matches fine stepping", "[shapecast][brute]") { RandomCasts(301, MakeCircle, false, 10000); }
TEST_CASE("CircleCast(Capsule) matches fine stepping", "[shapecast][brute]") { RandomCasts(302, MakeCapsule, false, 10000); }
TEST_CASE("CircleCast(Box) matches fine stepping", "[shapecast][brute]") { RandomCasts(303, MakeBox, false, 10000); }
TEST_CASE("CircleCast(ConvexPolygon) matches fine stepping", "[shapecast][brute]") { RandomCasts(304, MakePolygon, false, 10000); }
TEST_CASE("CircleCast(Segment) matches fine stepping", "[shapecast][brute]") { RandomCasts(305, MakeSegment, false, 10000); }
TEST_CASE("CapsuleCast(Circle) matches fine stepping", "[shapecast][brute]") { RandomCasts(311, MakeCircle, true, 10000); }
TEST_CASE("CapsuleCast(Capsule) matches fine stepping", "[shapecast][brute]") { RandomCasts(312, MakeCapsule, true, 10000); }
TEST_CASE("CapsuleCast(Box) matches fine stepping", "[shapecast][brute]") { RandomCasts(313, MakeBox, true, 10000); }
TEST_CASE("CapsuleCast(ConvexPolygon) matches fine stepping", "[shapecast][brute]") { RandomCasts(314, MakePolygon, true, 10000); }
TEST_CASE("CapsuleCast(Segment) matches fine stepping", "[shapecast][brute]") { RandomCasts(315, MakeSegment, true, 10000); }

TEST_CASE("CircleCast agrees with TimeOfImpactCircles for a static target", "[shapecast]") {
    // seed 001 generalised: a circle against a resting circle is the two-circle time of impact.
    const CastOutput cast = CircleCast(Circle({5, 0}, 1), {}, {{0, 0}, 1, {10, 0}, 1});
    REQUIRE(cast.hit);
    CHECK(cast.fraction == Approx(0.3f));
    CHECK(cast.point.x == Approx(4.0f));
    CHECK(cast.normal.x == Approx(-1.0f));
}

TEST_CASE("Shape cast degenerate cases", "[shapecast][degenerate]") {
    const Box floor({5, 0.5f}, {0, -0.5f});
    SECTION("circle dropped on a box stops one radius above it") {
        const CastOutput out = CircleCast(floor, {}, {{1, 2}, 0.5f, {0, -4}, 1});
        REQUIRE(out.hit);
        CHECK(out.fraction == Approx(1.5f / 4.0f));
        CHECK(out.normal.y == Approx(1.0f));
        CHECK(out.point.y == Approx(0.0f).margin(1e-6));
    }
    SECTION("circle sliding along the floor at exactly its radius touches from the start") {
        const CastOutput out = CircleCast(floor, {}, {{1, 0.5f}, 0.5f, {2, 0}, 1});
        CHECK(out.startsInside);
    }
    SECTION("circle moving away from a touching floor still reports the touch at 0") {
        CHECK(CircleCast(floor, {}, {{1, 0.5f}, 0.5f, {0, 2}, 1}).startsInside);
    }
    SECTION("circle just above a floor and moving parallel misses") {
        CHECK_FALSE(CircleCast(floor, {}, {{1, 0.501f}, 0.5f, {2, 0}, 1}).hit);
    }
    SECTION("circle hitting a box corner gets the radial normal") {
        const CastOutput out = CircleCast(Box({1, 1}), {}, {{3, 3}, std::sqrt(2.0f), {-2, -2}, 1});
        REQUIRE(out.hit);
        CHECK(out.fraction == Approx(0.5f));
        CHECK(out.normal.x == Approx(std::sqrt(0.5f)));
        CHECK(out.point.x == Approx(1.0f));
    }
    SECTION("capsule lying flat drops onto a box face with a point contact on the face") {
        const CastOutput out = CapsuleCast(floor, {}, {{-1, 2}, {1, 2}, 0.25f, {0, -4}, 1});
        REQUIRE(out.hit);
        CHECK(out.fraction == Approx(1.75f / 4.0f));
        CHECK(out.normal.y == Approx(1.0f));
    }
    SECTION("capsule dropped across a thin post hits it with its middle") {
        // Neither capsule end is above the post: only the backward cast of the post's vertices sees it.
        const CastOutput out = CapsuleCast(Box({0.1f, 1}), {}, {{-2, 3}, {2, 3}, 0.5f, {0, -4}, 1});
        REQUIRE(out.hit);
        CHECK(out.fraction == Approx(1.5f / 4.0f));
        CHECK(out.normal.y == Approx(1.0f));
        CHECK(out.point.y == Approx(1.0f));
    }
    SECTION("capsule crossing a box without any end or vertex near: starts inside") {
        CHECK(CapsuleCast(Box({0.1f, 0.1f}), {}, {{-5, 0}, {5, 0}, 0.01f, {0, 1}, 1}).startsInside);
    }
    SECTION("zero-length capsule behaves as a circle") {
        const CastOutput a = CapsuleCast(floor, {}, {{1, 2}, {1, 2}, 0.5f, {0, -4}, 1});
        CHECK(a.fraction == Approx(1.5f / 4.0f));
    }
    SECTION("huge and tiny scales") {
        for (float s : {1e-3f, 1e3f}) {
            const CastOutput out = CircleCast(Box({5 * s, 0.5f * s}, {0, -0.5f * s}), {}, {{s, 2 * s}, 0.5f * s, {0, -4 * s}, 1});
            REQUIRE(out.hit);
            CHECK(out.fraction == Approx(1.5f / 4.0f).epsilon(1e-4));
        }
    }
}

TEST_CASE("Shape casts reject invalid input", "[shapecast][errors]") {
    const Circle c({0, 0}, 1);
    CHECK_THROWS_WITH(CircleCast(c, {}, {{0, 5}, -1.0f, {0, -10}, 1}), Catch::Contains("radius"));
    CHECK_THROWS_WITH(CircleCast(c, {}, {{kNaN, 5}, 1.0f, {0, -10}, 1}), Catch::Contains("center"));
    CHECK_THROWS_WITH(CapsuleCast(c, {}, {{0, 5}, {1, 5}, 1.0f, {0, kNaN}, 1}), Catch::Contains("translation"));
    CHECK_THROWS_WITH(CapsuleCast(Box({1, 1}), {}, {{0, 5}, {1, 5}, 1.0f, {0, -1}, -2}), Catch::Contains("maxFraction"));
}
