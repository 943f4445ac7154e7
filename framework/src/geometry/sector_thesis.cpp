#include "sensu/geometry/sector_thesis.h"

#include <array>
#include <limits>

#include "sensu/geometry/primitives.h"
#include "sensu/geometry/sector_frame.h"

namespace sensu::thesis {

namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

/// seed 000 eq. (2.6), (2.7): P_c = P_x / |P| ≥ cos θ, in the sector frame. P = O is in every wedge.
bool WedgeByCosine(const Sector& sector, Vec2 p) {
    const float length2 = LengthSquared(p);
    if (length2 <= 0.0f) return true;
    return p.x / std::sqrt(length2) >= sector.cosHalfAngle();
}

/// The radial edges L (upper, direction G) and M (lower, direction H) of eq. (2.9), (2.10).
struct RadialEdges {
    Vec2 innerG, outerG, innerH, outerH;
};

RadialEdges EdgesOf(const Sector& sector) {
    const Vec2 g = {sector.cosHalfAngle(), sector.sinHalfAngle()};
    const Vec2 h = {g.x, -g.y};
    const float r = sector.innerRadius();
    const float R = sector.outerRadius();
    return {r * g, R * g, r * h, R * h};
}

/// Squared distance from p to the nearer radial edge (seed 000 §2.4 last step, §2.9.4).
float EdgeDistanceSquared(const RadialEdges& edges, Vec2 p) {
    return Min(DistanceSquaredPointSegment(p, edges.innerG, edges.outerG),
               DistanceSquaredPointSegment(p, edges.innerH, edges.outerH));
}

/// Segment e–f crosses the circle of radius rho about the origin at a point that passes the wedge
/// test. seed 000 §2.9.2 eq. (2.36)–(2.39) with C = O: (V·V)s² + 2(V·W)s + (W·W − ρ²) = 0.
bool CrossesArc(const Sector& sector, Vec2 e, Vec2 f, float rho) {
    const Vec2 v = f - e;
    const float a = LengthSquared(v);
    if (a <= 0.0f) return false;
    const float halfB = Dot(v, e);
    const float c = LengthSquared(e) - rho * rho;
    const float discriminant = halfB * halfB - a * c;
    if (discriminant < 0.0f) return false;
    const float root = std::sqrt(discriminant);
    for (const float s : {(-halfB - root) / a, (-halfB + root) / a}) {
        // The crossing point lies on the circle by construction, so of §2.2 only (2.7) is informative.
        if (s >= 0.0f && s <= 1.0f && WedgeByCosine(sector, e + s * v)) return true;
    }
    return false;
}

/// t-interval [lo, hi]; empty when lo > hi.
struct Interval {
    float lo = 0.0f;
    float hi = -1.0f;
};

/// {t : alpha + beta·t ≥ 0}: a half-line, everything or nothing.
Interval HalfLine(float alpha, float beta) {
    if (beta > 0.0f) return {-alpha / beta, kInfinity};
    if (beta < 0.0f) return {-kInfinity, -alpha / beta};
    if (alpha >= 0.0f) return {-kInfinity, kInfinity};
    return {};
}

Interval Intersect(Interval a, Interval b) { return {Max(a.lo, b.lo), Min(a.hi, b.hi)}; }

/// Roots t of |s + t·v|² = rho²; false when the discriminant is negative (seed 000 eq. 2.16, 2.17).
bool RadiusRoots(Vec2 s, Vec2 v, float rho, float& t0, float& t1) {
    const float a = LengthSquared(v);
    const float halfB = Dot(s, v);
    const float c = LengthSquared(s) - rho * rho;
    const float discriminant = halfB * halfB - a * c;
    if (discriminant < 0.0f) return false;
    const float root = std::sqrt(discriminant);
    t0 = (-halfB - root) / a;
    t1 = (-halfB + root) / a;
    return true;
}

} // namespace

bool ContainsPoint(const Sector& sector, Vec2 point) {
    const Vec2 p = ToSectorFrame(sector, point);  // eq. (2.3)
    const float length2 = LengthSquared(p);
    const bool ring = Square(sector.innerRadius()) <= length2 && length2 <= Square(sector.outerRadius());  // (2.5)
    return ring && WedgeByCosine(sector, p);
}

