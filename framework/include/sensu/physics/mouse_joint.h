#pragma once
/// Mouse (target) joint: pulls a point of one body toward a world target like a spring of the given
/// frequency and damping, with at most maxForce. Dragging bodies with the mouse or a finger; the
/// body's pile wakes when the joint is created and whenever the target moves.
#include "sensu/math.h"
#include "sensu/physics/body.h"

namespace sensu {

/// Everything a mouse joint (pulls one body's point toward a target with a soft spring) is created from (World::CreateJoint).
struct MouseJointDef {
    BodyId body{};                ///< a dynamic body
    Vec2 localAnchor{};           ///< m, the grabbed point in the body's frame
    Vec2 target{};                ///< m, world point the anchor is pulled toward
    float maxForce = 1000.0f;     ///< N, ≥ 0 (a good value: a few times the body's weight)
    float frequencyHz = 5.0f;     ///< Hz, > 0
    float dampingRatio = 0.7f;    ///< ≥ 0
    void* userData = nullptr;     ///< not touched by the world
};

} // namespace sensu
