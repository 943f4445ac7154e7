// Overlap, distance and manifold of every pair agree with each other and with brute force, on random
// cases that include what grid-aligned levels produce all the time: shapes exactly on the line of a
// segment or the axis of a capsule, thin boxes, tiny triangles, axis-aligned poses. And the defects the
// fuzzers found (issue 16), each by its own input.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "convex_truth.h"
#include "pair_consistency.h"
#include "sensu/geometry/move_and_slide.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

Vec2 OnGrid(Rng& rng, float step, int reach) {
    return {step * static_cast<float>(rng.Int(-reach, reach)), step * static_cast<float>(rng.Int(-reach, reach))};
}

/// A shape of the given kind with grid coordinates, axis-aligned edges, or an extreme aspect ratio.
AnyShape AlignedShape(Rng& rng, int kind, float scale) {
    const float g = 0.25f * scale;
    switch (kind) {
    case 0: return Circle(rng.Chance(0.5f) ? Vec2{} : OnGrid(rng, g, 2), g * static_cast<float>(rng.Int(0, 3)));
    case 1: {
        const Vec2 a = OnGrid(rng, g, 2);
        const Vec2 d = rng.Chance(0.5f) ? Vec2{0.0f, g * static_cast<float>(rng.Int(1, 4))} : OnGrid(rng, g, 3);
        return Capsule(a, a + d, g * static_cast<float>(rng.Int(0, 2)));
    }
    case 2: {
        const float thin = rng.Chance(0.4f) ? 1e-3f * scale : g * static_cast<float>(rng.Int(1, 3));
        return Box({rng.Chance(0.5f) ? thin : g * static_cast<float>(rng.Int(1, 4)), g * static_cast<float>(rng.Int(1, 4))},
                   rng.Chance(0.5f) ? Vec2{} : OnGrid(rng, g, 2), rng.Chance(0.7f) ? 0.0f : rng.Angle());
    }
    case 3: {
        // Right triangles and rectangles on the grid, sometimes tiny.
        const float s = rng.Chance(0.3f) ? 1e-2f * g : g;
        const Vec2 o = rng.Chance(0.5f) ? Vec2{} : OnGrid(rng, g, 2);
        const float w = s * static_cast<float>(rng.Int(1, 4)), h = s * static_cast<float>(rng.Int(1, 4));
        if (rng.Chance(0.5f)) {
            const std::array<Vec2, 3> v{o, o + Vec2{w, 0.0f}, o + Vec2{0.0f, h}};
            return ConvexPolygon(v);
        }
        const std::array<Vec2, 4> v{o, o + Vec2{w, 0.0f}, o + Vec2{w, h}, o + Vec2{0.0f, h}};
        return ConvexPolygon(v);
    }
    default: {
        const Vec2 a = OnGrid(rng, g, 2);
        Vec2 d = rng.Chance(0.6f) ? Vec2{g * static_cast<float>(rng.Int(1, 4)), 0.0f} : OnGrid(rng, g, 3);
        if (LengthSquared(d) == 0.0f) d = {0.0f, g};
        return Segment(a, a + d);
    }
    }
}

/// A random shape of the given kind from the brute-force tests' generators.
AnyShape RandomShape(Rng& rng, int kind, float scale) {
    switch (kind) {
    case 0: return RandomCircle(rng, scale);
    case 1: return RandomCapsule(rng, scale);
    case 2: return RandomBox(rng, scale);
    case 3: return RandomPolygon(rng, scale);
    default: return RandomSegment(rng, scale);
    }
}

Transform AlignedPose(Rng& rng, float scale) {
    return {OnGrid(rng, 0.25f * scale, 8), Rot::FromAngle(0.5f * kPi * static_cast<float>(rng.Int(0, 3)))};
}

TruthShape AnyTruth(const AnyShape& s, const Transform& xf) {
    return std::visit([&](const auto& shape) { return Truth(shape, xf); }, s);
}

const char* kKindNames[] = {"circle", "capsule", "box", "polygon", "segment"};

enum class Cases { Aligned, Random, Thin, Tilted };
const char* kCaseNames[] = {"aligned", "random", "thin at random poses", "aligned, tilted by up to 0.01 rad"};

