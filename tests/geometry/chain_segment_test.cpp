// One-sided chain segments (ChainSegment, manifold.h) against brute force on thousands of random cases:
// nothing from behind, only normals the neighbours allow (checked with angles, independently of the
// implementation's cross products), face contacts found and measured right, a box on a flat or convex
// joint gets the face's normal, in a concave corner each segment its own, and the degenerate cases
// (folds, collinear ghosts, shapes exactly at the vertex) stay finite. Plain segments fail the joint
// tests, so those tests can fail.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <variant>

#include "convex_truth.h"
#include "random_cases.h"
#include "sensu/geometry/manifold.h"
#include "sensu/geometry/raycast.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

using Solid = std::variant<Circle, Capsule, Box, ConvexPolygon>;

Manifold CollideChain(const ChainSegment& a, const Transform& xfA, const Solid& b, const Transform& xfB, float margin) {
    return std::visit(
        [&](const auto& shape) {
            using T = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<T, Circle>) return CollideChainSegmentAndCircle(a, xfA, shape, xfB, margin);
            else if constexpr (std::is_same_v<T, Capsule>) return CollideChainSegmentAndCapsule(a, xfA, shape, xfB, margin);
            else if constexpr (std::is_same_v<T, Box>) return CollideChainSegmentAndBox(a, xfA, shape, xfB, margin);
            else return CollideChainSegmentAndPolygon(a, xfA, shape, xfB, margin);
        },
        b);
}

Manifold CollidePlain(const Segment& a, const Transform& xfA, const Solid& b, const Transform& xfB, float margin) {
    return std::visit(
        [&](const auto& shape) {
            using T = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<T, Circle>) return CollideSegmentAndCircle(a, xfA, shape, xfB, margin);
            else if constexpr (std::is_same_v<T, Capsule>) return CollideSegmentAndCapsule(a, xfA, shape, xfB, margin);
            else if constexpr (std::is_same_v<T, Box>) return CollideSegmentAndBox(a, xfA, shape, xfB, margin);
            else return CollideSegmentAndPolygon(a, xfA, shape, xfB, margin);
        },
        b);
}

TruthShape TruthOf(const Solid& b, const Transform& xf) {
    return std::visit([&](const auto& shape) { return Truth(shape, xf); }, b);
}

Solid RandomSolid(Rng& rng, float scale) {
    switch (rng.Int(0, 3)) {
        case 0: return RandomCircle(rng, scale);
        case 1: return RandomCapsule(rng, scale);
        case 2: return RandomBox(rng, scale);
        default: return RandomPolygon(rng, scale);
    }
}

Vec2 Centroid(const TruthShape& t) {
    Vec2 sum{};
    for (Vec2 p : t.core) sum = sum + p;
    return (1.0f / static_cast<float>(t.core.size())) * sum;
}

// Counter-clockwise angle from `from` to `to`, in [0, 2π).
double AngleCcw(Vec2 from, Vec2 to) {
    const double angle = std::atan2(static_cast<double>(Cross(from, to)), static_cast<double>(Dot(from, to)));
    return angle < 0.0 ? angle + 2.0 * 3.14159265358979323846 : angle;
}

constexpr double kAngleTol = 0.0105;  // rad: the implementation's fan slack (sin 0.01) plus round-off

bool InArc(Vec2 from, Vec2 to, Vec2 n) {
    const double at = AngleCcw(from, n);
    return at <= AngleCcw(from, to) + kAngleTol || at >= 2.0 * 3.14159265358979323846 - kAngleTol;
}

/// The rule of chain.h in angles: the segment's normal, or inside the fan of a convex (or straight) end.
bool Admissible(const ChainSegment& s, Vec2 n) {
    const Vec2 n1 = s.normal();
    if (std::abs(std::atan2(Cross(n1, n), Dot(n1, n))) <= kAngleTol) return true;
    const Vec2 before = s.a() - s.ghost1(), edge = s.b() - s.a(), after = s.ghost2() - s.b();
    const Vec2 n0 = Normalize(RightPerp(before)), n2 = Normalize(RightPerp(after));
    if (Cross(before, edge) >= 0.0f && InArc(n0, n1, n)) return true;
    return Cross(edge, after) >= 0.0f && InArc(n1, n2, n);
}

