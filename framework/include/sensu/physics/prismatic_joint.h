#pragma once
/// Prismatic joint (slider): B slides along an axis fixed in A and does not turn relative to A;
/// optional translation limits, a motor of bounded force and a spring toward translation 0. Pistons,
/// elevators, sliding doors.
#include "sensu/math.h"
#include "sensu/physics/body.h"

namespace sensu {

/// Everything a prismatic joint (B slides along an axis fixed in A, no relative rotation) is created from (World::CreateJoint).
struct PrismaticJointDef {
    ///@{
    /// distinct bodies, at least one dynamic
    BodyId bodyA{}, bodyB{};
    ///@}
    Vec2 localAnchorA{};          ///< m, anchor in A's frame
    Vec2 localAnchorB{};          ///< m, anchor in B's frame
    Vec2 localAxisA{1.0f, 0.0f};  ///< the sliding direction in A's frame (non-zero; normalised)
    float referenceAngle = 0.0f;  ///< rad, angleB − angleA kept by the joint
    bool enableLimit = false;     ///< keep the translation in [lowerTranslation, upperTranslation]
    float lowerTranslation = 0.0f;  ///< m, ≤ upperTranslation
    float upperTranslation = 0.0f;  ///< m
    bool enableMotor = false;     ///< drive the sliding speed toward motorSpeed
    float motorSpeed = 0.0f;      ///< m/s
    float maxMotorForce = 0.0f;   ///< N, ≥ 0
    bool enableSpring = false;    ///< a spring along the axis toward translation 0
    float frequencyHz = 0.0f;     ///< Hz, ≥ 0
    float dampingRatio = 0.0f;    ///< ≥ 0
    bool collideConnected = false;  ///< let A's and B's shapes touch
    void* userData = nullptr;     ///< not touched by the world
};

} // namespace sensu
