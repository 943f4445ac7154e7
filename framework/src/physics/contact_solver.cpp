// Sequential impulses with accumulated impulses and warm starting (box2d-lite is the model), Coulomb
// friction (one row per point, or one row at the middle of a two-point contact), restitution above a
// velocity threshold, speculative contacts, bottom-up ordering with shock propagation (two-point contacts
// solved exactly there while they stick), and a position pass that removes penetration without adding
// velocity. Seed 004 chapter 2 is the impulse between two bodies.
#include <cmath>

#include "contact_rows.h"
#include "speed_limits.h"
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::ClampAngularSpeed;
using detail::ClampLinearSpeed;
using detail::ColourRange;
using detail::Contact;
using detail::EffectiveMass;
using detail::ForChunks;
using detail::kMinParallelContacts;
using detail::kNull;
using detail::SolverBody;
using detail::SolverContact;
using detail::SolverContactCold;
using detail::SolverPoint;
using detail::SolverVelocity;
using detail::TangentOf;

namespace {

// Velocity of B relative to A at a contact point along d: (vB − vA)·d + ωB (rB×d) − ωA (rA×d).
inline float RelativeSpeed(const SolverVelocity& a, const SolverVelocity& b, Vec2 d, float rdA, float rdB) {
    return Dot(b.v - a.v, d) + b.w * rdB - a.w * rdA;
}

// Writes a contact's updated velocities back, except to bodies the contact cannot move (fixed, or held
// by shock propagation): contacts of one colour may share those while solved in parallel, and a
// write of the unchanged value would still be a data race.
inline void StoreVelocities(const SolverContact& sc, const SolverVelocity& a, const SolverVelocity& b, SolverVelocity& aOut,
                            SolverVelocity& bOut) {
    if (sc.invMassA != 0.0f || sc.invInertiaA != 0.0f) aOut = a;
    if (sc.invMassB != 0.0f || sc.invInertiaB != 0.0f) bOut = b;
}

// Impulse λ·d on B and −λ·d on A at a point with arm cross products rdA, rdB. Angular impulses keep their
// sign: the 2D cross product rA×(λd) = λ (rA×d), not its magnitude (seed 004 trap, eq. 2.21).
inline void ApplyRowImpulse(const SolverContact& sc, SolverVelocity& a, SolverVelocity& b, Vec2 d, float rdA, float rdB, float lambda) {
    a.v -= (sc.invMassA * lambda) * d;
    a.w -= sc.invInertiaA * (lambda * rdA);
    b.v += (sc.invMassB * lambda) * d;
    b.w += sc.invInertiaB * (lambda * rdB);
}

// Effective masses of every row of a contact, and the 2×2 block matrix when both points of a flat
// contact can be solved together.
void PrepareMasses(SolverContact& sc, bool accumulate) {
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
        if (sc.k11 * sc.k11 < 1000.0f * det) {  // well conditioned
            const float inv = 1.0f / det;
            sc.useBlock = true;
            sc.inv11 = sc.k22 * inv;
            sc.inv22 = sc.k11 * inv;
            sc.inv12 = -sc.k12 * inv;
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
void SolveContact(SolverContact& sc, SolverVelocity& aOut, SolverVelocity& bOut) {
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

void SolveContact(SolverContact& sc, SolverVelocity& a, SolverVelocity& b, bool accumulate) {
    if (accumulate) {
        SolveContact<true>(sc, a, b);
    } else {
        SolveContact<false>(sc, a, b);
    }
}

// Shock propagation solves a contact whose lower body is held fixed, so one sequential pass would leave
// most of the friction undone: the friction row lets the upper body turn, and the normal rows solved
// after it take that turn back (for a box on a box only about 60 % of the sliding is stopped per pass,
// and a tall column creeps sideways). A flat two-point contact is therefore solved at once as a 3×3
// system: both normal rows and the friction row at the middle of the two points (see SolveContact),
// assuming both points push and the contact sticks.
// Returns false, leaving everything unchanged, when that assumption fails (a point would pull or the
// friction would leave the Coulomb cone) or the system is degenerate; the caller then solves the
// contact row by row.
bool SolveStickingPair(SolverContact& sc, SolverVelocity& a, SolverVelocity& b) {
    SolverPoint& p1 = sc.points[0];
    SolverPoint& p2 = sc.points[1];
    const Vec2 n = sc.normal;
    const Vec2 t = TangentOf(n);
    const float mA = sc.invMassA, iA = sc.invInertiaA, mB = sc.invMassB, iB = sc.invInertiaB;
    const float rtA = sc.pairRtA;
    const float rtB = sc.pairRtB;
    // K = J M⁻¹ Jᵀ of the rows (n at point 1, n at point 2, t at the middle); n·t = 0.
    const float m = mA + mB;
    const float k11 = m + iA * p1.rnA * p1.rnA + iB * p1.rnB * p1.rnB;
    const float k22 = m + iA * p2.rnA * p2.rnA + iB * p2.rnB * p2.rnB;
    const float k33 = m + iA * rtA * rtA + iB * rtB * rtB;
    const float k12 = m + iA * p1.rnA * p2.rnA + iB * p1.rnB * p2.rnB;
    const float k13 = iA * p1.rnA * rtA + iB * p1.rnB * rtB;
    const float k23 = iA * p2.rnA * rtA + iB * p2.rnB * rtB;
    // Cofactors of the symmetric K and its determinant.
    const float c11 = k22 * k33 - k23 * k23;
    const float c12 = k13 * k23 - k12 * k33;
    const float c13 = k12 * k23 - k13 * k22;
    const float c22 = k11 * k33 - k13 * k13;
    const float c23 = k12 * k13 - k11 * k23;
    const float c33 = k11 * k22 - k12 * k12;
    const float det = k11 * c11 + k12 * c12 + k13 * c13;
    if (!(det > 1e-6f * k11 * k22 * k33)) return false;
    const float x1Old = p1.normalImpulse, x2Old = p2.normalImpulse;
    const float xtOld = p1.tangentImpulse + p2.tangentImpulse;
    // r = v − bias − K·x_old: the velocities of the rows if their accumulated impulses were zero.
    const float r1 = RelativeSpeed(a, b, n, p1.rnA, p1.rnB) - p1.velocityBias - (k11 * x1Old + k12 * x2Old + k13 * xtOld);
    const float r2 = RelativeSpeed(a, b, n, p2.rnA, p2.rnB) - p2.velocityBias - (k12 * x1Old + k22 * x2Old + k23 * xtOld);
    const float r3 = RelativeSpeed(a, b, t, rtA, rtB) - (k13 * x1Old + k23 * x2Old + k33 * xtOld);
    const float inv = 1.0f / det;
    const float x1 = -(c11 * r1 + c12 * r2 + c13 * r3) * inv;
    const float x2 = -(c12 * r1 + c22 * r2 + c23 * r3) * inv;
    const float xt = -(c13 * r1 + c23 * r2 + c33 * r3) * inv;
    if (!(x1 >= 0.0f && x2 >= 0.0f && std::fabs(xt) <= sc.friction * (x1 + x2))) return false;
    const float d1 = x1 - x1Old, d2 = x2 - x2Old, dt = xt - xtOld;
    const Vec2 P = (d1 + d2) * n + dt * t;
    a.v -= mA * P;
    a.w -= iA * (d1 * p1.rnA + d2 * p2.rnA + dt * rtA);
    b.v += mB * P;
    b.w += iB * (d1 * p1.rnB + d2 * p2.rnB + dt * rtB);
    p1.normalImpulse = x1;
    p2.normalImpulse = x2;
    p1.tangentImpulse = p2.tangentImpulse = 0.5f * xt;
    return true;
}

// Calls solve(contact index) for every contact of one colour: in parallel chunks when the colour's
// contacts are independent and there are enough of them, else one after the other in index order.
template <class Solve>
void ForColour(detail::ThreadPool* pool, const ColourRange& colour, const Solve& solve) {
    const int minParallel = colour.independent ? kMinParallelContacts : colour.end - colour.begin + 1;
    ForChunks(pool, colour.end - colour.begin, minParallel, [&](int begin, int end) {
        for (int k = colour.begin + begin; k < colour.begin + end; ++k) solve(k);
    });
}

} // namespace

void WorldImpl::SolveVelocities(float dt) {
    const SolverSettings& st = settings;
    shockUp = LengthSquared(gravity) > 0.0f ? Normalize(-gravity) : Vec2{};
    solverBodies.clear();
    solverVelocities.clear();
    solverContacts.clear();
    solverContactsCold.clear();
    preSolveVelocities.clear();

    // Integrate forces → velocities (seed 004 eq. 2.4, 2.9; explicit Euler in velocity, then position
    // from the new velocity, i.e. symplectic Euler). Frozen bodies skip this: seed 004 §3.4.2.
    auto addSolverBody = [&](int index) {
        Body& body = bodies[index];
        body.solverIndex = static_cast<int>(solverBodies.size());
        SolverBody sb;
        sb.body = index;
        if (body.type == BodyType::Dynamic && !body.frozen) {
            sb.invMass = body.invMass;
            sb.invInertia = body.invInertia;
        }
        solverBodies.push_back(sb);
        solverVelocities.push_back({body.v, body.w});
        preSolveVelocities.push_back({body.v, body.w});
    };
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        Body& body = bodies[i];
        if (!body.alive || !IsMovingBody(body)) continue;
        if (body.type == BodyType::Dynamic && body.integratedStep != stepIndex) {
            body.forceDv = dt * (body.gravityScale * gravity + body.invMass * body.force);
            body.forceDw = dt * body.invInertia * body.torque;
            Vec2 v = body.v + body.forceDv;
            float w = body.w + body.forceDw;
            if (!(LengthSquared(v) <= kMaxLinearSpeed * kMaxLinearSpeed) || !(std::abs(w) <= kMaxAngularSpeed)) {
                // Beyond the speed limits (world.h), or overflowed: again in double, clamped.
                const double h = dt, scale = body.gravityScale, invMass = body.invMass;
                v = ClampLinearSpeed(body.v.x + h * (scale * gravity.x + invMass * body.force.x),
                                     body.v.y + h * (scale * gravity.y + invMass * body.force.y));
                w = ClampAngularSpeed(body.w + h * static_cast<double>(body.invInertia) * body.torque);
                body.forceDv = v - body.v;
                body.forceDw = w - body.w;
            }
            body.v = v;
            body.w = w;
            body.integratedStep = stepIndex;
        }
        body.force = {};
        body.torque = 0.0f;
        addSolverBody(i);
    }

    // Pre-step: one solver contact per touching contact with a moving dynamic body. First, in contact
    // order, which contacts take part (their bodies join the solver in that order); then each solver
    // contact is filled in its own slot, in parallel chunks.
    prestepContacts.clear();
    for (int ci = 0; ci < static_cast<int>(contacts.size()); ++ci) {
        const Contact& c = contacts[ci];
        if (!c.alive || c.manifold.pointCount == 0 || !c.enabled) continue;  // enabled: the pre-solve hook
        const Body& ba = bodies[c.bodyA];
        const Body& bb = bodies[c.bodyB];
        const bool aDynamic = ba.type == BodyType::Dynamic && !ba.frozen;
        const bool bDynamic = bb.type == BodyType::Dynamic && !bb.frozen;
        if (!aDynamic && !bDynamic) continue;
        if (ba.solverIndex == kNull) addSolverBody(c.bodyA);
        if (bb.solverIndex == kNull) addSolverBody(c.bodyB);
        prestepContacts.push_back(ci);
    }
    solverContacts.resize(prestepContacts.size());
    solverContactsCold.resize(prestepContacts.size());
    ForChunks(pool, static_cast<int>(prestepContacts.size()), kMinParallelContacts, [&](int chunkBegin, int chunkEnd) {
        for (int k = chunkBegin; k < chunkEnd; ++k) {
            const int ci = prestepContacts[k];
            const Contact& c = contacts[ci];
            const Body& ba = bodies[c.bodyA];
            const Body& bb = bodies[c.bodyB];
            SolverContact sc;
            SolverContactCold cold;
            cold.contact = ci;
            sc.cold = k;
            sc.a = ba.solverIndex;
            sc.b = bb.solverIndex;
            sc.normal = c.manifold.normal;
            cold.localNormal = InvRotate(ba.xf.q, sc.normal);
            sc.friction = st.friction ? c.friction : 0.0f;
            const float restitution = st.restitution ? c.restitution : 0.0f;
            sc.pointCount = c.manifold.pointCount;
            sc.invMassA = solverBodies[sc.a].invMass;
            sc.invInertiaA = solverBodies[sc.a].invInertia;
            sc.invMassB = solverBodies[sc.b].invMass;
            sc.invInertiaB = solverBodies[sc.b].invInertia;
            const SolverVelocity& va = solverVelocities[sc.a];
            const SolverVelocity& vb = solverVelocities[sc.b];
            auto forceDelta = [&](const Body& body) {
                return body.integratedStep == stepIndex ? SolverVelocity{body.forceDv, body.forceDw} : SolverVelocity{};
            };
            const SolverVelocity forceDeltaA = forceDelta(ba), forceDeltaB = forceDelta(bb);
            const Vec2 n = sc.normal;
            const Vec2 t = TangentOf(n);
            const bool warm = st.warmStarting && st.accumulateImpulses;
            for (int p = 0; p < sc.pointCount; ++p) {
                const ManifoldPoint& mp = c.manifold.points[p];
                SolverPoint& sp = sc.points[p];
                cold.point[p] = mp.point;
                const Vec2 rA = mp.point - ba.center;
                const Vec2 rB = mp.point - bb.center;
                sp.rnA = Cross(rA, n);
                sp.rnB = Cross(rB, n);
                sp.rtA = Cross(rA, t);
                sp.rtB = Cross(rB, t);
                cold.localAnchorA[p] = InvRotate(ba.xf.q, (mp.point - 0.5f * mp.separation * n) - ba.center);
                cold.localAnchorB[p] = InvRotate(bb.xf.q, (mp.point + 0.5f * mp.separation * n) - bb.center);
                sp.normalImpulse = warm ? c.normalImpulse[p] : 0.0f;
                sp.tangentImpulse = warm && st.friction ? c.tangentImpulse[p] : 0.0f;
                // Speculative: the pair may still close the gap this step, not more. Restitution is not a
                // bias here but a pass after the iterations (ApplyRestitution): most impacts are caught one
                // step early by a speculative point, which stops the body at the surface with a small
                // normal velocity left, so a bias computed from that velocity next step would never bounce.
                // A speculative point that stops its body hands its approach speed to the next step
                // (Contact::pendingApproach), where the body bounces from the surface, not from the gap.
                sp.velocityBias = mp.separation > 0.0f ? -mp.separation / dt : 0.0f;
                // The approach as the step began, without this step's forces: reversing the gravity added
                // on the way in would pump a bouncing ball higher every bounce (symplectic Euler).
                const float approach =
                    -(RelativeSpeed(va, vb, n, sp.rnA, sp.rnB) - RelativeSpeed(forceDeltaA, forceDeltaB, n, sp.rnA, sp.rnB));
                cold.speculative[p] = mp.separation > st.linearSlop;
                cold.approachSpeed[p] = cold.speculative[p] ? approach : Max(approach, c.pendingApproach[p]);
                cold.hitApproach[p] = -RelativeSpeed(va, vb, n, sp.rnA, sp.rnB);  // what the impulse stops (hit events)
            }
            cold.restitution = restitution;
            PrepareMasses(sc, st.accumulateImpulses);
            solverContacts[k] = sc;
            solverContactsCold[k] = cold;
        }
    });
    PrepareJoints(dt, addSolverBody);

    if (st.bottomUpOrder || st.shockPropagation) {
        OrderContactsBottomUp();
    } else {
        levelStart.assign({0, static_cast<int>(solverContacts.size())});
    }
    ColourLevels();

    // Warm start: apply last step's impulses, colour by colour (the order only needs to be fixed).
    for (const ColourRange& colour : colourRanges) {
        ForColour(pool, colour, [&](int k) {
            const SolverContact& sc = solverContacts[k];
            SolverVelocity a = solverVelocities[sc.a];
            SolverVelocity b = solverVelocities[sc.b];
            const Vec2 t = TangentOf(sc.normal);
            for (int p = 0; p < sc.pointCount; ++p) {
                const SolverPoint& sp = sc.points[p];
                ApplyRowImpulse(sc, a, b, sc.normal, sp.rnA, sp.rnB, sp.normalImpulse);
                ApplyRowImpulse(sc, a, b, t, sp.rtA, sp.rtB, sp.tangentImpulse);
            }
            StoreVelocities(sc, a, b, solverVelocities[sc.a], solverVelocities[sc.b]);
        });
    }
    WarmStartJoints();

    for (int it = 0; it < st.velocityIterations; ++it) {
        SolveJointVelocities();
        SolveContactColours(it);
    }
    if (st.shockPropagation) PropagateShock();
    ApplyRestitution();
}

// Levels run bottom-up; inside a level every other pass runs backwards (its colours in reverse order,
// and inside a colour the order does not matter), so the left-to-right bias of Gauss–Seidel cancels
// instead of drifting a symmetric pile sideways.
void WorldImpl::SolveContactColours(int iteration) {
    const bool accumulate = settings.accumulateImpulses;
    const bool backwards = iteration % 2 != 0;
    auto solve = [&](int k) {
        SolverContact& sc = solverContacts[k];
        SolveContact(sc, solverVelocities[sc.a], solverVelocities[sc.b], accumulate);
    };
    for (size_t level = 0; level + 1 < levelColours.size(); ++level) {
        const int first = levelColours[level], last = levelColours[level + 1];
        for (int g = 0; g < last - first; ++g) ForColour(pool, colourRanges[backwards ? last - 1 - g : first + g], solve);
    }
}

// Shock propagation (Guendelman, Bridson and Fedkiw 2003, seed 004's reference [7]): one more pass,
// bottom-up, where the lower body of each contact acts as if it were fixed, so a tall pile is held
// up in a single step instead of sagging while impulses creep up one contact per pass.
// The pass has no reaction on the lower body, so it conserves neither momentum nor energy: it may only
// take kinetic energy out of the upper body (stop its sag), never put energy in. Without that guard a
// tower toppling off a ledge gained 1.3 % of its energy: the velocity passes leave its bottom box
// turning faster than the whole tower can (they have not yet felt the boxes above), and the shock pass
// carried that rate up the tower with nothing slowing the bottom box in return (issue 15, energy).
namespace {

// m·|v|² + I·ω² of a body from its inverse mass and inertia (0: that part does not move), J.
float TwiceKineticEnergy(const SolverVelocity& v, float invMass, float invInertia) {
    return (invMass > 0.0f ? LengthSquared(v.v) / invMass : 0.0f) + (invInertia > 0.0f ? v.w * v.w / invInertia : 0.0f);
}

} // namespace

void WorldImpl::PropagateShock() {
    const bool accumulate = settings.accumulateImpulses;
    auto solve = [&](int k) {
        const SolverContact& sc = solverContacts[k];
        const int levelA = solverBodies[sc.a].level;
        const int levelB = solverBodies[sc.b].level;
        if (levelA == levelB) return;
        // Velocities only: the one-sided impulses are not stored for warm starting, where they would
        // act on both bodies next step and pump the pile upwards.
        SolverContact shock = sc;
        if (levelA < levelB) {
            shock.invMassA = shock.invInertiaA = 0.0f;
        } else {
            shock.invMassB = shock.invInertiaB = 0.0f;
        }
        SolverVelocity va = solverVelocities[sc.a];
        SolverVelocity vb = solverVelocities[sc.b];
        if (!(shock.pointCount == 2 && shock.friction > 0.0f && accumulate && SolveStickingPair(shock, va, vb))) {
            PrepareMasses(shock, accumulate);
            SolveContact(shock, va, vb, accumulate);
        }
        const bool upperIsB = levelA < levelB;
        const float invMass = upperIsB ? sc.invMassB : sc.invMassA;
        const float invInertia = upperIsB ? sc.invInertiaB : sc.invInertiaA;
        if (TwiceKineticEnergy(upperIsB ? vb : va, invMass, invInertia) >
            TwiceKineticEnergy(solverVelocities[upperIsB ? sc.b : sc.a], invMass, invInertia))
            return;
        StoreVelocities(shock, va, vb, solverVelocities[sc.a], solverVelocities[sc.b]);
    };
    for (const ColourRange& colour : colourRanges) ForColour(pool, colour, solve);
}

// Restitution after the velocity passes (seed 004 eq. 2.31 generalised): a touching point that
// approached faster than the threshold (this step, or last step as a speculative point that stopped
// its body at the surface) and pushed must leave with the normal velocity e·(approach speed). One
// more normal solve with that target as the bias; both points of a flat contact together (the block
// LCP), so a box landing flat bounces flat instead of being tipped by whichever point is solved
// first. Impulses stay ≥ 0: restitution never pulls. Speculative points do not bounce here (the body
// would turn round in mid-air, up to one step's travel above the surface, and gain energy); they
// stop the body at the surface and bounce next step.
void WorldImpl::ApplyRestitution() {
    auto solve = [&](int k) {
        SolverContact& sc = solverContacts[k];
        const SolverContactCold& cold = solverContactsCold[sc.cold];
        if (cold.restitution == 0.0f) return;
        bool bounces = false;
        for (int p = 0; p < sc.pointCount; ++p) {
            SolverPoint& sp = sc.points[p];
            if (cold.speculative[p] || cold.approachSpeed[p] <= settings.restitutionThreshold || sp.normalImpulse <= 0.0f) continue;
            sp.velocityBias = cold.restitution * cold.approachSpeed[p];
            bounces = true;
        }
        if (!bounces) return;
        SolverVelocity a = solverVelocities[sc.a];
        SolverVelocity b = solverVelocities[sc.b];
        if (sc.useBlock) {
            SolveNormalBlock(sc, a, b);
        } else {
            for (int p = 0; p < sc.pointCount; ++p) {
                SolverPoint& sp = sc.points[p];
                const float vn = RelativeSpeed(a, b, sc.normal, sp.rnA, sp.rnB);
                const float total = Max(sp.normalImpulse - sp.normalMass * (vn - sp.velocityBias), 0.0f);
                ApplyRowImpulse(sc, a, b, sc.normal, sp.rnA, sp.rnB, total - sp.normalImpulse);
                sp.normalImpulse = total;
            }
        }
        StoreVelocities(sc, a, b, solverVelocities[sc.a], solverVelocities[sc.b]);
    };
    for (const ColourRange& colour : colourRanges) ForColour(pool, colour, solve);
}

void WorldImpl::Solve(float dt) {
    const SolverSettings& st = settings;
    ++stepIndex;
    SolveVelocities(dt);
    // Seed 004 + whole-pile wake: a frozen pile pushed harder than its supports hold wakes, and the step
    // is solved again with it moving, so the push is shared physically in this very step. Bounded: each
    // round wakes at least one pile.
    for (int round = 0; round < 4 && st.restStates && WakePushedPiles(); ++round) {
        for (size_t i = 0; i < solverBodies.size(); ++i) {
            Body& body = bodies[solverBodies[i].body];
            body.v = preSolveVelocities[i].v;
            body.w = preSolveVelocities[i].w;
            body.solverIndex = kNull;
        }
        SolveVelocities(dt);
    }

    // Store impulses for warm starting; write velocities back. Every item below writes only its own
    // contact or body, so the loops are split across the pool as they come.
    constexpr int kMinParallelItems = 256;
    ForChunks(pool, static_cast<int>(solverContacts.size()), kMinParallelItems, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const SolverContact& sc = solverContacts[k];
            const SolverContactCold& cold = solverContactsCold[sc.cold];
            Contact& c = contacts[cold.contact];
            for (int p = 0; p < sc.pointCount; ++p) {
                c.normalImpulse[p] = sc.points[p].normalImpulse;
                c.tangentImpulse[p] = sc.points[p].tangentImpulse;
                const bool stopped = cold.speculative[p] && cold.restitution > 0.0f && sc.points[p].normalImpulse > 0.0f &&
                                     cold.approachSpeed[p] > st.restitutionThreshold;
                c.pendingApproach[p] = stopped ? cold.approachSpeed[p] : 0.0f;
            }
        }
    });
    StoreJointImpulses(dt);
    ForChunks(pool, static_cast<int>(solverBodies.size()), kMinParallelItems, [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
            SolverBody& sb = solverBodies[i];
            Body& body = bodies[sb.body];
            if (body.type == BodyType::Dynamic && !body.frozen) {
                // The speed limits (world.h) hold after the impulses too.
                body.v = ClampLinearSpeed(solverVelocities[i].v);
                body.w = ClampAngularSpeed(solverVelocities[i].w);
            }
            // Integrate velocities → positions (seed 004 eq. 2.5, 2.10).
            if (IsMovingBody(body)) {
                body.center += dt * body.v;
                body.angle += dt * body.w;
                body.xf.q = Rot::FromAngle(body.angle);
                body.xf.p = body.center - Rotate(body.xf.q, body.localCenter);
            }
            sb.center = body.center;
            sb.angle = body.angle;
            sb.q = body.xf.q;
        }
    });

    if (st.positionCorrection) SolvePositions();

    for (const SolverBody& sb : solverBodies) bodies[sb.body].solverIndex = kNull;
}

} // namespace sensu
