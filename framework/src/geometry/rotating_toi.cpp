// The rotating time of impact (rotating_toi.h): TimeOfImpact checks its input and picks the method,
// and the closed form for a core turning about a fixed pivot against a resting disc, the benchmark's
// and the World's common case, is here too: its helpers are inlined into the query (each measured, see
// there), which needs them in one file. The other methods live in their own files
// (rotating_toi_internal.h lists them).
#include "sensu/geometry/rotating_toi.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "rotating_toi_internal.h"
#include "sincos_pair.h"
#include "x86_paths.h"

#if SENSU_X86_PATHS
#include <emmintrin.h>
#endif

namespace sensu {

using rotating::Advance;
using rotating::ArcEnds;
using rotating::OverlappingInWorld;
using rotating::ScaledArcEnds;

namespace {

RoundedCore CoreOfShape(const ConvexShape& shape) {
    return std::visit([](const auto& s) { return swept::CoreOf(s); }, shape);
}

// A motion is "at rest" / "a pure rotation" only when those numbers are exactly zero: the caller
// states the motion; this picks the method, it is not a geometric decision.
// Both translation components ±0: their bits, sign bits shifted out, are all zero (two compares with
// NaN handling otherwise).
bool FixedPivot(const RotationalSweep& s) {
    return ((std::bit_cast<uint32_t>(s.translation.x) | std::bit_cast<uint32_t>(s.translation.y)) << 1) == 0u;
}
// The pose of a body at rest: SweepPose(s, 0) inline, with no trig for the usual zero angle.
Transform RestPose(const RotationalSweep& s) { return {s.pivot, s.startAngle == 0.0f ? Rot{} : Rot::FromAngle(s.startAngle)}; }

// OverlappingInWorld for a disc (centre p in A's frame) whose closest point on A's core, onA, the
// caller already has (p itself when p is inside the core): the same point and normal, without
// building (and zeroing) a whole core for it or searching the core's edges again.
RotatingImpact OverlappingDiscInWorld(const RoundedCore& coreA, const Transform& startA, Vec2 p, float radius, Vec2 onA) {
    const swept::CoreClosestPoints cp{DistanceSquared(p, onA), onA, p};
    RotatingImpact out;
    out.state = RotatingToiState::Overlapping;
    out.t = 0.0f;
    out.exact = true;
    Vec2 n = Normalize(cp.onB - cp.onA);
    const bool common = n == Vec2{};
    if (common) { // FallbackNormal: from A's core centroid to the centre
        Vec2 centroid{};
        for (int i = 0; i < coreA.count; ++i) centroid += (1.0f / coreA.count) * coreA.points[i];
        n = Normalize(p - centroid);
        if (n == Vec2{}) n = {1.0f, 0.0f};
    }
    const Vec2 point = common ? cp.onA : 0.5f * ((cp.onA + coreA.radius * n) + (cp.onB - radius * n));
    out.normal = Rotate(startA.q, n);
    out.point = TransformPoint(startA, point);
    return out;
}

// Whether a disc's entry lies within this step's rotation, and the impact when it does.
// WithinTurn(c, y) decides for the entry direction (c, y) = ρ²·(cos φ, sin φ), φ the angle its arc
// travels from the start (ExactRotatingPolygonDisc's callers pass one of the two deciders below).

// Decides by the angle itself: swept::TurnAngle(y, c) ≤ turn. Costs no set-up, but the branch on the
// answer waits for TurnAngle's division and series (the winner's t computes the same angle, so on a
// hit it is not evaluated twice).
struct WithinByAngle {
    float turn;
    bool operator()(float c, float y) const { return swept::TurnAngle(y, c) <= turn; }
};

// Decides by the direction of the step's end, end = (cos turn, sin turn), full = turn ≥ 2π: φ ≤ turn
// iff sin(turn − φ) ≥ 0 (c·sin turn − y·cos turn ≥ 0) with φ in the upper half turn (y ≥ 0) when
// turn ≤ π, or either of the two when turn > π. Two products and a few sign tests: the hit / miss
// branch (a coin toss for random queries, so often mispredicted) resolves without waiting for
// TurnAngle, which then runs for hits only. The same decision as WithinByAngle up to float rounding.
struct WithinByEnd {
    Rot end;
    bool full;
    bool operator()(float c, float y) const {
        const bool upper = y >= 0.0f; // −0 counts as the upper half, as in TurnAngle
        const bool beforeEnd = c * end.s - y * end.c >= 0.0f;
        return full | (end.s >= 0.0f ? upper & beforeEnd : upper | beforeEnd);
    }
};

// The hit of a resting disc (centre p in A's start frame) whose backward arc, travelled in direction
// s, first enters A grown by the radii at x on boundary piece `feature`; none when that entry lies
// beyond this step's rotation `turn` as `within` decides (invTurn = 1/turn, invRho2 = 1/|p|²).
// Inlined into its two callers: a call here cost a stack frame and the spill of every argument.
template <class WithinTurn>
[[gnu::always_inline]] inline RotatingImpact DiscHitAtEntry(const RoundedCore& coreA, const Transform& startA, int feature,
                                                            Vec2 p, Vec2 x, float s, const WithinTurn& within, float invTurn,
                                                            float invRho2, float radius) {
    // s = ±1, so Cross(s·p, x) is s·Cross(p, x) to the bit, and s·p is ready before x (one product
    // less after the entry search, on the way to the hit / miss branch).
    const ArcEnds arc = ScaledArcEnds(p, x, invRho2);
    const float c = Dot(arc.start, arc.x), y = Cross(s * arc.start, arc.x);
    RotatingImpact out;
    out.exact = true;
    if (!within(c, y)) return out; // the first entry lies beyond this step's rotation: separated
    const float angle = swept::TurnAngle(y, c); // the only inverse trig
    out.state = RotatingToiState::Hit;
    out.t = Clamp(angle * invTurn, 0.0f, 1.0f);
    // x is the centre in A's frame at time t, where A turned by σφ: the rotation taking x back to p,
    // (p·x, x × p) / ρ² (|x| = |p| = ρ; no trig, no normalisation beyond float rounding).
    const Rot turned{c * arc.invRho2, Cross(arc.x, arc.start) * arc.invRho2};
    out.normal = Rotate(startA.q, Rotate(turned, swept::CrossingNormal(coreA, feature, x)));
    // B rests, so the contact point is its centre moved back by its radius along the normal.
    out.point = TransformPoint(startA, p) - radius * out.normal;
    return out;
}

// The per-edge pass of ExactRotatingPolygonDisc over a polygon core (count ≥ 3): the largest
// separation of p beyond the edge lines (PointWithinCore's rule), the bit masks of the edge lines
// (those with h² ≥ 0) and vertex circles the arc of radius rho can enter (see there), and every
// edge line's swept::EdgeEntry height h = √max(h², 0) (the same operations, so the same number).
// Four edges per SSE2 instruction where available: measured, the scalar pass was a fifth of the
// instructions of a resting-disc query. The heights are taken here for all lanes, not per masked edge
// afterwards: they depend on ρ² alone, so the entry point, and the hit / miss branch after it, no
// longer wait for the mask before the square root (measured: 3 % of the query).
struct EdgeScan {
    float separation;
    unsigned edges, vertices;
};
[[gnu::always_inline]] inline EdgeScan ScanEdges(const RoundedCore& core, Vec2 p, float rho, float rho2, float reach, float slack,
                                                  float vertexReach, const std::array<float, kMaxPolygonVertices>& middle2,
                                                  const std::array<float, kMaxPolygonVertices>& half2,
                                                  std::array<float, kMaxPolygonVertices>& heights) {
    const int n = core.count;
    const RoundedCoreEdges& lines = core.lines;
#if SENSU_X86_PATHS
    // Lanes past the count read the arrays' unused tail (kMaxPolygonVertices is a multiple of 4)
    // and are masked out (a box, four edges, needs no mask).
    static_assert(kMaxPolygonVertices % 4 == 0);
    const __m128 px = _mm_set1_ps(p.x), py = _mm_set1_ps(p.y), reach4 = _mm_set1_ps(reach), rho24 = _mm_set1_ps(rho2);
    const __m128 slack4 = _mm_set1_ps(slack), rho4 = _mm_set1_ps(rho), vertexReach4 = _mm_set1_ps(vertexReach);
    const __m128 half = _mm_set1_ps(0.5f);
    const __m128 magnitude = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)); // clears the sign: |x|
    const __m128 lowest = _mm_set1_ps(-std::numeric_limits<float>::infinity());
    const __m128i lane = _mm_setr_epi32(0, 1, 2, 3);
    __m128 separation = lowest;
    unsigned edges = 0, vertices = 0;
    for (int base = 0; base < n; base += 4) {
        const __m128 offset = _mm_loadu_ps(&lines.offset[base]);
        // Normals are stored x, y, x, y: split them into four x and four y.
        const __m128 n01 = _mm_loadu_ps(&core.normals[base].x), n23 = _mm_loadu_ps(&core.normals[base + 2].x);
        const __m128 nx = _mm_shuffle_ps(n01, n23, _MM_SHUFFLE(2, 0, 2, 0));
        const __m128 ny = _mm_shuffle_ps(n01, n23, _MM_SHUFFLE(3, 1, 3, 1));
        // Same operations in the same order as the scalar Dot(n, p) − offset, so the same numbers.
        __m128 beyond = _mm_sub_ps(_mm_add_ps(_mm_mul_ps(nx, px), _mm_mul_ps(ny, py)), offset);
        if (n - base < 4) {
            const __m128 valid = _mm_castsi128_ps(_mm_cmplt_epi32(lane, _mm_set1_epi32(n - base)));
            beyond = _mm_or_ps(_mm_and_ps(valid, beyond), _mm_andnot_ps(valid, lowest));
        }
        separation = _mm_max_ps(separation, beyond);
        const __m128 d = _mm_add_ps(offset, reach4);
        const __m128 h2 = _mm_sub_ps(rho24, _mm_mul_ps(d, d));
        const __m128 edge = _mm_and_ps(_mm_cmple_ps(_mm_and_ps(magnitude, _mm_sub_ps(h2, _mm_loadu_ps(&middle2[base]))),
                                                    _mm_add_ps(_mm_loadu_ps(&half2[base]), slack4)),
                                       _mm_cmpge_ps(h2, _mm_setzero_ps()));
        _mm_storeu_ps(&heights[base], _mm_sqrt_ps(_mm_mul_ps(half, _mm_add_ps(h2, _mm_and_ps(magnitude, h2))))); // PositivePart
        const __m128 vertex =
            _mm_cmple_ps(_mm_and_ps(magnitude, _mm_sub_ps(rho4, _mm_loadu_ps(&core.pointRadius[base]))), vertexReach4);
        edges |= static_cast<unsigned>(_mm_movemask_ps(edge)) << base;
        vertices |= static_cast<unsigned>(_mm_movemask_ps(vertex)) << base;
    }
    separation = _mm_max_ps(separation, _mm_shuffle_ps(separation, separation, _MM_SHUFFLE(1, 0, 3, 2)));
    separation = _mm_max_ps(separation, _mm_shuffle_ps(separation, separation, _MM_SHUFFLE(2, 3, 0, 1)));
    const unsigned used = (1u << n) - 1u;
    return {_mm_cvtss_f32(separation), edges & used, vertices & used};
#else
    EdgeScan out{-std::numeric_limits<float>::infinity(), 0u, 0u};
    for (int i = 0; i < n; ++i) {
        const float offset = lines.offset[i];
        out.separation = Max(out.separation, Dot(core.normals[i], p) - offset);
        const float d = offset + reach;
        const float h2 = rho2 - d * d;
        out.edges |= static_cast<unsigned>((std::abs(h2 - middle2[i]) <= half2[i] + slack) & (h2 >= 0.0f)) << i;
        heights[i] = std::sqrt(swept::PositivePart(h2));
        out.vertices |= static_cast<unsigned>(std::abs(rho - core.pointRadius[i]) <= vertexReach) << i;
    }
    return out;
#endif
}

