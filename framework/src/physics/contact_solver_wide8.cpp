// The contact velocity pass and warm start eight contacts at a time in AVX2 (contact_wide.h): the
// four-wide SSE2 functions of contact_solver_wide.cpp on 256-bit registers, operation for operation, so
// every lane still repeats SolveContact's two-point block-solve path (contact_rows.h) and the state is
// the scalar path's bit for bit. Each function is compiled for AVX2 alone (SENSU_AVX2) and called only
// where DefaultWideLanes() is 8 (contact_solver_wide.cpp chooses).
#include "wide8_lanes.h"

#if SENSU_WIDE8_CONTACTS

namespace sensu::detail {

namespace {

// Writes lane i back to velocities[index[i]] only where the lane's body moves: StoreVelocities' rule
// (a fixed body may be shared by every contact of a colour, and is never written).
SENSU_AVX2 inline void Scatter8(const WideVelocity8& wide, SolverVelocity* velocities, const int* index, const float* invMass,
                                const float* invInertia) {
    const __m256 zero = _mm256_setzero_ps();
    const int moves = _mm256_movemask_ps(_mm256_or_ps(NotEqual(_mm256_load_ps(invMass), zero), NotEqual(_mm256_load_ps(invInertia), zero)));
    StoreLanes8(wide, velocities, index, static_cast<unsigned>(moves));
}

// ApplyRowImpulse for eight lanes: λ·d on B and −λ·d on A, with the scalar expression's grouping.
SENSU_AVX2 inline void ApplyImpulse8(WideVelocity8& a, WideVelocity8& b, __m256 invMassA, __m256 invInertiaA, __m256 invMassB,
                                     __m256 invInertiaB, __m256 dx, __m256 dy, __m256 rdA, __m256 rdB, __m256 lambda) {
    const __m256 pA = _mm256_mul_ps(invMassA, lambda);
    a.vx = _mm256_sub_ps(a.vx, _mm256_mul_ps(pA, dx));
    a.vy = _mm256_sub_ps(a.vy, _mm256_mul_ps(pA, dy));
    a.w = _mm256_sub_ps(a.w, _mm256_mul_ps(invInertiaA, _mm256_mul_ps(lambda, rdA)));
    const __m256 pB = _mm256_mul_ps(invMassB, lambda);
    b.vx = _mm256_add_ps(b.vx, _mm256_mul_ps(pB, dx));
    b.vy = _mm256_add_ps(b.vy, _mm256_mul_ps(pB, dy));
    b.w = _mm256_add_ps(b.w, _mm256_mul_ps(invInertiaB, _mm256_mul_ps(lambda, rdB)));
}

} // namespace

// SolveContact<true> of eight two-point block contacts (contact_solver_wide.cpp's SolveWideBatch).
SENSU_AVX2 void SolveWideBatch8(WideContactBatch8& batch, SolverVelocity* velocities) {
    const __m256 zero = _mm256_setzero_ps();
    const WideVelocity8 a0 = Gather8(velocities, batch.a);
    const WideVelocity8 b0 = Gather8(velocities, batch.b);
    const __m256 invMassA = _mm256_load_ps(batch.invMassA), invInertiaA = _mm256_load_ps(batch.invInertiaA);
    const __m256 invMassB = _mm256_load_ps(batch.invMassB), invInertiaB = _mm256_load_ps(batch.invInertiaB);
    const __m256 nx = _mm256_load_ps(batch.normalX), ny = _mm256_load_ps(batch.normalY);
    const __m256 tx = ny, ty = Negate(nx);  // TangentOf: the normal turned clockwise

    // Friction: the one row at the middle of the two points, bounded by μ·(Pn1 + Pn2).
    const __m256 friction = _mm256_load_ps(batch.friction);
    const __m256 t1Old = _mm256_load_ps(batch.tangentImpulse1), t2Old = _mm256_load_ps(batch.tangentImpulse2);
    const __m256 normalSum = _mm256_add_ps(_mm256_load_ps(batch.normalImpulse1), _mm256_load_ps(batch.normalImpulse2));
    const __m256 tangentSum = _mm256_add_ps(t1Old, t2Old);
    const __m256 solvesFriction =
        _mm256_and_ps(Greater(friction, zero), _mm256_or_ps(NotEqual(normalSum, zero), NotEqual(tangentSum, zero)));
    WideVelocity8 a = a0, b = b0;
    {
        const __m256 rtA = _mm256_load_ps(batch.pairRtA), rtB = _mm256_load_ps(batch.pairRtB);
        const __m256 speed = _mm256_sub_ps(_mm256_add_ps(DotRelative(a, b, tx, ty), _mm256_mul_ps(b.w, rtB)), _mm256_mul_ps(a.w, rtA));
        __m256 lambda = _mm256_mul_ps(Negate(_mm256_load_ps(batch.pairTangentMass)), speed);
        const __m256 maxFriction = _mm256_mul_ps(friction, normalSum);
        const __m256 total = ClampLanes(_mm256_add_ps(tangentSum, lambda), Negate(maxFriction), maxFriction);
        lambda = _mm256_sub_ps(total, tangentSum);
        WideVelocity8 af = a, bf = b;
        ApplyImpulse8(af, bf, invMassA, invInertiaA, invMassB, invInertiaB, tx, ty, rtA, rtB, lambda);
        a = SelectVelocity(solvesFriction, af, a);
        b = SelectVelocity(solvesFriction, bf, b);
        const __m256 half = _mm256_mul_ps(_mm256_set1_ps(0.5f), total);
        _mm256_store_ps(batch.tangentImpulse1, Select(solvesFriction, half, t1Old));
        _mm256_store_ps(batch.tangentImpulse2, Select(solvesFriction, half, t2Old));
    }

    // Normal impulses: SolveNormalBlock's four cases, the first valid one taken.
    const __m256 x1Old = _mm256_load_ps(batch.normalImpulse1), x2Old = _mm256_load_ps(batch.normalImpulse2);
    const __m256 rnA1 = _mm256_load_ps(batch.rnA1), rnB1 = _mm256_load_ps(batch.rnB1);
    const __m256 rnA2 = _mm256_load_ps(batch.rnA2), rnB2 = _mm256_load_ps(batch.rnB2);
    const __m256 k11 = _mm256_load_ps(batch.k11), k12 = _mm256_load_ps(batch.k12), k22 = _mm256_load_ps(batch.k22);
    const __m256 dvn = DotRelative(a, b, nx, ny);
    const __m256 vn1 = _mm256_sub_ps(_mm256_add_ps(dvn, _mm256_mul_ps(b.w, rnB1)), _mm256_mul_ps(a.w, rnA1));
    const __m256 vn2 = _mm256_sub_ps(_mm256_add_ps(dvn, _mm256_mul_ps(b.w, rnB2)), _mm256_mul_ps(a.w, rnA2));
    const __m256 c1 = _mm256_sub_ps(_mm256_sub_ps(vn1, _mm256_load_ps(batch.bias1)),
                                    _mm256_add_ps(_mm256_mul_ps(k11, x1Old), _mm256_mul_ps(k12, x2Old)));
    const __m256 c2 = _mm256_sub_ps(_mm256_sub_ps(vn2, _mm256_load_ps(batch.bias2)),
                                    _mm256_add_ps(_mm256_mul_ps(k12, x1Old), _mm256_mul_ps(k22, x2Old)));
    const __m256 inv11 = _mm256_load_ps(batch.inv11), inv12 = _mm256_load_ps(batch.inv12), inv22 = _mm256_load_ps(batch.inv22);
    // Case 1: both points push.
    const __m256 both1 = Negate(_mm256_add_ps(_mm256_mul_ps(inv11, c1), _mm256_mul_ps(inv12, c2)));
    const __m256 both2 = Negate(_mm256_add_ps(_mm256_mul_ps(inv12, c1), _mm256_mul_ps(inv22, c2)));
    const __m256 case1 = _mm256_and_ps(GreaterEqual(both1, zero), GreaterEqual(both2, zero));
    // Case 2: only point 1 pushes, point 2 separates.
    const __m256 only1 = _mm256_div_ps(Negate(c1), k11);
    const __m256 case2 = _mm256_and_ps(GreaterEqual(only1, zero), GreaterEqual(_mm256_add_ps(_mm256_mul_ps(k12, only1), c2), zero));
    // Case 3: only point 2 pushes.
    const __m256 only2 = _mm256_div_ps(Negate(c2), k22);
    const __m256 case3 = _mm256_and_ps(GreaterEqual(only2, zero), GreaterEqual(_mm256_add_ps(_mm256_mul_ps(k12, only2), c1), zero));
    // Case 4: neither pushes (both separate); where no case holds the old impulses stay.
    const __m256 case4 = _mm256_and_ps(GreaterEqual(c1, zero), GreaterEqual(c2, zero));
    const __m256 x1 = Select(case1, both1, Select(case2, only1, zero));
    const __m256 x2 = Select(case1, both2, Select(case2, zero, Select(case3, only2, zero)));
    const __m256 solved = _mm256_or_ps(_mm256_or_ps(case1, case2), _mm256_or_ps(case3, case4));
    const __m256 d1 = _mm256_sub_ps(x1, x1Old), d2 = _mm256_sub_ps(x2, x2Old);
    const __m256 d = _mm256_add_ps(d1, d2);
    WideVelocity8 an = a, bn = b;
    const __m256 pA = _mm256_mul_ps(invMassA, d), pB = _mm256_mul_ps(invMassB, d);
    an.vx = _mm256_sub_ps(a.vx, _mm256_mul_ps(pA, nx));
    an.vy = _mm256_sub_ps(a.vy, _mm256_mul_ps(pA, ny));
    an.w = _mm256_sub_ps(a.w, _mm256_mul_ps(invInertiaA, _mm256_add_ps(_mm256_mul_ps(d1, rnA1), _mm256_mul_ps(d2, rnA2))));
    bn.vx = _mm256_add_ps(b.vx, _mm256_mul_ps(pB, nx));
    bn.vy = _mm256_add_ps(b.vy, _mm256_mul_ps(pB, ny));
    bn.w = _mm256_add_ps(b.w, _mm256_mul_ps(invInertiaB, _mm256_add_ps(_mm256_mul_ps(d1, rnB1), _mm256_mul_ps(d2, rnB2))));
    a = SelectVelocity(solved, an, a);
    b = SelectVelocity(solved, bn, b);
    _mm256_store_ps(batch.normalImpulse1, Select(solved, x1, x1Old));
    _mm256_store_ps(batch.normalImpulse2, Select(solved, x2, x2Old));

    Scatter8(a, velocities, batch.a, batch.invMassA, batch.invInertiaA);
    Scatter8(b, velocities, batch.b, batch.invMassB, batch.invInertiaB);
}

// WarmStartContact of eight two-point contacts (contact_solver_wide.cpp's WarmStartWideBatch): per point
// the normal row, then the tangent row.
SENSU_AVX2 void WarmStartWideBatch8(const WideContactBatch8& batch, SolverVelocity* velocities) {
    WideVelocity8 a = Gather8(velocities, batch.a);
    WideVelocity8 b = Gather8(velocities, batch.b);
    const __m256 invMassA = _mm256_load_ps(batch.invMassA), invInertiaA = _mm256_load_ps(batch.invInertiaA);
    const __m256 invMassB = _mm256_load_ps(batch.invMassB), invInertiaB = _mm256_load_ps(batch.invInertiaB);
    const __m256 nx = _mm256_load_ps(batch.normalX), ny = _mm256_load_ps(batch.normalY);
    const __m256 tx = ny, ty = Negate(nx);  // TangentOf: the normal turned clockwise
    ApplyImpulse8(a, b, invMassA, invInertiaA, invMassB, invInertiaB, nx, ny, _mm256_load_ps(batch.rnA1), _mm256_load_ps(batch.rnB1),
                  _mm256_load_ps(batch.normalImpulse1));
    ApplyImpulse8(a, b, invMassA, invInertiaA, invMassB, invInertiaB, tx, ty, _mm256_load_ps(batch.rtA1), _mm256_load_ps(batch.rtB1),
                  _mm256_load_ps(batch.tangentImpulse1));
    ApplyImpulse8(a, b, invMassA, invInertiaA, invMassB, invInertiaB, nx, ny, _mm256_load_ps(batch.rnA2), _mm256_load_ps(batch.rnB2),
                  _mm256_load_ps(batch.normalImpulse2));
    ApplyImpulse8(a, b, invMassA, invInertiaA, invMassB, invInertiaB, tx, ty, _mm256_load_ps(batch.rtA2), _mm256_load_ps(batch.rtB2),
                  _mm256_load_ps(batch.tangentImpulse2));
    Scatter8(a, velocities, batch.a, batch.invMassA, batch.invInertiaA);
    Scatter8(b, velocities, batch.b, batch.invMassB, batch.invInertiaB);
}

} // namespace sensu::detail

#endif  // SENSU_WIDE8_CONTACTS
