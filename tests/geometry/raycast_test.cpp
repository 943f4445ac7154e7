#include <catch2/catch.hpp>

#include <limits>
#include <string>
#include <utility>

#include "cast_reference.h"
#include "sensu/geometry/raycast.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Runs `cases` random rays (five kinds: general, aimed, from inside, zero length, along the surface)
// against random shapes from `make` and compares every cast with fine stepping.
template <class Make>
void RandomRays(uint64_t seed, Make make, int cases) {
    Rng rng(seed);
    int hits = 0, misses = 0, inside = 0;
    for (int i = 0; i < cases; ++i) {
        const float scale = rng.Chance(0.3f) ? std::pow(10.0f, rng.Uniform(-3, 3)) : 1.0f;
        const Transform xf = Transform::FromAngle(scale * rng.InBox(-2, 2), rng.Angle());
        const auto local = make(rng, scale);
        const WorldShape world = World(local.shape, xf);
        RayCastInput in{xf.p + scale * rng.InBox(-4, 4), scale * rng.InBox(-8, 8), rng.Uniform(0.0f, 1.5f)};
        switch (i % 5) {
        case 0: break;
        case 1: {
            const Vec2 target = TransformPoint(xf, local.interior) + 0.5f * float(world.size) * rng.InBox(-1, 1);
            in.translation = rng.Uniform(1.0f, 2.0f) * (target - in.origin);
            in.maxFraction = 1.0f;
            break;
        }
        case 2: in.origin = TransformPoint(xf, local.interior); break;
        case 3:
            if (rng.Chance(0.5f)) in.translation = {};
            else in.maxFraction = 0.0f;
            break;
        case 4:
            in.origin = TransformPoint(xf, local.grazeOrigin);
            in.translation = Rotate(xf.q, local.grazeTranslation);
            in.maxFraction = 1.0f;
            break;
        }
        const CastOutput out = RayCast(local.shape, xf, in);
        const double caseScale = std::max({world.size, double(Distance(in.origin, xf.p)), double(Length(in.translation) * in.maxFraction), double(scale)});
        const double tol = 2e-5 * caseScale;
        const DVec o = D(in.origin), d = D(in.translation);
        auto sd = [&](double s) { return world.SignedDistance(o + s * d); };
        INFO(world.Describe());
        INFO("case " << i << " kind " << i % 5 << " origin " << in.origin.x << "," << in.origin.y << " translation "
                     << in.translation.x << "," << in.translation.y << " max " << in.maxFraction << " -> hit " << out.hit
                     << " inside " << out.startsInside << " fraction " << out.fraction);
        const std::string err = CheckCastAgainstStepping(out, in.maxFraction, sd, tol, world.Solid());
        if (!err.empty()) FAIL(err);
        if (!out.hit) {
            ++misses;
            continue;
        }
        REQUIRE(Distance(out.point, in.origin + out.fraction * in.translation) <= tol);
        if (out.startsInside) {
            ++inside;
            continue;
        }
        ++hits;
        // The normal is the outward unit normal at the point, facing the ray.
        REQUIRE(std::abs(Length(out.normal) - 1.0f) <= 1e-4f);
        REQUIRE(Dot(out.normal, Normalize(in.translation)) <= 1e-3f);
        const double h = 1e-3 * world.size;
        const double outward = world.SignedDistance(D(out.point) + h * D(out.normal));
        if (outward < 0.5 * h - tol) FAIL("the normal does not point out of the shape (sd " << outward << ", h " << h << ")");
    }
    CHECK(hits > cases / 10);
    CHECK(misses > cases / 10);
    CHECK(inside > cases / 20);
}

} // namespace

TEST_CASE("RayCast(Circle) matches fine stepping", "[raycast][brute]") { RandomRays(201, MakeCircle, 10000); }
TEST_CASE("RayCast(Capsule) matches fine stepping", "[raycast][brute]") { RandomRays(202, MakeCapsule, 10000); }
TEST_CASE("RayCast(Box) matches fine stepping", "[raycast][brute]") { RandomRays(203, MakeBox, 10000); }
TEST_CASE("RayCast(ConvexPolygon) matches fine stepping", "[raycast][brute]") { RandomRays(204, MakePolygon, 10000); }
TEST_CASE("RayCast(Sector) matches fine stepping", "[raycast][brute]") { RandomRays(205, MakeSector, 10000); }

