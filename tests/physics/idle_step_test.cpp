// A step where nothing can move or touch anew only advances the step's counters (idle_step.cpp): the
// world it leaves must be the one the full step leaves, byte for byte (World::Save), with the same
// events, over scenes that rest, wake and rest again.
#include <catch2/catch.hpp>

#include <vector>

#include "../../framework/src/physics/world_access.h"
#include "physics_test_util.h"
#include "snapshot_scenes.h"
#include "step_compare.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

WorldImpl& Impl(World& world) { return const_cast<WorldImpl&>(WorldAccess::Impl(world)); }

// Steps a world that skips idle steps beside one that never does; returns how many steps could have
// been idle. Fails at the first step whose saved bytes or events differ.
int CompareIdleSteps(World skipping, int steps, const std::function<void(World&, int)>& act) {
    World full = skipping.Clone();
    Impl(full).skipIdleSteps = false;
    return CompareSteps(skipping, full, steps, act, [](World& w) { return Impl(w).CanStepIdle(); });
}

} // namespace

TEST_CASE("an idle step leaves the world a full step leaves: a pyramid at rest, woken, at rest again", "[physics][rest][idle]") {
    World world;
    AddGround(world);
    std::vector<BodyId> boxes;
    for (int row = 0; row < 8; ++row)
        for (int i = 0; i < 8 - row; ++i)
            boxes.push_back(AddBox(world, {static_cast<float>(i) - 0.5f * static_cast<float>(7 - row), 0.5f + static_cast<float>(row)}, {0.5f, 0.5f}));
    // A still kinematic body touching the pile, and a static sensor over part of it (queried every step).
    const BodyId paddle = world.CreateBody({.type = BodyType::Kinematic, .position = {5.0f, 0.5f}});
    world.CreateShape(paddle, {.geometry = Box({0.5f, 0.5f})});
    const BodyId sensorBody = world.CreateBody({.type = BodyType::Static, .position = {0.0f, 2.0f}});
    world.CreateShape(sensorBody, {.geometry = Box({1.0f, 1.0f}), .isSensor = true});
    const BodyId top = boxes.back();
    const int idle = CompareIdleSteps(std::move(world), 600, [&](World& w, int step) {
        if (step == 200) w.ApplyLinearImpulse(top, {1.5f, 0.0f}, w.GetWorldCenter(top));  // wakes the pile: the top box falls off
        if (step == 400) w.SetLinearVelocity(paddle, {-0.5f, 0.0f});         // the paddle pushes the pile
        if (step == 430) w.SetLinearVelocity(paddle, {0.0f, 0.0f});
    });
    CHECK(idle > 200);  // the comparison covered idle steps (rest before the impulse, and after each push)
}

TEST_CASE("an idle step leaves the world a full step leaves: the snapshot scenes", "[physics][rest][idle]") {
    for (const SnapshotScene& scene : SnapshotScenes()) {
        INFO(scene.name);
        CompareIdleSteps(scene.build(), scene.warmUpSteps + 240, scene.act);
    }
}

TEST_CASE("a static shape added into a pile at rest is not skipped", "[physics][rest][idle]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0.0f, 0.5f}, {0.5f, 0.5f});
    StepN(world, 120);
    REQUIRE_FALSE(world.IsAwake(box));
    REQUIRE(Impl(world).CanStepIdle());
    // A static ledge created 0.3 m into the resting box's left half: its proxy is new, so the step looks
    // for its pairs, finds the box deep inside it and wakes it, as without rest states.
    const BodyId ledge = world.CreateBody({.type = BodyType::Static, .position = {-0.7f, 0.5f}});
    world.CreateShape(ledge, {.geometry = Box({0.5f, 0.1f})});
    CHECK_FALSE(Impl(world).CanStepIdle());
    StepN(world, 60);
    CHECK(world.GetPosition(box).x > 0.2f - 0.01f);  // pushed out of the ledge to the right
}
