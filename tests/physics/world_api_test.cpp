// World API: bodies, shapes, mass from density, handles, and rejection of bad input.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
} // namespace

TEST_CASE("mass and inertia come from density, compounds add up about their centre", "[physics][world]") {
    World world;
    const BodyId box = AddBox(world, {0, 4}, {0.5f, 0.25f});
    CHECK(world.GetMass(box) == Approx(0.5f));                            // 1 m × 0.5 m × 1 kg/m²
    CHECK(world.GetInertia(box) == Approx(0.5f * (1.0f + 0.25f) / 12.0f));  // m (w² + h²) / 12

    // Two unit boxes side by side as one body: mass 2, centre between them, parallel-axis inertia.
    const BodyId pair = world.CreateBody({.type = BodyType::Dynamic, .position = {3, 3}});
    world.CreateShape(pair, {.geometry = Box({0.5f, 0.5f}, {-0.5f, 0.0f})});
    world.CreateShape(pair, {.geometry = Box({0.5f, 0.5f}, {0.5f, 0.0f})});
    CHECK(world.GetMass(pair) == Approx(2.0f));
    CHECK(world.GetWorldCenter(pair).x == Approx(3.0f));
    CHECK(world.GetInertia(pair) == Approx(2.0f * (4.0f + 1.0f) / 12.0f));  // a 2 × 1 box
    CHECK(world.GetShapes(pair).size() == 2);

    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic});
    world.CreateShape(ball, {.geometry = Circle({0, 0}, 0.5f), .density = 2.0f});
    CHECK(world.GetMass(ball) == Approx(2.0f * kPi * 0.25f));
}

TEST_CASE("designated initialisers, user data and shape materials round-trip", "[physics][world]") {
    int tag = 7;
    World world({.gravity = {0, -9.81f}});
    const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 4}, .angle = 0.5f, .userData = &tag});
    const ShapeId s = world.CreateShape(b, {.geometry = Capsule({-0.5f, 0}, {0.5f, 0}, 0.2f), .friction = 0.3f, .restitution = 0.4f, .userData = &tag});
    CHECK(world.GetUserData(b) == &tag);
    CHECK(world.GetUserData(s) == &tag);
    CHECK(world.GetFriction(s) == 0.3f);
    CHECK(world.GetRestitution(s) == 0.4f);
    CHECK(world.GetBody(s) == b);
    CHECK(world.GetPosition(b) == Vec2{0, 4});
    CHECK(world.GetAngle(b) == 0.5f);
    CHECK(world.GetGravity().y == -9.81f);
    CHECK(std::holds_alternative<Capsule>(world.GetGeometry(s)));
}

TEST_CASE("destroyed bodies and shapes leave stale handles that are rejected", "[physics][world]") {
    World world;
    AddGround(world);
    const BodyId a = AddBox(world, {0, 1}, {0.5f, 0.5f});
    const BodyId b = AddBox(world, {0, 3}, {0.5f, 0.5f});
    StepN(world, 30);
    world.DestroyBody(a);
    CHECK_FALSE(world.IsValid(a));
    CHECK_THROWS_AS(world.GetPosition(a), InvalidArgument);
    CHECK_THROWS_AS(world.DestroyBody(a), InvalidArgument);
    // The slot is reused with a new generation: the old handle stays stale.
    const BodyId c = AddBox(world, {5, 1}, {0.5f, 0.5f});
    CHECK(c.index == a.index);
    CHECK_FALSE(world.IsValid(a));
    CHECK(world.IsValid(c));
    const ShapeId s = world.GetShapes(b)[0];
    world.DestroyShape(s);
    CHECK_FALSE(world.IsValid(s));
    CHECK_THROWS_AS(world.GetFriction(s), InvalidArgument);
    StepN(world, 30);
    CHECK(AllFinite(world));
    CHECK(world.GetBodyCount() == 3);
}

TEST_CASE("non-finite input is rejected and the world stays unchanged", "[physics][world]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0, 2}, {0.5f, 0.5f});
    StepN(world, 10);
    const uint64_t before = world.StateHash();

    CHECK_THROWS_AS(world.CreateBody({.type = BodyType::Dynamic, .position = {kNaN, 0}}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateBody({.type = BodyType::Dynamic, .angle = kInf}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateBody({.type = BodyType::Dynamic, .linearVelocity = {0, kInf}}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateBody({.type = BodyType::Dynamic, .angularVelocity = kNaN}), InvalidArgument);
    CHECK_THROWS_AS(world.SetTransform(box, {0, kNaN}, 0), InvalidArgument);
    CHECK_THROWS_AS(world.SetLinearVelocity(box, {kInf, 0}), InvalidArgument);
    CHECK_THROWS_AS(world.SetAngularVelocity(box, kNaN), InvalidArgument);
    CHECK_THROWS_AS(world.ApplyForce(box, {kNaN, 0}, {0, 0}), InvalidArgument);
    CHECK_THROWS_AS(world.ApplyForceToCenter(box, {0, kInf}), InvalidArgument);
    CHECK_THROWS_AS(world.ApplyTorque(box, kNaN), InvalidArgument);
    CHECK_THROWS_AS(world.ApplyLinearImpulse(box, {1, 0}, {kNaN, 0}), InvalidArgument);
    CHECK_THROWS_AS(world.Step(kNaN), InvalidArgument);
    CHECK_THROWS_AS(world.Step(kInf), InvalidArgument);
    CHECK_THROWS_AS(world.Step(-kDt), InvalidArgument);
    CHECK_THROWS_AS(world.SetGravity({kNaN, 0}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateShape(box, {.geometry = Circle({0, 0}, 1), .density = -1}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateShape(box, {.geometry = Circle({0, 0}, 1), .friction = kNaN}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateShape(box, {.geometry = Circle({0, 0}, 1), .restitution = 1.5f}), InvalidArgument);
    SolverSettings bad;
    bad.velocityIterations = 0;
    CHECK_THROWS_AS(world.SetSettings(bad), InvalidArgument);
    CHECK_THROWS_AS(World({.gravity = {0, kNaN}}), InvalidArgument);

    CHECK(world.StateHash() == before);
    CHECK(world.GetBodyCount() == 2);
    CHECK(world.GetShapes(box).size() == 1);
    world.Step(0.0f);  // dt = 0 does nothing
    CHECK(world.StateHash() == before);
    StepN(world, 10);
    CHECK(AllFinite(world));
}

TEST_CASE("kinematic bodies move by their velocity and ignore gravity", "[physics][world]") {
    World world;
    const BodyId k = world.CreateBody({.type = BodyType::Kinematic, .position = {0, 1}, .linearVelocity = {2, 0}, .angularVelocity = 1});
    world.CreateShape(k, {.geometry = Box({1, 0.1f})});
    StepN(world, 60);
    CHECK(world.GetPosition(k).x == Approx(2.0f).margin(1e-3));
    CHECK(world.GetPosition(k).y == Approx(1.0f));
    CHECK(world.GetAngle(k) == Approx(1.0f).margin(1e-4));
}