// The closed-form path for a polygon core (count ≥ 3) against a resting disc, the benchmark's and the
// World's common case. One pass over the edges gives the start-pose test (largest separation,
// PointWithinCore's rule) and, from the core's derived data, which pieces the arc can enter at all:
// an edge line when h² = ρ² − D² lies in the edge's entry span for this direction (entryMiddle2 ±
// entryHalf2, widened by a relative slack so rounding never drops one; the exact test decides), a vertex
// circle when ρ is within the reach of |v|. Only those pieces (for a bar usually one or two) get the
// square root and the closed-form entry of swept::EdgeEntry / ForEachVertexEntry.
// rho2 = |p|² and rho = |p| may come from the disc's offset before it was rotated into A's frame
// (equal up to rounding): then the arc's entry points, which depend only on them, do not wait for
// A's start rotation (measured: 3 % of the query).
template <class WithinTurn>
RotatingImpact ExactRotatingPolygonDisc(const RoundedCore& coreA, const Transform& startA, float alpha, Vec2 p, float rho,
                                        float rho2, float radius, float rMaxA, const WithinTurn& within) {
    const float reach = coreA.radius + radius;
    const float touch = swept::TouchAllowance(rMaxA, rho, reach);
    const float s = std::copysign(1.0f, -alpha); // the centre runs backwards in A's frame (α = ±0 returns below)
    const float pad = 2e-6f * rho;                // swept::ExtentPad without its square root
    const float slack = 1e-5f * rho2;             // ≥ 2·h·pad + rounding of h² (h ≤ ρ)
    // Reciprocals taken early, off the critical path of the entry search.
    const float turn = std::abs(alpha);
    const float invTurn = 1.0f / turn, invRho2 = 1.0f / rho2;
    const int n = coreA.count;
    const RoundedCoreEdges& lines = coreA.lines;
    const auto& middle2 = coreA.entryMiddle2[s > 0.0f ? 0 : 1];
    const auto& half2 = coreA.entryHalf2[s > 0.0f ? 0 : 1];
    // No vertex circles without a reach; the allowance covers the rounding of ρ and |v| (≤ ρ + reach).
    const float vertexReach = reach > 0.0f ? reach + 2e-6f * (rho + reach) : -1.0f;
    std::array<float, kMaxPolygonVertices> heights;
    const EdgeScan scan = ScanEdges(coreA, p, rho, rho2, reach, slack, vertexReach, middle2, half2, heights);
    unsigned edges = scan.edges, vertices = scan.vertices;
    // PointWithinCore on the separations just found.
    if (scan.separation <= reach + touch) {
        if (scan.separation <= 0.0f) return OverlappingDiscInWorld(coreA, startA, p, radius, p);
        // The edge of largest separation (found again here: p is rarely this close); the closest point
        // of the core lies on it (see PointWithinCore).
        int face = 0;
        float largest = -std::numeric_limits<float>::infinity();
        for (int i = 0; i < n; ++i) {
            const float beyond = Dot(coreA.normals[i], p) - lines.offset[i];
            if (beyond > largest) {
                largest = beyond;
                face = i;
            }
        }
        const Vec2 a = coreA.points[face], e = coreA.points[face + 1 < n ? face + 1 : 0] - a;
        const float length2 = LengthSquared(e);
        const float along = length2 > 0.0f ? Clamp(Dot(p - a, e), 0.0f, length2) / length2 : 0.0f;
        const Vec2 closest = a + along * e;
        if (DistanceSquared(p, closest) <= Square(reach + touch))
            return OverlappingDiscInWorld(coreA, startA, p, radius, closest);
    }
    RotatingImpact none;
    none.exact = true;
    if (alpha == 0.0f || rho <= 0.0f) return none; // no motion, or a centre on the pivot that never moves
    // The earliest entry among the candidate pieces. Most arcs have a single one, so keys (diamond
    // angles from p, a division each) are computed only once a second entry has to be compared.
    const Vec2 sp = s * p; // Cross(sp, y) = s·Cross(p, y) to the bit (s = ±1)
    const auto key = [&](Vec2 y) { return swept::DiamondAngle(Cross(sp, y), Dot(p, y)); };
    int found = 0;
    float bestKey = 0.0f;
    Vec2 x{};
    int feature = 0;
    const auto consider = [&](Vec2 y, int piece) {
        if (found == 0) {
            found = 1;
            x = y;
            feature = piece;
            return;
        }
        if (found == 1) {
            found = 2;
            bestKey = key(x);
        }
        const float k = key(y);
        if (k < bestKey) { // a NaN key (y = 0) never wins
            bestKey = k;
            x = y;
            feature = piece;
        }
    };
    for (; edges != 0; edges &= edges - 1) {
        // swept::EdgeEntry with the scan's h (h² ≥ 0 there already).
        const int i = std::countr_zero(edges);
        const swept::PieceEntry e = swept::EdgeEntryAtHeight(s, heights[i], coreA.normals[i], swept::LineOf(lines, i), reach, pad);
        if (e.within) consider(e.x, i);
    }
    for (; vertices != 0; vertices &= vertices - 1) {
        const int i = std::countr_zero(vertices);
        // ForEachVertexEntry's k = v·x and disc = ρ²|v|² − k², the latter factored as
        // (ρ|v| − k)(ρ|v| + k) = ¼·(reach² − (ρ − |v|)²)·((ρ + |v|)² − reach²): no cancellation of
        // two large products when the arc passes close to tangent to the circle (|ρ − |v|| ≈ reach).
        const Vec2 v = coreA.points[i];
        const float v2 = LengthSquared(v), radiusV = coreA.pointRadius[i];
        const float gap = rho - radiusV;
        const float inner = 0.5f * (reach * reach - gap * gap), outer = 0.5f * (Square(rho + radiusV) - reach * reach);
        const float disc = inner * outer, k = rho * radiusV - inner;
        if (!(inner >= 0.0f) | !(outer >= 0.0f) | (v2 <= 0.0f)) continue;
        consider((1.0f / v2) * (k * v - (s * std::sqrt(disc)) * LeftPerp(v)), swept::kVertexCircle + i);
    }
    if (found == 0) return none;
    return DiscHitAtEntry(coreA, startA, feature, p, x, s, within, invTurn, invRho2, radius);
}

} // namespace

