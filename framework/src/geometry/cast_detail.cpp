#include <string>

#include "cast_internal.h"
#include "sensu/geometry/primitives.h"

namespace sensu::cast_detail {

void ThrowNotFinite(const char* who, const char* what) { throw InvalidArgument(std::string(who) + ": " + what + " must be finite"); }

void ThrowNegative(const char* who, const char* what, float value) {
    throw InvalidArgument(std::string(who) + ": " + what + " must be >= 0 (got " + std::to_string(value) + ")");
}

CastOutput StartInside(const Ray& ray) {
    CastOutput out;
    out.hit = true;
    out.startsInside = true;
    out.fraction = 0.0f;
    out.point = ray.o;
    out.normal = -Normalize(ray.d);
    return out;
}

void RayFace(const Ray& ray, Vec2 a, Vec2 b, Vec2 n, float offset, CastOutput& best) {
    // seed 002 eq. (16) in 2D: the plane n·x = n·a + offset is crossed at λ = (plane − n·o)/(n·d).
    // Rays (nearly) parallel to the face (|sin| < 1e-6) are left to the discs at its ends, which find
    // the first touch.
    const float den = Dot(n, ray.d);
    if (!(den < 0.0f) || den * den <= 1e-12f * Dot(ray.d, ray.d)) return;
    const float num = Dot(n, a - ray.o) + offset;
    if (num > 0.0f) return; // the origin is behind the face
    const float lambda = num / den;
    if (lambda > (best.hit ? best.fraction : ray.maxFraction)) return;
    // seed 002 eq. (17)–(18) in 2D: the crossing lies between the face's ends. The few-ulp margin
    // keeps rays through a vertex from slipping between two faces.
    const Vec2 p = ray.o + lambda * ray.d;
    const Vec2 e = b - a;
    const float s = Dot(p - a, e);
    const float ee = Dot(e, e);
    const float margin = 1e-6f * ee;
    if (s < -margin || s > ee + margin) return;
    best.hit = true;
    best.startsInside = false;
    best.fraction = lambda;
    best.point = p;
    best.normal = n;
}

CastOutput RayCapsule(const Ray& ray, Vec2 a, Vec2 b, float r) {
    if (DistanceSquaredPointSegment(ray.o, a, b) <= r * r) return StartInside(ray);
    // Radius 0 is the segment itself, whose parallel and collinear cases RaySegment handles.
    if (!(r > 0.0f) && LengthSquared(b - a) > 0.0f) return RaySegment(ray, a, b);
    // The capsule is disc(a) ∪ disc(b) ∪ the rectangle between: from outside, the first surface met is
    // an end cap or one of the two sides (the rectangle's ends lie inside the discs).
    CastOutput best = RayCircle(ray, a, r);
    const CastOutput capB = RayCircle(ray, b, r);
    if (capB.hit && (!best.hit || capB.fraction < best.fraction)) best = capB;
    const Vec2 n = RightPerp(Normalize(b - a)); // (0, 0) for a = b, which RayFace skips
    RayFace(ray, a, b, n, r, best);
    RayFace(ray, a, b, -n, r, best);
    return best;
}

CastOutput RaySegment(const Ray& ray, Vec2 a, Vec2 b) {
    CastOutput out;
    const Vec2 e = b - a;
    const Vec2 w = a - ray.o;
    const float den = Cross(ray.d, e);
    if (std::abs(den) > 1e-6f * Length(ray.d) * Length(e)) {
        // o + λd = a + s·e, solved with the common denominator d×e (seed 000 eq. 2.34, typo fixed).
        const float lambda = Cross(w, e) / den;
        const float s = Cross(w, ray.d) / den;
        constexpr float margin = 1e-6f;
        if (lambda < 0.0f || lambda > ray.maxFraction || s < -margin || s > 1.0f + margin) return out;
        out.hit = true;
        out.fraction = lambda;
        out.point = ray.o + lambda * ray.d;
        const Vec2 n = Normalize(RightPerp(e));
        out.normal = Dot(n, ray.d) > 0.0f ? -n : n;
        out.startsInside = lambda <= 0.0f;
        return out;
    }
    // Parallel (or a zero translation): only a collinear ray touches, at the first common point.
    const SegmentIntersection x = IntersectSegments(ray.o, ray.o + ray.maxFraction * ray.d, a, b);
    if (!x.hit) return out;
    out.hit = true;
    out.fraction = x.s * ray.maxFraction;
    out.point = x.point;
    out.startsInside = x.s <= 0.0f;
    const Vec2 back = -Normalize(ray.d);
    out.normal = LengthSquared(back) > 0.5f ? back : Normalize(RightPerp(e));
    if (out.startsInside) out.normal = back;
    return out;
}

CastOutput RayRoundedPolygon(const Ray& ray, std::span<const Vec2> vertices, std::span<const Vec2> normals, float radius) {
    const int count = static_cast<int>(vertices.size());
    if (radius > 0.0f) {
        // Fast path: clip by the edges pushed out by the radius (a polygon containing the rounded one).
        // Cut away: a miss. Entered through an edge within its extent: that is the rounded surface
        // too. Otherwise (the origin inside it, or entry at a corner) the exact search below decides.
        float lower = 0.0f, upper = ray.maxFraction;
        int entered = -1;
        bool cut = false;
        for (int i = 0; i < count && !cut; ++i) {
            const float num = Dot(normals[i], vertices[i] - ray.o) + radius;
            const float den = Dot(normals[i], ray.d);
            if (den < 0.0f) {
                if (num < lower * den) {
                    lower = num / den;
                    entered = i;
                }
            } else if (den > 0.0f) {
                if (num < upper * den) upper = num / den;
            } else if (num < 0.0f) {
                cut = true;
            }
            cut = cut || upper < lower;
        }
        if (cut) return {};
        if (entered >= 0) {
            const Vec2 p = ray.o + lower * ray.d;
            const Vec2 e = vertices[(entered + 1) % count] - vertices[entered];
            const float s = Dot(p - vertices[entered], e);
            if (s >= 0.0f && s <= Dot(e, e)) {
                CastOutput out;
                out.hit = true;
                out.fraction = lower;
                out.point = p;
                out.normal = normals[entered];
                return out;
            }
        }
        Vec2 closest;
        if (DistancePointPolygon(ray.o, vertices, normals, closest) <= radius) return StartInside(ray);
        // The rounded polygon is the polygon ∪ a capsule per edge; from outside, the first surface met
        // is an edge pushed out by the radius (entered from its front) or a vertex disc.
        CastOutput best;
        for (int i = 0; i < count; ++i) {
            RayFace(ray, vertices[i], vertices[(i + 1) % count], normals[i], radius, best);
            float lambda = 0.0f;
            if (CircleEntry(ray.o - vertices[i], ray.d, radius, best.hit ? best.fraction : ray.maxFraction, lambda)) {
                best.hit = true;
                best.fraction = lambda;
                best.point = ray.o + lambda * ray.d;
                best.normal = Normalize(best.point - vertices[i]);
            }
        }
        return best;
    }
    // Radius 0: clip the ray by the edge half-planes n·(x − v) ≤ 0, i.e. λ(n·d) ≤ n·(v − o).
    float lower = 0.0f;
    float upper = ray.maxFraction;
    int entered = -1;
    for (int i = 0; i < count; ++i) {
        const float num = Dot(normals[i], vertices[i] - ray.o);
        const float den = Dot(normals[i], ray.d);
        if (den < 0.0f) {
            if (num < lower * den) { // num/den > lower: a later entry
                lower = num / den;
                entered = i;
            }
        } else if (den > 0.0f) {
            if (num < upper * den) upper = num / den;
        } else if (num < 0.0f) {
            return {}; // parallel to this edge and outside it
        }
        if (upper < lower) return {};
    }
    if (entered < 0) return StartInside(ray);
    CastOutput out;
    out.hit = true;
    out.fraction = lower;
    out.point = ray.o + lower * ray.d;
    out.normal = normals[entered];
    return out;
}

float DistancePointPolygon(Vec2 p, std::span<const Vec2> vertices, std::span<const Vec2> normals, Vec2& closest) {
    const int count = static_cast<int>(vertices.size());
    float separation = -1e30f;
    for (int i = 0; i < count; ++i) separation = Max(separation, Dot(normals[i], p - vertices[i]));
    if (separation <= 0.0f) {
        closest = p;
        return 0.0f;
    }
    float best = 1e30f;
    for (int i = 0; i < count; ++i) {
        const Vec2 q = ClosestPointOnSegment(vertices[i], vertices[(i + 1) % count], p);
        const float d2 = DistanceSquared(p, q);
        if (d2 < best) {
            best = d2;
            closest = q;
        }
    }
    return std::sqrt(best);
}

} // namespace sensu::cast_detail
