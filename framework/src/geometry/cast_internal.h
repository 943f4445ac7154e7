#pragma once
// Building blocks shared by the ray casts, the shape casts and move-and-slide (not public API).
// Every routine works in one frame (the shape's local frame) on the ray p(λ) = o + λ·d, λ in [0, maxFraction].
#include <array>
#include <span>

#include "sensu/geometry/raycast.h"

namespace sensu::cast_detail {

/// A ray in one frame.
struct Ray {
    Vec2 o;
    Vec2 d;
    float maxFraction;
};

/// Throws InvalidArgument "<who>: <what> must be finite".
[[noreturn]] void ThrowNotFinite(const char* who, const char* what);
/// Throws InvalidArgument "<who>: <what> must be >= 0 (got value)".
[[noreturn]] void ThrowNegative(const char* who, const char* what, float value);

/// Input checks that build no message unless they fail (they run on every cast).
inline void CheckFinite(float x, const char* who, const char* what) {
    if (!IsFinite(x)) ThrowNotFinite(who, what);
}
inline void CheckFinite(Vec2 v, const char* who, const char* what) {
    if (!IsFinite(v)) ThrowNotFinite(who, what);
}
inline void CheckNonNegative(float x, const char* who, const char* what) {
    CheckFinite(x, who, what);
    if (x < 0.0f) ThrowNegative(who, what, x);
}

/// Throws InvalidArgument unless origin, translation and maxFraction are finite and maxFraction ≥ 0.
inline void ValidateRay(const RayCastInput& input, const char* who) {
    CheckFinite(input.origin, who, "origin");
    CheckFinite(input.translation, who, "translation");
    CheckNonNegative(input.maxFraction, who, "maxFraction");
}

/// The answer for a cast that starts touching or inside: fraction 0 at the origin, normal −d̂.
CastOutput StartInside(const Ray& ray);

/// Earliest λ in [0, limit] with |m + λd| = r, for a start outside the circle (|m| > r); m = o − centre.
/// Stable form of the seed 001 quadratic (see circle_toi.cpp). False when the ray misses. Inline: it is
/// the innermost step of most casts.
inline bool CircleEntry(Vec2 m, Vec2 d, float r, float limit, float& lambda) {
    // seed 001 with C0 = m, D = d: P = d·d, Q = m·d, c = m·m − r². A start outside can only enter
    // while approaching (Q < 0), which also rejects d = 0.
    const float q = Dot(m, d);
    if (!(q < 0.0f)) return false;
    // Q² − P·c = P r² − (m×d)² (Lagrange's identity in 2D): no cancellation of the large Q² and P·m·m.
    const float cross = Cross(m, d);
    const float pr2 = Dot(d, d) * (r * r);
    // Within its rounding error (a few ulps of P r²) a negative value is a graze, which counts.
    const float disc = pr2 - cross * cross;
    if (disc < -1e-6f * pr2) return false;
    if (disc <= 0.0f) {
        // A graze touches at the closest approach −Q/P. (The form below with disc taken as 0 is not that
        // for a near miss: far apart, c/(−Q) lands far past it, off the circle, and the caller's normal
        // from that point was off unit; fuzz findings casts-segment-5km-normal, move_and_slide-*.)
        const float p = Dot(d, d);
        if (!(-q <= limit * p)) return false;
        lambda = -q / p;
        return true;
    }
    // Smaller root (−Q − √disc)/P in the form c/(−Q + √disc): no cancellation, no division by P.
    const float c = Dot(m, m) - r * r;
    const float denominator = -q + std::sqrt(disc);
    if (!(c <= limit * denominator)) return false;
    lambda = c / denominator;
    return true;
}

/// Ray against a solid disc (centre c, radius r ≥ 0). Inline, like CircleEntry.
inline CastOutput RayCircle(const Ray& ray, Vec2 c, float r) {
    const Vec2 m = ray.o - c;
    if (LengthSquared(m) <= r * r) return StartInside(ray);
    CastOutput out;
    float lambda = 0.0f;
    if (!CircleEntry(m, ray.d, r, ray.maxFraction, lambda)) return out;
    out.hit = true;
    out.fraction = lambda;
    out.point = ray.o + lambda * ray.d;
    // Relative to the centre (m + λd, not point − c: no second rounding of large coordinates) and
    // normalised: far from the origin the hit lies only within the coordinates' round-off of the circle,
    // so dividing by r gave normals 10 % off unit for a 6 mm circle cast at 5 km (fuzz finding). A
    // zero-radius disc (or one below the coordinates' round-off) is hit only head-on: its normal is then
    // the reverse of the ray.
    const Vec2 fromCentre = r > 0.0f ? Normalize(m + lambda * ray.d) : Vec2{};
    out.normal = fromCentre != Vec2{} ? fromCentre : -Normalize(ray.d);
    return out;
}

/// Ray against the face a–b pushed out by `offset` along its outward unit normal n, entered from the
/// front (n·d < 0). Replaces `best` when earlier than best (or than maxFraction when best is a miss).
void RayFace(const Ray& ray, Vec2 a, Vec2 b, Vec2 n, float offset, CastOutput& best);

/// Ray against a solid capsule a–b of radius r ≥ 0 (a = b is a disc).
CastOutput RayCapsule(const Ray& ray, Vec2 a, Vec2 b, float r);

/// Ray against a two-sided segment a–b (a ≠ b); the normal faces the ray origin.
CastOutput RaySegment(const Ray& ray, Vec2 a, Vec2 b);

/// Ray against a solid convex polygon (CCW vertices, outward unit normals) rounded by radius ≥ 0,
/// i.e. all points within `radius` of the polygon. `point` is on the rounded surface.
CastOutput RayRoundedPolygon(const Ray& ray, std::span<const Vec2> vertices, std::span<const Vec2> normals, float radius);

/// A box as its local polygon: corners CCW from (−hx, −hy), so the edges face −y, +x, +y, −x.
struct BoxCore {
    std::array<Vec2, 4> vertices;
    std::array<Vec2, 4> normals;
    explicit BoxCore(const Box& box) : vertices(box.Corners()) {
        const Rot q = box.rotation();
        normals = {Rotate(q, {0, -1}), Rotate(q, {1, 0}), Rotate(q, {0, 1}), Rotate(q, {-1, 0})};
    }
};

/// Distance from p to a convex polygon (0 inside), with the closest point on the polygon.
float DistancePointPolygon(Vec2 p, std::span<const Vec2> vertices, std::span<const Vec2> normals, Vec2& closest);

} // namespace sensu::cast_detail
