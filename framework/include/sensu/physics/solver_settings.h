#pragma once
/// Per-world solver switches, box2d-lite's A/W/P toggles made settings (so samples can flip them live).

namespace sensu {

struct SolverSettings {
    int velocityIterations = 8;         ///< sequential-impulse passes per step (≥ 1)
    int positionIterations = 3;         ///< position-correction passes per step (≥ 0)
    bool accumulateImpulses = true;     ///< clamp the accumulated, not the incremental, impulse (A)
    bool warmStarting = true;           ///< start from last step's impulses, matched by feature id (W)
    bool positionCorrection = true;     ///< remove penetration (P)
    bool restStates = true;             ///< seed 004 floor-rest state machine
    float restitutionThreshold = 1.0f;  ///< m/s: slower approaches get no bounce
    float linearSlop = 0.005f;          ///< m: allowed penetration that is not corrected
    float baumgarte = 0.2f;             ///< fraction of the penetration removed per step
};

/// Throws InvalidArgument when a setting is out of range (the world keeps its old settings).
void Validate(const SolverSettings& settings);

} // namespace sensu
