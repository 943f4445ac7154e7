// The shock pass eight contacts at a time in AVX2: shock_propagation_wide.cpp's ShockBatch on 256-bit
// registers, operation for operation, so every lane repeats ShockContact's exact sticking solve
// (SolveStickingPair) and its energy guard, and hands the contacts that do not stick back to
// ShockContact. Compiled for AVX2 alone (SENSU_AVX2), called only where DefaultWideLanes() is 8.
#include "wide8_lanes.h"

#if SENSU_WIDE8_CONTACTS

namespace sensu::detail {

namespace {

// m·|v|² + I·ω² of eight bodies from their inverse mass and inertia (TwiceKineticEnergy's lanes; a zero
// inverse contributes nothing).
SENSU_AVX2 inline __m256 TwiceKineticEnergy8(const WideVelocity8& v, __m256 invMass, __m256 invInertia) {
    const __m256 zero = _mm256_setzero_ps();
    const __m256 linear = _mm256_div_ps(_mm256_add_ps(_mm256_mul_ps(v.vx, v.vx), _mm256_mul_ps(v.vy, v.vy)), invMass);
    const __m256 angular = _mm256_div_ps(_mm256_mul_ps(v.w, v.w), invInertia);
    return _mm256_add_ps(Select(Greater(invMass, zero), linear, zero), Select(Greater(invInertia, zero), angular, zero));
}

// (x1 + x2) + x3: three products summed in the scalar code's order.
SENSU_AVX2 inline __m256 Sum3(__m256 x1, __m256 x2, __m256 x3) { return _mm256_add_ps(_mm256_add_ps(x1, x2), x3); }

SENSU_AVX2 inline __m256 Mul(__m256 x, __m256 y) { return _mm256_mul_ps(x, y); }

} // namespace

SENSU_AVX2 unsigned ShockBatch8(const WideContactBatch8& batch, const SolverBody* bodies, SolverVelocity* velocities) {
    alignas(32) int active[kWide8Lanes], upperB[kWide8Lanes];
    int index[kWide8Lanes];  // each lane's upper body
    for (int i = 0; i < kWide8Lanes; ++i) {
        const int levelA = bodies[batch.a[i]].level, levelB = bodies[batch.b[i]].level;
        active[i] = levelA != levelB ? -1 : 0;
        upperB[i] = levelA < levelB ? -1 : 0;
        index[i] = levelA < levelB ? batch.b[i] : batch.a[i];
    }
    const __m256 isActive = _mm256_castsi256_ps(_mm256_load_si256(reinterpret_cast<const __m256i*>(active)));
    const __m256 upperIsB = _mm256_castsi256_ps(_mm256_load_si256(reinterpret_cast<const __m256i*>(upperB)));
    const __m256 zero = _mm256_setzero_ps();
    const WideVelocity8 a0 = Gather8(velocities, batch.a);
    const WideVelocity8 b0 = Gather8(velocities, batch.b);
    // The lower body held: its inverse mass and inertia are zero for this pass.
    const __m256 invMassA = _mm256_load_ps(batch.invMassA), invInertiaA = _mm256_load_ps(batch.invInertiaA);
    const __m256 invMassB = _mm256_load_ps(batch.invMassB), invInertiaB = _mm256_load_ps(batch.invInertiaB);
    const __m256 mA = Select(upperIsB, zero, invMassA), iA = Select(upperIsB, zero, invInertiaA);
    const __m256 mB = Select(upperIsB, invMassB, zero), iB = Select(upperIsB, invInertiaB, zero);
    const __m256 nx = _mm256_load_ps(batch.normalX), ny = _mm256_load_ps(batch.normalY);
    const __m256 tx = ny, ty = Negate(nx);
    const __m256 rnA1 = _mm256_load_ps(batch.rnA1), rnB1 = _mm256_load_ps(batch.rnB1);
    const __m256 rnA2 = _mm256_load_ps(batch.rnA2), rnB2 = _mm256_load_ps(batch.rnB2);
    const __m256 rtA = _mm256_load_ps(batch.pairRtA), rtB = _mm256_load_ps(batch.pairRtB);
    // K = J M⁻¹ Jᵀ of the rows (n at point 1, n at point 2, t at the middle).
    const __m256 m = _mm256_add_ps(mA, mB);
    const __m256 k11 = Sum3(m, Mul(Mul(iA, rnA1), rnA1), Mul(Mul(iB, rnB1), rnB1));
    const __m256 k22 = Sum3(m, Mul(Mul(iA, rnA2), rnA2), Mul(Mul(iB, rnB2), rnB2));
    const __m256 k33 = Sum3(m, Mul(Mul(iA, rtA), rtA), Mul(Mul(iB, rtB), rtB));
    const __m256 k12 = Sum3(m, Mul(Mul(iA, rnA1), rnA2), Mul(Mul(iB, rnB1), rnB2));
    const __m256 k13 = _mm256_add_ps(Mul(Mul(iA, rnA1), rtA), Mul(Mul(iB, rnB1), rtB));
    const __m256 k23 = _mm256_add_ps(Mul(Mul(iA, rnA2), rtA), Mul(Mul(iB, rnB2), rtB));
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 s = Select(Less(Mul(Mul(k11, k22), k33), _mm256_set1_ps(1e-30f)), _mm256_div_ps(one, k11), one);
    const __m256 s11 = Mul(s, k11), s22 = Mul(s, k22), s33 = Mul(s, k33), s12 = Mul(s, k12), s13 = Mul(s, k13), s23 = Mul(s, k23);
    const __m256 c11 = _mm256_sub_ps(Mul(s22, s33), Mul(s23, s23));
    const __m256 c12 = _mm256_sub_ps(Mul(s13, s23), Mul(s12, s33));
    const __m256 c13 = _mm256_sub_ps(Mul(s12, s23), Mul(s13, s22));
    const __m256 c22 = _mm256_sub_ps(Mul(s11, s33), Mul(s13, s13));
    const __m256 c23 = _mm256_sub_ps(Mul(s12, s13), Mul(s11, s23));
    const __m256 c33 = _mm256_sub_ps(Mul(s11, s22), Mul(s12, s12));
    const __m256 det = Sum3(Mul(s11, c11), Mul(s12, c12), Mul(s13, c13));
    const __m256 wellPosed = Greater(det, Mul(Mul(Mul(_mm256_set1_ps(1e-6f), s11), s22), s33));
    const __m256 x1Old = _mm256_load_ps(batch.normalImpulse1), x2Old = _mm256_load_ps(batch.normalImpulse2);
    const __m256 xtOld = _mm256_add_ps(_mm256_load_ps(batch.tangentImpulse1), _mm256_load_ps(batch.tangentImpulse2));
    // r = v − bias − K·x_old.
    const __m256 dvn = DotRelative(a0, b0, nx, ny);
    const __m256 vn1 = _mm256_sub_ps(_mm256_add_ps(dvn, Mul(b0.w, rnB1)), Mul(a0.w, rnA1));
    const __m256 vn2 = _mm256_sub_ps(_mm256_add_ps(dvn, Mul(b0.w, rnB2)), Mul(a0.w, rnA2));
    const __m256 vt = _mm256_sub_ps(_mm256_add_ps(DotRelative(a0, b0, tx, ty), Mul(b0.w, rtB)), Mul(a0.w, rtA));
    const __m256 r1 = _mm256_sub_ps(_mm256_sub_ps(vn1, _mm256_load_ps(batch.bias1)), Sum3(Mul(k11, x1Old), Mul(k12, x2Old), Mul(k13, xtOld)));
    const __m256 r2 = _mm256_sub_ps(_mm256_sub_ps(vn2, _mm256_load_ps(batch.bias2)), Sum3(Mul(k12, x1Old), Mul(k22, x2Old), Mul(k23, xtOld)));
    const __m256 r3 = _mm256_sub_ps(vt, Sum3(Mul(k13, x1Old), Mul(k23, x2Old), Mul(k33, xtOld)));
    const __m256 inv = _mm256_div_ps(s, det);
    const __m256 x1 = Mul(Negate(Sum3(Mul(c11, r1), Mul(c12, r2), Mul(c13, r3))), inv);
    const __m256 x2 = Mul(Negate(Sum3(Mul(c12, r1), Mul(c22, r2), Mul(c23, r3))), inv);
    const __m256 xt = Mul(Negate(Sum3(Mul(c13, r1), Mul(c23, r2), Mul(c33, r3))), inv);
    const __m256 absXt = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), xt);
    const __m256 sticks = _mm256_and_ps(_mm256_and_ps(GreaterEqual(x1, zero), GreaterEqual(x2, zero)),
                                        LessEqual(absXt, Mul(_mm256_load_ps(batch.friction), _mm256_add_ps(x1, x2))));
    const __m256 hasFriction = Greater(_mm256_load_ps(batch.friction), zero);
    const __m256 solved = _mm256_and_ps(_mm256_and_ps(isActive, hasFriction), _mm256_and_ps(wellPosed, sticks));
    const unsigned handOver = static_cast<unsigned>(_mm256_movemask_ps(_mm256_andnot_ps(solved, isActive)));
    if (_mm256_movemask_ps(solved) == 0) return handOver;

    const __m256 d1 = _mm256_sub_ps(x1, x1Old), d2 = _mm256_sub_ps(x2, x2Old), dt = _mm256_sub_ps(xt, xtOld);
    const __m256 dn = _mm256_add_ps(d1, d2);
    const __m256 px = _mm256_add_ps(Mul(dn, nx), Mul(dt, tx)), py = _mm256_add_ps(Mul(dn, ny), Mul(dt, ty));
    WideVelocity8 a = a0, b = b0;
    a.vx = _mm256_sub_ps(a0.vx, Mul(mA, px));
    a.vy = _mm256_sub_ps(a0.vy, Mul(mA, py));
    a.w = _mm256_sub_ps(a0.w, Mul(iA, Sum3(Mul(d1, rnA1), Mul(d2, rnA2), Mul(dt, rtA))));
    b.vx = _mm256_add_ps(b0.vx, Mul(mB, px));
    b.vy = _mm256_add_ps(b0.vy, Mul(mB, py));
    b.w = _mm256_add_ps(b0.w, Mul(iB, Sum3(Mul(d1, rnB1), Mul(d2, rnB2), Mul(dt, rtB))));
    // The guard: the upper body may only lose kinetic energy (shock_propagation.cpp says why).
    const __m256 upperMass = Select(upperIsB, invMassB, invMassA), upperInertia = Select(upperIsB, invInertiaB, invInertiaA);
    const WideVelocity8 upper = SelectVelocity(upperIsB, b, a), upperBefore = SelectVelocity(upperIsB, b0, a0);
    const __m256 gains = Greater(TwiceKineticEnergy8(upper, upperMass, upperInertia), TwiceKineticEnergy8(upperBefore, upperMass, upperInertia));
    const unsigned store = static_cast<unsigned>(_mm256_movemask_ps(_mm256_andnot_ps(gains, solved)));
    // StoreVelocities' rule: only a body the solver moves is written.
    const __m256 upperMoves = _mm256_or_ps(NotEqual(upperMass, zero), NotEqual(upperInertia, zero));
    StoreLanes8(upper, velocities, index, store & static_cast<unsigned>(_mm256_movemask_ps(upperMoves)));
    return handOver;
}

} // namespace sensu::detail

#endif  // SENSU_WIDE8_CONTACTS