bool OverlapRectangle(const Sector& sector, const Box& box, const Transform& xf) {
    std::array<Vec2, 4> corners = box.Corners();
    for (Vec2& corner : corners) corner = ToSectorFrame(sector, TransformPoint(xf, corner));
    const RadialEdges edges = EdgesOf(sector);
    for (int i = 0; i < 4; ++i) {
        const Vec2 e = corners[i];
        const Vec2 f = corners[(i + 1) % 4];
        // A crossing with a radial edge is a point of the fan (§2.9.1).
        if (IntersectSegments(e, f, edges.innerG, edges.outerG).hit) return true;
        if (IntersectSegments(e, f, edges.innerH, edges.outerH).hit) return true;
        if (CrossesArc(sector, e, f, sector.outerRadius())) return true;
        if (sector.innerRadius() > 0.0f && CrossesArc(sector, e, f, sector.innerRadius())) return true;
    }
    // No crossing: the fan is inside the rectangle, the rectangle inside the fan, or they are apart.
    const Transform boxToSector = InvMul(SectorTransform(sector), xf);
    const Vec2 boxCenter = TransformPoint(boxToSector, box.center());
    const Rot boxRotation = Mul(boxToSector.q, box.rotation());
    const Vec2 fanPoint = {0.5f * (sector.innerRadius() + sector.outerRadius()), 0.0f};
    if (PointInBox(fanPoint, boxCenter, boxRotation, box.halfExtents())) return true;  // §2.9.3
    return ContainsPoint(sector, TransformPoint(SectorTransform(sector), boxCenter));   // §2.2
}

bool OverlapCircle(const Sector& sector, const Circle& circle, const Transform& xf) {
    const Vec2 p = ToSectorFrame(sector, TransformPoint(xf, circle.center()));
    const float rc = circle.radius();
    if (WedgeByCosine(sector, p)) {  // (2.7)
        const float length2 = LengthSquared(p);
        const float inner = Max(0.0f, sector.innerRadius() - rc);  // fixed lower bound of (2.8)
        return inner * inner <= length2 && length2 <= Square(sector.outerRadius() + rc);
    }
    // (2.7) false (the text says (2.5)): the distance to the radial edges L and M decides.
    return EdgeDistanceSquared(EdgesOf(sector), p) <= rc * rc;
}

bool OverlapCapsule(const Sector& sector, const Capsule& capsule, const Transform& xf) {
    const Vec2 s = ToSectorFrame(sector, TransformPoint(xf, capsule.a()));
    const Vec2 e = ToSectorFrame(sector, TransformPoint(xf, capsule.b()));
    const Vec2 v = e - s;  // eq. (2.13): P = S + tV, 0 ≤ t ≤ 1 (2.14)
    const float rc = capsule.radius();
    const float outer = sector.outerRadius() + rc;
    const float inner = Max(0.0f, sector.innerRadius() - rc);  // fixed lower bound of (2.15)

    // Radial t-ranges, eq. (2.15)–(2.17) and the three cases of fig. 2.7.
    std::array<Interval, 2> radial{};
    if (LengthSquared(v) <= 0.0f) {  // a circle: the quadratics degenerate
        const float length2 = LengthSquared(s);
        if (inner * inner <= length2 && length2 <= outer * outer) radial[0] = {-kInfinity, kInfinity};
    } else {
        float aR = 0.0f, bR = 0.0f, ar = 0.0f, br = 0.0f;
        if (RadiusRoots(s, v, outer, aR, bR)) {                          // D_R ≥ 0
            if (inner > 0.0f && RadiusRoots(s, v, inner, ar, br)) {      // D_r ≥ 0
                radial = {Interval{aR, ar}, Interval{br, bR}};
            } else {                                                     // D_r < 0
                radial[0] = {aR, bR};
            }
        }
    }

    // Wedge t-ranges, eq. (2.18)–(2.20): G'_z = cross(P, G) ≥ 0, H'_z = cross(P, H) ≤ 0.
    const Vec2 g = {sector.cosHalfAngle(), sector.sinHalfAngle()};
    const Vec2 h = {g.x, -g.y};
    const Interval belowG = HalfLine(Cross(s, g), Cross(v, g));
    const Interval aboveH = HalfLine(-Cross(s, h), -Cross(v, h));
    std::array<Interval, 2> wedge{};
    if (sector.halfAngle() < 0.5f * kPi) {
        wedge[0] = Intersect(Intersect(belowG, aboveH), HalfLine(s.x, v.x));  // AND, plus P·A ≥ 0
    } else {
        wedge = {belowG, aboveH};  // OR
    }

    const Interval unit = {0.0f, 1.0f};
    for (const Interval& a : radial) {
        for (const Interval& b : wedge) {
            const Interval t = Intersect(Intersect(a, b), unit);
            if (t.lo <= t.hi) return true;
        }
    }
    // Fig. 2.8: the capsule may still reach over a radial edge (§2.9.5).
    const RadialEdges edges = EdgesOf(sector);
    const float rc2 = rc * rc;
    return ClosestPointsSegmentSegment(s, e, edges.innerG, edges.outerG).distanceSquared <= rc2 ||
           ClosestPointsSegmentSegment(s, e, edges.innerH, edges.outerH).distanceSquared <= rc2;
}

