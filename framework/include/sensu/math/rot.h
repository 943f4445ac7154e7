#pragma once
/// Rotation stored as cosine/sine, so composing and applying never call trig.
#include "sensu/math/vec2.h"

namespace sensu {

/// A rotation by an angle, stored as its cosine and sine (unit length).
struct Rot {
    float c = 1.0f; ///< cos(angle)
    float s = 0.0f; ///< sin(angle)

    /// The rotation by `radians` (counter-clockwise).
    static Rot FromAngle(float radians) { return {std::cos(radians), std::sin(radians)}; }
    /// Angle in (-π, π].
    float Angle() const { return std::atan2(s, c); }
    /// The rotated x axis (cos, sin).
    constexpr Vec2 XAxis() const { return {c, s}; }
    /// The rotated y axis (−sin, cos).
    constexpr Vec2 YAxis() const { return {-s, c}; }
};

/// v rotated by q.
constexpr Vec2 Rotate(Rot q, Vec2 v) { return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y}; }
/// v rotated by the inverse of q (back into q's frame).
constexpr Vec2 InvRotate(Rot q, Vec2 v) { return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y}; }
/// q * r: rotate by r, then by q.
constexpr Rot Mul(Rot q, Rot r) { return {q.c * r.c - q.s * r.s, q.s * r.c + q.c * r.s}; }
/// q^T * r: the rotation from q to r.
constexpr Rot InvMul(Rot q, Rot r) { return {q.c * r.c + q.s * r.s, q.c * r.s - q.s * r.c}; }

/// Re-normalises after integration so the rotation stays orthonormal.
inline Rot NormalizeRot(Rot q) {
    const float len = std::sqrt(q.c * q.c + q.s * q.s);
    if (len < 1e-30f) return {};
    return {q.c / len, q.s / len};
}

} // namespace sensu
