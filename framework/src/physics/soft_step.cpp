// SolverKind::SoftStep: Catto's soft step (Solver2D, Box2D v3), an alternative to the sequential
// impulses of contact_solver.cpp. Per step the contacts are prepared once; then each of subSteps
// sub-steps of h = dt / subSteps integrates the forces, warm starts, solves every contact with a soft
// push-out (a stiff, overdamped spring on its current separation), moves the bodies by h and relaxes
// (solves again without the push-out, so removing penetration leaves no velocity behind). Small
// sub-steps converge what 8 passes of one big step cannot, which is what lets it drop the shock pass
// (it stiffens piles beyond physics) and the contact position pass. The contacts keep the default
// solver's bottom-up levels and colours: one colour's contacts touch disjoint moving bodies, so the
// result does not depend on the thread count. Joints run their rigid rows in every sub-step with h and
// their position pass once after the sub-steps (Box2D 2.4's, as in the default solver).
#include <cmath>

#include "contact_rows.h"
#include "soft_contact_solver.h"
#include "speed_limits.h"
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::Contact;
using detail::EffectiveMass;
using detail::ForChunks;
using detail::kNull;
using detail::RelativeSpeed;
using detail::SoftBody;
using detail::SoftContact;
using detail::SoftPoint;
using detail::SolverBody;
using detail::SolverContact;
using detail::SolverContactCold;
using detail::SolverVelocity;
using detail::TangentOf;

namespace {

// Below this many bodies or contacts a loop runs on the calling thread (a fork-join costs more).
constexpr int kMinParallelItems = 256;

// The rotation q turned by the small angle a, renormalised: first order in a, as a sub-step needs.
Rot Advance(Rot q, float a) {
    return NormalizeRot({q.c - a * q.s, q.s + a * q.c});
}

} // namespace

void WorldImpl::SolveSoftStep(float dt) {
    const SolverSettings& st = settings;
    ++stepIndex;
    auto solveOnce = [&] {
        PrepareSoftStep(dt);
        profile.solverSetup += lapClock.Lap();
        SolveSoftSubSteps(dt);
        profile.velocities += lapClock.Lap();
    };
    solveOnce();
    // As in the default solver: a frozen pile pushed harder than its supports hold wakes and the step
    // is solved again with it moving. Nothing above wrote to the bodies but their force bookkeeping.
    for (int round = 0; round < 4 && st.restStates && WakePushedPiles(); ++round) {
        for (const SolverBody& sb : solverBodies) bodies[sb.body].solverIndex = kNull;
        solveOnce();
    }
    FinishSoftStep(dt);
    for (const SolverBody& sb : solverBodies) bodies[sb.body].solverIndex = kNull;
    profile.positions += lapClock.Lap();
}

