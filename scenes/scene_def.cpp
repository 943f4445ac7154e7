#include "sensu_scenes/scene_def.h"

#include <type_traits>

namespace sensu::scenes {

void AddToWorld(World& world, const SceneDef& scene, std::vector<BodyId>& bodies, std::vector<JointId>& joints) {
    const size_t first = bodies.size();
    for (const SceneBody& body : scene.bodies) {
        const BodyId id = world.CreateBody(body.body);
        for (const ShapeDef& shape : body.shapes) world.CreateShape(id, shape);
        bodies.push_back(id);
    }
    for (const SceneJoint& joint : scene.joints) {
        const BodyId a = bodies.at(first + static_cast<size_t>(joint.bodyA));
        const BodyId b = bodies.at(first + static_cast<size_t>(joint.bodyB));
        joints.push_back(std::visit(
            [&](auto def) {
                if constexpr (std::is_same_v<decltype(def), MouseJointDef>) {
                    def.body = b;
                } else {
                    def.bodyA = a;
                    def.bodyB = b;
                }
                return world.CreateJoint(def);
            },
            joint.def));
    }
}

BuiltWorld BuildWorld(const SceneDef& scene, const SolverSettings& settings) {
    SolverSettings s = settings;
    s.velocityIterations = scene.velocityIterations;
    s.positionIterations = scene.positionIterations;
    BuiltWorld built{World({.gravity = scene.gravity, .settings = s}), {}, {}};
    built.bodies.reserve(scene.bodies.size() + scene.spawns.size());
    built.joints.reserve(scene.joints.size());
    AddToWorld(built.world, scene, built.bodies, built.joints);
    return built;
}

BodyId AddBody(BuiltWorld& built, const SceneBody& body) {
    const BodyId id = built.world.CreateBody(body.body);
    for (const ShapeDef& shape : body.shapes) built.world.CreateShape(id, shape);
    built.bodies.push_back(id);
    return id;
}

} // namespace sensu::scenes
