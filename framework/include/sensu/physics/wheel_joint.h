#pragma once
/// Wheel joint: B (the wheel) slides along an axis fixed in A (the chassis) on a suspension spring and
/// turns freely about its anchor; a motor of bounded torque drives the wheel's spin relative to A.
/// Optional translation limits bound the suspension travel.
#include "sensu/math.h"
#include "sensu/physics/body.h"

namespace sensu {

/// Everything a wheel joint (a wheel on a suspension axis of the chassis, free to spin) is created from (World::CreateJoint).
struct WheelJointDef {
    ///@{
    /// chassis and wheel: distinct bodies, at least one dynamic
    BodyId bodyA{}, bodyB{};
    ///@}
    Vec2 localAnchorA{};          ///< m, where the wheel hangs, in A's frame
    Vec2 localAnchorB{};          ///< m, the wheel's centre in B's frame (usually 0)
    Vec2 localAxisA{0.0f, 1.0f};  ///< the suspension direction in A's frame (non-zero; normalised)
    bool enableSpring = true;     ///< the suspension spring along the axis toward translation 0
    float frequencyHz = 4.0f;     ///< Hz, ≥ 0
    float dampingRatio = 0.7f;    ///< ≥ 0
    bool enableLimit = false;     ///< keep the translation in [lowerTranslation, upperTranslation]
    float lowerTranslation = 0.0f;  ///< m, ≤ upperTranslation
    float upperTranslation = 0.0f;  ///< m
    bool enableMotor = false;     ///< drive ωB − ωA toward motorSpeed
    float motorSpeed = 0.0f;      ///< rad/s (negative drives a wheel on the ground to the right)
    float maxMotorTorque = 0.0f;  ///< N·m, ≥ 0
    bool collideConnected = false;  ///< let A's and B's shapes touch
    void* userData = nullptr;     ///< not touched by the world
};

} // namespace sensu
