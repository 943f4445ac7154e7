#include "sensu/geometry/sector_overlap.h"

#include <algorithm>
#include <limits>

#include "sensu/geometry/primitives.h"
#include "sensu/geometry/sector_frame.h"

namespace sensu {

namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

/// Circle (centre in the sector frame, radius ≥ 0) against the fan: seed 000 §2.4 fixed.
/// Inside the wedge the radial window (2.8) decides, with lower bound max(0, r − rc) so a circle that
/// covers the hole still counts. Outside it the nearest fan point is on the upper radial edge G·[r, R]
/// (eq. 2.9, 2.10; for y ≥ 0 the lower edge is farther); G is a unit vector, so projecting onto it needs
/// no division. Both answers are computed and one selected: a branch on random input mispredicts.
inline bool CircleMeetsFan(const Sector& sector, Vec2 center, float rc) {
    // snippet-begin: circle
    const float c = sector.cosHalfAngle();
    const float s = sector.sinHalfAngle();
    const float x = center.x;
    const float y = std::abs(center.y);  // the fan is symmetric about its axis
    const float d2 = x * x + y * y;
    // std::max / std::min compile to maxss / minss here, where the ternaries of Max / Clamp became branches.
    const float inner = std::max(sector.innerRadius() - rc, 0.0f);
    const bool radial = (d2 <= Square(sector.outerRadius() + rc)) & (d2 >= inner * inner);
    const float along = std::min(std::max(x * c + y * s, sector.innerRadius()), sector.outerRadius());
    const float dx = x - along * c;
    const float dy = y - along * s;
    const bool nearEdge = dx * dx + dy * dy <= rc * rc;
    const bool inWedge = InWedge(x, y, c, s);
    return (inWedge & radial) | (!inWedge & nearEdge);
    // snippet-end: circle
}

/// A bounding circle's radius widened by a few float ulps of the case's size, so a filter that rejects
/// on it never rejects a shape that touches the fan exactly where it touches its bounding circle.
inline float Widened(Vec2 center, float radius) {
    return radius + 1e-5f * (std::abs(center.x) + std::abs(center.y) + radius);
}

/// A convex polygon in the sector frame as half-planes: q is inside iff normal[i]·q ≤ offset[i] for all i.
struct LocalPolygon {
    std::array<Vec2, kMaxPolygonVertices> vertex;
    std::array<Vec2, kMaxPolygonVertices> normal;
    std::array<float, kMaxPolygonVertices> offset;
    int count = 0;
};

/// The points t·u (t ≥ 0) of the ray from the centre along unit u that lie in the polygon form the
/// interval [t0, t1]; false when the ray misses it. (Clipping a ray by half-planes.)
bool RayInterval(const LocalPolygon& polygon, Vec2 u, float& t0, float& t1) {
    float lo = 0.0f;
    float hi = kInfinity;
    for (int i = 0; i < polygon.count; ++i) {
        const float rate = Dot(polygon.normal[i], u);
        const float offset = polygon.offset[i];
        if (rate > 0.0f) {
            hi = Min(hi, offset / rate);
        } else if (rate < 0.0f) {
            lo = Max(lo, offset / rate);
        } else if (offset < 0.0f) {
            return false;
        }
    }
    t0 = lo;
    t1 = hi;
    return lo <= hi;
}

/// Squared-distance range [low, high] of one convex piece (polygon ∩ convex wedge); high < 0 = empty.
struct PieceRange {
    float low = kInfinity;
    float high = -1.0f;
    void Add(float d2) {
        low = Min(low, d2);
        high = Max(high, d2);
    }
};

/// Which convex piece a wedge point belongs to: 0 unless the wedge is split and the point is below the
/// axis. Points on the axis go to piece 0; piece 1 sees them through the axis ray's interval.
inline int PieceOf(bool split, float y) { return split && y < 0.0f ? 1 : 0; }

/// Polygon in the sector frame against the fan.
/// For each convex piece K of polygon ∩ wedge, |q| on K fills [min, max]; the fan is hit iff
/// min ≤ R and max ≥ r for some piece. The extremes lie at vertices of K (max) or vertices of K and
/// perpendicular feet on the polygon's edges (min). The vertices of K are the polygon's vertices in
/// the wedge and the points where the wedge's boundary rays enter and leave the polygon (the centre
/// itself when the polygon contains it, as t0 = 0), so nothing has to be clipped.
bool OverlapLocalPolygon(const Sector& sector, const LocalPolygon& polygon) {
    const float c = sector.cosHalfAngle();
    const float s = sector.sinHalfAngle();
    const float inner2 = Square(sector.innerRadius());
    const float outer2 = Square(sector.outerRadius());
    // θ > π/2: the wedge is not convex; split it along the axis into two convex wedges of angle θ,
    // piece 0 above (rays +x and G) and piece 1 below (rays H and +x).
    const bool split = c < 0.0f;
    PieceRange piece[2];

    for (int i = 0; i < polygon.count; ++i) {
        const Vec2 v = polygon.vertex[i];
        if (!InWedge(v.x, std::abs(v.y), c, s)) continue;
        const float d2 = LengthSquared(v);
        if (d2 >= inner2 && d2 <= outer2) return true;  // a vertex inside the fan
        piece[PieceOf(split, v.y)].Add(d2);
    }

    // snippet-begin: rays
    // Where the wedge's boundary rays G, H (and the axis, when split) enter and leave the polygon.
    float t0 = 0.0f;
    float t1 = 0.0f;
    if (RayInterval(polygon, {c, s}, t0, t1)) {
        piece[0].Add(t0 * t0);
        piece[0].Add(t1 * t1);
    }
    if (RayInterval(polygon, {c, -s}, t0, t1)) {  // H bounds the lower piece (the only one unless split)
        piece[split ? 1 : 0].Add(t0 * t0);
        piece[split ? 1 : 0].Add(t1 * t1);
    }
    if (split && RayInterval(polygon, {1.0f, 0.0f}, t0, t1)) {
        for (PieceRange& p : piece) {
            p.Add(t0 * t0);
            p.Add(t1 * t1);
        }
    }
    // snippet-end: rays

    // The maximum is now exact; the minimum may still be lower at a perpendicular foot.
    bool undecided = false;
    for (int k = 0; k <= int(split); ++k) {
        if (piece[k].high < inner2) continue;  // empty, or wholly inside the hole
        if (piece[k].low <= outer2) return true;
        undecided = true;
    }
    if (!undecided) return false;

    for (int i = 0; i < polygon.count; ++i) {
        const Vec2 a = polygon.vertex[i];
        const Vec2 e = polygon.vertex[i + 1 == polygon.count ? 0 : i + 1] - a;
        const float along = -Dot(a, e);
        const float length2 = LengthSquared(e);
        if (along <= 0.0f || along >= length2) continue;  // the foot is not inside this edge
        const Vec2 foot = a + (along / length2) * e;
        if (LengthSquared(foot) > outer2 || !InWedge(foot.x, std::abs(foot.y), c, s)) continue;
        if (piece[PieceOf(split, foot.y)].high >= inner2) return true;
    }
    return false;
}

/// Clips [lo, hi] to the t with alpha + beta·t ≥ 0; false when nothing is left.
bool ClipLinear(float alpha, float beta, float& lo, float& hi) {
    if (beta > 0.0f) {
        lo = Max(lo, -alpha / beta);
    } else if (beta < 0.0f) {
        hi = Min(hi, -alpha / beta);
    } else if (alpha < 0.0f) {
        return false;
    }
    return lo <= hi;
}

/// The part of segment a + t·e (t in [0, 1]) inside the convex wedge from unit ray u1 counter-clockwise
/// to unit ray u2 (angle in [0, π]; `front` adds x ≥ 0, needed when u1 = u2) has |q| values
/// that meet [inner, outer] (given squared).
bool WedgePieceMeetsRing(Vec2 a, Vec2 e, Vec2 u1, Vec2 u2, bool front, float inner2, float outer2) {
    float lo = 0.0f;
    float hi = 1.0f;
    if (!ClipLinear(Cross(u1, a), Cross(u1, e), lo, hi)) return false;
    if (!ClipLinear(Cross(a, u2), Cross(e, u2), lo, hi)) return false;
    if (front && !ClipLinear(a.x, e.x, lo, hi)) return false;
    const float d0 = LengthSquared(a + lo * e);
    const float d1 = LengthSquared(a + hi * e);
    if (Max(d0, d1) < inner2) return false;  // the farthest point of a segment is an end point
    if (Min(d0, d1) <= outer2) return true;
    const float length2 = LengthSquared(e);
    if (length2 <= 0.0f) return false;
    const float foot = -Dot(a, e) / length2;  // nearest point to the centre on the supporting line
    return foot > lo && foot < hi && LengthSquared(a + foot * e) <= outer2;
}

/// Capsule (segment a–b in the sector frame, radius ≥ 0) against the fan.
/// A point p is within `radius` of the fan iff either p is in the wedge and |p| is within `radius` of
/// [r, R] (seed 000 eq. 2.8 with max(0, r − rc)), or p is within `radius` of a radial edge (the nearest
/// fan point of a point outside the wedge is on an edge: an arc's nearest point to p points at p).
bool OverlapLocalCapsule(const Sector& sector, Vec2 a, Vec2 b, float radius) {
    // Exact filters first: the capsule lies inside the circle about its middle and contains the
    // circles at its ends.
    const Vec2 e = b - a;
    const Vec2 middle = a + 0.5f * e;
    if (!CircleMeetsFan(sector, middle, Widened(middle, 0.5f * Length(e) + radius))) return false;
    if (CircleMeetsFan(sector, a, radius) | CircleMeetsFan(sector, b, radius)) return true;

    const float r = sector.innerRadius();
    const float R = sector.outerRadius();
    const float outer2 = Square(R + radius);
    const float inner = Max(0.0f, r - radius);
    const float inner2 = inner * inner;
    if (Max(LengthSquared(a), LengthSquared(b)) < inner2) return false;  // the capsule lies in the hole

    const Vec2 g = {sector.cosHalfAngle(), sector.sinHalfAngle()};
    const Vec2 h = {g.x, -g.y};
    if (g.x >= 0.0f) {
        if (WedgePieceMeetsRing(a, e, h, g, true, inner2, outer2)) return true;
    } else {
        const Vec2 axis = {1.0f, 0.0f};
        if (WedgePieceMeetsRing(a, e, axis, g, false, inner2, outer2)) return true;
        if (WedgePieceMeetsRing(a, e, h, axis, false, inner2, outer2)) return true;
    }
    // The radial edges run from r·u to R·u (seed 000 eq. 2.10), not from the centre. A segment on one
    // side of the axis is nearer to the edge on its side than to its mirror image.
    const float radius2 = radius * radius;
    if (Max(a.y, b.y) >= 0.0f && ClosestPointsSegmentSegment(a, b, r * g, R * g).distanceSquared <= radius2) return true;
    return Min(a.y, b.y) <= 0.0f && ClosestPointsSegmentSegment(a, b, r * h, R * h).distanceSquared <= radius2;
}

/// A radial edge of `a` (from r·u to R·u about a's centre) meets sector `b`.
bool RadialEdgeMeets(const Sector& a, const Sector& b) {
    const Rot rotation = SectorRotation(a);
    const Vec2 upper = Rotate(rotation, UpperEdgeDirection(a));
    const Vec2 lower = Rotate(rotation, {a.cosHalfAngle(), -a.sinHalfAngle()});
    for (const Vec2 u : {upper, lower}) {
        const Vec2 start = ToSectorFrame(b, a.center() + a.innerRadius() * u);
        const Vec2 end = ToSectorFrame(b, a.center() + a.outerRadius() * u);
        if (OverlapLocalCapsule(b, start, end, 0.0f)) return true;
    }
    return false;
}

/// The circle of radius ra about a's centre and the circle of radius rb about b's centre cross at a
/// point inside both wedges (an arc of a meets an arc of b). Tangent circles count (relative slack
/// 1e-6 for rounding).
bool ArcsCross(const Sector& a, float ra, const Sector& b, float rb) {
    const Vec2 d = b.center() - a.center();
    const float distance = Length(d);
    const float slack = 1e-6f * (ra + rb);
    if (distance > ra + rb + slack || distance < std::abs(ra - rb) - slack || distance <= slack) return false;
    // Distance from a's centre to the chord, and half the chord (circle–circle intersection).
    const float along = (distance * distance + ra * ra - rb * rb) / (2.0f * distance);
    const float half = std::sqrt(Max(0.0f, ra * ra - along * along));
    const Vec2 u = (1.0f / distance) * d;
    const Vec2 base = a.center() + along * u;
    for (const float side : {half, -half}) {
        const Vec2 p = base + side * LeftPerp(u);
        if (InWedge(a, ToSectorFrame(a, p)) && InWedge(b, ToSectorFrame(b, p))) return true;
    }
    return false;
}

/// A point of each arc of `a` (its midpoint on the axis) lies in `b`: the containment cases.
bool ArcMidpointInside(const Sector& a, const Sector& b) {
    if (Contains(b, a.center() + a.outerRadius() * a.axis())) return true;
    return a.innerRadius() > 0.0f && Contains(b, a.center() + a.innerRadius() * a.axis());
}

} // namespace

