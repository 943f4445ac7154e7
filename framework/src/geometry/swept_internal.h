#pragma once
// Internal to the swept-region and rotating time-of-impact code: a shape reduced to its convex core
// (1 point, 2 points or a CCW polygon) plus a rounding radius, and exact distances on such cores.
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <span>
#include <utility>

#include "sensu/geometry/arc.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/rounded_core.h"
#include "sensu/geometry/shapes.h"
#include "sensu/geometry/swept_region.h"

namespace sensu::swept {

/// Fills the core's derived data (lines, maxRadius, pointRadius, entryMiddle2/entryHalf2; for a disc
/// only the radii) from its points and normals: the last step of every routine that builds or moves
/// a core.
void Derive(RoundedCore& core);
/// The core placed by xf (points and normals).
RoundedCore Posed(const RoundedCore& core, const Transform& xf);
/// The core expressed in the frame xf (the inverse of Posed).
RoundedCore InvPosed(const RoundedCore& core, const Transform& xf);

RoundedCore CoreOf(const Circle& shape, const Transform& xf = {});
RoundedCore CoreOf(const Capsule& shape, const Transform& xf = {});
RoundedCore CoreOf(const Box& shape, const Transform& xf = {});
RoundedCore CoreOf(const ConvexPolygon& shape, const Transform& xf = {});
RoundedCore CoreOf(const Segment& shape, const Transform& xf = {});
/// Throws InvalidArgument naming the first non-finite number of the sweep.
[[noreturn]] void ThrowInvalid(const RotationalSweep& sweep);
/// Throws InvalidArgument when the sweep holds non-finite numbers. Inline: the check is a handful of
/// compares on every time-of-impact call; only the throw is out of line.
inline void RequireValid(const RotationalSweep& sweep) {
    if (!(IsFinite(sweep.pivot) & IsFinite(sweep.startAngle) & IsFinite(sweep.sweepAngle) & IsFinite(sweep.translation)))
        ThrowInvalid(sweep);
}

/// p inside (or on) the CCW convex polygon pts[0..n), n ≥ 3.
bool PointInConvex(Vec2 p, const Vec2* pts, int n);

/// Squared distance from p to the solid core (0 inside).
float DistanceSquaredPointCore(Vec2 p, const Vec2* pts, int n);

/// Pseudo-angle of the direction (c, s) = k·(cos φ, sin φ), k > 0: a monotone map of φ ∈ [0, 2π) onto
/// [0, 4] without trig, so angles along an arc can be compared cheaply ("diamond angle"): with
/// u = c / (|s| + |c|) it is 1 − u in the upper half plane (s ≥ +0) and 3 + u in the lower one. No
/// branch (random directions would mispredict quadrant branches); NaN for the zero vector.
inline float DiamondAngle(float s, float c) {
    const float u = c / (std::abs(s) + std::abs(c));
    return 2.0f - std::copysign(1.0f, s) * (1.0f + u);
}

/// Angle φ ∈ [0, 2π) of the direction (c, s) = k·(cos φ, sin φ), k > 0, without libm and with one
/// division: the octant reduces it to atan(z), z = min/max of |c|, |s| in [0, 1]; above tan(π/8),
/// atan z = π/4 + atan((z − 1)/(z + 1)), so the argument u has |u| ≤ tan(π/8) ≈ 0.4142 and the Taylor
/// series of atan to u^15 is within 0.4142^17 / 17 < 2e-8 rad. The octant is put back by one table
/// look-up, φ = base + sign·(π/4·past + atan u), no branch (random directions would mispredict quadrant
/// branches). Within 6.6e-7 rad of atan2 on 2·10^7 random directions (a float ulp of 2π is 4.8e-7).
inline float TurnAngle(float s, float c) {
    constexpr float q = 0.25f * kPi;
    // Index bits: 8 = lower half (s < 0; −0 counts as the upper half, so a zero cross product gives
    // angle 0, not 2π), 4 = left (c < 0), 2 = steep (|s| > |c|), 1 = past π/8.
    static constexpr float kBase[16] = {0.0f, q, 2 * q, q, 4 * q, 3 * q, 2 * q, 3 * q,
                                        8 * q, 7 * q, 6 * q, 7 * q, 4 * q, 5 * q, 6 * q, 5 * q};
    static constexpr float kSign[16] = {1, 1, -1, -1, -1, -1, 1, 1, -1, -1, 1, 1, 1, 1, -1, -1};
    const float ax = std::abs(c), ay = std::abs(s);
    const float lo = Min(ax, ay), hi = Max(ax, ay);
    const bool past = lo > 0.41421356f * hi;
    const float pastF = static_cast<float>(past);
    const float u = (lo - pastF * hi) / (hi + pastF * lo);
    // atan u = u·(1 − q/3 + q²/5 − … − q⁷/15), q = u², evaluated in Estrin's scheme: a chain of three
    // multiply-adds instead of seven.
    const float u2 = u * u, u4 = u2 * u2, u8 = u4 * u4;
    const float low = (1.0f - u2 * (1.0f / 3.0f)) + u4 * (1.0f / 5.0f - u2 * (1.0f / 7.0f));
    const float high = (1.0f / 9.0f - u2 * (1.0f / 11.0f)) + u4 * (1.0f / 13.0f - u2 * (1.0f / 15.0f));
    const unsigned index = (static_cast<unsigned>(s < 0.0f) << 3) | (static_cast<unsigned>(c < 0.0f) << 2) |
                           (static_cast<unsigned>(ay > ax) << 1) | static_cast<unsigned>(past);
    return kBase[index] + kSign[index] * (u * (low + u8 * high));
}

/// Boundary pieces of core ⊕ disc(reach), as FirstEntry reports them: edge i pushed out along
/// its normal (feature i), the far side of a capsule core (kCapsuleBackSide), the circle about vertex i
/// (kVertexCircle + i).
inline constexpr int kCapsuleBackSide = -1;
inline constexpr int kVertexCircle = 16;

/// The entry point of boundary piece `feature` from the multiple X that FirstEntry reports:
/// X itself on an edge line, X / |v|² on the circle about vertex v.
inline Vec2 EntryPoint(const RoundedCore& core, int feature, Vec2 x) {
    return feature >= kVertexCircle ? (1.0f / LengthSquared(core.points[feature - kVertexCircle])) * x : x;
}

/// Outward unit normal of the grown core at a point x of boundary piece `feature`.
inline Vec2 CrossingNormal(const RoundedCore& core, int feature, Vec2 x) {
    if (feature == kCapsuleBackSide) return -core.normals[0];
    if (feature >= kVertexCircle) return Normalize(x - core.points[feature - kVertexCircle]);
    return core.normals[feature];
}

/// The circle |x| = |p0| about the origin, travelled from p0 in direction s (+1 CCW, −1 CW), against
/// the pieces of core ⊕ disc(reach): each edge's line pushed out by `reach` (kept within the edge's
/// extent) and the circle of radius `reach` about each vertex. For every piece only the point where
/// the travelling circle ENTERS the piece's half-plane or disc counts, found in closed form:
///  - line n·x = d (n the unit normal, t = LeftPerp(n)): x = d·n + τ·t with τ² = ρ² − d². The motion
///    s·LeftPerp(x) enters the half-plane n·x ≤ d where its normal component s·cross(x, n) = −s·τ is
///    negative, so the entry is τ = s·h, h = √(ρ² − d²);
///  - circle |x − v| = reach: v·x = k = (ρ² − reach² + |v|²)/2, so |v|²·x = k·v ± √(ρ²|v|² − k²)·LeftPerp(v);
///    the motion enters the disc where s·cross(v, x) < 0, i.e. the root with the sign −s.
/// Why entries suffice: the arc's first point inside the grown core lies on its boundary, on one of
/// these pieces, where the arc enters that piece; every other entry lies in the grown core, so it
/// is no earlier. The edges are scanned without branches (whether an edge's entry lies on the edge,
/// and how many do, is a coin toss for random queries: measured, the branch-free scan is faster even
/// though it evaluates every edge); vertex circles, rarely within reach of the arc, branch.

/// Outward unit normal of edge line i of a core (RoundedCoreEdges numbering).
inline Vec2 EdgeNormal(const RoundedCore& core, int i) { return core.count == 2 && i == 1 ? -core.normals[0] : core.normals[i]; }

/// One edge line (see RoundedCoreEdges): offset n·a, and the edge's middle and half length along t.
struct EdgeLine {
    float offset, middle, halfLength;
};

/// The edge lines of a core, computed on the fly (t·v = cross(n, v) for t = LeftPerp(n)) or read
/// from EdgesOf's cache: their count and line i for the scans below.
inline int LineCount(const RoundedCore& core) { return core.count >= 3 ? core.count : (core.count == 2 ? 2 : 0); }
inline EdgeLine LineOf(const RoundedCore& core, int i) {
    const int n = core.count;
    const Vec2 nrm = EdgeNormal(core, i);
    const Vec2 a = core.points[i], b = core.points[n == 2 ? 1 - i : (i + 1 < n ? i + 1 : 0)];
    return {Dot(nrm, a), 0.5f * Cross(nrm, a + b), 0.5f * Cross(nrm, b - a)};
}
inline EdgeLine LineOf(const RoundedCoreEdges& edges, int i) { return {edges.offset[i], edges.middle[i], edges.halfLength[i]}; }

/// A piece's entry: its point (a positive multiple of it for a vertex circle, see EntryPoint) and
/// whether it exists (and lies on the edge, for a line).
struct PieceEntry {
    Vec2 x;
    bool within;
};

/// max(x, 0) as arithmetic, exact (for |x| below 1.7e38): GCC compiles Max(x, 0.0f) feeding a square
/// or a square root into a jump on the sign of x, which for random queries mispredicts half the time.
inline float PositivePart(float x) { return 0.5f * (x + std::abs(x)); }

/// EdgeEntry for a line the circle is known to reach, given the entry's height h = √(ρ² − D²) along
/// the line (D = offset + reach): callers that take the roots of several lines at once use it.
inline PieceEntry EdgeEntryAtHeight(float s, float h, Vec2 nrm, const EdgeLine& line, float reach, float pad) {
    // τ = s·h on the edge: |s·h − middle| ≤ halfLength, i.e. |h − s·middle| ≤ halfLength.
    return {(line.offset + reach) * nrm + (s * h) * LeftPerp(nrm), std::abs(h - s * line.middle) <= line.halfLength + pad};
}

/// The entry into edge line `line` (outward unit normal nrm) pushed out by reach, for the circle of
/// squared radius rho2 travelled in direction s; pad: float allowance on the edge's extent.
inline PieceEntry EdgeEntry(float s, float rho2, Vec2 nrm, const EdgeLine& line, float reach, float pad) {
    const float d = line.offset + reach;
    const float h2 = rho2 - d * d;
    PieceEntry entry = EdgeEntryAtHeight(s, std::sqrt(PositivePart(h2)), nrm, line, reach, pad);
    entry.within &= h2 >= 0.0f;
    return entry;
}

/// Float allowance of a few ulps of ρ on the edges' extents, so an arc through a shared corner of two
/// edges (reach 0) cannot slip between them by rounding.
inline float ExtentPad(float rho2) { return 2e-6f * std::sqrt(rho2); }

/// Calls visit(X, vertex) for the entry into each vertex circle the arc reaches (X = |v|²·x).
template <class Visit>
void ForEachVertexEntry(Vec2 p0, float s, const RoundedCore& core, float reach, Visit&& visit) {
    if (reach <= 0.0f) return;
    const float rho2 = LengthSquared(p0);
    const float rho = std::sqrt(rho2);
    const float base = rho2 - reach * reach;
    for (int i = 0; i < core.count; ++i) {
        const Vec2 v = core.points[i];
        const float v2 = LengthSquared(v);
        const float length = std::sqrt(v2);
        // The circle |x| = ρ meets the circle of radius reach about v iff |ρ − |v|| ≤ reach.
        const float gap = rho - length;
        if (!(std::abs(gap) <= reach) | (v2 <= 0.0f)) continue;
        const float k = 0.5f * (base + v2);
        // ρ²|v|² − k² factored as (ρ|v| − k)(ρ|v| + k) with ρ|v| − k = (reach² − (ρ − |v|)²)/2: the
        // plain difference cancels catastrophically when the arc grazes a vertex (reach ≪ ρ, e.g. the
        // float allowance of a point query), and a lost root there is a missed hit through a corner.
        const float disc = PositivePart(0.5f * (reach - gap) * (reach + gap) * (rho * length + k));
        if (visit(k * v - (s * std::sqrt(disc)) * LeftPerp(v), i)) return;
    }
}

/// The earliest entry along the arc: its diamond angle from p0 (above 4 when there is none within
/// the first turn), a multiple of its point (see EntryPoint) and its piece.
struct FirstArcEntry {
    float key = 8.0f;
    Vec2 x{};
    int feature = 0;
    bool found() const { return key <= 4.0f; }
};

/// The earliest entry of the arc from p0 (direction s) into core ⊕ disc(reach), compared by diamond
/// angle from p0: every edge line gets a key, one beyond every real key when its entry is off the
/// edge, and the running minimum keeps the winner's index.
inline FirstArcEntry FirstEntry(Vec2 p0, float s, const RoundedCore& core, float reach) {
    const float rho2 = LengthSquared(p0);
    const float pad = ExtentPad(rho2);
    const int lines = LineCount(core);
    std::array<Vec2, kMaxPolygonVertices> points; // entry point per edge line; read only for the winner
    FirstArcEntry best;
    int winner = -1;
    for (int i = 0; i < lines; ++i) {
        const PieceEntry e = EdgeEntry(s, rho2, EdgeNormal(core, i), LineOf(core, i), reach, pad);
        points[i] = e.x;
        const float key = DiamondAngle(s * Cross(p0, e.x), Dot(p0, e.x)) + static_cast<float>(!e.within) * 8.0f;
        winner = key < best.key ? i : winner;
        best.key = Min(key, best.key); // a NaN key (x = 0) never wins
    }
    if (winner >= 0) {
        best.x = points[winner];
        best.feature = core.count == 2 && winner == 1 ? kCapsuleBackSide : winner;
    }
    ForEachVertexEntry(p0, s, core, reach, [&](Vec2 x, int i) {
        const float key = DiamondAngle(s * Cross(p0, x), Dot(p0, x));
        if (key < best.key) best = {key, x, kVertexCircle + i};
        return false;
    });
    return best;
}

/// True when some entry of the arc from p0 (direction s) into core ⊕ disc(reach) satisfies accept(X)
/// (X a positive multiple of the entry point). Edge lines from `lines` (a core or its EdgesOf cache).
template <class Lines, class Accept>
bool AnyEntry(Vec2 p0, float s, const RoundedCore& core, const Lines& lines, float reach, Accept&& accept) {
    const float rho2 = LengthSquared(p0);
    const float pad = ExtentPad(rho2);
    bool any = false;
    for (int i = 0, count = LineCount(core); i < count; ++i) {
        const PieceEntry e = EdgeEntry(s, rho2, EdgeNormal(core, i), LineOf(lines, i), reach, pad);
        any |= e.within & accept(e.x);
    }
    if (!any) ForEachVertexEntry(p0, s, core, reach, [&](Vec2 x, int) { return any = accept(x); });
    return any;
}

/// True when p lies within `reach` of the solid core. For polygons the edge of largest separation
/// (signed distance of p beyond its line) decides without a branch per edge: above `reach` p is
/// farther than that from the convex core, at or below 0 it is inside, and in between the closest
/// point of the core lies on that edge. (The closest point q of a convex polygon to an outside p:
/// every edge line j has separation ≤ |p − q|·(n_j·u), u = (p − q)/|p − q| in q's normal cone, and
/// the normals of the edges through q are the ones closest in angle to u; so an edge through q
/// separates most.) No square root.
inline bool PointWithinCore(Vec2 p, const RoundedCore& core, float reach) {
    const int n = core.count;
    if (n < 3) return DistanceSquaredPointCore(p, core.points.data(), n) <= reach * reach;
    float separation = -std::numeric_limits<float>::infinity();
    int face = 0;
    for (int i = 0; i < n; ++i) {
        const float s = Dot(core.normals[i], p - core.points[i]);
        face = s > separation ? i : face;
        separation = Max(separation, s);
    }
    if (separation > reach) return false;
    if (separation <= 0.0f) return true;
    // Distance to edge `face`: the foot of p clamped to the edge.
    const Vec2 a = core.points[face], e = core.points[face + 1 < n ? face + 1 : 0] - a;
    const float length2 = LengthSquared(e);
    const float along = length2 > 0.0f ? Clamp(Dot(p - a, e), 0.0f, length2) / length2 : 0.0f;
    return DistanceSquared(p, a + along * e) <= reach * reach;
}

/// True when the arc from p0 about the origin (turning by window.sweep, see arc.h) comes within
/// `reach` of the solid core: its start is, or it enters the grown core inside its angular window
/// (the wedge test of seed 000 eq. 2.7 about the window's middle direction; no trig).
bool ArcMeetsRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, float reach);
/// The same with the core's edge lines precomputed by EdgesOf.
bool ArcMeetsRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, const RoundedCoreEdges& edges, float reach);