// A random neighbour vertex beyond `end` seen from `from`: straight on, turned by a random angle
// (convex or concave, up to sharp), folded right back, or anywhere.
Vec2 RandomGhost(Rng& rng, Vec2 from, Vec2 end, float scale) {
    const Vec2 dir = Normalize(end - from);
    const float length = scale * rng.Uniform(0.2f, 2.0f);
    switch (rng.Int(0, 4)) {
        case 0: return end + length * dir;                                                   // collinear
        case 1: return end + length * Rotate(Rot::FromAngle(rng.Uniform(-3.0f, 3.0f)), dir);  // any turn
        case 2: return end + length * Rotate(Rot::FromAngle(rng.Uniform(-0.05f, 0.05f)), dir); // nearly flat
        case 3: return end - length * dir;                                                   // folded back
        default: return end + scale * rng.InBox(-2.0f, 2.0f) + Vec2{1e-3f * scale, 0.0f};
    }
}

ChainSegment RandomChainSegment(Rng& rng, float scale) {
    const Vec2 a = scale * rng.InBox(-1.0f, 1.0f);
    Vec2 b = scale * rng.InBox(-1.0f, 1.0f);
    if (Distance(a, b) < 0.05f * scale) b = a + Vec2{0.5f * scale, 0.1f * scale};
    Vec2 g1 = RandomGhost(rng, b, a, scale);
    Vec2 g2 = RandomGhost(rng, a, b, scale);
    if (g1 == a) g1 = a + Vec2{scale, 0.0f};
    if (g2 == b) g2 = b + Vec2{scale, 0.0f};
    return ChainSegment(g1, a, b, g2);
}

struct Failures {
    int count = 0;
    std::string first;
    void Add(int caseIndex, const std::string& what) {
        if (count++ < 5) first += "case " + std::to_string(caseIndex) + ": " + what + "\n";
    }
};

// snprintf rather than string concatenation: GCC 12 reports a false -Wrestrict inside "(" + std::string.
std::string Str(Vec2 v) {
    char text[64];
    std::snprintf(text, sizeof text, "(%g, %g)", static_cast<double>(v.x), static_cast<double>(v.y));
    return text;
}

} // namespace

TEST_CASE("ChainSegment validates its vertices", "[chain][geometry]") {
    CHECK_NOTHROW(ChainSegment({-1, 0}, {0, 0}, {1, 0}, {2, 0}));
    CHECK_THROWS_AS(ChainSegment({-1, 0}, {0, 0}, {0, 0}, {2, 0}), InvalidArgument);
    CHECK_THROWS_AS(ChainSegment({0, 0}, {0, 0}, {1, 0}, {2, 0}), InvalidArgument);
    CHECK_THROWS_AS(ChainSegment({-1, 0}, {0, 0}, {1, 0}, {1, 0}), InvalidArgument);
    CHECK_THROWS_AS(ChainSegment({-1, 0}, {0, std::nanf("")}, {1, 0}, {2, 0}), InvalidArgument);
    CHECK_THROWS_AS(ChainSegment({-3e38f, 0}, {3e38f, 0}, {1, 0}, {2, 0}), InvalidArgument);
    // The normal is RightPerp(b − a): ground running right to left collides from above.
    const ChainSegment ground({2, 0}, {1, 0}, {-1, 0}, {-2, 0});
    CHECK(ground.normal().x == Approx(0.0f).margin(1e-7f));
    CHECK(ground.normal().y == Approx(1.0f));
}

