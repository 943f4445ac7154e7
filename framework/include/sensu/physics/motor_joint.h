#pragma once
/// Motor joint: drives B's position and angle relative to A toward a target offset with at most
/// maxForce and maxTorque, like a character's animated body part or a moving platform that still
/// responds to loads.
#include "sensu/math.h"
#include "sensu/physics/body.h"

namespace sensu {

/// Everything a motor joint (drives B to an offset and angle in A's frame) is created from (World::CreateJoint).
struct MotorJointDef {
    ///@{
    /// distinct bodies, at least one dynamic
    BodyId bodyA{}, bodyB{};
    ///@}
    Vec2 linearOffset{};          ///< m, target position of B's origin in A's frame
    float angularOffset = 0.0f;   ///< rad, target angleB − angleA
    float maxForce = 1.0f;        ///< N, ≥ 0
    float maxTorque = 1.0f;       ///< N·m, ≥ 0
    float correctionFactor = 0.3f;  ///< fraction of the remaining offset error driven per step, [0, 1]
    bool collideConnected = false;  ///< let A's and B's shapes touch
    void* userData = nullptr;     ///< not touched by the world
};

} // namespace sensu
