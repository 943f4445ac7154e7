// The exact swept region of a body spinning about a point inside it (a sword about its hilt, a bat,
// a rotor): its conservative fan is a whole disc, so the disc test rejects with the outer wedge
// instead (swept_region.cpp, OuterWedgeOfCore). That reject must never drop a hit of the fine-stepped
// truth (4,096 poses), with rounded cores and with translation too.
#include <catch2/catch.hpp>

// GCC 12 with -fsanitize=address inlines the truth's std::visit over a Circle and then warns that the
// Capsule alternative's end point "may be used uninitialized" (a branch the variant never takes).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <cmath>

#include "rotating_cases.h"
#include "sensu/geometry/swept_region.h"

using namespace sensu;
using namespace sensu::testing;

TEST_CASE("Swept region with the pivot inside the body: discs beyond the outer wedge are never hits", "[swept_region]") {
    Rng rng(7007);
    constexpr int kCases = 50000;
    int truthHits = 0, misses = 0, rejects = 0;
    for (int c = 0; c < kCases; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-2.0f, 2.0f));
        // A bar, capsule or polygon about the origin, shifted along its length so that the pivot
        // (the origin) lies inside it, near one end.
        const float length = scale * rng.Uniform(0.5f, 2.0f), thickness = length * rng.Uniform(0.02f, 0.3f);
        const Vec2 along = Vec2{std::cos(rng.Angle()), std::sin(rng.Angle())};
        const Vec2 centre = (length * rng.Uniform(0.05f, 0.45f)) * along;
        const int kind = rng.Int(0, 2);
        const ConvexShape body = kind == 0 ? ConvexShape(Box({0.5f * length, 0.5f * thickness}, centre, std::atan2(along.y, along.x)))
                               : kind == 1 ? ConvexShape(Capsule(centre - 0.5f * length * along, centre + 0.5f * length * along, 0.5f * thickness))
                                           : ConvexShape(RandomPolygon(rng, centre, 0.3f * length));
        RotationalSweep sweep{.pivot = scale * rng.InBox(-1.0f, 1.0f), .startAngle = rng.Angle(), .sweepAngle = rng.Uniform(-6.2f, 6.2f)};
        if (rng.Chance(0.3f)) sweep.translation = (0.2f * length) * rng.InBox(-1.0f, 1.0f);
        const float radius = rng.Chance(0.2f) ? 0.0f : length * rng.Uniform(0.0f, 0.3f);
        // Near the body at a pose somewhat before, during or after the sweep, so that both outcomes
        // and the wedge's edges are well covered.
        const Vec2 onBody = centre + (0.5f * length * rng.Uniform(-1.2f, 1.2f)) * along;
        const Vec2 at = TransformPoint(SweepPose(sweep, rng.Uniform(-0.3f, 1.3f)), onBody) + (0.3f * length) * rng.InBox(-1.0f, 1.0f);
        const Circle query(at, radius);
        const bool truth = FirstOverlapTime(body, sweep, query, RotationalSweep{}, 4096) >= 0.0f;
        const SweptRegion region = std::visit([&](const auto& b) { return SweptRegion(b, sweep); }, body);
        const bool hit = region.Overlaps(query, Transform{});
        truthHits += truth;
        misses += truth && !hit;
        rejects += !hit;
    }
    INFO("truth hits " << truthHits << ", rejects " << rejects << " of " << kCases);
    CHECK(misses == 0);
    CHECK(truthHits > kCases / 10);
    CHECK(rejects > kCases / 10);
}
