// World::Step reads as the algorithm (box2d-lite's World::Step is the model).
#include <string>

#include "world_internal.h"

namespace sensu {

void World::Step(float dt) {
    RequireFinite(dt, "Step dt");
    if (dt < 0.0f) throw InvalidArgument("Step dt must be >= 0");
    if (dt == 0.0f) return;
    WorldImpl& w = *impl_;
    w.stepDt = dt;

    w.FindNewContacts();      // broad phase: pairs of proxies that moved last step
    w.UpdateContacts(dt);     // narrow phase: manifolds for pairs with a moving body
    if (w.settings.restStates) w.WakePilesUnderMovingSupports();
    w.BeginContinuous();      // start poses, the sweeps' origin
    w.Solve(dt);              // forces, impulses, positions, position pass, pushed piles wake
    w.SolveContinuous(dt);    // fast bodies: swept region + time of impact, impacts solved earliest first

    // Broad phase: moved bodies refresh their proxies (only those leaving their fat AABB re-insert).
    for (int i = 0; i < static_cast<int>(w.bodies.size()); ++i) {
        const detail::Body& b = w.bodies[i];
        if (!b.alive || !w.IsMovingBody(b)) continue;
        for (ShapeId sid : b.shapes) w.SynchronizeShape(static_cast<int>(sid.index));
    }
    if (w.settings.restStates) w.UpdateRestStates(dt);
}

} // namespace sensu
