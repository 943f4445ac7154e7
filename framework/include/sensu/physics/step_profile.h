#pragma once
// What the last World::Step spent its time on (Box2D's b2Profile is the model): for a game's
// performance overlay, and for finding the part of a step that does not scale with threads.

namespace sensu {

/// Wall-clock time (steady clock) of the parts of the last World::Step, in ms. Measured, not state:
/// never saved or hashed; a new or loaded world reports zeros until it steps, a clone its original's. The parts do not
/// add up to `step` exactly: the pre-solve hook and some bookkeeping are counted in `step` only.
struct StepProfile {
    float step = 0.0f;        ///< ms, the whole step
    float collide = 0.0f;     ///< ms, broad phase (new pairs) and narrow phase (manifolds, touch events)
    float solve = 0.0f;       ///< ms, everything from the velocity solver to the position pass (the four below)
    float solverSetup = 0.0f; ///< ms, forces integrated, bodies and contacts gathered, ordered, coloured, batched
    float velocities = 0.0f;  ///< ms, warm start and the velocity passes, joints included (SoftStep: the sub-steps)
    float shock = 0.0f;       ///< ms, chains, the shock pass and restitution (SequentialImpulses; SoftStep: 0)
    float positions = 0.0f;   ///< ms, impulses stored, velocities integrated to poses, the position pass
    float continuous = 0.0f;  ///< ms, continuous collision of fast bodies and hit events
    float proxies = 0.0f;     ///< ms, broad-phase proxies refreshed after the move
    float restStates = 0.0f;  ///< ms, the rest-state machine (0 with rest states off)
    float sensors = 0.0f;     ///< ms, sensor overlaps
};

} // namespace sensu
