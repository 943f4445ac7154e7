#include "sensu_scenes/scene_def.h"

namespace sensu::scenes {

BuiltWorld BuildWorld(const SceneDef& scene, const SolverSettings& settings) {
    SolverSettings s = settings;
    s.velocityIterations = scene.velocityIterations;
    s.positionIterations = scene.positionIterations;
    BuiltWorld built{World({.gravity = scene.gravity, .settings = s}), {}, {}};
    built.bodies.reserve(scene.bodies.size() + scene.spawns.size());
    for (const SceneBody& body : scene.bodies) AddBody(built, body);
    built.joints.reserve(scene.joints.size());
    for (const SceneJoint& joint : scene.joints) {
        const BodyId a = built.bodies.at(static_cast<size_t>(joint.bodyA));
        const BodyId b = built.bodies.at(static_cast<size_t>(joint.bodyB));
        built.joints.push_back(std::visit(
            [&](auto def) {
                def.bodyA = a;
                def.bodyB = b;
                return built.world.CreateJoint(def);
            },
            joint.def));
    }
    return built;
}

BodyId AddBody(BuiltWorld& built, const SceneBody& body) {
    const BodyId id = built.world.CreateBody(body.body);
    for (const ShapeDef& shape : body.shapes) built.world.CreateShape(id, shape);
    built.bodies.push_back(id);
    return id;
}

} // namespace sensu::scenes