// Solver bodies (every moving body, then the fixed bodies contacts and joints reach), the forces'
// velocity change per sub-step, contacts with a moving dynamic body, joints prepared for h, the
// bottom-up levels and colours, and the soft contacts in that order.
void WorldImpl::PrepareSoftStep(float dt) {
    const SolverSettings& st = settings;
    const int subSteps = st.subSteps;
    const float h = dt / static_cast<float>(subSteps);
    const float perSubStep = 1.0f / static_cast<float>(subSteps);
    solverBodies.clear();
    solverVelocities.clear();
    softBodies.clear();
    auto addSolverBody = [&](int index) {
        Body& body = bodies[index];
        body.solverIndex = static_cast<int>(solverBodies.size());
        SolverBody sb;
        sb.body = index;
        SoftBody soft;
        soft.moves = IsMovingBody(body);
        if (body.type == BodyType::Dynamic && !body.frozen) {
            sb.invMass = body.invMass;
            sb.invInertia = body.invInertia;
            soft.forceDv = perSubStep * body.forceDv;
            soft.forceDw = perSubStep * body.forceDw;
        }
        solverBodies.push_back(sb);
        solverVelocities.push_back({body.v, body.w});
        softBodies.push_back(soft);
    };
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        Body& body = bodies[i];
        if (!body.alive || !IsMovingBody(body)) continue;
        if (body.type == BodyType::Dynamic && body.integratedStep != stepIndex) {
            // The step's velocity change from forces, spread evenly over the sub-steps. A re-solve (a
            // woken pile) reuses it: the forces were cleared below.
            body.forceDv = dt * (body.gravityScale * gravity + body.invMass * body.force);
            body.forceDw = dt * body.invInertia * body.torque;
            if (!(LengthSquared(body.forceDv) <= kMaxLinearSpeed * kMaxLinearSpeed) || !(std::abs(body.forceDw) <= kMaxAngularSpeed)) {
                // Beyond the speed limits (world.h), or overflowed: again in double, clamped.
                const double scale = body.gravityScale, invMass = body.invMass;
                body.forceDv = detail::ClampLinearSpeed(dt * (scale * gravity.x + invMass * body.force.x),
                                                        dt * (scale * gravity.y + invMass * body.force.y));
                body.forceDw = detail::ClampAngularSpeed(static_cast<double>(dt) * body.invInertia * body.torque);
            }
            body.integratedStep = stepIndex;
        }
        body.force = {};
        body.torque = 0.0f;
        addSolverBody(i);
    }

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
    // The solver contacts carry what the levels, colours, rest states and hit events read; the rows
    // themselves are the soft contacts'.
    solverContacts.resize(prestepContacts.size());
    solverContactsCold.resize(prestepContacts.size());
    for (int k = 0; k < static_cast<int>(prestepContacts.size()); ++k) {
        const int ci = prestepContacts[k];
        const Contact& c = contacts[ci];
        SolverContact sc;
        SolverContactCold cold;
        cold.contact = ci;
        sc.cold = k;
        sc.a = bodies[c.bodyA].solverIndex;
        sc.b = bodies[c.bodyB].solverIndex;
        sc.normal = c.manifold.normal;
        sc.pointCount = c.manifold.pointCount;
        sc.touching = c.touching;
        sc.invMassA = solverBodies[sc.a].invMass;
        sc.invInertiaA = solverBodies[sc.a].invInertia;
        sc.invMassB = solverBodies[sc.b].invMass;
        sc.invInertiaB = solverBodies[sc.b].invInertia;
        for (int p = 0; p < sc.pointCount; ++p) cold.point[p] = c.manifold.points[p].point;
        solverContacts[k] = sc;
        solverContactsCold[k] = cold;
    }
    PrepareJoints(h, addSolverBody);
    BuildOrder(st.bottomUpOrder);
    colourSchedules.Forget(false);

    // Against a fixed body nothing gives way on the other side: twice as stiff. Both springs are capped
    // at a quarter of the sub-step rate: stiffer, the implicit step still holds but a pile jitters
    // (measured: a 20-row pyramid at half the rate never comes to rest).
    const float cap = 0.25f / h;
    const detail::Softness movingSoftness = detail::MakeSoftness(Min(st.contactHertz, cap), st.contactDampingRatio, h);
    const detail::Softness fixedSoftness = detail::MakeSoftness(Min(2.0f * st.contactHertz, cap), st.contactDampingRatio, h);
    const bool warm = st.warmStarting && st.accumulateImpulses;
    softContacts.resize(solverContacts.size());
    ForChunks(pool, static_cast<int>(solverContacts.size()), kMinParallelItems, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const SolverContact& sc = solverContacts[k];
            SolverContactCold& cold = solverContactsCold[sc.cold];
            const Contact& c = contacts[cold.contact];
            const Vec2 centerA = bodies[c.bodyA].center, centerB = bodies[c.bodyB].center;
            SoftContact row;
            row.a = sc.a;
            row.b = sc.b;
            row.pointCount = sc.pointCount;
            row.normal = sc.normal;
            row.friction = st.friction ? c.friction : 0.0f;
            row.restitution = st.restitution ? c.restitution : 0.0f;
            row.mA = sc.invMassA;
            row.iA = sc.invInertiaA;
            row.mB = sc.invMassB;
            row.iB = sc.invInertiaB;
            const bool fixedSide = (row.mA == 0.0f && row.iA == 0.0f) || (row.mB == 0.0f && row.iB == 0.0f);
            row.softness = fixedSide ? fixedSoftness : movingSoftness;
            const Vec2 n = sc.normal;
            const Vec2 t = TangentOf(n);
            for (int p = 0; p < sc.pointCount; ++p) {
                const ManifoldPoint& mp = c.manifold.points[p];
                SoftPoint& sp = row.points[p];
                sp.anchorA = mp.point - centerA;
                sp.anchorB = mp.point - centerB;
                sp.rnA = Cross(sp.anchorA, n);
                sp.rnB = Cross(sp.anchorB, n);
                sp.rtA = Cross(sp.anchorA, t);
                sp.rtB = Cross(sp.anchorB, t);
                sp.baseSeparation = mp.separation - Dot(sp.anchorB - sp.anchorA, n);
                sp.normalMass = EffectiveMass(row.mA, row.iA, row.mB, row.iB, sp.rnA, sp.rnB);
                sp.tangentMass = EffectiveMass(row.mA, row.iA, row.mB, row.iB, sp.rtA, sp.rtB);
                // The contact keeps the step's total impulse; a sub-step applies its share.
                sp.normalImpulse = warm ? perSubStep * c.normalImpulse[p] : 0.0f;
                sp.tangentImpulse = warm && st.friction ? perSubStep * c.tangentImpulse[p] : 0.0f;
                // The velocities are still those the step began with: the forces come in the sub-steps.
                sp.approachSpeed = -RelativeSpeed(solverVelocities[sc.a], solverVelocities[sc.b], n, sp.rnA, sp.rnB);
                cold.hitApproach[p] = sp.approachSpeed;  // what the impulse stops (hit events)
            }
            softContacts[k] = row;
        }
    });
}

