// Revolute joints against analytic results: a loaded chain that does not stretch, the small-angle
// pendulum period, limits, motors, the reaction force of a hanging body, energy.
#include <catch2/catch.hpp>
#include <cmath>

#include "joint_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A pendulum: a small dense ball on a massless rod of length L, hinged at `pivot` (static body).
struct Pendulum {
    BodyId pivot, bob;
    JointId joint;
};

Pendulum MakePendulum(World& world, Vec2 pivotAt, float length, float angle, float ballRadius = 0.02f) {
    Pendulum p;
    p.pivot = AddStaticPoint(world, pivotAt);
    p.bob = AddCircle(world, pivotAt + length * Vec2{std::sin(angle), -std::cos(angle)}, ballRadius, 100.0f);
    p.joint = world.CreateJoint(AnchoredAt(world, RevoluteJointDef{.bodyA = p.pivot, .bodyB = p.bob}, pivotAt));
    return p;
}

} // namespace

TEST_CASE("A 20-link revolute chain holding a body 10x a link's mass stretches < 1 % at rest", "[joint][revolute]") {
    World world;
    const float linkLength = 0.5f;
    const Vec2 top{0.0f, 20.0f};
    BodyId previous = AddStaticPoint(world, top);
    float linkMass = 0.0f;
    for (int i = 0; i < 20; ++i) {
        const Vec2 center = top - Vec2{0.0f, (static_cast<float>(i) + 0.5f) * linkLength};
        const BodyId link = world.CreateBody({.type = BodyType::Dynamic, .position = center});
        world.CreateShape(link, {.geometry = Box({0.06f, 0.5f * linkLength}), .density = 20.0f});
        linkMass = world.GetMass(link);
        world.CreateJoint(AnchoredAt(world, RevoluteJointDef{.bodyA = previous, .bodyB = link}, center + Vec2{0.0f, 0.5f * linkLength}));
        previous = link;
    }
    const Vec2 end = top - Vec2{0.0f, 20.0f * linkLength};
    const float radius = 0.3f;
    const BodyId load = world.CreateBody({.type = BodyType::Dynamic, .position = end - Vec2{0.0f, radius}});
    world.CreateShape(load, {.geometry = Circle({0.0f, 0.0f}, radius), .density = 10.0f * linkMass / (kPi * radius * radius)});
    REQUIRE(world.GetMass(load) == Approx(10.0f * linkMass).epsilon(1e-4));
    world.CreateJoint(AnchoredAt(world, RevoluteJointDef{.bodyA = previous, .bodyB = load}, end));
    StepN(world, 600);
    const float hangingLength = top.y - (world.GetWorldCenter(load).y + radius);
    INFO("chain length at rest " << hangingLength << " m of " << 20.0f * linkLength);
    CHECK(hangingLength < 1.01f * 20.0f * linkLength);
    CHECK(hangingLength > 0.99f * 20.0f * linkLength);
    CHECK(Length(world.GetLinearVelocity(load)) < 0.05f);
}

TEST_CASE("A rigid pendulum's small-angle period is within 1 % of 2 pi sqrt(L/g) over 10 periods", "[joint][revolute]") {
    World world;
    const float L = 2.0f;
    const Pendulum p = MakePendulum(world, {0.0f, 5.0f}, L, 0.05f);
    const float expected = kTwoPi * std::sqrt(L / 10.0f);
    // Times the bob crosses x = 0 going right; 10 periods = the 11th crossing minus the first.
    std::vector<float> crossings;
    float previousX = world.GetPosition(p.bob).x;
    for (int step = 1; step < 60 * 40 && crossings.size() < 11; ++step) {
        world.Step(kDt);
        const float x = world.GetPosition(p.bob).x;
        if (previousX < 0.0f && x >= 0.0f) crossings.push_back(kDt * (static_cast<float>(step) - x / (x - previousX)));
        previousX = x;
    }
    REQUIRE(crossings.size() == 11);
    const float period = (crossings.back() - crossings.front()) / 10.0f;
    INFO("period " << period << " s, expected " << expected);
    CHECK(std::fabs(period - expected) < 0.01f * expected);
}

