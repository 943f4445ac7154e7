// The closest points of two rounded cores (swept_internal.h), which conservative advancement, the
// swept regions and the exact time of impact use for the start pose. Two polygons with a separating
// edge line take the vertex-to-edge distances only; everything else every pair of edges. Checked on
// 100,000 random polygon pairs (apart, touching, overlapping, one inside the other, coincident)
// against the brute force over every pair of edges and an independent overlap test.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "../../framework/src/geometry/swept_internal.h"
#include "rotating_cases.h"
#include "sensu/geometry/overlap.h"
#include "sensu/geometry/primitives.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// Every pair of edges: the distance and the overlap the fast path must reproduce.
float BruteDistanceSquared(const ConvexPolygon& a, const ConvexPolygon& b) {
    if (Overlap(a, Transform{}, b, Transform{})) return 0.0f;
    float best = std::numeric_limits<float>::infinity();
    for (int i = 0; i < a.count(); ++i)
        for (int j = 0; j < b.count(); ++j) {
            const auto cp = ClosestPointsSegmentSegment(a.vertex(i), a.vertex((i + 1) % a.count()), b.vertex(j),
                                                        b.vertex((j + 1) % b.count()));
            best = Min(best, cp.distanceSquared);
        }
    return best;
}

float DistanceToBoundary(Vec2 p, const ConvexPolygon& poly) {
    float best = std::numeric_limits<float>::infinity();
    for (int i = 0; i < poly.count(); ++i)
        best = Min(best, Distance(p, ClosestPointOnSegment(poly.vertex(i), poly.vertex((i + 1) % poly.count()), p)));
    return best;
}

} // namespace

TEST_CASE("Closest points of two cores agree with every pair of edges (100,000 polygon pairs)", "[swept_region][rotating_toi]") {
    Rng rng(31337);
    int apart = 0, overlapping = 0, failures = 0;
    std::string firstFailure;
    for (int c = 0; c < 100000; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-2.0f, 2.0f));
        const ConvexPolygon a = RandomPolygon(rng, scale * rng.InBox(-1.0f, 1.0f), scale * rng.Uniform(0.05f, 1.0f));
        const int mode = rng.Int(0, 9);
        // Mode 0: the same polygon twice; mode 1: b is a translated copy of a touching along a shared
        // edge direction; otherwise a random polygon nearby.
        ConvexPolygon b = a;
        if (mode == 1) {
            std::array<Vec2, kMaxPolygonVertices> moved{};
            const Vec2 shift = a.vertex(1) - a.vertex(0);
            for (int i = 0; i < a.count(); ++i) moved[i] = a.vertex(i) + shift;
            b = ConvexPolygon({moved.data(), static_cast<size_t>(a.count())});
        } else if (mode >= 2) {
            b = RandomPolygon(rng, scale * rng.InBox(-1.5f, 1.5f), scale * rng.Uniform(0.05f, 1.0f));
        }
        std::array<Vec2, kMaxPolygonVertices> pa{}, pb{};
        for (int i = 0; i < a.count(); ++i) pa[i] = a.vertex(i);
        for (int j = 0; j < b.count(); ++j) pb[j] = b.vertex(j);
        const swept::CoreClosestPoints got = swept::ClosestPointsCores(pa.data(), a.count(), pb.data(), b.count());
        const float truth = BruteDistanceSquared(a, b);
        const float tolerance = 1e-5f * scale;
        (truth > 0.0f ? apart : overlapping) += 1;
        const bool distanceOk = std::abs(std::sqrt(got.distanceSquared) - std::sqrt(truth)) <= tolerance;
        const bool pointsOk = std::abs(Distance(got.onA, got.onB) - std::sqrt(got.distanceSquared)) <= tolerance &&
                              (truth == 0.0f || (DistanceToBoundary(got.onA, a) <= tolerance && DistanceToBoundary(got.onB, b) <= tolerance));
        if (distanceOk && pointsOk) continue;
        ++failures;
        if (firstFailure.empty())
            firstFailure = "case " + std::to_string(c) + " mode " + std::to_string(mode) + " got " + std::to_string(got.distanceSquared) +
                           " truth " + std::to_string(truth);
    }
    INFO(firstFailure);
    CHECK(failures == 0);
    CHECK(apart > 20000);
    CHECK(overlapping > 20000);
}
