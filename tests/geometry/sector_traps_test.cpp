// Regression tests named after the seed 000 errors of docs/seeds.md that concern the fan's overlap
// tests, and the naive shortcuts shown failing (the same cases tutorial 03 draws). The two traps about
// building a fan from a rotating box (axis by eq. 2.2, far-corner outer radius) belong to the fan
// construction code (issue 5), not to these tests.
#include <catch2/catch.hpp>

#include "random_cases.h"
#include "sector_reference.h"
#include "sensu/geometry/primitives.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/sector_thesis.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

const Transform kIdentity{};

Vec2 Polar(float radius, float angle) { return radius * Vec2{std::cos(angle), std::sin(angle)}; }

/// Fan along +x with the given half angle, r = 1, R = 2.
Sector Fan(float halfAngle) { return Sector({0.0f, 0.0f}, {1.0f, 0.0f}, halfAngle, 1.0f, 2.0f); }

} // namespace

TEST_CASE("Trap eq. 2.34 denominator typo: a rectangle found only by crossing a radial edge", "[sector][trap]") {
    // A thin box crossing the upper edge L of a 45° fan. Its centre is outside the fan, the fan's test
    // point is outside the box, and it crosses no arc inside the wedge: only the segment–segment
    // intersection of §2.9.1 can find it.
    const Sector fan({0.0f, 0.0f}, {1.0f, 0.0f}, 0.25f * kPi, 1.0f, 3.0f);
    const Box box({0.05f, 1.0f}, {1.3f, 2.0f});
    CHECK(thesis::OverlapRectangle(fan, box, kIdentity));
    CHECK(Overlap(fan, box, kIdentity));

    // Eq. (2.34) as printed, for the box's left edge E–F against L = G–H: the denominator of s has
    // (G_y − F_y) where (F_y − E_y) belongs; with it, s does not land on the true crossing point.
    const Vec2 e = {1.25f, 1.0f}, f = {1.25f, 3.0f};
    const Vec2 g = Polar(1.0f, 0.25f * kPi), h = Polar(3.0f, 0.25f * kPi);
    const float numerator = (g.x - e.x) * (h.y - g.y) - (g.y - e.y) * (h.x - g.x);
    const float typoS = numerator / ((f.x - e.x) * (h.y - g.y) - (g.y - f.y) * (h.x - g.x));
    const SegmentIntersection fixed = IntersectSegments(e, f, g, h);
    REQUIRE(fixed.hit);
    CHECK(fixed.point.x == Approx(1.25f));
    CHECK(fixed.point.y == Approx(1.25f));
    CHECK(std::abs(typoS - fixed.s) > 0.1f);
}

TEST_CASE("Trap 2.4 second condition reads (2.7): a circle beside the wedge inside the ring", "[sector][trap]") {
    const Sector fan = Fan(0.25f * kPi);
    const Circle circle(Polar(1.5f, kPi / 3.0f), 0.5f);  // 0.39 m from the upper edge, inside the ring
    CHECK(Overlap(fan, circle, kIdentity));
    CHECK(thesis::OverlapCircle(fan, circle, kIdentity));
    CHECK_FALSE(thesis::naive::CircleAsWritten(fan, circle, kIdentity));  // "if (2.5) is false"
}

TEST_CASE("Trap 2.4 lower bound max(0, r - rc): a circle covering the hole", "[sector][trap]") {
    const Sector fan = Fan(0.25f * kPi);
    const Circle circle({0.2f, 0.0f}, 1.5f);  // centre in the wedge, the hole and the fan's inner part covered
    CHECK(Overlap(fan, circle, kIdentity));
    CHECK(thesis::OverlapCircle(fan, circle, kIdentity));
    CHECK_FALSE(thesis::naive::CircleUnclampedInnerBound(fan, circle, kIdentity));  // (r − rc)² = 0.25 > 0.04
}