bool Contains(const Sector& sector, Vec2 point) {
    const Vec2 q = ToSectorFrame(sector, point);
    const float d2 = LengthSquared(q);
    // seed 000 eq. (2.5) and (2.7)
    return (d2 <= Square(sector.outerRadius())) & (d2 >= Square(sector.innerRadius())) & InWedge(sector, q);
}

bool Overlap(const Sector& sector, Vec2 point) { return Contains(sector, point); }

bool Overlap(const Sector& sector, const Circle& circle, const Transform& xf) {
    return CircleMeetsFan(sector, ToSectorFrame(sector, TransformPoint(xf, circle.center())), circle.radius());
}

bool Overlap(const Sector& sector, const Box& box, const Transform& xf) {
    const Rot sectorRotation = SectorRotation(sector);
    const Vec2 center = InvRotate(sectorRotation, TransformPoint(xf, box.center()) - sector.center());
    const Rot rotation = InvMul(sectorRotation, Mul(xf.q, box.rotation()));
    // Exact filters first: the box lies inside its circumscribed circle and contains its inscribed one.
    const Vec2 half = box.halfExtents();
    if (!CircleMeetsFan(sector, center, Widened(center, Length(half)))) return false;
    if (CircleMeetsFan(sector, center, Min(half.x, half.y))) return true;
    const Vec2 ex = rotation.XAxis();
    const Vec2 ey = rotation.YAxis();
    const Vec2 hx = box.halfExtents().x * ex;
    const Vec2 hy = box.halfExtents().y * ey;
    const float cx = Dot(ex, center);
    const float cy = Dot(ey, center);
    LocalPolygon polygon;
    polygon.count = 4;
    polygon.vertex = {center - hx - hy, center + hx - hy, center + hx + hy, center - hx + hy};
    polygon.normal = {-ey, ex, ey, -ex};
    polygon.offset = {box.halfExtents().y - cy, box.halfExtents().x + cx, box.halfExtents().y + cy,
                      box.halfExtents().x - cx};
    return OverlapLocalPolygon(sector, polygon);
}

