#include "joint_view.h"

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

} // namespace sensu::joint_samples
