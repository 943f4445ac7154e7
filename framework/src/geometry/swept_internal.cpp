#include "swept_internal.h"

#include <bit>
#include <cstring>
#include <limits>

#include "sensu/geometry/primitives.h"
#include "sensu/geometry/sector_frame.h"
#include "float4.h"

namespace sensu::swept {

RoundedCore CoreOf(const Circle& shape, const Transform& xf) {
    RoundedCore core;
    core.points[0] = TransformPoint(xf, shape.center());
    core.count = 1;
    core.radius = shape.radius();
    Derive(core);
    return core;
}

RoundedCore CoreOf(const Capsule& shape, const Transform& xf) {
    RoundedCore core;
    core.points[0] = TransformPoint(xf, shape.a());
    core.points[1] = TransformPoint(xf, shape.b());
    // A capsule with coincident ends is a disc: one point keeps every routine free of zero-length edges.
    core.count = DistanceSquared(core.points[0], core.points[1]) > 0.0f ? 2 : 1;
    core.normals[0] = Normalize(RightPerp(core.points[1] - core.points[0]));
    core.radius = shape.radius();
    Derive(core);
    return core;
}

RoundedCore CoreOf(const Box& shape, const Transform& xf) {
    RoundedCore core;
    // Corners CCW from (−hx, −hy) as Box::Corners, with the two rotations composed first; the edges
    // then face −y, +x, +y, −x of the box frame.
    const Rot q = Mul(xf.q, shape.rotation());
    const Vec2 c = TransformPoint(xf, shape.center());
    const Vec2 ex = shape.halfExtents().x * q.XAxis(), ey = shape.halfExtents().y * q.YAxis();
    core.points = {c - ex - ey, c + ex - ey, c + ex + ey, c - ex + ey};
    core.normals = {-q.YAxis(), q.XAxis(), q.YAxis(), -q.XAxis()};
    core.count = 4;
    Derive(core);
    return core;
}

RoundedCore CoreOf(const ConvexPolygon& shape, const Transform& xf) {
    RoundedCore core;
    core.count = shape.count();
    for (int i = 0; i < core.count; ++i) {
        core.points[i] = TransformPoint(xf, shape.vertex(i));
        core.normals[i] = Rotate(xf.q, shape.normal(i));
    }
    Derive(core);
    return core;
}

RoundedCore CoreOf(const Segment& shape, const Transform& xf) {
    RoundedCore core;
    core.points[0] = TransformPoint(xf, shape.a());
    core.points[1] = TransformPoint(xf, shape.b());
    core.normals[0] = Normalize(RightPerp(core.points[1] - core.points[0]));
    core.count = 2;
    Derive(core);
    return core;
}

} // namespace sensu::swept

namespace sensu {

RoundedCoreEdges EdgesOf(const RoundedCore& core) {
    RoundedCoreEdges edges;
    edges.count = swept::LineCount(core);
    for (int i = 0; i < edges.count; ++i) {
        const swept::EdgeLine line = swept::LineOf(core, i);
        edges.offset[i] = line.offset;
        edges.middle[i] = line.middle;
        edges.halfLength[i] = line.halfLength;
    }
    return edges;
}

RoundedCore ToRoundedCore(const Circle& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }
RoundedCore ToRoundedCore(const Capsule& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }
RoundedCore ToRoundedCore(const Box& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }
RoundedCore ToRoundedCore(const ConvexPolygon& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }

} // namespace sensu