bool Overlap(const Sector& sector, const ConvexPolygon& polygon, const Transform& xf) {
    const Transform toLocal = InvMul(SectorTransform(sector), xf);
    LocalPolygon local;
    local.count = polygon.count();
    for (int i = 0; i < local.count; ++i) {
        local.vertex[i] = TransformPoint(toLocal, polygon.vertex(i));
        local.normal[i] = Rotate(toLocal.q, polygon.normal(i));
        local.offset[i] = Dot(local.normal[i], local.vertex[i]);
    }
    // Exact filters first: the circle about the centroid through the farthest vertex contains the
    // polygon, and the centroid is one of its points.
    const Vec2 centroid = TransformPoint(toLocal, polygon.centroid());
    float reach2 = 0.0f;
    for (int i = 0; i < local.count; ++i) reach2 = Max(reach2, DistanceSquared(centroid, local.vertex[i]));
    if (!CircleMeetsFan(sector, centroid, Widened(centroid, std::sqrt(reach2)))) return false;
    if (CircleMeetsFan(sector, centroid, 0.0f)) return true;
    return OverlapLocalPolygon(sector, local);
}

bool Overlap(const Sector& sector, const Capsule& capsule, const Transform& xf) {
    const Vec2 a = ToSectorFrame(sector, TransformPoint(xf, capsule.a()));
    const Vec2 b = ToSectorFrame(sector, TransformPoint(xf, capsule.b()));
    return OverlapLocalCapsule(sector, a, b, capsule.radius());
}

