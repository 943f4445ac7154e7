#pragma once
// What the joint samples share: drawing a World's bodies (coloured by type and rest state) and joints
// (the mouse grab is the browser's, for every sample: sensu/app/mouse_grab.h).
#include "sensu/app/renderer.h"
#include "sensu/physics/world.h"

namespace sensu::joint_samples {

/// Every shape of every body: static green, kinematic blue, awake dynamic amber, frozen gray.
void DrawBodies(Renderer& r, const World& world);
/// Every joint: a line from each moving body's centre to its anchor and between the anchors,
/// anchors as dots. A joint whose reaction force exceeds `strainForce` (N, 0: never) is red.
void DrawJoints(Renderer& r, const World& world, float strainForce = 0.0f);

} // namespace sensu::joint_samples
