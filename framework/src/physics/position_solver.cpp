// Position pass (Box2D 2.4's non-linear Gauss–Seidel idea): move bodies apart along the normal by a
// fraction of the penetration beyond the slop; velocities stay untouched, so no energy is added.
// Contacts run in the velocity passes' order, colour by colour (solver_order.cpp), so a colour can be
// split across threads without changing a float.
#include <atomic>

#include "contact_rows.h"
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::EffectiveMass;
using detail::SolverBody;
using detail::SolverContact;
using detail::SolverContactCold;

namespace {

inline Rot Turn(Rot q, float angle) { return NormalizeRot({q.c - angle * q.s, q.s + angle * q.c}); }

// Lowers `target` to `value` if smaller; the minimum is the same whichever chunk finishes first.
inline void AtomicMin(std::atomic<float>& target, float value) {
    float current = target.load(std::memory_order_relaxed);
    while (value < current && !target.compare_exchange_weak(current, value, std::memory_order_relaxed)) {
    }
}

} // namespace

// Which body of a contact the position pass holds fixed under shock propagation: the one nearer the
// fixed bodies (lower level), and only when it carries the other, i.e. the normal is a floor-like
// support against gravity (the seed 004 §3.4 rule, SolverSettings::supportNormalY). Levels are
// distances in the contact graph, not heights: a ball touching a wall high up has level 1, and holding
// it fixed pushed the lower-level ball under it down into its neighbours — a pour of 1,000 small circles
// sank 19 cm into itself (issue 15); with this rule 1.5 cm. (The velocity pass keeps holding by level
// alone: measured, restricting it as well added energy to landing bodies and did not help the pour.)
// Inline: the pass asks it per contact and iteration, and the out-of-line call cost more than its body.
inline WorldImpl::ShockSide WorldImpl::ShockHeldSide(const SolverContact& sc) const {
    if (shockUp == Vec2{}) return ShockSide::None;
    const int levelA = solverBodies[sc.a].level;
    const int levelB = solverBodies[sc.b].level;
    const float upward = Dot(sc.normal, shockUp);  // > 0: B is on top of A
    if (detail::HoldsUp(levelA, levelB, upward, settings.supportNormalY)) return ShockSide::A;
    if (detail::HoldsUp(levelB, levelA, -upward, settings.supportNormalY)) return ShockSide::B;
    return ShockSide::None;
}

void WorldImpl::SolvePositions() {
    const SolverSettings& st = settings;
    constexpr int kPrefetchAhead = 6;
    // What the pass reads of a contact's cold data: its normal and anchors (two cache lines at most).
    auto PrefetchCold = [&](int cold) {
        const char* first = reinterpret_cast<const char*>(&solverContactsCold[cold].localNormal);
        __builtin_prefetch(first);
        __builtin_prefetch(reinterpret_cast<const char*>(&solverContactsCold[cold].localAnchorB[1]) + sizeof(Vec2) - 1);
    };
    // Returns the smallest separation of the contact's points before their corrections.
    auto solve = [&](const SolverContact& sc) {
        SolverBody& a = solverBodies[sc.a];
        SolverBody& b = solverBodies[sc.b];
        // With shock propagation the supporting body of a floor-like contact stays put here too, so a
        // column is pushed out of its support in one pass instead of diffusing corrections up and down.
        const ShockSide held = st.shockPropagation ? ShockHeldSide(sc) : ShockSide::None;
        const bool holdA = held == ShockSide::A;
        const bool holdB = held == ShockSide::B;
        const float mA = holdA ? 0.0f : a.invMass, iA = holdA ? 0.0f : a.invInertia;
        const float mB = holdB ? 0.0f : b.invMass, iB = holdB ? 0.0f : b.invInertia;
        float minSeparation = 0.0f;
        if (mA + mB == 0.0f) return minSeparation;
        const SolverContactCold& cold = solverContactsCold[sc.cold];
        for (int p = 0; p < sc.pointCount; ++p) {
            const Vec2 n = Rotate(a.q, cold.localNormal);
            const Vec2 pA = a.center + Rotate(a.q, cold.localAnchorA[p]);
            const Vec2 pB = b.center + Rotate(b.q, cold.localAnchorB[p]);
            const float separation = Dot(pB - pA, n);
            minSeparation = Min(minSeparation, separation);
            const float C = Clamp(st.baumgarte * (separation + st.linearSlop), -st.maxCorrection, 0.0f);
            if (C >= 0.0f) continue;
            const Vec2 rA = pB - a.center;
            const Vec2 rB = pB - b.center;
            const float mass = EffectiveMass(mA, iA, mB, iB, Cross(rA, n), Cross(rB, n));
            const Vec2 P = (-C * mass) * n;
            // Bodies this contact cannot move are not written: a colour's contacts may share them
            // while solved in parallel.
            if (mA != 0.0f) a.center -= mA * P;
            if (mB != 0.0f) b.center += mB * P;
            const float da = -iA * Cross(rA, P);
            const float db = iB * Cross(rB, P);
            if (da != 0.0f) {
                a.angle += da;
                a.q = Turn(a.q, da);
            }
            if (db != 0.0f) {
                b.angle += db;
                b.q = Turn(b.q, db);
            }
        }
        return minSeparation;
    };
    for (int it = 0; it < st.positionIterations; ++it) {
        std::atomic<float> minSeparation{0.0f};
        const bool jointsWithinSlop = SolveJointPositions();
        ScheduleColours(false, false).Run(pool, [&](const detail::ColourTask& task) {
            const int offset = colourRanges[task.colour].begin;
            float taskMin = 0.0f;
            const int end = offset + task.end;
            for (int k = offset + task.begin; k < end; ++k) {
                // The cold data is in pre-step order, the contacts are not: its loads missed the cache
                // in turn (nearly half of this pass) until fetched a few contacts ahead.
                if (k + kPrefetchAhead < end) PrefetchCold(solverContacts[k + kPrefetchAhead].cold);
                taskMin = Min(taskMin, solve(solverContacts[k]));
            }
            AtomicMin(minSeparation, taskMin);
        });
        if (minSeparation.load() >= -1.5f * st.linearSlop && jointsWithinSlop) break;  // all within 1.5 slop: done
    }
    WriteSolverPoses();
}

void WorldImpl::WriteSolverPoses() {
    constexpr int kMinParallelBodies = 256;
    detail::ForChunks(pool, static_cast<int>(solverBodies.size()), kMinParallelBodies, [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
            const SolverBody& sb = solverBodies[i];
            if (!detail::Moves(sb.invMass, sb.invInertia)) continue;
            Body& body = bodies[sb.body];
            body.center = sb.center;
            body.angle = sb.angle;
            body.xf.q = sb.q;
            body.xf.p = body.center - Rotate(body.xf.q, body.localCenter);
        }
    });
}

} // namespace sensu