RotatingImpact swept::ExactRotatingDisc(const RoundedCore& coreA, const Transform& startA, float alpha, Vec2 p, float rho,
                                        float radius, float rMaxA) {
    if (coreA.count >= 3)
        return ExactRotatingPolygonDisc(coreA, startA, alpha, p, rho, LengthSquared(p), radius, rMaxA, WithinByAngle{std::abs(alpha)});
    const float reach = coreA.radius + radius;
    const float touch = TouchAllowance(rMaxA, rho, reach);
    if (PointWithinCore(p, coreA, reach + touch)) {
        RoundedCore disc;
        disc.points[0] = p;
        disc.count = 1;
        disc.radius = radius;
        return OverlappingInWorld(coreA, startA, disc, ClosestPointsCores(coreA.points.data(), coreA.count, &p, 1));
    }
    RotatingImpact none;
    none.exact = true;
    if (alpha == 0.0f || rho <= 0.0f) return none; // no motion, or a centre on the pivot that never moves
    // The centre traces one arc backwards in A's frame; its first entry into A grown by the reach
    // within the first turn (diamond angle < 4) is the contact.
    const float turn = std::abs(alpha);
    // Reciprocals taken early, off the critical path of the entry search.
    const float invTurn = 1.0f / turn, invRho2 = 1.0f / LengthSquared(p);
    const float direction = alpha >= 0.0f ? -1.0f : 1.0f;
    const FirstArcEntry first = FirstEntry(p, direction, coreA, reach);
    if (!first.found()) return none;
    return DiscHitAtEntry(coreA, startA, first.feature, p, EntryPoint(coreA, first.feature, first.x), direction,
                          WithinByAngle{turn}, invTurn, invRho2, radius);
}

