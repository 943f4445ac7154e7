// sensu-bench-stacking: the stacking scenes of issue 4 (seed 004 table 4.1 is scene A) run by sensu
// with and without rest states (and with rest states on the Morton quadtree broad phase) and by Box2D 2.4
// with and without sleeping, in one process, so the ratios compare like with like. Prints a table; --csv
// FILE also writes the CSV and, beside it, a PNG plot of ms per step by scene and engine (same name,
// .png); --quick runs a small subset for CI. --threads N runs sensu on N threads (SolverSettings::threads)
// and adds the threads speed-up: C100 and Pyramids22000 without rest states on 1 and on N threads.
// --solver soft runs sensu with SolverKind::SoftStep (--sub-steps N and --hertz F set its sub-steps and
// contact stiffness; the defaults are SolverSettings'). --repeat N runs every scene N times, the engines
// taking turns, and keeps each engine's median run, so one slow run (a neighbour on a shared machine)
// does not decide a ratio; the thread speed-up's one-thread runs are repeated the same way.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <cstring>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "line_plot.h"
#include "runs.h"
#include "sensu_scenes/busy.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::bench;

namespace {

struct Options {
    bool quick = false;
    std::string csvPath;
    std::string only;  // run just this scene (e.g. C100)
    int steps = 0;     // override the scene's step count (0: keep 500)
    int threads = 1;   // sensu's SolverSettings::threads
    int repeat = 1;    // runs per scene and engine; the median run is reported
    SolverSettings sensu;  // sensu's solver (--solver, --sub-steps, --hertz); rest states and threads are set per run
};

Options ParseArgs(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            o.quick = true;
        } else if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
            o.csvPath = argv[++i];
        } else if (std::strcmp(argv[i], "--scene") == 0 && i + 1 < argc) {
            o.only = argv[++i];
        } else if (std::strcmp(argv[i], "--steps") == 0 && i + 1 < argc) {
            o.steps = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc && std::atoi(argv[i + 1]) >= 1 && std::atoi(argv[i + 1]) <= 64) {
            o.threads = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc && std::atoi(argv[i + 1]) >= 1 && std::atoi(argv[i + 1]) <= 99) {
            o.repeat = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--solver") == 0 && i + 1 < argc &&
                   (std::strcmp(argv[i + 1], "si") == 0 || std::strcmp(argv[i + 1], "soft") == 0)) {
            o.sensu.solver = std::strcmp(argv[++i], "soft") == 0 ? SolverKind::SoftStep : SolverKind::SequentialImpulses;
        } else if (std::strcmp(argv[i], "--sub-steps") == 0 && i + 1 < argc && std::atoi(argv[i + 1]) >= 1 && std::atoi(argv[i + 1]) <= 64) {
            o.sensu.subSteps = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--hertz") == 0 && i + 1 < argc && std::atof(argv[i + 1]) > 0.0) {
            o.sensu.contactHertz = static_cast<float>(std::atof(argv[++i]));
        } else {
            std::fprintf(stderr,
                         "usage: %s [--quick] [--csv FILE] [--scene NAME] [--steps N] [--threads 1..64] [--repeat 1..99] "
                         "[--solver si|soft] [--sub-steps 1..64] [--hertz F]\n",
                         argv[0]);
            std::exit(2);
        }
    }
    return o;
}

// The run with the median time of `runs` (the upper one of an even count). The engines are
// deterministic, so every run of a scene and engine measures the same state; only the time differs.
RunResult MedianRun(std::vector<RunResult> runs) {
    std::sort(runs.begin(), runs.end(), [](const RunResult& a, const RunResult& b) { return a.msTotal < b.msTotal; });
    return runs[runs.size() / 2];
}

