#pragma once
// Brute-force references for the cast tests: exact signed distances in double (negative inside),
// random shapes, and the fine-stepping check every ray and shape cast is compared with.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "random_cases.h"
#include "sensu/geometry/raycast.h"

namespace sensu::testing {

struct DVec {
    double x = 0, y = 0;
};
inline DVec D(Vec2 v) { return {v.x, v.y}; }
inline DVec operator-(DVec a, DVec b) { return {a.x - b.x, a.y - b.y}; }
inline DVec operator+(DVec a, DVec b) { return {a.x + b.x, a.y + b.y}; }
inline DVec operator*(double s, DVec a) { return {s * a.x, s * a.y}; }
inline double Dot(DVec a, DVec b) { return a.x * b.x + a.y * b.y; }
inline double Cross(DVec a, DVec b) { return a.x * b.y - a.y * b.x; }
inline double Len(DVec a) { return std::sqrt(Dot(a, a)); }

inline double DistPointSegment(DVec p, DVec a, DVec b) {
    const DVec e = b - a;
    const double ee = Dot(e, e);
    const double t = ee > 0 ? std::clamp(Dot(p - a, e) / ee, 0.0, 1.0) : 0.0;
    return Len(p - (a + t * e));
}

/// Distance between segments p1–p2 and q1–q2 (0 when they cross).
inline double DistSegmentSegment(DVec p1, DVec p2, DVec q1, DVec q2) {
    const double o1 = Cross(p2 - p1, q1 - p1), o2 = Cross(p2 - p1, q2 - p1);
    const double o3 = Cross(q2 - q1, p1 - q1), o4 = Cross(q2 - q1, p2 - q1);
    if (((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) && ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0))) return 0;
    return std::min({DistPointSegment(p1, q1, q2), DistPointSegment(p2, q1, q2), DistPointSegment(q1, p1, p2), DistPointSegment(q2, p1, p2)});
}

/// A shape described in world coordinates by its signed distance.
struct WorldShape {
    enum class Kind { Circle, Capsule, Polygon, Segment, Sector } kind{};
    std::vector<DVec> points; // circle: centre; capsule/segment: a, b; polygon: CCW vertices; sector: O, axis
    double radius = 0, inner = 0, outer = 0, halfAngle = 0;
    double size = 1; // a length scale for tolerances

    double SignedDistance(DVec p) const {
        switch (kind) {
        case Kind::Circle: return Len(p - points[0]) - radius;
        case Kind::Capsule: return DistPointSegment(p, points[0], points[1]) - radius;
        case Kind::Segment: return DistPointSegment(p, points[0], points[1]);
        case Kind::Polygon: {
            const size_t n = points.size();
            double boundary = 1e300;
            bool inside = true;
            for (size_t i = 0; i < n; ++i) {
                const DVec a = points[i], b = points[(i + 1) % n];
                boundary = std::min(boundary, DistPointSegment(p, a, b));
                if (Cross(b - a, p - a) < 0) inside = false;
            }
            return inside ? -boundary : boundary;
        }
        case Kind::Sector: {
            const DVec q = p - points[0];
            const DVec axis = points[1];
            const double rho = Len(q);
            const double phi = std::abs(std::atan2(Cross(axis, q), Dot(axis, q)));
            const bool inWedge = phi <= halfAngle;
            const DVec u1{std::cos(halfAngle) * axis.x - std::sin(halfAngle) * axis.y, std::sin(halfAngle) * axis.x + std::cos(halfAngle) * axis.y};
            const DVec u2{std::cos(halfAngle) * axis.x + std::sin(halfAngle) * axis.y, -std::sin(halfAngle) * axis.x + std::cos(halfAngle) * axis.y};
            auto arc = [&](double rr) {
                if (inWedge) return std::abs(rho - rr);
                return std::min(Len(q - rr * u1), Len(q - rr * u2));
            };
            double boundary = arc(outer);
            if (inner > 0) boundary = std::min(boundary, arc(inner));
            if (halfAngle < 3.14159265358979) {
                boundary = std::min(boundary, DistPointSegment(q, inner * u1, outer * u1));
                boundary = std::min(boundary, DistPointSegment(q, inner * u2, outer * u2));
            }
            const bool inside = inWedge && rho >= inner && rho <= outer;
            return inside ? -boundary : boundary;
        }
        }
        return 0;
    }
    bool Solid() const { return kind != Kind::Segment; }
    /// Distance from the segment p–q to the shape, minus the shape's radius (≤ 0 when they overlap).
    double SegmentDistance(DVec p, DVec q) const {
        switch (kind) {
        case Kind::Circle: return DistPointSegment(points[0], p, q) - radius;
        case Kind::Capsule: return DistSegmentSegment(p, q, points[0], points[1]) - radius;
        case Kind::Segment: return DistSegmentSegment(p, q, points[0], points[1]);
        case Kind::Polygon: {
            if (SignedDistance(p) <= 0) return SignedDistance(p);
            double best = 1e300;
            for (size_t i = 0; i < points.size(); ++i) best = std::min(best, DistSegmentSegment(p, q, points[i], points[(i + 1) % points.size()]));
            return best;
        }
        case Kind::Sector: break;
        }
        return 0;
    }
    std::string Describe() const {
        std::ostringstream out;
        out << "shape kind " << int(kind) << " points";
        for (DVec p : points) out << " (" << p.x << ", " << p.y << ")";
        out << " radius " << radius << " inner " << inner << " outer " << outer << " half angle " << halfAngle;
        return out.str();
    }
};

