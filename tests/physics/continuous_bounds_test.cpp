// The continuous phase's cheap pair rejects (continuous_bounds.h) against the exact tests they stand in
// front of: wherever a bound says "apart", the rotating time of impact and a fine-stepped overlap test
// of the two shapes must find no contact, on thousands of random pairs that turn and translate, placed
// around the bound's own threshold, degenerate motions included. And the order of a search's impacts
// (Precedes, continuous_internal.h), which lets the phase skip a search whose result cannot change.
// CoresStayApart likewise against the time of impact whose first step it stands for.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "../../framework/src/physics/continuous_bounds.h"
#include "../../framework/src/physics/continuous_internal.h"
#include "../geometry/rotating_cases.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// The farthest point of a shape from its body origin (the pivot of its sweep): World's sweepRadius.
float FarthestPoint(const ConvexShape& shape) {
    return std::visit(
        [](const auto& s) -> float {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, Circle>) {
                return Length(s.center()) + s.radius();
            } else if constexpr (std::is_same_v<T, Capsule>) {
                return Max(Length(s.a()), Length(s.b())) + s.radius();
            } else if constexpr (std::is_same_v<T, Box>) {
                float r = 0.0f;
                for (Vec2 p : s.Corners()) r = Max(r, Length(p));
                return r;
            } else {
                float r = 0.0f;
                for (Vec2 p : s.vertices()) r = Max(r, Length(p));
                return r;
            }
        },
        shape);
}

} // namespace

TEST_CASE("bounding discs stay apart only where the shapes never touch", "[physics][continuous][bounds]") {
    Rng rng(1414);
    int apart = 0, tight = 0, touching = 0;
    for (int trial = 0; trial < 6000; ++trial) {
        CAPTURE(trial);
        const float size = rng.Chance(0.2f) ? rng.Uniform(0.01f, 0.1f) : rng.Uniform(0.2f, 2.0f);
        // Shapes off their pivots (the pivot is the centre of mass in the World, but any point bounds).
        const ConvexShape a = RandomShape(rng, rng.Chance(0.3f) ? Vec2{} : size * rng.InBox(-0.5f, 0.5f), size);
        const ConvexShape b = RandomShape(rng, rng.Chance(0.3f) ? Vec2{} : size * rng.InBox(-0.5f, 0.5f), size);
        const float ra = FarthestPoint(a), rb = FarthestPoint(b);
        // Start distances around the threshold, relative motions from none to several sizes, sometimes
        // a common velocity (flying side by side) and sometimes no turn.
        const Vec2 pivotA = rng.InBox(-50.0f, 50.0f);
        const float angle = rng.Angle();
        const Vec2 offset = (ra + rb) * rng.Uniform(0.6f, 2.5f) * Vec2{std::cos(angle), std::sin(angle)};
        const Vec2 common = rng.Chance(0.3f) ? rng.InBox(-20.0f, 20.0f) : Vec2{};
        const int motion = rng.Int(0, 3);
        const Vec2 travelA = common + (motion == 0 ? Vec2{} : (ra + rb) * rng.InBox(-1.5f, 1.5f));
        const Vec2 travelB = common + (motion == 1 ? Vec2{} : (ra + rb) * rng.InBox(-1.5f, 1.5f));
        const RotationalSweep sweepA{.pivot = pivotA, .startAngle = rng.Angle(), .sweepAngle = rng.Chance(0.2f) ? 0.0f : rng.Uniform(-9.0f, 9.0f),
                                     .translation = travelA};
        const RotationalSweep sweepB{.pivot = pivotA + offset, .startAngle = rng.Angle(),
                                     .sweepAngle = motion == 1 || rng.Chance(0.2f) ? 0.0f : rng.Uniform(-9.0f, 9.0f), .translation = travelB};
        const bool bound = ccd::BoundingDiscsStayApart(sweepA.pivot, travelA, ra, sweepB.pivot, travelB, rb);
        const RotatingImpact toi = TimeOfImpact(a, sweepA, b, sweepB);
        if (toi.hit()) ++touching;
        if (!bound) continue;
        ++apart;
        CHECK_FALSE(toi.hit());
        CHECK(FirstOverlapTime(a, sweepA, b, sweepB, 512) < 0.0f);
        // Among the rejects, some where the relative path passes within 2 % of the discs' reach: the
        // slack is not hiding a loose bound.
        const Vec2 d = offset, e = travelB - travelA;
        const float s = LengthSquared(e) > 0.0f ? Clamp(-Dot(d, e) / LengthSquared(e), 0.0f, 1.0f) : 0.0f;
        if (Length(d + s * e) < 1.02f * (ra + rb)) ++tight;
    }
    CHECK(apart > 1500);
    CHECK(tight > 50);
    CHECK(touching > 800);
}

