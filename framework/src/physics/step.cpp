// World::Step reads as the algorithm (box2d-lite's World::Step is the model).
#include <string>
#include <vector>

#include "speed_limits.h"
#include "world_internal.h"

namespace sensu {

void World::Step(float dt) {
    RequireFinite(dt, "Step dt");
    if (dt < 0.0f) throw InvalidArgument("Step dt must be >= 0");
    if (dt > kMaxStepDt) throw InvalidArgument("Step dt must not exceed kMaxStepDt (1 s)");
    if (dt == 0.0f) return;
    WorldImpl& w = *impl_;
    w.stepDt = dt;
    w.pool = w.threadPool.Get(w.settings.threads);  // nullptr with one thread: every loop runs inline

    // The profile's clocks: `whole` for the step, w.lapClock for its parts one after the other.
    StepProfile& profile = w.profile;
    profile = {};
    detail::LapClock whole;
    whole.Start();
    w.BeginStepEvents();      // last step's events go; ends caused since (destroy, filter) come first
    w.moversTracked = w.continuousStartsOpen = false;
    if (w.TryIdleStep()) {    // everything frozen or fixed, nothing added: a frozen pile costs nothing
        profile.step = whole.Lap();
        return;
    }
    w.lapClock.Start();       // only now: an idle step reads the clock twice, not three times
    w.stepping = true;
    struct EndOfStep {
        WorldImpl& w;
        detail::LapClock& whole;
        ~EndOfStep() {  // also when the pre-solve hook throws
            w.stepping = false;
            w.moversTracked = w.continuousStartsOpen = false;
            w.profile.step = whole.Lap();
        }
    } endOfStep{w, whole};
    w.FindNewContacts();      // broad phase: pairs of proxies that moved last step, filters agreeing
    w.UpdateContacts(dt);     // narrow phase: manifolds for pairs with a moving body; begin/end touch
    if (w.settings.restStates) w.WakePilesUnderMovingSupports();
    profile.collide = w.lapClock.Lap();
    w.RunPreSolve();          // the game's hook may disable contacts for this step (one-way platforms)
    w.BeginContinuous();      // start poses, the sweeps' origin
    w.lapClock.Start();
    w.Solve(dt);              // forces, impulses, positions, position pass, pushed piles wake
    profile.solve = profile.solverSetup + profile.velocities + profile.shock + profile.positions;
    w.lapClock.Start();
    w.ReportHits();           // points that stopped an approach faster than the hit threshold
    w.SolveContinuous(dt);    // fast bodies: swept region + time of impact, impacts solved earliest first
    profile.continuous = w.lapClock.Lap();

    // Broad phase: moved bodies refresh their proxies (only those leaving their fat AABB re-insert).
    // Impacts of the continuous phase may have sped bodies past the speed limits (world.h): clamp. The
    // test runs in parallel chunks, each body on its own; the tree is changed in body order.
    // A mostly frozen world visits its moving bodies only (TrackedMovers).
    constexpr int kMinParallelBodies = 256;
    const std::vector<int>* fewMovers = w.TrackedMovers();
    const int visits = static_cast<int>(fewMovers ? fewMovers->size() : w.bodies.size());
    w.proxiesLeft.resize(w.bodies.size());
    w.shapeProxiesLeft.resize(w.shapes.size());
    detail::ForChunks(w.pool, visits, kMinParallelBodies, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const int i = fewMovers ? (*fewMovers)[k] : k;
            detail::Body& b = w.bodies[i];
            w.proxiesLeft[i] = 0;
            if (!b.alive || !w.IsMovingBody(b)) continue;
            b.v = detail::ClampLinearSpeed(b.v);
            b.w = detail::ClampAngularSpeed(b.w);
            for (ShapeId sid : b.shapes) {
                const uint8_t left = w.ProxyHolds(static_cast<int>(sid.index)) ? 0 : 1;
                w.shapeProxiesLeft[sid.index] = left;
                w.proxiesLeft[i] |= left;
            }
        }
    });
    // The shapes the test found leaving their proxies re-insert them, without a second test: only a
    // shape's own re-insertion changes its fat AABB, so the answer still stands.
    for (int k = 0; k < visits; ++k) {
        const int i = fewMovers ? (*fewMovers)[k] : k;
        if (w.proxiesLeft[i] == 0) continue;
        for (ShapeId sid : w.bodies[i].shapes)
            if (w.shapeProxiesLeft[sid.index] != 0) w.ReinsertProxy(static_cast<int>(sid.index));
    }
    profile.proxies = w.lapClock.Lap();
    if (w.settings.restStates) {
        w.UpdateRestStates(dt);
        profile.restStates = w.lapClock.Lap();
    }
    w.UpdateSensors();        // sensors against the final poses: begin/end overlap
    profile.sensors = w.lapClock.Lap();
}

} // namespace sensu