inline WorldShape World(const Circle& s, const Transform& xf) {
    return {WorldShape::Kind::Circle, {D(TransformPoint(xf, s.center()))}, s.radius(), 0, 0, 0, std::max(s.radius(), 1e-3f)};
}
inline WorldShape World(const Capsule& s, const Transform& xf) {
    return {WorldShape::Kind::Capsule, {D(TransformPoint(xf, s.a())), D(TransformPoint(xf, s.b()))}, s.radius(), 0, 0, 0,
            std::max(Distance(s.a(), s.b()) + s.radius(), 1e-3f)};
}
inline WorldShape World(const Segment& s, const Transform& xf) {
    return {WorldShape::Kind::Segment, {D(TransformPoint(xf, s.a())), D(TransformPoint(xf, s.b()))}, 0, 0, 0, 0, Distance(s.a(), s.b())};
}
inline WorldShape World(const ConvexPolygon& s, const Transform& xf) {
    WorldShape w{WorldShape::Kind::Polygon, {}, 0, 0, 0, 0, 0};
    for (Vec2 v : s.vertices()) {
        w.points.push_back(D(TransformPoint(xf, v)));
        w.size = std::max(w.size, double(Distance(v, s.centroid())));
    }
    return w;
}
inline WorldShape World(const Box& s, const Transform& xf) { return World(ConvexPolygon::FromBox(s), xf); }
inline WorldShape World(const Sector& s, const Transform& xf) {
    return {WorldShape::Kind::Sector, {D(TransformPoint(xf, s.center())), D(Rotate(xf.q, s.axis()))}, 0, s.innerRadius(),
            s.outerRadius(), s.halfAngle(), s.outerRadius()};
}

/// Random convex polygon: 3…8 points on an ellipse in angular order (always strictly convex).
inline ConvexPolygon RandomPolygon(Rng& rng, float scale) {
    for (;;) {
        const int n = rng.Int(3, kMaxPolygonVertices);
        std::vector<float> angles(n);
        for (float& a : angles) a = rng.Uniform(0, kTwoPi);
        std::sort(angles.begin(), angles.end());
        bool spread = true;
        for (int i = 0; i < n; ++i) {
            const float gap = i + 1 < n ? angles[i + 1] - angles[i] : angles[0] + kTwoPi - angles[i];
            if (gap < 0.15f || gap > kPi - 0.05f) spread = false;
        }
        if (!spread) continue;
        const float ax = scale * rng.Uniform(0.1f, 2.0f), ay = scale * rng.Uniform(0.1f, 2.0f);
        const Vec2 c = scale * rng.InBox(-0.5f, 0.5f);
        std::vector<Vec2> v;
        for (float a : angles) v.push_back(c + Vec2{ax * std::cos(a), ay * std::sin(a)});
        try {
            return ConvexPolygon(v);
        } catch (const InvalidArgument&) {
        }
    }
}

// A shape in its local frame with a point inside it and a ray that runs along its surface.
template <class S>
struct LocalCase {
    S shape;
    Vec2 interior;
    Vec2 grazeOrigin;
    Vec2 grazeTranslation;
    Vec2 grazeNormal; // outward normal of the surface the graze runs along
};

inline LocalCase<Circle> MakeCircle(Rng& rng, float scale) {
    const Circle c(scale * rng.InBox(-0.5f, 0.5f), rng.Chance(0.1f) ? 0.0f : scale * rng.Uniform(0.05f, 2.0f));
    const Vec2 t = Rot::FromAngle(rng.Angle()).XAxis();
    const float len = Max(c.radius(), 0.1f * scale);
    return {c, c.center(), c.center() + c.radius() * LeftPerp(t) - 2.0f * len * t, 4.0f * len * t, LeftPerp(t)};
}

