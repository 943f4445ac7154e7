// A mostly frozen world visits only its moving bodies and their contacts (CollectFewMovers in
// contact.cpp): the narrow phase and the solver's pre-step skip the loops over every body and contact.
// The world it leaves must be the one the full loops leave, byte for byte (World::Save), with the same
// events: while a ball rolls beside a frozen pyramid, when a static box, a new body or a teleported one
// lands inside the frozen pile, when a kinematic paddle pushes into it, and over the snapshot scenes.
#include <catch2/catch.hpp>

#include <functional>
#include <vector>

#include "../../framework/src/physics/world_access.h"
#include "physics_test_util.h"
#include "snapshot_scenes.h"
#include "step_compare.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

WorldImpl& Impl(World& world) { return const_cast<WorldImpl&>(WorldAccess::Impl(world)); }

// Steps a world that visits only its movers when they are few beside one that always visits everything;
// returns how many steps took the few-movers path. Fails at the first step whose bytes or events differ.
int CompareFewMovers(World few, int steps, const std::function<void(World&, int)>& act) {
    World all = few.Clone();
    Impl(all).visitFewMovers = false;
    return CompareSteps(few, all, steps, act, [](World& w) { return !Impl(w).CanStepIdle() && Impl(w).CollectFewMovers(); });
}

// A 10-row pyramid of 1 m boxes centred on x = 0.
void AddPyramid(World& world) {
    for (int row = 0; row < 10; ++row)
        for (int i = 0; i < 10 - row; ++i)
            AddBox(world, {static_cast<float>(i) - 0.5f * static_cast<float>(9 - row), 0.5f + static_cast<float>(row)}, {0.5f, 0.5f});
}

// A 10-row pyramid on a wide ground, frozen, and a ball rolling far from it (the one mover).
World FrozenPyramidAndBall() {
    World world;
    AddGround(world, 60.0f);
    AddPyramid(world);
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {-40.0f, 0.5f}, .linearVelocity = {2.0f, 0.0f}});
    world.CreateShape(ball, {.geometry = Circle({}, 0.5f), .density = 1.0f, .friction = 0.6f});
    return world;
}

} // namespace

TEST_CASE("few movers: a ball rolling beside a frozen pyramid steps as with every contact visited", "[physics][rest][fewmovers]") {
    const int fewSteps = CompareFewMovers(FrozenPyramidAndBall(), 300, [](World&, int) {});
    CHECK(fewSteps == 300);  // the path under test ran every step
}

TEST_CASE("few movers: a static box created inside the frozen pile is found and wakes it", "[physics][rest][fewmovers]") {
    // The new contacts join two bodies that do not move (static and frozen): only the list of contacts
    // created this step brings them to the narrow phase.
    const int fewSteps = CompareFewMovers(FrozenPyramidAndBall(), 240, [](World& w, int step) {
        if (step != 30) return;
        const BodyId wall = w.CreateBody({.type = BodyType::Static, .position = {0.0f, 2.0f}});
        w.CreateShape(wall, {.geometry = Box({0.3f, 0.3f})});
    });
    CHECK(fewSteps > 30);
}

TEST_CASE("few movers: a pile woken by a contact before its own contacts in contact order", "[physics][rest][fewmovers]") {
    // Three boxes far away get the lowest contact indices; destroyed once the pyramid rests, those are reused by the
    // contacts of a static box created inside the pile. The first of them wakes the pile in the narrow
    // phase's contact-ordered pass, before the pile's own contacts: those must be refreshed in that same
    // pass, as when every contact is visited.
    World world;
    AddGround(world, 60.0f);
    std::vector<BodyId> early;
    for (int k = 0; k < 3; ++k) early.push_back(AddBox(world, {30.0f, 0.5f + static_cast<float>(k)}, {0.5f, 0.5f}));
    StepN(world, 2);  // their contacts first: the lowest indices
    AddPyramid(world);
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {-40.0f, 0.5f}, .linearVelocity = {2.0f, 0.0f}});
    world.CreateShape(ball, {.geometry = Circle({}, 0.5f), .density = 1.0f, .friction = 0.6f});
    world.Step(kDt);  // the ball's contact takes its index before the early ones are freed
    for (const BodyId id : early) world.DestroyBody(id);
    const int fewSteps = CompareFewMovers(std::move(world), 120, [](World& w, int step) {
        if (step != 5) return;
        const BodyId wall = w.CreateBody({.type = BodyType::Static, .position = {0.0f, 4.0f}});
        w.CreateShape(wall, {.geometry = Box({0.45f, 0.45f})});
    });
    CHECK(fewSteps > 5);
}

TEST_CASE("few movers: bodies created or teleported into the frozen pile step as with every contact visited", "[physics][rest][fewmovers]") {
    std::vector<BodyId> boxes;
    World world = FrozenPyramidAndBall();
    world.GetBodies(boxes);
    const BodyId corner = boxes[1];  // the pyramid's bottom-left box
    const int fewSteps = CompareFewMovers(std::move(world), 400, [&](World& w, int step) {
        if (step == 20) AddBox(w, {0.2f, 3.3f}, {0.2f, 0.2f});                         // created overlapping
        if (step == 200) w.SetTransform(corner, {0.4f, 1.4f}, 0.3f);                   // teleported into the pile
    });
    CHECK(fewSteps > 20);
}

TEST_CASE("few movers: a kinematic paddle pushing into the frozen pile steps as with every contact visited", "[physics][rest][fewmovers]") {
    World world = FrozenPyramidAndBall();
    const BodyId paddle = world.CreateBody({.type = BodyType::Kinematic, .position = {7.0f, 0.5f}});
    world.CreateShape(paddle, {.geometry = Box({0.5f, 0.5f})});
    const int fewSteps = CompareFewMovers(std::move(world), 400, [&](World& w, int step) {
        if (step == 10) w.SetLinearVelocity(paddle, {-1.0f, 0.0f});
        if (step == 130) w.SetLinearVelocity(paddle, {0.0f, 0.0f});
    });
    CHECK(fewSteps > 10);
}

TEST_CASE("few movers: the snapshot scenes step as with every contact visited", "[physics][rest][fewmovers]") {
    for (const SnapshotScene& scene : SnapshotScenes()) {
        INFO(scene.name);
        CompareFewMovers(scene.build(), scene.warmUpSteps + 240, scene.act);
    }
}
