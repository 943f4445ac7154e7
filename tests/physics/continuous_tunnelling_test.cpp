// Issue 5's tunnelling test in the World: a 2 m × 0.1 m blade spinning up to 2π rad per step against
// 5 cm circles and 2 cm × 20 cm boxes whose centre the exact swept region says the blade passes over.
// With continuous collision every target is hit; without it most are missed (so the test can fail).
#include <catch2/catch.hpp>

#include "sensu_scenes/tunnelling.h"

using namespace sensu;
using namespace sensu::scenes;

namespace {

constexpr uint64_t kSeed = 5;

// Misses among trials [first, first + count): targets still at rest after the one step.
int CountMisses(int first, int count, bool bullet, bool continuous, int* circles = nullptr) {
    int misses = 0;
    for (int i = first; i < first + count; ++i) {
        const TunnellingTrial trial = MakeTunnellingTrial(kSeed, i, bullet);
        // The truth the trial promises: the target's centre is in the blade's exact swept region.
        REQUIRE(SweptRegion(BladeInPivotFrame(trial.blade), trial.sweep).Overlaps(trial.scene.bodies[1].body.position));
        if (circles && trial.target == TargetKind::Circle) ++*circles;
        SolverSettings settings;
        settings.continuous = continuous;
        BuiltWorld built = BuildWorld(trial.scene, settings);
        built.world.Step(trial.scene.dt);
        const BodyId target = built.bodies[1];
        misses += TargetWasHit(built.world.GetLinearVelocity(target), built.world.GetAngularVelocity(target)) ? 0 : 1;
    }
    return misses;
}

} // namespace

TEST_CASE("a blade spinning up to 2 pi per step hits every target in its path", "[physics][continuous]") {
    SECTION("automatic: the blade is fast for its size") {
        int circles = 0;
        CHECK(CountMisses(0, 3000, false, true, &circles) == 0);
        CHECK(circles > 1000);  // both target kinds are exercised
        CHECK(circles < 2000);
    }
    SECTION("bullet blade, also with the automatic rule off") {
        CHECK(CountMisses(3000, 1000, true, false) == 0);
    }
}

TEST_CASE("without continuous collision the same blade tunnels through most targets", "[physics][continuous]") {
    const int trials = 400;
    const int misses = CountMisses(0, trials, false, false);
    CHECK(misses > trials / 2);
}