bool Overlap(const Sector& sector, const Segment& segment, const Transform& xf) {
    const Vec2 a = ToSectorFrame(sector, TransformPoint(xf, segment.a()));
    const Vec2 b = ToSectorFrame(sector, TransformPoint(xf, segment.b()));
    return OverlapLocalCapsule(sector, a, b, 0.0f);
}

bool Overlap(const Sector& a, const Sector& b) {
    if (DistanceSquared(a.center(), b.center()) > Square(a.outerRadius() + b.outerRadius())) return false;
    // If they meet, a boundary point of one lies in the other or one lies inside the other (both are
    // connected). A boundary point of a in b is on a radial edge of a, or on an arc of a; an arc of a
    // that meets b either crosses b's boundary (b's radial edge in a, or b's arc) or lies inside b.
    if (RadialEdgeMeets(a, b) || RadialEdgeMeets(b, a)) return true;
    if (ArcMidpointInside(a, b) || ArcMidpointInside(b, a)) return true;
    for (const float ra : {a.outerRadius(), a.innerRadius()}) {
        if (ra <= 0.0f) continue;  // r = 0: the inner "arc" is the centre, already on the edges
        for (const float rb : {b.outerRadius(), b.innerRadius()}) {
            if (rb > 0.0f && ArcsCross(a, ra, b, rb)) return true;
        }
    }
    return false;
}

} // namespace sensu
