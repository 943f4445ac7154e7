#pragma once
/// Scalar helpers shared by every layer. Units: metres, kilograms, seconds, radians.
#include <cmath>
#include <stdexcept>
#include <string>

namespace sensu {

/// π (rad).
inline constexpr float kPi = 3.14159265358979323846f;
/// 2π (rad), one full turn.
inline constexpr float kTwoPi = 2.0f * kPi;

/// Thrown for invalid input (non-finite numbers, non-positive sizes, degenerate polygons, bad files).
/// Functions that throw it leave every object they were given unchanged.
class InvalidArgument : public std::invalid_argument {
public:
    /// The message is prefixed with "sensu: ".
    explicit InvalidArgument(const std::string& what) : std::invalid_argument("sensu: " + what) {}
};

/// True when x is neither NaN nor infinite.
inline bool IsFinite(float x) { return std::isfinite(x); }

/// x limited to [lo, hi] (lo ≤ hi).
inline constexpr float Clamp(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }
/// The smaller of a and b.
inline constexpr float Min(float a, float b) { return a < b ? a : b; }
/// The larger of a and b.
inline constexpr float Max(float a, float b) { return a > b ? a : b; }
/// x².
inline constexpr float Square(float x) { return x * x; }

/// Throws InvalidArgument naming `what` unless x is finite.
inline void RequireFinite(float x, const char* what) {
    if (!IsFinite(x)) throw InvalidArgument(std::string(what) + " must be finite");
}

} // namespace sensu
