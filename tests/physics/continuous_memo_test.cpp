// The continuous phase keeps each fast body's pair results between its searches within a step
// (ContinuousPhase::SearchMemo, continuous_internal.h) and reuses one only while both bodies' motions
// are unchanged. Here an impact early in the step sets a block moving into a bullet's path after the
// bullet's first search had found the block clear: the re-search must test the pair again and the
// bullet must hit the block, not pass through it on the stale answer. (The same case guards Invalidate,
// which lets a search stand when the changed body's bounding disc stays clear of the fast body's.)
#include <catch2/catch.hpp>
#include <cmath>

#include "sensu/physics/world.h"

using namespace sensu;

namespace {

constexpr float kDt = 1.0f / 60.0f;

} // namespace

TEST_CASE("a re-search tests again a pair whose other body an impact set moving", "[physics][continuous][memo]") {
    // The bullet (0.05 m disc, 300 m/s: 5 m per step) skims 0.05 m above a long slab (6 m × 1 m): the
    // slab is a candidate of the bullet's first search, one it never meets. A kinematic blade below the
    // slab (1 m arms, 12 rad/s: fast for its 0.1 m thickness, a turn speculative contacts do not follow)
    // strikes the slab's underside early in the step and sets it rising at about 10 m/s (not fast for its
    // size), into the bullet's path while the bullet is still over it.
    for (const float startAngle : {0.54f, 0.55f, 0.56f}) {
        CAPTURE(startAngle);
        World world(WorldDef{.gravity = {0.0f, 0.0f}});
        const BodyId bullet = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 0.2f}, .linearVelocity = {300.0f, 0.0f}});
        world.CreateShape(bullet, {.geometry = Circle({0.0f, 0.0f}, 0.05f), .friction = 0.0f});
        world.SetBullet(bullet, true);
        const BodyId slab = world.CreateBody({.type = BodyType::Dynamic, .position = {2.0f, -0.4f}});
        world.CreateShape(slab, {.geometry = Box({3.0f, 0.5f})});
        const BodyId blade = world.CreateBody({.type = BodyType::Kinematic, .position = {2.0f, -1.5f}, .angle = startAngle, .angularVelocity = 12.0f});
        world.CreateShape(blade, {.geometry = Box({1.0f, 0.05f})});
        world.Step(kDt);
        // The slab was struck upwards, then met the bullet, which it threw up.
        CHECK(world.GetLinearVelocity(slab).y > 1.0f);
        CHECK(world.GetLinearVelocity(bullet).y > 1.0f);
    }
}

TEST_CASE("a fast body's search after its own impact sweeps its new path", "[physics][continuous][memo]") {
    // The ball (0.1 m, a bullet at rest: searched from the step's start) is struck by a kinematic blade
    // (1.2 m arms, 30 rad/s clockwise, speculative contacts do not follow it) early in the step and
    // leaves to the left at about 30 m/s. A block 0.2 m to its left lies outside the region of its
    // first search; the search after the strike must sweep the new path and meet the block.
    for (const float startAngle : {-1.34f, -1.32f, -1.30f}) {
        CAPTURE(startAngle);
        World world(WorldDef{.gravity = {0.0f, 0.0f}});
        const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 0.0f}});
        world.CreateShape(ball, {.geometry = Circle({0.0f, 0.0f}, 0.1f), .friction = 0.0f});
        world.SetBullet(ball, true);
        const BodyId block = world.CreateBody({.type = BodyType::Dynamic, .position = {-0.4f, 0.0f}});
        world.CreateShape(block, {.geometry = Box({0.1f, 0.5f}), .density = 10.0f});
        const BodyId blade = world.CreateBody({.type = BodyType::Kinematic, .position = {0.0f, 1.0f}, .angle = startAngle, .angularVelocity = -30.0f});
        world.CreateShape(blade, {.geometry = Box({1.2f, 0.05f})});
        world.Step(kDt);
        // The ball was struck left and hit the block, pushing it (the blade, following, then pinches
        // the ball against it: where the ball ends is the pinch's business, not this test's).
        CHECK(world.GetLinearVelocity(block).x < -0.5f);
    }
}

TEST_CASE("a fast body of several shapes meets obstacles with each of them", "[physics][continuous][memo]") {
    // A kinematic rotor turning 1 rad per step clockwise: a 2 m arm to the right of its pivot and a
    // 0.2 m ball 1 m to the left. Resting blocks lie in the path of each, half a turn apart (blocks,
    // not discs: the time of impact of a resting disc needs no core); the phase keeps one rounded core
    // per shape for the step (CoreOfShape), and each shape must meet its own block.
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId rotor = world.CreateBody({.type = BodyType::Kinematic, .angularVelocity = -60.0f});
    world.CreateShape(rotor, {.geometry = Box({1.0f, 0.05f}, {1.0f, 0.0f}, 0.0f)});
    world.CreateShape(rotor, {.geometry = Circle({-1.0f, 0.0f}, 0.2f)});
    auto restingBlock = [&](float angle, float radius) {
        const BodyId block = world.CreateBody({.type = BodyType::Dynamic, .position = radius * Vec2{std::cos(angle), std::sin(angle)}});
        world.CreateShape(block, {.geometry = Box({0.1f, 0.1f})});
        return block;
    };
    const BodyId metByArm = restingBlock(-0.5f, 1.5f);
    const BodyId metByBall = restingBlock(kPi - 0.5f, 1.0f);
    world.Step(kDt);
    CHECK(Length(world.GetLinearVelocity(metByArm)) > 10.0f);
    CHECK(Length(world.GetLinearVelocity(metByBall)) > 10.0f);
}
