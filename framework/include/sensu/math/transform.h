#pragma once
/// Rigid transform: a rotation followed by a translation (body-local → world).
#include "sensu/math/rot.h"

namespace sensu {

/// A pose: rotation q, then translation p (body-local → world).
struct Transform {
    Vec2 p{};  ///< translation (m)
    Rot q{};  ///< rotation

    /// The pose at `position` (m) turned by `radians`.
    static Transform FromAngle(Vec2 position, float radians) { return {position, Rot::FromAngle(radians)}; }
};

/// A local point placed in the world by xf.
constexpr Vec2 TransformPoint(const Transform& xf, Vec2 v) { return Rotate(xf.q, v) + xf.p; }
/// A world point expressed in xf's local frame.
constexpr Vec2 InvTransformPoint(const Transform& xf, Vec2 v) { return InvRotate(xf.q, v - xf.p); }
/// a * b: apply b, then a.
constexpr Transform Mul(const Transform& a, const Transform& b) { return {Rotate(a.q, b.p) + a.p, Mul(a.q, b.q)}; }
/// a^-1 * b: b expressed in a's frame.
constexpr Transform InvMul(const Transform& a, const Transform& b) { return {InvRotate(a.q, b.p - a.p), InvMul(a.q, b.q)}; }

} // namespace sensu
