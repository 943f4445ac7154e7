#include "swept_internal.h"

#include <limits>

#include "sensu/geometry/primitives.h"
#include "sensu/geometry/sector_frame.h"

namespace sensu::swept {

RoundedCore CoreOf(const Circle& shape, const Transform& xf) {
    RoundedCore core;
    core.points[0] = TransformPoint(xf, shape.center());
    core.count = 1;
    core.radius = shape.radius();
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
    return core;
}

RoundedCore CoreOf(const ConvexPolygon& shape, const Transform& xf) {
    RoundedCore core;
    core.count = shape.count();
    for (int i = 0; i < core.count; ++i) {
        core.points[i] = TransformPoint(xf, shape.vertex(i));
        core.normals[i] = Rotate(xf.q, shape.normal(i));
    }
    return core;
}

RoundedCore CoreOf(const Segment& shape, const Transform& xf) {
    RoundedCore core;
    core.points[0] = TransformPoint(xf, shape.a());
    core.points[1] = TransformPoint(xf, shape.b());
    core.normals[0] = Normalize(RightPerp(core.points[1] - core.points[0]));
    core.count = 2;
    return core;
}

} // namespace sensu::swept

namespace sensu {

RoundedCoreEdges EdgesOf(const RoundedCore& core) {
    RoundedCoreEdges edges;
    const int n = core.count;
    edges.count = n >= 3 ? n : (n == 2 ? 2 : 0);
    for (int i = 0; i < edges.count; ++i) {
        const Vec2 nrm = swept::EdgeNormal(core, i);
        const Vec2 a = core.points[i], b = core.points[n == 2 ? 1 - i : (i + 1 < n ? i + 1 : 0)];
        edges.offset[i] = Dot(nrm, a);
        edges.middle[i] = 0.5f * Cross(nrm, a + b); // t·v = cross(nrm, v) for t = LeftPerp(nrm)
        edges.halfLength[i] = 0.5f * Cross(nrm, b - a);
    }
    return edges;
}

RoundedCore ToRoundedCore(const Circle& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }
RoundedCore ToRoundedCore(const Capsule& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }
RoundedCore ToRoundedCore(const Box& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }
RoundedCore ToRoundedCore(const ConvexPolygon& shape, const Transform& xf) { return swept::CoreOf(shape, xf); }

} // namespace sensu

namespace sensu::swept {

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

// Does the arc from p0 (window) enter the core within its window? `forEach` runs ForEachEntry.
template <class ForEach>
bool ArcEntersInWindow(Vec2 p0, const ArcSweep& window, ForEach&& forEach) {
    // The window's middle direction for this arc: the wedge test is scale invariant, so neither it
    // nor the reported multiples of the entry points need normalising.
    const Vec2 mid = Rotate(window.half, p0);
    bool met = false;
    forEach(window.sweep >= 0.0f ? 1.0f : -1.0f, [&](Vec2 x, int) {
        return met = InWedge(Dot(mid, x), std::abs(Cross(mid, x)), window.cosHalf, window.sinHalf);
    });
    return met;
}

} // namespace

bool ArcMeetsRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, float reach) {
    if (PointWithinCore(p0, core, reach)) return true;
    return ArcEntersInWindow(p0, window, [&](float s, auto&& visit) { ForEachEntry(p0, s, core, reach, visit); });
}

bool ArcMeetsRoundedCore(Vec2 p0, const ArcSweep& window, const RoundedCore& core, const RoundedCoreEdges& edges, float reach) {
    if (PointWithinCore(p0, core, reach)) return true;
    return ArcEntersInWindow(p0, window, [&](float s, auto&& visit) { ForEachEntry(p0, s, core, edges, reach, visit); });
}

RoundedCore Posed(const RoundedCore& core, const Transform& xf) {
    RoundedCore out = core;
    for (int i = 0; i < core.count; ++i) {
        out.points[i] = TransformPoint(xf, core.points[i]);
        out.normals[i] = Rotate(xf.q, core.normals[i]);
    }
    return out;
}

RoundedCore InvPosed(const RoundedCore& core, const Transform& xf) {
    RoundedCore out = core;
    for (int i = 0; i < core.count; ++i) {
        out.points[i] = InvTransformPoint(xf, core.points[i]);
        out.normals[i] = InvRotate(xf.q, core.normals[i]);
    }
    return out;
}

namespace {

// The boundary of a core as segments: a point is one zero-length segment, a capsule core one segment.
int SegmentCount(int n) { return n >= 3 ? n : 1; }
Vec2 SegmentStart(const Vec2* pts, int, int i) { return pts[i]; }
Vec2 SegmentEnd(const Vec2* pts, int n, int i) { return n == 1 ? pts[0] : (n == 2 ? pts[1] : pts[i + 1 < n ? i + 1 : 0]); }

} // namespace

CoreClosestPoints ClosestPointsCores(const Vec2* a, int na, const Vec2* b, int nb) {
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