namespace sensu::swept {

void Derive(RoundedCore& core) {
    if (core.count == 1) {
        // A disc, often made per query (the World builds one per candidate): no lines, one root.
        core.maxRadius = core.pointRadius[0] = Length(core.points[0]);
        return;
    }
    core.lines = EdgesOf(core);
    core.maxRadius = MaxRadius(core.points.data(), core.count);
    for (int i = 0; i < core.count; ++i) core.pointRadius[i] = Length(core.points[i]);
    // EdgeEntry's test |s·h − middle| ≤ halfLength for h ≥ 0, squared: h ∈ [max(s·middle − half, 0),
    // s·middle + half]; [0, 0] when that span lies below 0 (then only a tangential entry, h within
    // the float pad of 0, passes the exact test).
    for (int i = 0; i < core.lines.count; ++i)
        for (int k = 0; k < 2; ++k) {
            const float sm = (k == 0 ? 1.0f : -1.0f) * core.lines.middle[i];
            const float low = Max(sm - core.lines.halfLength[i], 0.0f), high = sm + core.lines.halfLength[i];
            const float low2 = high >= 0.0f ? low * low : 0.0f, high2 = high >= 0.0f ? high * high : 0.0f;
            core.entryMiddle2[k][i] = 0.5f * (low2 + high2);
            core.entryHalf2[k][i] = 0.5f * (high2 - low2) + 1e-6f * high2; // rounding of the middle and half
        }
}

void ThrowInvalid(const RotationalSweep& sweep) {
    RequireFinite(sweep.pivot, "RotationalSweep pivot");
    RequireFinite(sweep.startAngle, "RotationalSweep startAngle");
    RequireFinite(sweep.sweepAngle, "RotationalSweep sweepAngle");
    RequireFinite(sweep.translation, "RotationalSweep translation");
    throw InvalidArgument("RotationalSweep must be finite");
}

bool PointInConvex(Vec2 p, const Vec2* pts, int n) {
    for (int i = 0; i < n; ++i) {
        const Vec2 a = pts[i];
        const Vec2 b = pts[i + 1 < n ? i + 1 : 0];
        if (Cross(b - a, p - a) < 0.0f) return false;
    }
    return true;
}

float DistanceSquaredPointCore(Vec2 p, const Vec2* pts, int n) {
    if (n == 1) return DistanceSquared(p, pts[0]);
    if (n == 2) return DistanceSquaredPointSegment(p, pts[0], pts[1]);
    if (PointInConvex(p, pts, n)) return 0.0f;
    float best = std::numeric_limits<float>::infinity();
    for (int i = 0; i < n; ++i) best = Min(best, DistanceSquaredPointSegment(p, pts[i], pts[i + 1 < n ? i + 1 : 0]));
    return best;
}

namespace {

// Does the arc from p0 enter the core within its window? The window's middle direction for this arc:
// the wedge test is scale invariant, so neither it nor the entry points need normalising.
template <class Lines>
bool ArcEntersInWindow(Vec2 p0, const ArcSweep& window, const RoundedCore& core, const Lines& lines, float reach) {
    const Vec2 mid = Rotate(window.half, p0);
    return AnyEntry(p0, window.sweep >= 0.0f ? 1.0f : -1.0f, core, lines, reach, [&](Vec2 x) {
        return InWedge(Dot(mid, x), std::abs(Cross(mid, x)), window.cosHalf, window.sinHalf);
    });
}

} // namespace

bool ArcMeetsRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, float reach) {
    return PointWithinCore(p0, core, reach) || ArcEntersInWindow(p0, window, core, core, reach);
}

bool ArcMeetsRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, const RoundedCoreEdges& edges, float reach) {
    return PointWithinCore(p0, core, reach) || ArcEntersInWindow(p0, window, core, edges, reach);
}

bool ArcEntersRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, float reach) {
    return ArcEntersInWindow(p0, window, core, core.lines, reach);
}

RoundedCore Posed(const RoundedCore& core, const Transform& xf) {
    RoundedCore out = core;
    for (int i = 0; i < core.count; ++i) {
        out.points[i] = TransformPoint(xf, core.points[i]);
        out.normals[i] = Rotate(xf.q, core.normals[i]);
    }
    Derive(out);
    return out;
}

RoundedCore InvPosed(const RoundedCore& core, const Transform& xf) {
    RoundedCore out = core;
    for (int i = 0; i < core.count; ++i) {
        out.points[i] = InvTransformPoint(xf, core.points[i]);
        out.normals[i] = InvRotate(xf.q, core.normals[i]);
    }
    Derive(out);
    return out;
}

namespace {

// The boundary of a core as segments: a point is one zero-length segment, a capsule core one segment.
int SegmentCount(int n) { return n >= 3 ? n : 1; }
Vec2 SegmentStart(const Vec2* pts, int, int i) { return pts[i]; }
Vec2 SegmentEnd(const Vec2* pts, int n, int i) { return n == 1 ? pts[0] : (n == 2 ? pts[1] : pts[i + 1 < n ? i + 1 : 0]); }

} // namespace