TEST_CASE("Chain segment: no contact for shapes whose centroid is behind it; only allowed normals", "[chain][geometry]") {
    Rng rng(1301);
    Failures behind, normals, nonFinite;
    int contacts = 0, behindCases = 0;
    for (int i = 0; i < 20000; ++i) {
        const float scale = CaseScale(i);
        const ChainSegment s = RandomChainSegment(rng, scale);
        const Transform xfA = RandomPose(rng, scale);
        const Solid b = RandomSolid(rng, scale);
        const Vec2 middle = 0.5f * (s.a() + s.b());
        const Transform xfB{TransformPoint(xfA, middle + scale * rng.InBox(-1.2f, 1.2f)), Rot::FromAngle(rng.Angle())};
        const float margin = rng.Chance(0.5f) ? 0.0f : 0.05f * scale;
        const Manifold m = CollideChain(s, xfA, b, xfB, margin);
        const TruthShape tb = TruthOf(b, xfB);
        const Vec2 localCentroid = InvTransformPoint(xfA, Centroid(tb));
        const bool isBehind = Dot(s.normal(), localCentroid - s.a()) < -1e-5f * scale;
        behindCases += isBehind ? 1 : 0;
        if (isBehind && m.pointCount > 0) behind.Add(i, "contact from behind, normal " + Str(m.normal));
        if (m.pointCount == 0) continue;
        ++contacts;
        bool finite = IsFinite(m.normal.x) && IsFinite(m.normal.y);
        for (int p = 0; p < m.pointCount; ++p) finite = finite && IsFinite(m.points[p].separation) && IsFinite(m.points[p].point.x);
        if (!finite) nonFinite.Add(i, "non-finite manifold");
        const Vec2 localNormal = InvRotate(xfA.q, m.normal);
        if (!Admissible(s, localNormal)) normals.Add(i, "normal " + Str(localNormal) + " not allowed; segment normal " + Str(s.normal()));
    }
    INFO(behind.first << normals.first << nonFinite.first);
    CHECK(behindCases > 5000);
    CHECK(contacts > 1000);
    CHECK(behind.count == 0);
    CHECK(normals.count == 0);
    CHECK(nonFinite.count == 0);
}

TEST_CASE("Chain segment: a shape over its face is found and measured like brute force", "[chain][geometry]") {
    Rng rng(1302);
    Failures missed, measure;
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const float scale = CaseScale(i);
        const ChainSegment s = RandomChainSegment(rng, scale);
        const Transform xfA = RandomPose(rng, scale);
        const Solid b = RandomSolid(rng, 0.3f * scale);
        const Vec2 tangent = Normalize(s.b() - s.a());
        const float length = Distance(s.a(), s.b());
        // Over the face, in front, from touching-deep to a little apart.
        const Vec2 local = s.a() + rng.Uniform(0.0f, length) * tangent + scale * rng.Uniform(-0.1f, 0.3f) * s.normal();
        const Transform xfB{TransformPoint(xfA, local), Rot::FromAngle(rng.Angle())};
        const float margin = 0.05f * scale;
        const TruthShape tb = TruthOf(b, xfB);
        bool overFace = Dot(s.normal(), InvTransformPoint(xfA, Centroid(tb)) - s.a()) > 0.0f;
        for (Vec2 p : tb.core) {
            const float u = Dot(tangent, InvTransformPoint(xfA, p) - s.a());
            overFace = overFace && u > 0.01f * length + tb.radius && u < 0.99f * length - tb.radius;
        }
        const TruthShape ta = Truth(Segment(s.a(), s.b()), xfA);
        const Vec2 worldNormal = Rotate(xfA.q, s.normal());
        const float gap = SeparationAlong(ta, tb, worldNormal);
        if (!overFace || gap > 0.9f * margin) continue;
        ++checked;
        const Manifold m = CollideChain(s, xfA, b, xfB, margin);
        if (m.pointCount == 0) {
            missed.Add(i, "no contact, gap along the normal " + std::to_string(gap));
            continue;
        }
        // The deepest point is as deep as B really is along the reported normal.
        float deepest = 3.4e38f;
        for (int p = 0; p < m.pointCount; ++p) deepest = Min(deepest, m.points[p].separation);
        const float truth = SeparationAlong(ta, tb, m.normal);
        const float tol = 2e-4f * scale + 1e-5f;
        if (std::abs(deepest - truth) > tol)
            measure.Add(i, "deepest " + std::to_string(deepest) + " vs brute force " + std::to_string(truth) + " along " + Str(m.normal));
    }
    INFO(missed.first << measure.first);
    CHECK(checked > 3000);
    CHECK(missed.count == 0);
    CHECK(measure.count == 0);
}

