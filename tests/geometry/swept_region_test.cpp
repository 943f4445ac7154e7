// Swept regions of rotating bodies (seed 000): the thesis fan, the conservative fan, the tight region,
// the exact region and the speculative AABB, against a fine-stepped truth (4,096 poses per case).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "rotating_cases.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/swept_region.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kPoses = 4096;

bool RegionHits(const Sector& fan, const ConvexShape& query) {
    return std::visit([&](const auto& q) { return Overlap(fan, q, Transform{}); }, query);
}

template <class Region>
bool RegionHits(const Region& region, const ConvexShape& query) {
    return std::visit([&](const auto& q) { return region.Overlaps(q, Transform{}); }, query);
}

Sector FanOf(const ConvexShape& body, const RotationalSweep& sweep) {
    return std::visit([&](const auto& b) { return ConservativeFan(b, sweep); }, body);
}

SweptRegion ExactOf(const ConvexShape& body, const RotationalSweep& sweep) {
    return std::visit([&](const auto& b) { return SweptRegion(b, sweep); }, body);
}

const RotationalSweep kAtRest{};

} // namespace

TEST_CASE("Thesis fan: axis is the start direction turned by alpha/2, for every alpha", "[swept_region]") {
    // α = 3π/2: eq. (2.2) gives 135°; normalize(u_start + u_end) would give −45°.
    const Sector fan = ThesisFan({1.0f, 2.0f}, {2.0f, 0.0f}, 10.0f, 4.0f, 1.5f * kPi);
    CHECK(fan.axis().x == Approx(std::cos(0.75f * kPi)).margin(1e-6));
    CHECK(fan.axis().y == Approx(std::sin(0.75f * kPi)).margin(1e-6));
    CHECK(fan.halfAngle() == Approx(0.75f * kPi));
    CHECK(fan.innerRadius() == Approx(8.0f));
    CHECK(fan.outerRadius() == Approx(12.0f));
    CHECK(fan.center() == Vec2{1.0f, 2.0f});
    // Clockwise sweeps turn the axis clockwise; several turns saturate at a full annulus.
    const Sector cw = ThesisFan({}, {1.0f, 0.0f}, 10.0f, 4.0f, -1.0f);
    CHECK(cw.axis().y == Approx(std::sin(-0.5f)).margin(1e-6));
    CHECK(cw.halfAngle() == Approx(0.5f));
    CHECK(ThesisFan({}, {1.0f, 0.0f}, 10.0f, 4.0f, 5.0f * kPi).halfAngle() == Approx(kPi));
    // r = d − Wy/2 below zero is clamped to a pie slice.
    CHECK(ThesisFan({}, {1.0f, 0.0f}, 1.0f, 4.0f, 1.0f).innerRadius() == 0.0f);
}

TEST_CASE("Thesis fan misses what the rectangle's width sweeps; the exact region does not", "[swept_region]") {
    // A 10 m wide, 2 m tall box centred 10 m above the pivot, turning a quarter turn CCW.
    const Box body({5.0f, 1.0f}, {0.0f, 10.0f});
    const RotationalSweep sweep{.sweepAngle = 0.5f * kPi};
    const Sector thesis = ThesisFan({}, {0.0f, 1.0f}, 10.0f, 2.0f, sweep.sweepAngle);
    const Vec2 corner{4.9f, 9.5f}; // inside the start pose, right of the fan's start edge
    CHECK_FALSE(Contains(thesis, corner));
    CHECK(SweptRegion(body, sweep).Overlaps(corner));
    CHECK(TightSweptRegion(body, sweep).Overlaps(corner));
    CHECK(Contains(ConservativeFan(body, sweep), corner));
}

TEST_CASE("Speculative AABB misses the middle of a half turn", "[swept_region]") {
    const Box bar({1.0f, 0.05f}, {1.0f, 0.0f}); // from the pivot to x = 2
    const RotationalSweep sweep{.sweepAngle = kPi};
    const AABB box = SpeculativeAABB(bar, sweep);
    CHECK(box.Contains(Vec2{1.9f, 0.0f}));
    CHECK(box.Contains(Vec2{-1.9f, 0.0f}));
    CHECK_FALSE(box.Contains(Vec2{0.0f, 1.0f}));
    CHECK(SweptRegion(bar, sweep).Overlaps(Vec2{0.0f, 1.0f}));
}

