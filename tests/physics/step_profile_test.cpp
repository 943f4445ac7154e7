// World::GetProfile: the last step's times, in parts that fit inside the whole.
#include <catch2/catch.hpp>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A 6-row pyramid of boxes on the ground: contacts, solver and rest states all have work.
World PyramidWorld(SolverSettings settings) {
    World world(WorldDef{.settings = settings});
    AddGround(world);
    for (int row = 0; row < 6; ++row)
        for (int i = 0; i < 6 - row; ++i)
            AddBox(world, {1.05f * (static_cast<float>(i) - 0.5f * static_cast<float>(5 - row)), 0.5f + 1.0f * static_cast<float>(row)}, {0.5f, 0.5f});
    return world;
}

void CheckParts(const StepProfile& p) {
    const float parts[] = {p.collide, p.solverSetup, p.velocities, p.shock, p.positions, p.continuous, p.proxies, p.restStates, p.sensors};
    float sum = 0.0f;
    for (float part : parts) {
        CHECK(part >= 0.0f);
        sum += part;
    }
    CHECK(p.solve == p.solverSetup + p.velocities + p.shock + p.positions);
    CHECK(p.step > 0.0f);
    CHECK(sum <= p.step * 1.001f);  // the parts are laps inside the step's own clock
}

} // namespace

TEST_CASE("a world reports zeros until it steps, then every part of the step within the whole", "[physics][profile]") {
    for (const SolverKind solver : {SolverKind::SequentialImpulses, SolverKind::SoftStep}) {
        World world = PyramidWorld({.solver = solver});
        CHECK(world.GetProfile().step == 0.0f);
        CHECK(world.GetProfile().solve == 0.0f);
        StepN(world, 3);
        const StepProfile& p = world.GetProfile();
        CheckParts(p);
        CHECK(p.velocities > 0.0f);  // a pile's contacts were solved
        CHECK(p.restStates > 0.0f);  // rest states are on by default
        if (solver == SolverKind::SoftStep) CHECK(p.shock == 0.0f);
    }
}

TEST_CASE("the profile is measured, not state: rest states off leave their part at zero, Load starts from zeros", "[physics][profile]") {
    World world = PyramidWorld({.restStates = false, .threads = 2});
    StepN(world, 5);
    CheckParts(world.GetProfile());
    CHECK(world.GetProfile().restStates == 0.0f);
    const std::vector<uint8_t> bytes = world.Save();
    World loaded = World::Load(bytes);
    CHECK(loaded.GetProfile().step == 0.0f);
    CHECK(loaded.Save() == bytes);  // the times are not in the snapshot
}

TEST_CASE("a step of a frozen world is timed as a whole with no solver parts", "[physics][profile]") {
    World world = PyramidWorld({});
    REQUIRE(StepUntilAllRest(world, 2000) > 0);
    world.Step(kDt);
    const StepProfile& p = world.GetProfile();
    CHECK(p.step > 0.0f);
    CHECK(p.solve == 0.0f);
    CHECK(p.collide == 0.0f);
}
