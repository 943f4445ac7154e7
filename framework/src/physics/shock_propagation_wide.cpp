// The shock pass (shock_propagation.cpp) four contacts at a time, on the velocity passes' batches
// (contact_wide.h), which hold this step's impulses when the pass runs. A lane repeats ShockContact's
// exact sticking solve (SolveStickingPair) operation for operation and its energy guard; a lane whose
// contact does not stick (a point would pull, the friction leaves the cone, K is degenerate) or has no
// friction is handed to ShockContact, which finds the same and solves it row by row. Only the upper
// body of a contact is written, and contacts of a colour share no moving body, so the order of the
// lanes and of the rest does not change a float.
#include "contact_rows.h"
#include "wide_lanes.h"
#include "world_internal.h"

namespace sensu {

#if SENSU_WIDE_CONTACTS

using detail::DotRelative;
using detail::Gather;
using detail::kWideLanes;
using detail::LaneMask;
using detail::Negate;
using detail::Select;
using detail::SelectVelocity;
using detail::SolverBody;
using detail::SolverVelocity;
using detail::StoreLanes;
using detail::WideColour;
using detail::WideContactBatch;
using detail::WideVelocity;

namespace {

// m·|v|² + I·ω² of four bodies from their inverse mass and inertia (TwiceKineticEnergy's lanes; a zero
// inverse contributes nothing).
__m128 TwiceKineticEnergy(const WideVelocity& v, __m128 invMass, __m128 invInertia) {
    const __m128 zero = _mm_setzero_ps();
    const __m128 linear = _mm_div_ps(_mm_add_ps(_mm_mul_ps(v.vx, v.vx), _mm_mul_ps(v.vy, v.vy)), invMass);
    const __m128 angular = _mm_div_ps(_mm_mul_ps(v.w, v.w), invInertia);
    return _mm_add_ps(Select(_mm_cmpgt_ps(invMass, zero), linear, zero), Select(_mm_cmpgt_ps(invInertia, zero), angular, zero));
}

// (x1 + x2) + x3: three products summed in the scalar code's order.
__m128 Sum3(__m128 x1, __m128 x2, __m128 x3) { return _mm_add_ps(_mm_add_ps(x1, x2), x3); }

// The shock pass on one batch. Returns the lanes (bit i: lane i) that ShockContact must solve instead.
unsigned ShockBatch(const WideContactBatch& batch, const SolverBody* bodies, SolverVelocity* velocities) {
    bool active[kWideLanes], upperB[kWideLanes];
    for (int i = 0; i < kWideLanes; ++i) {
        const int levelA = bodies[batch.a[i]].level, levelB = bodies[batch.b[i]].level;
        active[i] = levelA != levelB;
        upperB[i] = levelA < levelB;
    }
    const __m128 isActive = LaneMask(active[0], active[1], active[2], active[3]);
    const __m128 upperIsB = LaneMask(upperB[0], upperB[1], upperB[2], upperB[3]);
    const __m128 zero = _mm_setzero_ps();
    const WideVelocity a0 = Gather(velocities, batch.a);
    const WideVelocity b0 = Gather(velocities, batch.b);
    // The lower body held: its inverse mass and inertia are zero for this pass.
    const __m128 invMassA = _mm_load_ps(batch.invMassA), invInertiaA = _mm_load_ps(batch.invInertiaA);
    const __m128 invMassB = _mm_load_ps(batch.invMassB), invInertiaB = _mm_load_ps(batch.invInertiaB);
    const __m128 mA = Select(upperIsB, zero, invMassA), iA = Select(upperIsB, zero, invInertiaA);
    const __m128 mB = Select(upperIsB, invMassB, zero), iB = Select(upperIsB, invInertiaB, zero);
    const __m128 nx = _mm_load_ps(batch.normalX), ny = _mm_load_ps(batch.normalY);
    const __m128 tx = ny, ty = Negate(nx);
    const __m128 rnA1 = _mm_load_ps(batch.rnA1), rnB1 = _mm_load_ps(batch.rnB1);
    const __m128 rnA2 = _mm_load_ps(batch.rnA2), rnB2 = _mm_load_ps(batch.rnB2);
    const __m128 rtA = _mm_load_ps(batch.pairRtA), rtB = _mm_load_ps(batch.pairRtB);
    auto mul = [](__m128 x, __m128 y) { return _mm_mul_ps(x, y); };
    // K = J M⁻¹ Jᵀ of the rows (n at point 1, n at point 2, t at the middle).
    const __m128 m = _mm_add_ps(mA, mB);
    const __m128 k11 = Sum3(m, mul(mul(iA, rnA1), rnA1), mul(mul(iB, rnB1), rnB1));
    const __m128 k22 = Sum3(m, mul(mul(iA, rnA2), rnA2), mul(mul(iB, rnB2), rnB2));
    const __m128 k33 = Sum3(m, mul(mul(iA, rtA), rtA), mul(mul(iB, rtB), rtB));
    const __m128 k12 = Sum3(m, mul(mul(iA, rnA1), rnA2), mul(mul(iB, rnB1), rnB2));
    const __m128 k13 = _mm_add_ps(mul(mul(iA, rnA1), rtA), mul(mul(iB, rnB1), rtB));
    const __m128 k23 = _mm_add_ps(mul(mul(iA, rnA2), rtA), mul(mul(iB, rnB2), rtB));
    const __m128 one = _mm_set1_ps(1.0f);
    const __m128 s = Select(_mm_cmplt_ps(mul(mul(k11, k22), k33), _mm_set1_ps(1e-30f)), _mm_div_ps(one, k11), one);
    const __m128 s11 = mul(s, k11), s22 = mul(s, k22), s33 = mul(s, k33), s12 = mul(s, k12), s13 = mul(s, k13), s23 = mul(s, k23);
    const __m128 c11 = _mm_sub_ps(mul(s22, s33), mul(s23, s23));
    const __m128 c12 = _mm_sub_ps(mul(s13, s23), mul(s12, s33));
    const __m128 c13 = _mm_sub_ps(mul(s12, s23), mul(s13, s22));
    const __m128 c22 = _mm_sub_ps(mul(s11, s33), mul(s13, s13));
    const __m128 c23 = _mm_sub_ps(mul(s12, s13), mul(s11, s23));
    const __m128 c33 = _mm_sub_ps(mul(s11, s22), mul(s12, s12));
    const __m128 det = Sum3(mul(s11, c11), mul(s12, c12), mul(s13, c13));
    const __m128 wellPosed = _mm_cmpgt_ps(det, mul(mul(mul(_mm_set1_ps(1e-6f), s11), s22), s33));
    const __m128 x1Old = _mm_load_ps(batch.normalImpulse1), x2Old = _mm_load_ps(batch.normalImpulse2);
    const __m128 xtOld = _mm_add_ps(_mm_load_ps(batch.tangentImpulse1), _mm_load_ps(batch.tangentImpulse2));
    // r = v − bias − K·x_old.
    const __m128 dvn = DotRelative(a0, b0, nx, ny);
    const __m128 vn1 = _mm_sub_ps(_mm_add_ps(dvn, mul(b0.w, rnB1)), mul(a0.w, rnA1));
    const __m128 vn2 = _mm_sub_ps(_mm_add_ps(dvn, mul(b0.w, rnB2)), mul(a0.w, rnA2));
    const __m128 vt = _mm_sub_ps(_mm_add_ps(DotRelative(a0, b0, tx, ty), mul(b0.w, rtB)), mul(a0.w, rtA));
    const __m128 r1 = _mm_sub_ps(_mm_sub_ps(vn1, _mm_load_ps(batch.bias1)), Sum3(mul(k11, x1Old), mul(k12, x2Old), mul(k13, xtOld)));
    const __m128 r2 = _mm_sub_ps(_mm_sub_ps(vn2, _mm_load_ps(batch.bias2)), Sum3(mul(k12, x1Old), mul(k22, x2Old), mul(k23, xtOld)));
    const __m128 r3 = _mm_sub_ps(vt, Sum3(mul(k13, x1Old), mul(k23, x2Old), mul(k33, xtOld)));
    const __m128 inv = _mm_div_ps(s, det);
    const __m128 x1 = mul(Negate(Sum3(mul(c11, r1), mul(c12, r2), mul(c13, r3))), inv);
    const __m128 x2 = mul(Negate(Sum3(mul(c12, r1), mul(c22, r2), mul(c23, r3))), inv);
    const __m128 xt = mul(Negate(Sum3(mul(c13, r1), mul(c23, r2), mul(c33, r3))), inv);
    const __m128 absXt = _mm_andnot_ps(_mm_set1_ps(-0.0f), xt);
    const __m128 sticks = _mm_and_ps(_mm_and_ps(_mm_cmpge_ps(x1, zero), _mm_cmpge_ps(x2, zero)),
                                     _mm_cmple_ps(absXt, mul(_mm_load_ps(batch.friction), _mm_add_ps(x1, x2))));
    const __m128 hasFriction = _mm_cmpgt_ps(_mm_load_ps(batch.friction), zero);
    const __m128 solved = _mm_and_ps(_mm_and_ps(isActive, hasFriction), _mm_and_ps(wellPosed, sticks));
    const unsigned handOver = static_cast<unsigned>(_mm_movemask_ps(_mm_andnot_ps(solved, isActive)));
    if (_mm_movemask_ps(solved) == 0) return handOver;

    const __m128 d1 = _mm_sub_ps(x1, x1Old), d2 = _mm_sub_ps(x2, x2Old), dt = _mm_sub_ps(xt, xtOld);
    const __m128 dn = _mm_add_ps(d1, d2);
    const __m128 px = _mm_add_ps(mul(dn, nx), mul(dt, tx)), py = _mm_add_ps(mul(dn, ny), mul(dt, ty));
    WideVelocity a = a0, b = b0;
    a.vx = _mm_sub_ps(a0.vx, mul(mA, px));
    a.vy = _mm_sub_ps(a0.vy, mul(mA, py));
    a.w = _mm_sub_ps(a0.w, mul(iA, Sum3(mul(d1, rnA1), mul(d2, rnA2), mul(dt, rtA))));
    b.vx = _mm_add_ps(b0.vx, mul(mB, px));
    b.vy = _mm_add_ps(b0.vy, mul(mB, py));
    b.w = _mm_add_ps(b0.w, mul(iB, Sum3(mul(d1, rnB1), mul(d2, rnB2), mul(dt, rtB))));
    // The guard: the upper body may only lose kinetic energy (shock_propagation.cpp says why).
    const __m128 upperMass = Select(upperIsB, invMassB, invMassA), upperInertia = Select(upperIsB, invInertiaB, invInertiaA);
    const WideVelocity upper = SelectVelocity(upperIsB, b, a), upperBefore = SelectVelocity(upperIsB, b0, a0);
    const __m128 gains =
        _mm_cmpgt_ps(TwiceKineticEnergy(upper, upperMass, upperInertia), TwiceKineticEnergy(upperBefore, upperMass, upperInertia));
    const unsigned store = static_cast<unsigned>(_mm_movemask_ps(_mm_andnot_ps(gains, solved)));
    // StoreVelocities' rule: only a body the solver moves is written.
    const __m128 upperMoves = _mm_or_ps(_mm_cmpneq_ps(upperMass, zero), _mm_cmpneq_ps(upperInertia, zero));
    const unsigned write = store & static_cast<unsigned>(_mm_movemask_ps(upperMoves));
    int index[kWideLanes];
    for (int i = 0; i < kWideLanes; ++i) index[i] = upperB[i] ? batch.b[i] : batch.a[i];
    StoreLanes(upper, velocities, index, write);
    return handOver;
}

} // namespace

#endif  // SENSU_WIDE_CONTACTS

// Items [begin, end) of one colour: its batches of eight and of four with the lanes they hand over, then
// the contacts the batches do not hold. They share no moving body: any split gives the same floats.
void WorldImpl::PropagateShockWide(int colour, int begin, int end) {
#if SENSU_WIDE_CONTACTS
    const WideColour& wide = wideColours[colour];
    const int batches8 = wide.batch8End - wide.batch8Begin;
    const int batches = batches8 + wide.batchEnd - wide.batchBegin;
    for (int item = begin; item < end; ++item) {
        if (item >= batches) {
            ShockContact(wideRest[wide.restBegin + item - batches]);
            continue;
        }
#if SENSU_WIDE8_CONTACTS
        if (item < batches8) {
            const detail::WideContactBatch8& batch = wideBatches8[wide.batch8Begin + item];
            const unsigned handOver = detail::ShockBatch8(batch, solverBodies.data(), solverVelocities.data());
            for (int i = 0; i < detail::kWide8Lanes; ++i)
                if (handOver >> i & 1u) ShockContact(batch.contact[i]);
            continue;
        }
#endif
        const WideContactBatch& batch = wideBatches[wide.batchBegin + item - batches8];
        const unsigned handOver = ShockBatch(batch, solverBodies.data(), solverVelocities.data());
        for (int i = 0; i < kWideLanes; ++i)
            if (handOver >> i & 1u) ShockContact(batch.contact[i]);
    }
#else
    (void)colour;
    (void)begin;
    (void)end;
#endif
}

} // namespace sensu