namespace {

// Two segments sharing the vertex at the origin, as a chain gives them: the first from the left
// (running right to left, so bodies above collide), the second turned by `turn` (positive: the chain
// turns convex, a hilltop; negative: a valley).
struct Joint {
    ChainSegment left, right;
};

Joint MakeJoint(float turn) {
    const Vec2 rightEnd = Rotate(Rot::FromAngle(-turn), Vec2{2.0f, 0.0f});
    // Points in chain order: rightEnd → origin → (−2, 0); ghosts one segment on.
    const Vec2 leftEnd{-2.0f, 0.0f};
    const ChainSegment right(rightEnd + Vec2{0.0f, -1.0f}, rightEnd, {0.0f, 0.0f}, leftEnd);
    const ChainSegment left(rightEnd, {0.0f, 0.0f}, leftEnd, leftEnd + Vec2{0.0f, -1.0f});
    return {left, right};
}

} // namespace

TEST_CASE("Chain joint: a shape on a flat joint only gets the face normal; plain segments catch", "[chain][geometry]") {
    const Joint joint = MakeJoint(0.0f);
    const Segment plainLeft(joint.left.a(), joint.left.b()), plainRight(joint.right.a(), joint.right.b());
    Rng rng(1303);
    Failures wrong, missed;
    int plainCatches = 0, contacts = 0;
    for (int i = 0; i < 10000; ++i) {
        Solid b = Box({rng.Uniform(0.05f, 0.5f), rng.Uniform(0.05f, 0.5f)});
        if (i % 4 == 1) b = Circle({}, rng.Uniform(0.05f, 0.5f));
        if (i % 4 == 2) b = Capsule({-rng.Uniform(0.05f, 0.4f), 0.0f}, {rng.Uniform(0.05f, 0.4f), 0.0f}, rng.Uniform(0.02f, 0.2f));
        if (i % 4 == 3) b = ConvexPolygon::FromBox(Box({rng.Uniform(0.05f, 0.5f), rng.Uniform(0.05f, 0.5f)}));
        // Resting or sliding, slightly tilted, from just above to a little into the ground, anywhere
        // across the joint (exactly at it in some cases).
        const float angle = i % 10 == 0 ? 0.0f : rng.Uniform(-0.005f, 0.005f);
        const Transform probe{{0.0f, 0.0f}, Rot::FromAngle(angle)};
        const float bottom = Support(TruthOf(b, probe), {0.0f, -1.0f});  // origin's height over the lowest point
        const float x = i % 10 == 5 ? 0.0f : rng.Uniform(-0.6f, 0.6f);
        const float depth = rng.Uniform(-0.02f, 0.01f);
        const Transform xfB{{x, bottom + depth}, Rot::FromAngle(angle)};
        const float margin = 0.02f;
        const Manifold ms[2] = {CollideChain(joint.left, {}, b, xfB, margin), CollideChain(joint.right, {}, b, xfB, margin)};
        bool any = false;
        for (const Manifold& m : ms) {
            if (m.pointCount == 0) continue;
            any = true;
            ++contacts;
            if (std::abs(m.normal.x) > 0.0101f || m.normal.y < 0.0f) wrong.Add(i, "normal " + Str(m.normal) + " at x " + std::to_string(x));
        }
        if (!any) missed.Add(i, "no contact on either segment at depth " + std::to_string(depth));
        const Manifold plain[2] = {CollidePlain(plainLeft, {}, b, xfB, margin), CollidePlain(plainRight, {}, b, xfB, margin)};
        for (const Manifold& m : plain)
            if (m.pointCount > 0 && std::abs(m.normal.x) > 0.1f) ++plainCatches;
    }
    INFO(wrong.first << missed.first);
    CHECK(contacts > 10000);
    CHECK(wrong.count == 0);
    CHECK(missed.count == 0);
    // The same cases on two plain segments: the shared vertex pushes sideways (the catch), often.
    CHECK(plainCatches > 500);
}

