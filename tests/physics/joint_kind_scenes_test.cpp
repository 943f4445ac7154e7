// The joint-kind scenes (sensu_scenes/joint_kinds.h) end where physics says, in sensu alone, with rest
// states on and off: the same scenes sensu-bench-joint-kinds runs against Box2D 2.4 through the adapter.
#include <catch2/catch.hpp>
#include <cmath>

#include "sensu_scenes/joint_kinds.h"
#include "sensu_scenes/metrics.h"

using namespace sensu;

TEST_CASE("every joint kind's scene ends at its physical end state, rest states on and off", "[physics][joint]") {
    const std::vector<scenes::JointKindScene> kinds = scenes::JointKindScenes();
    REQUIRE(kinds.size() >= 7);
    for (const scenes::JointKindScene& k : kinds) {
        for (const bool rest : {false, true}) {
            INFO(k.scene.name << (rest ? ", rest states on" : ", rest states off"));
            SolverSettings settings;
            settings.restStates = rest;
            scenes::BuiltWorld built = scenes::BuildWorld(k.scene, settings);
            REQUIRE(built.joints.size() == k.scene.joints.size());
            for (int i = 0; i < k.scene.steps; ++i) built.world.Step(k.scene.dt);
            const BodyId body = built.bodies.at(static_cast<size_t>(k.body));
            if (k.positionTolerance >= 0.0f) CHECK(Length(built.world.GetPosition(body) - k.position) <= k.positionTolerance);
            if (k.angleTolerance >= 0.0f) CHECK(std::fabs(built.world.GetAngle(body) - k.angle) <= k.angleTolerance);
            if (k.velocityTolerance >= 0.0f) CHECK(Length(built.world.GetLinearVelocity(body) - k.velocity) <= k.velocityTolerance);
            if (k.angularVelocityTolerance >= 0.0f)
                CHECK(std::fabs(built.world.GetAngularVelocity(body) - k.angularVelocity) <= k.angularVelocityTolerance);
        }
    }
}

TEST_CASE("a SceneDef mouse joint pulls its body B and ignores body A", "[physics][joint]") {
    scenes::SceneDef scene;
    scene.bodies.push_back({.body = {.type = BodyType::Static}, .shapes = {}});
    scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .gravityScale = 0.0f}, .shapes = {{.geometry = Box({0.2f, 0.2f})}}});
    scene.joints.push_back({0, 1, MouseJointDef{.target = {1.0f, 2.0f}}});
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    REQUIRE(built.world.GetJointCount() == 1);
    for (int i = 0; i < 120; ++i) built.world.Step(scene.dt);
    CHECK(Length(built.world.GetPosition(built.bodies[1]) - Vec2{1.0f, 2.0f}) < 0.01f);
}
