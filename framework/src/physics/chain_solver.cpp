// Exact solve of support chains (issue 15, symptom 5: piles that tip like physics).
//
// A column of boxes is a chain: each box has one support under it and at most one box on it. Eight
// Gauss–Seidel passes carry a push at the top of a tall column down to the ground only in part, and
// shock propagation (shock_propagation.cpp) then drops the part not yet handed down, since it holds the
// lower body of each contact fixed: a 10-box column pushed at the top held up to twice the force that
// tips it. Here the contacts of a chain are solved together, exactly, with reactions on both bodies
// (momentum is kept): with K = J M⁻¹ Jᵀ block tridiagonal — link i shares a body only with links i − 1
// and i + 1 — the impulses that make every row of the chain reach its target velocity come from one
// block Thomas sweep. Rows are those of SolveStickingPair (shock_propagation.cpp): the normal at each
// point and friction at the middle of the two (for points along the tangent the arm r×t is the same at
// either point). Unilateral normals by active sets: a point whose total impulse would pull is released
// (its impulse set to zero) and the chain solved again; a released point that would then sink is taken
// back. The result stands only if every point pushes, every released point separates and every link's
// friction is inside its Coulomb cone (the links stick); otherwise the chain is left to the shock pass.
// Below its tipping force a pushed column so stays exactly at rest; above it the bottom link keeps its
// far point only and the column turns about it, as it should (chain_solver_test.cpp: 3, 6 and 10 boxes
// hold at 0.95× and fall at 1.05×, rest states on and off). Like the shock pass it may only take kinetic
// energy out; impacts are left to the passes (kImpactSpeed); and the chain's other contacts get one more
// pass afterwards.
// Pyramids have no chains (their boxes rest on two): their results are unchanged.
#include <algorithm>
#include <cmath>

#include "contact_rows.h"
#include "contact_wide.h"
#include "world_internal.h"

#if SENSU_WIDE_CONTACTS
#include <emmintrin.h>
#endif