/// Every ordered pair of kinds, `cases` cases each, checked against each other and against brute force:
/// grid shapes at grid poses, the brute-force tests' random shapes and poses, or grid shapes (thin
/// boxes, tiny triangles) at random poses within reach of each other.
void CheckAllPairs(uint64_t seed, int cases, Cases kind) {
    const bool aligned = kind != Cases::Random;
    Rng rng(seed);
    for (int ka = 0; ka < 5; ++ka) {
        for (int kb = 0; kb < 5; ++kb) {
            int failures = 0;
            std::string first;
            for (int i = 0; i < cases; ++i) {
                const float scale = aligned ? (i % 4 == 0 ? 1e-2f : i % 4 == 1 ? 10.0f : 1.0f) : CaseScale(i);
                const AnyShape a = aligned ? AlignedShape(rng, ka, scale) : RandomShape(rng, ka, scale);
                const AnyShape b = aligned ? AlignedShape(rng, kb, scale) : RandomShape(rng, kb, scale);
                const Transform xfA = kind == Cases::Aligned || kind == Cases::Tilted ? AlignedPose(rng, scale) : RandomPose(rng, scale);
                Transform xfB = kind == Cases::Aligned || kind == Cases::Tilted ? AlignedPose(rng, scale) : RandomPose(rng, scale);
                if (kind == Cases::Thin) xfB.p = xfA.p + 0.3f * scale * rng.InBox(-1.0f, 1.0f);
                if (kind == Cases::Tilted) {
                    // A grid level drawn slightly crooked: the incident edge nearly perpendicular to the
                    // reference face, a vertex just beside a corner.
                    xfB = Mul(Transform{1e-3f * scale * rng.InBox(-1.0f, 1.0f), Rot::FromAngle(rng.Uniform(-0.01f, 0.01f))}, xfB);
                }
                const float truth = BruteSeparation(AnyTruth(a, xfA), AnyTruth(b, xfB)).value;
                const float tol = 2e-4f * scale + 2e-6f * PlacementMagnitude(xfA, xfB);
                const PairReport r = CheckPairConsistency(a, xfA, b, xfB, tol, std::min(5e-4f, 1e-2f * scale), truth);
                if (!r.problem.empty() && failures++ < 3) first += "case " + std::to_string(i) + ": " + r.problem + "\n";
            }
            INFO(kKindNames[ka] << " vs " << kKindNames[kb] << " (" << kCaseNames[static_cast<int>(kind)] << ")\n" << first);
            CHECK(failures == 0);
        }
    }
}

float Deepest(const Manifold& m) {
    float s = 3.4e38f;
    for (int i = 0; i < m.pointCount; ++i) s = std::min(s, m.points[i].separation);
    return s;
}

} // namespace

TEST_CASE("Pairs agree: overlap, distance both ways and manifold, grid-aligned cases", "[pairs][brute]") {
    CheckAllPairs(1601, 2000, Cases::Aligned);
}

TEST_CASE("Pairs agree: overlap, distance both ways and manifold, thin and tiny shapes at random poses", "[pairs][brute]") {
    CheckAllPairs(1603, 2000, Cases::Thin);
}

TEST_CASE("Pairs agree: overlap, distance both ways and manifold, grid-aligned cases tilted slightly", "[pairs][brute]") {
    CheckAllPairs(1604, 2000, Cases::Tilted);
}

TEST_CASE("Pairs agree: overlap, distance both ways and manifold, random cases", "[pairs][brute]") {
    CheckAllPairs(1602, 1500, Cases::Random);
}

TEST_CASE("A circle on a capsule's axis beyond its end is apart, not penetrating (issue 16)", "[pairs][regression]") {
    const Capsule capsule({0.0f, 0.0f}, {0.0f, 1.0f}, 0.25f);
    const Circle ball({}, 0.25f);
    const Transform at{{0.0f, 2.0f}, Rot{}};
    CHECK(CollideCapsuleAndCircle(capsule, {}, ball, at).pointCount == 0);
    const Manifold m = CollideCapsuleAndCircle(capsule, {}, ball, at, 1.0f);
    REQUIRE(m.pointCount == 1);
    CHECK(m.points[0].separation == Approx(0.5f).margin(1e-6));
    CHECK(m.normal.x == Approx(0.0f).margin(1e-6));
    CHECK(m.normal.y == Approx(1.0f));
    CHECK_FALSE(Overlap(capsule, {}, ball, at));
}

