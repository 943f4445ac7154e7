#pragma once
// What the joint samples share: drawing a World's bodies (coloured by type and rest state) and joints,
// and the mouse grab (left-drag any dynamic body through a mouse joint, as Box2D's samples do).
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/physics/world.h"

namespace sensu::joint_samples {

/// Every shape of every body: static green, kinematic blue, awake dynamic amber, frozen gray.
void DrawBodies(Renderer& r, const World& world);
/// Every joint: a line from each moving body's centre to its anchor and between the anchors,
/// anchors as dots. A joint whose reaction force exceeds `strainForce` (N, 0: never) is red.
void DrawJoints(Renderer& r, const World& world, float strainForce = 0.0f);
/// The first dynamic body with a shape under `point` (m), or an invalid id.
BodyId DynamicBodyAt(const World& world, Vec2 point);

/// Left press on a dynamic body grabs it with a mouse joint (max force 1000 N per kg of the body, 5 Hz,
/// damping 0.7; creating the joint wakes its pile), dragging moves the target, release lets go.
class MouseGrab {
public:
    /// Returns true when the press was used to grab (the sample then ignores it).
    bool Update(World& world, const Input& input);
    void Draw(Renderer& r, const World& world) const;
    bool active() const { return active_; }

private:
    JointId joint_{};
    bool active_ = false;
};

} // namespace sensu::joint_samples
