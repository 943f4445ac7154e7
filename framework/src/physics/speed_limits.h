#pragma once
// The world's limits (world.h: kMaxStepDt, kMaxCoordinate, kMaxLinearSpeed, kMaxAngularSpeed) as checks
// for the setters and clamps for the step. Speeds are clamped in double precision, so a finite but huge
// velocity change (gravity 1e38 × gravityScale 1e38) clamps to the limit instead of overflowing.
#include <cmath>
#include <string>

#include "sensu/physics/world.h"

namespace sensu::detail {

/// v scaled down to at most kMaxLinearSpeed, direction kept. x, y may be any finite doubles.
inline Vec2 ClampLinearSpeed(double x, double y) {
    const double speed = std::hypot(x, y);
    if (speed > kMaxLinearSpeed) {
        const double scale = kMaxLinearSpeed / speed;
        x *= scale;
        y *= scale;
    }
    return {static_cast<float>(x), static_cast<float>(y)};
}

// The step clamps every body's velocity: a speed clearly below the limit, by its square in double
// (exact for float components, and it cannot overflow), is returned as it is without calling hypot,
// which is what the full clamp returns for it too.
inline Vec2 ClampLinearSpeed(Vec2 v) {
    const double x = v.x, y = v.y;
    constexpr double kClearlyBelow = 0.99 * static_cast<double>(kMaxLinearSpeed) * static_cast<double>(kMaxLinearSpeed);
    if (x * x + y * y < kClearlyBelow) return v;
    return ClampLinearSpeed(x, y);
}

inline float ClampAngularSpeed(double w) {
    return static_cast<float>(std::fmax(-static_cast<double>(kMaxAngularSpeed), std::fmin(static_cast<double>(kMaxAngularSpeed), w)));
}

// The step clamps every body's angular velocity: one below the limit (not NaN) is returned as it is,
// which is what the clamp above returns for it too, without its two libm calls.
inline float ClampAngularSpeed(float w) {
    if (std::abs(w) < kMaxAngularSpeed) return w;
    return ClampAngularSpeed(static_cast<double>(w));
}

inline void RequireCoordinate(Vec2 p, const char* what) {
    RequireFinite(p, what);
    if (std::abs(p.x) > kMaxCoordinate || std::abs(p.y) > kMaxCoordinate)
        throw InvalidArgument(std::string(what) + " must be within kMaxCoordinate (1e6 m) of the origin");
}

inline void RequireAngle(float angle, const char* what) {
    RequireFinite(angle, what);
    if (std::abs(angle) > kMaxCoordinate) throw InvalidArgument(std::string(what) + " must be within kMaxCoordinate (1e6 rad)");
}

inline void RequireLinearSpeed(Vec2 v, const char* what) {
    RequireFinite(v, what);
    if (std::hypot(static_cast<double>(v.x), static_cast<double>(v.y)) > kMaxLinearSpeed)
        throw InvalidArgument(std::string(what) + " must not exceed kMaxLinearSpeed (1e5 m/s)");
}

inline void RequireAngularSpeed(float w, const char* what) {
    RequireFinite(w, what);
    if (std::abs(w) > kMaxAngularSpeed) throw InvalidArgument(std::string(what) + " must not exceed kMaxAngularSpeed (1e4 rad/s)");
}

} // namespace sensu::detail