TEST_CASE("bounding discs judge the relative motion, not each body's own", "[physics][continuous][bounds]") {
    // Two 0.4 m boxes (sweep radius 0.283 m) 0.1 m apart, side by side at 20 m/s: each sweeps 0.33 m,
    // over its neighbour's path, but they never close.
    const float r = 0.2f * std::sqrt(2.0f);
    const Vec2 v{0.0f, 20.0f / 60.0f};
    CHECK(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, v, r, {0.7f, 0.0f}, v, r));
    // The same pair closing head-on at 0.4 m per step meets; moving apart it does not.
    CHECK_FALSE(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, {0.2f, 0.0f}, r, {0.7f, 0.0f}, {-0.2f, 0.0f}, r));
    CHECK(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, {-0.2f, 0.0f}, r, {0.7f, 0.0f}, {0.2f, 0.0f}, r));
    // Passing each other: the nearest approach is mid-path, not at either end.
    CHECK_FALSE(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, {2.0f, 0.0f}, r, {2.0f, 0.3f}, {-2.0f, 0.0f}, r));
    CHECK(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, {2.0f, 0.0f}, r, {2.0f, 0.7f}, {-2.0f, 0.0f}, r));
    // Degenerate: coincident centres, no motion, zero radii, and NaN (kept for the exact tests).
    CHECK_FALSE(ccd::BoundingDiscsStayApart({1.0f, 1.0f}, {}, 0.0f, {1.0f, 1.0f}, {}, 0.0f));
    CHECK(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, {}, 0.0f, {1.0f, 0.0f}, {}, 0.0f));
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK_FALSE(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, {nan, 0.0f}, r, {5.0f, 0.0f}, {}, r));
}

TEST_CASE("a search's earliest impact does not depend on the order candidates are met", "[physics][continuous][bounds]") {
    // Ties are common: every pair touching at the start of a search and closing has its impact at that
    // very fraction. Shuffled lists of impacts with many equal times must all give the same winner: the
    // earliest, then the fastest closing, then the lowest other shape, then the lowest own shape.
    Rng rng(77);
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<ccd::ContinuousImpact> impacts(static_cast<size_t>(rng.Int(1, 12)));
        for (ccd::ContinuousImpact& c : impacts) {
            c.t = rng.Chance(0.2f) ? 2.0f : 0.25f * static_cast<float>(rng.Int(0, 3));  // 2: none found
            c.approach = static_cast<float>(rng.Int(1, 2));  // m/s
            c.shape = rng.Int(0, 3);
            c.otherShape = rng.Int(4, 9);
            c.body = 1;
            c.other = c.otherShape;
        }
        auto earliest = [](const std::vector<ccd::ContinuousImpact>& list) {
            ccd::ContinuousImpact best;
            for (const ccd::ContinuousImpact& c : list)
                if (ccd::Precedes(c, best)) best = c;
            return best;
        };
        const ccd::ContinuousImpact first = earliest(impacts);
        float t = 2.0f;
        for (const ccd::ContinuousImpact& c : impacts) t = Min(t, c.t);
        CHECK(first.t == t);
        for (const ccd::ContinuousImpact& c : impacts) {
            if (c.t != t || t > 1.0f) continue;
            CHECK(first.approach >= c.approach);
            if (first.approach != c.approach) continue;
            CHECK(first.otherShape <= c.otherShape);
            if (first.otherShape == c.otherShape) CHECK(first.shape <= c.shape);
        }
        for (int shuffle = 0; shuffle < 4; ++shuffle) {
            for (size_t i = impacts.size(); i > 1; --i) std::swap(impacts[i - 1], impacts[static_cast<size_t>(rng.Int(0, static_cast<int>(i) - 1))]);
            const ccd::ContinuousImpact again = earliest(impacts);
            CHECK(again.t == first.t);
            CHECK(again.approach == first.approach);
            CHECK(again.otherShape == first.otherShape);
            CHECK(again.shape == first.shape);
        }
    }
}

