// The position pass eight contacts at a time in AVX2: SolvePositionContact (position_wide.h) on
// 256-bit registers, operation for operation (no contraction, correctly rounded sqrt and division, the
// scalar comparisons' NaN rules), so every lane ends with the scalar pass's floats bit for bit. The eight
// rows are consecutive contacts of one colour: they share no body the solver moves, so each lane's
// bodies are read once, updated point by point in registers, and written back once. A body is written
// only where the scalar code would write it (a fixed body, which the colour's contacts may share, never
// is). Called only where DefaultWideLanes() is 8 (position_solver.cpp chooses).
#include "position_wide.h"

#if SENSU_WIDE8_CONTACTS
#include <immintrin.h>

#include <cstddef>

#include "wide8_lanes.h"

namespace sensu::detail {

namespace {

constexpr int kRowFloats = sizeof(PositionRow) / sizeof(float);
constexpr int kBodyFloats = sizeof(SolverBody) / sizeof(float);
static_assert(sizeof(PositionRow) % sizeof(float) == 0 && sizeof(SolverBody) % sizeof(float) == 0);

// Field `offset` (bytes) of eight structs `stride` floats apart, starting at `base`.
SENSU_AVX2 inline __m256 GatherField(const void* base, size_t offset, __m256i index) {
    return _mm256_i32gather_ps(reinterpret_cast<const float*>(static_cast<const char*>(base) + offset), index, 4);
}
SENSU_AVX2 inline __m256i GatherIntField(const void* base, size_t offset, __m256i index) {
    return _mm256_i32gather_epi32(reinterpret_cast<const int*>(static_cast<const char*>(base) + offset), index, 4);
}

// One lane's body as the pass updates it.
struct WideBody8 {
    __m256 invMass, invInertia, cx, cy, angle, qc, qs;
    __m256i level;
};

SENSU_AVX2 inline WideBody8 GatherBodies(const SolverBody* bodies, __m256i index) {
    const __m256i at = _mm256_mullo_epi32(index, _mm256_set1_epi32(kBodyFloats));
    return {GatherField(bodies, offsetof(SolverBody, invMass), at),    GatherField(bodies, offsetof(SolverBody, invInertia), at),
            GatherField(bodies, offsetof(SolverBody, center), at),     GatherField(bodies, offsetof(SolverBody, center) + 4, at),
            GatherField(bodies, offsetof(SolverBody, angle), at),      GatherField(bodies, offsetof(SolverBody, q), at),
            GatherField(bodies, offsetof(SolverBody, q) + 4, at),      GatherIntField(bodies, offsetof(SolverBody, level), at)};
}

// Rotate(q, v) lane by lane: (c·x − s·y, s·x + c·y).
SENSU_AVX2 inline void RotateLanes(__m256 c, __m256 s, __m256 x, __m256 y, __m256& outX, __m256& outY) {
    outX = _mm256_sub_ps(_mm256_mul_ps(c, x), _mm256_mul_ps(s, y));
    outY = _mm256_add_ps(_mm256_mul_ps(s, x), _mm256_mul_ps(c, y));
}

// Turn (position_solver.cpp): NormalizeRot({c − a·s, s + a·c}); lengths below 1e-30 give the identity.
SENSU_AVX2 inline void TurnLanes(__m256& qc, __m256& qs, __m256 angle) {
    const __m256 c = _mm256_sub_ps(qc, _mm256_mul_ps(angle, qs));
    const __m256 s = _mm256_add_ps(qs, _mm256_mul_ps(angle, qc));
    const __m256 len = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(c, c), _mm256_mul_ps(s, s)));
    const __m256 tiny = Less(len, _mm256_set1_ps(1e-30f));
    qc = Select(tiny, _mm256_set1_ps(1.0f), _mm256_div_ps(c, len));
    qs = Select(tiny, _mm256_setzero_ps(), _mm256_div_ps(s, len));
}

// Cross(r, d) = r.x·d.y − r.y·d.x.
SENSU_AVX2 inline __m256 CrossLanes(__m256 rx, __m256 ry, __m256 dx, __m256 dy) {
    return _mm256_sub_ps(_mm256_mul_ps(rx, dy), _mm256_mul_ps(ry, dx));
}

// Writes lanes of `wide` to the bodies: the centre where centre[i], the angle and rotation where turn[i].
SENSU_AVX2 inline void ScatterBodies(const WideBody8& wide, SolverBody* bodies, const int* index, int centreLanes, int turnLanes) {
    alignas(32) float cx[8], cy[8], angle[8], qc[8], qs[8];
    _mm256_store_ps(cx, wide.cx);
    _mm256_store_ps(cy, wide.cy);
    _mm256_store_ps(angle, wide.angle);
    _mm256_store_ps(qc, wide.qc);
    _mm256_store_ps(qs, wide.qs);
    for (int i = 0; i < 8; ++i) {
        SolverBody& body = bodies[index[i]];
        if ((centreLanes >> i) & 1) body.center = {cx[i], cy[i]};
        if ((turnLanes >> i) & 1) {
            body.angle = angle[i];
            body.q = {qc[i], qs[i]};
        }
    }
}

} // namespace

