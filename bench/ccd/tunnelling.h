#pragma once
// The tunnelling part of sensu-bench-ccd (issue 5): the trials of scenes/tunnelling.h, one step each,
// run through sensu's World (continuous collision on, and off as the reference) and through Box2D 2.4
// with the blade as a bullet.
#include <cstdint>
#include <string>
#include <vector>

namespace sensu::bench {

/// Misses of one engine over the trials, with the breakdowns that explain them.
struct TunnellingRow {
    std::string engine;
    int trials = 0;
    int misses = 0;
    int missesSmallTurn = 0, trialsSmallTurn = 0;  ///< |α| ≤ π/2 per step (Box2D's cap)
    int missesSword = 0, trialsSword = 0;          ///< kinematic blades held at the hilt
    int missesThinBox = 0, trialsThinBox = 0;      ///< 2 cm × 20 cm targets (the rest are 5 cm circles)
    double seconds = 0.0;                          ///< wall time of the engine's trials
};

/// Runs `trials` trials drawn from `seed` through every engine: "sensu" (continuous on, blade a
/// bullet), "sensu-discrete" (continuous off, no bullet: the reference that shows the test can fail)
/// and "box2d" (Box2D 2.4, blade a bullet).
std::vector<TunnellingRow> RunTunnelling(int trials, uint64_t seed);

} // namespace sensu::bench