std::vector<scenes::SceneDef> Scenes(bool quick) {
    std::vector<scenes::SceneDef> s;
    if (quick) {
        s.push_back(scenes::DropStack(5));
        s.push_back(scenes::DropStack(20));
        s.push_back(scenes::Pyramid(20));
        return s;
    }
    for (int n : {5, 20, 50, 80, 100}) s.push_back(scenes::DropStack(n));
    s.push_back(scenes::DropStackGrid(50, 20));    // 1,000 bodies
    s.push_back(scenes::DropStackGrid(125, 80));   // 10,000 bodies (the ground is 400 m wide)
    s.push_back(scenes::Pyramid(20));
    s.push_back(scenes::Pyramid(100));
    s.push_back(scenes::RestedField());            // 1,600 boxes at rest and one rolling ball
    // Scenes where nothing rests (issue 14): the solver's raw speed.
    s.push_back(scenes::Rain());
    s.push_back(scenes::Tumbler());
    s.push_back(scenes::Smash());
    s.push_back(scenes::ManyPyramids());
    return s;
}

void PrintRow(FILE* f, const RunResult& r, bool csv) {
    const scenes::SceneMetrics& m = r.metrics;
    if (csv) {
        std::fprintf(f, "%s,%s,%d,%d,%d,%.3f,%.4f,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%s\n", r.scene.c_str(), EngineName(r.engine), r.threads,
                     r.bodies, r.steps, r.msTotal, r.msTotal / r.steps, r.restStep, m.maxSpeed, m.maxAngle, m.maxDrift, m.topY, r.idealY,
                     m.standing ? "yes" : "no");
    } else {
        std::fprintf(f, "%-8s %-17s %7d %6d %5d %10.2f %9.4f %6d %9.3f %9.3f %9.3f %8.3f %8.3f %s\n", r.scene.c_str(),
                     EngineName(r.engine), r.threads, r.bodies, r.steps, r.msTotal, r.msTotal / r.steps, r.restStep, m.maxSpeed,
                     m.maxAngle, m.maxDrift, m.topY, r.idealY, m.standing ? "yes" : "no");
    }
}

// The targets, checked on the measured table (only those whose runs are present).
void PrintTargets(const std::map<std::pair<std::string, Engine>, RunResult>& runs) {
    auto ms = [&](const char* scene, Engine e) -> double {
        const auto it = runs.find({scene, e});
        return it == runs.end() ? -1.0 : it->second.msTotal;
    };
    auto ratio = [&](const char* label, const char* scene, Engine slow, Engine fast, double target) {
        const double a = ms(scene, slow);
        const double b = ms(scene, fast);
        if (a < 0.0 || b <= 0.0) return;
        std::printf("  %-42s %7.1fx  (target >= %.0fx) %s\n", label, a / b, target, a / b >= target ? "met" : "NOT met");
    };
    std::printf("\nTargets:\n");
    ratio("A100: box2d-sleep / sensu-rest", "A100", Engine::Box2DSleep, Engine::SensuRest, 8.0);
    ratio("A50x20: box2d-sleep / sensu-rest", "A50x20", Engine::Box2DSleep, Engine::SensuRest, 12.0);
    ratio("C100: box2d-sleep / sensu-rest", "C100", Engine::Box2DSleep, Engine::SensuRest, 10.0);
    ratio("A100: sensu-norest / sensu-rest", "A100", Engine::SensuNoRest, Engine::SensuRest, 3.0);
    ratio("C100: box2d-nosleep / sensu-norest", "C100", Engine::Box2DNoSleep, Engine::SensuNoRest, 3.0);
    // Issue 14: the solver's speed per core where rest states do not help.
    ratio("A50x20: box2d-nosleep / sensu-norest", "A50x20", Engine::Box2DNoSleep, Engine::SensuNoRest, 6.0);
    ratio("B20: box2d-nosleep / sensu-norest", "B20", Engine::Box2DNoSleep, Engine::SensuNoRest, 6.0);
    ratio("C100: box2d-nosleep / sensu-norest (wide)", "C100", Engine::Box2DNoSleep, Engine::SensuNoRest, 9.0);
    for (const char* scene : {"Rain2000", "Tumbler2000", "Smash9600", "Pyramids22000"})
        ratio((std::string(scene) + ": box2d-nosleep / sensu-norest").c_str(), scene, Engine::Box2DNoSleep, Engine::SensuNoRest, 6.0);
    // Rest states must never cost time: rest on at most as slow as rest off (5 % for timing noise).
    for (const auto& [key, r] : runs) {
        if (key.second != Engine::SensuRest) continue;
        const double off = ms(key.first.c_str(), Engine::SensuNoRest);
        if (off <= 0.0) continue;
        const double onOverOff = r.msTotal / off;
        std::printf("  %-42s %7.2fx  (target <= 1.05x) %s\n", (key.first + ": sensu-rest / sensu-norest").c_str(), onOverOff,
                    onOverOff <= 1.05 ? "met" : "NOT met");
    }
    // No target: a world at rest but for one ball, where a step costs what still moves.
    if (ms("D400x4", Engine::Box2DSleep) > 0.0 && ms("D400x4", Engine::SensuRest) > 0.0)
        std::printf("  %-42s %7.1fx\n", "D400x4: box2d-sleep / sensu-rest", ms("D400x4", Engine::Box2DSleep) / ms("D400x4", Engine::SensuRest));
    // The Morton quadtree broad phase has no target: its time relative to the default AABB tree.
    for (const char* scene : {"A50x20", "A125x80"}) {
        const double tree = ms(scene, Engine::SensuRest);
        const double morton = ms(scene, Engine::SensuRestMorton);
        if (tree > 0.0 && morton > 0.0)
            std::printf("  %-42s %7.2fx\n", (std::string(scene) + ": sensu-rest-morton / sensu-rest").c_str(), morton / tree);
    }
    for (const auto& [key, r] : runs) {
        if (key.second != Engine::SensuRest) continue;
        std::printf("  %-42s %s\n", (key.first + " stands with sensu-rest").c_str(), r.metrics.standing ? "yes" : "NO");
    }
}