SENSU_AVX2 float SolvePositionBatch8(const PositionRow* rows, int count, SolverBody* bodies, const PositionPassSettings& settings) {
    const __m256 zero = _mm256_setzero_ps();
    // Lanes from `count` on repeat row 0 (readable memory) and are left out like contacts without mass.
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i used = _mm256_cmpgt_epi32(_mm256_set1_epi32(count), lanes);
    const __m256i rowAt = _mm256_and_si256(used, _mm256_mullo_epi32(lanes, _mm256_set1_epi32(kRowFloats)));
    const __m256i indexA = GatherIntField(rows, offsetof(PositionRow, a), rowAt);
    const __m256i indexB = GatherIntField(rows, offsetof(PositionRow, b), rowAt);
    const __m256i pointCount = GatherIntField(rows, offsetof(PositionRow, pointCount), rowAt);
    WideBody8 a = GatherBodies(bodies, indexA);
    WideBody8 b = GatherBodies(bodies, indexB);

    // SolvePositionContact's held side: the lower-level body of a floor-like contact is held (mass and inertia 0 here).
    __m256 holdA = zero, holdB = zero;
    if (settings.shockPropagation && settings.shockHolds) {
        const __m256 upward = GatherField(rows, offsetof(PositionRow, upward), rowAt);
        const __m256 supportY = _mm256_set1_ps(settings.supportNormalY);
        const __m256 levelsDiffer = _mm256_castsi256_ps(_mm256_xor_si256(_mm256_cmpeq_epi32(a.level, b.level), _mm256_set1_epi32(-1)));
        const __m256 aLower = _mm256_castsi256_ps(_mm256_cmpgt_epi32(b.level, a.level));
        holdA = _mm256_and_ps(_mm256_and_ps(levelsDiffer, aLower), GreaterEqual(upward, supportY));
        holdB = _mm256_and_ps(_mm256_andnot_ps(aLower, levelsDiffer), GreaterEqual(Negate(upward), supportY));
    }
    const __m256 mA = Select(holdA, zero, a.invMass), iA = Select(holdA, zero, a.invInertia);
    const __m256 mB = Select(holdB, zero, b.invMass), iB = Select(holdB, zero, b.invInertia);
    // if (mA + mB == 0) the contact is skipped, its separation not counted.
    const __m256 active = _mm256_and_ps(_mm256_castsi256_ps(used), NotEqual(_mm256_add_ps(mA, mB), zero));
    const __m256 writesCentreA = NotEqual(mA, zero), writesCentreB = NotEqual(mB, zero);

    const __m256 nLocalX = GatherField(rows, offsetof(PositionRow, localNormal), rowAt);
    const __m256 nLocalY = GatherField(rows, offsetof(PositionRow, localNormal) + 4, rowAt);
    const __m256 baumgarte = _mm256_set1_ps(settings.baumgarte), slop = _mm256_set1_ps(settings.linearSlop);
    const __m256 lowest = _mm256_set1_ps(-settings.maxCorrection);
    __m256 minSeparation = zero;
    __m256 centreA = zero, centreB = zero, turnA = zero, turnB = zero;  // lanes written
    for (int p = 0; p < 2; ++p) {
        const __m256 inContact = _mm256_and_ps(active, _mm256_castsi256_ps(_mm256_cmpgt_epi32(pointCount, _mm256_set1_epi32(p))));
        if (_mm256_movemask_ps(inContact) == 0) break;
        __m256 nx, ny, rotAx, rotAy, rotBx, rotBy;
        RotateLanes(a.qc, a.qs, nLocalX, nLocalY, nx, ny);
        RotateLanes(a.qc, a.qs, GatherField(rows, offsetof(PositionRow, localAnchorA) + 8 * p, rowAt),
                    GatherField(rows, offsetof(PositionRow, localAnchorA) + 8 * p + 4, rowAt), rotAx, rotAy);
        RotateLanes(b.qc, b.qs, GatherField(rows, offsetof(PositionRow, localAnchorB) + 8 * p, rowAt),
                    GatherField(rows, offsetof(PositionRow, localAnchorB) + 8 * p + 4, rowAt), rotBx, rotBy);
        const __m256 pAx = _mm256_add_ps(a.cx, rotAx), pAy = _mm256_add_ps(a.cy, rotAy);
        const __m256 pBx = _mm256_add_ps(b.cx, rotBx), pBy = _mm256_add_ps(b.cy, rotBy);
        const __m256 separation = _mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(pBx, pAx), nx), _mm256_mul_ps(_mm256_sub_ps(pBy, pAy), ny));
        minSeparation = Select(inContact, Select(Less(minSeparation, separation), minSeparation, separation), minSeparation);
        const __m256 C = ClampLanes(_mm256_mul_ps(baumgarte, _mm256_add_ps(separation, slop)), lowest, zero);
        // if (C >= 0) continue: the lanes that go on are those where C >= 0 is false (NaN included).
        const __m256 corrects = _mm256_andnot_ps(GreaterEqual(C, zero), inContact);
        if (_mm256_movemask_ps(corrects) == 0) continue;
        const __m256 rAx = _mm256_sub_ps(pBx, a.cx), rAy = _mm256_sub_ps(pBy, a.cy);
        const __m256 rBx = _mm256_sub_ps(pBx, b.cx), rBy = _mm256_sub_ps(pBy, b.cy);
        const __m256 rnA = CrossLanes(rAx, rAy, nx, ny), rnB = CrossLanes(rBx, rBy, nx, ny);
        // EffectiveMass: k = mA + mB + iA·rnA·rnA + iB·rnB·rnB, 1/k where k > 0.
        const __m256 k = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(mA, mB), _mm256_mul_ps(_mm256_mul_ps(iA, rnA), rnA)),
                                       _mm256_mul_ps(_mm256_mul_ps(iB, rnB), rnB));
        const __m256 mass = Select(Greater(k, zero), _mm256_div_ps(_mm256_set1_ps(1.0f), k), zero);
        const __m256 impulse = _mm256_mul_ps(Negate(C), mass);
        const __m256 Px = _mm256_mul_ps(impulse, nx), Py = _mm256_mul_ps(impulse, ny);
        const __m256 moveA = _mm256_and_ps(corrects, writesCentreA), moveB = _mm256_and_ps(corrects, writesCentreB);
        a.cx = Select(moveA, _mm256_sub_ps(a.cx, _mm256_mul_ps(mA, Px)), a.cx);
        a.cy = Select(moveA, _mm256_sub_ps(a.cy, _mm256_mul_ps(mA, Py)), a.cy);
        b.cx = Select(moveB, _mm256_add_ps(b.cx, _mm256_mul_ps(mB, Px)), b.cx);
        b.cy = Select(moveB, _mm256_add_ps(b.cy, _mm256_mul_ps(mB, Py)), b.cy);
        centreA = _mm256_or_ps(centreA, moveA);
        centreB = _mm256_or_ps(centreB, moveB);
        const __m256 da = _mm256_mul_ps(Negate(iA), CrossLanes(rAx, rAy, Px, Py));
        const __m256 db = _mm256_mul_ps(iB, CrossLanes(rBx, rBy, Px, Py));
        const __m256 spinA = _mm256_and_ps(corrects, NotEqual(da, zero)), spinB = _mm256_and_ps(corrects, NotEqual(db, zero));
        __m256 qcA = a.qc, qsA = a.qs, qcB = b.qc, qsB = b.qs;
        TurnLanes(qcA, qsA, da);
        TurnLanes(qcB, qsB, db);
        a.angle = Select(spinA, _mm256_add_ps(a.angle, da), a.angle);
        a.qc = Select(spinA, qcA, a.qc);
        a.qs = Select(spinA, qsA, a.qs);
        b.angle = Select(spinB, _mm256_add_ps(b.angle, db), b.angle);
        b.qc = Select(spinB, qcB, b.qc);
        b.qs = Select(spinB, qsB, b.qs);
        turnA = _mm256_or_ps(turnA, spinA);
        turnB = _mm256_or_ps(turnB, spinB);
    }
    alignas(32) int ia[8], ib[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(ia), indexA);
    _mm256_store_si256(reinterpret_cast<__m256i*>(ib), indexB);
    // A fixed body is never written: only lanes whose body moves (the colour shares no moving body).
    const __m256 movesA = _mm256_or_ps(NotEqual(a.invMass, zero), NotEqual(a.invInertia, zero));
    const __m256 movesB = _mm256_or_ps(NotEqual(b.invMass, zero), NotEqual(b.invInertia, zero));
    // (centreA and turnA hold active lanes only: a repeated row is never written twice.)
    ScatterBodies(a, bodies, ia, _mm256_movemask_ps(_mm256_and_ps(centreA, movesA)), _mm256_movemask_ps(_mm256_and_ps(turnA, movesA)));
    ScatterBodies(b, bodies, ib, _mm256_movemask_ps(_mm256_and_ps(centreB, movesB)), _mm256_movemask_ps(_mm256_and_ps(turnB, movesB)));
    // The scalar pass's running minimum over the lanes in order (Min(m, s) = m < s ? m : s).
    alignas(32) float lane[8];
    _mm256_store_ps(lane, minSeparation);
    float smallest = 0.0f;
    for (int i = 0; i < 8; ++i) smallest = smallest < lane[i] ? smallest : lane[i];
    return smallest;
}

} // namespace sensu::detail

#endif  // SENSU_WIDE8_CONTACTS
