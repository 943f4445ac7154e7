// The fan (annular sector, seed 000) against point, circle, box, capsule, polygon and another fan, and
// the thesis' own rectangle test (§2.3) for comparison. Each benchmark pairs the shared pose pairs
// (pose A places the other shape) with a table of 65,536 random fans built once from a fixed seed:
// centre in [-1, 1]² m, any axis, half angle in [0, π], R in [0.5, 1.5] m, r in [0, 0.8 R] (a quarter
// of them r = 0). Compare with Overlap/CircleAABB/sensu and Overlap/BoxBox/box2d from the same run.
#include <benchmark/benchmark.h>

#include <array>
#include <random>
#include <vector>

#include "pose_pairs.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/sector_thesis.h"

namespace {

using namespace sensu;
using namespace sensu::bench;

constexpr uint32_t kFanCount = 4096;
constexpr uint32_t kFanMask = kFanCount - 1;

const std::vector<Sector>& Fans() {
    static const std::vector<Sector> fans = [] {
        std::mt19937_64 engine(3003);
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        std::vector<Sector> out;
        out.reserve(kFanCount);
        for (uint32_t i = 0; i < kFanCount; ++i) {
            const Vec2 center = {2.0f * unit(engine) - 1.0f, 2.0f * unit(engine) - 1.0f};
            const float axisAngle = kTwoPi * unit(engine);
            const float halfAngle = kPi * unit(engine);
            const float outer = 0.5f + unit(engine);
            const float inner = unit(engine) < 0.25f ? 0.0f : 0.8f * outer * unit(engine);
            out.emplace_back(center, Vec2{std::cos(axisAngle), std::sin(axisAngle)}, halfAngle, inner, outer);
        }
        return out;
    }();
    return fans;
}

/// Runs `test(fan, pose)` over the cached cases and reports the hit rate.
template <class Test>
void RunFanBenchmark(benchmark::State& state, Test&& test) {
    const auto& fans = Fans();
    const auto& pairs = TransformPairs();
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const uint32_t k = i++ & kPosePairMask;
        hits += test(fans[k & kFanMask], pairs[k].a) ? 1u : 0u;
        benchmark::DoNotOptimize(hits);
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}

const Circle kCircle({0.0f, 0.0f}, 0.5f);
const Box kBox({0.5f, 0.25f});
const Capsule kCapsule({-0.5f, 0.0f}, {0.5f, 0.0f}, 0.25f);

ConvexPolygon Hexagon() {
    std::array<Vec2, 6> v{};
    for (int i = 0; i < 6; ++i) v[i] = 0.5f * Vec2{std::cos(kTwoPi * float(i) / 6.0f), std::sin(kTwoPi * float(i) / 6.0f)};
    return ConvexPolygon(v);
}

void OverlapPointSectorSensu(benchmark::State& state) {
    RunFanBenchmark(state, [](const Sector& fan, const Transform& xf) { return Overlap(fan, xf.p); });
}
BENCHMARK(OverlapPointSectorSensu)->Name("Overlap/PointSector/sensu");

void OverlapCircleSectorSensu(benchmark::State& state) {
    RunFanBenchmark(state, [](const Sector& fan, const Transform& xf) { return Overlap(fan, kCircle, xf); });
}
BENCHMARK(OverlapCircleSectorSensu)->Name("Overlap/CircleSector/sensu");

void OverlapBoxSectorSensu(benchmark::State& state) {
    RunFanBenchmark(state, [](const Sector& fan, const Transform& xf) { return Overlap(fan, kBox, xf); });
}
BENCHMARK(OverlapBoxSectorSensu)->Name("Overlap/BoxSector/sensu");

void OverlapBoxSectorThesis(benchmark::State& state) {
    RunFanBenchmark(state, [](const Sector& fan, const Transform& xf) { return thesis::OverlapRectangle(fan, kBox, xf); });
}
BENCHMARK(OverlapBoxSectorThesis)->Name("Overlap/BoxSector/thesis");

void OverlapCapsuleSectorSensu(benchmark::State& state) {
    RunFanBenchmark(state, [](const Sector& fan, const Transform& xf) { return Overlap(fan, kCapsule, xf); });
}
BENCHMARK(OverlapCapsuleSectorSensu)->Name("Overlap/CapsuleSector/sensu");

void OverlapPolygonSectorSensu(benchmark::State& state) {
    const ConvexPolygon hexagon = Hexagon();
    RunFanBenchmark(state, [&](const Sector& fan, const Transform& xf) { return Overlap(fan, hexagon, xf); });
}
BENCHMARK(OverlapPolygonSectorSensu)->Name("Overlap/PolygonSector/sensu");

void OverlapSectorSectorSensu(benchmark::State& state) {
    const auto& fans = Fans();
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const uint32_t k = i++ & kPosePairMask;
        hits += Overlap(fans[k & kFanMask], fans[(k * 40503u + 1u) & kFanMask]) ? 1u : 0u;
        benchmark::DoNotOptimize(hits);
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(OverlapSectorSectorSensu)->Name("Overlap/SectorSector/sensu");

} // namespace