TEST_CASE("Chain joint: a box on a convex joint gets its face's normal, never one into the joint", "[chain][geometry]") {
    Rng rng(1304);
    Failures wrong;
    int contacts = 0, faceContacts = 0;
    for (int i = 0; i < 10000; ++i) {
        const float turn = rng.Uniform(0.02f, 1.2f);
        const Joint joint = MakeJoint(turn);
        // The box lies on the left segment's face (flat, y up) with its bottom face across the hilltop.
        const Vec2 half{rng.Uniform(0.1f, 0.5f), rng.Uniform(0.05f, 0.4f)};
        const float x = rng.Uniform(0.01f, 0.99f) * half.x;
        const float depth = i % 20 == 0 ? 0.0f : rng.Uniform(-0.01f, 0.005f);
        const Transform xfB{{x, half.y + depth}, Rot::FromAngle(rng.Uniform(-0.002f, 0.002f))};
        for (const ChainSegment* s : {&joint.left, &joint.right}) {
            const Manifold m = CollideChainSegmentAndBox(*s, {}, Box(half), xfB, 0.02f);
            if (m.pointCount == 0) continue;
            ++contacts;
            // Only the terrain's own normals at the corner (from the slope's to the top's): never one
            // pointing back into the joint (x < 0) nor past the slope's.
            if (!InArc(joint.right.normal(), joint.left.normal(), m.normal))
                wrong.Add(i, "normal " + Str(m.normal) + " outside the corner's fan, turn " + std::to_string(turn));
            // The face the box lies on pushes straight up.
            if (s == &joint.left) {
                ++faceContacts;
                if (std::abs(m.normal.x) > 0.0101f) wrong.Add(i, "the top face gives " + Str(m.normal));
            }
        }
    }
    INFO(wrong.first);
    CHECK(faceContacts > 9000);
    CHECK(contacts > 10000);
    CHECK(wrong.count == 0);
}

TEST_CASE("Chain joint: in a concave corner each segment pushes along its own normal", "[chain][geometry]") {
    Rng rng(1305);
    Failures wrong;
    int contacts = 0;
    for (int i = 0; i < 10000; ++i) {
        const float turn = -rng.Uniform(0.02f, 1.5f);
        const Joint joint = MakeJoint(turn);
        Solid b = Box({rng.Uniform(0.1f, 0.4f), rng.Uniform(0.1f, 0.4f)});
        if (i % 2 == 1) b = Circle({}, rng.Uniform(0.1f, 0.4f));
        const Transform xfB{{rng.Uniform(-0.5f, 0.5f), rng.Uniform(0.0f, 0.6f)}, Rot::FromAngle(rng.Uniform(-0.5f, 0.5f))};
        for (const ChainSegment* s : {&joint.left, &joint.right}) {
            const Manifold m = CollideChain(*s, {}, b, xfB, 0.02f);
            if (m.pointCount == 0) continue;
            ++contacts;
            // The far ends are 2 m away: only the segment's normal is allowed near the valley.
            if (Distance(m.normal, s->normal()) > 0.0101f) wrong.Add(i, "normal " + Str(m.normal) + " vs own " + Str(s->normal()));
        }
    }
    INFO(wrong.first);
    CHECK(contacts > 5000);
    CHECK(wrong.count == 0);
}

TEST_CASE("Chain joint: a disc nearing a concave corner gets the next segment's speculative contact", "[chain][geometry]") {
    // Rolling along the left segment into a valley whose right side rises by `turn`: before its centre is
    // over the right segment, once within the margin of it, that segment already limits it along its own
    // normal (the free space near a concave joint is in front of both lines), with the separation from
    // its line (or, within the fan slack of that normal, the exact one from the joint).
    Rng rng(1307);
    int checked = 0;
    Failures failures;
    for (int i = 0; i < 5000; ++i) {
        const float turn = -rng.Uniform(0.05f, 1.0f);
        const Joint joint = MakeJoint(turn);
        const float r = rng.Uniform(0.1f, 0.5f);
        const Vec2 centre{rng.Uniform(-0.6f, 0.0f), r + rng.Uniform(-0.005f, 0.01f)};
        const Vec2 tangent = Normalize(joint.right.b() - joint.right.a());
        if (Dot(tangent, centre - joint.right.b()) <= 0.0f) continue;  // over the right segment already
        const float gap = Dot(joint.right.normal(), centre - joint.right.b()) - r;
        const float margin = 0.05f;
        // Within the margin of the segment itself (its end at the joint): it could reach it this step.
        if (Distance(centre, joint.right.b()) - r > 0.9f * margin) continue;
        ++checked;
        const Manifold m = CollideChainSegmentAndCircle(joint.right, {}, Circle({}, r), Transform{centre, Rot{}}, margin);
        if (m.pointCount != 1 || Distance(m.normal, joint.right.normal()) > 0.0101f || std::abs(m.points[0].separation - gap) > 5e-5f ||
            std::abs(Cross(m.normal, m.points[0].point - centre)) > 1e-5f)
            failures.Add(i, "points " + std::to_string(m.pointCount) + " normal " + Str(m.normal) + " own " + Str(joint.right.normal()) +
                                " separation " + std::to_string(m.pointCount > 0 ? m.points[0].separation : 0.0f) + " gap " + std::to_string(gap) +
                                " turn " + std::to_string(turn));
    }
    INFO(failures.first);
    CHECK(checked > 200);
    CHECK(failures.count == 0);
}

