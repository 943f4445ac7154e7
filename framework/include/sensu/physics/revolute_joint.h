#pragma once
/// Revolute joint (hinge): the anchors of A and B stay at one point; B turns relative to A, optionally
/// between two angles, driven by a motor of bounded torque, or pulled toward the reference angle by a
/// rotational spring. Ragdoll shoulders, bridge planks, chains, doors.
#include "sensu/math.h"
#include "sensu/physics/body.h"

namespace sensu {

/// Everything a revolute joint (a hinge: the anchors coincide, B turns about them) is created from (World::CreateJoint).
struct RevoluteJointDef {
    ///@{
    /// distinct bodies, at least one dynamic
    BodyId bodyA{}, bodyB{};
    ///@}
    Vec2 localAnchorA{};          ///< m, anchor in A's frame
    Vec2 localAnchorB{};          ///< m, anchor in B's frame
    /// rad, angleB − angleA at which the joint angle is zero (the pose it was built in).
    float referenceAngle = 0.0f;
    bool enableLimit = false;     ///< keep the joint angle in [lowerAngle, upperAngle]
    float lowerAngle = 0.0f;      ///< rad, ≤ upperAngle
    float upperAngle = 0.0f;      ///< rad
    bool enableMotor = false;     ///< drive the relative angular speed toward motorSpeed
    float motorSpeed = 0.0f;      ///< rad/s, ωB − ωA the motor aims at
    float maxMotorTorque = 0.0f;  ///< N·m, ≥ 0: the most the motor can apply
    bool enableSpring = false;    ///< a rotational spring toward the reference angle
    float frequencyHz = 0.0f;     ///< Hz, ≥ 0: the spring's natural frequency
    float dampingRatio = 0.0f;    ///< ≥ 0: 1 is critical damping
    bool collideConnected = false;  ///< let A's and B's shapes touch
    void* userData = nullptr;     ///< not touched by the world
};

} // namespace sensu
