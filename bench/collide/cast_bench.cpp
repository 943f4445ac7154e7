// Ray casts, circle time of impact and circle shape casts, ours against Box2D 2.4 where it has the
// same query, on rays and motions derived from the shared 65,536 pose pairs: the target shape sits at
// pose A; the ray (or moving circle) starts 2.5 m from it in the direction of angle B and moves 4 m
// back past it, offset sideways by B's centre, so about half of the casts hit. One call per iteration.
#include <benchmark/benchmark.h>
#include <box2d/b2_distance.h>
#include <box2d/box2d.h>

#include "pose_pairs.h"
#include "sensu/geometry/circle_toi.h"
#include "sensu/geometry/raycast.h"
#include "sensu/geometry/shape_cast.h"

namespace {

using namespace sensu;
using namespace sensu::bench;

const Box kBox({0.5f, 0.5f});
const Circle kCircle({0, 0}, 0.5f);
constexpr float kCasterRadius = 0.25f;

struct CastCase {
    Transform target;
    Vec2 start, translation;
};

const std::vector<CastCase>& CastCases() {
    static const std::vector<CastCase> cases = [] {
        std::vector<CastCase> out;
        out.reserve(kPosePairCount);
        for (const PosePair& p : PosePairs()) {
            const Vec2 u{std::cos(p.angleB), std::sin(p.angleB)};
            const Vec2 start = Vec2{p.ax, p.ay} + 2.5f * u;
            out.push_back({Transform::FromAngle({p.ax, p.ay}, p.angleA), start, -4.0f * u + 1.5f * Vec2{p.bx, p.by}});
        }
        return out;
    }();
    return cases;
}

struct Box2dCase {
    b2Transform target;
    b2Vec2 start, end, translation;
};

const std::vector<Box2dCase>& Box2dCases() {
    static const std::vector<Box2dCase> cases = [] {
        std::vector<Box2dCase> out;
        out.reserve(kPosePairCount);
        for (const PosePair& p : PosePairs()) {
            const b2Vec2 u(std::cos(p.angleB), std::sin(p.angleB));
            const b2Vec2 start = b2Vec2(p.ax, p.ay) + 2.5f * u;
            const b2Vec2 translation = -4.0f * u + 1.5f * b2Vec2(p.bx, p.by);
            out.push_back({b2Transform(b2Vec2(p.ax, p.ay), b2Rot(p.angleA)), start, start + translation, translation});
        }
        return out;
    }();
    return cases;
}

template <class Shape>
void RayCastSensu(benchmark::State& state, const Shape& shape) {
    const auto& cases = CastCases();
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const CastCase& c = cases[i++ & kPosePairMask];
        const CastOutput out = RayCast(shape, c.target, {c.start, c.translation, 1.0f});
        benchmark::DoNotOptimize(out);
        hits += out.hit ? 1u : 0u;
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}

void RayCastBox2d(benchmark::State& state, const b2Shape& shape) {
    const auto& cases = Box2dCases();
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const Box2dCase& c = cases[i++ & kPosePairMask];
        b2RayCastInput input;
        input.p1 = c.start;
        input.p2 = c.end;
        input.maxFraction = 1.0f;
        b2RayCastOutput out;
        const bool hit = shape.RayCast(&out, input, c.target, 0);
        benchmark::DoNotOptimize(out);
        hits += hit ? 1u : 0u;
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}

b2PolygonShape Box2dBox() {
    b2PolygonShape shape;
    shape.SetAsBox(0.5f, 0.5f);
    return shape;
}

b2CircleShape Box2dCircle(float radius) {
    b2CircleShape shape;
    shape.m_radius = radius;
    return shape;
}

void RayCastBoxSensu(benchmark::State& state) { RayCastSensu(state, kBox); }
void RayCastBoxBox2d(benchmark::State& state) { RayCastBox2d(state, Box2dBox()); }
void RayCastCircleSensu(benchmark::State& state) { RayCastSensu(state, kCircle); }
void RayCastCircleBox2d(benchmark::State& state) { RayCastBox2d(state, Box2dCircle(0.5f)); }
BENCHMARK(RayCastBoxSensu)->Name("RayCast/Box/sensu");
BENCHMARK(RayCastBoxBox2d)->Name("RayCast/Box/box2d");
BENCHMARK(RayCastCircleSensu)->Name("RayCast/Circle/sensu");
BENCHMARK(RayCastCircleBox2d)->Name("RayCast/Circle/box2d");

// Two circles (r = 0.25 m) starting at the pose pairs' centres and each moving 2 m along its angle.
void ToiCirclesSensu(benchmark::State& state) {
    static const std::vector<std::pair<MovingCircle, MovingCircle>> movers = [] {
        std::vector<std::pair<MovingCircle, MovingCircle>> out;
        out.reserve(kPosePairCount);
        for (const PosePair& p : PosePairs())
            out.push_back({{{p.ax, p.ay}, 2.0f * Vec2{std::cos(p.angleA), std::sin(p.angleA)}, 0.25f},
                           {{p.bx, p.by}, 2.0f * Vec2{std::cos(p.angleB), std::sin(p.angleB)}, 0.25f}});
        return out;
    }();
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const auto& m = movers[i++ & kPosePairMask];
        const CircleImpact impact = TimeOfImpactCircles(m.first, m.second);
        benchmark::DoNotOptimize(impact);
        hits += impact.hit ? 1u : 0u;
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(ToiCirclesSensu)->Name("TOI/Circles/sensu");

// A circle (r = 0.25 m) cast against the 1×1 m box.
void ShapeCastCircleBoxSensu(benchmark::State& state) {
    const auto& cases = CastCases();
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const CastCase& c = cases[i++ & kPosePairMask];
        const CastOutput out = CircleCast(kBox, c.target, {c.start, kCasterRadius, c.translation, 1.0f});
        benchmark::DoNotOptimize(out);
        hits += out.hit ? 1u : 0u;
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(ShapeCastCircleBoxSensu)->Name("ShapeCast/CircleBox/sensu");

// Box2D's GJK-based b2ShapeCast with the same box (its proxy carries Box2D's 0.01 m polygon skin).
void ShapeCastCircleBoxBox2d(benchmark::State& state) {
    const auto& cases = Box2dCases();
    const b2PolygonShape box = Box2dBox();
    const b2CircleShape circle = Box2dCircle(kCasterRadius);
    b2ShapeCastInput input;
    input.proxyA.Set(&box, 0);
    input.proxyB.Set(&circle, 0);
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const Box2dCase& c = cases[i++ & kPosePairMask];
        input.transformA = c.target;
        input.transformB = b2Transform(c.start, b2Rot(0.0f));
        input.translationB = c.translation;
        b2ShapeCastOutput out;
        const bool hit = b2ShapeCast(&out, &input);
        benchmark::DoNotOptimize(out);
        hits += hit ? 1u : 0u;
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(ShapeCastCircleBoxBox2d)->Name("ShapeCast/CircleBox/box2d");

} // namespace
