// Rest states are an optimisation: a world with them must move like the same world without them
// (issue 15). Bodies created or teleported into a frozen pile must be resolved as without rest states.
#include <catch2/catch.hpp>
#include <cmath>

#include "physics_test_util.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

World MakeWorld(bool rest) {
    SolverSettings settings;
    settings.restStates = rest;
    return World({.settings = settings});
}

// Deepest overlap (m, ≥ 0) of any contact point of the world.
float DeepestOverlap(const World& world) {
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    float deepest = 0.0f;
    for (const ContactPointInfo& p : points) deepest = Max(deepest, -p.separation);
    return deepest;
}

// A copy of `world`'s bodies (poses, velocities, shapes of the pyramid scene) without rest states: the
// reference a rest-on world must match.
struct Copy {
    World world;
    std::vector<BodyId> bodies;
};

Copy CopyWithoutRest(const World& from, const scenes::SceneDef& scene, const std::vector<BodyId>& bodies) {
    Copy copy{MakeWorld(false), {}};
    for (size_t i = 0; i < bodies.size(); ++i) {
        BodyDef def = scene.bodies[i].body;
        def.position = from.GetPosition(bodies[i]);
        def.angle = from.GetAngle(bodies[i]);
        def.linearVelocity = from.GetLinearVelocity(bodies[i]);
        def.angularVelocity = from.GetAngularVelocity(bodies[i]);
        const BodyId id = copy.world.CreateBody(def);
        for (const ShapeDef& shape : scene.bodies[i].shapes) copy.world.CreateShape(id, shape);
        copy.bodies.push_back(id);
    }
    return copy;
}

// Deepest overlap (m, ≥ 0) of the box `body` (half extents 0.5 × 0.25) with the 1 m boxes `others`,
// from the geometry alone (a missing contact cannot hide it).
float DeepestOverlapWith(const World& world, BodyId body, const std::vector<BodyId>& others) {
    float deepest = 0.0f;
    for (BodyId other : others) {
        if (world.GetType(other) != BodyType::Dynamic) continue;
        const Manifold m = CollideBoxes(Box({0.5f, 0.25f}), world.GetTransform(body), Box({0.5f, 0.5f}), world.GetTransform(other), 0.0f);
        for (int p = 0; p < m.pointCount; ++p) deepest = Max(deepest, -m.points[p].separation);
    }
    return deepest;
}

BodyId AddDroppedBox(World& world, Vec2 at, BodyType type = BodyType::Dynamic) {
    const BodyId box = world.CreateBody({.type = type, .position = at, .angle = 0.2f});
    world.CreateShape(box, {.geometry = Box({0.5f, 0.25f}), .friction = 0.6f});
    return box;
}

} // namespace

TEST_CASE("a box created overlapping a rested pyramid wakes it and is pushed out as without rest states", "[physics][rest][fidelity]") {
    const scenes::SceneDef scene = scenes::Pyramid(20);
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    World& world = built.world;
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    Copy copy = CopyWithoutRest(world, scene, built.bodies);
    const Vec2 at{0.3f, 10.2f};  // inside the pile, across two rows
    const BodyId dropped = AddDroppedBox(world, at);
    const BodyId reference = AddDroppedBox(copy.world, at);
    world.Step(kDt);
    CHECK(world.GetAwakeBodyCount() > 1);  // the pile reacts
    StepN(world, 119);
    StepN(copy.world, 120);
    const float deepestOff = DeepestOverlap(copy.world);
    CHECK(deepestOff < 0.02f);
    CHECK(DeepestOverlap(world) < deepestOff + 0.01f);
    CHECK(Length(world.GetPosition(dropped) - copy.world.GetPosition(reference)) < 0.25f);
}

TEST_CASE("a body teleported into a rested pyramid wakes it and is pushed out as without rest states", "[physics][rest][fidelity]") {
    for (BodyType type : {BodyType::Dynamic, BodyType::Static}) {
        INFO((type == BodyType::Dynamic ? "dynamic" : "static"));
        const scenes::SceneDef scene = scenes::Pyramid(20);
        scenes::BuiltWorld built = scenes::BuildWorld(scene);
        World& world = built.world;
        const BodyId body = AddDroppedBox(world, {-20.0f, 0.25f}, type);
        REQUIRE(StepUntilAllRest(world, 600) > 0);
        Copy copy = CopyWithoutRest(world, scene, built.bodies);
        const BodyId reference = AddDroppedBox(copy.world, {-20.0f, 0.25f}, type);
        const Vec2 at{0.3f, 5.2f};
        world.SetTransform(body, at, 0.2f);
        copy.world.SetTransform(reference, at, 0.2f);
        world.Step(kDt);
        CHECK(world.GetAwakeBodyCount() > (type == BodyType::Dynamic ? 1 : 0));  // the pile reacts
        StepN(world, 119);
        StepN(copy.world, 120);
        const float deepestOff = DeepestOverlapWith(copy.world, reference, copy.bodies);
        CHECK(DeepestOverlapWith(world, body, built.bodies) < deepestOff + 0.01f);
        CHECK(DeepestOverlap(world) < DeepestOverlap(copy.world) + 0.01f);
        if (type == BodyType::Dynamic) CHECK(deepestOff < 0.02f);
    }
}
