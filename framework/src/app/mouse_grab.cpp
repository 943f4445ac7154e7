#include "sensu/app/mouse_grab.h"

#include <vector>

#include "sensu/app/color.h"
#include "sensu/physics/world_queries.h"

namespace sensu {

BodyId DynamicBodyAt(const World& world, Vec2 point) {
    // A point with a 1 cm tolerance, so thin shapes can be picked; frozen bodies included (the default).
    std::vector<ShapeId> shapes;
    OverlapShape(world, Circle(point, 0.01f), Transform{}, QueryFilter{}, shapes);
    for (ShapeId shape : shapes) {  // sorted by shape index: the same body whatever the broad phase
        const BodyId body = world.GetBody(shape);
        if (world.GetType(body) == BodyType::Dynamic) return body;
    }
    return {};
}

bool MouseGrab::Update(World& world, const Input& input) {
    // A sample may rebuild its world; a joint id of the old one must never touch the new one. The
    // joint must also still be the mouse joint on the body grabbed (not a new joint in a reused slot).
    if (active_ && (&world != world_ || !world.IsValid(joint_) || world.GetType(joint_) != JointType::Mouse ||
                    world.GetBodyB(joint_) != body_)) {
        active_ = false;
    }
    if (active_ && !input.Down(MouseButton::Left)) {
        world.DestroyJoint(joint_);
        active_ = false;
        return false;
    }
    if (active_) {
        world.SetTarget(joint_, input.mouseWorld);
        return false;
    }
    if (input.uiCapturedMouse || !input.Pressed(MouseButton::Left)) return false;
    const BodyId body = DynamicBodyAt(world, input.mouseWorld);
    if (!world.IsValid(body)) return false;
    joint_ = world.CreateJoint(MouseJointDef{.body = body, .localAnchor = world.GetLocalPoint(body, input.mouseWorld),
                                             .target = input.mouseWorld, .maxForce = 1000.0f * world.GetMass(body)});
    world_ = &world;
    body_ = body;
    active_ = true;
    return true;
}

void MouseGrab::Draw(Renderer& renderer, const World& world) const {
    if (!active_ || &world != world_ || !world.IsValid(joint_)) return;
    renderer.DrawSegment(world.GetAnchorA(joint_), world.GetAnchorB(joint_), colors::kHighlight);
    renderer.DrawPoint(world.GetAnchorA(joint_), 6.0f, colors::kHighlight);
}

void StepSample(Sample& sample, MouseGrab& grab, const Input& input) {
    World* world = sample.GrabWorld();
    if (world && grab.Update(*world, input)) {
        Input seen = input;
        seen.mousePressed[static_cast<int>(MouseButton::Left)] = false;
        sample.Step(seen);
        return;
    }
    sample.Step(input);
}

void DrawSample(Sample& sample, const MouseGrab& grab, Renderer& renderer) {
    sample.Draw(renderer);
    if (const World* world = sample.GrabWorld()) grab.Draw(renderer, *world);
}

} // namespace sensu
