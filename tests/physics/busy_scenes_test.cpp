// The scenes where nothing rests (issue 14: rain, tumbler, smash, many pyramids): the sizes the
// benchmark names, spawning during a run, and physical sanity on small versions of each.
#include <catch2/catch.hpp>
#include <cmath>

#include "physics_test_util.h"
#include "sensu_scenes/busy.h"
#include "sensu_scenes/metrics.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

int DynamicCount(const scenes::SceneDef& scene) {
    int n = 0;
    for (const scenes::SceneBody& b : scene.bodies) n += b.body.type == BodyType::Dynamic ? 1 : 0;
    return n;
}

// Steps a built scene, creating its spawns before their steps as the benchmark does.
void RunScene(scenes::BuiltWorld& built, const scenes::SceneDef& scene, int steps) {
    size_t next = 0;
    for (int step = 1; step <= steps; ++step) {
        for (; next < scene.spawns.size() && scene.spawns[next].step <= step; ++next) scenes::AddBody(built, scene.spawns[next].body);
        built.world.Step(scene.dt);
    }
}

Vec2 Momentum(const World& world) {
    std::vector<BodyId> ids;
    world.GetBodies(ids);
    Vec2 p{};
    for (BodyId id : ids) p += world.GetMass(id) * world.GetLinearVelocity(id);
    return p;
}

} // namespace

TEST_CASE("busy scenes have the sizes the benchmark names", "[physics][scenes]") {
    const scenes::SceneDef rain = scenes::Rain();
    CHECK(rain.name == "Rain2000");
    CHECK(rain.spawns.size() == 2000);
    CHECK(DynamicCount(rain) == 0);
    CHECK(rain.spawns.back().step < rain.steps);
    const scenes::SceneDef tumbler = scenes::Tumbler();
    CHECK(tumbler.name == "Tumbler2000");
    CHECK(DynamicCount(tumbler) == 2000);
    const scenes::SceneDef smash = scenes::Smash();
    CHECK(smash.name == "Smash9600");
    CHECK(DynamicCount(smash) == 9601);  // the wall and the ram
    const scenes::SceneDef pyramids = scenes::ManyPyramids();
    CHECK(pyramids.name == "Pyramids22000");
    CHECK(DynamicCount(pyramids) == 22000);
    CHECK(pyramids.steps == 200);
    CHECK_THROWS_AS(scenes::Rain(0), InvalidArgument);
    CHECK_THROWS_AS(scenes::Tumbler(5000), InvalidArgument);
    CHECK_THROWS_AS(scenes::Smash(0, 5), InvalidArgument);
    CHECK_THROWS_AS(scenes::ManyPyramids(1, 1, 0), InvalidArgument);
}

TEST_CASE("rain spawns into the bin and the bodies stay in it", "[physics][scenes]") {
    const scenes::SceneDef scene = scenes::Rain(20, 5, 3, 7);
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    RunScene(built, scene, scene.steps);
    CHECK(built.bodies.size() == scene.bodies.size() + 100);
    REQUIRE(AllFinite(built.world));
    std::vector<scenes::BodySample> samples;
    scenes::SampleWorld(built, scene, samples);
    REQUIRE(samples.size() == 100);
    for (const scenes::BodySample& s : samples) {
        CHECK(std::fabs(s.position.x) < 20.0f);
        CHECK(s.position.y > 0.0f);
        CHECK(s.position.y < 20.0f);
    }
    CHECK(scenes::Measure(scene, samples).standing);
}

TEST_CASE("the tumbler keeps its boxes inside while it turns", "[physics][scenes]") {
    const scenes::SceneDef scene = scenes::Tumbler(200);
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    RunScene(built, scene, 240);  // 4 s at π/4 rad/s: half a turn
    REQUIRE(AllFinite(built.world));
    CHECK(built.world.GetAngle(built.bodies[0]) == Approx(4.0f * 0.25f * kPi).epsilon(1e-4));
    for (size_t i = 1; i < built.bodies.size(); ++i) {
        const Vec2 local = built.world.GetPosition(built.bodies[i]) - Vec2{0.0f, 10.0f};
        const Vec2 inFrame = InvRotate(Rot::FromAngle(built.world.GetAngle(built.bodies[0])), local);
        CHECK(std::fabs(inFrame.x) < 9.5f);
        CHECK(std::fabs(inFrame.y) < 9.5f);
    }
}

TEST_CASE("smash: the ram breaks into the wall and momentum is conserved without gravity", "[physics][scenes]") {
    const scenes::SceneDef scene = scenes::Smash(10, 20);
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    const Vec2 before = Momentum(built.world);
    RunScene(built, scene, 60);
    REQUIRE(AllFinite(built.world));
    const Vec2 after = Momentum(built.world);
    CHECK(after.x == Approx(before.x).epsilon(0.01));
    CHECK(std::fabs(after.y) < 0.01f * before.x);
    const BodyId ram = built.bodies.back();
    CHECK(built.world.GetLinearVelocity(ram).x < 39.0f);  // it hit something
    CHECK(built.world.GetPosition(ram).x > -1.0f);        // and went into the wall's place
}

TEST_CASE("many pyramids stand on their floors", "[physics][scenes]") {
    const scenes::SceneDef scene = scenes::ManyPyramids(3, 2, 5);
    CHECK(DynamicCount(scene) == 3 * 2 * 15);
    for (bool rest : {true, false}) {
        scenes::BuiltWorld built = scenes::BuildWorld(scene, {.restStates = rest});
        RunScene(built, scene, 120);
        std::vector<scenes::BodySample> samples;
        scenes::SampleWorld(built, scene, samples);
        CHECK(scenes::Measure(scene, samples).standing);
    }
}
