// The pre-step's fill of the solver contacts (contact_solver.cpp decides which contacts take part and
// which bodies join the solver; this writes each one's rows). Written field by field into its own
// slot: a SolverContact built on the stack and copied cost a zeroing and a copy per contact, and the
// copy stalled on its own just-written bytes. The bodies' data is read from prestepBodies (packed by
// solver index) instead of from the two ~270-byte Body structs of every contact. When last solve's
// order holds (solver_order.cpp) each contact goes straight to its ordered slot; its cold data and
// restitution flags stay in pre-step order (SolverContact::cold).
#include <atomic>

#include "contact_rows.h"
#include "world_internal.h"

namespace sensu {

using detail::Contact;
using detail::PrestepBody;
using detail::SolverContact;
using detail::SolverContactCold;
using detail::SolverPoint;

void WorldImpl::PairSolverContacts() {
    prestepPairs.resize(prestepContacts.size());
    detail::ForChunks(pool, static_cast<int>(prestepContacts.size()), detail::kMinParallelContacts, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const Contact& c = contacts[prestepContacts[k]];
            const int a = bodies[c.bodyA].solverIndex, b = bodies[c.bodyB].solverIndex;
            const bool fixedGap = !c.touching && (!detail::Moves(solverBodies[a].invMass, solverBodies[a].invInertia) ||
                                                  !detail::Moves(solverBodies[b].invMass, solverBodies[b].invInertia));
            prestepPairs[k] = static_cast<uint64_t>(a) << 32 | static_cast<uint32_t>(b) | (fixedGap ? detail::kGapPair : 0u);
        }
    });
}