TEST_CASE("Conservative fan: full annulus out to the far corner once the span reaches 2 pi", "[swept_region]") {
    const Box body({3.0f, 1.0f}, {0.0f, 10.0f});
    const Sector fan = ConservativeFan(body, {.sweepAngle = kTwoPi});
    CHECK(fan.halfAngle() == Approx(kPi));
    CHECK(fan.innerRadius() == Approx(9.0f));
    CHECK(fan.outerRadius() == Approx(std::sqrt(11.0f * 11.0f + 9.0f))); // not d + Wy/2 = 11
    // Slightly less than a full turn, widened by the box's own angular extent: still a full annulus.
    CHECK(ConservativeFan(body, {.sweepAngle = kTwoPi - 0.3f}).halfAngle() == Approx(kPi));
    // Pivot inside the body: the whole disc.
    const Sector inside = ConservativeFan(Box({1.0f, 0.2f}, {0.5f, 0.0f}), {.sweepAngle = 0.1f});
    CHECK(inside.halfAngle() == Approx(kPi));
    CHECK(inside.innerRadius() == 0.0f);
    // Translation grows the fan about the mid-step pivot.
    const Sector moved = ConservativeFan(body, {.sweepAngle = 0.5f, .translation = {4.0f, 0.0f}});
    CHECK(moved.center() == Vec2{2.0f, 0.0f});
    CHECK(moved.innerRadius() == Approx(7.0f));
}

TEST_CASE("Exact region: zero sweep is the body, a full turn is the annulus", "[swept_region]") {
    Rng rng(7);
    const Box body({0.8f, 0.3f}, {1.5f, 0.5f}, 0.4f);
    const SweptRegion still(body, {.pivot = {1.0f, -2.0f}, .startAngle = 0.7f});
    const Transform pose = Transform::FromAngle({1.0f, -2.0f}, 0.7f);
    const SweptRegion turn(body, {.sweepAngle = -kTwoPi});
    const float inner = 1.5f - 0.8f * std::cos(0.4f), outer = 2.5f; // bounds well inside the true ring
    for (int i = 0; i < 2000; ++i) {
        const Vec2 p = rng.InBox(-4.0f, 4.0f);
        CHECK(still.Overlaps(p) == Contains(body, pose, p));
        const float r = Length(p);
        if (r > 0.5f && r < inner - 0.3f) CHECK_FALSE(turn.Overlaps(p));
        if (r > inner + 0.2f && r < outer - 0.2f) CHECK(turn.Overlaps(p));
    }
}

TEST_CASE("Swept regions reject invalid input", "[swept_region]") {
    const Box body({1.0f, 1.0f});
    const float nan = std::nanf("");
    CHECK_THROWS_AS(SweptRegion(body, {.sweepAngle = nan}), InvalidArgument);
    CHECK_THROWS_AS(ConservativeFan(body, {.pivot = {nan, 0.0f}}), InvalidArgument);
    CHECK_THROWS_AS(TightSweptRegion(body, {.translation = {0.0f, INFINITY}}), InvalidArgument);
    CHECK_THROWS_AS(SpeculativeAABB(body, {.startAngle = nan}), InvalidArgument);
    CHECK_THROWS_AS(ThesisFan({}, {0.0f, 0.0f}, 1.0f, 1.0f, 1.0f), InvalidArgument);
    CHECK_THROWS_AS(ThesisFan({}, {1.0f, 0.0f}, -1.0f, 1.0f, 1.0f), InvalidArgument);
    CHECK_THROWS_AS(SweptRegion(body, {}).Overlaps(Vec2{nan, 0.0f}), InvalidArgument);
}

