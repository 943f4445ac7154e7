// Exact boolean overlap tests (overlap.h). Round pairs compare a core distance with the summed radii;
// polygonal pairs use separating axes; mixed pairs go through the rounded-polygon routine.
#include "sensu/geometry/overlap.h"

#include "collide_common.h"
#include "sensu/geometry/primitives.h"

namespace sensu {

using detail::OverlapGeneric;

namespace {

/// Two segments cross at a point interior to both (strict orientation signs). The closest-point
/// distance of crossing segments is round-off, not 0, so zero-radius capsules need this test.
inline bool SegmentsCross(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2) {
    const Vec2 da = a2 - a1;
    const Vec2 db = b2 - b1;
    return Cross(da, b1 - a1) * Cross(da, b2 - a1) < 0.0f && Cross(db, a1 - b1) * Cross(db, a2 - b1) < 0.0f;
}

/// Segments a1–a2 and b1–b2 (one frame) come within `radius` of each other: they cross, or an end of
/// one lies within `radius` of the other (segments that do not cross have an end among their closest
/// points). Not ClosestPointsSegmentSegment: its a·e − b² cancels for long, nearly parallel segments,
/// and a 618 km segment 0.8 m from a 478 km capsule core of radius 15.75 m was found apart (fuzz finding
/// regression-618km-segment-capsule).
inline bool SegmentsWithin(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2, float radius) {
    const float r2 = radius * radius;
    return DistanceSquaredPointSegment(a1, b1, b2) <= r2 || DistanceSquaredPointSegment(a2, b1, b2) <= r2 ||
           DistanceSquaredPointSegment(b1, a1, a2) <= r2 || DistanceSquaredPointSegment(b2, a1, a2) <= r2 || SegmentsCross(a1, a2, b1, b2);
}

} // namespace

bool Overlap(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB) {
    return DistanceSquared(TransformPoint(xfA, a.center()), TransformPoint(xfB, b.center())) <= Square(a.radius() + b.radius());
}

bool Overlap(const Circle& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
    const Vec2 c = InvTransformPoint(xfB, TransformPoint(xfA, a.center()));
    return DistanceSquaredPointSegment(c, b.a(), b.b()) <= Square(a.radius() + b.radius());
}

bool Overlap(const Circle& a, const Transform& xfA, const Box& b, const Transform& xfB) {
    // Centre in the box frame, clamped to the box: the closest point of the box.
    const Vec2 world = TransformPoint(xfA, a.center());
    const Vec2 c = InvRotate(b.rotation(), InvTransformPoint(xfB, world) - b.center());
    const Vec2 h = b.halfExtents();
    const Vec2 d = c - Vec2{Clamp(c.x, -h.x, h.x), Clamp(c.y, -h.y, h.y)};
    return LengthSquared(d) <= Square(a.radius());
}

bool Overlap(const Circle& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB) {
    const Vec2 c = InvTransformPoint(xfB, TransformPoint(xfA, a.center()));
    return detail::OverlapPolygonAndPoint(b.vertices().data(), b.normals().data(), b.count(), c, a.radius());
}

bool Overlap(const Circle& a, const Transform& xfA, const Segment& b, const Transform& xfB) {
    const Vec2 c = InvTransformPoint(xfB, TransformPoint(xfA, a.center()));
    return DistanceSquaredPointSegment(c, b.a(), b.b()) <= Square(a.radius());
}

bool Overlap(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
    const Transform rel = InvMul(xfA, xfB);
    return SegmentsWithin(a.a(), a.b(), TransformPoint(rel, b.a()), TransformPoint(rel, b.b()), a.radius() + b.radius());
}

bool Overlap(const Capsule& a, const Transform& xfA, const Box& b, const Transform& xfB) { return OverlapGeneric(b, xfB, a, xfA); }

bool Overlap(const Capsule& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB) {
    return OverlapGeneric(b, xfB, a, xfA);
}

bool Overlap(const Capsule& a, const Transform& xfA, const Segment& b, const Transform& xfB) {
    const Transform rel = InvMul(xfA, xfB);
    return SegmentsWithin(a.a(), a.b(), TransformPoint(rel, b.a()), TransformPoint(rel, b.b()), a.radius());
}

bool Overlap(const Box& a, const Transform& xfA, const Box& b, const Transform& xfB) {
    // Separating axes: the two axes of each box. In A's box frame, B's centre is d and its rotation
    // (c, s); a box of half extents h projects onto a unit axis u with half width h.x|u·ex| + h.y|u·ey|.
    const Transform frameA = Mul(xfA, Transform{a.center(), a.rotation()});
    const Transform frameB = Mul(xfB, Transform{b.center(), b.rotation()});
    const Transform rel = InvMul(frameA, frameB);
    const Vec2 hA = a.halfExtents();
    const Vec2 hB = b.halfExtents();
    const float ac = std::abs(rel.q.c);
    const float as = std::abs(rel.q.s);
    const Vec2 dA = rel.p;
    const Vec2 dB = InvRotate(rel.q, rel.p);
    // All four axes at once (no early out): fewer unpredictable branches than testing them in turn.
    const float sepAx = std::abs(dA.x) - hA.x - (hB.x * ac + hB.y * as);
    const float sepAy = std::abs(dA.y) - hA.y - (hB.x * as + hB.y * ac);
    const float sepBx = std::abs(dB.x) - hB.x - (hA.x * ac + hA.y * as);
    const float sepBy = std::abs(dB.y) - hB.y - (hA.x * as + hA.y * ac);
    return Max(Max(sepAx, sepAy), Max(sepBx, sepBy)) <= 0.0f;
}

bool Overlap(const Box& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB) { return OverlapGeneric(a, xfA, b, xfB); }

bool Overlap(const Box& a, const Transform& xfA, const Segment& b, const Transform& xfB) {
    // Separating axes: the box axes (the segment's extent against the half extents) and the segment
    // normal (the box's projected half width against the offset of the segment's line).
    const Transform frame = Mul(xfA, Transform{a.center(), a.rotation()});
    const Transform rel = InvMul(frame, xfB);
    const Vec2 p1 = TransformPoint(rel, b.a());
    const Vec2 p2 = TransformPoint(rel, b.b());
    const Vec2 h = a.halfExtents();
    const Vec2 mid = 0.5f * (p1 + p2);
    const Vec2 half = 0.5f * (p2 - p1);
    const Vec2 absHalf = Abs(half);
    const Vec2 normal = LeftPerp(half);  // unnormalised: compare both sides scaled by |half|
    const float sepX = std::abs(mid.x) - h.x - absHalf.x;
    const float sepY = std::abs(mid.y) - h.y - absHalf.y;
    const float sepN = std::abs(Dot(normal, mid)) - (h.x * std::abs(normal.x) + h.y * std::abs(normal.y));
    return Max(Max(sepX, sepY), sepN) <= 0.0f;
}

bool Overlap(const ConvexPolygon& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB) {
    return OverlapGeneric(a, xfA, b, xfB);
}

bool Overlap(const ConvexPolygon& a, const Transform& xfA, const Segment& b, const Transform& xfB) {
    return OverlapGeneric(a, xfA, b, xfB);
}

bool Overlap(const Segment& a, const Transform& xfA, const Segment& b, const Transform& xfB) {
    return IntersectSegments(TransformPoint(xfA, a.a()), TransformPoint(xfA, a.b()), TransformPoint(xfB, b.a()), TransformPoint(xfB, b.b())).hit;
}

bool Overlap(const Circle& circle, const Transform& xf, const AABB& box) {
    const Vec2 c = TransformPoint(xf, circle.center());
    const Vec2 closest = Max(box.lower, Min(c, box.upper));
    return DistanceSquared(c, closest) <= Square(circle.radius());
}

bool Contains(const Circle& shape, const Transform& xf, Vec2 point) {
    return DistanceSquared(InvTransformPoint(xf, point), shape.center()) <= Square(shape.radius());
}

bool Contains(const Capsule& shape, const Transform& xf, Vec2 point) {
    return DistanceSquaredPointSegment(InvTransformPoint(xf, point), shape.a(), shape.b()) <= Square(shape.radius());
}

bool Contains(const Box& shape, const Transform& xf, Vec2 point) {
    return PointInBox(InvTransformPoint(xf, point), shape.center(), shape.rotation(), shape.halfExtents());
}

bool Contains(const ConvexPolygon& shape, const Transform& xf, Vec2 point) {
    // Inside every edge's half-plane (the polygon is convex and counter-clockwise).
    const Vec2 p = InvTransformPoint(xf, point);
    float worst = -3.4e38f;
    for (int i = 0; i < shape.count(); ++i) worst = Max(worst, Dot(shape.normal(i), p - shape.vertex(i)));
    return worst <= 0.0f;
}

} // namespace sensu
