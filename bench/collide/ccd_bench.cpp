// Continuous collision of a rotating body (seed 000), in the same run:
//  - TOI/RotatingBarCircle/{sensu,box2d}: a 2 × 0.2 m bar whose centroid is 0.5 m from its pivot turns
//    3 rad in one step; a 5 cm circle at rest. Box2D 2.4's b2TimeOfImpact gets the same sweep (pivot as
//    the sweep's local centre, so its interpolation is the same pure rotation). Both sides reduce their
//    shapes once outside the timed loop (sensu: ToRoundedCore; Box2D: b2DistanceProxy::Set); the
//    sweeps vary per call and nothing per sweep is prepared outside the loop. Counters: hit_rate and
//    `missed` = cases hit in the 4,096-pose truth but reported separated.
//  - TOI/RotatingBarBox/{sensu,box2d}: the same bar and sweeps against a resting 10 × 10 cm box at
//    the same place, turned by the pair's second angle (the polygon-pair path of the exact time of
//    impact; Box2D gets the same poses).
//  - TOI/MovingBarBox/{sensu,box2d}: the same bar also translating 0.3 m towards the box, which comes
//    0.3 m towards it turning 1 rad: two moving bodies (sensu's conservative advancement).
//  - Overlap/CircleSweptRegion/sensu: a 0.5 m circle at the shared A poses against exact swept regions
//    of the 1 × 0.5 m box (pivot in [-1, 1]², any start angle, sweep in [-2π, 2π]); compare with
//    Overlap/CircleAABB/sensu (same circle, same poses, one fixed AABB).
//  - CCDQuery/*: the whole query of one step for resting circles: build one swept region, filter
//    10,000 candidates, exact time of impact for those that pass. The bar turns 3 rad about the origin
//    from 256 start angles in turn; 10,000 resting 5 cm circles lie uniformly in [-2, 2]² (about 40 %
//    inside the sweep's bounding box).
//      Region: as the World runs it (physics/continuous_candidates.cpp): SweptRegion::TimeOfImpact per circle;
//        the region's bounding box and its ring of radii are the filter, the circle's arc in closed
//        form (with the region's set-up: no trig, no core per circle) the exact time of impact.
//      AABB: the region's bounding box as the filter (what a broad phase without the region passes),
//        then TimeOfImpact of rotating_toi.h on the rounded cores (the bar's and the circles' built
//        once outside the timed loop: the baseline pays nothing per candidate but the call).
//      RegionFilter: SweptRegion::Overlaps (exact) as the filter, then the same TimeOfImpact as AABB:
//        the arc is done twice, which is why the World does not do it this way for circles.
//      SpeculativeAABB: the AABB of the start and end poses only, then the same TimeOfImpact: fewer
//        calls, but it loses the hits in mid-sweep.
//      RegionBoxes, AABBBoxes: the same sweeps against 10,000 resting 10 × 10 cm boxes at random
//        angles, filtered by SweptRegion::Overlaps (as the World does for shapes other than circles)
//        or by each box's bounding box against the region's, then TimeOfImpact on cores built once.
//    All rows build the region inside the timed loop and use the same circles. Counters, computed once
//    over the 256 sweeps outside the timed loop: toi_calls (circles through the filter; for Region,
//    those whose arc the region's time of impact traces) and hits per query, and `lost` = hits of the
//    exact time of impact on all 10,000 circles that the row missed, summed over the 256 queries (0
//    unless the filter is not conservative).
#include <benchmark/benchmark.h>
#include <box2d/b2_time_of_impact.h>
#include <box2d/box2d.h>

#include <array>
#include <cmath>
#include <random>
#include <vector>

#include "fastest.h"
#include "pose_pairs.h"
#include "sensu/geometry/overlap.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/swept_region.h"