TEST_CASE("Chain segment: shapes exactly at a vertex", "[chain][geometry]") {
    const Joint flat = MakeJoint(0.0f);
    // A circle centred right above the shared vertex touches both segments along +y.
    for (const ChainSegment* s : {&flat.left, &flat.right}) {
        const Manifold m = CollideChainSegmentAndCircle(*s, {}, Circle({}, 0.5f), Transform{{0.0f, 0.49f}, Rot{}}, 0.0f);
        REQUIRE(m.pointCount == 1);
        CHECK(m.normal.x == Approx(0.0f).margin(1e-6f));
        CHECK(m.normal.y == Approx(1.0f));
        CHECK(m.points[0].separation == Approx(-0.01f).margin(1e-6f));
    }
    // A box corner exactly on the vertex, the box beside it on the right: the face normal, not sideways.
    const Transform corner{{0.5f, 0.25f}, Rot{}};
    for (const ChainSegment* s : {&flat.left, &flat.right}) {
        const Manifold m = CollideChainSegmentAndBox(*s, {}, Box({0.5f, 0.25f}), corner, 0.01f);
        if (m.pointCount > 0) CHECK(std::abs(m.normal.x) < 1e-6f);
    }
    // A circle beside a convex corner (the open end of a chain): the fan from the normal to straight on.
    const ChainSegment end({-2.0f, 0.0f}, {-1.0f, 0.0f}, {1.0f, 0.0f}, {1.0f, 2.0f});  // normal (0, −1); ends at b
    const Manifold side = CollideChainSegmentAndCircle(end, {}, Circle({}, 0.5f), Transform{{1.4f, -0.3f}, Rot{}}, 0.0f);
    REQUIRE(side.pointCount == 1);
    CHECK(side.normal.x == Approx(0.8f).margin(1e-5f));
    CHECK(side.normal.y == Approx(-0.6f).margin(1e-5f));
    // Behind the same end: nothing.
    CHECK(CollideChainSegmentAndCircle(end, {}, Circle({}, 0.5f), Transform{{1.2f, 0.3f}, Rot{}}, 0.0f).pointCount == 0);
}

TEST_CASE("Chain segment ray cast hits the front only", "[chain][geometry]") {
    Rng rng(1306);
    int hits = 0, failures = 0;
    for (int i = 0; i < 10000; ++i) {
        const ChainSegment s = RandomChainSegment(rng, 1.0f);
        const Transform xf = RandomPose(rng, 1.0f);
        const RayCastInput ray{rng.InBox(-2.0f, 2.0f), rng.InBox(-3.0f, 3.0f), 1.0f};
        const CastOutput one = RayCast(s, xf, ray);
        const CastOutput two = RayCast(Segment(s.a(), s.b()), xf, ray);
        const Vec2 n = Rotate(xf.q, s.normal());
        const bool front = Dot(n, ray.origin - TransformPoint(xf, s.a())) >= 0.0f && Dot(n, ray.translation) < 0.0f;
        const bool expected = two.hit && front;
        if (one.hit != expected) ++failures;
        if (one.hit) {
            ++hits;
            if (one.fraction != two.fraction || Distance(one.normal, n) > 1e-6f) ++failures;
        }
    }
    CHECK(hits > 200);
    CHECK(failures == 0);
}