TEST_CASE("cores stay apart only where the shapes never touch", "[physics][continuous][bounds]") {
    // CoresStayApart stands in front of the time of impact for pairs whose bounding discs meet: it
    // may only say "apart" where the time of impact and fine stepping find no contact. Pairs from
    // touching to a few sizes apart, shapes on and far off their pivots (a tumbler's walls are 10 m
    // from its centre), motions from none to a few sizes.
    Rng rng(2718);
    int apart = 0, beyondDiscs = 0, offPivot = 0;
    for (int trial = 0; trial < 6000; ++trial) {
        CAPTURE(trial);
        const float size = rng.Chance(0.2f) ? rng.Uniform(0.01f, 0.1f) : rng.Uniform(0.2f, 2.0f);
        const bool far = rng.Chance(0.15f);
        const Vec2 centerA = far ? 8.0f * size * rng.InBox(-1.0f, 1.0f) : (rng.Chance(0.3f) ? Vec2{} : size * rng.InBox(-0.5f, 0.5f));
        const ConvexShape a = RandomShape(rng, centerA, size);
        const ConvexShape b = RandomShape(rng, rng.Chance(0.3f) ? Vec2{} : size * rng.InBox(-0.5f, 0.5f), size);
        const float ra = FarthestPoint(a), rb = FarthestPoint(b);
        const Vec2 pivotA = rng.InBox(-50.0f, 50.0f);
        const float angle = rng.Angle();
        const float startA = rng.Angle();
        // B placed near A's shape (not its pivot), from overlapping to a few sizes away.
        const Vec2 shapeA = pivotA + Rotate(Rot::FromAngle(startA), centerA);
        const Vec2 pivotB = shapeA + size * rng.Uniform(0.3f, 4.0f) * Vec2{std::cos(angle), std::sin(angle)};
        const int motion = rng.Int(0, 3);
        const float reach = motion == 3 ? 0.05f : 1.0f;  // some slow pairs: the bound's own threshold
        const Vec2 travelA = motion == 0 ? Vec2{} : reach * size * rng.InBox(-1.5f, 1.5f);
        const Vec2 travelB = motion == 1 ? Vec2{} : reach * size * rng.InBox(-1.5f, 1.5f);
        const float turnA = rng.Chance(0.2f) ? 0.0f : reach * rng.Uniform(-3.0f, 3.0f) / (1.0f + 8.0f * static_cast<float>(far));
        const float turnB = motion == 1 || rng.Chance(0.2f) ? 0.0f : reach * rng.Uniform(-3.0f, 3.0f);
        const RotationalSweep sweepA{.pivot = pivotA, .startAngle = startA, .sweepAngle = turnA, .translation = travelA};
        const RotationalSweep sweepB{.pivot = pivotB, .startAngle = rng.Angle(), .sweepAngle = turnB, .translation = travelB};
        const RoundedCore coreA = std::visit([](const auto& s) { return ToRoundedCore(s); }, a);
        const RoundedCore coreB = std::visit([](const auto& s) { return ToRoundedCore(s); }, b);
        const bool bound = ccd::CoresStayApart(pivotA, sweepA.startAngle, coreA, travelA, turnA, pivotB, sweepB.startAngle, coreB, travelB, turnB);
        if (!bound) continue;
        ++apart;
        if (!ccd::BoundingDiscsStayApart(pivotA, travelA, ra, pivotB, travelB, rb)) ++beyondDiscs;
        if (far) ++offPivot;
        CHECK_FALSE(TimeOfImpact(coreA, sweepA, coreB, sweepB).hit());
        CHECK(FirstOverlapTime(a, sweepA, b, sweepB, 512) < 0.0f);
    }
    CHECK(apart > 1000);
    CHECK(beyondDiscs > 300);
    CHECK(offPivot > 50);
}

TEST_CASE("cores stay apart: boxes side by side and touching", "[physics][continuous][bounds]") {
    const RoundedCore box = ToRoundedCore(Box({0.125f, 0.125f}));
    // Two 0.25 m boxes 0.5 m apart centre to centre (one box between them): the discs (0.177 m) leave
    // 0.146 m, the faces 0.25 m; a relative motion of 0.2 m only the faces keep apart.
    CHECK(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {0.2f, 0.0f}, 0.0f, {0.5f, 0.0f}, 0.0f, box, {}, 0.0f));
    CHECK_FALSE(ccd::BoundingDiscsStayApart({0.0f, 0.0f}, {0.2f, 0.0f}, 0.125f * std::sqrt(2.0f), {0.5f, 0.0f}, {}, 0.125f * std::sqrt(2.0f)));
    // Offset neighbours 0.05 m apart across their faces but only 0.014 m along the line of centres:
    // closing by 0.02 m, an edge normal keeps them apart.
    CHECK(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {0.02f, 0.0f}, 0.0f, {0.3f, 0.2f}, 0.0f, box, {}, 0.0f));
    CHECK_FALSE(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {0.06f, 0.0f}, 0.0f, {0.3f, 0.2f}, 0.0f, box, {}, 0.0f));
    // Touching, or closing by more than the gap: kept for the time of impact.
    CHECK_FALSE(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {}, 0.0f, {0.25f, 0.0f}, 0.0f, box, {}, 0.0f));
    CHECK_FALSE(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {0.26f, 0.0f}, 0.0f, {0.5f, 0.0f}, 0.0f, box, {}, 0.0f));
    // Turning alone can close a gap: faces 0.05 m apart, a corner 0.177 m out turns 1 rad (and does
    // reach the other box's face 0.175 m out); with the faces 0.25 m apart it cannot.
    CHECK_FALSE(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {}, 1.0f, {0.3f, 0.0f}, 0.0f, box, {}, 0.0f));
    CHECK(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {}, 1.0f, {0.5f, 0.0f}, 0.0f, box, {}, 0.0f));
    // Coincident centres and NaN: kept.
    CHECK_FALSE(ccd::CoresStayApart({1.0f, 1.0f}, 0.0f, box, {}, 0.0f, {1.0f, 1.0f}, 0.0f, box, {}, 0.0f));
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK_FALSE(ccd::CoresStayApart({0.0f, 0.0f}, 0.0f, box, {nan, 0.0f}, 0.0f, {5.0f, 0.0f}, 0.0f, box, {}, 0.0f));
}