/// The arc part of ArcMeetsRoundedCore alone (its start already known to lie outside the grown
/// core), with the core's own edge lines (RoundedCore::lines).
bool ArcEntersRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, float reach);

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
inline float MaxRadius(const Vec2* pts, int n) {
    float best = 0.0f;
    for (int i = 0; i < n; ++i) best = Max(best, LengthSquared(pts[i]));
    return std::sqrt(best);
}

/// The exact rotating time of impact (rotating_toi.h) with A's start pose already evaluated: A (body
/// frame) turns by alpha from startA about its fixed pivot; B rests, given in A's start frame.
RotatingImpact ExactRotatingInFrame(const RoundedCore& coreA, const Transform& startA, float alpha, const RoundedCore& coreB);

/// Rounding allowance (m) for "already touching" in the exact method: float noise of coordinates of
/// this magnitude (largest core radii about A's pivot and the summed rounding radii).
inline float TouchAllowance(float rMaxA, float rMaxB, float reach) { return 1e-6f * (rMaxA + rMaxB + reach); }

/// True when a resting disc whose centre is `rho` from A's pivot stays beyond A's farthest point plus
/// the reach (the two radii) at every angle, rounding allowance included: no contact possible.
inline bool DiscBeyondRing(float rho, float rMaxA, float reach) {
    return rho > rMaxA + reach + TouchAllowance(rMaxA, rho, reach);
}

/// ExactRotatingInFrame for a resting disc, the closed-form fast path: centre p (in A's start frame,
/// |p| = rho, not DiscBeyondRing) and radius ≥ 0; rMaxA = MaxRadius of A's core. The disc's centre
/// traces one arc backwards in A's frame; its first entry into A grown by the radii (FirstEntry,
/// compared by diamond angle) is the contact, and the only inverse trig is one TurnAngle for its angle.
RotatingImpact ExactRotatingDisc(const RoundedCore& coreA, const Transform& startA, float alpha, Vec2 p, float rho, float radius,
                                 float rMaxA);

} // namespace sensu::swept