TEST_CASE("A circle on a segment's line beyond its end is apart (issue 16)", "[pairs][regression]") {
    const Segment ground({0.0f, 0.0f}, {1.0f, 0.0f});
    const Circle ball({}, 0.25f);
    const Transform at{{2.0f, 0.0f}, Rot{}};
    CHECK(CollideSegmentAndCircle(ground, {}, ball, at).pointCount == 0);
    const Manifold m = CollideSegmentAndCircle(ground, {}, ball, at, 2.0f);
    REQUIRE(m.pointCount == 1);
    CHECK(m.points[0].separation == Approx(0.75f));
    CHECK(m.normal.x == Approx(1.0f));
    CHECK_FALSE(Overlap(ground, {}, ball, at));
}

TEST_CASE("A capsule on a segment's line and on another capsule's axis is apart (issue 16)", "[pairs][regression]") {
    const Segment ground({0.0f, 0.0f}, {1.0f, 0.0f});
    const Capsule along({2.0f, 0.0f}, {3.0f, 0.0f}, 0.25f);
    CHECK(CollideSegmentAndCapsule(ground, {}, along, {}).pointCount == 0);
    const Manifold m = CollideSegmentAndCapsule(ground, {}, along, {}, 2.0f);
    REQUIRE(m.pointCount >= 1);
    CHECK(Deepest(m) == Approx(0.75f));
    CHECK(m.normal.x == Approx(1.0f));

    const Capsule upright({0.0f, 0.0f}, {0.0f, 1.0f}, 0.25f);
    const Capsule above({0.0f, 1.5f}, {0.0f, 2.5f}, 0.125f);
    CHECK(CollideCapsules(upright, {}, above, {}).pointCount == 0);
    const Manifold c = CollideCapsules(upright, {}, above, {}, 1.0f);
    REQUIRE(c.pointCount >= 1);
    CHECK(Deepest(c) == Approx(0.125f));
    CHECK(c.normal.y == Approx(1.0f));
}

TEST_CASE("Distance finds a tiny triangle across a segment overlapping, in both orders (issue 16)", "[pairs][regression]") {
    const Segment segment({-1.0f, 0.0f}, {1.0f, 0.0f});
    const float size = 5.85488e-05f;
    const ConvexPolygon triangle(std::array<Vec2, 3>{Vec2{0.0f, 0.0f}, Vec2{size, 0.0f}, Vec2{0.0f, size}});
    const Transform at{{-0.132049486f, -8.29834974e-08f}, Rot{0.774482846f, 0.632594883f}};
    REQUIRE(Overlap(segment, {}, triangle, at));
    CHECK(Distance(segment, {}, triangle, at).distance == 0.0f);
    CHECK(Distance(triangle, at, segment, {}).distance == 0.0f);
}

TEST_CASE("A segment end beside a polygon's corner gets no more separation than the distance (issue 16)", "[pairs][regression]") {
    // A slightly crooked level: the segment tilted by 0.84 mrad ends just below the polygon's corner.
    // The side-plane clip used to slide the point 18 mm along the segment (separation 104 mm for 87 mm).
    const Segment segment({-0.5f, 0.0f}, {0.5f, 0.0f});
    const Transform xfS{{}, Rot{0.999999642f, 0.0008432506f}};
    const float sz = 0.35404861f;
    const ConvexPolygon quad(std::array<Vec2, 4>{Vec2{0.0f, 0.0f}, Vec2{sz, 0.0f}, Vec2{sz, 0.7f * sz}, Vec2{0.0f, sz}});
    const Transform xfP{{0.586890161f, 0.000406909006f}, Rot{1.19248806e-08f, -1.0f}};
    const float distance = Distance(segment, xfS, quad, xfP).distance;
    CHECK(distance == Approx(0.0869f).margin(2e-4));
    const Manifold m = CollideSegmentAndPolygon(segment, xfS, quad, xfP, 0.2f);
    REQUIRE(m.pointCount >= 1);
    CHECK(Deepest(m) <= distance + 1e-5f);
}

TEST_CASE("A capsule along a box's edge line gets its distance, not a point slid along it (issue 16)", "[pairs][regression]") {
    // Capsule core x = 0.5, y in [0, 1]; the box's right edge on the same line 0.75 below: distance 0.5.
    const Capsule capsule({0.5f, -0.5f}, {0.5f, 0.5f}, 0.25f);
    const Transform xfC{{1.0f, 0.5f}, Rot{-1.0f, -8.74227766e-08f}};
    const Box box({0.25f, 0.25f});
    const Transform xfB{{0.25f, -1.0f}, Rot{}};
    for (float margin : {0.5f + 1e-4f, 1.0f}) {
        const Manifold m = CollideBoxAndCapsule(box, xfB, capsule, xfC, margin);
        REQUIRE(m.pointCount >= 1);
        CHECK(Deepest(m) == Approx(0.5f).margin(1e-4));
    }
}

