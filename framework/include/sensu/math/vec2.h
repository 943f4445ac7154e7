#pragma once
/// 2D vector, y up, counter-clockwise positive.
#include "sensu/math/scalar.h"

namespace sensu {

/// A 2D vector or point (metres when it is a position, y up).
struct Vec2 {
    float x = 0.0f;  ///< x component
    float y = 0.0f;  ///< y component (up)

    ///@{
    /// Component-wise compound arithmetic (`*=` scales both components).
    constexpr Vec2& operator+=(Vec2 v) { x += v.x; y += v.y; return *this; }
    constexpr Vec2& operator-=(Vec2 v) { x -= v.x; y -= v.y; return *this; }
    constexpr Vec2& operator*=(float s) { x *= s; y *= s; return *this; }
    ///@}
    /// Exact component-wise equality.
    constexpr bool operator==(const Vec2&) const = default;
};

///@{
/// Component-wise sum, difference, negation and scaling.
constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
constexpr Vec2 operator*(float s, Vec2 v) { return {s * v.x, s * v.y}; }
constexpr Vec2 operator*(Vec2 v, float s) { return {s * v.x, s * v.y}; }
///@}

/// Dot product a·b.
constexpr float Dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
/// 2D cross product (z of the 3D cross product): positive when b is counter-clockwise of a.
constexpr float Cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
/// v × s: the vector v rotated clockwise by 90° and scaled by s.
constexpr Vec2 Cross(Vec2 v, float s) { return {s * v.y, -s * v.x}; }
/// s × v: angular velocity s times arm v gives the point velocity (v rotated CCW by 90°, scaled).
constexpr Vec2 Cross(float s, Vec2 v) { return {-s * v.y, s * v.x}; }
/// v rotated counter-clockwise by 90°.
constexpr Vec2 LeftPerp(Vec2 v) { return {-v.y, v.x}; }
/// v rotated clockwise by 90°.
constexpr Vec2 RightPerp(Vec2 v) { return {v.y, -v.x}; }
/// Squared length |v|² (no square root).
constexpr float LengthSquared(Vec2 v) { return v.x * v.x + v.y * v.y; }
/// Length |v|.
inline float Length(Vec2 v) { return std::sqrt(LengthSquared(v)); }
/// Distance |b − a|.
inline float Distance(Vec2 a, Vec2 b) { return Length(b - a); }
/// Squared distance |b − a|².
constexpr float DistanceSquared(Vec2 a, Vec2 b) { return LengthSquared(b - a); }
/// Linear interpolation a + t (b − a); t = 0 gives a, 1 gives b, others extrapolate.
constexpr Vec2 Lerp(Vec2 a, Vec2 b, float t) { return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)}; }
/// Component-wise absolute value.
constexpr Vec2 Abs(Vec2 v) { return {v.x < 0 ? -v.x : v.x, v.y < 0 ? -v.y : v.y}; }
/// Component-wise minimum.
constexpr Vec2 Min(Vec2 a, Vec2 b) { return {Min(a.x, b.x), Min(a.y, b.y)}; }
/// Component-wise maximum.
constexpr Vec2 Max(Vec2 a, Vec2 b) { return {Max(a.x, b.x), Max(a.y, b.y)}; }
/// True when both components are finite (no NaN, no infinity).
inline bool IsFinite(Vec2 v) { return IsFinite(v.x) && IsFinite(v.y); }

/// Unit vector along v, or (0,0) when v is (nearly) zero; never NaN.
inline Vec2 Normalize(Vec2 v) {
    float lengthSquared = v.x * v.x + v.y * v.y;
    // Below 1e-15 the square falls into float's denormal range (a few bits of precision: normals 0.1 %
    // off unit) and above 1e19 it overflows: rescale by a power of two first (exact). Found by fuzzing.
    if (!(lengthSquared >= 1e-30f && lengthSquared <= 1e30f)) {
        const float scale = lengthSquared < 1e-30f ? 18446744073709551616.0f : 5.42101086e-20f;  // 2^64, 2^-64
        v = {scale * v.x, scale * v.y};
        lengthSquared = v.x * v.x + v.y * v.y;
        if (!(lengthSquared >= 1e-30f)) return {0.0f, 0.0f};  // |v| below ~1e-34: zero
    }
    const float inv = 1.0f / std::sqrt(lengthSquared);
    return {v.x * inv, v.y * inv};
}

/// Like Normalize, also returning the length.
inline Vec2 GetLengthAndNormalize(float& length, Vec2 v) {
    length = Length(v);
    if (length < 1e-30f) return {0.0f, 0.0f};
    const float inv = 1.0f / length;
    return {v.x * inv, v.y * inv};
}

/// Throws InvalidArgument naming `what` unless both components are finite.
inline void RequireFinite(Vec2 v, const char* what) {
    if (!IsFinite(v)) throw InvalidArgument(std::string(what) + " must be finite");
}

} // namespace sensu
