#pragma once
/// SceneDef: one scene as plain data, so the same scene drives our World, the Box2D 2.4 baseline
/// (sensu_baseline), the benchmarks, the samples and the tests (Box2D v3's shared/ folder is the model).
#include <string>
#include <variant>
#include <vector>

#include "sensu/physics/world.h"

namespace sensu::scenes {

/// One body: its definition (type, pose, velocity) and its shapes (geometry, density, friction, restitution).
struct SceneBody {
    BodyDef body;
    std::vector<ShapeDef> shapes;
};

/// What "the scene still stands" means, checked on the dynamic bodies at the end of a run.
struct StandingCriteria {
    float idealTopY = 0.0f;     ///< m, ideal centre height of the highest body
    float topTolerance = 0.0f;  ///< m, allowed |top_y − idealTopY|
    float maxAngle = 1e30f;     ///< rad, allowed |angle| of every body
    float maxDrift = 1e30f;     ///< m, allowed |x − x0| of every body
};

/// A body added during a run, just before step `step` (1 = before the first step): rain, dropped crates.
struct SceneSpawn {
    int step = 1;
    SceneBody body;
};

/// One joint between two SceneDef bodies (indices into SceneDef::bodies). The def's own body ids are
/// ignored and filled in by each engine's builder; anchors, limits, motors and springs carry over.
/// A mouse joint pulls bodyB (its `body`); bodyA is the static body Box2D 2.4 hangs its mouse joint on
/// (sensu's needs none and ignores it).
struct SceneJoint {
    int bodyA = 0, bodyB = 0;
    std::variant<RevoluteJointDef, PrismaticJointDef, DistanceJointDef, WeldJointDef, WheelJointDef, MotorJointDef, MouseJointDef> def;
};

struct SceneDef {
    std::string name;
    Vec2 gravity{0.0f, -10.0f};  ///< m/s²
    float dt = 1.0f / 60.0f;     ///< s per step
    int steps = 500;             ///< steps of a benchmark run
    int velocityIterations = 8;
    int positionIterations = 3;
    std::vector<SceneBody> bodies;  ///< static and moving bodies, in creation order
    std::vector<SceneSpawn> spawns; ///< bodies added during the run, in order of `step`
    std::vector<SceneJoint> joints; ///< created after every body, in this order
    StandingCriteria standing;
};

/// Our world built from a scene, with the id of every SceneDef body and joint (same order).
struct BuiltWorld {
    World world;
    std::vector<BodyId> bodies;
    std::vector<JointId> joints;
};

/// Adds the scene's bodies and joints to an existing world (e.g. a ragdoll dropped by a sample),
/// appending their ids to `bodies` and `joints` in SceneDef order; the scene's gravity and settings are
/// not applied.
void AddToWorld(World& world, const SceneDef& scene, std::vector<BodyId>& bodies, std::vector<JointId>& joints);

/// Builds a World: gravity and iterations from the scene, every other solver setting from `settings`.
BuiltWorld BuildWorld(const SceneDef& scene, const SolverSettings& settings = {});

/// Creates one body with its shapes in a built world and appends its id to `built.bodies`.
BodyId AddBody(BuiltWorld& built, const SceneBody& body);

} // namespace sensu::scenes
