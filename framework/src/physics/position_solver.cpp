// Position pass (Box2D 2.4's non-linear Gauss–Seidel idea): move bodies apart along the normal by a
// fraction of the penetration beyond the slop; velocities stay untouched, so no energy is added.
// Contacts run in the velocity passes' order, colour by colour (solver_order.cpp), so a colour can be
// split across threads without changing a float.
#include <algorithm>
#include <atomic>

#include "position_wide.h"
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::SolverBody;

namespace {

// Lowers `target` to `value` if smaller; the minimum is the same whichever chunk finishes first.
inline void AtomicMin(std::atomic<float>& target, float value) {
    float current = target.load(std::memory_order_relaxed);
    while (value < current && !target.compare_exchange_weak(current, value, std::memory_order_relaxed)) {
    }
}

} // namespace

void WorldImpl::SolvePositions() {
    const SolverSettings& st = settings;
    const detail::PositionPassSettings passSettings{.baumgarte = st.baumgarte,
                                                    .linearSlop = st.linearSlop,
                                                    .maxCorrection = st.maxCorrection,
                                                    .supportNormalY = st.supportNormalY,
                                                    .shockPropagation = st.shockPropagation,
                                                    .shockHolds = shockUp != Vec2{}};
    // Independent colours go eight contacts at a time where the CPU has AVX2 (position_solver_wide8.cpp),
    // with the same floats; the last contacts of a task and the colour of contacts sharing bodies go
    // one by one.
#if SENSU_WIDE8_CONTACTS
    const bool eightWide = wideLanes >= detail::kWide8Lanes;
    constexpr int kMinBatch = 3;  // fewer contacts go one by one: a batch's gathers cost more than two contacts
#endif
    for (int it = 0; it < st.positionIterations; ++it) {
        std::atomic<float> minSeparation{0.0f};
        const bool jointsWithinSlop = SolveJointPositions();
        ScheduleColours(false, false).Run(pool, [&](const detail::ColourTask& task) {
            const int offset = colourRanges[task.colour].begin;
            float taskMin = 0.0f;
            const int end = offset + task.end;
            int k = offset + task.begin;
#if SENSU_WIDE8_CONTACTS
            if (eightWide && colourRanges[task.colour].independent) {
                for (; end - k >= kMinBatch; k += detail::kWide8Lanes) {
                    const int count = std::min(end - k, detail::kWide8Lanes);
                    taskMin = Min(taskMin, detail::SolvePositionBatch8(&positionRows[k], count, solverBodies.data(), passSettings));
                }
            }
#endif
            for (; k < end; ++k) taskMin = Min(taskMin, detail::SolvePositionContact(positionRows[k], solverBodies.data(), passSettings));
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
