// sensu-bench-ccd: the accuracy experiment of seed 000 chapter 3, in 2D, for every swept region, and
// issue 5's tunnelling test of the World against Box2D 2.4.
//
//   sensu-bench-ccd [--quick] [--cases N] [--trials N] [--seed S] [--csv DIR] [--tunnelling-only]
//
// Prints one table against the exact swept region and one against the thesis' truth (the union of
// 100 sub-steps). --csv DIR writes DIR/accuracy.csv (method,cases,accuracy,over,under,cases_with_misses;
// rates in %, against the exact region) and the figures DIR/accuracy_by_angle.png (36 bins of 10°,
// like seed 000 fig. 3.8) and DIR/accuracy_by_shape.png (20 equal-count bins of height − width, like
// fig. 3.9).
// Tunnelling (scenes/tunnelling.h): --trials one-step trials (100,000; 5,000 with --quick) of a 2 m × 0.1 m
// blade spinning up to 2π rad per step against targets in its path, through sensu's World and Box2D 2.4
// (bullet on); --csv DIR also writes DIR/tunnelling.csv (engine,trials,misses).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "accuracy.h"
#include "line_plot.h"
#include "tunnelling.h"

using namespace sensu::bench;

namespace {

constexpr int kFullCases = 100000;
constexpr int kQuickCases = 2000;
constexpr int kFullTrials = 100000;
constexpr int kQuickTrials = 5000;
constexpr unsigned char kColors[kMethodCount][3] = {
    {200, 60, 40}, {230, 150, 20}, {40, 120, 200}, {120, 60, 180}, {120, 120, 120}, {20, 150, 60}};

void PrintTable(const char* title, const MethodSummary* summaries) {
    std::printf("\n%s\n", title);
    std::printf("%-20s %8s %10s %10s %10s %18s\n", "method", "cases", "accuracy%", "over%", "under%", "cases_with_misses");
    for (int m = 0; m < kMethodCount; ++m) {
        const MethodSummary& s = summaries[m];
        std::printf("%-20s %8d %10.2f %10.2f %10.2f %18d\n", MethodName(static_cast<Method>(m)), s.cases, s.accuracy, s.over,
                    s.under, s.casesWithMisses);
    }
}

bool WriteCsv(const std::filesystem::path& path, const MethodSummary* summaries) {
    std::ofstream out(path);
    if (!out) return false;
    out << "method,cases,accuracy,over,under,cases_with_misses\n";
    char line[256];
    for (int m = 0; m < kMethodCount; ++m) {
        const MethodSummary& s = summaries[m];
        std::snprintf(line, sizeof line, "%s,%d,%.4f,%.4f,%.4f,%d\n", MethodName(static_cast<Method>(m)), s.cases, s.accuracy,
                      s.over, s.under, s.casesWithMisses);
        out << line;
    }
    return static_cast<bool>(out);
}

double Percent(int part, int whole) { return whole > 0 ? 100.0 * part / whole : 0.0; }

void PrintTunnelling(const std::vector<TunnellingRow>& rows) {
    std::printf("\nTunnelling: 2 m x 0.1 m blade, |alpha| in [0.05, 2pi] rad per step at 60 Hz (377 rad/s at 2pi), half\n"
                "dynamic spinners about their centre, half kinematic swords about the hilt; targets 5 cm circles and\n"
                "2 x 20 cm boxes whose centre the exact swept region passes over; one step per trial, a miss = the\n"
                "target is still at rest after the step. sensu: continuous on, blade a bullet; sensu-discrete:\n"
                "continuous off (reference); box2d: Box2D 2.4, blade a bullet.\n");
    std::printf("%-15s %8s %8s %8s %14s %14s %14s %14s %8s\n", "engine", "trials", "misses", "miss%", "miss%|a|<=90",
                "miss%|a|>90", "miss%sword", "miss%thinbox", "seconds");
    for (const TunnellingRow& r : rows) {
        std::printf("%-15s %8d %8d %8.3f %14.3f %14.3f %14.3f %14.3f %8.2f\n", r.engine.c_str(), r.trials, r.misses,
                    Percent(r.misses, r.trials), Percent(r.missesSmallTurn, r.trialsSmallTurn),
                    Percent(r.misses - r.missesSmallTurn, r.trials - r.trialsSmallTurn), Percent(r.missesSword, r.trialsSword),
                    Percent(r.missesThinBox, r.trialsThinBox), r.seconds);
    }
}

bool WriteTunnellingCsv(const std::filesystem::path& path, const std::vector<TunnellingRow>& rows) {
    std::ofstream out(path);
    if (!out) return false;
    out << "engine,trials,misses\n";
    for (const TunnellingRow& r : rows) out << r.engine << ',' << r.trials << ',' << r.misses << '\n';
    return static_cast<bool>(out);
}

LinePlot AngleFigure(const AccuracyResult& result) {
    LinePlot plot{.title = "Mean accuracy (IoU vs exact swept region) by rotation angle",
                  .xLabel = "rotation angle (degrees, 10-degree bins)", .yLabel = "accuracy %"};
    constexpr int kBins = 36;
    double sum[kMethodCount][kBins] = {};
    int count[kBins] = {};
    for (const CaseRecord& r : result.records) {
        const int bin = std::clamp(static_cast<int>(r.sweepAngle * 180.0f / 3.14159265f / 10.0f), 0, kBins - 1);
        ++count[bin];
        for (int m = 0; m < kMethodCount; ++m) sum[m][bin] += r.accuracy[m];
    }
    for (int b = 0; b < kBins; ++b) plot.x.push_back(10.0 * b + 5.0);
    for (int m = 0; m < kMethodCount; ++m) {
        PlotSeries s{.name = MethodName(static_cast<Method>(m))};
        std::copy(std::begin(kColors[m]), std::end(kColors[m]), s.rgb);
        for (int b = 0; b < kBins; ++b) s.y.push_back(count[b] ? sum[m][b] / count[b] : std::numeric_limits<double>::quiet_NaN());
        plot.series.push_back(s);
    }
    return plot;
}

LinePlot ShapeFigure(const AccuracyResult& result) {
    LinePlot plot{.title = "Mean accuracy (IoU vs exact swept region) by height - width",
                  .xLabel = "height - width (Wy - Wx), 20 equal-count bins", .yLabel = "accuracy %"};
    constexpr int kBins = 20;
    std::vector<CaseRecord> sorted = result.records;
    std::sort(sorted.begin(), sorted.end(), [](const CaseRecord& a, const CaseRecord& b) { return a.heightMinusWidth < b.heightMinusWidth; });
    std::vector<PlotSeries> series(kMethodCount);
    for (int m = 0; m < kMethodCount; ++m) {
        series[m].name = MethodName(static_cast<Method>(m));
        std::copy(std::begin(kColors[m]), std::end(kColors[m]), series[m].rgb);
    }
    const size_t n = sorted.size();
    for (int b = 0; b < kBins; ++b) {
        const size_t i0 = n * b / kBins, i1 = n * (b + 1) / kBins;
        if (i1 <= i0) continue;
        double hw = 0.0, acc[kMethodCount] = {};
        for (size_t i = i0; i < i1; ++i) {
            hw += sorted[i].heightMinusWidth;
            for (int m = 0; m < kMethodCount; ++m) acc[m] += sorted[i].accuracy[m];
        }
        plot.x.push_back(std::round(hw / (i1 - i0) * 10.0) / 10.0);
        for (int m = 0; m < kMethodCount; ++m) series[m].y.push_back(acc[m] / (i1 - i0));
    }
    plot.series = series;
    return plot;
}

} // namespace

