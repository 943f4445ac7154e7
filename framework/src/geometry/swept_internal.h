#pragma once
// Internal to the swept-region and rotating time-of-impact code: a shape reduced to its convex core
// (1 point, 2 points or a CCW polygon) plus a rounding radius, and exact distances on such cores.
#include <array>
#include <cmath>
#include <span>

#include "sensu/geometry/arc.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/rounded_core.h"
#include "sensu/geometry/shapes.h"
#include "sensu/geometry/swept_region.h"

namespace sensu::swept {

/// The core placed by xf (points and normals).
RoundedCore Posed(const RoundedCore& core, const Transform& xf);
/// The core expressed in the frame xf (the inverse of Posed).
RoundedCore InvPosed(const RoundedCore& core, const Transform& xf);

RoundedCore CoreOf(const Circle& shape, const Transform& xf = {});
RoundedCore CoreOf(const Capsule& shape, const Transform& xf = {});
RoundedCore CoreOf(const Box& shape, const Transform& xf = {});
RoundedCore CoreOf(const ConvexPolygon& shape, const Transform& xf = {});
RoundedCore CoreOf(const Segment& shape, const Transform& xf = {});
/// Throws InvalidArgument when the sweep holds non-finite numbers.
void RequireValid(const RotationalSweep& sweep);

/// p inside (or on) the CCW convex polygon pts[0..n), n ≥ 3.
bool PointInConvex(Vec2 p, const Vec2* pts, int n);

/// Squared distance from p to the solid core (0 inside).
float DistanceSquaredPointCore(Vec2 p, const Vec2* pts, int n);

/// Pseudo-angle of the direction (c, s) = k·(cos φ, sin φ), k > 0: a monotone map of φ ∈ [0, 2π) onto
/// [0, 4) without trig, so angles along an arc can be compared cheaply ("diamond angle").
inline float DiamondAngle(float s, float c) {
    if (s >= 0.0f) return c >= 0.0f ? (s + c > 0.0f ? s / (s + c) : 0.0f) : 1.0f - c / (s - c);
    return c < 0.0f ? 2.0f - s / (-c - s) : 3.0f + c / (c - s);
}

/// Diamond-angle limit of an arc turning by |sweep|: 4 (everything) from a full turn on.
inline float DiamondLimit(float sweep) {
    const float turn = std::abs(sweep);
    return turn >= kTwoPi ? 4.0f : DiamondAngle(std::sin(turn), std::cos(turn));
}

/// Boundary pieces of core ⊕ disc(reach), as ForEachCrossing reports them: edge i pushed out along
/// its normal (feature i), the far side of a capsule core (kCapsuleBackSide), the circle about vertex i
/// (kVertexCircle + i).
inline constexpr int kCapsuleBackSide = -1;
inline constexpr int kVertexCircle = 16;

/// Outward unit normal of the grown core at a point x of boundary piece `feature`.
inline Vec2 CrossingNormal(const RoundedCore& core, int feature, Vec2 x) {
    if (feature == kCapsuleBackSide) return -core.normals[0];
    if (feature >= kVertexCircle) return Normalize(x - core.points[feature - kVertexCircle]);
    return core.normals[feature];
}

/// The circle |x| = |p0| about the origin against the boundary of core ⊕ disc(reach): edges pushed out
/// along their normals and circles of radius `reach` about the vertices. Calls visit(x, key, feature)
/// for every crossing x whose angle from p0, turning by sign `sigma`, has diamond angle key ≤ limit;
/// `feature` names the boundary piece (see CrossingNormal). Stops when visit returns true. Everything
/// is compared squared, so crossings that do not exist cost no square root.
template <class Visit>
void ForEachCrossing(Vec2 p0, float sigma, float limit, const RoundedCore& core, float reach, Visit&& visit) {
    const float rho2 = LengthSquared(p0);
    const float rho = std::sqrt(rho2);
    auto offer = [&](Vec2 x, int feature) {
        const float key = DiamondAngle(sigma * Cross(p0, x), Dot(p0, x));
        return key <= limit && visit(x, key, feature);
    };
    auto segment = [&](Vec2 a, Vec2 b, int feature) {
        // |a + t d|² = ρ² for t = (−bq ± √disc)/dd; t in [0, 1] is tested before dividing.
        const Vec2 d = b - a;
        const float dd = LengthSquared(d);
        const float bq = Dot(a, d);
        const float disc = bq * bq - dd * (LengthSquared(a) - rho2);
        if (dd <= 0.0f || disc < 0.0f) return false;
        const float root = std::sqrt(disc);
        const float n1 = -bq - root, n2 = -bq + root;
        if (n1 >= 0.0f && n1 <= dd && offer(a + (n1 / dd) * d, feature)) return true;
        return n2 >= 0.0f && n2 <= dd && offer(a + (n2 / dd) * d, feature);
    };
    const int n = core.count;
    if (n >= 3) {
        for (int i = 0; i < n; ++i) {
            const Vec2 shift = reach * core.normals[i];
            if (segment(core.points[i] + shift, core.points[i + 1 < n ? i + 1 : 0] + shift, i)) return;
        }
    } else if (n == 2) {
        const Vec2 shift = reach * core.normals[0];
        if (segment(core.points[0] + shift, core.points[1] + shift, 0)) return;
        if (segment(core.points[0] - shift, core.points[1] - shift, kCapsuleBackSide)) return;
    }
    if (reach <= 0.0f) return;
    const float reach2 = reach * reach;
    for (int i = 0; i < n; ++i) {
        // Circles |x| = ρ and |x − v| = reach meet iff (ρ − reach)² ≤ |v|² ≤ (ρ + reach)².
        const Vec2 v = core.points[i];
        const float d2 = LengthSquared(v);
        const float lhs = d2 - rho2 - reach2;          // |v|² − ρ² − reach²
        const float bound = 2.0f * reach * rho;
        if (d2 <= 0.0f || lhs > bound || lhs < -bound) continue;
        const float d = std::sqrt(d2);
        const float along = (rho2 - reach2 + d2) / (2.0f * d);
        const float h = std::sqrt(Max(rho2 - along * along, 0.0f));
        const Vec2 u = (1.0f / d) * v;
        const Vec2 base = along * u;
        const Vec2 x1 = base + h * LeftPerp(u), x2 = base - h * LeftPerp(u);
        if (offer(x1, kVertexCircle + i)) return;
        if (offer(x2, kVertexCircle + i)) return;
    }
}

/// True when p lies within `reach` of the solid core. Polygons first use their edge normals (the
/// largest signed edge distance says inside, or certainly farther than `reach`), so only points near
/// a corner pay for exact distances.
bool PointWithinCore(Vec2 p, const RoundedCore& core, float reach);

/// True when the arc from p0 about the origin (turning by sign sigma, diamond limit `limit`) comes
/// within `reach` of the solid core: its start is, or it crosses the grown core's boundary.
bool ArcMeetsRoundedCore(Vec2 p0, float sigma, float limit, const RoundedCore& core, float reach);

/// Squared distance between two solid cores (0 when they overlap): vertex containment, then all
/// pairs of boundary segments (at most 8 × 8).
float DistanceSquaredCores(const Vec2* a, int na, const Vec2* b, int nb);

struct CoreClosestPoints {
    float distanceSquared = 0.0f;
    Vec2 onA{}, onB{}; // closest points (equal, somewhere in the overlap, when the cores overlap)
};

/// Like DistanceSquaredCores, also returning the closest points.
CoreClosestPoints ClosestPointsCores(const Vec2* a, int na, const Vec2* b, int nb);

/// Distance from the origin to the solid core (0 when the origin is inside) and the closest point.
float DistanceFromOrigin(const Vec2* pts, int n, Vec2* closest);

/// Largest |p| over the core points.
float MaxRadius(const Vec2* pts, int n);

/// The exact rotating time of impact (rotating_toi.h) with A's start pose already evaluated: A (body
/// frame) turns by alpha from startA about its fixed pivot; B rests, given in A's start frame.
RotatingImpact ExactRotatingInFrame(const RoundedCore& coreA, const Transform& startA, float alpha, const RoundedCore& coreB);

} // namespace sensu::swept