namespace naive {

bool CircleAsWritten(const Sector& sector, const Circle& circle, const Transform& xf) {
    const Vec2 p = ToSectorFrame(sector, TransformPoint(xf, circle.center()));
    const float rc = circle.radius();
    const float length2 = LengthSquared(p);
    if (WedgeByCosine(sector, p) && Square(sector.innerRadius() - rc) <= length2 &&
        length2 <= Square(sector.outerRadius() + rc))
        return true;  // (2.7) and (2.8) with (r − rc)²
    const bool ring = Square(sector.innerRadius()) <= length2 && length2 <= Square(sector.outerRadius());
    if (ring) return false;  // "if (2.5) is false" read literally: only then the edges
    return EdgeDistanceSquared(EdgesOf(sector), p) <= rc * rc;
}

bool CircleUnclampedInnerBound(const Sector& sector, const Circle& circle, const Transform& xf) {
    const Vec2 p = ToSectorFrame(sector, TransformPoint(xf, circle.center()));
    const float rc = circle.radius();
    if (WedgeByCosine(sector, p)) {
        const float length2 = LengthSquared(p);
        return Square(sector.innerRadius() - rc) <= length2 && length2 <= Square(sector.outerRadius() + rc);
    }
    return EdgeDistanceSquared(EdgesOf(sector), p) <= rc * rc;
}

bool CircleAsinWidening(const Sector& sector, const Circle& circle, const Transform& xf) {
    const Vec2 p = ToSectorFrame(sector, TransformPoint(xf, circle.center()));
    const float rc = circle.radius();
    const float length = Length(p);
    const float widening = length > rc ? std::asin(rc / length) : 0.5f * kPi;
    const float angle = std::atan2(std::abs(p.y), p.x);
    const float inner = Max(0.0f, sector.innerRadius() - rc);
    return angle <= sector.halfAngle() + widening && inner <= length && length <= sector.outerRadius() + rc;
}

bool CircleEdgesFromCenter(const Sector& sector, const Circle& circle, const Transform& xf) {
    const Vec2 p = ToSectorFrame(sector, TransformPoint(xf, circle.center()));
    const float rc = circle.radius();
    if (WedgeByCosine(sector, p)) {
        const float length2 = LengthSquared(p);
        const float inner = Max(0.0f, sector.innerRadius() - rc);
        return inner * inner <= length2 && length2 <= Square(sector.outerRadius() + rc);
    }
    const Vec2 g = {sector.cosHalfAngle(), sector.sinHalfAngle()};
    const Vec2 h = {g.x, -g.y};
    const float R = sector.outerRadius();
    const float d2 = Min(DistanceSquaredPointSegment(p, {0.0f, 0.0f}, R * g),
                         DistanceSquaredPointSegment(p, {0.0f, 0.0f}, R * h));
    return d2 <= rc * rc;
}

} // namespace naive

} // namespace sensu::thesis
