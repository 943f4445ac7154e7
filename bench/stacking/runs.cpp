#include "runs.h"

#include <chrono>

#include "sensu_baseline/box2d_world.h"

namespace sensu::bench {

namespace {

using Clock = std::chrono::steady_clock;

// Steps any engine, timing only its step calls; `allResting` and `sample` are read outside the timer.
template <class StepFn, class RestingFn, class SampleFn>
RunResult Drive(const scenes::SceneDef& scene, Engine engine, int steps, StepFn step, RestingFn allResting, SampleFn sample) {
    RunResult r;
    r.scene = scene.name;
    r.engine = engine;
    r.steps = steps;
    r.idealY = scene.standing.idealTopY;
    for (const scenes::SceneBody& b : scene.bodies) r.bodies += b.body.type == BodyType::Dynamic ? 1 : 0;
    for (const scenes::SceneSpawn& s : scene.spawns) r.bodies += s.body.body.type == BodyType::Dynamic && s.step <= steps ? 1 : 0;
    Clock::duration total{};
    int lastMoving = 0;
    for (int i = 1; i <= steps; ++i) {
        const auto t0 = Clock::now();
        step();
        total += Clock::now() - t0;
        if (!allResting()) lastMoving = i;
    }
    r.msTotal = std::chrono::duration<double, std::milli>(total).count();
    r.restStep = lastMoving < steps ? lastMoving + 1 : -1;
    std::vector<scenes::BodySample> samples;
    sample(samples);
    r.metrics = scenes::Measure(scene, samples);
    return r;
}

} // namespace

const char* EngineName(Engine engine) {
    switch (engine) {
        case Engine::SensuRest: return "sensu-rest";
        case Engine::SensuNoRest: return "sensu-norest";
        case Engine::Box2DSleep: return "box2d-sleep";
        case Engine::Box2DNoSleep: return "box2d-nosleep";
        case Engine::SensuRestMorton: return "sensu-rest-morton";
    }
    return "?";
}

RunResult Run(const scenes::SceneDef& scene, Engine engine, int steps, int threads, const SolverSettings& sensuBase) {
    if (steps <= 0) steps = scene.steps;
    // Bodies the scene spawns during the run are created inside the timed step, as a game would.
    size_t nextSpawn = 0;
    int stepIndex = 0;
    auto spawnDue = [&](auto&& add) {
        ++stepIndex;
        for (; nextSpawn < scene.spawns.size() && scene.spawns[nextSpawn].step <= stepIndex; ++nextSpawn) add(scene.spawns[nextSpawn].body);
    };
    // snippet-begin: engines
    if (engine == Engine::SensuRest || engine == Engine::SensuNoRest || engine == Engine::SensuRestMorton) {
        SolverSettings settings = sensuBase;
        settings.restStates = engine != Engine::SensuNoRest;
        if (engine == Engine::SensuRestMorton) settings.broadPhase = BroadPhaseKind::MortonQuadtree;
        settings.threads = threads;
        scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
        RunResult r = Drive(
            scene, engine, steps,
            [&] {
                spawnDue([&](const scenes::SceneBody& body) { scenes::AddBody(built, body); });
                built.world.Step(scene.dt);
            },
            [&] { return settings.restStates && built.world.GetAwakeBodyCount() == 0; },
            [&](std::vector<scenes::BodySample>& out) { scenes::SampleWorld(built, scene, out); });
        r.threads = threads;
        return r;
    }
    baseline::Box2DWorld world(scene, engine == Engine::Box2DSleep);
    return Drive(
        scene, engine, steps,
        [&] {
            spawnDue([&](const scenes::SceneBody& body) { world.AddBody(body); });
            world.Step();
        },
        [&] { return world.AwakeBodyCount() == 0; },
        [&](std::vector<scenes::BodySample>& out) { world.Sample(out); });
    // snippet-end: engines
}

} // namespace sensu::bench
