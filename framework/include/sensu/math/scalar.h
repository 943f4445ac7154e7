#pragma once
/// Scalar helpers shared by every layer. Units: metres, kilograms, seconds, radians.
#include <cmath>
#include <stdexcept>
#include <string>

namespace sensu {

inline constexpr float kPi = 3.14159265358979323846f;
inline constexpr float kTwoPi = 2.0f * kPi;

/// Thrown for invalid input (non-finite numbers, non-positive sizes, degenerate polygons, bad files).
/// Functions that throw it leave every object they were given unchanged.
class InvalidArgument : public std::invalid_argument {
public:
    explicit InvalidArgument(const std::string& what) : std::invalid_argument("sensu: " + what) {}
};

inline bool IsFinite(float x) { return std::isfinite(x); }

inline constexpr float Clamp(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }
inline constexpr float Min(float a, float b) { return a < b ? a : b; }
inline constexpr float Max(float a, float b) { return a > b ? a : b; }
inline constexpr float Square(float x) { return x * x; }

/// Throws InvalidArgument naming `what` unless x is finite.
inline void RequireFinite(float x, const char* what) {
    if (!IsFinite(x)) throw InvalidArgument(std::string(what) + " must be finite");
}

} // namespace sensu
