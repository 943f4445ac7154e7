// SweptRegion::Overlaps for points and circles decides most discs by quick tests (bounding box, ring,
// the wedge's sides, a rectangle's start and end poses, four sectors inside the region) before the
// exact arc of the centre. Under a pure rotation the region is exact, so those tests must give the
// answer of an independent exact path: SweptRegion::TimeOfImpact (bounding box, ring, then the
// closed-form entry of rotating_toi.cpp, none of the quick accepts). A million discs spread over each
// region's bounds, so many land in the thin slivers where a quick test's edge is exposed: a sector
// widened by a hundredth of a radian fails this test, while random queries near the body rarely
// catch it. Disagreements within rounding are allowed one way only, and only by 1e-5 of the size:
// an accept must turn into a time-of-impact hit when the disc grows by that much, a reject must stay
// a miss when it shrinks by that much.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "rotating_cases.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/rounded_core.h"
#include "sensu/geometry/swept_region.h"

using namespace sensu;
using namespace sensu::testing;

TEST_CASE("Swept region: the quick tests for discs agree with the exact time of impact (1,000,000 discs)", "[swept_region]") {
    Rng rng(8118);
    constexpr int kRegions = 4000, kDiscsPerRegion = 250;
    int hits = 0, falseAccepts = 0, falseRejects = 0;
    std::string firstFailure;
    for (int c = 0; c < kRegions; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-2.0f, 2.0f));
        // Rectangles (the closed-form pose tests), capsules and polygons; the pivot anywhere from
        // inside the body to well outside it.
        const int kind = rng.Int(0, 2);
        const Vec2 centre = scale * rng.InBox(-1.5f, 1.5f);
        const ConvexShape body = kind == 0 ? ConvexShape(Box(scale * Vec2{rng.Uniform(0.05f, 1.0f), rng.Uniform(0.02f, 0.5f)}, centre, rng.Angle()))
                               : kind == 1 ? ConvexShape(Capsule(centre, centre + scale * rng.InBox(-1.0f, 1.0f), scale * rng.Uniform(0.0f, 0.3f)))
                                           : ConvexShape(RandomPolygon(rng, centre, scale * rng.Uniform(0.1f, 1.0f)));
        const int mode = rng.Int(0, 9);
        const float sweepAngle = mode == 0 ? 0.0f : mode == 1 ? (rng.Chance(0.5f) ? kTwoPi : -kTwoPi)
                               : mode == 2 ? rng.Uniform(kTwoPi, 3.0f * kPi) * (rng.Chance(0.5f) ? 1.0f : -1.0f)
                                           : rng.Uniform(-kTwoPi, kTwoPi);
        const RotationalSweep sweep{.pivot = scale * rng.InBox(-1.0f, 1.0f), .startAngle = rng.Angle(), .sweepAngle = sweepAngle};
        const SweptRegion region = std::visit([&](const auto& b) { return SweptRegion(b, sweep); }, body);
        const AABB bounds = region.bounds();
        const Vec2 extent = bounds.upper - bounds.lower;
        const float tolerance = 1e-5f * (Length(extent) + Length(sweep.pivot));
        for (int d = 0; d < kDiscsPerRegion; ++d) {
            const float radius = rng.Chance(0.25f) ? 0.0f : 0.2f * Length(extent) * rng.Uniform(0.0f, 1.0f) * rng.Uniform(0.0f, 1.0f);
            const Vec2 at = bounds.lower - Vec2{radius, radius} + Vec2{(extent.x + 2.0f * radius) * rng.Uniform(0.0f, 1.0f),
                                                                       (extent.y + 2.0f * radius) * rng.Uniform(0.0f, 1.0f)};
            const bool quick = radius == 0.0f ? region.Overlaps(at) : region.Overlaps(Circle(at, radius), Transform{});
            const bool exact = region.TimeOfImpact(Circle(at, radius), Transform{}).hit();
            hits += exact;
            if (quick == exact) continue;
            const bool accepted = quick;
            const bool withinRounding = accepted ? region.TimeOfImpact(Circle(at, radius + tolerance), Transform{}).hit()
                                                 : !region.TimeOfImpact(Circle(at, Max(radius - tolerance, 0.0f)), Transform{}).hit();
            if (withinRounding) continue;
            (accepted ? falseAccepts : falseRejects) += 1;
            if (firstFailure.empty())
                firstFailure = "region " + std::to_string(c) + " kind " + std::to_string(kind) + (accepted ? " false accept" : " false reject") +
                               " at (" + std::to_string(at.x) + ", " + std::to_string(at.y) + ") radius " + std::to_string(radius);
        }
    }
    INFO(firstFailure);
    INFO("exact hits " << hits << " of " << kRegions * kDiscsPerRegion);
    CHECK(falseAccepts == 0);
    CHECK(falseRejects == 0);
    CHECK(hits > kRegions * kDiscsPerRegion / 5);
    CHECK(hits < kRegions * kDiscsPerRegion * 4 / 5);
}

