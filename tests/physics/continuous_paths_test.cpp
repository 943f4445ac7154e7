// The continuous phase's queries (continuous_candidates.cpp, TrackPath) after their change from "grow every query
// by the fastest body's reach" to "meet each body through its proxy or its path's bounds": a bullet
// crossing the path of a block whose velocity was set after its proxy was made must still meet the block,
// and one crossing beyond that path must not. (Which of the phase's queries finds the block here is not
// isolated: with path leaves disabled the first case still passes, so this guards the outcome only.)
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "sensu/physics/world.h"

using namespace sensu;

namespace {

constexpr float kDt = 1.0f / 60.0f;

} // namespace

TEST_CASE("a bullet hits a slow body where its path leaves its proxy", "[physics][continuous]") {
    // The block (2 m, 20 m/s set after its proxy was made at rest) moves 0.33 m this step: not fast for
    // its size, but past its proxy's 0.1 m margin. The bullet (600 m/s, 10 m per step) crosses the
    // block's path 0.13–0.23 m beyond that proxy, after the block has got there.
    for (const float x : {1.28f, 1.30f, 1.32f}) {
        CAPTURE(x);
        World world(WorldDef{.gravity = {0.0f, 0.0f}});
        const BodyId block = world.CreateBody({.type = BodyType::Dynamic});
        world.CreateShape(block, {.geometry = Box({1.0f, 1.0f})});
        world.Step(kDt);  // the block's proxy is made at rest
        world.SetLinearVelocity(block, {20.0f, 0.0f});
        const Vec2 launch{0.0f, 600.0f};
        const BodyId bullet = world.CreateBody({.type = BodyType::Dynamic, .position = {x, -8.65f}, .linearVelocity = launch, .bullet = true});
        world.CreateShape(bullet, {.geometry = Circle({}, 0.05f)});
        world.Step(kDt);
        // The two met (the block batted the bullet aside or stopped it) ...
        CHECK(Length(world.GetLinearVelocity(bullet) - launch) > 1.0f);
        // ... and the bullet ends outside the block (within linearSlop), not in or through it unseen.
        const Vec2 local = world.GetPosition(bullet) - world.GetPosition(block);
        const Vec2 outside{std::max(std::abs(local.x) - 1.0f, 0.0f), std::max(std::abs(local.y) - 1.0f, 0.0f)};
        CHECK(Length(outside) >= 0.05f - 0.005f);
    }
}

TEST_CASE("a bullet misses a slow body whose path does not reach it", "[physics][continuous]") {
    // The same scene with the bullet beyond the block's whole path (its right face ends at 1.33 m): no
    // impact, the bullet keeps its velocity. Guards against the path bounds meeting everything.
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId block = world.CreateBody({.type = BodyType::Dynamic});
    world.CreateShape(block, {.geometry = Box({1.0f, 1.0f})});
    world.Step(kDt);
    world.SetLinearVelocity(block, {20.0f, 0.0f});
    const BodyId bullet = world.CreateBody({.type = BodyType::Dynamic, .position = {1.45f, -8.65f}, .linearVelocity = {0.0f, 600.0f}, .bullet = true});
    world.CreateShape(bullet, {.geometry = Circle({}, 0.05f)});
    world.Step(kDt);
    CHECK(world.GetLinearVelocity(bullet).y == Approx(600.0f));
    CHECK(world.GetPosition(bullet).y == Approx(1.35f).margin(1e-3));
}
