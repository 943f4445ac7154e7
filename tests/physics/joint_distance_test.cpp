// Distance joints: a rope never longer than its length, a spring that oscillates at its frequency, a
// rod that keeps its length.
#include <catch2/catch.hpp>
#include <cmath>

#include "joint_test_util.h"

using namespace sensu;
using namespace sensu::testing;

TEST_CASE("A rope is never longer than its max length (plus linearSlop) and goes slack when pushed", "[joint][distance]") {
    World world;
    const BodyId anchor = AddStaticPoint(world, {0.0f, 10.0f});
    // Starts 0.5 m from the anchor with a sideways throw: free fall until the rope snaps taut at 2 m.
    const BodyId ball = AddCircle(world, {0.5f, 10.0f}, 0.1f);
    world.SetLinearVelocity(ball, {4.0f, 3.0f});
    const float length = 2.0f;
    const JointId rope = world.CreateJoint(
        DistanceJointDef{.bodyA = anchor, .bodyB = ball, .length = length, .minLength = 0.0f, .maxLength = length, .enableSpring = true});
    float longest = 0.0f, shortest = 1e9f;
    for (int i = 0; i < 600; ++i) {
        world.Step(kDt);
        longest = Max(longest, world.GetJointLength(rope));
        shortest = Min(shortest, world.GetJointLength(rope));
    }
    INFO("longest " << longest << " m");
    CHECK(longest <= length + world.GetSettings().linearSlop);
    CHECK(shortest < 1.0f);  // slack at the start: a rope does not push
    CHECK(world.GetJointLength(rope) == Approx(length).margin(world.GetSettings().linearSlop));
}

TEST_CASE("A distance spring oscillates at its frequency", "[joint][distance]") {
    const float frequency = 1.5f;
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId anchor = AddStaticPoint(world, {0.0f, 0.0f});
    const BodyId ball = AddCircle(world, {3.0f, 0.0f}, 0.2f, 5.0f);
    world.CreateJoint(DistanceJointDef{
        .bodyA = anchor, .bodyB = ball, .length = 2.0f, .minLength = 0.0f, .maxLength = 10.0f, .enableSpring = true, .frequencyHz = frequency});
    // Released 1 m beyond its rest length: x(t) = 2 + cos(2π f t). Upward crossings of the rest length.
    std::vector<float> crossings;
    float previous = 1.0f;
    for (int step = 1; step < 600 && crossings.size() < 6; ++step) {
        world.Step(kDt);
        const float x = world.GetPosition(ball).x - 2.0f;
        if (previous < 0.0f && x >= 0.0f) crossings.push_back(kDt * (static_cast<float>(step) - x / (x - previous)));
        previous = x;
    }
    REQUIRE(crossings.size() == 6);
    const float period = (crossings.back() - crossings.front()) / 5.0f;
    INFO("period " << period << " s, expected " << 1.0f / frequency);
    CHECK(period == Approx(1.0f / frequency).epsilon(0.02));
}

TEST_CASE("A rigid distance rod keeps its length while swinging", "[joint][distance]") {
    World world;
    const BodyId anchor = AddStaticPoint(world, {0.0f, 5.0f});
    const BodyId ball = AddCircle(world, {1.5f, 5.0f}, 0.1f);
    const JointId rod = world.CreateJoint(DistanceJointDef{.bodyA = anchor, .bodyB = ball, .length = 1.5f});
    float worst = 0.0f;
    for (int i = 0; i < 600; ++i) {
        world.Step(kDt);
        worst = Max(worst, std::fabs(world.GetJointLength(rod) - 1.5f));
    }
    CHECK(worst < world.GetSettings().linearSlop);
}
