// Explode (explosion.h): impulses away from the blast, full within the radius and falling linearly to
// zero over the falloff, nothing beyond, static and kinematic bodies untouched, rested piles woken,
// invalid definitions rejected with the world unchanged.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "physics_test_util.h"
#include "sensu/physics/explosion.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

World ZeroGravityWorld() { return World(WorldDef{.gravity = {0, 0}}); }

BodyId AddBall(World& world, Vec2 position, float radius = 0.5f, Filter filter = {}) {
    const BodyId body = world.CreateBody({.type = BodyType::Dynamic, .position = position});
    world.CreateShape(body, {.geometry = Circle({0, 0}, radius), .filter = filter});
    return body;
}

} // namespace

TEST_CASE("an explosion pushes every body in reach straight away from its centre", "[physics][explosion]") {
    World world = ZeroGravityWorld();
    std::vector<BodyId> ring;
    for (int i = 0; i < 12; ++i) {
        const float a = kTwoPi * static_cast<float>(i) / 12.0f;
        ring.push_back(i % 2 ? AddBall(world, {3.0f * std::cos(a), 3.0f * std::sin(a)})
                             : AddBox(world, {3.0f * std::cos(a), 3.0f * std::sin(a)}, {0.4f, 0.3f}, a));
    }
    const Vec2 centre{0.2f, -0.1f};
    CHECK(Explode(world, {.position = centre, .radius = 4.0f, .impulsePerLength = 2.0f}) == 12);
    for (BodyId b : ring) {
        const Vec2 v = world.GetLinearVelocity(b);
        const Vec2 away = Normalize(world.GetWorldCenter(b) - centre);
        CHECK(Length(v) > 0.1f);
        CHECK(Dot(Normalize(v), away) > 0.95f);
    }
}

TEST_CASE("the impulse is full within the radius and falls linearly to zero over the falloff", "[physics][explosion]") {
    World world = ZeroGravityWorld();
    const float radius = 2.0f, falloff = 4.0f, ball = 0.5f;
    // Balls whose nearest points lie 1, 2, 3, 4, 5 and 6.5 m from the blast.
    const float gaps[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.5f};
    std::vector<BodyId> balls;
    for (int i = 0; i < 6; ++i) {
        const float a = 1.0f * static_cast<float>(i);  // spread around so they do not shadow each other
        balls.push_back(AddBall(world, (gaps[i] + ball) * Vec2{std::cos(a), std::sin(a)}, ball));
    }
    const float perLength = 3.0f;
    CHECK(Explode(world, {.position = {0, 0}, .radius = radius, .falloff = falloff, .impulsePerLength = perLength}) == 5);
    const float mass = world.GetMass(balls[0]);
    const float full = perLength * 2.0f * ball / mass;  // a ball is 2r wide from any side
    for (int i = 0; i < 6; ++i) {
        const float expected = full * Clamp((radius + falloff - gaps[i]) / falloff, 0.0f, 1.0f);
        INFO("ball " << i);
        CHECK(Length(world.GetLinearVelocity(balls[i])) == Approx(expected).margin(1e-5f));
    }
    CHECK(Length(world.GetLinearVelocity(balls[0])) == Approx(Length(world.GetLinearVelocity(balls[1]))));
    CHECK(world.GetLinearVelocity(balls[5]) == Vec2{0, 0});  // beyond radius + falloff: untouched
    CHECK(world.GetAngularVelocity(balls[5]) == 0.0f);
}

TEST_CASE("static and kinematic bodies are never moved; masked shapes are skipped", "[physics][explosion]") {
    World world = ZeroGravityWorld();
    const BodyId wall = world.CreateBody({.position = {1, 0}});
    world.CreateShape(wall, {.geometry = Box({0.2f, 1.0f})});
    const BodyId lift = world.CreateBody({.type = BodyType::Kinematic, .position = {-1, 0}, .linearVelocity = {0, 0.5f}});
    world.CreateShape(lift, {.geometry = Box({0.2f, 1.0f})});
    const BodyId masked = AddBall(world, {0, 1.5f}, 0.3f, {.categoryBits = 2});
    const BodyId hit = AddBall(world, {0, -1.5f}, 0.3f);
    CHECK(Explode(world, {.position = {0, 0}, .radius = 3.0f, .impulsePerLength = 5.0f, .maskBits = 1}) == 1);
    CHECK(world.GetLinearVelocity(wall) == Vec2{0, 0});
    CHECK(world.GetLinearVelocity(lift) == Vec2{0, 0.5f});
    CHECK(world.GetAngularVelocity(lift) == 0.0f);
    CHECK(world.GetLinearVelocity(masked) == Vec2{0, 0});
    CHECK(world.GetLinearVelocity(hit).y < -1.0f);
}