TEST_CASE("RayCast(Segment) matches the crossing found by stepping the side test", "[raycast][brute]") {
    // A segment has no area, so stepping looks for a sign change of the side function
    // w(λ) = (b − a) × (p(λ) − a) (seed 002 eq. 10–12 in 2D) between consecutive steps.
    Rng rng(206);
    int hits = 0, misses = 0;
    for (int i = 0; i < 10000; ++i) {
        const float scale = rng.Chance(0.3f) ? std::pow(10.0f, rng.Uniform(-3, 3)) : 1.0f;
        const Transform xf = Transform::FromAngle(scale * rng.InBox(-2, 2), rng.Angle());
        const Segment seg(scale * rng.InBox(-1, 1), scale * rng.InBox(-1, 1));
        RayCastInput in{xf.p + scale * rng.InBox(-3, 3), scale * rng.InBox(-6, 6), rng.Uniform(0.0f, 1.5f)};
        if (i % 2 == 1) {
            // Aimed at a point near the segment so about half of these cross it.
            const Vec2 target = TransformPoint(xf, Lerp(seg.a(), seg.b(), rng.Uniform(-0.5f, 1.5f)));
            in.translation = rng.Uniform(0.8f, 2.0f) * (target - in.origin);
            in.maxFraction = 1.0f;
        }
        const CastOutput out = RayCast(seg, xf, in);
        const DVec a = D(TransformPoint(xf, seg.a())), b = D(TransformPoint(xf, seg.b()));
        const DVec o = D(in.origin), d = D(in.translation);
        const double len = Len(b - a);
        const double tol = 2e-5 * std::max({len, double(Distance(in.origin, xf.p)), Len(d), double(scale)});
        auto side = [&](double s) { return Cross(b - a, o + s * d - a) / len; };
        auto along = [&](double s) { return Dot(o + s * d - a, b - a) / (len * len); };
        // First crossing by stepping, located by linear interpolation of the (linear) side function.
        constexpr int kSteps = 256;
        double crossing = -1;
        for (int k = 0; k < kSteps && crossing < 0; ++k) {
            const double s0 = in.maxFraction * double(k) / kSteps, s1 = in.maxFraction * double(k + 1) / kSteps;
            const double w0 = side(s0), w1 = side(s1);
            if (w0 * w1 > 0) continue;
            const double s = std::abs(w1 - w0) > 0 ? s0 + (s1 - s0) * w0 / (w0 - w1) : s0;
            if (along(s) >= -tol / len && along(s) <= 1 + tol / len) crossing = s;
        }
        INFO("case " << i << " hit " << out.hit << " fraction " << out.fraction << " stepped crossing " << crossing);
        const bool clearCrossing = crossing >= 0 && along(crossing) > 1e-3 && along(crossing) < 1 - 1e-3;
        if (out.hit) {
            ++hits;
            REQUIRE(std::abs(side(out.fraction)) <= tol);
            REQUIRE(along(out.fraction) >= -1e-4);
            REQUIRE(along(out.fraction) <= 1 + 1e-4);
            // The side function changes by |d × ê| per unit λ: that converts the length tolerance to λ.
            if (clearCrossing) REQUIRE(out.fraction <= crossing + tol / std::abs(Cross(d, (1.0 / len) * (b - a))));
            REQUIRE(Dot(out.normal, Normalize(in.translation)) <= 1e-3f);
        } else {
            ++misses;
            REQUIRE_FALSE(clearCrossing);
        }
    }
    CHECK(hits > 1000);
    CHECK(misses > 1000);
}