// The sub-steps, then restitution; the step's total impulses end in solverContacts for the rest
// states' wake test and the hit events.
void WorldImpl::SolveSoftSubSteps(float dt) {
    const SolverSettings& st = settings;
    const int subSteps = st.subSteps;
    const float h = dt / static_cast<float>(subSteps);
    const float invH = 1.0f / h;
    const int bodyCount = static_cast<int>(solverBodies.size());
    auto forContacts = [&](const auto& visit) {
        SolveByColour([&](int k) {
            SoftContact& c = softContacts[k];
            visit(c, solverVelocities[c.a], solverVelocities[c.b]);
        });
    };
    auto solve = [&](bool useBias) {
        SolveJointVelocities();
        forContacts([&](SoftContact& c, SolverVelocity& a, SolverVelocity& b) {
            SoftSolveContact(c, a, b, softBodies[c.a], softBodies[c.b], invH, st.maxPushOutSpeed, useBias);
        });
    };
    for (int i = 0; i < subSteps; ++i) {
        ForChunks(pool, bodyCount, kMinParallelItems, [&](int begin, int end) {
            for (int k = begin; k < end; ++k) {
                solverVelocities[k].v += softBodies[k].forceDv;
                solverVelocities[k].w += softBodies[k].forceDw;
            }
        });
        forContacts([](SoftContact& c, SolverVelocity& a, SolverVelocity& b) { detail::SoftWarmStart(c, a, b); });
        WarmStartJoints();
        solve(true);
        ForChunks(pool, bodyCount, kMinParallelItems, [&](int begin, int end) {
            for (int k = begin; k < end; ++k) {
                SoftBody& soft = softBodies[k];
                if (!soft.moves) continue;
                // The speed limits (world.h) hold in every sub-step, so the poses never move faster.
                SolverVelocity& v = solverVelocities[k];
                if (solverBodies[k].invMass != 0.0f || solverBodies[k].invInertia != 0.0f) {
                    v.v = detail::ClampLinearSpeed(v.v);
                    v.w = detail::ClampAngularSpeed(v.w);
                }
                soft.dp += h * v.v;
                soft.dAngle += h * v.w;
                soft.dq = Advance(soft.dq, h * v.w);
            }
        });
        solve(false);
    }
    forContacts([&](SoftContact& c, SolverVelocity& a, SolverVelocity& b) { detail::SoftRestitution(c, a, b, st.restitutionThreshold); });
    ForChunks(pool, static_cast<int>(softContacts.size()), kMinParallelItems, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            for (int p = 0; p < softContacts[k].pointCount; ++p) {
                solverContacts[k].points[p].normalImpulse = softContacts[k].points[p].totalNormalImpulse;
                solverContacts[k].points[p].tangentImpulse = softContacts[k].points[p].totalTangentImpulse;
            }
        }
    });
}

// Impulses for warm starting, velocities and poses back to the bodies, then the joints' position pass.
void WorldImpl::FinishSoftStep(float dt) {
    const SolverSettings& st = settings;
    const float h = dt / static_cast<float>(st.subSteps);
    ForChunks(pool, static_cast<int>(solverContacts.size()), kMinParallelItems, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            Contact& c = contacts[solverContactsCold[solverContacts[k].cold].contact];
            for (int p = 0; p < solverContacts[k].pointCount; ++p) {
                c.normalImpulse[p] = solverContacts[k].points[p].normalImpulse;
                c.tangentImpulse[p] = solverContacts[k].points[p].tangentImpulse;
                c.pendingApproach[p] = 0.0f;  // the sub-steps bring a speculative point to the surface within the step
            }
        }
    });
    StoreJointImpulses(h);  // the joints' impulses are per sub-step: their reactions are impulse / h
    ForChunks(pool, static_cast<int>(solverBodies.size()), kMinParallelItems, [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
            SolverBody& sb = solverBodies[i];
            Body& body = bodies[sb.body];
            if (body.type == BodyType::Dynamic && !body.frozen) {
                body.v = solverVelocities[i].v;
                body.w = solverVelocities[i].w;
            }
            if (softBodies[i].moves) {
                body.center += softBodies[i].dp;
                body.angle += softBodies[i].dAngle;
                body.xf.q = Rot::FromAngle(body.angle);
                body.xf.p = body.center - Rotate(body.xf.q, body.localCenter);
            }
            sb.center = body.center;
            sb.angle = body.angle;
            sb.q = body.xf.q;
        }
    });
    if (!st.positionCorrection || jointRows.empty()) return;
    for (int it = 0; it < st.positionIterations; ++it) {
        if (SolveJointPositions()) break;
    }
    WriteSolverPoses();
}

} // namespace sensu