namespace sensu {

using detail::kNull;
using detail::RelativeSpeed;
using detail::SolverBody;
using detail::SolverContact;
using detail::SolverVelocity;
using detail::TangentOf;
using detail::TwiceKineticEnergy;

namespace {

constexpr int kRows = 3;  // normal at point 1, normal at point 2, friction
constexpr int kStride = 4;  // floats per link in the right-hand sides and corrections (a Quad)
constexpr float kSinkTolerance = 1e-4f;  // m/s a released point may approach its target by and stay released
// m/s: a link approaching faster is an impact (FindChains). Measured on the fidelity bench's 4,000 scenes:
// 0.25 gives the violations and energy rises of the passes without chains, 1.0 one more of each.
constexpr float kImpactSpeed = 0.25f;
using Block = detail::ChainBlock;

Block Zero() { return {}; }

// Four floats: a block row, or a link's three right-hand sides or corrections, and a fourth lane that
// no result reads. Each operation is the scalar one lane by lane, in one SSE2 instruction, or in a
// loop with SENSU_PORTABLE: the same IEEE operations in the same order either way (contact_wide.h), so
// the chain's floats are those of the loops over rows and columns they stand for.
#if SENSU_WIDE_CONTACTS
struct Quad {
    __m128 v;
};
Quad Load(const float* p) { return {_mm_loadu_ps(p)}; }
void Store(float* p, Quad q) { _mm_storeu_ps(p, q.v); }
Quad Set(float x, float y, float z) { return {_mm_setr_ps(x, y, z, 0.0f)}; }
Quad Splat(float x) { return {_mm_set1_ps(x)}; }
template <int L>
Quad Lane(Quad q) {
    return {_mm_shuffle_ps(q.v, q.v, _MM_SHUFFLE(L, L, L, L))};
}
Quad operator+(Quad a, Quad b) { return {_mm_add_ps(a.v, b.v)}; }
Quad operator-(Quad a, Quad b) { return {_mm_sub_ps(a.v, b.v)}; }
Quad operator*(Quad a, Quad b) { return {_mm_mul_ps(a.v, b.v)}; }
template <int L>
float Get(Quad q) {
    return _mm_cvtss_f32(Lane<L>(q).v);
}
// (x1, x2, x0) and (x2, x0, x1), lane 3 kept.
Quad RotateDown(Quad x) { return {_mm_shuffle_ps(x.v, x.v, _MM_SHUFFLE(3, 0, 2, 1))}; }
Quad RotateUp(Quad x) { return {_mm_shuffle_ps(x.v, x.v, _MM_SHUFFLE(3, 1, 0, 2))}; }
// Rows x0, x1, x2 become columns (lane 3 of each: 0).
void Transpose(Quad& x0, Quad& x1, Quad& x2) {
    __m128 x3 = _mm_setzero_ps();
    _MM_TRANSPOSE4_PS(x0.v, x1.v, x2.v, x3);
}
#else
struct Quad {
    float v[4];
};
Quad Load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
void Store(float* p, Quad q) { std::copy(q.v, q.v + 4, p); }
Quad Set(float x, float y, float z) { return {{x, y, z, 0.0f}}; }
Quad Splat(float x) { return {{x, x, x, x}}; }
template <int L>
Quad Lane(Quad q) {
    return Splat(q.v[L]);
}
template <typename Op>
Quad Lanes(Quad a, Quad b, Op op) {
    Quad r;
    for (int i = 0; i < 4; ++i) r.v[i] = op(a.v[i], b.v[i]);
    return r;
}
Quad operator+(Quad a, Quad b) { return Lanes(a, b, [](float x, float y) { return x + y; }); }
Quad operator-(Quad a, Quad b) { return Lanes(a, b, [](float x, float y) { return x - y; }); }
Quad operator*(Quad a, Quad b) { return Lanes(a, b, [](float x, float y) { return x * y; }); }
template <int L>
float Get(Quad q) {
    return q.v[L];
}
Quad RotateDown(Quad x) { return {{x.v[1], x.v[2], x.v[0], x.v[3]}}; }
Quad RotateUp(Quad x) { return {{x.v[2], x.v[0], x.v[1], x.v[3]}}; }
void Transpose(Quad& x0, Quad& x1, Quad& x2) {
    const Quad r0 = x0, r1 = x1, r2 = x2;
    x0 = Set(r0.v[0], r1.v[0], r2.v[0]);
    x1 = Set(r0.v[1], r1.v[1], r2.v[1]);
    x2 = Set(r0.v[2], r1.v[2], r2.v[2]);
}
#endif
Quad BlockRow(const Block& b, int r) { return Load(b.m[r]); }

// Σ_k a_k[L]·x_k, summed from 0 in the order k = 0, 1, 2: row L of A·X for A's columns a_k, X's rows x_k.
template <int L>
Quad Combine(Quad a0, Quad a1, Quad a2, Quad x0, Quad x1, Quad x2) {
    return ((Splat(0.0f) + Lane<L>(a0) * x0) + Lane<L>(a1) * x1) + Lane<L>(a2) * x2;
}

// Σ_k x_k·w[k], summed from 0 in the order k = 0, 1, 2: the rows x_k weighted by w's lanes.
Quad Weigh(Quad w, Quad x0, Quad x1, Quad x2) { return ((Splat(0.0f) + x0 * Lane<0>(w)) + x1 * Lane<1>(w)) + x2 * Lane<2>(w); }

// x × y in lanes 0..2: (x1 y2 − x2 y1, x2 y0 − x0 y2, x0 y1 − x1 y0).
Quad Cross(Quad x, Quad y) { return RotateDown(x) * RotateUp(y) - RotateUp(x) * RotateDown(y); }

// Inverse of the 3×3 block with rows k0, k1, k2, stored transposed (row j holds column j: the back
// substitution combines columns); false when the block is singular relative to its diagonal. Its
// columns are the cofactors k1 × k2, k2 × k0, k0 × k1 over the determinant k0 · (k1 × k2): each entry the
// difference of two products as the adjugate's formula has it.
bool InvertTransposed(Quad k0, Quad k1, Quad k2, Block& invT) {
    const Quad c0 = Cross(k1, k2), c1 = Cross(k2, k0), c2 = Cross(k0, k1);
    const Quad terms = k0 * c0;
    const float det = (Get<0>(terms) + Get<1>(terms)) + Get<2>(terms);
    const float scale = std::fabs(Get<0>(k0) * Get<1>(k1) * Get<2>(k2));
    if (!(std::fabs(det) > 1e-6f * scale) || !std::isfinite(det)) return false;
    const Quad s = Splat(1.0f / det);
    Store(invT.m[0], c0 * s);
    Store(invT.m[1], c1 * s);
    Store(invT.m[2], c2 * s);
    return true;
}

using Row = detail::ChainRow;

Row RowOf(const SolverContact& sc, int r) {
    if (r < 2) return {sc.normal, sc.points[r].rnA, sc.points[r].rnB};
    const Vec2 t = TangentOf(sc.normal);
    if (sc.pointCount == 2) return {t, sc.pairRtA, sc.pairRtB};
    return {t, sc.points[0].rtA, sc.points[0].rtB};
}

// J M⁻¹ Jᵀ entry of two rows through one body with inverse mass m and inertia i, arms as given.
float Through(Vec2 d1, float arm1, Vec2 d2, float arm2, float m, float i) { return m * Dot(d1, d2) + i * arm1 * arm2; }

} // namespace

// Finds the chains: a chain starts at a moving body whose only support is a fixed body and goes up
// while the body on top is the only one its support carries and has no other support. Supports are
// floor-like contacts (SolverSettings::supportNormalY against gravity), as for the position pass.
void WorldImpl::FindChains() {
    ChainScratch& s = chainScratch;
    s.links.clear();
    s.chainStart.assign(1, 0);
    if (shockUp == Vec2{}) return;
    constexpr int kSeveral = -2;
    const int nb = static_cast<int>(solverBodies.size());
    s.below.assign(static_cast<size_t>(nb), kNull);
    s.above.assign(static_cast<size_t>(nb), kNull);
    auto note = [&](int& slot, int k) { slot = slot == kNull ? k : kSeveral; };
    for (int k = 0; k < static_cast<int>(solverContacts.size()); ++k) {
        const SolverContact& sc = solverContacts[k];
        const float upward = Dot(sc.normal, shockUp);  // > 0: B is on top of A
        int top = kNull, bottom = kNull;
        if (upward >= settings.supportNormalY) {
            top = sc.b;
            bottom = sc.a;
        } else if (-upward >= settings.supportNormalY) {
            top = sc.a;
            bottom = sc.b;
        } else {
            continue;
        }
        const SolverBody& t = solverBodies[top];
        const SolverBody& b = solverBodies[bottom];
        if (detail::Moves(t.invMass, t.invInertia)) note(s.below[top], k);
        if (detail::Moves(b.invMass, b.invInertia)) note(s.above[bottom], k);
    }
    // A body held by a joint is in no chain: the chain's solve would move it without the joint's rows.
    for (const detail::JointRow& row : jointRows)
        for (const int body : {row.a, row.b})
            if (body >= 0) s.below[body] = s.above[body] = kSeveral;
    auto topOf = [&](int k) {
        const SolverContact& sc = solverContacts[k];
        return Dot(sc.normal, shockUp) > 0.0f ? sc.b : sc.a;
    };
    // One-point links count too: a column that starts to tip keeps only the point at its pivot (with
    // two-point links only, the chain broke there and the shock pass held a 6-box column leaning at 1.1×).
    // Resting links only: a point that approached faster than kImpactSpeed before this step's forces is
    // an impact, which the passes and the shock pass take as before. An exact rigid solve of an impact,
    // warm-started the step after, when the bodies have moved on, gave the energy back: a collapsing
    // pile gained 12 % (fidelity scene destroy 3565).
    auto usable = [&](int k) {
        const SolverContact& sc = solverContacts[k];
        if (!(sc.friction > 0.0f && sc.pointCount > 0)) return false;
        const detail::PrestepBody& a = prestepBodies[sc.a];
        const detail::PrestepBody& b = prestepBodies[sc.b];
        const SolverVelocity va{a.v.v - a.forceDelta.v, a.v.w - a.forceDelta.w};
        const SolverVelocity vb{b.v.v - b.forceDelta.v, b.v.w - b.forceDelta.w};
        for (int p = 0; p < sc.pointCount; ++p)
            if (RelativeSpeed(va, vb, sc.normal, sc.points[p].rnA, sc.points[p].rnB) < -kImpactSpeed) return false;
        return true;
    };
    for (int body = 0; body < nb; ++body) {
        const int first = s.below[body];
        if (first < 0) continue;
        const SolverContact& sc = solverContacts[first];
        const int base = sc.a == body ? sc.b : sc.a;
        // The cheap test first: most single supports are boxes on boxes (usable has no side effects).
        if (detail::Moves(solverBodies[base].invMass, solverBodies[base].invInertia) || !usable(first)) continue;
        const size_t begin = s.links.size();
        s.links.push_back(first);
        for (int top = body; s.above[top] >= 0;) {
            const int next = s.above[top];
            const int upper = topOf(next);
            if (s.below[upper] != next || !usable(next)) break;
            s.links.push_back(next);
            top = upper;
        }
        if (s.links.size() - begin < 2) {
            s.links.resize(begin);  // a single box on the ground: the shock pass solves it exactly already
            continue;
        }
        s.chainStart.push_back(static_cast<int>(s.links.size()));
    }
}

// The normal velocity of point r of link i once the corrections s.delta are applied (only links i − 1,
// i and i + 1 share a body with it).
float WorldImpl::NormalSpeedAfter(const int* link, int n, int i, int r) const {
    const ChainScratch& s = chainScratch;
    const SolverContact& sc = solverContacts[link[i]];
    const Row& rr = s.rows[static_cast<size_t>(i) * kRows + r];
    float after = RelativeSpeed(solverVelocities[sc.a], solverVelocities[sc.b], rr.d, rr.armA, rr.armB);
    for (int j = i - 1; j <= i + 1; ++j) {
        if (j < 0 || j >= n) continue;
        const SolverContact& other = solverContacts[link[j]];
        for (int q = 0; q < kRows; ++q) {
            const float dq = s.delta[static_cast<size_t>(j) * kStride + q];
            if (dq == 0.0f) continue;
            const Row& rq = s.rows[static_cast<size_t>(j) * kRows + q];
            // Through each body the two rows share, with each row's sign for that body (−1 on A).
            for (const int body : {other.a, other.b}) {
                if (body != sc.a && body != sc.b) continue;
                const float signHere = body == sc.b ? 1.0f : -1.0f, signThere = body == other.b ? 1.0f : -1.0f;
                const float armHere = body == sc.b ? rr.armB : rr.armA, armThere = body == other.b ? rq.armB : rq.armA;
                after += signHere * signThere * dq *
                         Through(rr.d, armHere, rq.d, armThere, solverBodies[body].invMass, solverBodies[body].invInertia);
            }
        }
    }
    return after;
}

// Solves chain c (links chainScratch.links[chainStart[c] .. chainStart[c + 1])); returns whether it
// changed the velocities. Leaves the chain as the passes did when no active set within a few rounds gives pushing points and sticking links, and when the
// result would add kinetic energy. (Skipping chains the passes had left within 1e-5 m/s of their
// targets saved a third of the cost on columns but gave the fidelity bench two bodies held by rest
// states that move without: the exact impulses are what the next step warm-starts from.)
bool WorldImpl::SolveChain(int c) {
    ChainScratch& s = chainScratch;
    const int first = s.chainStart[c];
    const int n = s.chainStart[c + 1] - first;
    const int* link = s.links.data() + first;
    const size_t rowCount = static_cast<size_t>(n) * kRows;
    s.diagonal0.resize(static_cast<size_t>(n));
    s.upper0.resize(static_cast<size_t>(n));
    s.inverse.resize(static_cast<size_t>(n));
    s.rhs0.resize(static_cast<size_t>(n) * kStride);
    s.rhs.resize(static_cast<size_t>(n) * kStride);
    s.delta.resize(static_cast<size_t>(n) * kStride);
    s.totals.resize(static_cast<size_t>(n) * kStride);
    s.rows.resize(rowCount);
    s.tops.resize(static_cast<size_t>(n));
    s.released.assign(rowCount, 0);
    Row* const rows = s.rows.data();
    int* const tops = s.tops.data();
    float* const rhs = s.rhs.data();
    float* const delta = s.delta.data();
    float* const totals = s.totals.data();
    Block* const inverseT = s.inverse.data();
    uint8_t* const released = s.released.data();
    SolverContact* const contacts = solverContacts.data();
    SolverVelocity* const velocities = solverVelocities.data();
    const SolverBody* const bodies = solverBodies.data();
    // Each link's rows, once (RowOf), its upper body (the body it shares with link i + 1) and its
    // accumulated impulses by row (friction: both points').
    int releasedRows = 0;
    for (int i = 0; i < n; ++i) {
        const SolverContact& sc = contacts[link[i]];
        for (int r = 0; r < kRows; ++r) rows[i * kRows + r] = RowOf(sc, r);
        float* total = totals + i * kStride;
        total[0] = sc.points[0].normalImpulse;
        total[1] = sc.points[1].normalImpulse;
        total[2] = sc.points[0].tangentImpulse + (sc.pointCount == 2 ? sc.points[1].tangentImpulse : 0.0f);
        total[3] = 0.0f;
        tops[i] = Dot(sc.normal, shockUp) > 0.0f ? sc.b : sc.a;
        if (sc.pointCount == 1) {
            released[i * kRows + 1] = 1;  // no second point
            ++releasedRows;
        }
    }
    // The energy guard below, asked first where it can be answered without the solve (chain_energy.cpp).
    if (chainEnergyAhead && releasedRows == 0 && ChainGainsEnergy(link, n)) {
        ++chainsLeftAhead;
        return false;
    }
    // K's blocks and the right-hand side bias − J v for the corrections of the accumulated impulses, built
    // once; a round with released rows starts from copies. Entry (r, q) is Through(row r, row q) summed
    // over the bodies, a block row at a time: rows 0 and 1 share the normal, and Dot(d1, d2) = Dot(d2, d1)
    // exactly, so each product is formed once.
    for (int i = 0; i < n; ++i) {
        const SolverContact& sc = contacts[link[i]];
        const Row* ri = rows + i * kRows;
        const Vec2 normal = ri[0].d, tangent = ri[2].d;  // rows 0 and 1: the normal; row 2: the tangent
        const float nn = Dot(normal, normal), nt = Dot(normal, tangent), tt = Dot(tangent, tangent);
        const Quad dotsN = Set(nn, nn, nt), dotsT = Set(nt, nt, tt);
        const Quad armsA = Set(ri[0].armA, ri[1].armA, ri[2].armA), armsB = Set(ri[0].armB, ri[1].armB, ri[2].armB);
        const Quad massA = Splat(sc.invMassA), massB = Splat(sc.invMassB);
        const float inertiaA = sc.invInertiaA, inertiaB = sc.invInertiaB;
        Block& k = s.diagonal0[i];
        Store(k.m[0], (massA * dotsN + Splat(inertiaA * ri[0].armA) * armsA) + (massB * dotsN + Splat(inertiaB * ri[0].armB) * armsB));
        Store(k.m[1], (massA * dotsN + Splat(inertiaA * ri[1].armA) * armsA) + (massB * dotsN + Splat(inertiaB * ri[1].armB) * armsB));
        Store(k.m[2], (massA * dotsT + Splat(inertiaA * ri[2].armA) * armsA) + (massB * dotsT + Splat(inertiaB * ri[2].armB) * armsB));
        const SolverVelocity va = velocities[sc.a], vb = velocities[sc.b];
        float* b0 = s.rhs0.data() + i * kStride;
        b0[0] = sc.points[0].velocityBias - RelativeSpeed(va, vb, normal, ri[0].armA, ri[0].armB);
        b0[1] = sc.points[1].velocityBias - RelativeSpeed(va, vb, normal, ri[1].armA, ri[1].armB);
        b0[2] = 0.0f - RelativeSpeed(va, vb, tangent, ri[2].armA, ri[2].armB);
        b0[3] = 0.0f;
        if (i + 1 == n) {
            s.upper0[i] = Zero();
            continue;
        }
        const SolverContact& next = contacts[link[i + 1]];
        const Row* rn = ri + kRows;
        const Vec2 normalNext = rn[0].d, tangentNext = rn[2].d;
        const int shared = tops[i];
        const float m = bodies[shared].invMass, inertia = bodies[shared].invInertia;
        const bool hereB = shared == sc.b, nextB = shared == next.b;
        const Quad sign = Splat((hereB ? 1.0f : -1.0f) * (nextB ? 1.0f : -1.0f)), mass = Splat(m);
        const Quad armsNext = nextB ? Set(rn[0].armB, rn[1].armB, rn[2].armB) : Set(rn[0].armA, rn[1].armA, rn[2].armA);
        const float nn1 = Dot(normal, normalNext), nt1 = Dot(normal, tangentNext);
        const Quad acrossN = Set(nn1, nn1, nt1);
        const float tn1 = Dot(tangent, normalNext), tt1 = Dot(tangent, tangentNext);
        const Quad acrossT = Set(tn1, tn1, tt1);
        Block& u = s.upper0[i];
        Store(u.m[0], sign * (mass * acrossN + Splat(inertia * (hereB ? ri[0].armB : ri[0].armA)) * armsNext));
        Store(u.m[1], sign * (mass * acrossN + Splat(inertia * (hereB ? ri[1].armB : ri[1].armA)) * armsNext));
        Store(u.m[2], sign * (mass * acrossT + Splat(inertia * (hereB ? ri[2].armB : ri[2].armA)) * armsNext));
    }
    const int rounds = 4 * n + 8;
    for (int round = 0; round < rounds; ++round) {
        const Block* diagonal = s.diagonal0.data();
        const Block* upper = s.upper0.data();
        const float* rhsIn = s.rhs0.data();
        if (releasedRows > 0) {
            s.diagonal = s.diagonal0;
            s.upper = s.upper0;
            std::copy(s.rhs0.begin(), s.rhs0.end(), s.rhs.begin());
            // Released rows: the correction is fixed at −(accumulated), which moves to the right-hand side.
            for (int i = 0; i < n; ++i)
                for (int r = 0; r < kRows; ++r) {
                    if (!released[i * kRows + r]) continue;
                    const float fixed = -totals[i * kStride + r];
                    for (int q = 0; q < kRows; ++q) {
                        rhs[i * kStride + q] -= s.diagonal[i].m[q][r] * fixed;
                        if (i > 0) rhs[(i - 1) * kStride + q] -= s.upper[i - 1].m[q][r] * fixed;
                        if (i + 1 < n) rhs[(i + 1) * kStride + q] -= s.upper[i].m[r][q] * fixed;
                    }
                    for (int q = 0; q < kRows; ++q) {
                        s.diagonal[i].m[q][r] = s.diagonal[i].m[r][q] = 0.0f;
                        if (i > 0) s.upper[i - 1].m[q][r] = 0.0f;
                        if (i + 1 < n) s.upper[i].m[r][q] = 0.0f;
                    }
                    s.diagonal[i].m[r][r] = 1.0f;
                    rhs[i * kStride + r] = fixed;
                }
            diagonal = s.diagonal.data();
            upper = s.upper.data();
            rhsIn = rhs;
        }
        // Block Thomas: D_i = K_ii − K_{i,i−1} D_{i−1}⁻¹ K_{i−1,i}, forward then back substitution. With
        // U = K_{i−1,i} (rows u_k) and K_{i,i−1} = Uᵀ, L = Uᵀ D_{i−1}⁻¹ is formed by columns (column j:
        // Σ_k u_k·D⁻¹[k][j]), which give L·U a row at a time and the right-hand side's update a column at
        // a time; every entry is summed in the order of the plain loops over k.
        for (int i = 0; i < n; ++i) {
            Quad y = Load(rhsIn + i * kStride);
            Quad d0 = BlockRow(diagonal[i], 0), d1 = BlockRow(diagonal[i], 1), d2 = BlockRow(diagonal[i], 2);
            if (i > 0) {
                const Block& u = upper[i - 1];
                const Block& invT = inverseT[i - 1];
                const Quad u0 = BlockRow(u, 0), u1 = BlockRow(u, 1), u2 = BlockRow(u, 2);
                const Quad l0 = Weigh(BlockRow(invT, 0), u0, u1, u2), l1 = Weigh(BlockRow(invT, 1), u0, u1, u2),
                           l2 = Weigh(BlockRow(invT, 2), u0, u1, u2);
                d0 = d0 - Combine<0>(l0, l1, l2, u0, u1, u2);
                d1 = d1 - Combine<1>(l0, l1, l2, u0, u1, u2);
                d2 = d2 - Combine<2>(l0, l1, l2, u0, u1, u2);
                const Quad before = Load(rhs + (i - 1) * kStride);
                y = ((y - l0 * Lane<0>(before)) - l1 * Lane<1>(before)) - l2 * Lane<2>(before);
            }
            Store(rhs + i * kStride, y);
            if (!InvertTransposed(d0, d1, d2, inverseT[i])) return false;
        }
        for (int i = n - 1; i >= 0; --i) {
            Quad y = Load(rhs + i * kStride);
            if (i + 1 < n) {
                // y_r −= U[r][k]·x_k for k = 0, 1, 2 in turn: the products a row at a time, subtracted a
                // column at a time.
                const Quad x = Load(delta + (i + 1) * kStride);
                Quad p0 = BlockRow(upper[i], 0) * x, p1 = BlockRow(upper[i], 1) * x, p2 = BlockRow(upper[i], 2) * x;
                Transpose(p0, p1, p2);
                y = ((y - p0) - p1) - p2;
            }
            const Block& invT = inverseT[i];
            Store(delta + i * kStride, Weigh(y, BlockRow(invT, 0), BlockRow(invT, 1), BlockRow(invT, 2)));
        }
        // Active-set check, one row per round (releasing every pulling point at once let the column go
        // limp and cycle): release the point that pulls most; else take back the released point that
        // would sink most. The same scan asks whether every link sticks (its friction inside the Coulomb
        // cone), which decides once no row changes.
        const size_t none = rowCount;
        size_t release = none, takeBack = none;
        float pull = 0.0f, sink = -kSinkTolerance;
        bool sticks = true;
        for (int i = 0; i < n; ++i) {
            const SolverContact& sc = contacts[link[i]];
            const Quad sum = Load(totals + i * kStride) + Load(delta + i * kStride);  // each row's total after
            if (sticks) {
                const float pushes = Get<0>(sum) + (sc.pointCount == 2 ? Get<1>(sum) : 0.0f);
                sticks = std::fabs(Get<2>(sum)) <= sc.friction * pushes;
            }
            for (int r = 0; r < sc.pointCount; ++r) {
                const size_t row = static_cast<size_t>(i) * kRows + r;
                if (!released[row]) {
                    const float pushes = r == 0 ? Get<0>(sum) : Get<1>(sum);
                    if (pushes < pull) {
                        release = row;
                        pull = pushes;
                    }
                } else if (release == none) {
                    const float sinks = NormalSpeedAfter(link, n, i, r) - sc.points[r].velocityBias;
                    if (sinks < sink) {
                        takeBack = row;
                        sink = sinks;
                    }
                }
            }
        }
        if (release != none) {
            released[release] = 1;
            ++releasedRows;
            continue;
        }
        if (takeBack != none) {
            released[takeBack] = 0;
            --releasedRows;
            continue;
        }
        if (!sticks) return false;
        // Apply the corrections; undo them if the chain's kinetic energy rose: like the shock pass, this
        // pass may only take energy out (a released point gives back the push the passes had put there,
        // and the speculative targets let bodies approach). Link i moves its lower body (link i − 1's
        // upper, whose energy before was summed already) and its upper body (summed just before), so
        // the sums are over the same velocities, in the same order, as in separate loops.
        float before = 0.0f, after = 0.0f;
        s.saved.resize(static_cast<size_t>(n));
        SolverVelocity* const saved = s.saved.data();
        for (int i = 0; i < n; ++i) {
            const int top = tops[i];
            saved[i] = velocities[top];
            before += TwiceKineticEnergy(saved[i], bodies[top]);
            const SolverContact& sc = contacts[link[i]];
            const float massA = sc.invMassA, inertiaA = sc.invInertiaA, massB = sc.invMassB, inertiaB = sc.invInertiaB;
            SolverVelocity a = velocities[sc.a], b = velocities[sc.b];
            for (int r = 0; r < kRows; ++r) {
                const float d = delta[i * kStride + r];
                const Row& rr = rows[i * kRows + r];
                a.v -= (massA * d) * rr.d;
                a.w -= inertiaA * (d * rr.armA);
                b.v += (massB * d) * rr.d;
                b.w += inertiaB * (d * rr.armB);
            }
            velocities[sc.a] = a;
            velocities[sc.b] = b;
            if (i > 0) after += TwiceKineticEnergy(velocities[tops[i - 1]], bodies[tops[i - 1]]);
        }
        after += TwiceKineticEnergy(velocities[tops[n - 1]], bodies[tops[n - 1]]);
        if (after > before) {
            for (int i = 0; i < n; ++i) velocities[tops[i]] = saved[i];
            return false;
        }
        // Store the totals for warm starting.
        for (int i = 0; i < n; ++i) {
            const Quad sum = Load(totals + i * kStride) + Load(delta + i * kStride);
            SolverContact& sc = contacts[link[i]];
            sc.points[0].normalImpulse = Max(Get<0>(sum), 0.0f);
            if (sc.pointCount == 2) {
                sc.points[1].normalImpulse = Max(Get<1>(sum), 0.0f);
                sc.points[0].tangentImpulse = sc.points[1].tangentImpulse = 0.5f * Get<2>(sum);
            } else {
                sc.points[0].tangentImpulse = Get<2>(sum);
            }
        }
        return true;
    }
    return false;
}

bool WorldImpl::SolveChains() {
    FindChains();
    ChainScratch& s = chainScratch;
    const int chains = static_cast<int>(s.chainStart.size()) - 1;
    if (chains <= 0) return false;
    // Chains share no body: each is solved on its own (serially, so every thread count gives the same
    // floats).
    bool changed = false;
    for (int c = 0; c < chains; ++c) changed = SolveChain(c) || changed;
    if (!changed) return false;
    // The chains' bodies moved without their other contacts (a neighbour's side, a pusher): one more
    // pass over those, or what a chain handed sideways would sink into them and the position pass push
    // it out again, adding energy (a pile of the fidelity bench gained 2.4 % in two steps).
    s.inChain.assign(solverBodies.size(), 0);
    s.isLink.assign(solverContacts.size(), 0);
    for (const int k : s.links) {
        s.inChain[solverContacts[k].a] = 1;
        s.inChain[solverContacts[k].b] = 1;
        s.isLink[k] = 1;
    }
    const bool accumulate = settings.accumulateImpulses;
    for (int k = 0; k < static_cast<int>(solverContacts.size()); ++k) {
        detail::SolverContact& sc = solverContacts[k];
        if (!(s.inChain[sc.a] && detail::Moves(solverBodies[sc.a].invMass, solverBodies[sc.a].invInertia)) &&
            !(s.inChain[sc.b] && detail::Moves(solverBodies[sc.b].invMass, solverBodies[sc.b].invInertia)))
            continue;
        if (s.isLink[k]) continue;
        detail::SolveContact(sc, solverVelocities[sc.a], solverVelocities[sc.b], accumulate);
    }
    return true;
}

} // namespace sensu
