// More pairs on the shared pose table: box–circle manifolds, the general polygon path on the same two
// boxes, GJK distance, and capsule overlaps; Box2D 2.4 alongside where it has the same query.
#include <benchmark/benchmark.h>
#include <box2d/b2_distance.h>
#include <box2d/box2d.h>

#include "pose_pairs.h"
#include "sensu/geometry/distance.h"
#include "sensu/geometry/manifold.h"
#include "sensu/geometry/overlap.h"

namespace {

using namespace sensu;
using namespace sensu::bench;

const Box kBoxA({0.5f, 0.5f});
const Box kBoxB({0.5f, 0.25f});
const Circle kCircle({0.0f, 0.0f}, 0.5f);
const Capsule kCapsule({-0.25f, 0.0f}, {0.25f, 0.0f}, 0.25f);

struct Box2dPair {
    b2Transform a, b;
};

const std::vector<Box2dPair>& Box2dPairs() {
    static const std::vector<Box2dPair> pairs = [] {
        std::vector<Box2dPair> out;
        out.reserve(kPosePairCount);
        for (const PosePair& p : PosePairs())
            out.push_back({b2Transform(b2Vec2(p.ax, p.ay), b2Rot(p.angleA)), b2Transform(b2Vec2(p.bx, p.by), b2Rot(p.angleB))});
        return out;
    }();
    return pairs;
}

template <class Query>
void RunSensu(benchmark::State& state, Query query) {
    const auto& pairs = TransformPairs();
    uint32_t i = 0;
    float sum = 0.0f;
    for (auto _ : state) {
        const TransformPair& p = pairs[i++ & kPosePairMask];
        sum += query(p.a, p.b);
        benchmark::DoNotOptimize(sum);
    }
}

template <class Query>
void RunBox2d(benchmark::State& state, Query query) {
    const auto& pairs = Box2dPairs();
    uint32_t i = 0;
    float sum = 0.0f;
    for (auto _ : state) {
        const Box2dPair& p = pairs[i++ & kPosePairMask];
        sum += query(p.a, p.b);
        benchmark::DoNotOptimize(sum);
    }
}

void ManifoldBoxCircleSensu(benchmark::State& state) {
    RunSensu(state, [](const Transform& a, const Transform& b) { return CollideBoxAndCircle(kBoxA, a, kCircle, b).points[0].separation; });
}
BENCHMARK(ManifoldBoxCircleSensu)->Name("Manifold/BoxCircle/sensu");

void ManifoldBoxCircleBox2d(benchmark::State& state) {
    b2PolygonShape box;
    box.SetAsBox(0.5f, 0.5f);
    b2CircleShape circle;
    circle.m_radius = 0.5f;
    RunBox2d(state, [&](const b2Transform& a, const b2Transform& b) {
        b2Manifold m;
        b2CollidePolygonAndCircle(&m, &box, a, &circle, b);
        return static_cast<float>(m.pointCount);
    });
}
BENCHMARK(ManifoldBoxCircleBox2d)->Name("Manifold/BoxCircle/box2d");

void ManifoldPolygonPolygonSensu(benchmark::State& state) {
    const ConvexPolygon a = ConvexPolygon::FromBox(kBoxA);
    const ConvexPolygon b = ConvexPolygon::FromBox(kBoxB);
    RunSensu(state, [&](const Transform& xa, const Transform& xb) { return CollidePolygons(a, xa, b, xb).points[0].separation; });
}
BENCHMARK(ManifoldPolygonPolygonSensu)->Name("Manifold/PolygonPolygon/sensu");

void ManifoldCapsuleBoxSensu(benchmark::State& state) {
    RunSensu(state, [](const Transform& a, const Transform& b) { return CollideBoxAndCapsule(kBoxA, a, kCapsule, b).points[0].separation; });
}
BENCHMARK(ManifoldCapsuleBoxSensu)->Name("Manifold/BoxCapsule/sensu");

void DistanceBoxBoxSensu(benchmark::State& state) {
    const ShapeProxy a = MakeProxy(kBoxA);
    const ShapeProxy b = MakeProxy(kBoxB);
    RunSensu(state, [&](const Transform& xa, const Transform& xb) { return ShapeDistance(a, xa, b, xb).distance; });
}
BENCHMARK(DistanceBoxBoxSensu)->Name("Distance/BoxBox/sensu");

void DistanceBoxBoxBox2d(benchmark::State& state) {
    b2PolygonShape boxA, boxB;
    boxA.SetAsBox(0.5f, 0.5f);
    boxB.SetAsBox(0.5f, 0.25f);
    b2DistanceInput input;
    input.proxyA.Set(&boxA, 0);
    input.proxyB.Set(&boxB, 0);
    input.useRadii = false;  // compare the polygon cores, as sensu's boxes have no skin
    RunBox2d(state, [&](const b2Transform& a, const b2Transform& b) {
        input.transformA = a;
        input.transformB = b;
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput output;
        b2Distance(&output, &cache, &input);
        return output.distance;
    });
}
BENCHMARK(DistanceBoxBoxBox2d)->Name("Distance/BoxBox/box2d");

void OverlapCircleCircleSensu(benchmark::State& state) {
    RunSensu(state, [](const Transform& a, const Transform& b) { return Overlap(kCircle, a, kCircle, b) ? 1.0f : 0.0f; });
}
BENCHMARK(OverlapCircleCircleSensu)->Name("Overlap/CircleCircle/sensu");

void OverlapCapsuleBoxSensu(benchmark::State& state) {
    RunSensu(state, [](const Transform& a, const Transform& b) { return Overlap(kCapsule, a, kBoxB, b) ? 1.0f : 0.0f; });
}
BENCHMARK(OverlapCapsuleBoxSensu)->Name("Overlap/CapsuleBox/sensu");

void OverlapPolygonPolygonSensu(benchmark::State& state) {
    const ConvexPolygon a = ConvexPolygon::FromBox(kBoxA);
    const ConvexPolygon b = ConvexPolygon::FromBox(kBoxB);
    RunSensu(state, [&](const Transform& xa, const Transform& xb) { return Overlap(a, xa, b, xb) ? 1.0f : 0.0f; });
}
BENCHMARK(OverlapPolygonPolygonSensu)->Name("Overlap/PolygonPolygon/sensu");

} // namespace
