#pragma once
// Internal to the rotating time-of-impact code: sine and cosine of two angles at once, without libm.
//
// Why: a resting-disc time of impact needs the body's start rotation and the step's end direction,
// two sin/cos pairs. As two libm sincosf calls they were an eighth of the benchmark query's
// instructions, and glibc branches on each argument's range (nearly a third of the query's
// mispredicted branches for random angles). Here both angles share one branch-free evaluation in the
// two double lanes of an SSE2 register (measured with cachegrind on the TOI/RotatingBarCircle query:
// about 45 instructions and 0.45 mispredicted branches fewer). Both results are on the query's
// critical path (the disc centre in the body frame and the step's end direction feed the hit / miss
// branch), so the method is chosen for a short dependency chain: measured, 12 cycles more on it cost
// 5–8 % of the query.
//
// Method (table of 256 points per turn, Cody–Waite reduction in double precision):
//   k = nearest integer to x·128/π, r = x − k·P1 − k·P2 with P1 = π/128 to 27 bits and P2 = π/128 − P1
//   rounded to double. For |x| ≤ kSinCosPairMaxAngle, |k| < 2^26, so k·P1 is exact and x − k·P1 is
//   exact (Sterbenz); r is within about 2^-62 of x − k·π/128 (|P1 + P2 − π/128| < 2^-91).
//   With θ = k·π/128 from a table (sin and cos exactly 0 and ±1 at the quarter turns) and |r| ≤ π/256
//   (up to the rounding of x·128/π):
//   sin(θ + r) = sin θ·(1 − r²/2) + cos θ·(r − r³/6), cos(θ + r) = cos θ·(1 − r²/2) − sin θ·(r − r³/6),
//   the series cut after r³ (error below r⁴/24 < 2^-30 of the larger of |sin θ| and |cos θ|; near a
//   zero of the result the table value multiplying the larger error is exactly 0). Rounding the
//   double result to float adds half an ulp: checked on every float of magnitude 1e-4 to the bound
//   (every third below), the results are within 0.53 ulp of the true sin and cos
//   (tests/geometry/sincos_pair_test.cpp samples that).
//   sin(−0) = −0.
// Beyond ±kSinCosPairMaxAngle, or for a non-finite angle, both fall back to std::sin / std::cos (one
// branch that only such rare arguments take).
#include <array>
#include <bit>
#include <cmath>

#include "sensu/math/rot.h"

#include "x86_paths.h"

#if SENSU_X86_PATHS
#include <emmintrin.h>
#endif

