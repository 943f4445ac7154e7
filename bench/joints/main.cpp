// sensu-bench-joints: the jointed scenes of issue 13 run by sensu (rest states on and off) and by
// Box2D 2.4 (sleep on and off) through the one adapter, in one process: the joint grid (100 × 100
// circles linked to their neighbours by revolute joints, top row pinned, 500 steps: time per step and
// the grid's sag) and the ragdoll pile (100 ragdolls dropped into a box). Prints a table and the
// ratios; --csv FILE also writes the rows; --quick runs small versions for CI. On a shared machine
// --repeat R runs every engine R times, interleaved, and keeps each engine's fastest run (interference
// only adds time); --steps N and --engine NAME shorten a run or pick one engine (for profiling).
// --interleave steps sensu (rest states off) and Box2D (sleep off) one step each in turn and prints the
// median of the per-step time ratios: load that comes and goes then falls on both engines alike.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "sensu_baseline/box2d_world.h"
#include "sensu_scenes/joints.h"

using namespace sensu;

namespace {

using Clock = std::chrono::steady_clock;

enum class Engine { SensuRest, SensuNoRest, Box2DSleep, Box2DNoSleep };
constexpr Engine kEngines[] = {Engine::SensuRest, Engine::SensuNoRest, Engine::Box2DSleep, Engine::Box2DNoSleep};

const char* EngineName(Engine e) {
    switch (e) {
        case Engine::SensuRest: return "sensu-rest";
        case Engine::SensuNoRest: return "sensu-norest";
        case Engine::Box2DSleep: return "box2d-sleep";
        case Engine::Box2DNoSleep: return "box2d-nosleep";
    }
    return "?";
}

struct Row {
    std::string scene;
    Engine engine{};
    int bodies = 0, joints = 0, steps = 0;
    double ms = 0.0;        // inside the step calls only
    int awakeAtEnd = 0;
    float sag = 0.0f;       // joint grid: m
    float topY = 0.0f;      // m, highest dynamic body origin at the end
    float maxSpeed = 0.0f;  // m/s at the end
};

Row Run(const scenes::SceneDef& scene, Engine engine, int gridN) {
    Row r;
    r.scene = scene.name;
    r.engine = engine;
    r.steps = scene.steps;
    r.joints = static_cast<int>(scene.joints.size());
    for (const scenes::SceneBody& b : scene.bodies) r.bodies += b.body.type == BodyType::Dynamic ? 1 : 0;
    std::vector<scenes::BodySample> samples;
    Clock::duration total{};
    if (engine == Engine::SensuRest || engine == Engine::SensuNoRest) {
        SolverSettings settings;
        settings.restStates = engine == Engine::SensuRest;
        scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
        for (int i = 0; i < scene.steps; ++i) {
            const auto t0 = Clock::now();
            built.world.Step(scene.dt);
            total += Clock::now() - t0;
        }
        r.awakeAtEnd = built.world.GetAwakeBodyCount();
        scenes::SampleWorld(built, scene, samples);
    } else {
        baseline::Box2DWorld world(scene, engine == Engine::Box2DSleep);
        for (int i = 0; i < scene.steps; ++i) {
            const auto t0 = Clock::now();
            world.Step();
            total += Clock::now() - t0;
        }
        r.awakeAtEnd = world.AwakeBodyCount();
        world.Sample(samples);
    }
    r.ms = std::chrono::duration<double, std::milli>(total).count();
    const scenes::SceneMetrics m = scenes::Measure(scene, samples);
    r.topY = m.topY;
    r.maxSpeed = m.maxSpeed;
    if (gridN > 0) r.sag = scenes::JointGridSag(gridN, samples);
    return r;
}

// Both engines (sensu rest off, Box2D sleep off) stepped in turn, each step timed on its own.
void RunInterleaved(const scenes::SceneDef& scene) {
    SolverSettings settings;
    settings.restStates = false;
    scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
    baseline::Box2DWorld box2d(scene, false);
    std::vector<double> ours, theirs, ratios;
    for (int i = 0; i < scene.steps; ++i) {
        const auto t0 = Clock::now();
        built.world.Step(scene.dt);
        const auto t1 = Clock::now();
        box2d.Step();
        const auto t2 = Clock::now();
        ours.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        theirs.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
        ratios.push_back(theirs.back() / ours.back());
    }
    auto total = [](const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); };
    auto median = [](std::vector<double> v) {
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    std::printf("%-16s interleaved %d steps: sensu-norest %.3f ms/step, box2d-nosleep %.3f ms/step, ratio of totals %.2fx, "
                "median step ratio %.2fx\n",
                scene.name.c_str(), scene.steps, total(ours) / scene.steps, total(theirs) / scene.steps, total(theirs) / total(ours),
                median(ratios));
}

} // namespace