// Capsules, segments, boxes and polygons go through the same quick tests twice, as discs: their
// bounding disc rejected means outside, a disc inside them accepted means inside; only the rest take
// the arcs of every vertex. Checked against the exact time of impact of the shape itself (the
// polygon-pair and capsule paths of rotating_toi_polygons.cpp) on 200,000 shapes over the regions' bounds,
// sized from a hundredth of the region to half of it so that many straddle its boundary. An accept
// must be a hit of the shape grown by the rounding tolerance; a reject a miss of the shape as given
// (the quick rejects are conservative, with no allowance the other way).
TEST_CASE("Swept region: the bounding and inscribed discs of other shapes agree with the exact time of impact (200,000 shapes)",
          "[swept_region]") {
    Rng rng(9119);
    constexpr int kRegions = 2000, kShapesPerRegion = 100;
    int hits = 0, falseAccepts = 0, falseRejects = 0;
    int hitsByKind[4] = {}, missesByKind[4] = {};
    std::string firstFailure;
    for (int c = 0; c < kRegions; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-2.0f, 2.0f));
        const ConvexShape body = RandomShape(rng, scale * rng.InBox(-1.5f, 1.5f), scale * rng.Uniform(0.2f, 1.0f), rng.Int(1, 3));
        const RotationalSweep sweep{.pivot = scale * rng.InBox(-1.0f, 1.0f), .startAngle = rng.Angle(),
                                    .sweepAngle = rng.Uniform(-3.0f * kPi, 3.0f * kPi)};
        const SweptRegion region = std::visit([&](const auto& b) { return SweptRegion(b, sweep); }, body);
        const AABB bounds = region.bounds();
        const Vec2 extent = bounds.upper - bounds.lower;
        const float tolerance = 1e-5f * (Length(extent) + Length(sweep.pivot));
        for (int s = 0; s < kShapesPerRegion; ++s) {
            const float size = Length(extent) * std::pow(10.0f, rng.Uniform(-2.0f, -0.3f));
            const Vec2 at = bounds.lower + Vec2{extent.x * rng.Uniform(-0.1f, 1.1f), extent.y * rng.Uniform(-0.1f, 1.1f)};
            const int kind = rng.Int(0, 3);  // 0 segment, 1 capsule, 2 box, 3 polygon
            ConvexShape shape = kind == 0 ? ConvexShape(Capsule(at - size * Vec2{1.0f, 0.3f}, at + size * Vec2{1.0f, 0.3f}, 0.0f))
                                          : RandomShape(rng, at, size, kind);
            const bool quick = kind == 0 ? region.Overlaps(Segment(std::get<Capsule>(shape).a(), std::get<Capsule>(shape).b()), Transform{})
                                         : std::visit([&](const auto& q) { return region.Overlaps(q, Transform{}); }, shape);
            const RoundedCore core = std::visit([](const auto& q) { return ToRoundedCore(q); }, shape);
            const bool exact = TimeOfImpact(std::visit([](const auto& b) { return ToRoundedCore(b); }, body), sweep, core, {}).hit();
            hits += exact;
            (exact ? hitsByKind : missesByKind)[kind] += 1;
            if (quick == exact) continue;
            if (quick) {
                RoundedCore grown = core;
                grown.radius += tolerance;
                if (TimeOfImpact(std::visit([](const auto& b) { return ToRoundedCore(b); }, body), sweep, grown, {}).hit()) continue;
            }
            (quick ? falseAccepts : falseRejects) += 1;
            if (firstFailure.empty())
                firstFailure = "region " + std::to_string(c) + " shape kind " + std::to_string(kind) + (quick ? " false accept" : " false reject");
        }
    }
    INFO(firstFailure);
    INFO("exact hits " << hits << " of " << kRegions * kShapesPerRegion);
    CHECK(falseAccepts == 0);
    CHECK(falseRejects == 0);
    for (int k = 0; k < 4; ++k) {
        CHECK(hitsByKind[k] > 5000);
        CHECK(missesByKind[k] > 5000);
    }
}
