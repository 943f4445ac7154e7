// World snapshot and restore (world.h: Clone, Save, Load): a copy steps bit-identically to its original
// on scenes that exercise every kind of state; leaving out a field that affects the future makes these
// fail (the copy diverges within the steps run).
#include <catch2/catch.hpp>

#include "snapshot_scenes.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kStepsAfterSnapshot = 240;

// Steps both worlds with the scene's actions; returns the first step whose StateHash differs, or −1.
int FirstDivergence(World& a, World& b, const SnapshotScene& scene, int steps) {
    for (int i = 0; i < steps; ++i) {
        const int step = scene.warmUpSteps + i;
        scene.act(a, step);
        scene.act(b, step);
        a.Step(kDt);
        b.Step(kDt);
        if (a.StateHash() != b.StateHash()) return i;
    }
    return -1;
}

World WarmedUp(const SnapshotScene& scene) {
    World world = scene.build();
    for (int step = 0; step < scene.warmUpSteps; ++step) {
        scene.act(world, step);
        world.Step(kDt);
    }
    return world;
}

} // namespace

TEST_CASE("a cloned world steps bit-identically to its original", "[physics][snapshot]") {
    for (const SnapshotScene& scene : SnapshotScenes()) {
        INFO(scene.name);
        World original = WarmedUp(scene);
        World copy = original.Clone();
        CHECK(copy.StateHash() == original.StateHash());
        CHECK(FirstDivergence(original, copy, scene, kStepsAfterSnapshot) == -1);
    }
}

TEST_CASE("the snapshot scenes hold frozen piles, moving bodies and contacts at the snapshot", "[physics][snapshot]") {
    // What the bit-identity tests rely on: the scenes really carry the state they are meant to carry.
    int frozenScenes = 0, movingScenes = 0;
    for (const SnapshotScene& scene : SnapshotScenes()) {
        INFO(scene.name);
        World world = WarmedUp(scene);
        std::vector<BodyId> ids;
        world.GetBodies(ids);
        int dynamic = 0;
        for (BodyId id : ids) dynamic += world.GetType(id) == BodyType::Dynamic ? 1 : 0;
        CHECK(world.GetContactCount() > 0);
        frozenScenes += world.GetAwakeBodyCount() < dynamic ? 1 : 0;
        movingScenes += world.GetAwakeBodyCount() > 0 ? 1 : 0;
    }
    CHECK(frozenScenes >= 2);
    CHECK(movingScenes >= 2);
}

TEST_CASE("a copy nudged by one bit diverges: the comparison can fail", "[physics][snapshot]") {
    const SnapshotScene scene = SnapshotScenes()[2];
    World original = WarmedUp(scene);
    World copy = original.Clone();
    const BodyId body = NthBody(copy, 4);
    const Vec2 v = copy.GetLinearVelocity(body);
    copy.SetLinearVelocity(body, {std::nextafter(v.x, 1e9f), v.y});
    CHECK(FirstDivergence(original, copy, scene, kStepsAfterSnapshot) >= 0);
}

TEST_CASE("a clone keeps user data pointers and valid ids; the original is untouched by the copy's steps", "[physics][snapshot]") {
    int tag = 3;
    World world;
    AddGround(world);
    const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 2}, .userData = &tag});
    const ShapeId shape = world.CreateShape(box, {.geometry = Box({0.5f, 0.5f}), .userData = &tag});
    World copy = world.Clone();
    CHECK(copy.GetUserData(box) == &tag);
    CHECK(copy.GetUserData(shape) == &tag);
    StepN(copy, 30);
    CHECK(copy.GetPosition(box).y < 2.0f);
    CHECK(world.GetPosition(box).y == 2.0f);
}
