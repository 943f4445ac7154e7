// Speculative contacts (shapes apart but within the margin): face against face must give the same
// clipped two-point manifold and feature ids as when touching, so a landing box does not balance on one
// corner and keeps its warm-start ids at the moment of contact; corner against corner keeps one exact point.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "convex_truth.h"
#include "sensu/geometry/manifold.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

std::vector<uint32_t> Ids(const Manifold& m) {
    std::vector<uint32_t> ids;
    for (int i = 0; i < m.pointCount; ++i) ids.push_back(m.points[i].id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::string Describe(const Manifold& m) {
    std::ostringstream out;
    out << "n (" << m.normal.x << "," << m.normal.y << ") points " << m.pointCount;
    for (int i = 0; i < m.pointCount; ++i)
        out << " [(" << m.points[i].point.x << "," << m.points[i].point.y << ") s " << m.points[i].separation << " id " << m.points[i].id << "]";
    return out.str();
}

/// A pair collided with B's pose given by the gap between the two faces (negative: penetrating).
using GapPair = std::function<Manifold(float gap)>;

/// Over gaps −0.05 … maxGap m (margin 0.07): always two points with the ids of the touching pose, each
/// separation equal to the gap plus that point's separation when touching (0 for parallel faces), normal fixed.
void CheckGapSweep(const GapPair& collide, Vec2 normal, float tol, float maxGap = 0.069f) {
    const Manifold touching = collide(0.0f);
    REQUIRE(touching.pointCount == 2);
    const std::vector<uint32_t> ids = Ids(touching);
    REQUIRE(ids[0] != ids[1]);
    float offsets[2];
    for (int i = 0; i < 2; ++i) offsets[i] = touching.points[i].separation;
    for (int step = 0; -0.05f + 0.001f * static_cast<float>(step) <= maxGap + 1e-6f; ++step) {
        const float gap = -0.05f + 0.001f * static_cast<float>(step);
        const Manifold m = collide(gap);
        INFO("gap " << gap << ": " << Describe(m));
        REQUIRE(m.pointCount == 2);
        CHECK(Ids(m) == ids);
        CHECK(std::abs(m.normal.x - normal.x) < 1e-5f);
        CHECK(std::abs(m.normal.y - normal.y) < 1e-5f);
        for (int i = 0; i < 2; ++i) {
            // The point with the same id as in the touching pose moved by the gap along the normal.
            const int j = m.points[i].id == touching.points[0].id ? 0 : 1;
            CHECK(std::abs(m.points[i].separation - (gap + offsets[j])) < tol);
        }
    }
}

} // namespace

TEST_CASE("CollideBoxes gives two points with stable ids for aligned boxes within the margin", "[manifold][speculative]") {
    // The reported case: equal boxes stacked with a 0.0417 m gap, margin 0.07.
    const Box box({0.5f, 0.25f});
    const Transform xfA = Transform::FromAngle({-1.5f, 0.25f}, 0.0f);
    const Manifold apart = CollideBoxes(box, xfA, box, Transform::FromAngle({-1.5f, 0.25f + 0.5417f}, 0.0f), 0.07f);
    const Manifold touching = CollideBoxes(box, xfA, box, Transform::FromAngle({-1.5f, 0.75f}, 0.0f), 0.07f);
    INFO("apart: " << Describe(apart) << "\ntouching: " << Describe(touching));
    REQUIRE(apart.pointCount == 2);
    REQUIRE(touching.pointCount == 2);
    CHECK(Ids(apart) == Ids(touching));
    CHECK(apart.normal.x == Approx(0.0f).margin(1e-6f));
    CHECK(apart.normal.y == Approx(1.0f).margin(1e-6f));
    std::vector<float> xs;
    for (int i = 0; i < 2; ++i) {
        CHECK(apart.points[i].separation == Approx(0.0417f).margin(1e-5f));
        CHECK(apart.points[i].point.y == Approx(0.5f + 0.5f * 0.0417f).margin(1e-5f));  // midway in the gap
        xs.push_back(apart.points[i].point.x);
    }
    std::sort(xs.begin(), xs.end());
    CHECK(xs[0] == Approx(-2.0f).margin(1e-5f));
    CHECK(xs[1] == Approx(-1.0f).margin(1e-5f));
}

TEST_CASE("CollideBoxes keeps point count and ids constant as a box lands (gap sweep)", "[manifold][speculative]") {
    const Box box({0.5f, 0.25f});
    const Transform xfA = Transform::FromAngle({-1.5f, 0.25f}, 0.0f);
    CheckGapSweep([&](float gap) { return CollideBoxes(box, xfA, box, Transform::FromAngle({-1.5f, 0.75f + gap}, 0.0f), 0.07f); },
                  {0.0f, 1.0f}, 1e-5f);
}

TEST_CASE("CollideBoxes speculative face contact: rotated, offset, unequal and slightly tilted pairs", "[manifold][speculative]") {
    const Box a({0.5f, 0.25f});
    const Box b({0.3f, 0.4f});
    for (float angle : {0.0f, 0.3f, -1.2f, 2.5f}) {
        for (float offset : {0.0f, 0.35f, -0.6f}) {
            // The pair placed in a frame turned by `angle` away from the origin: B on A's +y face,
            // shifted along it by `offset`, so only part of B's face lies over A's.
            const Transform world = Transform::FromAngle({3.0f, -7.0f}, angle);
            const Transform xfA = world;
            INFO("angle " << angle << " offset " << offset);
            CheckGapSweep([&](float gap) { return CollideBoxes(a, xfA, b, Mul(world, Transform::FromAngle({offset, 0.65f + gap}, 0.0f)), 0.07f); },
                          Rotate(world.q, {0.0f, 1.0f}), 2e-5f);
            // B turned a quarter turn and beside A's −x face: normal −x, B's face longer than A's.
            CheckGapSweep([&](float gap) {
                return CollideBoxes(a, xfA, b, Mul(world, Transform::FromAngle({-0.9f - gap, 0.2f * offset}, 0.5f * kPi)), 0.07f);
            }, Rotate(world.q, {-1.0f, 0.0f}), 2e-5f);
        }
    }
    // Slightly tilted B: a corner over the face; the two points keep their ids, each separation grows with
    // the gap, up to where B's higher corner (0.6·sin 0.02 ≈ 0.012 m up) leaves the margin.
    const Transform xfA = Transform::FromAngle({0.0f, 0.0f}, 0.0f);
    const float tilt = 0.02f;
    const float lift = 0.25f + 0.4f * std::cos(tilt) + 0.3f * std::sin(tilt);  // lowest corner of B on A's face
    CheckGapSweep([&](float gap) { return CollideBoxes(a, xfA, b, Transform::FromAngle({0.1f, lift + gap}, tilt), 0.07f); }, {0.0f, 1.0f}, 2e-5f,
                  0.056f);
    const Manifold beyond = CollideBoxes(a, xfA, b, Transform::FromAngle({0.1f, lift + 0.065f}, tilt), 0.07f);
    INFO(Describe(beyond));
    REQUIRE(beyond.pointCount == 1);  // the lower corner only, with its id from the touching pose
    CHECK(beyond.points[0].separation == Approx(0.065f).margin(2e-5f));
}

TEST_CASE("CollideBoxes corner against corner within the margin gives one exact point", "[manifold][speculative]") {
    const Box box({0.5f, 0.25f});
    const Transform xfA = Transform::FromAngle({-1.5f, 0.25f}, 0.0f);
    // B diagonally beyond A's top-right corner by (0.03, 0.04): distance 0.05 along (0.6, 0.8).
    const Manifold m = CollideBoxes(box, xfA, box, Transform::FromAngle({-1.5f + 1.03f, 0.25f + 0.54f}, 0.0f), 0.07f);
    INFO(Describe(m));
    REQUIRE(m.pointCount == 1);
    CHECK(m.points[0].separation == Approx(0.05f).margin(1e-5f));
    CHECK(m.normal.x == Approx(0.6f).margin(1e-4f));
    CHECK(m.normal.y == Approx(0.8f).margin(1e-4f));
    CHECK(m.points[0].point.x == Approx(-1.0f + 0.015f).margin(1e-5f));
    CHECK(m.points[0].point.y == Approx(0.5f + 0.02f).margin(1e-5f));
    // Beyond the margin diagonally (0.06, 0.06 → 0.0849 m) although each axis gap is below it: no contact.
    CHECK(CollideBoxes(box, xfA, box, Transform::FromAngle({-1.5f + 1.06f, 0.25f + 0.56f}, 0.0f), 0.07f).pointCount == 0);
}

TEST_CASE("CollidePolygons, CollidePolygonAndBox and CollideSegmentAndBox give two stable points within the margin", "[manifold][speculative]") {
    const Box box({0.5f, 0.25f});
    const ConvexPolygon boxPolygon = ConvexPolygon::FromBox(box);
    const std::vector<Vec2> hexagonVertices{{-0.6f, -0.2f}, {0.6f, -0.2f}, {0.8f, 0.0f}, {0.6f, 0.2f}, {-0.6f, 0.2f}, {-0.8f, 0.0f}};
    const ConvexPolygon hexagon(hexagonVertices);
    const Segment ground({-3.0f, 0.0f}, {3.0f, 0.0f});
    const Transform world = Transform::FromAngle({-1.5f, 0.25f}, 0.4f);
    const Vec2 up = Rotate(world.q, {0.0f, 1.0f});
    auto above = [&](float x, float y) { return Mul(world, Transform::FromAngle({x, y}, 0.0f)); };
    SECTION("CollidePolygons, box-shaped") {
        CheckGapSweep([&](float gap) { return CollidePolygons(boxPolygon, world, boxPolygon, above(0.2f, 0.5f + gap), 0.07f); }, up, 2e-5f);
    }
    SECTION("CollidePolygons, hexagons") {
        CheckGapSweep([&](float gap) { return CollidePolygons(hexagon, world, hexagon, above(-0.3f, 0.4f + gap), 0.07f); }, up, 2e-5f);
    }
    SECTION("CollidePolygonAndBox") {
        CheckGapSweep([&](float gap) { return CollidePolygonAndBox(hexagon, world, box, above(0.1f, 0.45f + gap), 0.07f); }, up, 2e-5f);
    }
    SECTION("CollideSegmentAndBox") {
        // The box resting on a ground segment: the segment's edge is the reference face.
        CheckGapSweep([&](float gap) { return CollideSegmentAndBox(ground, world, box, above(0.7f, 0.25f + gap), 0.07f); }, up, 2e-5f);
    }
    SECTION("corner against corner keeps one point") {
        const Manifold m = CollidePolygons(boxPolygon, world, boxPolygon, above(1.03f, 0.54f), 0.07f);
        INFO(Describe(m));
        REQUIRE(m.pointCount == 1);
        CHECK(m.points[0].separation == Approx(0.05f).margin(1e-5f));
        const Vec2 diagonal = Rotate(world.q, {0.6f, 0.8f});
        CHECK(Dot(m.normal, diagonal) == Approx(1.0f).margin(1e-6f));
    }
}

namespace {

/// Random pairs apart but within the margin, mostly nearly parallel faces (tilt up to ±0.05 rad, half the
/// cases exactly parallel) plus some at any angle; every separation checked against brute force: none
/// below the true distance, the least one equal to it, points on the surfaces, and for two-point (face)
/// manifolds the normal attaining the distance.
template <class A, class B, class MakeA, class MakeB, class Collide>
void CheckSpeculativeAgainstBruteForce(uint64_t seed, MakeA makeA, MakeB makeB, Collide collide, int minTwoPoints, int cases = 10000) {
    Rng rng(seed);
    int failures = 0, twoPoints = 0, contacts = 0;
    std::string first;
    for (int i = 0; i < cases; ++i) {
        const float scale = CaseScale(i);
        const A a = makeA(rng, scale);
        const B b = makeB(rng, scale);
        const Transform xfA = RandomPose(rng, scale);
        const TruthShape ta = Truth(a, xfA);
        // B's turn relative to A: an exact quarter turn (faces of axis-aligned boxes exactly parallel) plus
        // a small tilt in half the cases.
        const Rot quarterTurns[4] = {{1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}, {0.0f, -1.0f}};
        const float tilt = rng.Chance(0.5f) ? 0.0f : (rng.Chance(0.8f) ? rng.Uniform(-0.05f, 0.05f) : rng.Angle());
        Rot q = Mul(xfA.q, quarterTurns[rng.Int(0, 3)]);
        if (tilt != 0.0f) q = Mul(q, Rot::FromAngle(tilt));
        Transform xfB{xfA.p + scale * rng.InBox(-1.0f, 1.0f), q};
        // Move B along the direction that separates it most so the gap becomes a random value in [0.05, 0.95]·margin.
        const float margin = 0.1f * scale;
        SignedSeparation truth = BruteSeparation(ta, Truth(b, xfB));
        xfB.p += (rng.Uniform(0.05f, 0.95f) * margin - truth.value) * truth.direction;
        const TruthShape tb = Truth(b, xfB);
        truth = BruteSeparation(ta, tb);
        const float tol = 1e-3f * scale + Min(5e-4f, 0.01f * scale);
        const Manifold m = collide(a, xfA, b, xfB, margin);
        auto fail = [&](const char* what) {
            if (failures++ < 5) {
                std::ostringstream out;
                out << "case " << i << ": " << what << ": truth " << truth.value << " dir (" << truth.direction.x << ","
                    << truth.direction.y << "); " << Describe(m) << "\n";
                first += out.str();
            }
        };
        if (truth.value > margin - tol) continue;  // the brute force can land just outside the margin
        if (m.pointCount == 0) {
            fail("missed contact");
            continue;
        }
        ++contacts;
        if (m.pointCount == 2) ++twoPoints;
        if (m.pointCount == 2 && m.points[0].id == m.points[1].id) fail("duplicate ids");
        float least = 3.4e38f;
        for (int k = 0; k < m.pointCount; ++k) {
            const ManifoldPoint& p = m.points[k];
            least = std::min(least, p.separation);
            if (p.separation < truth.value - tol) fail("separation below the distance");
            if (p.separation > margin + tol) fail("point beyond margin");
            if (SignedDistance(ta, p.point - (0.5f * p.separation) * m.normal) > tol) fail("point not on A");
            if (SignedDistance(tb, p.point + (0.5f * p.separation) * m.normal) > tol) fail("point not on B");
        }
        if (std::abs(least - truth.value) > tol) fail("least separation is not the distance");
        // A two-point manifold is a face contact: its face normal must attain the distance.
        if (m.pointCount == 2 && SeparationAlong(ta, tb, m.normal) < truth.value - tol) fail("face normal does not attain the distance");
    }
    INFO(first);
    CHECK(failures == 0);
    // Most cases are within the margin, and the face-against-face ones give two points.
    INFO("contacts " << contacts << ", two-point manifolds " << twoPoints);
    CHECK(contacts > cases * 9 / 10);
    CHECK(twoPoints >= minTwoPoints);
}

/// Random boxes, mostly not turned in their own frame (so faces can be exactly parallel).
Box RandomAlignedBox(Rng& rng, float scale) {
    return Box(scale * Vec2{rng.Uniform(0.05f, 0.6f), rng.Uniform(0.05f, 0.6f)}, scale * rng.InBox(-0.2f, 0.2f),
               rng.Chance(0.8f) ? 0.0f : rng.Angle());
}

/// Random polygons, half of them box-shaped (parallel faces possible).
ConvexPolygon RandomPolygonOrBox(Rng& rng, float scale) {
    return rng.Chance(0.5f) ? ConvexPolygon::FromBox(RandomAlignedBox(rng, scale)) : RandomPolygon(rng, scale);
}

} // namespace

TEST_CASE("CollideBoxes speculative separations match brute force", "[manifold][speculative][brute]") {
    CheckSpeculativeAgainstBruteForce<Box, Box>(201, RandomAlignedBox, RandomAlignedBox, CollideBoxes, 5400);
}
TEST_CASE("CollidePolygonAndBox speculative separations match brute force", "[manifold][speculative][brute]") {
    CheckSpeculativeAgainstBruteForce<ConvexPolygon, Box>(202, RandomPolygonOrBox, RandomAlignedBox, CollidePolygonAndBox, 4400);
}
TEST_CASE("CollidePolygons speculative separations match brute force", "[manifold][speculative][brute]") {
    CheckSpeculativeAgainstBruteForce<ConvexPolygon, ConvexPolygon>(203, RandomPolygonOrBox, RandomPolygonOrBox, CollidePolygons, 3800);
}
TEST_CASE("CollideSegmentAndBox speculative separations match brute force", "[manifold][speculative][brute]") {
    CheckSpeculativeAgainstBruteForce<Segment, Box>(204, RandomSegment, RandomAlignedBox, CollideSegmentAndBox, 1400);
}

TEST_CASE("CollideBoxes stacked equal boxes within the margin: two points, touching ids, brute-force separations", "[manifold][speculative][brute]") {
    // The landing case at random poses and scales: B a copy of A on one of A's faces (exactly parallel),
    // shifted along it (often not at all), apart by a random gap below the margin.
    Rng rng(205);
    int failures = 0;
    std::string first;
    for (int i = 0; i < 4000; ++i) {
        const float scale = CaseScale(i);
        const Box box(scale * Vec2{rng.Uniform(0.05f, 0.6f), rng.Uniform(0.05f, 0.6f)});
        const Transform xfA = RandomPose(rng, scale);
        const int side = rng.Int(0, 3);
        const Vec2 axis = side % 2 == 0 ? xfA.q.XAxis() : xfA.q.YAxis();
        const Vec2 along = side % 2 == 0 ? xfA.q.YAxis() : xfA.q.XAxis();
        const float width = 2.0f * (side % 2 == 0 ? box.halfExtents().x : box.halfExtents().y);
        const float sign = side < 2 ? 1.0f : -1.0f;
        const float shift = rng.Chance(0.5f) ? 0.0f : rng.Uniform(-0.9f, 0.9f) * (side % 2 == 0 ? 2.0f * box.halfExtents().y : 2.0f * box.halfExtents().x);
        const float margin = 0.1f * scale;
        const float gap = rng.Uniform(0.02f, 0.95f) * margin;
        const Transform touchingB{xfA.p + (sign * width) * axis + shift * along, xfA.q};
        const Transform xfB{touchingB.p + (sign * gap) * axis, xfA.q};
        const Manifold m = CollideBoxes(box, xfA, box, xfB, margin);
        const Manifold touching = CollideBoxes(box, xfA, box, touchingB, margin);
        const TruthShape ta = Truth(box, xfA), tb = Truth(box, xfB);
        const float truth = BruteSeparation(ta, tb).value;
        const float tol = 1e-3f * scale + Min(5e-4f, 0.01f * scale);
        auto fail = [&](const char* what) {
            if (failures++ < 5) first += "case " + std::to_string(i) + ": " + what + ": truth " + std::to_string(truth) + "; " + Describe(m) + "\n";
        };
        if (m.pointCount != 2) {
            fail("not two points");
            continue;
        }
        if (Ids(m) != Ids(touching)) { fail("ids differ from the touching pose"); first += "   touching: " + Describe(touching) + "\n"; }
        if (Dot(m.normal, sign * axis) < 1.0f - 1e-5f) fail("normal is not the face normal from A to B");
        for (int k = 0; k < 2; ++k) {
            if (std::abs(m.points[k].separation - truth) > tol) fail("separation is not the distance");
            if (SignedDistance(ta, m.points[k].point - (0.5f * m.points[k].separation) * m.normal) > tol) fail("point not on A");
            if (SignedDistance(tb, m.points[k].point + (0.5f * m.points[k].separation) * m.normal) > tol) fail("point not on B");
        }
    }
    INFO(first);
    CHECK(failures == 0);
}
