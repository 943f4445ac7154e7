#pragma once
/// Rotation stored as cosine/sine, so composing and applying never call trig.
#include "sensu/math/vec2.h"

namespace sensu {

struct Rot {
    float c = 1.0f; ///< cos(angle)
    float s = 0.0f; ///< sin(angle)

    static Rot FromAngle(float radians) { return {std::cos(radians), std::sin(radians)}; }
    /// Angle in (-π, π].
    float Angle() const { return std::atan2(s, c); }
    constexpr Vec2 XAxis() const { return {c, s}; }
    constexpr Vec2 YAxis() const { return {-s, c}; }
};

constexpr Vec2 Rotate(Rot q, Vec2 v) { return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y}; }
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
