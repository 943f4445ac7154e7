// The pre-solve hook (contact_events.h): a one-way platform lets a body jump up through it and stand on it.
#include <catch2/catch.hpp>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

struct Platform {
    ShapeId shape;
    int calls = 0;
};

// One-way rule: the contact holds only while the normal from the platform to the other shape points up
// and the other shape is not sunk into the platform (it is then coming up through it).
bool OneWay(const PreSolveContact& contact, void* context) {
    auto* platform = static_cast<Platform*>(context);
    ++platform->calls;
    float sign;
    if (contact.shapeA == platform->shape) {
        sign = 1.0f;
    } else if (contact.shapeB == platform->shape) {
        sign = -1.0f;
    } else {
        return true;
    }
    if (sign * contact.manifold.normal.y < 0.7f) return false;
    for (int p = 0; p < contact.manifold.pointCount; ++p)
        if (contact.manifold.points[p].separation < -0.05f) return false;
    return true;
}

float JumpUnderPlatform(bool oneWay, int* calls = nullptr) {
    World world;
    AddGround(world);
    const BodyId platformBody = world.CreateBody({.position = {0, 2}});
    Platform platform{world.CreateShape(platformBody, {.geometry = Box({2, 0.1f})})};
    if (oneWay) world.SetPreSolve(OneWay, &platform);
    const BodyId player = AddBox(world, {0, 0.4f}, {0.4f, 0.4f});
    StepN(world, 30);
    world.SetLinearVelocity(player, {0, 9});  // apex 4 m up: well above the platform's top at 2.1 m
    StepN(world, 240);
    if (calls != nullptr) *calls = platform.calls;
    return world.GetPosition(player).y;
}

} // namespace

TEST_CASE("a one-way platform lets a body jump up through it and then stand on it", "[physics][presolve]") {
    int calls = 0;
    CHECK(JumpUnderPlatform(true, &calls) == Approx(2.5f).margin(0.02f));  // stands on the top (2.1 + 0.4)
    CHECK(calls > 0);
    CHECK(JumpUnderPlatform(false) == Approx(0.4f).margin(0.02f));          // hits the underside, back down
}

TEST_CASE("a body dropped on a one-way platform stays on it and comes to rest", "[physics][presolve][rest]") {
    World world;
    AddGround(world);
    const BodyId platformBody = world.CreateBody({.position = {0, 2}});
    Platform platform{world.CreateShape(platformBody, {.geometry = Box({2, 0.1f})})};
    world.SetPreSolve(OneWay, &platform);
    const BodyId box = AddBox(world, {0.5f, 4}, {0.4f, 0.4f});
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    CHECK(world.GetPosition(box).y == Approx(2.5f).margin(0.02f));
    // Removing the hook changes nothing for a body standing on top.
    world.SetPreSolve(nullptr);
    world.Wake(box);
    StepN(world, 60);
    CHECK(world.GetPosition(box).y == Approx(2.5f).margin(0.02f));
}