// Issue 14: N threads at least 1.7× as fast as one where nothing rests (C100 and Pyramids22000 without
// rest states). The N-thread runs are the table's; the one-thread runs are made here, the same way.
void PrintThreadsSpeedUp(const std::vector<scenes::SceneDef>& sceneList, const std::map<std::pair<std::string, Engine>, RunResult>& runs,
                         const Options& options) {
    std::printf("\nThreads speed-up (1 vs %d threads; wall time of the step calls, median of %d runs each, noisy on a shared machine):\n",
                options.threads, options.repeat);
    for (const scenes::SceneDef& scene : sceneList) {
        if (scene.name != "C100" && scene.name != "Pyramids22000") continue;
        const auto wide = runs.find({scene.name, Engine::SensuNoRest});
        if (wide == runs.end()) continue;
        std::vector<RunResult> ones;
        for (int rep = 0; rep < options.repeat; ++rep) ones.push_back(Run(scene, Engine::SensuNoRest, options.steps, 1, options.sensu));
        const RunResult one = MedianRun(std::move(ones));
        const double speedUp = one.msTotal / wide->second.msTotal;
        const std::string label = scene.name + ": sensu-norest 1 / " + std::to_string(options.threads) + " threads";
        std::printf("  %-42s %7.2fx  (target >= 1.70x) %s\n", label.c_str(), speedUp, speedUp >= 1.7 ? "met" : "NOT met");
    }
}

// ms per step of every engine by scene, on a log scale (the engines differ by up to 50×).
LinePlot TimePlot(const std::vector<scenes::SceneDef>& sceneList, const std::map<std::pair<std::string, Engine>, RunResult>& runs,
                  std::span<const Engine> engines) {
    LinePlot plot;
    plot.title = "sensu-bench-stacking: time per step (lower is faster)";
    plot.xLabel = "scene";
    plot.yLabel = "log10(ms per step)";
    for (size_t i = 0; i < sceneList.size(); ++i) {
        plot.x.push_back(static_cast<double>(i));
        plot.xTickLabels.push_back(sceneList[i].name);
    }
    const unsigned char colours[5][3] = {{40, 120, 220}, {120, 180, 240}, {220, 90, 40}, {240, 170, 120}, {60, 170, 90}};
    double lo = 1e9, hi = -1e9;
    for (size_t e = 0; e < engines.size(); ++e) {
        PlotSeries series{.name = EngineName(engines[e])};
        for (const scenes::SceneDef& scene : sceneList) {
            const RunResult& r = runs.at({scene.name, engines[e]});
            const double value = std::log10(std::max(r.msTotal / r.steps, 1e-6));
            series.y.push_back(value);
            lo = std::min(lo, value);
            hi = std::max(hi, value);
        }
        std::copy(std::begin(colours[e % 5]), std::end(colours[e % 5]), series.rgb);
        plot.series.push_back(std::move(series));
    }
    plot.yMin = std::floor(lo);
    plot.yMax = std::max(std::ceil(hi), plot.yMin + 1.0);
    return plot;
}

} // namespace

