// The Blade sample's scoring (samples/blade/game.h): the autopilot's swing replayed in every mode,
// scored against the exact time of impact.
#include <catch2/catch.hpp>

#include <cstdio>

#include "../../samples/blade/game.h"
#include "../../samples/blade/sword.h"

using namespace sensu;
using namespace sensu::blade;

namespace {

constexpr float kDt = 1.0f / 60.0f;

struct Run {
    Tally tally;
    int uncertainTruths = 0;
};

// `steps` steps of the autopilot's swing at `degreesPerStep` in one mode (same seed, same spawns).
Run RunScripted(Mode mode, float degreesPerStep, int steps) {
    BladeGame game(kDt, mode, 7);
    SwingController swing;
    for (int i = 0; i < steps; ++i) game.Step(swing.Next(AutopilotIntent(i), game.bladeAngle(), degreesPerStep * kPi / 180.0f));
    return {game.tally(mode), game.uncertainTruths()};
}

} // namespace

TEST_CASE("Blade: sensu CCD deflects every target the blade goes into, discrete and Box2D let them through", "[app][blade]") {
    // 180° per step: Box2D 2.4 turns its kinematic blade only 90° of it.
    const Run ccd = RunScripted(Mode::SensuCcd, 180.0f, 1200);
    CHECK(ccd.uncertainTruths == 0);
    CHECK(ccd.tally.crossings > 50);
    CHECK(ccd.tally.hits + ccd.tally.misses == ccd.tally.crossings);
    CHECK(ccd.tally.misses == 0);

    const Run discrete = RunScripted(Mode::Discrete, 180.0f, 1200);
    CHECK(discrete.tally.hits + discrete.tally.misses == discrete.tally.crossings);
    CHECK(discrete.tally.misses > discrete.tally.crossings / 2);

    if (BladeGame::Available(Mode::Box2D)) {
        const Run box2d = RunScripted(Mode::Box2D, 180.0f, 1200);
        CHECK(box2d.tally.hits + box2d.tally.misses == box2d.tally.crossings);
        CHECK(box2d.tally.misses > box2d.tally.crossings / 5);
    }
}

TEST_CASE("Blade: the speculative AABB never misses a blade that does not turn", "[app][blade]") {
    // With no rotation the AABB of the start and end poses is the blade's own box: conservative, so
    // every crossing the truth finds must be registered.
    const Run still = RunScripted(Mode::SpeculativeAabb, 0.0f, 3600);
    CHECK(still.tally.crossings > 10);
    CHECK(still.tally.misses == 0);
}

TEST_CASE("Blade: the README's table (hidden; run with [blade-table])", "[.][blade-table]") {
    for (float degrees : {30.0f, 90.0f, 180.0f, 360.0f}) {
        for (int m = 0; m < kModeCount; ++m) {
            const Mode mode = static_cast<Mode>(m);
            if (!BladeGame::Available(mode)) continue;
            const Run run = RunScripted(mode, degrees, 3600);
            const Tally& t = run.tally;
            char falseHits[16] = "n/a";
            if (IsRegionMode(mode)) std::snprintf(falseHits, sizeof falseHits, "%d", t.falseHits);
            std::printf("| %3.0f | %-16s | %4d | %4d | %4d | %5.1f %% | %4s | %3d |\n", degrees, kModeNames[static_cast<size_t>(m)],
                        t.crossings, t.hits, t.misses, 100.0 * t.MissRate(), falseHits, t.hurt);
            CHECK(t.hits + t.misses == t.crossings);
            CHECK(run.uncertainTruths == 0);
        }
    }
}