namespace {

// B at rest (sweepB places it), A turning about its fixed pivot. Inlined into TimeOfImpact: measured,
// the call and its frame were a twentieth of the resting-disc query.
[[gnu::always_inline]] inline RotatingImpact ExactRotating(const RoundedCore& coreA, const RotationalSweep& sweepA,
                                                           const RoundedCore& coreBLocal, const RotationalSweep& sweepB) {
    if (coreBLocal.count == 1) {
        // A resting disc: the ring reject needs only its distance from the pivot, so most far discs
        // cost no trig; the rest go to the closed-form path without copying a core.
        const Vec2 centre = coreBLocal.points[0];
        const Vec2 offset = sweepB.pivot - sweepA.pivot +
                            (sweepB.startAngle == 0.0f ? centre : Rotate(Rot::FromAngle(sweepB.startAngle), centre));
        const float rho2 = LengthSquared(offset);
        const float rMaxA = coreA.maxRadius;
        // DiscBeyondRing without the square root: ρ > R + 1e-6·(R + ρ), R = rMaxA + reach, is
        // ρ > R·(1 + 1e-6)/(1 − 1e-6).
        if (rho2 > Square((rMaxA + coreA.radius + coreBLocal.radius) * (1.0f + 2.000002e-6f))) {
            RotatingImpact none;
            none.exact = true;
            return none;
        }
        const float rho = std::sqrt(rho2);
        // A's pose at t = 0 (SweepPose(sweepA, 0) without the call) and, for WithinByEnd, the step's end
        // direction: both sin/cos pairs in one branch-free evaluation (sincos_pair.h says why).
        // Taken of α, not |α|: sin|α| = sign(α)·sin α.
        const float alpha = sweepA.sweepAngle;
        const swept::RotPair rotations = swept::SinCosPair(sweepA.startAngle, alpha);
        const Transform startA{sweepA.pivot, rotations.first};
        const Vec2 p = InvRotate(startA.q, offset);
        if (coreA.count >= 3) {
            const Rot turned = rotations.second;
            const WithinByEnd within{{turned.c, std::copysign(1.0f, alpha) * turned.s}, std::abs(alpha) >= 2.0f * kPi};
            return ExactRotatingPolygonDisc(coreA, startA, alpha, p, rho, rho2, coreBLocal.radius, rMaxA, within);
        }
        return swept::ExactRotatingDisc(coreA, startA, sweepA.sweepAngle, p, rho, coreBLocal.radius, rMaxA);
    }
    const Transform startA = SweepPose(sweepA, 0.0f);
    return swept::ExactRotatingInFrame(coreA, startA, sweepA.sweepAngle, swept::Posed(coreBLocal, InvMul(startA, RestPose(sweepB))));
}

} // namespace

