#pragma once
/// The sample browser's mouse grab, as Box2D's samples have it: a left press on a dynamic body grabs
/// it with a mouse joint, dragging moves the joint's target, release lets go. Works for every sample
/// that names its World through Sample::GrabWorld(); StepSample and DrawSample are what the browser
/// (and the tests) call instead of Sample::Step and Sample::Draw.
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/physics/world.h"

namespace sensu {

/// The dynamic body with the lowest-indexed non-sensor shape under `point` (m, within 1 cm), found with
/// an overlap query (world_queries.h), or an invalid id. Rested (frozen) bodies count: grabbing one wakes
/// its pile.
BodyId DynamicBodyAt(const World& world, Vec2 point);

/// Left-drag any dynamic body through a mouse joint (max force 1000 N per kg of the body, the joint's
/// default 5 Hz stiffness and 0.7 damping ratio). Creating the joint wakes the body's pile.
class MouseGrab {
public:
    /// Grabs on a left press over a dynamic body, moves the target while the button is held, lets go on
    /// release (or when the joint or its body was destroyed, or `world` is not the world of the grab).
    /// Returns true when this step's left press was used to grab (the sample must not see it).
    bool Update(World& world, const Input& input);
    /// Line from the grabbed point to the cursor target, when grabbing.
    void Draw(Renderer& renderer, const World& world) const;
    /// True while a body is held.
    bool active() const { return active_; }

private:
    const World* world_ = nullptr;  // the world of joint_: ids of another world mean nothing
    JointId joint_{};
    BodyId body_{};
    bool active_ = false;
};

/// One fixed step of `sample` with the grab applied first to its GrabWorld() (when it has one); a press
/// used to grab is removed from the input the sample sees.
void StepSample(Sample& sample, MouseGrab& grab, const Input& input);
/// Draws `sample`, then the grab's line on top.
void DrawSample(Sample& sample, const MouseGrab& grab, Renderer& renderer);

} // namespace sensu
