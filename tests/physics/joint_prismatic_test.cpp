// Prismatic and wheel joints: limits held within linearSlop, the axis kept, a motor at its speed, a
// suspension spring at its frequency, a car driving on its wheels.
#include <catch2/catch.hpp>
#include <cmath>

#include "joint_test_util.h"

using namespace sensu;
using namespace sensu::testing;

TEST_CASE("A prismatic limit is never exceeded by more than linearSlop and the body stays on its axis", "[joint][prismatic]") {
    World world;
    const BodyId ground = AddStaticPoint(world, {0.0f, 10.0f});
    const BodyId slider = AddBox(world, {0.0f, 10.0f}, {0.3f, 0.3f});
    // Axis tilted 30° from vertical; falling under gravity into the lower limit, then thrown into the upper.
    const Vec2 axis{std::sin(0.5236f), std::cos(0.5236f)};
    const JointId joint = world.CreateJoint(PrismaticJointDef{
        .bodyA = ground, .bodyB = slider, .localAxisA = axis, .enableLimit = true, .lowerTranslation = -2.0f, .upperTranslation = 1.0f});
    const float slop = world.GetSettings().linearSlop;
    float worst = 0.0f, offAxis = 0.0f, turned = 0.0f;
    for (int i = 0; i < 400; ++i) {
        if (i == 200) world.SetLinearVelocity(slider, 20.0f * axis);
        world.Step(kDt);
        const float t = world.GetJointTranslation(joint);
        worst = Max(worst, Max(-2.0f - t, t - 1.0f));
        offAxis = Max(offAxis, std::fabs(Cross(axis, world.GetPosition(slider) - Vec2{0.0f, 10.0f})));
        turned = Max(turned, std::fabs(world.GetAngle(slider)));
    }
    INFO("worst excess " << worst << " m, off axis " << offAxis << " m, turned " << turned << " rad");
    CHECK(worst <= slop);
    CHECK(offAxis <= slop);
    CHECK(turned <= 2.0f * kPi / 180.0f);
}

TEST_CASE("A prismatic motor drives at its speed against gravity within its max force", "[joint][prismatic]") {
    World world;
    const BodyId ground = AddStaticPoint(world, {0.0f, 0.0f});
    const BodyId lift = AddBox(world, {0.0f, 0.0f}, {0.5f, 0.5f});  // 1 kg
    const JointId joint = world.CreateJoint(PrismaticJointDef{
        .bodyA = ground, .bodyB = lift, .localAxisA = {0.0f, 1.0f}, .enableMotor = true, .motorSpeed = 1.0f, .maxMotorForce = 50.0f});
    StepN(world, 60);
    CHECK(world.GetLinearVelocity(lift).y == Approx(1.0f).epsilon(1e-3));
    CHECK(world.GetReactionForce(joint).y == Approx(10.0f).epsilon(0.01));  // holding 1 kg at constant speed
    world.SetMaxMotorForce(joint, 5.0f);  // less than the weight: it sinks, at g − F/m
    StepN(world, 60);
    CHECK(world.GetLinearVelocity(lift).y == Approx(1.0f - 5.0f).epsilon(0.02));
}

TEST_CASE("A wheel joint's suspension oscillates at its frequency and its motor spins the wheel", "[joint][wheel]") {
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId chassis = AddStaticPoint(world, {0.0f, 0.0f});
    const BodyId wheel = AddCircle(world, {0.0f, 0.5f}, 0.4f);
    const float frequency = 2.0f;
    const JointId joint = world.CreateJoint(WheelJointDef{.bodyA = chassis, .bodyB = wheel, .localAnchorA = {0.0f, 0.0f},
                                                          .frequencyHz = frequency, .dampingRatio = 0.0f, .enableMotor = true,
                                                          .motorSpeed = -4.0f, .maxMotorTorque = 100.0f});
    std::vector<float> crossings;
    float previous = 0.5f;
    for (int step = 1; step < 600 && crossings.size() < 5; ++step) {
        world.Step(kDt);
        const float y = world.GetJointTranslation(joint);
        if (previous < 0.0f && y >= 0.0f) crossings.push_back(kDt * (static_cast<float>(step) - y / (y - previous)));
        previous = y;
    }
    REQUIRE(crossings.size() == 5);
    CHECK((crossings.back() - crossings.front()) / 4.0f == Approx(1.0f / frequency).epsilon(0.02));
    CHECK(world.GetAngularVelocity(wheel) == Approx(-4.0f).epsilon(1e-3));
    CHECK(std::fabs(world.GetPosition(wheel).x) < world.GetSettings().linearSlop);
}

TEST_CASE("A car on wheel joints drives forward on flat ground", "[joint][wheel]") {
    World world;
    AddGround(world);
    const BodyId chassis = AddBox(world, {0.0f, 1.0f}, {1.0f, 0.25f});
    JointId motors[2];
    BodyId wheels[2];
    for (int i = 0; i < 2; ++i) {
        const Vec2 at{i == 0 ? -0.7f : 0.7f, 0.45f};
        wheels[i] = AddCircle(world, at, 0.4f);
        motors[i] = world.CreateJoint(AnchoredAt(world, WheelJointDef{.bodyA = chassis, .bodyB = wheels[i], .enableMotor = true,
                                                                     .motorSpeed = -10.0f, .maxMotorTorque = 20.0f},
                                                 at));
    }
    StepN(world, 180);
    CHECK(world.GetPosition(chassis).x > 3.0f);
    CHECK(std::fabs(world.GetAngle(chassis)) < 0.3f);
    CHECK(world.GetPosition(chassis).y > 0.5f);  // still on its wheels
    CHECK(world.IsValid(motors[1]));
}