namespace {

// Some edge line of polygon `p` (CCW) has every point of `q` strictly outside it: the two are apart.
bool EdgeSeparates(const Vec2* p, int np, const Vec2* q, int nq) {
    for (int i = 0; i < np; ++i) {
        const Vec2 a = p[i], edge = p[i + 1 < np ? i + 1 : 0] - a;
        bool allOutside = true;
        for (int j = 0; j < nq && allOutside; ++j) allOutside = Cross(edge, q[j] - a) < 0.0f;
        if (allOutside) return true;
    }
    return false;
}

// A polygon's edges as start, direction and 1/|direction|², for point-to-edge distances without a
// division each; coordinates in separate arrays, so SeenEdges tests four edges in one go. Entries past
// n up to the next multiple of four are zero (a zero direction: never seen); the rest stay unset,
// nothing reads them (zeroing them all cost 13 % here).
struct PolygonEdges {
    alignas(16) std::array<float, kMaxPolygonVertices> startX, startY, directionX, directionY;
    std::array<float, kMaxPolygonVertices> inverseLength2;
    int count;
};

PolygonEdges EdgesFrom(const Vec2* p, int n) {
    PolygonEdges out;
    out.count = n;
    for (int i = 0; i < n; ++i) {
        const Vec2 direction = p[i + 1 < n ? i + 1 : 0] - p[i];
        out.startX[i] = p[i].x;
        out.startY[i] = p[i].y;
        out.directionX[i] = direction.x;
        out.directionY[i] = direction.y;
        const float length2 = LengthSquared(direction);
        out.inverseLength2[i] = length2 > 0.0f ? 1.0f / length2 : 0.0f;
    }
    for (int i = n; i < ((n + 3) & ~3); ++i) out.startX[i] = out.startY[i] = out.directionX[i] = out.directionY[i] = 0.0f;
    return out;
}

// The point of edge i nearest to q.
Vec2 NearestOnEdge(const PolygonEdges& e, int i, Vec2 q) {
    const Vec2 start{e.startX[i], e.startY[i]}, direction{e.directionX[i], e.directionY[i]};
    const float t = Clamp(Dot(q - start, direction) * e.inverseLength2[i], 0.0f, 1.0f);
    return start + t * direction;
}

// Bit i set when q lies strictly outside the line of edge i (the polygon is CCW): only such edges can
// hold the polygon's point nearest to q, since from outside the nearest point is on an edge q can see.
// Four edges per Float4: each lane computes Cross(direction, q − start) with the scalar's operations in
// the scalar's order, so every bit is what the edge-by-edge test gave (and the candidates are visited
// in the same order, lowest edge first).
unsigned SeenEdges(const PolygonEdges& e, Vec2 q) {
    const simd::Float4 qx = simd::Splat(q.x), qy = simd::Splat(q.y);
    unsigned seen = 0;
    for (int i = 0; i < e.count; i += 4) {
        simd::Float4 sx, sy, dx, dy;
        std::memcpy(&sx, &e.startX[i], sizeof sx);
        std::memcpy(&sy, &e.startY[i], sizeof sy);
        std::memcpy(&dx, &e.directionX[i], sizeof dx);
        std::memcpy(&dy, &e.directionY[i], sizeof dy);
        const simd::Float4 cross = dx * (qy - sy) - dy * (qx - sx);
        seen |= simd::LaneBits(cross < simd::Float4{}) << i;
    }
    return seen & ((1u << e.count) - 1u);
}

// The closest points of two polygons known to be apart: a vertex of one and a point on an edge of the
// other (the distance between disjoint convex polygons is reached at a vertex), among the edges the
// vertex sees.
CoreClosestPoints ClosestPointsApart(const Vec2* a, int na, const Vec2* b, int nb) {
    const PolygonEdges edgesA = EdgesFrom(a, na), edgesB = EdgesFrom(b, nb);
    CoreClosestPoints out;
    out.distanceSquared = std::numeric_limits<float>::infinity();
    for (int i = 0; i < na; ++i)
        for (unsigned seen = SeenEdges(edgesB, a[i]); seen != 0; seen &= seen - 1) {
            const Vec2 onB = NearestOnEdge(edgesB, std::countr_zero(seen), a[i]);
            const float d = DistanceSquared(a[i], onB);
            if (d < out.distanceSquared) out = {d, a[i], onB};
        }
    for (int j = 0; j < nb; ++j)
        for (unsigned seen = SeenEdges(edgesA, b[j]); seen != 0; seen &= seen - 1) {
            const Vec2 onA = NearestOnEdge(edgesA, std::countr_zero(seen), b[j]);
            const float d = DistanceSquared(onA, b[j]);
            if (d < out.distanceSquared) out = {d, onA, b[j]};
        }
    return out;
}

// Whether segments a1–a2 and b1–b2 cross or touch (not collinear), and where. Decided by the signs of
// four orientations, each with a rounding error of a few ulps of its own size: long, nearly parallel
// crossing edges (two 5 km thin boxes at 2 mrad) stay crossing, where ClosestPointsSegmentSegment's
// denominator a·e − b² cancels to a few per cent and left them 0.2 m apart, so a time of impact
// reported a hit deep in overlap instead of the overlap at t = 0 (fuzz finding toi-2600m-thin-boxes).
bool SegmentsCross(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2, Vec2& at) {
    const Vec2 d1 = a2 - a1, d2 = b2 - b1;
    const float o1 = Cross(d1, b1 - a1), o2 = Cross(d1, b2 - a1);
    const float o3 = Cross(d2, a1 - b1), o4 = Cross(d2, a2 - b1);
    const bool straddleA = (o1 <= 0.0f && o2 >= 0.0f) || (o1 >= 0.0f && o2 <= 0.0f);
    const bool straddleB = (o3 <= 0.0f && o4 >= 0.0f) || (o3 >= 0.0f && o4 <= 0.0f);
    if (!straddleA || !straddleB || o1 == o2) return false;  // o1 = o2: collinear (or parallel), not decided here
    // b's ends lie on opposite sides of a's line: the crossing divides b at o1/(o1 − o2), both of one
    // sign, so no cancellation.
    at = b1 + (o1 / (o1 - o2)) * d2;
    return true;
}

} // namespace