int main(int argc, char** argv) {
    int cases = kFullCases;
    int trials = kFullTrials;
    bool accuracy = true;
    unsigned long long seed = 2023;
    std::string csvDir;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--quick") {
            cases = kQuickCases;
            trials = kQuickTrials;
        } else if (arg == "--trials" && i + 1 < argc) {
            trials = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--tunnelling-only") {
            accuracy = false;
        } else if (arg == "--cases" && i + 1 < argc) {
            cases = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--csv" && i + 1 < argc) {
            csvDir = argv[++i];
        } else {
            std::fprintf(stderr, "usage: %s [--quick] [--cases N] [--trials N] [--seed S] [--csv DIR] [--tunnelling-only]\n",
                         argv[0]);
            return 2;
        }
    }

    int status = 0;
    std::filesystem::path dir;
    if (!csvDir.empty()) {
        dir = csvDir;
        std::filesystem::create_directories(dir);
    }
    if (accuracy) {
        std::printf("sensu-bench-ccd: seed 000 chapter 3 in 2D. Pivot at the origin, alpha in [0, 2pi], centre distance\n"
                    "in [12.5, 25], width and height in [0, 25], 100 x 100 grid spaced 1 over [-49.5, 49.5]^2.\n"
                    "Per case: accuracy = |T and M| / |T or M|, over = |M \\ T| / |T or M|, under = |T \\ M| / |T or M|.\n");
        const auto start = std::chrono::steady_clock::now();
        const AccuracyResult result = RunAccuracy(cases, seed);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%d cases kept (%d drawn, %d skipped: truth holds no grid point), %.1f s\n",
                    static_cast<int>(result.records.size()), result.generated, result.skipped, seconds);
        PrintTable("Against the exact swept region (truth T):", result.vsExact);
        PrintTable("Against the union of 100 sub-steps (the thesis' truth, itself missing slivers between poses):",
                   result.vsSubsteps);
        if (!csvDir.empty()) {
            if (!WriteCsv(dir / "accuracy.csv", result.vsExact)) {
                std::fprintf(stderr, "cannot write %s\n", (dir / "accuracy.csv").c_str());
                status = 1;
            }
            if (!WriteLinePlotPng(AngleFigure(result), (dir / "accuracy_by_angle.png").string()) ||
                !WriteLinePlotPng(ShapeFigure(result), (dir / "accuracy_by_shape.png").string())) {
                std::fprintf(stderr, "cannot write the figures into %s\n", csvDir.c_str());
                status = 1;
            }
            if (status == 0) std::printf("\nwrote %s/accuracy.csv, accuracy_by_angle.png, accuracy_by_shape.png\n", csvDir.c_str());
        }
    }

    const std::vector<TunnellingRow> rows = RunTunnelling(trials, seed);
    PrintTunnelling(rows);
    if (!csvDir.empty()) {
        if (WriteTunnellingCsv(dir / "tunnelling.csv", rows)) {
            std::printf("\nwrote %s/tunnelling.csv\n", csvDir.c_str());
        } else {
            std::fprintf(stderr, "cannot write %s\n", (dir / "tunnelling.csv").c_str());
            status = 1;
        }
    }
    return status;
}
