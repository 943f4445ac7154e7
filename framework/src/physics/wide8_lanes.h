#pragma once
// AVX2 helpers of the passes that solve eight contacts at a time (contact_solver_wide8.cpp,
// shock_propagation_wide8.cpp): wide_lanes.h's helpers on 256-bit registers. Each does, lane by lane,
// exactly the IEEE operation of the scalar code it stands for (contact_wide.h says why that matters).
// Every function carries SENSU_AVX2 (target("avx2"), never FMA): the rest of the binary stays SSE2, and
// these run only where DefaultWideLanes() found AVX2.
#include "wide_lanes.h"

#if SENSU_WIDE8_CONTACTS
#include <immintrin.h>

namespace sensu::detail {

// Bitwise select: a where the mask lane is all ones, else b. The masks are comparisons' all-ones or
// all-zeros lanes, so blendv (which reads each lane's sign bit) moves the same bits as and/andnot/or.
SENSU_AVX2 inline __m256 Select(__m256 mask, __m256 a, __m256 b) { return _mm256_blendv_ps(b, a, mask); }

// −x as the scalar code computes it: the sign bit flipped.
SENSU_AVX2 inline __m256 Negate(__m256 x) { return _mm256_xor_ps(x, _mm256_set1_ps(-0.0f)); }

// Comparisons lane by lane with the scalar operators' results (ordered: false where a lane is NaN, except
// !=, which is true there, as in C++).
SENSU_AVX2 inline __m256 Less(__m256 x, __m256 y) { return _mm256_cmp_ps(x, y, _CMP_LT_OQ); }
SENSU_AVX2 inline __m256 Greater(__m256 x, __m256 y) { return _mm256_cmp_ps(x, y, _CMP_GT_OQ); }
SENSU_AVX2 inline __m256 GreaterEqual(__m256 x, __m256 y) { return _mm256_cmp_ps(x, y, _CMP_GE_OQ); }
SENSU_AVX2 inline __m256 LessEqual(__m256 x, __m256 y) { return _mm256_cmp_ps(x, y, _CMP_LE_OQ); }
SENSU_AVX2 inline __m256 NotEqual(__m256 x, __m256 y) { return _mm256_cmp_ps(x, y, _CMP_NEQ_UQ); }

// Clamp (sensu/math/scalar.h) lane by lane: x < lo ? lo : (x > hi ? hi : x).
SENSU_AVX2 inline __m256 ClampLanes(__m256 x, __m256 lo, __m256 hi) {
    return Select(Less(x, lo), lo, Select(Greater(x, hi), hi, x));
}

// The three velocity floats of eight bodies, one register per float.
struct WideVelocity8 {
    __m256 vx, vy, w;
};

// The velocities of bodies index[0..7]: wide_lanes.h's Gather of each half, joined.
SENSU_AVX2 inline WideVelocity8 Gather8(const SolverVelocity* velocities, const int* index) {
    const WideVelocity low = Gather(velocities, index), high = Gather(velocities, index + 4);
    return {_mm256_set_m128(high.vx, low.vx), _mm256_set_m128(high.vy, low.vy), _mm256_set_m128(high.w, low.w)};
}

// Stores lane i of v to velocities[index[i]] for each bit i of `write` (StoreLanes on each half).
SENSU_AVX2 inline void StoreLanes8(const WideVelocity8& v, SolverVelocity* velocities, const int* index, unsigned write) {
    const WideVelocity low{_mm256_castps256_ps128(v.vx), _mm256_castps256_ps128(v.vy), _mm256_castps256_ps128(v.w)};
    const WideVelocity high{_mm256_extractf128_ps(v.vx, 1), _mm256_extractf128_ps(v.vy, 1), _mm256_extractf128_ps(v.w, 1)};
    if ((write & 0xfu) != 0) StoreLanes(low, velocities, index, write & 0xfu);
    if ((write >> 4) != 0) StoreLanes(high, velocities, index + 4, write >> 4);
}

SENSU_AVX2 inline WideVelocity8 SelectVelocity(__m256 mask, const WideVelocity8& x, const WideVelocity8& y) {
    return {Select(mask, x.vx, y.vx), Select(mask, x.vy, y.vy), Select(mask, x.w, y.w)};
}

// Dot(b.v − a.v, d): RelativeSpeed's first term.
SENSU_AVX2 inline __m256 DotRelative(const WideVelocity8& a, const WideVelocity8& b, __m256 dx, __m256 dy) {
    return _mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(b.vx, a.vx), dx), _mm256_mul_ps(_mm256_sub_ps(b.vy, a.vy), dy));
}

} // namespace sensu::detail

#endif  // SENSU_WIDE8_CONTACTS