TEST_CASE("Trap eq. 2.20 AND/OR: the wedge test for half angles beyond pi/2", "[sector][trap]") {
    const float halfAngle = 2.5f;
    const Sector fan = Fan(halfAngle);
    for (const float angle : {2.0f, -2.0f, 1.0f, 0.0f}) {
        const Vec2 p = Polar(1.5f, angle);
        CHECK(Contains(fan, p));
        CHECK(thesis::ContainsPoint(fan, p));
        CHECK(Overlap(fan, Capsule(p, p + Vec2{0.0f, 0.01f}, 0.0f), kIdentity));
        CHECK(thesis::OverlapCapsule(fan, Capsule(p, p + Vec2{0.0f, 0.01f}, 0.0f), kIdentity));
    }
    for (const float angle : {2.8f, -2.8f, kPi}) {
        CHECK_FALSE(Contains(fan, Polar(1.5f, angle)));
        CHECK_FALSE(thesis::ContainsPoint(fan, Polar(1.5f, angle)));
    }
    // The AND of (2.20) would reject the point at 2.0 rad: H'_z = cross(P, H) > 0 there.
    const Vec2 p = Polar(1.5f, 2.0f);
    const Vec2 gDir = {std::cos(halfAngle), std::sin(halfAngle)};
    const Vec2 hDir = {gDir.x, -gDir.y};
    CHECK(Cross(p, gDir) >= 0.0f);
    CHECK_FALSE(Cross(p, hDir) <= 0.0f);
    // And at θ = 0 the AND alone accepts the backward ray; the thesis capsule keeps P·A ≥ 0 too.
    const Sector needle = Fan(0.0f);
    CHECK_FALSE(thesis::OverlapCapsule(needle, Capsule({-1.5f, -1.0f}, {-1.5f, 1.0f}, 0.1f), kIdentity));
    CHECK_FALSE(Overlap(needle, Capsule({-1.5f, -1.0f}, {-1.5f, 1.0f}, 0.1f), kIdentity));
}

TEST_CASE("Trap circle vs fan: radial window only when the centre is inside the wedge", "[sector][trap]") {
    const Sector fan = Fan(kPi / 6.0f);
    const Circle circle(Polar(1.5f, 0.5f * kPi), 0.3f);  // within the widened ring, 1.3 m from the edges
    CHECK_FALSE(Overlap(fan, circle, kIdentity));
    CHECK_FALSE(thesis::OverlapCircle(fan, circle, kIdentity));
}

TEST_CASE("Trap circle vs fan: radial edges run from r to R, not from O", "[sector][trap]") {
    const Sector fan = Fan(kPi / 6.0f);
    const Circle circle(Polar(0.5f, kPi / 3.0f), 0.3f);  // in the hole, 0.25 m from the edge's line
    CHECK_FALSE(Overlap(fan, circle, kIdentity));
    CHECK_FALSE(thesis::OverlapCircle(fan, circle, kIdentity));
    CHECK(thesis::naive::CircleEdgesFromCenter(fan, circle, kIdentity));
}

TEST_CASE("Trap circle vs fan: widening the angle by asin(rc/|c|) is wrong", "[sector][trap]") {
    const float halfAngle = kPi / 6.0f;
    const Sector fan = Fan(halfAngle);
    const float rc = 0.3f;
    const float distance = 2.0f + 0.9f * rc;
    const Circle circle(Polar(distance, halfAngle + 0.9f * std::asin(rc / distance)), rc);
    // Beyond the outer corner: nearer to the corner R·G than any other fan point, and farther than rc.
    REQUIRE(Distance(circle.center(), Polar(2.0f, halfAngle)) > rc);
    CHECK_FALSE(Overlap(fan, circle, kIdentity));
    CHECK_FALSE(thesis::OverlapCircle(fan, circle, kIdentity));
    CHECK(thesis::naive::CircleAsinWidening(fan, circle, kIdentity));
}

TEST_CASE("Naive circle shortcuts fail the brute-force comparison that the exact tests pass", "[sector][trap]") {
    Rng rng(3100);
    Tally asWritten, unclamped, asin, fromCenter, exact;
    for (int i = 0; i < 10000; ++i) {
        const RefSector ref = RandomSector(rng, 1.0f);
        const Sector fan = ref.Make();
        const float rc = rng.Uniform(0.01f, 1.5f);
        const Circle circle(NearSector(rng, ref, rc), rc);
        const RefConvex shape{{circle.center()}, rc};
        const Oracle oracle = Judge(SampleSector(ref), [&](Vec2 p) { return RefSectorDistance(ref, p); },
                                    SampleConvex(shape), [&](Vec2 p) { return RefConvexDistance(shape, p); }, 2e-5f);
        const std::string describe = Describe(ref) + Describe(shape);
        exact.Record(Overlap(fan, circle, kIdentity), oracle, describe);
        asWritten.Record(thesis::naive::CircleAsWritten(fan, circle, kIdentity), oracle, describe);
        unclamped.Record(thesis::naive::CircleUnclampedInnerBound(fan, circle, kIdentity), oracle, describe);
        asin.Record(thesis::naive::CircleAsinWidening(fan, circle, kIdentity), oracle, describe);
        fromCenter.Record(thesis::naive::CircleEdgesFromCenter(fan, circle, kIdentity), oracle, describe);
    }
    CHECK(exact.missed + exact.phantom == 0);
    CHECK(asWritten.missed > 0);
    CHECK(unclamped.missed > 0);
    CHECK(asin.phantom > 0);
    CHECK(fromCenter.phantom > 0);
}