void WorldImpl::FillSolverContacts(float dt, bool ordered) {
    const SolverSettings& st = settings;
    const bool warm = st.warmStarting && st.accumulateImpulses;
    // Every slot is written below: resized without a clear, last step's slots are reused as they are
    // instead of being zeroed first.
    const int count = static_cast<int>(prestepContacts.size());
    const int* slots = ordered ? orderCache.destination.data() : nullptr;
    solverContacts.resize(prestepContacts.size());
    solverContactsCold.resize(prestepContacts.size());
    restitutionFlags.resize(prestepContacts.size());
    std::atomic<int> candidates{0};
    detail::ForChunks(pool, count, detail::kMinParallelContacts, [&](int chunkBegin, int chunkEnd) {
        int chunkCandidates = 0;
        for (int k = chunkBegin; k < chunkEnd; ++k) {
            const int ci = prestepContacts[k];
            const Contact& c = contacts[ci];
            const int a = static_cast<int>(prestepPairs[k] >> 32);
            const int b = static_cast<int>(static_cast<uint32_t>(prestepPairs[k]) & ~detail::kGapPair);
            const PrestepBody& ba = prestepBodies[a];
            const PrestepBody& bb = prestepBodies[b];
            SolverContact& sc = solverContacts[slots != nullptr ? slots[k] : k];
            SolverContactCold& cold = solverContactsCold[k];
            cold.contact = ci;
            sc.cold = k;
            sc.a = a;
            sc.b = b;
            const Vec2 n = c.manifold.normal;
            const Vec2 t = detail::TangentOf(n);
            sc.normal = n;
            cold.localNormal = InvRotate(ba.q, n);
            sc.friction = st.friction ? c.friction : 0.0f;
            cold.restitution = st.restitution ? c.restitution : 0.0f;
            sc.pointCount = c.manifold.pointCount;
            sc.touching = c.touching;
            sc.invMassA = ba.invMass;
            sc.invInertiaA = ba.invInertia;
            sc.invMassB = bb.invMass;
            sc.invInertiaB = bb.invInertia;
            bool mayBounce = false, mayStop = false;
            for (int p = 0; p < 2; ++p) {
                SolverPoint& sp = sc.points[p];
                if (p >= sc.pointCount) {
                    // The unused point reads as zeros, as in a value-initialised contact.
                    sp = {};
                    cold.localAnchorA[p] = cold.localAnchorB[p] = cold.point[p] = {};
                    cold.approachSpeed[p] = cold.hitApproach[p] = 0.0f;
                    cold.speculative[p] = false;
                    continue;
                }
                const ManifoldPoint& mp = c.manifold.points[p];
                cold.point[p] = mp.point;
                const Vec2 rA = mp.point - ba.center;
                const Vec2 rB = mp.point - bb.center;
                sp.rnA = Cross(rA, n);
                sp.rnB = Cross(rB, n);
                sp.rtA = Cross(rA, t);
                sp.rtB = Cross(rB, t);
                cold.localAnchorA[p] = InvRotate(ba.q, (mp.point - 0.5f * mp.separation * n) - ba.center);
                cold.localAnchorB[p] = InvRotate(bb.q, (mp.point + 0.5f * mp.separation * n) - bb.center);
                sp.normalImpulse = warm ? c.normalImpulse[p] : 0.0f;
                sp.tangentImpulse = warm && st.friction ? c.tangentImpulse[p] : 0.0f;
                sp.normalMass = sp.tangentMass = 0.0f;  // PrepareMasses sets those it uses
                // Speculative: the pair may still close the gap this step, not more. Restitution is not a
                // bias here but a pass after the iterations (ApplyRestitution): most impacts are caught one
                // step early by a speculative point, which stops the body at the surface with a small
                // normal velocity left, so a bias computed from that velocity next step would never bounce.
                // A speculative point that stops its body hands its approach speed to the next step
                // (Contact::pendingApproach), where the body bounces from the surface, not from the gap.
                sp.velocityBias = mp.separation > 0.0f ? -mp.separation / dt : 0.0f;
                if (c.hitEvents) cold.hitApproach[p] = -detail::RelativeSpeed(ba.v, bb.v, n, sp.rnA, sp.rnB);  // what the impulse stops
                if (cold.restitution == 0.0f) continue;  // no bounce: nothing reads the approach
                // The approach as the step began, without this step's forces: reversing the gravity added
                // on the way in would pump a bouncing ball higher every bounce (symplectic Euler).
                const float approach = -(detail::RelativeSpeed(ba.v, bb.v, n, sp.rnA, sp.rnB) -
                                         detail::RelativeSpeed(ba.forceDelta, bb.forceDelta, n, sp.rnA, sp.rnB));
                cold.speculative[p] = mp.separation > st.linearSlop;
                cold.approachSpeed[p] = cold.speculative[p] ? approach : Max(approach, c.pendingApproach[p]);
                // ApplyRestitution's own test, less the impulse the iterations have yet to find.
                mayBounce = mayBounce || (!cold.speculative[p] && !(cold.approachSpeed[p] <= st.restitutionThreshold));
                // Solve's test of a point that stops its body, less the impulse.
                mayStop = mayStop || (cold.speculative[p] && cold.approachSpeed[p] > st.restitutionThreshold);
            }
            mayStop = mayStop && cold.restitution > 0.0f;
            restitutionFlags[k] = (mayBounce ? detail::kMayBounce : 0) | (mayStop ? detail::kMayStop : 0);
            chunkCandidates += mayBounce ? 1 : 0;
            // What PrepareMasses leaves unset reads as zeros, as in a value-initialised contact.
            sc.pairRtA = sc.pairRtB = sc.pairTangentMass = 0.0f;
            sc.k11 = sc.k12 = sc.k22 = 0.0f;
            sc.inv11 = sc.inv12 = sc.inv22 = 0.0f;
            detail::PrepareMasses(sc, st.accumulateImpulses);
        }
        candidates.fetch_add(chunkCandidates, std::memory_order_relaxed);
    });
    bounceCandidateCount = candidates.load(std::memory_order_relaxed);
}

} // namespace sensu
