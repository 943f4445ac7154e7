#pragma once
// Row helpers shared by the velocity passes (contact_solver.cpp), shock propagation
// (shock_propagation.cpp) and the position pass (position_solver.cpp). All inline: the passes call
// them per contact row in their innermost loops, where they were inlined when they were one file's.
#include <cmath>

#include <limits>

#include "sensu/math/vec2.h"
#include "world_internal.h"

namespace sensu::detail {

// m·|v|² + I·ω² of a solver body (its inverse mass and inertia: 0 for a part that does not move), J.
inline float TwiceKineticEnergy(const SolverVelocity& v, const SolverBody& body) {
    return (body.invMass > 0.0f ? LengthSquared(v.v) / body.invMass : 0.0f) + (body.invInertia > 0.0f ? v.w * v.w / body.invInertia : 0.0f);
}

// Tangent direction of a contact: the normal turned clockwise (friction acts along it).
inline Vec2 TangentOf(Vec2 n) { return RightPerp(n); }

// Effective mass of a row with arm cross products rdA = rA×d, rdB = rB×d:
// 1 / (1/Ma + 1/Mb + (rA×d)²/Ia + (rB×d)²/Ib). Seed 004 eq. (2.31), with the denominator corrected as
// noted in docs/seeds.md (each body's own arm).
inline float EffectiveMass(float mA, float iA, float mB, float iB, float rdA, float rdB) {
    const float k = mA + mB + iA * rdA * rdA + iB * rdB * rdB;
    return k > 0.0f ? 1.0f / k : 0.0f;
}

// Fewer contacts than this are prepared on the calling thread, where a fork-join would cost more than
// the work.
inline constexpr int kMinParallelContacts = 64;

// Velocity of B relative to A at a contact point along d: (vB − vA)·d + ωB (rB×d) − ωA (rA×d).
inline float RelativeSpeed(const SolverVelocity& a, const SolverVelocity& b, Vec2 d, float rdA, float rdB) {
    return Dot(b.v - a.v, d) + b.w * rdB - a.w * rdA;
}

// Writes a contact's updated velocities back, except to bodies the contact cannot move (fixed, or held
// by shock propagation): contacts of one colour may share those while solved in parallel, and a
// write of the unchanged value would still be a data race.
inline void StoreVelocities(const SolverContact& sc, const SolverVelocity& a, const SolverVelocity& b, SolverVelocity& aOut,
                            SolverVelocity& bOut) {
    if (MovesA(sc)) aOut = a;
    if (MovesB(sc)) bOut = b;
}

// Impulse λ·d on B and −λ·d on A at a point with arm cross products rdA, rdB. Angular impulses keep their
// sign: the 2D cross product rA×(λd) = λ (rA×d), not its magnitude (seed 004 trap, eq. 2.21).
inline void ApplyRowImpulse(const SolverContact& sc, SolverVelocity& a, SolverVelocity& b, Vec2 d, float rdA, float rdB, float lambda) {
    a.v -= (sc.invMassA * lambda) * d;
    a.w -= sc.invInertiaA * (lambda * rdA);
    b.v += (sc.invMassB * lambda) * d;
    b.w += sc.invInertiaB * (lambda * rdB);
}

// Warm start of one contact: last step's accumulated impulses applied again, point by point, the
// normal row then the tangent row.
inline void WarmStartContact(const SolverContact& sc, SolverVelocity& aOut, SolverVelocity& bOut) {
    SolverVelocity a = aOut;
    SolverVelocity b = bOut;
    const Vec2 t = TangentOf(sc.normal);
    for (int p = 0; p < sc.pointCount; ++p) {
        const SolverPoint& sp = sc.points[p];
        ApplyRowImpulse(sc, a, b, sc.normal, sp.rnA, sp.rnB, sp.normalImpulse);
        ApplyRowImpulse(sc, a, b, t, sp.rtA, sp.rtB, sp.tangentImpulse);
    }
    StoreVelocities(sc, a, b, aOut, bOut);
}

// Effective masses of every row of a contact, and the 2×2 block matrix when both points of a flat
// contact can be solved together.
inline void PrepareMasses(SolverContact& sc, bool accumulate) {
    // Both points of a flat contact in one 2×2 solve: sequential single-point updates would turn a
    // perfectly aligned box on landing (the first point always takes the larger share).
    sc.useBlock = false;
    if (sc.pointCount == 2 && accumulate) {
        const float rnA1 = sc.points[0].rnA, rnB1 = sc.points[0].rnB;
        const float rnA2 = sc.points[1].rnA, rnB2 = sc.points[1].rnB;
        const float m = sc.invMassA + sc.invMassB;
        sc.k11 = m + sc.invInertiaA * rnA1 * rnA1 + sc.invInertiaB * rnB1 * rnB1;
        sc.k22 = m + sc.invInertiaA * rnA2 * rnA2 + sc.invInertiaB * rnB2 * rnB2;
        sc.k12 = m + sc.invInertiaA * rnA1 * rnA2 + sc.invInertiaB * rnB1 * rnB2;
        const float det = sc.k11 * sc.k22 - sc.k12 * sc.k12;
        if (det >= std::numeric_limits<float>::min()) {
            if (sc.k11 * sc.k11 < 1000.0f * det) {  // well conditioned
                const float inv = 1.0f / det;
                sc.useBlock = true;
                sc.inv11 = sc.k22 * inv;
                sc.inv22 = sc.k11 * inv;
                sc.inv12 = -sc.k12 * inv;
            }
        } else if (sc.k11 > 0.0f) {
            // K of a very heavy body (1e19 kg: entries near 1e-20) has a determinant below float's normal
            // range, whose reciprocal overflowed to inf (fuzz finding world-spinning-heavy-box-nan).
            // The same test and inverse on K / k11, whose entries are near 1.
            const float s = 1.0f / sc.k11;
            const float b = sc.k12 * s, d = sc.k22 * s;
            const float detScaled = d - b * b;  // det / k11²
            if (1.0f < 1000.0f * detScaled) {
                const float inv = s / detScaled;
                sc.useBlock = true;
                sc.inv11 = d * inv;
                sc.inv22 = inv;
                sc.inv12 = -b * inv;
            }
        }
    }
    // Single-row masses only where SolveContact uses them: normal rows outside the block solve, and a
    // tangent row per point only for one-point contacts.
    for (int p = 0; p < sc.pointCount; ++p) {
        SolverPoint& sp = sc.points[p];
        if (!sc.useBlock) sp.normalMass = EffectiveMass(sc.invMassA, sc.invInertiaA, sc.invMassB, sc.invInertiaB, sp.rnA, sp.rnB);
        if (sc.pointCount == 1) sp.tangentMass = EffectiveMass(sc.invMassA, sc.invInertiaA, sc.invMassB, sc.invInertiaB, sp.rtA, sp.rtB);
    }
    // Friction of two points: one row at their middle (see SolveContact). Cross products are linear in
    // the arm, so the middle's are the means.
    if (sc.pointCount == 2) {
        sc.pairRtA = 0.5f * (sc.points[0].rtA + sc.points[1].rtA);
        sc.pairRtB = 0.5f * (sc.points[0].rtB + sc.points[1].rtB);
        sc.pairTangentMass = EffectiveMass(sc.invMassA, sc.invInertiaA, sc.invMassB, sc.invInertiaB, sc.pairRtA, sc.pairRtB);
    }
}

// Accumulated normal impulses x = (x1, x2) ≥ 0 of a two-point contact with velocities vn = K·x + c ≥ 0
// and x_i·vn_i = 0 (a 2×2 linear complementarity problem), solved by trying the four cases in turn:
// both points pushing, only the first, only the second, none.
inline void SolveNormalBlock(SolverContact& sc, SolverVelocity& a, SolverVelocity& b) {
    SolverPoint& p1 = sc.points[0];
    SolverPoint& p2 = sc.points[1];
    const Vec2 n = sc.normal;
    const float x1Old = p1.normalImpulse;
    const float x2Old = p2.normalImpulse;
    const Vec2 dv = b.v - a.v;
    const float dvn = Dot(dv, n);
    const float vn1 = dvn + b.w * p1.rnB - a.w * p1.rnA;
    const float vn2 = dvn + b.w * p2.rnB - a.w * p2.rnA;
    // c = vn − bias − K·x_old: the velocities if both accumulated impulses were zero.
    const float c1 = vn1 - p1.velocityBias - (sc.k11 * x1Old + sc.k12 * x2Old);
    const float c2 = vn2 - p2.velocityBias - (sc.k12 * x1Old + sc.k22 * x2Old);
    // Case 1: both active, x = −K⁻¹ c.
    float x1 = -(sc.inv11 * c1 + sc.inv12 * c2);
    float x2 = -(sc.inv12 * c1 + sc.inv22 * c2);
    if (!(x1 >= 0.0f && x2 >= 0.0f)) {
        // Case 2: only point 1 pushes; point 2 must then separate (vn2 ≥ 0).
        x1 = -c1 / sc.k11;
        x2 = 0.0f;
        if (!(x1 >= 0.0f && sc.k12 * x1 + c2 >= 0.0f)) {
            // Case 3: only point 2 pushes.
            x1 = 0.0f;
            x2 = -c2 / sc.k22;
            if (!(x2 >= 0.0f && sc.k12 * x2 + c1 >= 0.0f)) {
                // Case 4: neither pushes; valid when both separate. Otherwise keep the old impulses.
                x1 = 0.0f;
                x2 = 0.0f;
                if (!(c1 >= 0.0f && c2 >= 0.0f)) return;
            }
        }
    }
    // Both increments at once: they act along the same normal.
    const float d1 = x1 - x1Old;
    const float d2 = x2 - x2Old;
    const float d = d1 + d2;
    a.v -= (sc.invMassA * d) * n;
    a.w -= sc.invInertiaA * (d1 * p1.rnA + d2 * p2.rnA);
    b.v += (sc.invMassB * d) * n;
    b.w += sc.invInertiaB * (d1 * p1.rnB + d2 * p2.rnB);
    p1.normalImpulse = x1;
    p2.normalImpulse = x2;
}

// One friction row along t at arms with cross products rtA, rtB, bounded by μ·normalImpulse (Coulomb).
// Returns the new accumulated impulse.
template <bool Accumulate>
inline float SolveFrictionRow(const SolverContact& sc, SolverVelocity& a, SolverVelocity& b, Vec2 t, float rtA, float rtB, float mass,
                              float normalImpulse, float accumulated) {
    float lambda = -mass * RelativeSpeed(a, b, t, rtA, rtB);
    const float maxFriction = sc.friction * normalImpulse;
    if constexpr (Accumulate) {
        const float total = Clamp(accumulated + lambda, -maxFriction, maxFriction);
        lambda = total - accumulated;
        accumulated = total;
    } else {
        lambda = Clamp(lambda, -maxFriction, maxFriction);
    }
    ApplyRowImpulse(sc, a, b, t, rtA, rtB, lambda);
    return accumulated;
}

// One sequential-impulse pass over one contact: friction first (bounded by the current normal impulse),
// then the normal rows. The two velocities are copied into locals for the duration of the contact:
// through references they could alias the contact's own floats and would be reloaded after every store.
template <bool Accumulate>
inline void SolveContact(SolverContact& sc, SolverVelocity& aOut, SolverVelocity& bOut) {
    SolverVelocity a = aOut;
    SolverVelocity b = bOut;
    const Vec2 n = sc.normal;
    const Vec2 t = TangentOf(n);
    // No normal impulse means a zero friction bound: the row would clamp to exactly nothing.
    if (sc.friction > 0.0f && sc.pointCount == 2) {
        // The tangent rows of two points along the tangent line are one and the same row (ω×d ⊥ t when
        // d ∥ t): solved one after the other, the first point takes all the friction and the second row
        // is wasted work. One row at the middle, bounded by μ·(Pn1 + Pn2), is that constraint (patch
        // friction); its accumulated impulse is kept half on each point for warm starting.
        SolverPoint& p1 = sc.points[0];
        SolverPoint& p2 = sc.points[1];
        const float normalImpulse = p1.normalImpulse + p2.normalImpulse;
        const float tangentImpulse = p1.tangentImpulse + p2.tangentImpulse;
        if (normalImpulse != 0.0f || (tangentImpulse != 0.0f && Accumulate)) {
            const float total =
                SolveFrictionRow<Accumulate>(sc, a, b, t, sc.pairRtA, sc.pairRtB, sc.pairTangentMass, normalImpulse, tangentImpulse);
            p1.tangentImpulse = p2.tangentImpulse = 0.5f * total;
        }
    } else if (sc.friction > 0.0f) {
        for (int p = 0; p < sc.pointCount; ++p) {
            SolverPoint& sp = sc.points[p];
            if (sp.normalImpulse == 0.0f && (sp.tangentImpulse == 0.0f || !Accumulate)) continue;
            sp.tangentImpulse = SolveFrictionRow<Accumulate>(sc, a, b, t, sp.rtA, sp.rtB, sp.tangentMass, sp.normalImpulse, sp.tangentImpulse);
        }
    }
    if (sc.useBlock) {
        SolveNormalBlock(sc, a, b);
    } else {
        for (int p = 0; p < sc.pointCount; ++p) {
            SolverPoint& sp = sc.points[p];
            const float vn = RelativeSpeed(a, b, n, sp.rnA, sp.rnB);
            float lambda = -sp.normalMass * (vn - sp.velocityBias);
            if constexpr (Accumulate) {
                // box2d-lite: clamp the accumulated impulse, Pn = max(Pn0 + dPn, 0).
                const float total = Max(sp.normalImpulse + lambda, 0.0f);
                lambda = total - sp.normalImpulse;
                sp.normalImpulse = total;
            } else {
                lambda = Max(lambda, 0.0f);
                sp.normalImpulse = lambda;
            }
            ApplyRowImpulse(sc, a, b, n, sp.rnA, sp.rnB, lambda);
        }
    }
    StoreVelocities(sc, a, b, aOut, bOut);
}

inline void SolveContact(SolverContact& sc, SolverVelocity& a, SolverVelocity& b, bool accumulate) {
    if (accumulate) {
        SolveContact<true>(sc, a, b);
    } else {
        SolveContact<false>(sc, a, b);
    }
}

} // namespace sensu::detail