namespace sensu::swept {

/// The largest |angle| (rad) the branch-free evaluation takes: 2^20, so that k < 2^26 and the
/// reduction above stays exact. Larger (or non-finite) angles go to libm.
inline constexpr float kSinCosPairMaxAngle = 1048576.0f;

/// Rotations of two angles (rad).
struct RotPair {
    Rot first, second;
};

namespace sincos_detail {

inline constexpr int kSteps = 256; // table points per turn
inline constexpr double kStep = 2.0 * 3.14159265358979323846 / kSteps;

// Taylor series to t^27 for |t| ≤ π/4: far below a double's rounding.
constexpr double TaylorSin(double t) {
    double term = t, sum = t;
    for (int n = 1; n <= 13; ++n) {
        term *= -t * t / ((2 * n) * (2 * n + 1));
        sum += term;
    }
    return sum;
}
constexpr double TaylorCos(double t) {
    double term = 1.0, sum = 1.0;
    for (int n = 1; n <= 13; ++n) {
        term *= -t * t / ((2 * n - 1) * (2 * n));
        sum += term;
    }
    return sum;
}

struct alignas(16) Point {
    double s, c;
};

// sin and cos of k·2π/256: the first octant by series, the rest by symmetry, so the quarter turns
// are exactly 0 and ±1 (sin x near a multiple of π then comes from the reduced angle alone).
constexpr std::array<Point, kSteps> MakeTable() {
    std::array<Point, kSteps> table{};
    constexpr int quarter = kSteps / 4;
    for (int k = 0; k < kSteps; ++k) {
        const int j = k % quarter, q = k / quarter;
        const double s0 = 2 * j <= quarter ? TaylorSin(j * kStep) : TaylorCos((quarter - j) * kStep);
        const double c0 = 2 * j <= quarter ? TaylorCos(j * kStep) : TaylorSin((quarter - j) * kStep);
        table[k] = q == 0 ? Point{s0, c0} : q == 1 ? Point{c0, -s0} : q == 2 ? Point{-s0, -c0} : Point{-c0, s0};
    }
    return table;
}
alignas(16) inline constexpr std::array<Point, kSteps> kTable = MakeTable();

} // namespace sincos_detail

/// {Rot::FromAngle(a), Rot::FromAngle(b)} within 1 ulp per component (see the top of this file).
inline RotPair SinCosPair(float a, float b) {
#if SENSU_X86_PATHS
    // Every constant twice, 16-byte aligned, so each is one memory operand. Not const on purpose:
    // GCC folds a constant table (or set1 of a constant) into a scalar load and a broadcast per
    // constant, a fifth more instructions. Never written.
    enum : int { kAbs, kMax, kShifter, kStepsPerRadian, kP1, kP2, kHalf, kSixth, kCount };
    alignas(16) static double kConstants[kCount][2] = {
        {std::bit_cast<double>(0x7fffffffffffffffull), std::bit_cast<double>(0x7fffffffffffffffull)}, // |x| mask
        {kSinCosPairMaxAngle, kSinCosPairMaxAngle},
        {0x1.8p52, 0x1.8p52},                           // 1.5·2^52
        {0x1.45f306dc9c883p+5, 0x1.45f306dc9c883p+5},   // 128/π
        {0x1.921fb54p-6, 0x1.921fb54p-6},               // P1: π/128 to 27 bits
        {0x1.10b4611a62633p-36, 0x1.10b4611a62633p-36}, // P2 = π/128 − P1
        {-0.5, -0.5},                                   // series coefficients
        {-1.0 / 6.0, -1.0 / 6.0},
    };
    const auto c = [](int i) { return _mm_load_pd(kConstants[i]); };
    const __m128d x = _mm_cvtps_pd(_mm_setr_ps(a, b, 0.0f, 0.0f));
    if (_mm_movemask_pd(_mm_cmple_pd(_mm_and_pd(x, c(kAbs)), c(kMax))) != 3) return {Rot::FromAngle(a), Rot::FromAngle(b)};
    // Adding 1.5·2^52 rounds x·128/π to an integer k (to nearest) and leaves k's low bits in the low
    // mantissa bits of t, two's complement for negative k: k mod 256 indexes the table.
    const __m128d t = _mm_add_pd(_mm_mul_pd(x, c(kStepsPerRadian)), c(kShifter));
    const __m128d k = _mm_sub_pd(t, c(kShifter));
    const __m128d r = _mm_sub_pd(_mm_sub_pd(x, _mm_mul_pd(k, c(kP1))), _mm_mul_pd(k, c(kP2)));
    const __m128i q = _mm_castpd_si128(t);
    const __m128d pointA = _mm_load_pd(&sincos_detail::kTable[_mm_cvtsi128_si32(q) & 255].s);
    const __m128d pointB = _mm_load_pd(&sincos_detail::kTable[_mm_extract_epi16(q, 4) & 255].s);
    const __m128d sinT = _mm_unpacklo_pd(pointA, pointB), cosT = _mm_unpackhi_pd(pointA, pointB);
    // sin(θ + r) = (sin θ + r·cos θ) + r²·(−sin θ / 2 − r·cos θ / 6), cos(θ + r) = (cos θ − r·sin θ) +
    // r²·(−cos θ / 2 + r·sin θ / 6): the series to r³, grouped so the products run side by side.
    const __m128d u = _mm_mul_pd(r, r);
    const __m128d sinX = _mm_add_pd(_mm_add_pd(sinT, _mm_mul_pd(r, cosT)),
                                    _mm_mul_pd(u, _mm_add_pd(_mm_mul_pd(sinT, c(kHalf)), _mm_mul_pd(r, _mm_mul_pd(cosT, c(kSixth))))));
    const __m128d cosX = _mm_add_pd(_mm_sub_pd(cosT, _mm_mul_pd(r, sinT)),
                                    _mm_mul_pd(u, _mm_sub_pd(_mm_mul_pd(cosT, c(kHalf)), _mm_mul_pd(r, _mm_mul_pd(sinT, c(kSixth))))));
    // sin(±0) = ±0: the sum above gives +0 for −0.
    const __m128d zeroSign = _mm_and_pd(_mm_cmpeq_pd(x, _mm_setzero_pd()), x);
    const __m128 sinF = _mm_cvtpd_ps(_mm_or_pd(sinX, zeroSign));
    const __m128 cosF = _mm_cvtpd_ps(cosX);
    // (cos a, sin a, cos b, sin b): the layout of two Rots.
    alignas(16) float out[4];
    _mm_store_ps(out, _mm_unpacklo_ps(cosF, sinF));
    return {{out[0], out[1]}, {out[2], out[3]}};
#else
    return {Rot::FromAngle(a), Rot::FromAngle(b)};
#endif
}

} // namespace sensu::swept
