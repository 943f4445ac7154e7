// The exact rotating time of impact of two cores, A turning about its fixed pivot and B at rest
// (rotating_toi.h): in A's start frame each vertex of B traces an arc backwards and each vertex of A an
// arc forwards; the first entry of any of them into the other core grown by both radii, within the first
// turn, is the contact. The resting disc, the common case, has its own closed form (rotating_toi.cpp).
#include <cmath>
#include <limits>

#include "rotating_toi_internal.h"

namespace sensu {

using rotating::ArcEnds;
using rotating::OverlappingInWorld;
using rotating::ScaledArcEnds;

namespace {

// The earliest crossing found so far along one family of arcs.
struct Entry {
    float key = std::numeric_limits<float>::infinity(); // diamond angle of the entry
    Vec2 x{};               // arc point at entry (same frame as the core it enters)
    int feature = 0;        // boundary piece of the grown core (swept::CrossingNormal)
    const RoundedCore* core = nullptr; // the core entered
    Vec2 start{};           // the arc's start (the vertex at t = 0)
    float direction = 1.0f; // +1 CCW, −1 CW
    bool fromA = false;     // true: traced by a vertex of A (forward); false: by a vertex of B (backward)
};

// The first entry of the arc p0 traces (direction sigma) within its first turn, if earlier than the best.
// Inlined into both vertex loops of ExactRotatingInFrame, as the compiler chose while this file was part
// of rotating_toi.cpp: in a file this small its heuristics keep it out of line (a call per vertex).
[[gnu::always_inline]] inline void FindEntry(Entry& best, Vec2 p0, float sigma, bool fromA, const RoundedCore& core, float reach) {
    const swept::FirstArcEntry first = swept::FirstEntry(p0, sigma, core, reach);
    if (first.found() && first.key < best.key) best = {first.key, first.x, first.feature, &core, p0, sigma, fromA};
}

// Squared distance between the bounding boxes of two cores' points (same frame): at most the squared
// distance between the cores.
float BoxGapSquared(const RoundedCore& a, const RoundedCore& b) {
    const auto bounds = [](const RoundedCore& c) {
        AABB box{c.points[0], c.points[0]};
        for (int i = 1; i < c.count; ++i) box = {Min(box.lower, c.points[i]), Max(box.upper, c.points[i])};
        return box;
    };
    const AABB boxA = bounds(a), boxB = bounds(b);
    const Vec2 gap = Max(Max(boxB.lower - boxA.upper, boxA.lower - boxB.upper), Vec2{});
    return LengthSquared(gap);
}

// The winner's exact angle (the only inverse trig) and the impact in world space, or Separated when
// it lies beyond this step's rotation. The winner's rotation needs no trig: it takes the arc's start
// to x, so (cos φ, sin φ) = (start·x, start×x) / ρ².
RotatingImpact ImpactOfEntry(const Entry& best, const RoundedCore& coreA, const RoundedCore& coreB, const Transform& startA,
                             float alpha) {
    RotatingImpact out;
    out.exact = true;
    const Vec2 x = swept::EntryPoint(*best.core, best.feature, best.x);
    const ArcEnds arc = ScaledArcEnds(best.start, x, 1.0f / LengthSquared(best.start));
    const float c = Dot(arc.start, arc.x), s = best.direction * Cross(arc.start, arc.x);
    const float angle = swept::TurnAngle(s, c);
    const float turn = std::abs(alpha);
    if (angle > turn) return out; // the first crossing lies beyond this step's rotation
    out.state = RotatingToiState::Hit;
    out.t = Clamp(angle / turn, 0.0f, 1.0f);
    const Vec2 entered = swept::CrossingNormal(*best.core, best.feature, x);
    if (best.fromA) {
        // x: A's vertex at time t in A's start frame, on B grown by the reach; B's outward normal
        // there points from B to A.
        const Vec2 normal = -entered;
        out.normal = Rotate(startA.q, normal);
        out.point = TransformPoint(startA, x + coreA.radius * normal);
    } else {
        // x: B's vertex in A's body frame at time t, on A grown by the reach. A turned by σφ, where the
        // arc ran the other way (direction = −σ): (cos σφ, sin σφ) = (c, −direction·s) / ρ².
        const Rot turned = NormalizeRot({c * arc.invRho2, -best.direction * s * arc.invRho2});
        const Rot poseA = Mul(startA.q, turned);
        out.normal = Rotate(poseA, entered);
        out.point = startA.p + Rotate(poseA, x - coreB.radius * entered);
    }
    return out;
}

} // namespace

RotatingImpact rotating::OverlappingInWorld(const RoundedCore& coreA, const Transform& startA, const RoundedCore& coreB,
                                  const swept::CoreClosestPoints& cp) {
    RotatingImpact overlap = Overlapping(coreA, coreB, cp);
    overlap.normal = Rotate(startA.q, overlap.normal);
    overlap.point = TransformPoint(startA, overlap.point);
    overlap.exact = true;
    return overlap;
}

// Exact method: A rotates about its fixed pivot, B is at rest. Works in A's start frame (A's body frame).
RotatingImpact swept::ExactRotatingInFrame(const RoundedCore& coreA, const Transform& startA, float alpha, const RoundedCore& coreB) {
    const float reach = coreA.radius + coreB.radius;
    const float rMaxA = swept::MaxRadius(coreA.points.data(), coreA.count);
    if (coreB.count == 1) {
        const Vec2 p = coreB.points[0];
        const float rho = Length(p);
        RotatingImpact none;
        none.exact = true;
        if (DiscBeyondRing(rho, rMaxA, reach)) return none;
        return ExactRotatingDisc(coreA, startA, alpha, p, rho, coreB.radius, rMaxA);
    }
    const float rMaxB = swept::MaxRadius(coreB.points.data(), coreB.count);
    const float touch = TouchAllowance(rMaxA, rMaxB, reach);
    RotatingImpact out;
    out.exact = true;
    // Touching at the start: the cores' closest points (every pair of edges, the costliest part of a
    // call) only when their bounding boxes are close enough; the boxes' gap never exceeds the cores'
    // distance (measured: a rotating bar against a resting 10 cm box, a further 0.58× the time).
    if (BoxGapSquared(coreA, coreB) <= Square(reach + touch)) {
        const swept::CoreClosestPoints cp = swept::ClosestPointsCores(coreA.points.data(), coreA.count, coreB.points.data(), coreB.count);
        if (cp.distanceSquared <= Square(reach + touch)) return OverlappingInWorld(coreA, startA, coreB, cp);
    }
    if (alpha == 0.0f) return out; // no motion and no overlap at the start: no contact
    const float sigma = alpha >= 0.0f ? 1.0f : -1.0f;
    // Every entry of the first turn (diamond angle < 4); only the winner's true angle is then
    // compared with the sweep (one inverse tangent, TurnAngle; no trig for the limit). An arc of
    // radius ρ about the pivot can only enter a core grown by the reach when ρ lies in the core's ring
    // [nearest − reach, farthest + reach] (grown by a float allowance, as DiscBeyondRing's): the
    // others are skipped, which for a small body beside a long one is most of A's arcs (measured: a
    // rotating bar against a resting 10 cm box, 0.77× the time).
    Vec2 nearest{};
    const float rMinA = swept::DistanceFromOrigin(coreA.points.data(), coreA.count, &nearest);
    const float rMinB = swept::DistanceFromOrigin(coreB.points.data(), coreB.count, &nearest);
    const float allowance = 1e-6f * (rMaxA + rMaxB + reach);
    const auto inRing = [&](Vec2 vertex, float nearestOther, float farthestOther) {
        const float rho = Length(vertex);
        return (rho <= farthestOther + reach + allowance) & (rho >= nearestOther - reach - allowance);
    };
    Entry best;
    // Vertices of B, carried backwards, entering A grown by both radii.
    for (int j = 0; j < coreB.count; ++j)
        if (inRing(coreB.points[j], rMinA, rMaxA)) FindEntry(best, coreB.points[j], -sigma, false, coreA, reach);
    // Vertices of A entering B grown by both radii.
    for (int i = 0; i < coreA.count; ++i)
        if (inRing(coreA.points[i], rMinB, rMaxB)) FindEntry(best, coreA.points[i], sigma, true, coreB, reach);
    if (!(best.key < std::numeric_limits<float>::infinity())) return out;
    return ImpactOfEntry(best, coreA, coreB, startA, alpha);
}

} // namespace sensu
