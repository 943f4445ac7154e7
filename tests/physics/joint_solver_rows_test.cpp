// The solver's compact rows for plain revolute joints (no limit, motor or spring) against the general
// revolute rows, and the position pass's rotations (joint_rows.h: MoveBody) against unit length.
#include <catch2/catch.hpp>
#include <cmath>
#include <variant>

#include "joint_test_util.h"
#include "sensu_scenes/joints.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A motor that can exert no torque and asks for no speed applies exactly nothing, but puts the joint on
// the general rows (SolverJoint) instead of the compact plain ones.
void GiveIdleMotor(scenes::SceneJoint& joint) {
    auto& def = std::get<RevoluteJointDef>(joint.def);
    def.enableMotor = true;
    def.motorSpeed = 0.0f;
    def.maxMotorTorque = 0.0f;
}

float RotationLengthError(const World& world, BodyId body) {
    const Rot q = world.GetTransform(body).q;
    return std::abs(std::sqrt(q.c * q.c + q.s * q.s) - 1.0f);
}

} // namespace

TEST_CASE("Plain revolute joints move their bodies as the general revolute rows do", "[joint][revolute][rows]") {
    // A 12 x 12 joint grid (top row pinned) swinging down: every joint plain, every joint on the general
    // rows, and every other joint on each (the two kinds of rows interleaved in one solver pass).
    const scenes::SceneDef plainScene = scenes::JointGrid(12);
    scenes::SceneDef generalScene = plainScene, mixedScene = plainScene;
    for (size_t j = 0; j < plainScene.joints.size(); ++j) {
        GiveIdleMotor(generalScene.joints[j]);
        if (j % 2 == 1) GiveIdleMotor(mixedScene.joints[j]);
    }
    SolverSettings settings;
    settings.restStates = false;
    scenes::BuiltWorld plain = scenes::BuildWorld(plainScene, settings);
    scenes::BuiltWorld general = scenes::BuildWorld(generalScene, settings);
    scenes::BuiltWorld mixed = scenes::BuildWorld(mixedScene, settings);
    for (int step = 0; step < 240; ++step) {
        for (scenes::BuiltWorld* built : {&plain, &general, &mixed}) built->world.Step(plainScene.dt);
        float worstPosition = 0.0f, worstAngle = 0.0f, worstReaction = 0.0f;
        for (size_t b = 0; b < plain.bodies.size(); ++b) {
            const Vec2 p = plain.world.GetPosition(plain.bodies[b]);
            const float angle = plain.world.GetAngle(plain.bodies[b]);
            for (const scenes::BuiltWorld* other : {&general, &mixed}) {
                worstPosition = Max(worstPosition, Length(other->world.GetPosition(other->bodies[b]) - p));
                worstAngle = Max(worstAngle, std::abs(other->world.GetAngle(other->bodies[b]) - angle));
            }
        }
        for (size_t j = 0; j < plain.joints.size(); ++j) {
            const Vec2 force = plain.world.GetReactionForce(plain.joints[j]);
            for (const scenes::BuiltWorld* other : {&general, &mixed}) {
                worstReaction = Max(worstReaction, Length(other->world.GetReactionForce(other->joints[j]) - force));
                REQUIRE(other->world.GetReactionTorque(other->joints[j]) == 0.0f);
            }
            REQUIRE(plain.world.GetReactionTorque(plain.joints[j]) == 0.0f);
        }
        INFO("step " << step);
        REQUIRE(worstPosition < 1e-4f);   // m
        REQUIRE(worstAngle < 1e-4f);      // rad
        REQUIRE(worstReaction < 1e-3f);   // N (a body weighs 1.3 N)
    }
}

TEST_CASE("The joint position pass keeps every rotation unit length, for small and large corrections", "[joint][revolute][rows]") {
    // Chains whose links start off their anchors by 0.5 cm to 1 m: the position pass turns the links
    // by small angles (renormalised by the series) and by large ones (renormalised exactly).
    for (const float offset : {0.005f, 0.05f, 0.2f, 1.0f}) {
        World world;
        BodyId previous = AddStaticPoint(world, {0.0f, 10.0f});
        std::vector<BodyId> links;
        for (int i = 0; i < 10; ++i) {
            const Vec2 hinge{0.5f * static_cast<float>(i), 10.0f};
            const BodyId link = world.CreateBody({.type = BodyType::Dynamic, .position = hinge + Vec2{0.25f, offset}, .angle = 0.3f * i});
            world.CreateShape(link, {.geometry = Box({0.25f, 0.05f}), .density = 5.0f});
            world.CreateJoint(RevoluteJointDef{.bodyA = previous,
                                               .bodyB = link,
                                               .localAnchorA = i == 0 ? Vec2{} : Vec2{0.25f, 0.0f},
                                               .localAnchorB = {-0.25f, 0.0f}});
            links.push_back(link);
            previous = link;
        }
        for (int step = 0; step < 60; ++step) {
            world.Step(1.0f / 60.0f);
            for (BodyId link : links) {
                INFO("offset " << offset << " m, step " << step);
                REQUIRE(RotationLengthError(world, link) < 1e-6f);
            }
        }
    }
}
