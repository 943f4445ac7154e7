#pragma once
// SSE2 helpers of the passes that solve four contacts at a time (contact_solver_wide.cpp,
// shock_propagation_wide.cpp; the eight-wide passes use them on each half): each does, lane by lane,
// exactly the IEEE operation of the scalar code it stands for (contact_wide.h says why that matters).
#include "contact_wide.h"
#include "world_internal.h"

#if SENSU_WIDE_CONTACTS
#include <emmintrin.h>

namespace sensu::detail {

// Bitwise select: a where the mask lane is all ones, else b (exact, no arithmetic on the floats).
inline __m128 Select(__m128 mask, __m128 a, __m128 b) { return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b)); }

// −x as the scalar code computes it: the sign bit flipped.
inline __m128 Negate(__m128 x) { return _mm_xor_ps(x, _mm_set1_ps(-0.0f)); }

// Clamp (sensu/math/scalar.h) lane by lane: x < lo ? lo : (x > hi ? hi : x).
inline __m128 ClampLanes(__m128 x, __m128 lo, __m128 hi) {
    return Select(_mm_cmplt_ps(x, lo), lo, Select(_mm_cmpgt_ps(x, hi), hi, x));
}

// The three velocity floats of four bodies, one register per float.
struct WideVelocity {
    __m128 vx, vy, w;
};

// The velocities of bodies index[0..3]. Each (x, y) pair is loaded as one 8-byte half of a register and
// the pairs are shuffled apart (fewer instructions than twelve single loads).
inline WideVelocity Gather(const SolverVelocity* velocities, const int* index) {
    const SolverVelocity& v0 = velocities[index[0]];
    const SolverVelocity& v1 = velocities[index[1]];
    const SolverVelocity& v2 = velocities[index[2]];
    const SolverVelocity& v3 = velocities[index[3]];
    static_assert(sizeof(Vec2) == 2 * sizeof(float), "a body's (x, y) is loaded as one 8-byte pair");
    auto xy = [](const SolverVelocity& v) { return reinterpret_cast<const __m64*>(&v.v); };
    const __m128 xy01 = _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), xy(v0)), xy(v1));  // x0 y0 x1 y1
    const __m128 xy23 = _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), xy(v2)), xy(v3));  // x2 y2 x3 y3
    return {_mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(2, 0, 2, 0)), _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(3, 1, 3, 1)),
            _mm_setr_ps(v0.w, v1.w, v2.w, v3.w)};
}

inline WideVelocity SelectVelocity(__m128 mask, const WideVelocity& x, const WideVelocity& y) {
    return {Select(mask, x.vx, y.vx), Select(mask, x.vy, y.vy), Select(mask, x.w, y.w)};
}

// Dot(b.v − a.v, d): RelativeSpeed's first term.
inline __m128 DotRelative(const WideVelocity& a, const WideVelocity& b, __m128 dx, __m128 dy) {
    return _mm_add_ps(_mm_mul_ps(_mm_sub_ps(b.vx, a.vx), dx), _mm_mul_ps(_mm_sub_ps(b.vy, a.vy), dy));
}

// Stores lane i of v to velocities[index[i]] for each bit i of `write`, as its (x, y) pair and its w
// (moves bits only).
inline void StoreLanes(const WideVelocity& v, SolverVelocity* velocities, const int* index, unsigned write) {
    const __m128 xy01 = _mm_unpacklo_ps(v.vx, v.vy);  // x0 y0 x1 y1
    const __m128 xy23 = _mm_unpackhi_ps(v.vx, v.vy);  // x2 y2 x3 y3
    static_assert(sizeof(Vec2) == 2 * sizeof(float), "a lane's (x, y) is stored as one 8-byte pair");
    auto xy = [&](int i) { return reinterpret_cast<__m64*>(&velocities[index[i]].v); };
    if (write & 1u) {
        _mm_storel_pi(xy(0), xy01);
        _mm_store_ss(&velocities[index[0]].w, v.w);
    }
    if (write & 2u) {
        _mm_storeh_pi(xy(1), xy01);
        _mm_store_ss(&velocities[index[1]].w, _mm_shuffle_ps(v.w, v.w, 1));
    }
    if (write & 4u) {
        _mm_storel_pi(xy(2), xy23);
        _mm_store_ss(&velocities[index[2]].w, _mm_movehl_ps(v.w, v.w));
    }
    if (write & 8u) {
        _mm_storeh_pi(xy(3), xy23);
        _mm_store_ss(&velocities[index[3]].w, _mm_shuffle_ps(v.w, v.w, 3));
    }
}

// Lanes where the int flags are non-zero, as a float mask.
inline __m128 LaneMask(bool l0, bool l1, bool l2, bool l3) {
    return _mm_castsi128_ps(_mm_setr_epi32(-static_cast<int>(l0), -static_cast<int>(l1), -static_cast<int>(l2), -static_cast<int>(l3)));
}

#if SENSU_WIDE8_CONTACTS
// The passes eight contacts at a time in AVX2 (contact_solver_wide8.cpp, shock_propagation_wide8.cpp):
// called only where DefaultWideLanes() is 8, i.e. the CPU has AVX2. ShockBatch8 returns the lanes (bit i:
// lane i) that ShockContact must solve instead.
void SolveWideBatch8(WideContactBatch8& batch, SolverVelocity* velocities);
void WarmStartWideBatch8(const WideContactBatch8& batch, SolverVelocity* velocities);
unsigned ShockBatch8(const WideContactBatch8& batch, const SolverBody* bodies, SolverVelocity* velocities);
#endif

} // namespace sensu::detail

#endif  // SENSU_WIDE_CONTACTS
