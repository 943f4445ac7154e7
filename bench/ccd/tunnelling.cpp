#include "tunnelling.h"

#include <chrono>
#include <cmath>

#include "sensu_baseline/box2d_world.h"
#include "sensu_scenes/tunnelling.h"

namespace sensu::bench {

namespace {

enum class Engine { Sensu, SensuDiscrete, Box2D };

// One step of the trial's scene in the engine; whether the target was hit.
bool RunTrial(const scenes::TunnellingTrial& trial, Engine engine) {
    if (engine == Engine::Box2D) {
        baseline::Box2DWorld world(trial.scene, false);
        world.Step();
        return scenes::TargetWasHit(world.GetLinearVelocity(1), world.GetAngularVelocity(1));
    }
    SolverSettings settings;
    settings.continuous = engine == Engine::Sensu;
    scenes::BuiltWorld built = scenes::BuildWorld(trial.scene, settings);
    built.world.Step(trial.scene.dt);
    return scenes::TargetWasHit(built.world.GetLinearVelocity(built.bodies[1]), built.world.GetAngularVelocity(built.bodies[1]));
}

} // namespace

std::vector<TunnellingRow> RunTunnelling(int trials, uint64_t seed) {
    const struct {
        Engine engine;
        const char* name;
        bool bullet;
    } engines[] = {{Engine::Sensu, "sensu", true}, {Engine::SensuDiscrete, "sensu-discrete", false}, {Engine::Box2D, "box2d", true}};
    std::vector<TunnellingRow> rows;
    for (const auto& e : engines) {
        TunnellingRow row{.engine = e.name, .trials = trials};
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < trials; ++i) {
            const scenes::TunnellingTrial trial = scenes::MakeTunnellingTrial(seed, i, e.bullet);
            const int miss = RunTrial(trial, e.engine) ? 0 : 1;
            const bool small = std::abs(trial.sweep.sweepAngle) <= 0.5f * kPi;
            const bool sword = trial.blade == scenes::BladeKind::Sword;
            const bool thin = trial.target == scenes::TargetKind::ThinBox;
            row.misses += miss;
            row.trialsSmallTurn += small ? 1 : 0;
            row.missesSmallTurn += small ? miss : 0;
            row.trialsSword += sword ? 1 : 0;
            row.missesSword += sword ? miss : 0;
            row.trialsThinBox += thin ? 1 : 0;
            row.missesThinBox += thin ? miss : 0;
        }
        row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        rows.push_back(row);
    }
    return rows;
}

} // namespace sensu::bench