TEST_CASE("Conservative regions never miss: 100,000 random sweeps vs 4,096-pose truth", "[swept_region]") {
    Rng rng(20231);
    constexpr int kCases = 100000;
    int truthHits = 0, fanMisses = 0, tightMisses = 0, exactMisses = 0, exactFalse = 0, tightCases = 0;
    int hitsByKind[5] = {}, rejectsByKind[5] = {};
    std::string firstFailure;
    for (int c = 0; c < kCases; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        const ConvexShape body = RandomShape(rng, scale * rng.InBox(-1.5f, 1.5f), scale * rng.Uniform(0.2f, 1.0f));
        RotationalSweep sweep{.pivot = scale * rng.InBox(-2.0f, 2.0f), .startAngle = rng.Angle()};
        const int mode = rng.Int(0, 9);
        sweep.sweepAngle = mode == 0 ? 0.0f : mode == 1 ? (rng.Chance(0.5f) ? kTwoPi : -kTwoPi)
                         : mode == 2 ? rng.Uniform(kTwoPi, 3.0f * kPi) * (rng.Chance(0.5f) ? 1.0f : -1.0f)
                                     : rng.Uniform(-kTwoPi, kTwoPi);
        if (rng.Chance(0.3f)) sweep.translation = scale * rng.InBox(-1.0f, 1.0f);

        const int kind = rng.Int(0, 4); // 0 circle, 1 capsule, 2 box, 3 polygon, 4 point
        const Bound bb = BoundOf(body);
        const Vec2 near = TransformPoint(SweepPose(sweep, rng.Uniform(0.0f, 1.0f)), bb.center) + scale * rng.InBox(-1.5f, 1.5f);
        const ConvexShape query = kind == 4 ? ConvexShape(Circle(near, 0.0f)) : RandomShape(rng, near, scale * rng.Uniform(0.02f, 0.5f), kind);

        const bool truth = FirstOverlapTime(body, sweep, query, kAtRest, kPoses) >= 0.0f;
        const SweptRegion exact = ExactOf(body, sweep);
        const bool exactHit = kind == 4 ? exact.Overlaps(std::get<Circle>(query).center()) : RegionHits(exact, query);
        const bool fanHit = kind == 4 ? Contains(FanOf(body, sweep), std::get<Circle>(query).center()) : RegionHits(FanOf(body, sweep), query);
        const bool polygonal = std::holds_alternative<Box>(body) || std::holds_alternative<ConvexPolygon>(body);
        bool tightHit = true;
        if (polygonal) {
            ++tightCases;
            const TightSweptRegion tight = std::holds_alternative<Box>(body) ? TightSweptRegion(std::get<Box>(body), sweep)
                                                                            : TightSweptRegion(std::get<ConvexPolygon>(body), sweep);
            tightHit = kind == 4 ? tight.Overlaps(std::get<Circle>(query).center()) : RegionHits(tight, query);
        }
        (exactHit ? hitsByKind : rejectsByKind)[kind] += 1;
        if (truth) {
            ++truthHits;
            fanMisses += !fanHit;
            tightMisses += !tightHit;
            exactMisses += !exactHit;
            if ((!fanHit || !tightHit || !exactHit) && firstFailure.empty())
                firstFailure = "case " + std::to_string(c) + " kind " + std::to_string(kind) + " body " + std::to_string(body.index()) +
                               " fan " + std::to_string(fanHit) + " tight " + std::to_string(tightHit) + " exact " + std::to_string(exactHit);
        } else if (exactHit && sweep.translation == Vec2{} && (kind == 0 || kind == 4)) {
            // Exactness for a pure rotation: the region may only add what falls between two poses.
            // Between poses a body point moves at most |α|·r/4095; grow the query circle by that.
            const float reach = Length(bb.center) + bb.radius; // farthest body point from the pivot
            const float grow = std::abs(sweep.sweepAngle) * reach / (kPoses - 1) + 1e-5f * scale;
            const Circle q = std::get<Circle>(query);
            if (FirstOverlapTime(body, sweep, Circle(q.center(), q.radius() + grow), kAtRest, kPoses) < 0.0f) {
                ++exactFalse;
                if (firstFailure.empty()) firstFailure = "false hit in case " + std::to_string(c);
            }
        }
    }
    INFO(firstFailure);
    INFO("truth hits " << truthHits << " of " << kCases << ", tight cases " << tightCases);
    CHECK(fanMisses == 0);
    CHECK(tightMisses == 0);
    CHECK(exactMisses == 0);
    CHECK(exactFalse == 0);
    // The cases exercise both outcomes for every query kind.
    for (int k = 0; k < 5; ++k) {
        CHECK(hitsByKind[k] > 1000);
        CHECK(rejectsByKind[k] > 1000);
    }
}

TEST_CASE("SweptRegion::Bounds is the region's bounds without the region", "[swept_region]") {
    Rng rng(515);
    for (int i = 0; i < 2000; ++i) {
        const ConvexShape body = RandomShape(rng, rng.InBox(-0.5f, 0.5f), rng.Uniform(0.05f, 2.0f));
        const RotationalSweep sweep{.pivot = rng.InBox(-50.0f, 50.0f), .startAngle = rng.Uniform(-10.0f, 10.0f),
                                    .sweepAngle = rng.Uniform(-8.0f, 8.0f), .translation = rng.InBox(-3.0f, 3.0f)};
        const AABB expected = std::visit([&](const auto& s) { return SweptRegion(s, sweep).bounds(); }, body);
        const AABB bounds = std::visit([&](const auto& s) { return SweptRegion::Bounds(s, sweep); }, body);
        // Bit for bit: the continuous phase queries the broad phase with either.
        CHECK(bounds.lower == expected.lower);
        CHECK(bounds.upper == expected.upper);
    }
    CHECK_THROWS_AS(SweptRegion::Bounds(Circle({0.0f, 0.0f}, 1.0f), {.sweepAngle = std::nanf("")}), InvalidArgument);
}
