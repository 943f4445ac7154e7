#include "sensu/geometry/primitives.h"

namespace sensu {

Vec2 ClosestPointOnSegment(Vec2 a, Vec2 b, Vec2 p, float* t) {
    const Vec2 ab = b - a;
    const float lengthSquared = LengthSquared(ab);
    float u = 0.0f;
    if (lengthSquared > 0.0f) u = Clamp(Dot(p - a, ab) / lengthSquared, 0.0f, 1.0f);
    if (t != nullptr) *t = u;
    return a + u * ab;
}

float DistanceSquaredPointSegment(Vec2 p, Vec2 a, Vec2 b) { return DistanceSquared(p, ClosestPointOnSegment(a, b, p)); }

SegmentClosestPoints ClosestPointsSegmentSegment(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2) {
    // Minimise |(a1 + s·d1) − (b1 + t·d2)|² over the unit square; clamp s, recompute t, clamp t,
    // recompute s. Parallel (or zero-length) cases fall back to s = 0, which the second pass fixes.
    const Vec2 d1 = a2 - a1;
    const Vec2 d2 = b2 - b1;
    const Vec2 r = a1 - b1;
    const float a = LengthSquared(d1);
    const float e = LengthSquared(d2);
    const float f = Dot(d2, r);
    float s = 0.0f;
    float t = 0.0f;
    const float tiny = 1e-12f;
    if (a <= tiny && e <= tiny) {
        s = t = 0.0f;
    } else if (a <= tiny) {
        t = Clamp(f / e, 0.0f, 1.0f);
    } else {
        const float c = Dot(d1, r);
        if (e <= tiny) {
            s = Clamp(-c / a, 0.0f, 1.0f);
        } else {
            const float b = Dot(d1, d2);
            // The lines' crossing, s = (b·f − c·e) / (a·e − b²), taken as (d2 × r) / (d1 × d2): the same
            // number (Lagrange's identity in 2D: a·e − b² = (d1 × d2)², b·f − c·e = (d2 × r)(d1 × d2)),
            // without the difference of two products, which for long, nearly parallel segments cancels
            // to round-off: 77 km segments at 0.3 mrad got s = 0 and t = 1, ends 77,649 m apart for
            // 77,624 m (fuzz finding pairs-77km-parallel-segments-closest-points).
            const float cross = Cross(d1, d2);
            // Relative test: the segments are parallel when sin² of their angle is below 1e-10.
            if (cross * cross > 1e-10f * a * e) s = Clamp(Cross(d2, r) / cross, 0.0f, 1.0f);
            t = (b * s + f) / e;
            if (t < 0.0f) {
                t = 0.0f;
                s = Clamp(-c / a, 0.0f, 1.0f);
            } else if (t > 1.0f) {
                t = 1.0f;
                s = Clamp((b - c) / a, 0.0f, 1.0f);
            }
        }
    }
    SegmentClosestPoints out;
    out.s = s;
    out.t = t;
    out.pointA = a1 + s * d1;
    out.pointB = b1 + t * d2;
    out.distanceSquared = DistanceSquared(out.pointA, out.pointB);
    return out;
}

SegmentIntersection IntersectSegments(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2) {
    const Vec2 d1 = a2 - a1;
    const Vec2 d2 = b2 - b1;
    const Vec2 w = b1 - a1;
    const float denom = Cross(d1, d2);  // seed 000 eq. (2.34), one denominator for s and t
    const float scale = Length(d1) * Length(d2);
    SegmentIntersection out;
    if (std::abs(denom) > 1e-6f * scale) {
        const float s = Cross(w, d2) / denom;
        const float t = Cross(w, d1) / denom;
        // eq. (2.35), widened by a few ulps so segments that share an end point always touch.
        const float eps = 1e-5f;
        if (s >= -eps && s <= 1.0f + eps && t >= -eps && t <= 1.0f + eps) {
            out.hit = true;
            out.s = Clamp(s, 0.0f, 1.0f);
            out.t = Clamp(t, 0.0f, 1.0f);
            out.point = a1 + out.s * d1;
        }
        return out;
    }
    // Parallel (or degenerate): they meet only when collinear, where the closest points touch.
    const SegmentClosestPoints closest = ClosestPointsSegmentSegment(a1, a2, b1, b2);
    const float extent = Max(Max(LengthSquared(d1), LengthSquared(d2)), 1e-30f);
    if (closest.distanceSquared > 1e-10f * extent) return out;
    // The first common point along a1–a2: a1 itself if it lies on b, else the nearer end of b.
    const float lengthSquared = LengthSquared(d1);
    float sStart = 0.0f;
    if (DistanceSquaredPointSegment(a1, b1, b2) > 1e-10f * extent && lengthSquared > 0.0f) {
        const float sb1 = Dot(b1 - a1, d1) / lengthSquared;
        const float sb2 = Dot(b2 - a1, d1) / lengthSquared;
        sStart = Clamp(Min(sb1, sb2), 0.0f, 1.0f);
    }
    out.hit = true;
    out.s = sStart;
    out.point = a1 + sStart * d1;
    ClosestPointOnSegment(b1, b2, out.point, &out.t);
    return out;
}

bool SegmentIntersectsCircle(Vec2 a, Vec2 b, Vec2 center, float radius) {
    return DistanceSquaredPointSegment(center, a, b) <= radius * radius;
}

bool PointInBox(Vec2 p, Vec2 center, Rot rotation, Vec2 halfExtents) {
    const Vec2 local = InvRotate(rotation, p - center);
    return std::abs(local.x) <= halfExtents.x && std::abs(local.y) <= halfExtents.y;
}

} // namespace sensu
