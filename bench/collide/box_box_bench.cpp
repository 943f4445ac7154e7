// Box–box overlap and manifold, ours against Box2D 2.4 on the same 65,536 cached pose pairs
// (1×1 m box vs 1×0.5 m box). One call per benchmark iteration; results are accumulated and kept alive
// with DoNotOptimize so no call can be elided.
#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include "pose_pairs.h"
#include "sensu/geometry/manifold.h"
#include "sensu/geometry/overlap.h"

namespace {

using namespace sensu;
using namespace sensu::bench;

const Box kBoxA({0.5f, 0.5f});
const Box kBoxB({0.5f, 0.25f});

struct Box2dPair {
    b2Transform a, b;
};

const std::vector<Box2dPair>& Box2dPairs() {
    static const std::vector<Box2dPair> pairs = [] {
        std::vector<Box2dPair> out;
        out.reserve(kPosePairCount);
        for (const PosePair& p : PosePairs()) {
            out.push_back({b2Transform(b2Vec2(p.ax, p.ay), b2Rot(p.angleA)), b2Transform(b2Vec2(p.bx, p.by), b2Rot(p.angleB))});
        }
        return out;
    }();
    return pairs;
}

b2PolygonShape MakeBox2dBox(float hx, float hy) {
    b2PolygonShape shape;
    shape.SetAsBox(hx, hy);
    return shape;
}

void OverlapBoxBoxSensu(benchmark::State& state) {
    const auto& pairs = TransformPairs();
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const TransformPair& p = pairs[i++ & kPosePairMask];
        hits += Overlap(kBoxA, p.a, kBoxB, p.b) ? 1u : 0u;
        benchmark::DoNotOptimize(hits);
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(OverlapBoxBoxSensu)->Name("Overlap/BoxBox/sensu");

void OverlapBoxBoxBox2d(benchmark::State& state) {
    const auto& pairs = Box2dPairs();
    const b2PolygonShape a = MakeBox2dBox(0.5f, 0.5f);
    const b2PolygonShape b = MakeBox2dBox(0.5f, 0.25f);
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const Box2dPair& p = pairs[i++ & kPosePairMask];
        hits += b2TestOverlap(&a, 0, &b, 0, p.a, p.b) ? 1u : 0u;
        benchmark::DoNotOptimize(hits);
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(OverlapBoxBoxBox2d)->Name("Overlap/BoxBox/box2d");

void ManifoldBoxBoxSensu(benchmark::State& state) {
    const auto& pairs = TransformPairs();
    uint32_t i = 0, points = 0;
    for (auto _ : state) {
        const TransformPair& p = pairs[i++ & kPosePairMask];
        const Manifold m = CollideBoxes(kBoxA, p.a, kBoxB, p.b);
        benchmark::DoNotOptimize(m);
        points += static_cast<uint32_t>(m.pointCount);
    }
    benchmark::DoNotOptimize(points);
    state.counters["points_per_call"] = static_cast<double>(points) / static_cast<double>(state.iterations());
}
BENCHMARK(ManifoldBoxBoxSensu)->Name("Manifold/BoxBox/sensu");

void ManifoldBoxBoxBox2d(benchmark::State& state) {
    const auto& pairs = Box2dPairs();
    const b2PolygonShape a = MakeBox2dBox(0.5f, 0.5f);
    const b2PolygonShape b = MakeBox2dBox(0.5f, 0.25f);
    uint32_t i = 0, points = 0;
    for (auto _ : state) {
        const Box2dPair& p = pairs[i++ & kPosePairMask];
        b2Manifold m;
        b2CollidePolygons(&m, &a, p.a, &b, p.b);
        benchmark::DoNotOptimize(m);
        points += static_cast<uint32_t>(m.pointCount);
    }
    benchmark::DoNotOptimize(points);
    state.counters["points_per_call"] = static_cast<double>(points) / static_cast<double>(state.iterations());
}
BENCHMARK(ManifoldBoxBoxBox2d)->Name("Manifold/BoxBox/box2d");

} // namespace