TEST_CASE("RayCast degenerate cases", "[raycast][degenerate]") {
    const Transform id{};
    const Box box({1, 1});
    SECTION("origin inside: hit at 0, startsInside, normal opposite the ray") {
        const CastOutput out = RayCast(box, id, {{0.2f, 0.1f}, {3, 0}, 1});
        CHECK(out.hit);
        CHECK(out.startsInside);
        CHECK(out.fraction == 0.0f);
        CHECK(out.normal.x == Approx(-1.0f));
    }
    SECTION("zero-length ray: a point query") {
        CHECK(RayCast(box, id, {{0.5f, 0.5f}, {0, 0}, 1}).startsInside);
        CHECK_FALSE(RayCast(box, id, {{1.5f, 0.5f}, {0, 0}, 1}).hit);
        CHECK_FALSE(RayCast(Circle({0, 0}, 1), id, {{1.5f, 0.5f}, {1, 0}, 0}).hit);
        CHECK(RayCast(Circle({0, 0}, 1), id, {{0.5f, 0.5f}, {0, 0}, 1}).normal == Vec2{});
    }
    SECTION("ray along a box edge touches it") {
        const CastOutput out = RayCast(box, id, {{-3, 1}, {6, 0}, 1});
        CHECK(out.hit);
        CHECK(out.fraction == Approx(1.0f / 3.0f));
        CHECK(out.normal.x == Approx(-1.0f));
    }
    SECTION("ray parallel to an edge just outside misses") {
        CHECK_FALSE(RayCast(box, id, {{-3, 1.001f}, {6, 0}, 1}).hit);
        CHECK_FALSE(RayCast(ConvexPolygon::FromBox(box), id, {{-3, 1.001f}, {6, 0}, 1}).hit);
    }
    SECTION("grazing a circle counts as a hit") {
        const CastOutput out = RayCast(Circle({0, 0}, 1), id, {{-2, 1}, {4, 0}, 1});
        CHECK(out.hit);
        CHECK(out.fraction == Approx(0.5f));
        CHECK(out.normal.y == Approx(1.0f));
    }
    SECTION("maxFraction limits the cast") {
        CHECK(RayCast(Circle({5, 0}, 1), id, {{0, 0}, {1, 0}, 4.0f}).hit);
        CHECK_FALSE(RayCast(Circle({5, 0}, 1), id, {{0, 0}, {1, 0}, 3.9f}).hit);
    }
    SECTION("segment: collinear ray stops at the first end, normal opposite the ray") {
        const CastOutput out = RayCast(Segment({1, 0}, {2, 0}), id, {{0, 0}, {4, 0}, 1});
        CHECK(out.hit);
        CHECK(out.fraction == Approx(0.25f));
        CHECK(out.normal.x == Approx(-1.0f));
    }
    SECTION("segment: hit from either side, normal faces the origin") {
        CHECK(RayCast(Segment({-1, 0}, {1, 0}), id, {{0, 1}, {0, -2}, 1}).normal.y == Approx(1.0f));
        CHECK(RayCast(Segment({-1, 0}, {1, 0}), id, {{0, -1}, {0, 2}, 1}).normal.y == Approx(-1.0f));
    }
    SECTION("sector: the inner arc is hit from the hole with a normal towards the centre") {
        const CastOutput out = RayCast(Sector({0, 0}, {1, 0}, 0.5f, 1.0f, 2.0f), id, {{0, 0}, {3, 0}, 1});
        CHECK(out.hit);
        CHECK(out.fraction == Approx(1.0f / 3.0f));
        CHECK(out.normal.x == Approx(-1.0f));
    }
    SECTION("sector: a full annulus has no radial edges") {
        const CastOutput out = RayCast(Sector({0, 0}, {1, 0}, kPi, 1.0f, 2.0f), id, {{-3, 0}, {6, 0}, 1});
        CHECK(out.fraction == Approx(1.0f / 6.0f));
        CHECK(out.normal.x == Approx(-1.0f));
    }
    SECTION("sector: a zero half angle is hit like its radial segment") {
        const CastOutput out = RayCast(Sector({0, 0}, {1, 0}, 0.0f, 1.0f, 2.0f), id, {{1.5f, 1}, {0, -2}, 1});
        CHECK(out.hit);
        CHECK(out.fraction == Approx(0.5f));
        CHECK(out.normal.y == Approx(1.0f));
    }
    SECTION("regression: a thin fan's tip is not widened by the cosine test's rounding") {
        // A ray 5e-7 m inside the tip of a zero-angle fan meets the outer circle 1e-3 rad beside the
        // axis. In float, q·A ≥ |q| cos θ cannot tell angles below ~1e-3 rad, so that arc point was
        // once taken as the hit, 1e-3 m early; the fan is only its radial segment, hit at y = 0.
        const Sector fan({0, 0}, {1, 0}, 0.0f, 0.0f, 1.0f);
        const CastOutput out = RayCast(fan, id, {{0.9999995f, -1}, {0, 2}, 1});
        REQUIRE(out.hit);
        CHECK(out.fraction == Approx(0.5f).epsilon(1e-6));
        CHECK(out.point.y == Approx(0.0f).margin(1e-6));
    }
    SECTION("a placed shape: the transform moves and turns it") {
        const CastOutput out = RayCast(Box({1, 0.5f}), Transform::FromAngle({10, 0}, kPi / 2), {{10, -5}, {0, 10}, 1});
        CHECK(out.fraction == Approx(0.4f));
        CHECK(out.normal.y == Approx(-1.0f));
    }
}

TEST_CASE("RayCast rejects invalid input", "[raycast][errors]") {
    const Circle c({0, 0}, 1);
    CHECK_THROWS_WITH(RayCast(c, {}, {{kNaN, 0}, {1, 0}, 1}), Catch::Contains("origin"));
    CHECK_THROWS_WITH(RayCast(c, {}, {{0, 0}, {1, kNaN}, 1}), Catch::Contains("translation"));
    CHECK_THROWS_WITH(RayCast(Box({1, 1}), {}, {{0, 0}, {1, 0}, -1}), Catch::Contains("maxFraction"));
    CHECK_THROWS_AS(RayCast(Segment({0, 0}, {1, 0}), {}, {{0, 0}, {1, 0}, kNaN}), InvalidArgument);
}
