#pragma once
// Continuous collision inside the World (seed 000, beyond the thesis): the per-body state of one step's
// impact-by-impact sub-stepping. WorldImpl::BeginContinuous records where the non-static bodies start the
// step; WorldImpl::SolveContinuous (continuous.cpp) sweeps the fast ones and solves their impacts in
// time order.
//
// Then static geometry has the last word: a dynamic body whose motion from its start pose to its end
// pose is fast for its size (impacts, motion after continuousMaxImpacts, or a large correction of the
// regular position pass) never ends deeper into a static shape it meets on that path than the shape's middle
// (plus linearSlop, across the face met) or than it started; one that would is put back at its first
// static contact on the path and loses the velocity closing on it. That is the only motion the
// continuous phase drops (continuous_statics.cpp's file comment has the details).
#include <cstdint>

#include "sensu/math.h"

namespace sensu::detail {

// Pose of a body at the start of the step (before the solver integrates it), written for every
// non-static body each step (frozen ones too: the solver may wake one mid-step): 16 bytes, so the
// continuous phase costs little when no body is fast.
struct ContinuousStart {
    uint32_t stamp = 0;  // WorldImpl::continuousStamp of the step this pose belongs to
    float angle = 0.0f;  // rad
    Vec2 center{};       // m, centre of mass
};

// The earliest impact a fast body's search found.
struct ContinuousImpact {
    float t = 2.0f;                   // fraction of the step (> 1: none found)
    int body = -1;                    // the fast body (side A of the normal)
    int other = -1;                   // the body it hits
    int shape = -1, otherShape = -1;  // shape indices of the pair
    Vec2 point{};                     // m, world contact point at t
    Vec2 normal{};                    // unit, from `body` to `other`
    float approach = 0.0f;            // m/s, how fast the pair closes at `point` along `normal`
};

// A body's motion during the continuous phase: at fraction `base` of the step its centre of mass is at
// `center` and its angle is `angle`; from there it moves with its current velocity (Body::v, Body::w)
// until the end of the step or its next impact, which moves `base` forward. Set up lazily, only for
// bodies the phase looks at.
struct ContinuousBody {
    uint32_t stamp = 0;    // WorldImpl::continuousStamp of the step this entry belongs to
    Vec2 center{};         // m, centre of mass at fraction `base`
    float angle = 0.0f;    // rad at fraction `base`
    float base = 0.0f;     // fraction of the step where center and angle hold, in [0, 1]
    float search = 0.0f;   // impacts of this body before this fraction are solved
    int impacts = 0;       // impacts solved with this body as the fast one, this step
    int pathLeaf = -1;     // its leaf in WorldImpl::continuousPaths, when its proxies do not hold its motion
    int fast = -1;         // fast bodies: its entry in the phase's list of them (ContinuousPhase::fast_), else -1
    bool moved = false;    // dynamic and hit this step: its end pose is recomputed from its motion
    bool guarded = false;  // the static rule (KeepOnItsSideOfStatics) has looked at this body this step
    uint32_t motion = 0;   // counts this step's rebases: a pair result from an older motion is stale
    int memo = -1;         // fast bodies: its pair results in the phase (ContinuousPhase::memos_), -1 before its first search
};

} // namespace sensu::detail