TEST_CASE("Boxes apart get no penetrating manifold from a face the hysteresis kept (found by fuzzing, issue 16)", "[pairs][regression]") {
    // 1 mm boxes 1.4 µm apart: A's face, along which they overlap, was kept within the face hysteresis
    // over B's separating face, and the manifold reported −1.4 µm.
    const Box box({0.000964721723f, 0.000964721723f}, {-0.000964721723f, -0.000964721723f}, -0.000964721723f);
    const Transform xfA{{-0.000964721723f, -0.000964721723f}, Rot{-0.608042061f, -0.793904841f}};
    const Transform xfB{{-0.000964721723f, -0.000964721723f}, Rot{0.87758255f, 0.47942555f}};
    const PairReport r = CheckPairConsistency(box, xfA, box, xfB, 1.02e-6f, 5e-4f);
    INFO(r.problem);
    CHECK(r.problem.empty());
    REQUIRE(r.distanceAB.distance > 1e-6f);
    const Manifold m = CollideBoxes(box, xfA, box, xfB, 1e-4f);
    REQUIRE(m.pointCount >= 1);
    CHECK(Deepest(m) >= 0.0f);
    // The same 0.37 µm apart (B turned by 0.1 mrad), within the touching branch's 0.1 × hysteresis:
    // the manifold said −1.2 µm.
    const Box turned({0.000964721723f, 0.000964721723f}, {-0.000964721723f, -0.000964721723f}, 0.000105590829f);
    const PairReport close = CheckPairConsistency(box, xfA, turned, xfB, 1.02e-6f, 5e-4f);
    INFO(close.problem);
    CHECK(close.problem.empty());
    REQUIRE(close.distanceAB.distance > 0.0f);
    CHECK(Deepest(CollideBoxes(box, xfA, turned, xfB, 1e-4f)) >= -1e-7f);
}

TEST_CASE("A capsule leaving a box's corner at a glancing angle gets its contact (found by fuzzing, issue 16)", "[pairs][regression]") {
    // The capsule's core starts 0.116 µm above the box's top right corner, exactly on the plane of the
    // box's right face (separation 0, kept within the hysteresis over the capsule's own face), and runs
    // 16.75 m to the right and down by 0.1 mm. Clipped to that face's side planes it began 18 mm away:
    // the manifold was empty though the 52.5 µm capsule sinks 52.4 µm into the box.
    const Capsule capsule({5.25482174e-05f, 5.25482174e-05f}, {16.75f, -5.44830291e-05f}, 5.25482174e-05f);
    const Box box({5.25482174e-05f, 5.24322495e-05f});
    const float coreGap = 5.25482174e-05f - 5.24322495e-05f;
    const PairReport r = CheckPairConsistency(capsule, Transform{}, box, Transform{}, 2e-5f * 16.75f + 1e-6f, 5e-4f);
    INFO(r.problem);
    CHECK(r.problem.empty());
    for (float margin : {0.0f, 1e-3f}) {
        const Manifold m = CollideBoxAndCapsule(box, Transform{}, capsule, Transform{}, margin);
        REQUIRE(m.pointCount >= 1);
        CHECK(Deepest(m) == Approx(coreGap - capsule.radius()).margin(1e-9));
        CHECK(m.normal.x == Approx(0.0f).margin(1e-6));
        CHECK(m.normal.y == Approx(1.0f).margin(1e-6));
    }
    // Slid left by up to 1 µm the capsule's end overlaps the right face's plane (a negative separation
    // within the hysteresis): the same contact.
    for (float shift : {1e-9f, 1e-7f, 1e-6f}) {
        const Capsule slid(capsule.a() - Vec2{shift, 0.0f}, capsule.b() - Vec2{shift, 0.0f}, capsule.radius());
        const Manifold m = CollideBoxAndCapsule(box, Transform{}, slid, Transform{}, 0.0f);
        INFO("shift " << shift);
        REQUIRE(m.pointCount >= 1);
        CHECK(Deepest(m) == Approx(coreGap - capsule.radius()).margin(2e-9));
    }
}

