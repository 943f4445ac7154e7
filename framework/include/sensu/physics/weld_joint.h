#pragma once
/// Weld joint: B keeps its pose relative to A (shared anchor point and relative angle). Rigid when
/// frequencyHz = 0, otherwise soft (both the point and the angle spring back with that frequency).
/// Breakable structures, soft bodies made of welded pieces.
#include "sensu/math.h"
#include "sensu/physics/body.h"

namespace sensu {

/// Everything a weld joint (holds B fixed relative to A, optionally springy) is created from (World::CreateJoint).
struct WeldJointDef {
    ///@{
    /// distinct bodies, at least one dynamic
    BodyId bodyA{}, bodyB{};
    ///@}
    Vec2 localAnchorA{};          ///< m, anchor in A's frame
    Vec2 localAnchorB{};          ///< m, anchor in B's frame
    float referenceAngle = 0.0f;  ///< rad, angleB − angleA kept by the joint
    float frequencyHz = 0.0f;     ///< Hz, ≥ 0: 0 is rigid
    float dampingRatio = 0.0f;    ///< ≥ 0, used when frequencyHz > 0
    bool collideConnected = false;  ///< let A's and B's shapes touch
    void* userData = nullptr;     ///< not touched by the world
};

} // namespace sensu
