// Weld, mouse and motor joints.
#include <catch2/catch.hpp>
#include <cmath>

#include "joint_test_util.h"

using namespace sensu;
using namespace sensu::testing;

TEST_CASE("A rigid weld holds a cantilever; a soft weld bends and springs back", "[joint][weld]") {
    for (const float frequency : {0.0f, 3.0f}) {
        World world(WorldDef{.settings = {.restStates = false}});  // a frozen joint reports no reaction
        const BodyId wall = AddStaticPoint(world, {0.0f, 5.0f});
        const BodyId beam = AddBox(world, {1.0f, 5.0f}, {1.0f, 0.1f});
        const JointId weld =
            world.CreateJoint(AnchoredAt(world, WeldJointDef{.bodyA = wall, .bodyB = beam, .frequencyHz = frequency, .dampingRatio = 1.0f},
                                         {0.0f, 5.0f}));
        StepN(world, 300);
        INFO("frequency " << frequency);
        if (frequency == 0.0f) {
            CHECK(std::fabs(world.GetAngle(beam)) < 2.0f * kPi / 180.0f);
            CHECK(Distance(world.GetPosition(beam), {1.0f, 5.0f}) < 2.0f * world.GetSettings().linearSlop);
        } else {
            CHECK(world.GetAngle(beam) < -0.01f);  // sags under its weight
            CHECK(world.GetAngle(beam) > -0.5f);
        }
        // Static equilibrium: the weld carries the beam's weight and its moment m g · 1 m.
        const float weight = world.GetMass(beam) * 10.0f;
        CHECK(world.GetReactionForce(weld).y == Approx(weight).epsilon(0.02));
        CHECK(std::fabs(world.GetReactionTorque(weld)) == Approx(weight * 1.0f).epsilon(0.05));
    }
}

TEST_CASE("A mouse joint drags a body to its target, with at most maxForce", "[joint][mouse]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0.0f, 0.5f}, {0.5f, 0.5f});  // 1 kg
    StepN(world, 60);
    const JointId grab = world.CreateJoint(MouseJointDef{.body = box, .target = {3.0f, 3.0f}, .maxForce = 100.0f});
    CHECK(world.IsAwake(box));
    StepN(world, 240);
    CHECK(Distance(world.GetPosition(box), {3.0f, 3.0f}) < 0.05f);
    world.SetTarget(grab, {3.0f, 30.0f});
    world.Step(kDt);
    CHECK(Length(world.GetReactionForce(grab)) <= 100.0f * 1.0001f);
    world.DestroyJoint(grab);
    CHECK_FALSE(world.IsValid(grab));
}

TEST_CASE("A motor joint drives B to its offset and angle", "[joint][motor]") {
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId base = AddStaticPoint(world, {1.0f, 1.0f});
    const BodyId platform = AddBox(world, {1.0f, 1.0f}, {1.0f, 0.1f});
    world.CreateJoint(MotorJointDef{
        .bodyA = base, .bodyB = platform, .linearOffset = {2.0f, 1.0f}, .angularOffset = 0.5f, .maxForce = 50.0f, .maxTorque = 20.0f});
    StepN(world, 300);
    CHECK(Distance(world.GetPosition(platform), {3.0f, 2.0f}) < 0.01f);
    CHECK(world.GetAngle(platform) == Approx(0.5f).margin(0.01f));
}