TEST_CASE("A box thinner than float's spacing gets finite box-box contacts (found by fuzzing, issue 16)", "[pairs][regression]") {
    // The World fuzzer's bullet: a box 7.2e-43 m (denormal) by 9.6e-38 m at the centre of a 1 m box.
    // Clipping its incident edge divided by w2.y − w1.y, 0 or denormal there: a NaN contact point, then a
    // NaN body.
    const Box block({0.5f, 0.5f}, {0.5f, 0.5f}, 0.5f);
    const Box bullet({7.20267411e-43f, 9.55146557e-38f}, {0.5f, 0.5f}, 1.34955597f);
    const Transform xf{{24.25f, 24.25f}, Rot{0.635035992f, -0.772482574f}};
    for (const float margin : {3.20397973f, 0.00499999989f}) {
        for (const bool swapped : {false, true}) {
            const Manifold m = swapped ? CollideBoxes(bullet, xf, block, xf, margin) : CollideBoxes(block, xf, bullet, xf, margin);
            INFO("margin " << margin << " swapped " << swapped);
            REQUIRE(m.pointCount >= 1);
            for (int k = 0; k < m.pointCount; ++k) {
                CHECK(std::isfinite(m.points[k].point.x));
                CHECK(std::isfinite(m.points[k].point.y));
                CHECK(m.points[k].separation == Approx(-0.5f).margin(1e-4));
            }
        }
    }
    // The same sizes at random poses, in and around the block.
    Rng rng(0xb0c5);
    int contacts = 0;
    for (int i = 0; i < 4000; ++i) {
        const float thin = std::array<float, 4>{7.20267411e-43f, 1e-40f, 1e-30f, 1e-12f}[static_cast<size_t>(i % 4)];
        const Box sliver({thin, rng.Chance(0.5f) ? 9.55146557e-38f : thin}, {0.5f, 0.5f}, rng.Angle());
        const Box block({0.5f, 0.5f}, {0.5f, 0.5f}, rng.Chance(0.5f) ? 0.5f : rng.Angle());
        const Transform xfS{rng.InBox(-1.5f, 1.5f), Rot::FromAngle(rng.Angle())}, xfB{rng.InBox(-0.5f, 0.5f), Rot::FromAngle(rng.Angle())};
        for (const bool swapped : {false, true}) {
            const Manifold m = swapped ? CollideBoxes(block, xfB, sliver, xfS, 1.0f) : CollideBoxes(sliver, xfS, block, xfB, 1.0f);
            INFO("case " << i << " swapped " << swapped);
            for (int k = 0; k < m.pointCount; ++k) {
                REQUIRE(std::isfinite(m.points[k].point.x));
                REQUIRE(std::isfinite(m.points[k].point.y));
                REQUIRE(std::isfinite(m.points[k].separation));
            }
            if (m.pointCount > 0) REQUIRE(std::abs(Length(m.normal) - 1.0f) < 1e-3f);
            contacts += m.pointCount > 0;
        }
    }
    CHECK(contacts > 1000);
}

TEST_CASE("MoveAndSlide rejects a skin it cannot keep (found by fuzzing, issue 16)", "[move][regression]") {
    // A skin of 3.4e38 m pushed a character out of an obstacle to infinity.
    const std::array<Obstacle, 1> obstacles{Obstacle{Circle({0.5f, 0.5f}, 0.5f), {}}};
    CHECK_THROWS_AS(MoveAndSlide({.radius = 0.5f, .halfHeight = 0.5f}, {0.5f, 0.5f}, {}, obstacles, {.skin = 3.4e38f}), InvalidArgument);
    CHECK_THROWS_AS(MoveAndSlide({.radius = 0.5f}, {}, {}, obstacles, {.skin = 1.5f}), InvalidArgument);
}

TEST_CASE("MoveAndSlide rejects a ground probe beyond 1000 m; polygons whose edges overflow are rejected (found by fuzzing, issue 16)",
          "[move][regression]") {
    const std::array<Obstacle, 1> obstacles{Obstacle{Box({0.5f, 0.5f}, {0.5f, 0.5f}, -2.34955597f), {{0.5f, 0.5f}, Rot{0.87758255f, 0.47942555f}}}};
    CHECK_THROWS_AS(MoveAndSlide({.radius = 0.5f, .halfHeight = 0.5f}, {0.5f, 0.5f}, {-0.25f, 1.0f}, obstacles,
                                 {.skin = 0.5f, .maxIterations = 8, .maxSlopeAngle = 0.5f, .groundProbe = 3.4e38f}),
                    InvalidArgument);
    const std::array<Vec2, 3> far{Vec2{3.4e38f, 0.25f}, Vec2{3.4e38f, 3.4e38f}, Vec2{0.0f, -2.65845599e36f}};
    CHECK_THROWS_AS(ConvexPolygon(far), InvalidArgument);
}
