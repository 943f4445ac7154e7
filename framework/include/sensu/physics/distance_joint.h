#pragma once
/// Distance joint: the distance between the two anchors.
/// - `enableSpring = false` (default): a rigid rod of `length`.
/// - `enableSpring = true`: the distance is free in [minLength, maxLength] and a spring of frequencyHz
///   pulls it toward `length` (frequencyHz = 0: no spring at all). A rope of length L is
///   `{.length = L, .minLength = 0, .maxLength = L, .enableSpring = true}`.
#include "sensu/math.h"
#include "sensu/physics/body.h"

namespace sensu {

/// Everything a distance joint (keeps two anchors at a length, or within a range; rope, spring) is created from (World::CreateJoint).
struct DistanceJointDef {
    ///@{
    /// distinct bodies, at least one dynamic
    BodyId bodyA{}, bodyB{};
    ///@}
    Vec2 localAnchorA{};          ///< m, anchor in A's frame
    Vec2 localAnchorB{};          ///< m, anchor in B's frame
    float length = 1.0f;          ///< m, > 0: rod length, or the spring's rest length
    float minLength = 0.0f;       ///< m, ≥ 0: shortest allowed with enableSpring (ignored by a rod)
    float maxLength = 1e6f;       ///< m, ≥ minLength: longest allowed with enableSpring (a rope's length)
    bool enableSpring = false;    ///< free between min and max, spring toward length
    float frequencyHz = 0.0f;     ///< Hz, ≥ 0 (0: no spring, a slack rope)
    float dampingRatio = 0.0f;    ///< ≥ 0: 1 is critical damping
    bool collideConnected = false;  ///< let A's and B's shapes touch
    void* userData = nullptr;     ///< not touched by the world
};

} // namespace sensu
