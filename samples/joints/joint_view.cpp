#include "joint_view.h"

#include "sensu/geometry/overlap.h"

namespace sensu::joint_samples {

namespace {

Color BodyColor(const World& world, BodyId body) {
    switch (world.GetType(body)) {
        case BodyType::Static: return colors::kStatic;
        case BodyType::Kinematic: return colors::kKinematic;
        case BodyType::Dynamic: return world.IsAwake(body) ? colors::kDynamic : colors::kResting;
    }
    return colors::kDynamic;
}

} // namespace

void DrawBodies(Renderer& r, const World& world) {
    std::vector<BodyId> bodies;
    world.GetBodies(bodies);
    for (BodyId body : bodies) {
        const Transform xf = world.GetTransform(body);
        const Color color = BodyColor(world, body);
        for (ShapeId shape : world.GetShapes(body)) {
            std::visit([&](const auto& g) { r.DrawShape(g, xf, color); }, world.GetGeometry(shape));
        }
    }
}

void DrawJoints(Renderer& r, const World& world, float strainForce) {
    std::vector<JointId> joints;
    world.GetJoints(joints);
    for (JointId joint : joints) {
        const Vec2 a = world.GetAnchorA(joint);
        const Vec2 b = world.GetAnchorB(joint);
        const bool strained = strainForce > 0.0f && Length(world.GetReactionForce(joint)) > strainForce;
        const Color color = strained ? colors::kRed : colors::kCyan;
        // Arms from the centres of the moving bodies (a static body's origin may be anywhere).
        const BodyId bodyA = world.GetBodyA(joint), bodyB = world.GetBodyB(joint);
        if (world.GetType(joint) != JointType::Mouse && world.GetType(bodyA) != BodyType::Static)
            r.DrawSegment(world.GetWorldCenter(bodyA), a, color.Faded(0.5f));
        r.DrawSegment(a, b, color);
        if (world.GetType(bodyB) != BodyType::Static) r.DrawSegment(b, world.GetWorldCenter(bodyB), color.Faded(0.5f));
        r.DrawPoint(a, 4.0f, color);
        r.DrawPoint(b, 4.0f, color);
    }
}

BodyId DynamicBodyAt(const World& world, Vec2 point) {
    std::vector<BodyId> bodies;
    world.GetBodies(bodies);
    const Circle probe(point, 0.01f);
    for (BodyId body : bodies) {
        if (world.GetType(body) != BodyType::Dynamic) continue;
        const Transform xf = world.GetTransform(body);
        for (ShapeId shape : world.GetShapes(body)) {
            const bool hit = std::visit([&](const auto& g) { return Overlap(probe, Transform{}, g, xf); }, world.GetGeometry(shape));
            if (hit) return body;
        }
    }
    return {};
}

bool MouseGrab::Update(World& world, const Input& input) {
    if (active_ && !world.IsValid(joint_)) active_ = false;  // its body was destroyed
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
    active_ = true;
    return true;
}

void MouseGrab::Draw(Renderer& r, const World& world) const {
    if (!active_ || !world.IsValid(joint_)) return;
    r.DrawSegment(world.GetAnchorA(joint_), world.GetAnchorB(joint_), colors::kHighlight);
    r.DrawPoint(world.GetAnchorA(joint_), 6.0f, colors::kHighlight);
}

} // namespace sensu::joint_samples
