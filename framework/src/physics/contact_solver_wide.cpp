// The contact velocity pass four contacts at a time (contact_wide.h). Every lane repeats SolveContact's
// two-point, block-solve path (contact_rows.h) operation for operation: the patch friction row, then the
// 2×2 complementarity problem of the normal impulses. Branches become lane masks: each case is computed
// in every lane and the first valid one is selected bit for bit, and a lane that the scalar path would
// leave alone (no friction bound, no valid case) keeps its old floats, signed zeros included.
#include <cstddef>
#include <cstdlib>

#include "contact_rows.h"
#include "wide_lanes.h"
#include "world_internal.h"

namespace sensu {

using detail::ColourRange;
using detail::ForChunks;
using detail::kWide8Lanes;
using detail::kWideLanes;
using detail::SolverContact;
using detail::SolverPoint;
using detail::SolverVelocity;
using detail::WideColour;
using detail::WideContactBatch;
#if SENSU_WIDE_CONTACTS
using detail::ClampLanes;
using detail::DotRelative;
using detail::Gather;
using detail::Negate;
using detail::Select;
using detail::SelectVelocity;
using detail::StoreLanes;
using detail::WideVelocity;
#endif

namespace {

#if SENSU_WIDE_CONTACTS

// A contact the batches can hold: two points solved as a block. The other shapes of SolveContact (one
// point, or a pair whose K is ill-conditioned) stay on the scalar path.
bool FitsWideBatch(const SolverContact& sc) { return sc.pointCount == 2 && sc.useBlock; }

// Writes lane i back to velocities[index[i]] only where the lane's body moves: StoreVelocities' rule
// (a fixed body may be shared by every contact of a colour, and is never written).
inline void Scatter(const WideVelocity& wide, SolverVelocity* velocities, const int* index, const float* invMass, const float* invInertia) {
    const __m128 zero = _mm_setzero_ps();
    const int moves = _mm_movemask_ps(_mm_or_ps(_mm_cmpneq_ps(_mm_load_ps(invMass), zero), _mm_cmpneq_ps(_mm_load_ps(invInertia), zero)));
    StoreLanes(wide, velocities, index, static_cast<unsigned>(moves));
}

// ApplyRowImpulse for four lanes: λ·d on B and −λ·d on A, with the scalar expression's grouping.
inline void ApplyImpulse(WideVelocity& a, WideVelocity& b, __m128 invMassA, __m128 invInertiaA, __m128 invMassB, __m128 invInertiaB,
                         __m128 dx, __m128 dy, __m128 rdA, __m128 rdB, __m128 lambda) {
    const __m128 pA = _mm_mul_ps(invMassA, lambda);
    a.vx = _mm_sub_ps(a.vx, _mm_mul_ps(pA, dx));
    a.vy = _mm_sub_ps(a.vy, _mm_mul_ps(pA, dy));
    a.w = _mm_sub_ps(a.w, _mm_mul_ps(invInertiaA, _mm_mul_ps(lambda, rdA)));
    const __m128 pB = _mm_mul_ps(invMassB, lambda);
    b.vx = _mm_add_ps(b.vx, _mm_mul_ps(pB, dx));
    b.vy = _mm_add_ps(b.vy, _mm_mul_ps(pB, dy));
    b.w = _mm_add_ps(b.w, _mm_mul_ps(invInertiaB, _mm_mul_ps(lambda, rdB)));
}

// What fills a batch's spare lanes (a colour's last few contacts, padded to a whole batch): a two-point
// block contact between solver body 0 and itself that moves nothing. Its masses are 0, so no pass ever
// writes its bodies (StoreVelocities' rule); its impulses and bias are 0 and K is the identity, so every
// case of the block solve is finite and ends where it started; equal levels keep it out of the shock
// pass. The other lanes never read it: each lane does only its own contact's operations.
const SolverContact& PadContact() {
    static const SolverContact pad = [] {
        SolverContact sc;
        sc.a = sc.b = 0;
        sc.pointCount = 2;
        sc.useBlock = true;
        sc.k11 = sc.k22 = 1.0f;
        sc.inv11 = sc.inv22 = 1.0f;
        return sc;
    }();
    return pad;
}

// Byte offsets in a SolverContact (standard layout) of the fields a batch takes, point p's by its index.
constexpr size_t kPointsAt = offsetof(SolverContact, points);
constexpr size_t PointField(int p, size_t field) { return kPointsAt + p * sizeof(SolverPoint) + field; }

// Four floats of each lane's contact from byte `offset` on, transposed: row f holds float f of the four
// lanes. Moves bits only (unaligned loads, shuffles): the batch gets the contacts' floats exactly.
template <size_t Offset>
inline void LoadRows(const char* const* lanes, __m128 (&rows)[4]) {
    static_assert(Offset + 4 * sizeof(float) <= sizeof(SolverContact), "the four floats lie inside the contact");
    __m128 r0 = _mm_loadu_ps(reinterpret_cast<const float*>(lanes[0] + Offset));
    __m128 r1 = _mm_loadu_ps(reinterpret_cast<const float*>(lanes[1] + Offset));
    __m128 r2 = _mm_loadu_ps(reinterpret_cast<const float*>(lanes[2] + Offset));
    __m128 r3 = _mm_loadu_ps(reinterpret_cast<const float*>(lanes[3] + Offset));
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    rows[0] = r0;
    rows[1] = r1;
    rows[2] = r2;
    rows[3] = r3;
}

// The batch's fields of N contacts, four at a time: runs of four consecutive floats of SolverContact
// are transposed into four of the batch's arrays (field by field, lane by lane, the copy was a third of
// GatherWideContacts). This fills lanes [h, h + 4) from the contacts indices[0..3]; a batch of eight is
// filled as two halves. The asserts pin the runs to SolverContact's layout.
// A lane index of −1 is padding: it loads PadContact().
template <int N>
void LoadWideHalf(detail::WideContactBatchOf<N>& batch, int h, const SolverContact* contacts, const int* indices) {
    const char* lanes[kWideLanes];
    for (int i = 0; i < kWideLanes; ++i) lanes[i] = reinterpret_cast<const char*>(indices[i] >= 0 ? &contacts[indices[i]] : &PadContact());
    constexpr size_t kA = offsetof(SolverContact, a), kNormal = offsetof(SolverContact, normal);
    constexpr size_t kInertiaA = offsetof(SolverContact, invInertiaA);
    constexpr size_t kRnB1 = PointField(0, offsetof(SolverPoint, rnB)), kTangent1 = PointField(0, offsetof(SolverPoint, tangentImpulse));
    constexpr size_t kRnA2 = PointField(1, offsetof(SolverPoint, rnA)), kNormal2 = PointField(1, offsetof(SolverPoint, normalImpulse));
    constexpr size_t kBias2 = PointField(1, offsetof(SolverPoint, velocityBias)), kK22 = offsetof(SolverContact, k22);
    constexpr size_t kF = sizeof(float);
    static_assert(offsetof(SolverContact, b) == kA + kF);
    static_assert(offsetof(SolverContact, friction) == kNormal + 2 * kF && offsetof(SolverContact, invMassA) == kNormal + 3 * kF);
    static_assert(offsetof(SolverContact, invMassB) == kInertiaA + kF && offsetof(SolverContact, invInertiaB) == kInertiaA + 2 * kF &&
                  PointField(0, offsetof(SolverPoint, rnA)) == kInertiaA + 3 * kF);
    static_assert(PointField(0, offsetof(SolverPoint, rtA)) == kRnB1 + kF && PointField(0, offsetof(SolverPoint, rtB)) == kRnB1 + 2 * kF &&
                  PointField(0, offsetof(SolverPoint, normalImpulse)) == kRnB1 + 3 * kF);
    static_assert(PointField(0, offsetof(SolverPoint, velocityBias)) == kTangent1 + 3 * kF);
    static_assert(PointField(1, offsetof(SolverPoint, rnB)) == kRnA2 + kF && PointField(1, offsetof(SolverPoint, rtA)) == kRnA2 + 2 * kF &&
                  PointField(1, offsetof(SolverPoint, rtB)) == kRnA2 + 3 * kF);
    static_assert(PointField(1, offsetof(SolverPoint, tangentImpulse)) == kNormal2 + kF);
    static_assert(offsetof(SolverContact, pairRtA) == kBias2 + kF && offsetof(SolverContact, pairRtB) == kBias2 + 2 * kF &&
                  offsetof(SolverContact, pairTangentMass) == kBias2 + 3 * kF);
    static_assert(offsetof(SolverContact, k11) == kK22 - 2 * kF && offsetof(SolverContact, k12) == kK22 - kF);
    static_assert(offsetof(SolverContact, inv11) == kK22 + kF && offsetof(SolverContact, inv12) == kK22 + 2 * kF &&
                  offsetof(SolverContact, inv22) == kK22 + 3 * kF);
    __m128 rows[4];
    LoadRows<kA>(lanes, rows);  // a, b, pointCount, cold: the body indices' bits
    _mm_store_si128(reinterpret_cast<__m128i*>(batch.a + h), _mm_castps_si128(rows[0]));
    _mm_store_si128(reinterpret_cast<__m128i*>(batch.b + h), _mm_castps_si128(rows[1]));
    LoadRows<kNormal>(lanes, rows);  // normal.x, normal.y, friction, invMassA
    _mm_store_ps(batch.normalX + h, rows[0]);
    _mm_store_ps(batch.normalY + h, rows[1]);
    _mm_store_ps(batch.friction + h, rows[2]);
    _mm_store_ps(batch.invMassA + h, rows[3]);
    LoadRows<kInertiaA>(lanes, rows);  // invInertiaA, invMassB, invInertiaB, point 1's rnA
    _mm_store_ps(batch.invInertiaA + h, rows[0]);
    _mm_store_ps(batch.invMassB + h, rows[1]);
    _mm_store_ps(batch.invInertiaB + h, rows[2]);
    _mm_store_ps(batch.rnA1 + h, rows[3]);
    LoadRows<kRnB1>(lanes, rows);  // point 1: rnB, rtA, rtB, normalImpulse
    _mm_store_ps(batch.rnB1 + h, rows[0]);
    _mm_store_ps(batch.rtA1 + h, rows[1]);
    _mm_store_ps(batch.rtB1 + h, rows[2]);
    _mm_store_ps(batch.normalImpulse1 + h, rows[3]);
    LoadRows<kTangent1>(lanes, rows);  // point 1: tangentImpulse, normalMass, tangentMass, velocityBias
    _mm_store_ps(batch.tangentImpulse1 + h, rows[0]);
    _mm_store_ps(batch.bias1 + h, rows[3]);
    LoadRows<kRnA2>(lanes, rows);  // point 2: rnA, rnB, rtA, rtB
    _mm_store_ps(batch.rnA2 + h, rows[0]);
    _mm_store_ps(batch.rnB2 + h, rows[1]);
    _mm_store_ps(batch.rtA2 + h, rows[2]);
    _mm_store_ps(batch.rtB2 + h, rows[3]);
    LoadRows<kNormal2>(lanes, rows);  // point 2: normalImpulse, tangentImpulse, normalMass, tangentMass
    _mm_store_ps(batch.normalImpulse2 + h, rows[0]);
    _mm_store_ps(batch.tangentImpulse2 + h, rows[1]);
    LoadRows<kBias2>(lanes, rows);  // point 2's velocityBias, pairRtA, pairRtB, pairTangentMass
    _mm_store_ps(batch.bias2 + h, rows[0]);
    _mm_store_ps(batch.pairRtA + h, rows[1]);
    _mm_store_ps(batch.pairRtB + h, rows[2]);
    _mm_store_ps(batch.pairTangentMass + h, rows[3]);
    LoadRows<kK22 - 3 * kF>(lanes, rows);  // useBlock (with its padding), k11, k12, k22
    _mm_store_ps(batch.k11 + h, rows[1]);
    _mm_store_ps(batch.k12 + h, rows[2]);
    _mm_store_ps(batch.k22 + h, rows[3]);
    LoadRows<kK22>(lanes, rows);  // k22 again, inv11, inv12, inv22 (the contact's last floats)
    _mm_store_ps(batch.inv11 + h, rows[1]);
    _mm_store_ps(batch.inv12 + h, rows[2]);
    _mm_store_ps(batch.inv22 + h, rows[3]);
}

// Lanes [0, N) as halves of four.
template <int N>
void LoadWideBatch(detail::WideContactBatchOf<N>& batch, const SolverContact* contacts, const int* indices) {
    for (int i = 0; i < N; ++i) batch.contact[i] = indices[i];
    for (int h = 0; h < N; h += kWideLanes) LoadWideHalf(batch, h, contacts, indices + h);
}

// SolveContact<true> of four two-point block contacts (contact_rows.h), lane by lane the same floats.
void SolveWideBatch(WideContactBatch& batch, SolverVelocity* velocities) {
    const __m128 zero = _mm_setzero_ps();
    const WideVelocity a0 = Gather(velocities, batch.a);
    const WideVelocity b0 = Gather(velocities, batch.b);
    const __m128 invMassA = _mm_load_ps(batch.invMassA), invInertiaA = _mm_load_ps(batch.invInertiaA);
    const __m128 invMassB = _mm_load_ps(batch.invMassB), invInertiaB = _mm_load_ps(batch.invInertiaB);
    const __m128 nx = _mm_load_ps(batch.normalX), ny = _mm_load_ps(batch.normalY);
    const __m128 tx = ny, ty = Negate(nx);  // TangentOf: the normal turned clockwise

    // Friction: the one row at the middle of the two points, bounded by μ·(Pn1 + Pn2).
    const __m128 friction = _mm_load_ps(batch.friction);
    const __m128 t1Old = _mm_load_ps(batch.tangentImpulse1), t2Old = _mm_load_ps(batch.tangentImpulse2);
    const __m128 normalSum = _mm_add_ps(_mm_load_ps(batch.normalImpulse1), _mm_load_ps(batch.normalImpulse2));
    const __m128 tangentSum = _mm_add_ps(t1Old, t2Old);
    const __m128 solvesFriction = _mm_and_ps(_mm_cmpgt_ps(friction, zero),
                                             _mm_or_ps(_mm_cmpneq_ps(normalSum, zero), _mm_cmpneq_ps(tangentSum, zero)));
    WideVelocity a = a0, b = b0;
    {
        const __m128 rtA = _mm_load_ps(batch.pairRtA), rtB = _mm_load_ps(batch.pairRtB);
        const __m128 speed = _mm_sub_ps(_mm_add_ps(DotRelative(a, b, tx, ty), _mm_mul_ps(b.w, rtB)), _mm_mul_ps(a.w, rtA));
        __m128 lambda = _mm_mul_ps(Negate(_mm_load_ps(batch.pairTangentMass)), speed);
        const __m128 maxFriction = _mm_mul_ps(friction, normalSum);
        const __m128 total = ClampLanes(_mm_add_ps(tangentSum, lambda), Negate(maxFriction), maxFriction);
        lambda = _mm_sub_ps(total, tangentSum);
        WideVelocity af = a, bf = b;
        ApplyImpulse(af, bf, invMassA, invInertiaA, invMassB, invInertiaB, tx, ty, rtA, rtB, lambda);
        a = SelectVelocity(solvesFriction, af, a);
        b = SelectVelocity(solvesFriction, bf, b);
        const __m128 half = _mm_mul_ps(_mm_set1_ps(0.5f), total);
        _mm_store_ps(batch.tangentImpulse1, Select(solvesFriction, half, t1Old));
        _mm_store_ps(batch.tangentImpulse2, Select(solvesFriction, half, t2Old));
    }

    // Normal impulses: SolveNormalBlock's four cases, the first valid one taken.
    const __m128 x1Old = _mm_load_ps(batch.normalImpulse1), x2Old = _mm_load_ps(batch.normalImpulse2);
    const __m128 rnA1 = _mm_load_ps(batch.rnA1), rnB1 = _mm_load_ps(batch.rnB1);
    const __m128 rnA2 = _mm_load_ps(batch.rnA2), rnB2 = _mm_load_ps(batch.rnB2);
    const __m128 k11 = _mm_load_ps(batch.k11), k12 = _mm_load_ps(batch.k12), k22 = _mm_load_ps(batch.k22);
    const __m128 dvn = DotRelative(a, b, nx, ny);
    const __m128 vn1 = _mm_sub_ps(_mm_add_ps(dvn, _mm_mul_ps(b.w, rnB1)), _mm_mul_ps(a.w, rnA1));
    const __m128 vn2 = _mm_sub_ps(_mm_add_ps(dvn, _mm_mul_ps(b.w, rnB2)), _mm_mul_ps(a.w, rnA2));
    const __m128 c1 = _mm_sub_ps(_mm_sub_ps(vn1, _mm_load_ps(batch.bias1)), _mm_add_ps(_mm_mul_ps(k11, x1Old), _mm_mul_ps(k12, x2Old)));
    const __m128 c2 = _mm_sub_ps(_mm_sub_ps(vn2, _mm_load_ps(batch.bias2)), _mm_add_ps(_mm_mul_ps(k12, x1Old), _mm_mul_ps(k22, x2Old)));
    const __m128 inv11 = _mm_load_ps(batch.inv11), inv12 = _mm_load_ps(batch.inv12), inv22 = _mm_load_ps(batch.inv22);
    // Case 1: both points push.
    const __m128 both1 = Negate(_mm_add_ps(_mm_mul_ps(inv11, c1), _mm_mul_ps(inv12, c2)));
    const __m128 both2 = Negate(_mm_add_ps(_mm_mul_ps(inv12, c1), _mm_mul_ps(inv22, c2)));
    const __m128 case1 = _mm_and_ps(_mm_cmpge_ps(both1, zero), _mm_cmpge_ps(both2, zero));
    // Case 2: only point 1 pushes, point 2 separates.
    const __m128 only1 = _mm_div_ps(Negate(c1), k11);
    const __m128 case2 = _mm_and_ps(_mm_cmpge_ps(only1, zero), _mm_cmpge_ps(_mm_add_ps(_mm_mul_ps(k12, only1), c2), zero));
    // Case 3: only point 2 pushes.
    const __m128 only2 = _mm_div_ps(Negate(c2), k22);
    const __m128 case3 = _mm_and_ps(_mm_cmpge_ps(only2, zero), _mm_cmpge_ps(_mm_add_ps(_mm_mul_ps(k12, only2), c1), zero));
    // Case 4: neither pushes (both separate); where no case holds the old impulses stay.
    const __m128 case4 = _mm_and_ps(_mm_cmpge_ps(c1, zero), _mm_cmpge_ps(c2, zero));
    const __m128 x1 = Select(case1, both1, Select(case2, only1, zero));
    const __m128 x2 = Select(case1, both2, Select(case2, zero, Select(case3, only2, zero)));
    const __m128 solved = _mm_or_ps(_mm_or_ps(case1, case2), _mm_or_ps(case3, case4));
    const __m128 d1 = _mm_sub_ps(x1, x1Old), d2 = _mm_sub_ps(x2, x2Old);
    const __m128 d = _mm_add_ps(d1, d2);
    WideVelocity an = a, bn = b;
    const __m128 pA = _mm_mul_ps(invMassA, d), pB = _mm_mul_ps(invMassB, d);
    an.vx = _mm_sub_ps(a.vx, _mm_mul_ps(pA, nx));
    an.vy = _mm_sub_ps(a.vy, _mm_mul_ps(pA, ny));
    an.w = _mm_sub_ps(a.w, _mm_mul_ps(invInertiaA, _mm_add_ps(_mm_mul_ps(d1, rnA1), _mm_mul_ps(d2, rnA2))));
    bn.vx = _mm_add_ps(b.vx, _mm_mul_ps(pB, nx));
    bn.vy = _mm_add_ps(b.vy, _mm_mul_ps(pB, ny));
    bn.w = _mm_add_ps(b.w, _mm_mul_ps(invInertiaB, _mm_add_ps(_mm_mul_ps(d1, rnB1), _mm_mul_ps(d2, rnB2))));
    a = SelectVelocity(solved, an, a);
    b = SelectVelocity(solved, bn, b);
    _mm_store_ps(batch.normalImpulse1, Select(solved, x1, x1Old));
    _mm_store_ps(batch.normalImpulse2, Select(solved, x2, x2Old));

    Scatter(a, velocities, batch.a, batch.invMassA, batch.invInertiaA);
    Scatter(b, velocities, batch.b, batch.invMassB, batch.invInertiaB);
}

// WarmStartContact of four two-point contacts (contact_rows.h), lane by lane the same floats: per point
// the normal row, then the tangent row.
void WarmStartWideBatch(const WideContactBatch& batch, SolverVelocity* velocities) {
    WideVelocity a = Gather(velocities, batch.a);
    WideVelocity b = Gather(velocities, batch.b);
    const __m128 invMassA = _mm_load_ps(batch.invMassA), invInertiaA = _mm_load_ps(batch.invInertiaA);
    const __m128 invMassB = _mm_load_ps(batch.invMassB), invInertiaB = _mm_load_ps(batch.invInertiaB);
    const __m128 nx = _mm_load_ps(batch.normalX), ny = _mm_load_ps(batch.normalY);
    const __m128 tx = ny, ty = Negate(nx);  // TangentOf: the normal turned clockwise
    ApplyImpulse(a, b, invMassA, invInertiaA, invMassB, invInertiaB, nx, ny, _mm_load_ps(batch.rnA1), _mm_load_ps(batch.rnB1),
                 _mm_load_ps(batch.normalImpulse1));
    ApplyImpulse(a, b, invMassA, invInertiaA, invMassB, invInertiaB, tx, ty, _mm_load_ps(batch.rtA1), _mm_load_ps(batch.rtB1),
                 _mm_load_ps(batch.tangentImpulse1));
    ApplyImpulse(a, b, invMassA, invInertiaA, invMassB, invInertiaB, nx, ny, _mm_load_ps(batch.rnA2), _mm_load_ps(batch.rnB2),
                 _mm_load_ps(batch.normalImpulse2));
    ApplyImpulse(a, b, invMassA, invInertiaA, invMassB, invInertiaB, tx, ty, _mm_load_ps(batch.rtA2), _mm_load_ps(batch.rtB2),
                 _mm_load_ps(batch.tangentImpulse2));
    Scatter(a, velocities, batch.a, batch.invMassA, batch.invInertiaA);
    Scatter(b, velocities, batch.b, batch.invMassB, batch.invInertiaB);
}

// The batch's impulses back to its contacts, four lanes at a time.
template <int N>
void StoreWideImpulses(const detail::WideContactBatchOf<N>& batch, SolverContact* contacts) {
    // Each point's (normalImpulse, tangentImpulse) is one 8-byte pair of SolverPoint: stored as one.
    static_assert(offsetof(SolverPoint, tangentImpulse) == offsetof(SolverPoint, normalImpulse) + sizeof(float));
    for (int h = 0; h < N; h += kWideLanes) {
        const __m128 n1 = _mm_load_ps(batch.normalImpulse1 + h), t1 = _mm_load_ps(batch.tangentImpulse1 + h);
        const __m128 n2 = _mm_load_ps(batch.normalImpulse2 + h), t2 = _mm_load_ps(batch.tangentImpulse2 + h);
        const __m128 point1Low = _mm_unpacklo_ps(n1, t1), point1High = _mm_unpackhi_ps(n1, t1);  // lanes h, h + 1; h + 2, h + 3
        const __m128 point2Low = _mm_unpacklo_ps(n2, t2), point2High = _mm_unpackhi_ps(n2, t2);
        SolverPoint* lane[kWideLanes];
        SolverPoint padding[2];  // a padded lane's impulses go nowhere
        for (int i = 0; i < kWideLanes; ++i) lane[i] = batch.contact[h + i] >= 0 ? contacts[batch.contact[h + i]].points : padding;
        auto pair = [](SolverPoint& point) { return reinterpret_cast<__m64*>(&point.normalImpulse); };
        _mm_storel_pi(pair(lane[0][0]), point1Low);
        _mm_storel_pi(pair(lane[0][1]), point2Low);
        _mm_storeh_pi(pair(lane[1][0]), point1Low);
        _mm_storeh_pi(pair(lane[1][1]), point2Low);
        _mm_storel_pi(pair(lane[2][0]), point1High);
        _mm_storel_pi(pair(lane[2][1]), point2High);
        _mm_storeh_pi(pair(lane[3][0]), point1High);
        _mm_storeh_pi(pair(lane[3][1]), point2High);
    }
}

#endif  // SENSU_WIDE_CONTACTS

} // namespace

int detail::DefaultWideLanes() {
    static const int lanes = [] {
#if SENSU_WIDE_CONTACTS
        int widest = kWideLanes;
#if SENSU_WIDE8_CONTACTS
        // libgcc's check also asks the OS (XGETBV) whether it saves the 256-bit registers.
        if (__builtin_cpu_supports("avx2")) widest = kWide8Lanes;
#endif
        const char* limit = std::getenv("SENSU_WIDE_LANES");
        if (limit != nullptr && std::atoi(limit) < widest) widest = std::atoi(limit) < kWideLanes ? 1 : kWideLanes;
        return widest;
#else
        return 1;
#endif
    }();
    return lanes;
}

// How many batches of eight (batch8) and of four (batch4) take a colour's `fitting` contacts; the one
// left over, if any, is solved on its own. The last batch of each kind may be padded (PadContact): a
// batch costs about the same with spare lanes, and a colour's last five to seven contacts in a padded
// batch of eight, or two or three in a padded batch of four, cost less than a batch of four and up to
// three contacts one by one (C100 has 993 colours averaging 15 contacts: 9 % of its contacts were left
// over). One contact on its own is cheaper than a batch.
struct WideSplit {
    int batch8 = 0, batch4 = 0;
};
WideSplit SplitWide(int fitting, bool eight) {
    if (!eight) return {0, fitting / kWideLanes + (fitting % kWideLanes >= 2 ? 1 : 0)};
    const int full = fitting / kWide8Lanes, left = fitting % kWide8Lanes;
    if (left >= 5) return {full + 1, 0};
    return {full, left >= 2 ? 1 : 0};
}

// Colours with at least two contacts that fit a batch are split into batches (their contacts in index
// order: eight by eight where the CPU has AVX2, then four; SplitWide) and the rest; every other colour
// stays on the scalar path. Portable builds, wideLanes 1, and steps that do not accumulate impulses leave
// wideColours empty. Two passes over the colours, each in parallel chunks: how many batches and rest
// contacts each colour has, then (after a prefix sum gives every colour its place) the batches and rest
// filled in. Which contacts share a batch changes no float: each lane does the scalar code's operations.
void WorldImpl::GatherWideContacts() {
    wideColours.clear();
    wideRest.clear();
#if SENSU_WIDE_CONTACTS
    if (!settings.accumulateImpulses || wideLanes < kWideLanes) {
        wideBatches.clear();  // ScatterWideImpulses visits every batch
        wideBatches8.clear();
        return;
    }
    const bool eight = SENSU_WIDE8_CONTACTS && wideLanes >= kWide8Lanes;
    constexpr int kMinParallelColours = 8;
    const int colours = static_cast<int>(colourRanges.size());
    wideColours.resize(colourRanges.size());
    ForChunks(pool, colours, kMinParallelColours, [&](int begin, int end) {
        for (int g = begin; g < end; ++g) {
            const ColourRange& colour = colourRanges[g];
            WideColour& wide = wideColours[g];
            wide = {};
            if (!colour.independent || colour.end - colour.begin < 2) continue;
            int fitting = 0;
            for (int k = colour.begin; k < colour.end; ++k) fitting += FitsWideBatch(solverContacts[k]) ? 1 : 0;
            const WideSplit split = SplitWide(fitting, eight);
            if (split.batch8 + split.batch4 == 0) continue;
            wide.wide = true;
            wide.batch8End = split.batch8;  // counts until the prefix sum below
            wide.batchEnd = split.batch4;
            const int batched = Min(fitting, split.batch8 * kWide8Lanes + split.batch4 * kWideLanes);
            wide.restEnd = colour.end - colour.begin - batched;
        }
    });
    int batches8 = 0, batches = 0, rest = 0;
    for (WideColour& wide : wideColours) {
        wide.batch8Begin = batches8;
        wide.batchBegin = batches;
        wide.restBegin = rest;
        batches8 = wide.batch8End += batches8;
        batches = wide.batchEnd += batches;
        rest = wide.restEnd += rest;
    }
    // LoadWideBatch writes every field of every batch: resized without a clear, last step's batches are
    // reused as they are instead of being zeroed first (that zeroing was a third of this function).
    wideBatches8.resize(static_cast<size_t>(batches8));
    wideBatches.resize(static_cast<size_t>(batches));
    wideRest.resize(static_cast<size_t>(rest));
    ForChunks(pool, colours, kMinParallelColours, [&](int begin, int end) {
        for (int g = begin; g < end; ++g) {
            const ColourRange& colour = colourRanges[g];
            const WideColour& wide = wideColours[g];
            if (!wide.wide) continue;
            int batch8 = wide.batch8Begin, batch = wide.batchBegin, restSlot = wide.restBegin;
            int lanes[kWide8Lanes];
            int filled = 0;
            for (int k = colour.begin; k < colour.end; ++k) {
                if (!FitsWideBatch(solverContacts[k])) {
                    wideRest[restSlot++] = k;
                    continue;
                }
                lanes[filled++] = k;
                if (batch8 < wide.batch8End) {  // the batches of eight come first
                    if (filled < kWide8Lanes) continue;
                    LoadWideBatch(wideBatches8[batch8++], solverContacts.data(), lanes);
                } else if (batch < wide.batchEnd) {
                    if (filled < kWideLanes) continue;
                    LoadWideBatch(wideBatches[batch++], solverContacts.data(), lanes);
                } else {
                    wideRest[restSlot++] = k;  // the one SplitWide leaves on its own
                }
                filled = 0;
            }
            // The colour's last batch, padded.
            if (filled > 0) {
                for (int lane = filled; lane < kWide8Lanes; ++lane) lanes[lane] = -1;
                if (batch8 < wide.batch8End) {
                    LoadWideBatch(wideBatches8[batch8++], solverContacts.data(), lanes);
                } else {
                    LoadWideBatch(wideBatches[batch++], solverContacts.data(), lanes);
                }
            }
        }
    });
#endif
}

int WorldImpl::WideItems(int colour) const {
    const WideColour& wide = wideColours[colour];
    return wide.batch8End - wide.batch8Begin + wide.batchEnd - wide.batchBegin + wide.restEnd - wide.restBegin;
}

// Items [begin, end) of one colour: its batches of eight, of four, then its rest. They share no moving
// body, so any split and any order gives the same floats.
void WorldImpl::SolveWideItems(int colour, int begin, int end) {
#if SENSU_WIDE_CONTACTS
    const WideColour& wide = wideColours[colour];
    const int batches8 = wide.batch8End - wide.batch8Begin;
    const int batches = batches8 + wide.batchEnd - wide.batchBegin;
    for (int item = begin; item < end; ++item) {
        if (item < batches8) {
#if SENSU_WIDE8_CONTACTS
            detail::SolveWideBatch8(wideBatches8[wide.batch8Begin + item], solverVelocities.data());
#endif
        } else if (item < batches) {
            SolveWideBatch(wideBatches[wide.batchBegin + item - batches8], solverVelocities.data());
        } else {
            SolverContact& sc = solverContacts[wideRest[wide.restBegin + item - batches]];
            detail::SolveContact<true>(sc, solverVelocities[sc.a], solverVelocities[sc.b]);
        }
    }
#else
    (void)colour;
    (void)begin;
    (void)end;
#endif
}

// The warm start of items [begin, end) of one colour (SolveWideItems' items).
void WorldImpl::WarmStartWideItems(int colour, int begin, int end) {
#if SENSU_WIDE_CONTACTS
    const WideColour& wide = wideColours[colour];
    const int batches8 = wide.batch8End - wide.batch8Begin;
    const int batches = batches8 + wide.batchEnd - wide.batchBegin;
    for (int item = begin; item < end; ++item) {
        if (item < batches8) {
#if SENSU_WIDE8_CONTACTS
            detail::WarmStartWideBatch8(wideBatches8[wide.batch8Begin + item], solverVelocities.data());
#endif
        } else if (item < batches) {
            WarmStartWideBatch(wideBatches[wide.batchBegin + item - batches8], solverVelocities.data());
        } else {
            const SolverContact& sc = solverContacts[wideRest[wide.restBegin + item - batches]];
            detail::WarmStartContact(sc, solverVelocities[sc.a], solverVelocities[sc.b]);
        }
    }
#else
    (void)colour;
    (void)begin;
    (void)end;
#endif
}

void WorldImpl::ScatterWideImpulses() {
#if SENSU_WIDE_CONTACTS
    constexpr int kMinParallelBatches = 64;
    const int batches8 = static_cast<int>(wideBatches8.size());
    ForChunks(pool, batches8 + static_cast<int>(wideBatches.size()), kMinParallelBatches, [&](int begin, int end) {
        for (int b = begin; b < end; ++b) {  // each batch its own contacts
            if (b < batches8) {
                StoreWideImpulses(wideBatches8[b], solverContacts.data());
            } else {
                StoreWideImpulses(wideBatches[b - batches8], solverContacts.data());
            }
        }
    });
#endif
}

// Rare (only when a chain was solved) and small beside the shock pass: lane by lane.
void WorldImpl::ReloadWideImpulses() {
#if SENSU_WIDE_CONTACTS
    auto reload = [&](auto& batch, int lanes) {
        for (int i = 0; i < lanes; ++i) {
            if (batch.contact[i] < 0) continue;  // padding
            const SolverContact& sc = solverContacts[batch.contact[i]];
            batch.normalImpulse1[i] = sc.points[0].normalImpulse;
            batch.normalImpulse2[i] = sc.points[1].normalImpulse;
            batch.tangentImpulse1[i] = sc.points[0].tangentImpulse;
            batch.tangentImpulse2[i] = sc.points[1].tangentImpulse;
        }
    };
    for (detail::WideContactBatch8& batch : wideBatches8) reload(batch, kWide8Lanes);
    for (WideContactBatch& batch : wideBatches) reload(batch, kWideLanes);
#endif
}

} // namespace sensu