inline LocalCase<Capsule> MakeCapsule(Rng& rng, float scale) {
    const Vec2 a = scale * rng.InBox(-1, 1);
    const Vec2 b = rng.Chance(0.05f) ? a : scale * rng.InBox(-1, 1);
    const Capsule c(a, b, rng.Chance(0.1f) ? 0.0f : scale * rng.Uniform(0.05f, 1.0f));
    Vec2 side = Normalize(b - a);
    if (LengthSquared(side) < 0.5f) side = {1, 0};
    const float len = Max(Distance(a, b), 0.1f * scale);
    return {c, a, a + c.radius() * RightPerp(side) - len * side, 3.0f * len * side, RightPerp(side)};
}

template <class Poly>
LocalCase<Poly> PolygonCase(Rng& rng, const Poly& shape, const ConvexPolygon& asPolygon, float scale) {
    const int i = rng.Int(0, asPolygon.count() - 1);
    const Vec2 v = asPolygon.vertex(i);
    const Vec2 e = asPolygon.vertex((i + 1) % asPolygon.count()) - v;
    const float offsets[3] = {0.0f, 1e-4f * scale, -1e-4f * scale};
    const Vec2 origin = v - rng.Uniform(0.2f, 1.0f) * e + offsets[rng.Int(0, 2)] * asPolygon.normal(i);
    return {shape, asPolygon.centroid(), origin, 3.0f * e, asPolygon.normal(i)};
}

inline LocalCase<Box> MakeBox(Rng& rng, float scale) {
    const Box box(scale * Vec2{rng.Uniform(0.05f, 2.0f), rng.Uniform(0.05f, 2.0f)}, scale * rng.InBox(-0.5f, 0.5f), rng.Angle());
    return PolygonCase(rng, box, ConvexPolygon::FromBox(box), scale);
}

inline LocalCase<ConvexPolygon> MakePolygon(Rng& rng, float scale) {
    const ConvexPolygon poly = RandomPolygon(rng, scale);
    return PolygonCase(rng, poly, poly, scale);
}

inline LocalCase<Sector> MakeSector(Rng& rng, float scale) {
    float halfAngle = rng.Uniform(0.0f, kPi);
    if (rng.Chance(0.1f)) halfAngle = 0.0f;
    if (rng.Chance(0.1f)) halfAngle = kPi;
    const float inner = rng.Chance(0.3f) ? 0.0f : scale * rng.Uniform(0.1f, 1.0f);
    const float outer = inner + scale * rng.Uniform(0.1f, 2.0f);
    const Sector s(scale * rng.InBox(-0.5f, 0.5f), Rot::FromAngle(rng.Angle()).XAxis(), halfAngle, inner, outer);
    const Vec2 mid = s.center() + 0.5f * (inner + outer) * s.axis();
    if (rng.Chance(0.5f)) {
        // Along the line of a radial edge.
        const Vec2 u = Rotate(Rot{s.cosHalfAngle(), s.sinHalfAngle()}, s.axis());
        return {s, mid, s.center() + (inner - outer) * u, 3.0f * outer * u, LeftPerp(u)};
    }
    // Tangent to the outer arc at the axis.
    const Vec2 t = LeftPerp(s.axis());
    return {s, mid, s.center() + outer * s.axis() - 2.0f * outer * t, 4.0f * outer * t, s.axis()};
}

inline LocalCase<Segment> MakeSegment(Rng& rng, float scale) {
    const Segment seg(scale * rng.InBox(-1, 1), scale * rng.InBox(-1, 1));
    const Vec2 e = seg.b() - seg.a();
    return {seg, seg.a(), seg.a() - e, 3.0f * e, Normalize(RightPerp(e))};
}

/// Compares one cast with fine stepping along its path. `sd(λ)` is the signed distance from the moving
/// thing (point or circle) at λ to the shape's surface: negative while overlapping. Returns an empty
/// string when the cast agrees, else what went wrong.
template <class Sd>
std::string CheckCastAgainstStepping(const CastOutput& out, float maxFraction, Sd sd, double tol, bool solid, int steps = 256) {
    if (out.hit && (out.fraction < 0.0f || out.fraction > maxFraction)) return "fraction out of range";
    if (out.startsInside) {
        if (!out.hit || out.fraction != 0.0f) return "startsInside without a hit at 0";
        if (sd(0.0) > tol) return "startsInside but separated at the start";
        return {};
    }
    const double limit = out.hit ? out.fraction : maxFraction;
    if (sd(0.0) < -tol) return "overlapping at the start but not reported as startsInside";
    for (int k = 0; k <= steps; ++k) {
        const double s = maxFraction * double(k) / steps;
        if (s >= limit) break;
        if (solid && sd(s) < -tol) return "overlapping at a stepped fraction before the reported one";
    }
    if (!out.hit) {
        if (solid && sd(double(maxFraction)) < -tol) return "overlapping at the end but reported a miss";
        return {};
    }
    if (std::abs(sd(double(out.fraction))) > tol) return "not touching at the reported fraction";
    return {};
}

} // namespace sensu::testing