TEST_CASE("A revolute limit is never exceeded by more than 2 degrees", "[joint][revolute]") {
    World world;
    const BodyId ground = AddStaticPoint(world, {0.0f, 5.0f});
    // A heavy bar released horizontally swings down into the lower limit at −π/4 from the pose it was built.
    const BodyId bar = AddBox(world, {1.0f, 5.0f}, {1.0f, 0.1f});
    const float lower = -kPi / 4.0f, upper = kPi / 8.0f;
    const JointId joint = world.CreateJoint(AnchoredAt(
        world, RevoluteJointDef{.bodyA = ground, .bodyB = bar, .enableLimit = true, .lowerAngle = lower, .upperAngle = upper}, {0.0f, 5.0f}));
    float worst = 0.0f;
    for (int i = 0; i < 300; ++i) {
        if (i == 120) world.SetAngularVelocity(bar, 30.0f);  // slam it into the upper limit
        world.Step(kDt);
        const float angle = world.GetJointAngle(joint);
        worst = Max(worst, Max(lower - angle, angle - upper));
    }
    INFO("worst excess " << worst * 180.0f / kPi << " deg");
    CHECK(worst < 2.0f * kPi / 180.0f);
    CHECK(world.GetJointAngle(joint) == Approx(lower).margin(2.0f * kPi / 180.0f));
}

TEST_CASE("A revolute motor reaches its speed, and accelerates at max torque / inertia until then", "[joint][revolute]") {
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId ground = AddStaticPoint(world, {0.0f, 0.0f});
    const BodyId wheel = AddCircle(world, {0.0f, 0.0f}, 0.5f);
    const float inertia = world.GetInertia(wheel);
    const float torque = 2.0f, speed = 3.0f;
    world.CreateJoint(RevoluteJointDef{.bodyA = ground, .bodyB = wheel, .enableMotor = true, .motorSpeed = speed, .maxMotorTorque = torque});
    StepN(world, 6);
    const float expected = torque / inertia * 6.0f * kDt;
    REQUIRE(expected < speed);
    CHECK(world.GetAngularVelocity(wheel) == Approx(expected).epsilon(0.01));
    StepN(world, 600);
    CHECK(world.GetAngularVelocity(wheel) == Approx(speed).epsilon(1e-3));
}

TEST_CASE("The reaction force of a hanging body equals its weight", "[joint][revolute]") {
    World world(WorldDef{.settings = {.restStates = false}});  // a frozen joint reports no reaction
    const Pendulum p = MakePendulum(world, {0.0f, 5.0f}, 1.0f, 0.0f, 0.2f);
    StepN(world, 120);
    const Vec2 force = world.GetReactionForce(p.joint);
    const float weight = world.GetMass(p.bob) * 10.0f;
    INFO("reaction " << force.x << ", " << force.y << " N; weight " << weight << " N");
    CHECK(force.y == Approx(weight).epsilon(0.01));
    CHECK(std::fabs(force.x) < 0.01f * weight);
}

TEST_CASE("A swinging pendulum does not gain energy; a free jointed pair keeps its momentum", "[joint][revolute]") {
    SECTION("energy") {
        World world;
        MakePendulum(world, {0.0f, 5.0f}, 1.5f, 1.2f, 0.1f);
        const float start = MechanicalEnergy(world);
        float most = start;
        for (int i = 0; i < 1200; ++i) {
            world.Step(kDt);
            most = Max(most, MechanicalEnergy(world));
        }
        INFO("start " << start << " J, most " << most << " J");
        CHECK(most <= start + 0.005f * std::fabs(start));
    }
    SECTION("momentum") {
        World world(WorldDef{.gravity = {0.0f, 0.0f}});
        const BodyId a = AddBox(world, {0.0f, 0.0f}, {0.5f, 0.2f}, 0.0f, {1.0f, 0.5f}, 2.0f);
        const BodyId b = AddCircle(world, {1.2f, 0.0f}, 0.3f, 2.0f);
        world.SetLinearVelocity(b, {-2.0f, 1.0f});
        world.CreateJoint(AnchoredAt(world, RevoluteJointDef{.bodyA = a, .bodyB = b}, {0.8f, 0.0f}));
        auto momentum = [&] { return world.GetMass(a) * world.GetLinearVelocity(a) + world.GetMass(b) * world.GetLinearVelocity(b); };
        const Vec2 start = momentum();
        StepN(world, 300);
        CHECK(Length(momentum() - start) < 1e-3f * (1.0f + Length(start)));
    }
}