CoreClosestPoints ClosestPointsCores(const Vec2* a, int na, const Vec2* b, int nb) {
    // Two polygons with a separating edge line (the usual case of a time of impact's steps) need only
    // the vertex-to-edge distances: a third of the work of every pair of edges (measured: the closest
    // points were nine tenths of conservative advancement). Touching or overlapping ones, and cores
    // of one or two points, take the general path below.
    if (na >= 3 && nb >= 3 && (EdgeSeparates(a, na, b, nb) || EdgeSeparates(b, nb, a, na))) return ClosestPointsApart(a, na, b, nb);
    CoreClosestPoints out;
    if (na >= 3)
        for (int j = 0; j < nb; ++j)
            if (PointInConvex(b[j], a, na)) return {0.0f, b[j], b[j]};
    if (nb >= 3)
        for (int i = 0; i < na; ++i)
            if (PointInConvex(a[i], b, nb)) return {0.0f, a[i], a[i]};
    out.distanceSquared = std::numeric_limits<float>::infinity();
    for (int i = 0; i < SegmentCount(na); ++i)
        for (int j = 0; j < SegmentCount(nb); ++j) {
            Vec2 crossing;
            if (SegmentsCross(SegmentStart(a, na, i), SegmentEnd(a, na, i), SegmentStart(b, nb, j), SegmentEnd(b, nb, j), crossing))
                return {0.0f, crossing, crossing};
            const auto cp = ClosestPointsSegmentSegment(SegmentStart(a, na, i), SegmentEnd(a, na, i), SegmentStart(b, nb, j),
                                                        SegmentEnd(b, nb, j));
            if (cp.distanceSquared < out.distanceSquared) out = {cp.distanceSquared, cp.pointA, cp.pointB};
        }
    return out;
}

float DistanceSquaredCores(const Vec2* a, int na, const Vec2* b, int nb) {
    return ClosestPointsCores(a, na, b, nb).distanceSquared;
}

float DistanceFromOrigin(const Vec2* pts, int n, Vec2* closest) {
    if (n >= 3 && PointInConvex({0.0f, 0.0f}, pts, n)) {
        *closest = {0.0f, 0.0f};
        return 0.0f;
    }
    float best = std::numeric_limits<float>::infinity();
    for (int i = 0; i < SegmentCount(n); ++i) {
        const Vec2 c = ClosestPointOnSegment(SegmentStart(pts, n, i), SegmentEnd(pts, n, i), {0.0f, 0.0f});
        const float d = LengthSquared(c);
        if (d < best) {
            best = d;
            *closest = c;
        }
    }
    return std::sqrt(best);
}

} // namespace sensu::swept