int main(int argc, char** argv) {
    bool quick = false, interleave = false;
    std::string csvPath, only, engineName;
    int repeat = 1, steps = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--interleave") == 0) {
            interleave = true;
        } else if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
            csvPath = argv[++i];
        } else if (std::strcmp(argv[i], "--scene") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (std::strcmp(argv[i], "--engine") == 0 && i + 1 < argc) {
            engineName = argv[++i];
        } else if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            repeat = std::max(1, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--steps") == 0 && i + 1 < argc) {
            steps = std::atoi(argv[++i]);
        } else {
            std::fprintf(stderr,
                         "usage: %s [--quick] [--csv FILE] [--scene grid|ragdolls] [--engine NAME] [--repeat R] [--steps N] "
                         "[--interleave]\n",
                         argv[0]);
            return 2;
        }
    }
    const int gridN = quick ? 20 : 100;
    scenes::SceneDef grid = scenes::JointGrid(gridN);
    scenes::SceneDef pile = scenes::RagdollPile(quick ? 10 : 100);
    if (quick) grid.steps = pile.steps = 100;
    if (steps > 0) grid.steps = pile.steps = steps;
    if (interleave) {
        for (const scenes::SceneDef* scene : {&grid, &pile}) {
            if (only.empty() || only == (scene == &grid ? "grid" : "ragdolls")) RunInterleaved(*scene);
        }
        return 0;
    }
    std::vector<Row> rows;
    std::printf("%-16s %-14s %6s %6s %5s %10s %9s %6s %8s %8s %8s\n", "scene", "engine", "bodies", "joints", "steps", "ms total",
                "ms/step", "awake", "sag m", "top y", "vmax");
    auto print = [](FILE* f, const Row& r, bool csv) {
        const char* format = csv ? "%s,%s,%d,%d,%d,%.3f,%.4f,%d,%.4f,%.3f,%.3f\n" : "%-16s %-14s %6d %6d %5d %10.1f %9.3f %6d %8.4f %8.3f %8.3f\n";
        std::fprintf(f, format, r.scene.c_str(), EngineName(r.engine), r.bodies, r.joints, r.steps, r.ms, r.ms / r.steps, r.awakeAtEnd,
                     r.sag, r.topY, r.maxSpeed);
    };
    for (const bool isGrid : {true, false}) {
        if (!only.empty() && only != (isGrid ? "grid" : "ragdolls")) continue;
        std::vector<Row> fastest;
        for (int r = 0; r < repeat; ++r) {
            for (Engine e : kEngines) {
                if (!engineName.empty() && engineName != EngineName(e)) continue;
                const Row row = Run(isGrid ? grid : pile, e, isGrid ? gridN : 0);
                if (repeat > 1) print(stdout, row, false);
                auto same = std::find_if(fastest.begin(), fastest.end(), [&](const Row& f) { return f.engine == e; });
                if (same == fastest.end()) {
                    fastest.push_back(row);
                } else if (row.ms < same->ms) {
                    *same = row;
                }
            }
        }
        if (repeat > 1) std::printf("fastest of %d runs:\n", repeat);
        for (const Row& row : fastest) {
            rows.push_back(row);
            print(stdout, row, false);
        }
        std::fflush(stdout);
    }
    auto find = [&](const std::string& scene, Engine e) -> const Row* {
        for (const Row& r : rows)
            if (r.scene == scene && r.engine == e) return &r;
        return nullptr;
    };
    std::printf("\nTargets:\n");
    auto ratio = [&](const std::string& scene, Engine slow, Engine fast, const char* target) {
        const Row* a = find(scene, slow);
        const Row* b = find(scene, fast);
        if (!a || !b || b->ms <= 0.0) return;
        std::printf("  %-16s %-14s / %-14s %7.2fx%s\n", scene.c_str(), EngineName(slow), EngineName(fast), a->ms / b->ms, target);
    };
    const bool gridTarget = !quick;
    ratio(grid.name, Engine::Box2DNoSleep, Engine::SensuNoRest, gridTarget ? "  (target >= 1.5x)" : "");
    ratio(grid.name, Engine::Box2DSleep, Engine::SensuRest, "");
    if (const Row* ours = find(grid.name, Engine::SensuNoRest)) {
        if (const Row* theirs = find(grid.name, Engine::Box2DNoSleep))
            std::printf("  %-16s sag sensu-norest %.4f m vs box2d-nosleep %.4f m: %s\n", grid.name.c_str(), ours->sag, theirs->sag,
                        ours->sag <= theirs->sag ? "no larger (met)" : "larger (NOT met)");
    }
    ratio(pile.name, Engine::Box2DSleep, Engine::SensuRest, "");
    ratio(pile.name, Engine::Box2DNoSleep, Engine::SensuNoRest, "");
    ratio(pile.name, Engine::SensuNoRest, Engine::SensuRest, "");
    if (!csvPath.empty()) {
        FILE* f = std::fopen(csvPath.c_str(), "w");
        if (!f) {
            std::fprintf(stderr, "cannot write %s\n", csvPath.c_str());
            return 1;
        }
        std::fprintf(f, "scene,engine,bodies,joints,steps,ms_total,ms_per_step,awake_at_end,sag_m,top_y,max_speed\n");
        for (const Row& r : rows) print(f, r, true);
        std::fclose(f);
    }
    return 0;
}