int main(int argc, char** argv) {
    const Options options = ParseArgs(argc, argv);
    std::vector<scenes::SceneDef> sceneList = Scenes(options.quick);
    if (!options.only.empty()) {
        std::erase_if(sceneList, [&](const scenes::SceneDef& s) { return s.name != options.only; });
        if (sceneList.empty()) {
            std::fprintf(stderr, "no scene named %s\n", options.only.c_str());
            return 2;
        }
    }
    const Engine engines[] = {Engine::SensuRest, Engine::SensuNoRest, Engine::Box2DSleep, Engine::Box2DNoSleep, Engine::SensuRestMorton};
    const int total = static_cast<int>(sceneList.size() * std::size(engines)) * options.repeat;

    std::vector<RunResult> results;
    std::map<std::pair<std::string, Engine>, RunResult> byKey;
    int done = 0;
    for (const scenes::SceneDef& scene : sceneList) {
        // The engines take turns, repeat after repeat: a slow spell of the machine hits them alike.
        std::vector<std::vector<RunResult>> runs(std::size(engines));
        for (int rep = 0; rep < options.repeat; ++rep) {
            for (size_t e = 0; e < std::size(engines); ++e) {
                std::fprintf(stderr, "\r[%3d/%3d] %-8s %-17s ...", ++done, total, scene.name.c_str(), EngineName(engines[e]));
                std::fflush(stderr);
                runs[e].push_back(Run(scene, engines[e], options.steps, options.threads, options.sensu));
            }
        }
        for (size_t e = 0; e < std::size(engines); ++e) {
            RunResult r = MedianRun(std::move(runs[e]));
            byKey[{r.scene, engines[e]}] = r;
            results.push_back(std::move(r));
        }
    }
    std::fprintf(stderr, "\r%60s\r", "");

    std::printf("%-8s %-17s %7s %6s %5s %10s %9s %6s %9s %9s %9s %8s %8s %s\n", "scene", "engine", "threads", "bodies", "steps",
                "ms_total", "ms/step", "rest", "max_speed", "max_angle", "max_drift", "top_y", "ideal_y", "standing");
    for (const RunResult& r : results) PrintRow(stdout, r, false);
    PrintTargets(byKey);
    if (options.threads > 1) PrintThreadsSpeedUp(sceneList, byKey, options);

    if (!options.csvPath.empty()) {
        FILE* f = std::fopen(options.csvPath.c_str(), "w");
        if (!f) {
            std::fprintf(stderr, "cannot write %s\n", options.csvPath.c_str());
            return 1;
        }
        std::fprintf(f, "scene,engine,threads,bodies,steps,ms_total,ms_per_step,rest_step,max_speed,max_angle,max_drift,top_y,ideal_y,"
                        "standing\n");
        for (const RunResult& r : results) PrintRow(f, r, true);
        std::fclose(f);
        const std::string plotPath = std::filesystem::path(options.csvPath).replace_extension(".png").string();
        if (!WriteLinePlotPng(TimePlot(sceneList, byKey, engines), plotPath)) {
            std::fprintf(stderr, "cannot write %s\n", plotPath.c_str());
            return 1;
        }
        std::printf("\nwrote %s and %s\n", options.csvPath.c_str(), plotPath.c_str());
    }
    return 0;
}