TEST_CASE("a blast inside a body pushes it from its centroid; a negative impulse pulls", "[physics][explosion]") {
    World world = ZeroGravityWorld();
    const BodyId box = AddBox(world, {1, 0}, {2.0f, 0.5f});  // contains the blast centre (0.5, 0)
    const BodyId ball = AddBall(world, {0.5f, 3}, 0.25f);
    CHECK(Explode(world, {.position = {0.5f, 0}, .radius = 3.0f, .impulsePerLength = 1.0f}) == 2);
    CHECK(world.GetLinearVelocity(box).x > 0.0f);  // away from the centre towards the box's middle
    CHECK(std::abs(world.GetLinearVelocity(box).y) < 1e-6f);
    CHECK(world.GetLinearVelocity(ball).y > 0.0f);
    World pull = ZeroGravityWorld();
    const BodyId pulled = AddBall(pull, {0, 2}, 0.25f);
    Explode(pull, {.position = {0, 0}, .radius = 3.0f, .impulsePerLength = -1.0f});
    CHECK(pull.GetLinearVelocity(pulled).y < 0.0f);
}

TEST_CASE("an explosion wakes the rested pile it pushes and leaves other piles asleep", "[physics][explosion]") {
    World world;
    AddGround(world);
    std::vector<BodyId> pyramid, far;
    for (int row = 0; row < 4; ++row)
        for (int i = 0; i < 4 - row; ++i)
            pyramid.push_back(AddBox(world, {-1.5f + static_cast<float>(i) + 0.5f * static_cast<float>(row), 0.5f + static_cast<float>(row)}, {0.5f, 0.5f}));
    far.push_back(AddBox(world, {30, 0.5f}, {0.5f, 0.5f}));
    REQUIRE(StepUntilAllRest(world, 900) > 0);
    const Vec2 farPosition = world.GetPosition(far[0]);
    CHECK(Explode(world, {.position = {-3, 0.5f}, .radius = 2.0f, .falloff = 3.0f, .impulsePerLength = 20.0f}) > 0);
    CHECK(world.IsAwake(pyramid[0]));
    CHECK_FALSE(world.IsAwake(far[0]));
    StepN(world, 30);
    CHECK(world.GetPosition(pyramid[0]).x > -1.0f);  // blown to the right
    CHECK(world.GetPosition(far[0]) == farPosition);
    CHECK(AllFinite(world));
}

TEST_CASE("invalid explosions throw InvalidArgument and change nothing", "[physics][explosion]") {
    World world = ZeroGravityWorld();
    const BodyId ball = AddBall(world, {0, 1}, 1.0f);  // 2 m wide: impulsePerLength = FLT_MAX overflows
    const uint64_t hash = world.StateHash();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float big = std::numeric_limits<float>::max();
    CHECK_THROWS_AS(Explode(world, {.position = {nan, 0}}), InvalidArgument);
    CHECK_THROWS_AS(Explode(world, {.radius = -1.0f}), InvalidArgument);
    CHECK_THROWS_AS(Explode(world, {.radius = 1.0f, .falloff = -0.5f}), InvalidArgument);
    CHECK_THROWS_AS(Explode(world, {.radius = 0.0f, .falloff = 0.0f}), InvalidArgument);
    CHECK_THROWS_AS(Explode(world, {.radius = big, .falloff = big}), InvalidArgument);
    CHECK_THROWS_AS(Explode(world, {.radius = 1.0f, .impulsePerLength = nan}), InvalidArgument);
    CHECK_THROWS_AS(Explode(world, {.radius = 2.0f, .impulsePerLength = big}), InvalidArgument);  // the impulse overflows
    CHECK(world.StateHash() == hash);
    CHECK(world.GetLinearVelocity(ball) == Vec2{0, 0});
}
