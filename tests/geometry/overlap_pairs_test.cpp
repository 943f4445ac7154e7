// Every Overlap pair (both argument orders), circle–AABB and Contains against brute force on 10,000
// random cases each (scales 1e-3 … 1e3 m, zero radii, coincident and axis-aligned poses, touching pairs).
#include <catch2/catch.hpp>

#include <string>

#include "convex_truth.h"
#include "sensu/geometry/overlap.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

/// Truth: the brute-force signed separation is ≤ 0. Cases within `band` of touching are only checked
/// by the named touching tests (round-off decides them either way).
template <class A, class B, class MakeA, class MakeB>
void CheckOverlapPair(uint64_t seed, MakeA makeA, MakeB makeB, int cases = 10000) {
    Rng rng(seed);
    int failures = 0, hits = 0, misses = 0, skipped = 0;
    std::string first;
    for (int i = 0; i < cases; ++i) {
        const auto [scale, a, b, xfA, xfB] = DrawPairCase(rng, i, makeA, makeB);
        const TruthShape ta = Truth(a, xfA);
        const TruthShape tb = Truth(b, xfB);
        const SignedSeparation truth = BruteSeparation(ta, tb);
        const float band = 1e-4f * scale;
        if (std::abs(truth.value) <= band) {
            ++skipped;
            continue;
        }
        const bool expected = truth.value < 0.0f;
        const bool got = Overlap(a, xfA, b, xfB);
        const bool swapped = Overlap(b, xfB, a, xfA);
        (expected ? hits : misses)++;
        if (got != expected || swapped != expected) {
            if (failures++ < 5)
                first += "case " + std::to_string(i) + ": truth separation " + std::to_string(truth.value) + " got " +
                         std::to_string(got) + " swapped " + std::to_string(swapped) + "\n";
        }
    }
    INFO(first);
    CHECK(failures == 0);
    CHECK(hits > cases / 20);
    CHECK(misses > cases / 20);
    CHECK(skipped < cases / 20);
}

} // namespace

TEST_CASE("Overlap Circle-Circle matches brute force", "[overlap][brute]") { CheckOverlapPair<Circle, Circle>(201, RandomCircle, RandomCircle); }
TEST_CASE("Overlap Circle-Capsule matches brute force", "[overlap][brute]") { CheckOverlapPair<Circle, Capsule>(202, RandomCircle, RandomCapsule); }
TEST_CASE("Overlap Circle-Box matches brute force", "[overlap][brute]") { CheckOverlapPair<Circle, Box>(203, RandomCircle, RandomBox); }
TEST_CASE("Overlap Circle-Polygon matches brute force", "[overlap][brute]") {
    CheckOverlapPair<Circle, ConvexPolygon>(204, RandomCircle, RandomPolygon);
}
TEST_CASE("Overlap Circle-Segment matches brute force", "[overlap][brute]") { CheckOverlapPair<Circle, Segment>(205, RandomCircle, RandomSegment); }
TEST_CASE("Overlap Capsule-Capsule matches brute force", "[overlap][brute]") { CheckOverlapPair<Capsule, Capsule>(206, RandomCapsule, RandomCapsule); }
TEST_CASE("Overlap Capsule-Box matches brute force", "[overlap][brute]") { CheckOverlapPair<Capsule, Box>(207, RandomCapsule, RandomBox); }
TEST_CASE("Overlap Capsule-Polygon matches brute force", "[overlap][brute]") {
    CheckOverlapPair<Capsule, ConvexPolygon>(208, RandomCapsule, RandomPolygon);
}
TEST_CASE("Overlap Capsule-Segment matches brute force", "[overlap][brute]") { CheckOverlapPair<Capsule, Segment>(209, RandomCapsule, RandomSegment); }
TEST_CASE("Overlap Box-Box matches brute force", "[overlap][brute]") { CheckOverlapPair<Box, Box>(210, RandomBox, RandomBox); }
TEST_CASE("Overlap Box-Polygon matches brute force", "[overlap][brute]") { CheckOverlapPair<Box, ConvexPolygon>(211, RandomBox, RandomPolygon); }
TEST_CASE("Overlap Box-Segment matches brute force", "[overlap][brute]") { CheckOverlapPair<Box, Segment>(212, RandomBox, RandomSegment); }
TEST_CASE("Overlap Polygon-Polygon matches brute force", "[overlap][brute]") {
    CheckOverlapPair<ConvexPolygon, ConvexPolygon>(213, RandomPolygon, RandomPolygon);
}
TEST_CASE("Overlap Polygon-Segment matches brute force", "[overlap][brute]") {
    CheckOverlapPair<ConvexPolygon, Segment>(214, RandomPolygon, RandomSegment);
}
TEST_CASE("Overlap Segment-Segment matches brute force", "[overlap][brute]") { CheckOverlapPair<Segment, Segment>(215, RandomSegment, RandomSegment); }

TEST_CASE("Overlap Circle-AABB matches brute force", "[overlap][brute]") {
    Rng rng(216);
    int failures = 0, hits = 0, misses = 0;
    for (int i = 0; i < 10000; ++i) {
        const float scale = CaseScale(i);
        const Circle circle = RandomCircle(rng, scale);
        const Transform xf = RandomPose(rng, scale);
        const Vec2 lower = scale * rng.InBox(-1.0f, 0.5f);
        const AABB box{lower, lower + scale * Vec2{rng.Uniform(0.0f, 1.0f), rng.Uniform(0.0f, 1.0f)}};
        const TruthShape corners{{box.lower, {box.upper.x, box.lower.y}, box.upper, {box.lower.x, box.upper.y}}, 0.0f};
        const SignedSeparation truth = BruteSeparation(Truth(circle, xf), corners);
        if (std::abs(truth.value) <= 1e-4f * scale) continue;
        const bool expected = truth.value < 0.0f;
        (expected ? hits : misses)++;
        if (Overlap(circle, xf, box) != expected) ++failures;
    }
    CHECK(failures == 0);
    CHECK(hits > 1000);
    CHECK(misses > 1000);
}

namespace {

template <class S, class Make>
void CheckContains(uint64_t seed, Make make) {
    Rng rng(seed);
    int failures = 0, inside = 0, outside = 0;
    for (int i = 0; i < 10000; ++i) {
        const float scale = CaseScale(i);
        const S shape = make(rng, scale);
        const Transform xf = RandomPose(rng, scale);
        const Vec2 point = xf.p + scale * rng.InBox(-0.8f, 0.8f);
        const float distance = SignedDistance(Truth(shape, xf), point);
        if (std::abs(distance) <= 1e-4f * scale) continue;
        (distance < 0.0f ? inside : outside)++;
        if (Contains(shape, xf, point) != (distance < 0.0f)) ++failures;
    }
    CHECK(failures == 0);
    CHECK(inside > 500);
    CHECK(outside > 500);
}

} // namespace

TEST_CASE("Contains matches the exact signed distance for every solid shape", "[overlap][contains][brute]") {
    CheckContains<Circle>(221, RandomCircle);
    CheckContains<Capsule>(222, RandomCapsule);
    CheckContains<Box>(223, RandomBox);
    CheckContains<ConvexPolygon>(224, RandomPolygon);
}
