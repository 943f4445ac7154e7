#pragma once
// Four floats as one value, for quick tests that evaluate several conditions at once instead of
// branching on each (SweptRegion::OverlapsDisc). GCC and Clang vector extensions: one source for every
// target, compiled to SSE on x86-64 and NEON on ARM; only the lane mask has an x86 shortcut.
#include <array>
#include <cstdint>
#include <cstring>

#include "x86_paths.h"

#if SENSU_X86_PATHS
#include <xmmintrin.h>
#endif

namespace sensu::simd {

using Float4 = float __attribute__((vector_size(16)));
using Int4 = std::int32_t __attribute__((vector_size(16))); // comparison results: −1 true, 0 false per lane

inline Float4 Load(const std::array<float, 4>& a) {
    Float4 v;
    std::memcpy(&v, a.data(), sizeof v);
    return v;
}

inline Float4 Splat(float x) { return Float4{x, x, x, x}; }

/// Lane-wise maximum (the second operand wins on NaN, as x86's maxps).
inline Float4 Max(Float4 a, Float4 b) { return a > b ? a : b; }

/// Lanes 1, 0, 3, 2: neighbours swapped.
inline Float4 SwapPairs(Float4 v) { return __builtin_shufflevector(v, v, 1, 0, 3, 2); }

/// Lane-wise |x|.
inline Float4 Abs(Float4 v) { return v < Float4{} ? -v : v; }

/// Bit i set when lane i of a comparison is true: the portable form, and the one used (x86's movmskps
/// where available; the two are compared on every mask in tests/geometry/float4_test.cpp).
inline unsigned LaneBitsPortable(Int4 mask) { return (mask[0] & 1u) | (mask[1] & 2u) | (mask[2] & 4u) | (mask[3] & 8u); }
inline unsigned LaneBits(Int4 mask) {
#if SENSU_X86_PATHS
    Float4 bits;
    std::memcpy(&bits, &mask, sizeof bits);
    return static_cast<unsigned>(_mm_movemask_ps(bits));
#else
    return LaneBitsPortable(mask);
#endif
}

inline bool AllLanes(Int4 mask) { return LaneBits(mask) == 15u; }

} // namespace sensu::simd
