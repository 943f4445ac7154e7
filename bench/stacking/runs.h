#pragma once
// One benchmark run: a scene stepped by one engine, timed, then measured with the shared metrics.
#include <string>

#include "sensu_scenes/metrics.h"

namespace sensu::bench {

enum class Engine { SensuRest, SensuNoRest, Box2DSleep, Box2DNoSleep, SensuRestMorton };

/// The CSV name of an engine: sensu-rest, sensu-norest, box2d-sleep, box2d-nosleep, sensu-rest-morton
/// (sensu-rest with the Morton quadtree broad phase in place of the AABB tree).
const char* EngineName(Engine engine);

struct RunResult {
    std::string scene;
    Engine engine = Engine::SensuRest;
    int bodies = 0;          // dynamic bodies, spawned ones included
    int steps = 0;
    int threads = 1;         // SolverSettings::threads (Box2D 2.4 runs on one thread)
    double msTotal = 0.0;    // time inside the engines' step calls only
    int restStep = -1;       // first step from which every body rests (frozen or asleep) to the end; −1 never
    scenes::SceneMetrics metrics;
    float idealY = 0.0f;
};

/// Steps `scene` for scene.steps steps (or `steps` when > 0) with `engine`; sensu on `threads` threads,
/// with `sensuBase`'s solver settings except the rest states, broad phase and threads the engine and
/// `threads` choose (e.g. SolverKind::SoftStep and its sub-steps).
RunResult Run(const scenes::SceneDef& scene, Engine engine, int steps = 0, int threads = 1, const SolverSettings& sensuBase = {});

} // namespace sensu::bench
