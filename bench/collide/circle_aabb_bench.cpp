// Circle against a world AABB (the broad-phase style query the fan benchmarks are compared with):
// a 0.5 m circle at the A poses of the shared pairs against the AABB of the 1×0.5 m box at the origin.
#include <benchmark/benchmark.h>

#include "fastest.h"
#include "pose_pairs.h"
#include "sensu/geometry/overlap.h"

namespace {

using namespace sensu;
using namespace sensu::bench;

void OverlapCircleAabbSensu(benchmark::State& state) {
    const auto& pairs = TransformPairs();
    const Circle circle({0.0f, 0.0f}, 0.5f);
    const AABB box{{-0.5f, -0.25f}, {0.5f, 0.25f}};
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const TransformPair& p = pairs[i++ & kPosePairMask];
        hits += Overlap(circle, p.a, box) ? 1u : 0u;
        benchmark::DoNotOptimize(hits);
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(OverlapCircleAabbSensu)->Name("Overlap/CircleAABB/sensu")->ComputeStatistics("min", sensu::bench::Fastest);

} // namespace