RotatingImpact TimeOfImpact(const ConvexShape& a, const RotationalSweep& sweepA, const ConvexShape& b,
                            const RotationalSweep& sweepB, const RotatingToiSettings& settings) {
    return TimeOfImpact(CoreOfShape(a), sweepA, CoreOfShape(b), sweepB, settings);
}

RotatingImpact TimeOfImpact(const RoundedCore& coreA, const RotationalSweep& sweepA, const RoundedCore& coreB,
                            const RotationalSweep& sweepB, const RotatingToiSettings& settings) {
    // One finiteness test for every input number: s − s is 0 for a finite sum and NaN when one of them
    // is ±inf or NaN (or the sum overflows); only then are they checked one by one, for the message.
    // Scalar on purpose: callers build sweeps field by field, and one wide load of such a fresh sweep
    // waits for the stores to reach the cache (measured slower).
    const float sum = (sweepA.pivot.x + sweepA.pivot.y) + (sweepA.startAngle + sweepA.sweepAngle) +
                      (sweepA.translation.x + sweepA.translation.y) + (sweepB.pivot.x + sweepB.pivot.y) +
                      (sweepB.startAngle + sweepB.sweepAngle) + (sweepB.translation.x + sweepB.translation.y) + settings.tolerance;
    if (!(sum - sum == 0.0f)) {
        swept::RequireValid(sweepA);
        swept::RequireValid(sweepB);
        RequireFinite(settings.tolerance, "RotatingToiSettings tolerance");
    }
    if (settings.tolerance < 0.0f) throw InvalidArgument("RotatingToiSettings tolerance must be >= 0");
    if (settings.maxIterations < 1) throw InvalidArgument("RotatingToiSettings maxIterations must be >= 1");
    if (settings.horizon != settings.horizon) throw InvalidArgument("RotatingToiSettings horizon must not be NaN");
    if (FixedPivot(sweepA) && FixedPivot(sweepB)) {
        if (sweepB.sweepAngle == 0.0f) return ExactRotating(coreA, sweepA, coreB, sweepB);
        if (sweepA.sweepAngle == 0.0f) {
            // The same problem seen from B; the normal then points from B to A.
            RotatingImpact out = ExactRotating(coreB, sweepB, coreA, sweepA);
            out.normal = -out.normal;
            return out;
        }
    }
    return Advance(coreA, sweepA, coreB, sweepB, settings);
}


} // namespace sensu