namespace {

using namespace sensu;
using namespace sensu::bench;

constexpr uint32_t kSweepCount = 4096;
constexpr uint32_t kSweepMask = kSweepCount - 1;
constexpr float kBarTurn = 3.0f;                  // rad per step
constexpr float kBallRadius = 0.05f;              // m
constexpr int kTruthPoses = 4096;

const Box& Bar() {
    static const Box bar({1.0f, 0.1f}, {0.5f, 0.0f}); // 2 × 0.2 m, centroid 0.5 m from the pivot (origin)
    return bar;
}

struct BarCase {
    RotationalSweep sweep;
    Vec2 ball;
    bool truthHit;
    RotationalSweep other() const { return {.pivot = ball}; }
};

// Fine-stepped truth: the bar overlaps the ball at one of 4,096 evenly spaced poses.
bool TruthHit(const RotationalSweep& sweep, Vec2 ball) {
    const Circle circle(ball, kBallRadius);
    const float d = Distance(ball, sweep.pivot);
    if (d > 1.5f + 0.1f + kBallRadius) return false; // beyond the bar's far corner
    for (int k = 0; k < kTruthPoses; ++k)
        if (Overlap(Bar(), SweepPose(sweep, static_cast<float>(k) / (kTruthPoses - 1)), circle, Transform{})) return true;
    return false;
}

const std::vector<BarCase>& BarCases() {
    static const std::vector<BarCase> cases = [] {
        std::vector<BarCase> out;
        out.reserve(kSweepCount);
        const auto& poses = PosePairs();
        for (uint32_t i = 0; i < kSweepCount; ++i) {
            const PosePair& p = poses[i];
            const RotationalSweep sweep{.pivot = {p.ax, p.ay}, .startAngle = p.angleA, .sweepAngle = kBarTurn};
            const Vec2 ball = sweep.pivot + 1.6f * Vec2{p.bx, p.by};
            out.push_back({sweep, ball, TruthHit(sweep, ball)});
        }
        return out;
    }();
    return cases;
}

// One time-of-impact row: toi(k) runs case k (cycling through the sweeps in the timed loop), then
// hit_rate and `missed` (truth(k) hits, isHit(toi(k)) does not) over all the cases.
template <class Toi, class IsHit, class Truth>
void RunToiRow(benchmark::State& state, Toi toi, IsHit isHit, Truth truth) {
    uint32_t i = 0;
    for (auto _ : state) {
        auto result = toi(i++ & kSweepMask);
        benchmark::DoNotOptimize(result);
    }
    int hits = 0, missed = 0;
    for (uint32_t k = 0; k < kSweepCount; ++k) {
        const bool hit = isHit(toi(k));
        hits += hit;
        missed += truth(k) && !hit;
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / kSweepCount;
    state.counters["missed"] = missed;
}

bool SensuHit(const RotatingImpact& impact) { return impact.hit(); }
bool Box2dHit(const b2TOIOutput& output) { return output.state != b2TOIOutput::e_separated; }

// Box2D's sweep for one of ours. The pivot is the body's local centre, so Box2D turns about it and
// carries it along the translation, exactly our motion.
void SetSweep(b2Sweep& out, const RotationalSweep& sweep) {
    out.localCenter.SetZero();
    out.c0.Set(sweep.pivot.x, sweep.pivot.y);
    out.c.Set(sweep.pivot.x + sweep.translation.x, sweep.pivot.y + sweep.translation.y);
    out.a0 = sweep.startAngle;
    out.a = sweep.startAngle + sweep.sweepAngle;
    out.alpha0 = 0.0f;
}

// Box2D's input for the bar (A) moving by `sweep` and B moving by (or resting where) `other`.
void SetSweeps(b2TOIInput& input, const RotationalSweep& sweep, const RotationalSweep& other) {
    SetSweep(input.sweepA, sweep);
    SetSweep(input.sweepB, other);
}

// Box2D's b2TimeOfImpact for the bar against `other` (a shape set up by the caller).
template <class Cases>
void RunBox2dToiRow(benchmark::State& state, const Cases& cases, const b2Shape& other) {
    b2PolygonShape bar;
    bar.SetAsBox(1.0f, 0.1f, b2Vec2(0.5f, 0.0f), 0.0f);
    b2TOIInput input;
    input.proxyA.Set(&bar, 0);
    input.proxyB.Set(&other, 0);
    input.tMax = 1.0f;
    RunToiRow(
        state,
        [&](uint32_t k) {
            SetSweeps(input, cases[k].sweep, cases[k].other());
            b2TOIOutput output;
            b2TimeOfImpact(&output, &input);
            return output;
        },
        Box2dHit, [&](uint32_t k) { return cases[k].truthHit; });
}

void ToiRotatingBarCircleSensu(benchmark::State& state) {
    const auto& cases = BarCases();
    // Each shape reduced once, as Box2D's distance proxies are set once: the ball's core sits at its
    // own origin and its resting "sweep" places it, as Box2D's sweepB.c0 does. The bar's sweep and
    // the ball's position vary per call.
    const RoundedCore bar = ToRoundedCore(Bar());
    const RoundedCore ball = ToRoundedCore(Circle({0.0f, 0.0f}, kBallRadius));
    RunToiRow(
        state, [&](uint32_t k) { return TimeOfImpact(bar, cases[k].sweep, ball, cases[k].other()); }, SensuHit,
        [&](uint32_t k) { return cases[k].truthHit; });
}
BENCHMARK(ToiRotatingBarCircleSensu)->Name("TOI/RotatingBarCircle/sensu")->ComputeStatistics("min", Fastest);

void ToiRotatingBarCircleBox2d(benchmark::State& state) {
    b2CircleShape ball;
    ball.m_radius = kBallRadius;
    RunBox2dToiRow(state, BarCases(), ball);
}
BENCHMARK(ToiRotatingBarCircleBox2d)->Name("TOI/RotatingBarCircle/box2d")->ComputeStatistics("min", Fastest);

// The box of TOI/RotatingBarBox: 10 × 10 cm, resting where the ball of TOI/RotatingBarCircle rests,
// turned by the pose pair's second angle.
constexpr float kSmallBoxHalf = 0.05f;

struct BoxCase {
    RotationalSweep sweep;
    RotationalSweep box; // at rest: pivot and angle place it
    bool truthHit;
    RotationalSweep other() const { return box; }
};

// Fine-stepped truth for the bar against the small box, both moving by their sweeps (a resting box's
// sweep gives the same pose at every fraction).
bool BoxTruthHit(const RotationalSweep& bar, const RotationalSweep& box) {
    const Box small({kSmallBoxHalf, kSmallBoxHalf});
    for (int k = 0; k < kTruthPoses; ++k) {
        const float t = static_cast<float>(k) / (kTruthPoses - 1);
        if (Overlap(Bar(), SweepPose(bar, t), small, SweepPose(box, t))) return true;
    }
    return false;
}

const std::vector<BoxCase>& BoxCases() {
    static const std::vector<BoxCase> cases = [] {
        std::vector<BoxCase> out;
        out.reserve(kSweepCount);
        const auto& poses = PosePairs();
        for (uint32_t i = 0; i < kSweepCount; ++i) {
            const BarCase& c = BarCases()[i];
            const RotationalSweep rest{.pivot = c.ball, .startAngle = poses[i].angleB};
            out.push_back({c.sweep, rest, BoxTruthHit(c.sweep, rest)});
        }
        return out;
    }();
    return cases;
}

// The two rows of a bar-against-box case set: sensu's TimeOfImpact on cores reduced once, and Box2D's.
void RunSensuBoxRow(benchmark::State& state, const std::vector<BoxCase>& cases) {
    const RoundedCore bar = ToRoundedCore(Bar());
    const RoundedCore small = ToRoundedCore(Box({kSmallBoxHalf, kSmallBoxHalf}));
    RunToiRow(
        state, [&](uint32_t k) { return TimeOfImpact(bar, cases[k].sweep, small, cases[k].box); }, SensuHit,
        [&](uint32_t k) { return cases[k].truthHit; });
}

void RunBox2dBoxRow(benchmark::State& state, const std::vector<BoxCase>& cases) {
    b2PolygonShape small;
    small.SetAsBox(kSmallBoxHalf, kSmallBoxHalf);
    RunBox2dToiRow(state, cases, small);
}

void ToiRotatingBarBoxSensu(benchmark::State& state) { RunSensuBoxRow(state, BoxCases()); }
BENCHMARK(ToiRotatingBarBoxSensu)->Name("TOI/RotatingBarBox/sensu")->ComputeStatistics("min", Fastest);

void ToiRotatingBarBoxBox2d(benchmark::State& state) { RunBox2dBoxRow(state, BoxCases()); }
BENCHMARK(ToiRotatingBarBoxBox2d)->Name("TOI/RotatingBarBox/box2d")->ComputeStatistics("min", Fastest);

// TOI/MovingBarBox: the bar of TOI/RotatingBarBox also translates by 0.3 m towards the box, and the
// box comes 0.3 m towards it while turning 1 rad: both bodies move, so sensu takes conservative
// advancement (never late, see rotating_toi.h) and Box2D the same b2TimeOfImpact.
const std::vector<BoxCase>& MovingCases() {
    static const std::vector<BoxCase> cases = [] {
        std::vector<BoxCase> out;
        out.reserve(kSweepCount);
        const auto& poses = PosePairs();
        for (uint32_t i = 0; i < kSweepCount; ++i) {
            const BoxCase& c = BoxCases()[i];
            const Vec2 towards = 0.3f * Vec2{poses[i].bx, poses[i].by};
            RotationalSweep bar = c.sweep;
            bar.translation = towards;
            const RotationalSweep box{.pivot = c.box.pivot, .startAngle = c.box.startAngle, .sweepAngle = 1.0f, .translation = -towards};
            out.push_back({bar, box, BoxTruthHit(bar, box)});
        }
        return out;
    }();
    return cases;
}

void ToiMovingBarBoxSensu(benchmark::State& state) { RunSensuBoxRow(state, MovingCases()); }
BENCHMARK(ToiMovingBarBoxSensu)->Name("TOI/MovingBarBox/sensu")->ComputeStatistics("min", Fastest);

void ToiMovingBarBoxBox2d(benchmark::State& state) { RunBox2dBoxRow(state, MovingCases()); }
BENCHMARK(ToiMovingBarBoxBox2d)->Name("TOI/MovingBarBox/box2d")->ComputeStatistics("min", Fastest);

void OverlapCircleSweptRegionSensu(benchmark::State& state) {
    constexpr uint32_t kRegions = 1024;
    std::vector<SweptRegion> regions;
    regions.reserve(kRegions);
    std::mt19937_64 engine(5005);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const Box box({0.5f, 0.25f});
    for (uint32_t r = 0; r < kRegions; ++r)
        regions.emplace_back(box, RotationalSweep{.pivot = {2.0f * unit(engine) - 1.0f, 2.0f * unit(engine) - 1.0f},
                                                  .startAngle = kTwoPi * unit(engine), .sweepAngle = 4.0f * kPi * (unit(engine) - 0.5f)});
    const auto& pairs = TransformPairs();
    const Circle circle({0.0f, 0.0f}, 0.5f);
    uint32_t i = 0, hits = 0;
    for (auto _ : state) {
        const uint32_t k = i++;
        hits += regions[k & (kRegions - 1)].Overlaps(circle, pairs[k & kPosePairMask].a) ? 1u : 0u;
        benchmark::DoNotOptimize(hits);
    }
    state.counters["hit_rate"] = static_cast<double>(hits) / static_cast<double>(state.iterations());
}
BENCHMARK(OverlapCircleSweptRegionSensu)->Name("Overlap/CircleSweptRegion/sensu")->ComputeStatistics("min", Fastest);

// The whole query: one rotating bar, 10,000 resting 5 cm circles scattered over [-2, 2]² m.
constexpr int kQueryCircles = 10000;

const std::vector<Circle>& QueryCircles() {
    static const std::vector<Circle> circles = [] {
        std::mt19937_64 engine(6006);
        std::uniform_real_distribution<float> position(-2.0f, 2.0f);
        std::vector<Circle> out;
        out.reserve(kQueryCircles);
        for (int i = 0; i < kQueryCircles; ++i) out.emplace_back(Vec2{position(engine), position(engine)}, kBallRadius);
        return out;
    }();
    return circles;
}

RotationalSweep QuerySweep(uint32_t i) {
    return {.pivot = {}, .startAngle = kTwoPi * static_cast<float>(i & 255) / 256.0f, .sweepAngle = kBarTurn};
}

// The circles' rounded cores, built once, as a broad phase that caches them per shape would: the
// baseline rows pay no core per candidate.
const std::vector<RoundedCore>& QueryCores() {
    static const std::vector<RoundedCore> cores = [] {
        std::vector<RoundedCore> out;
        for (const Circle& c : QueryCircles()) out.push_back(ToRoundedCore(c));
        return out;
    }();
    return cores;
}

// The same query against 10,000 resting 10 × 10 cm boxes at random angles (crates in a blade's path),
// each with its pose, its bounding box and its rounded core prepared once, as a broad phase holds them.
struct PlacedBox {
    Box box;
    Transform pose;
    AABB bounds;
};

const std::vector<PlacedBox>& QueryBoxes() {
    static const std::vector<PlacedBox> boxes = [] {
        std::mt19937_64 engine(7007);
        std::uniform_real_distribution<float> position(-2.0f, 2.0f), angle(-kPi, kPi);
        std::vector<PlacedBox> out;
        out.reserve(kQueryCircles);
        for (int i = 0; i < kQueryCircles; ++i) {
            const Box box({kBallRadius, kBallRadius});
            const float x = position(engine), y = position(engine);
            const Transform pose = Transform::FromAngle({x, y}, angle(engine));
            const RoundedCore core = ToRoundedCore(box, pose);
            AABB bounds{core.points[0], core.points[0]};
            for (int k = 1; k < core.count; ++k) bounds = {Min(bounds.lower, core.points[k]), Max(bounds.upper, core.points[k])};
            out.push_back({box, pose, bounds});
        }
        return out;
    }();
    return boxes;
}

const std::vector<RoundedCore>& QueryBoxCores() {
    static const std::vector<RoundedCore> cores = [] {
        std::vector<RoundedCore> out;
        for (const PlacedBox& b : QueryBoxes()) out.push_back(ToRoundedCore(b.box, b.pose));
        return out;
    }();
    return cores;
}

// Exact time of impact of the bar against one resting candidate's core.
bool QueryHit(const RoundedCore& bar, const RotationalSweep& sweep, const RoundedCore& candidate) {
    return TimeOfImpact(bar, sweep, candidate, RotationalSweep{}).hit();
}

// Build the filter for the step's sweep, then the exact time of impact for each candidate it passes.
template <class Candidate, class Filter>
void RunCcdQuery(benchmark::State& state, const std::vector<Candidate>& candidates, const std::vector<RoundedCore>& cores,
                 Filter passes) {
    const RoundedCore bar = ToRoundedCore(Bar());
    uint32_t i = 0;
    long hits = 0;
    for (auto _ : state) {
        const RotationalSweep sweep = QuerySweep(i++);
        const auto filter = passes(sweep);
        for (size_t c = 0; c < candidates.size(); ++c)
            if (filter(candidates[c])) hits += QueryHit(bar, sweep, cores[c]);
        benchmark::DoNotOptimize(hits);
    }
    long calls = 0, found = 0, lost = 0;
    for (uint32_t k = 0; k < 256; ++k) {
        const RotationalSweep sweep = QuerySweep(k);
        const auto filter = passes(sweep);
        for (size_t c = 0; c < candidates.size(); ++c) {
            const bool through = filter(candidates[c]), hit = QueryHit(bar, sweep, cores[c]);
            calls += through;
            found += through && hit;
            lost += !through && hit;
        }
    }
    state.counters["toi_calls"] = static_cast<double>(calls) / 256.0;
    state.counters["hits"] = static_cast<double>(found) / 256.0;
    state.counters["lost"] = static_cast<double>(lost);
}

template <class Filter>
void RunCcdQuery(benchmark::State& state, Filter passes) {
    RunCcdQuery(state, QueryCircles(), QueryCores(), passes);
}

void CcdQueryRegionSensu(benchmark::State& state) {
    const auto& circles = QueryCircles();
    uint32_t i = 0;
    long hits = 0;
    for (auto _ : state) {
        const SweptRegion region(Bar(), QuerySweep(i++));
        for (const Circle& c : circles) hits += region.TimeOfImpact(c, Transform{}).hit();
        benchmark::DoNotOptimize(hits);
    }
    const auto& cores = QueryCores();
    const RoundedCore bar = ToRoundedCore(Bar());
    long through = 0, found = 0, lost = 0;
    for (uint32_t k = 0; k < 256; ++k) {
        const SweptRegion region(Bar(), QuerySweep(k));
        for (size_t c = 0; c < circles.size(); ++c) {
            const bool hit = region.TimeOfImpact(circles[c], Transform{}).hit();
            // The region's filter, repeated here only to count what gets through it: its bounding box,
            // then the ring of radii about the pivot (the origin; up to a few ulps of allowance).
            const Circle& circle = circles[c];
            through += Overlap(circle, Transform{}, region.bounds()) &&
                       Length(circle.center()) <= bar.maxRadius + bar.radius + circle.radius();
            found += hit;
            lost += !hit && QueryHit(bar, QuerySweep(k), cores[c]);
        }
    }
    state.counters["toi_calls"] = static_cast<double>(through) / 256.0;
    state.counters["hits"] = static_cast<double>(found) / 256.0;
    state.counters["lost"] = static_cast<double>(lost);
}
BENCHMARK(CcdQueryRegionSensu)->Name("CCDQuery/Region/sensu")->ComputeStatistics("min", Fastest);

void CcdQueryAabbSensu(benchmark::State& state) {
    RunCcdQuery(state, [](const RotationalSweep& sweep) {
        return [box = SweptRegion(Bar(), sweep).bounds()](const Circle& c) { return Overlap(c, Transform{}, box); };
    });
}
BENCHMARK(CcdQueryAabbSensu)->Name("CCDQuery/AABB/sensu")->ComputeStatistics("min", Fastest);

void CcdQueryRegionFilterSensu(benchmark::State& state) {
    RunCcdQuery(state, [](const RotationalSweep& sweep) {
        return [region = SweptRegion(Bar(), sweep)](const Circle& c) { return region.Overlaps(c, Transform{}); };
    });
}
BENCHMARK(CcdQueryRegionFilterSensu)->Name("CCDQuery/RegionFilter/sensu")->ComputeStatistics("min", Fastest);

void CcdQuerySpeculativeAabbSensu(benchmark::State& state) {
    RunCcdQuery(state, [](const RotationalSweep& sweep) {
        return [box = SpeculativeAABB(Bar(), sweep)](const Circle& c) { return Overlap(c, Transform{}, box); };
    });
}
BENCHMARK(CcdQuerySpeculativeAabbSensu)->Name("CCDQuery/SpeculativeAABB/sensu")->ComputeStatistics("min", Fastest);

void CcdQueryRegionBoxesSensu(benchmark::State& state) {
    RunCcdQuery(state, QueryBoxes(), QueryBoxCores(), [](const RotationalSweep& sweep) {
        return [region = SweptRegion(Bar(), sweep)](const PlacedBox& b) { return region.Overlaps(b.box, b.pose); };
    });
}
BENCHMARK(CcdQueryRegionBoxesSensu)->Name("CCDQuery/RegionBoxes/sensu")->ComputeStatistics("min", Fastest);

void CcdQueryAabbBoxesSensu(benchmark::State& state) {
    RunCcdQuery(state, QueryBoxes(), QueryBoxCores(), [](const RotationalSweep& sweep) {
        return [bounds = SweptRegion(Bar(), sweep).bounds()](const PlacedBox& b) { return Overlaps(b.bounds, bounds); };
    });
}
BENCHMARK(CcdQueryAabbBoxesSensu)->Name("CCDQuery/AABBBoxes/sensu")->ComputeStatistics("min", Fastest);

} // namespace
