// Collision filtering in the World (filter.h): pairs the filters reject get no contact, and a change at
// run time takes effect at the next step in both directions.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr uint64_t kPlayer = 1 << 1, kPlayerBullet = 1 << 2, kWall = 1 << 3;

int CountEnds(const World& world) { return static_cast<int>(world.GetContactEvents().endEvents.size()); }

} // namespace

TEST_CASE("player bullets fly through the player and stop at the wall", "[physics][filter]") {
    World world({.gravity = {0, 0}});
    const BodyId player = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 0}});
    world.CreateShape(player, {.geometry = Box({0.5f, 1.0f}), .filter = {.categoryBits = kPlayer, .maskBits = ~kPlayerBullet}});
    const BodyId wall = world.CreateBody({.position = {5, 0}});
    world.CreateShape(wall, {.geometry = Box({0.5f, 3.0f}), .filter = {.categoryBits = kWall}});
    const BodyId bullet = world.CreateBody({.type = BodyType::Dynamic, .position = {-3, 0}, .linearVelocity = {10, 0}});
    world.CreateShape(bullet, {.geometry = Circle({0, 0}, 0.1f), .filter = {.categoryBits = kPlayerBullet, .maskBits = ~kPlayer}});
    // An enemy bullet (default filter) hits the player.
    const BodyId enemyBullet = world.CreateBody({.type = BodyType::Dynamic, .position = {-3, 0.5f}, .linearVelocity = {10, 0}});
    world.CreateShape(enemyBullet, {.geometry = Circle({0, 0}, 0.1f), .density = 0.1f});
    StepN(world, 60);
    CHECK(world.GetPosition(bullet).x == Approx(4.4f).margin(0.02f));   // stopped at the wall's face
    CHECK(world.GetPosition(enemyBullet).x < -0.5f);                      // stopped at the player
    CHECK(world.GetLinearVelocity(player).x > 0.0f);                      // and pushed it
}

TEST_CASE("a shared negative group never touches, a shared positive group always does", "[physics][filter]") {
    auto landedOn = [](int32_t group, uint64_t mask) {
        World world;
        AddGround(world);
        const BodyId lower = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 0.5f}});
        world.CreateShape(lower, {.geometry = Box({0.5f, 0.5f}), .filter = {.maskBits = mask | 1, .groupIndex = group}});
        const BodyId upper = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 2}});
        world.CreateShape(upper, {.geometry = Box({0.5f, 0.5f}), .filter = {.categoryBits = 2, .maskBits = mask, .groupIndex = group}});
        StepN(world, 120);
        return world.GetPosition(upper).y;
    };
    CHECK(landedOn(-1, ~uint64_t{0}) < 1.0f);   // fell through the lower box onto the ground (y 0.5)
    CHECK(landedOn(0, ~uint64_t{0}) > 1.4f);    // stands on it (y 1.5)
    CHECK(landedOn(3, 0) > 1.4f);                // masks say no, the positive group says yes
    CHECK(landedOn(0, 1) < 1.0f);                // masks say no: the upper box touches category 1 only
}

TEST_CASE("a filter change ends forbidden contacts at the next step", "[physics][filter]") {
    for (bool rest : {true, false}) {
        World world({.settings = {.restStates = rest}});
        AddGround(world);
        const BodyId lower = AddBox(world, {0, 0.5f}, {0.5f, 0.5f});
        const BodyId upper = AddBox(world, {0, 1.5f}, {0.4f, 0.4f});
        StepN(world, 240);
        REQUIRE(world.GetPosition(upper).y == Approx(1.4f).margin(0.02f));
        const ShapeId upperShape = world.GetShapes(upper)[0];
        world.SetFilter(upperShape, {.categoryBits = 2, .maskBits = 1, .groupIndex = 0});
        world.SetFilter(world.GetShapes(lower)[0], {.categoryBits = 1, .maskBits = 1});  // lower ignores category 2
        CHECK(world.GetFilter(upperShape).categoryBits == 2);
        world.Step(kDt);
        INFO("rest states " << rest);
        CHECK(CountEnds(world) == 1);
        StepN(world, 120);
        CHECK(world.GetPosition(upper).y == Approx(0.4f).margin(0.02f));  // fell through onto the ground
    }
}

TEST_CASE("a filter change lets resting shapes find each other at the next step", "[physics][filter]") {
    World world;
    AddGround(world);
    // Two boxes overlapping by 0.2 m side by side, told to ignore each other, come to rest (frozen,
    // their proxies no longer move).
    const Filter ignore{.categoryBits = 2, .maskBits = 1};
    const BodyId a = world.CreateBody({.type = BodyType::Dynamic, .position = {-0.4f, 0.5f}});
    const ShapeId sa = world.CreateShape(a, {.geometry = Box({0.5f, 0.5f}), .filter = ignore});
    const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = {0.4f, 0.5f}});
    world.CreateShape(b, {.geometry = Box({0.5f, 0.5f}), .filter = ignore});
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    CHECK(world.GetPosition(b).x - world.GetPosition(a).x == Approx(0.8f).margin(1e-3f));
    world.SetFilter(sa, {});  // a touches everything again: b's mask (1) meets a's category (1)
    int begins = 0;
    for (int i = 0; i < 240; ++i) {
        world.Step(kDt);
        for (const auto& e : world.GetContactEvents().beginEvents)
            if (e.shapeA == sa || e.shapeB == sa) begins += world.GetBody(e.shapeA) == a || world.GetBody(e.shapeB) == a ? 1 : 0;
    }
    CHECK(begins >= 1);
    CHECK(world.GetPosition(b).x - world.GetPosition(a).x > 0.98f);  // pushed apart
}

TEST_CASE("bad filter and event input throws and leaves the world unchanged", "[physics][filter][world]") {
    constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0, 2}, {0.5f, 0.5f});
    const ShapeId shape = world.GetShapes(box)[0];
    StepN(world, 10);
    const uint64_t hash = world.StateHash();
    const ShapeId stale{shape.index, shape.generation + 1};
    CHECK_THROWS_AS(world.SetFilter(stale, {.maskBits = 0}), InvalidArgument);
    CHECK_THROWS_AS(world.GetFilter(stale), InvalidArgument);
    CHECK_THROWS_AS(world.IsSensor(stale), InvalidArgument);
    CHECK_THROWS_AS(world.SetFilter(ShapeId{}, {}), InvalidArgument);
    CHECK_THROWS_AS(world.SetHitEventThreshold(-1.0f), InvalidArgument);
    CHECK_THROWS_AS(world.SetHitEventThreshold(kNaN), InvalidArgument);
    CHECK_THROWS_AS(World({.hitEventThreshold = -0.5f}), InvalidArgument);
    CHECK_THROWS_AS(World({.hitEventThreshold = kNaN}), InvalidArgument);
    CHECK(world.GetHitEventThreshold() == 1.0f);
    CHECK(world.GetFilter(shape).maskBits == UINT64_MAX);
    CHECK(world.StateHash() == hash);
    world.DestroyBody(box);
    CHECK_THROWS_AS(world.SetFilter(shape, {}), InvalidArgument);
    StepN(world, 10);  // and the world still steps
    CHECK(world.GetBodyCount() == 1);
}
