#pragma once
/// Joint anchors from one world point, as games place joints: `world.CreateJoint(AnchoredAt(world,
/// RevoluteJointDef{.bodyA = a, .bodyB = b, .enableLimit = true}, hinge))` sets localAnchorA and
/// localAnchorB to the world point `hinge` in each body's frame and, for the kinds that have one, the
/// reference angle to the bodies' current relative angle. Throws InvalidArgument for stale body ids or
/// a non-finite point.
#include <concepts>

#include "sensu/physics/world.h"

namespace sensu {

/// The joint def with both local anchors set to the world point `worldAnchor` (m) as seen from
/// each body, e.g. `world.CreateJoint(AnchoredAt(world, RevoluteJointDef{...}, hinge))`.
template <class Def>
    requires requires(Def d) { d.localAnchorA; d.localAnchorB; d.bodyA; d.bodyB; }
Def AnchoredAt(const World& world, Def def, Vec2 worldAnchor) {
    def.localAnchorA = world.GetLocalPoint(def.bodyA, worldAnchor);
    def.localAnchorB = world.GetLocalPoint(def.bodyB, worldAnchor);
    if constexpr (requires { def.referenceAngle; }) def.referenceAngle = world.GetAngle(def.bodyB) - world.GetAngle(def.bodyA);
    return def;
}

} // namespace sensu
