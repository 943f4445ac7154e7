// The chain solver's energy guard, decided before the solve when it can be (chain_solver.cpp).
//
// A chain whose links all keep both points and stick has as many rows as its moving bodies have
// degrees of freedom (three per link, three per upper body), and the rows' matrix J is block
// lower-bidiagonal: link i reaches only its lower body (link i − 1's upper, or the fixed base) and its
// upper body. So the velocities the exact solve ends with are fixed by the rows' targets alone, whatever
// the passes left: J v = b, solved from the base up, one upper body per link. Per link that is two
// unknowns along the normal and the turn, from the two normal rows (the same direction, arms a0 ≠ a1),
// and the slide along the tangent from the friction row: a dozen operations instead of the block
// Thomas solve, K's blocks and the active-set scan (about 600 instructions a link).
// The exact solve is undone when it would raise the chain's kinetic energy (chain_solver.cpp), and on a
// column at rest that is the common case: on A50x20 at rest 84 % of the solves were undone, the
// speculative targets letting every box approach its support at gap / dt, a little faster than the
// passes had left it. Those solves are now skipped when the kinetic energy of the velocities that J v = b
// gives already exceeds that of the chain's bodies after the passes, and the impulses that give them push
// at every point (else the solve would release a point and end elsewhere: on Rain, 130 solves). The
// guard's question is the same; asked of J v = b directly, its answer differs from the solve's own only
// where the two energies, or a point's impulse and zero, are within the solve's round-off of each other
// (the solve's own check still follows a prediction that the energy does not rise).
#include <cmath>

#include "contact_rows.h"
#include "world_internal.h"

namespace sensu {

using detail::SolverContact;
using detail::SolverVelocity;

namespace {

// Longer chains are left to the solve. Its own energy check carries the round-off of the block Thomas
// sweep, which grows with the chain's length (K's condition), while this one is nearly exact: on columns
// of 60, 70 and 80 boxes (DropStackGrid(6, n), 500 steps) the two parted and the states differed; up to
// 50 they agreed in every scene measured (and on the stacking bench's scenes but A125x80).
constexpr int kMaxPredictedLinks = 32;

} // namespace

bool WorldImpl::ChainGainsEnergy(const int* link, int n) {
    if (n > kMaxPredictedLinks) return false;
    ChainScratch& s = chainScratch;
    s.saved.resize(static_cast<size_t>(n));  // the solve writes it only after this has been decided
    SolverVelocity* const ends = s.saved.data();
    float before = 0.0f, after = 0.0f;
    SolverVelocity lower{};
    for (int i = 0; i < n; ++i) {
        const SolverContact& sc = solverContacts[link[i]];
        const int top = s.tops[i];
        const bool upperIsB = top == sc.b;
        if (i == 0) lower = solverVelocities[upperIsB ? sc.a : sc.b];
        const detail::ChainRow* rows = s.rows.data() + static_cast<size_t>(i) * 3;
        // Row r reads d·(v_B − v_A) + ω_B armB − ω_A armA = target. With the upper body's unknowns on the
        // left: d·v_up + ω_up arm_up = ±target + d·v_low + ω_low arm_low (+ when the upper body is B).
        const float sign = upperIsB ? 1.0f : -1.0f;
        float rhs[3], arm[3];
        for (int r = 0; r < 3; ++r) {
            const detail::ChainRow& row = rows[r];
            const float target = r < 2 ? sc.points[r].velocityBias : 0.0f;
            const float armLower = upperIsB ? row.armA : row.armB;
            arm[r] = upperIsB ? row.armB : row.armA;
            rhs[r] = sign * target + (Dot(lower.v, row.d) + lower.w * armLower);
        }
        // Rows 0 and 1 share the normal: their difference is the turn alone. Points too close along the
        // tangent to tell the turn: no prediction, the solve decides.
        const float spread = arm[0] - arm[1];
        if (!(std::fabs(spread) > 1e-3f * (std::fabs(arm[0]) + std::fabs(arm[1])))) return false;
        SolverVelocity& upper = ends[i];
        upper.w = (rhs[0] - rhs[1]) / spread;
        const float alongNormal = rhs[0] - arm[0] * upper.w, alongTangent = rhs[2] - arm[2] * upper.w;
        upper.v = alongNormal * rows[0].d + alongTangent * rows[2].d;  // the normal and tangent: orthonormal
        const detail::SolverBody& body = solverBodies[top];
        before += detail::TwiceKineticEnergy(solverVelocities[top], body);
        after += detail::TwiceKineticEnergy(upper, body);
        lower = upper;
    }
    if (!(after > before)) return false;
    // The guard applies to the solve's last round; its first ends here only if no point of it pulls
    // (else it releases that point and solves again, to other velocities). The impulses that take each
    // upper body to its end velocity, from the top down: the top body has only its link's, each body
    // below its own link's and the known one of the link above. Per link, the normal and tangent parts
    // of the momentum change give the sum of the two normal impulses and the friction impulse, the turn
    // the split between the two points.
    SolverVelocity fromAbove{};  // velocity change the link above gives this body
    for (int i = n - 1; i >= 0; --i) {
        const SolverContact& sc = solverContacts[link[i]];
        const int top = s.tops[i];
        const bool upperIsB = top == sc.b;
        const detail::SolverBody& body = solverBodies[top];
        if (!(body.invMass > 0.0f && body.invInertia > 0.0f)) return false;
        const detail::ChainRow* rows = s.rows.data() + static_cast<size_t>(i) * 3;
        const float sign = upperIsB ? 1.0f : -1.0f;
        const Vec2 dv = (ends[i].v - solverVelocities[top].v) - fromAbove.v;
        const float dw = (ends[i].w - solverVelocities[top].w) - fromAbove.w;
        const float a0 = upperIsB ? rows[0].armB : rows[0].armA, a1 = upperIsB ? rows[1].armB : rows[1].armA;
        const float a2 = upperIsB ? rows[2].armB : rows[2].armA;
        const float normalSum = sign * Dot(dv, rows[0].d) / body.invMass, friction = sign * Dot(dv, rows[2].d) / body.invMass;
        const float moment = sign * dw / body.invInertia - friction * a2;  // δ0 a0 + δ1 a1
        const float second = (moment - normalSum * a0) / (a1 - a0), first = normalSum - second;
        const float* total = s.totals.data() + static_cast<size_t>(i) * 4;
        if (total[0] + first < 0.0f || total[1] + second < 0.0f) return false;
        if (i == 0) break;
        // The same impulses on the lower body, the other way.
        const int below = upperIsB ? sc.a : sc.b;
        const detail::SolverBody& lowerBody = solverBodies[below];
        const float b0 = upperIsB ? rows[0].armA : rows[0].armB, b1 = upperIsB ? rows[1].armA : rows[1].armB;
        const float b2 = upperIsB ? rows[2].armA : rows[2].armB;
        fromAbove.v = (-sign * lowerBody.invMass) * ((first + second) * rows[0].d + friction * rows[2].d);
        fromAbove.w = (-sign * lowerBody.invInertia) * (first * b0 + second * b1 + friction * b2);
    }
    return true;
}

} // namespace sensu
