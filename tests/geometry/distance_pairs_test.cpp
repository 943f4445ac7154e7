// GJK distance for every pair of the five solid shapes against brute force on 10,000 random cases each.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "convex_truth.h"
#include "sensu/geometry/distance.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

template <class A, class B, class MakeA, class MakeB>
void CheckDistancePair(uint64_t seed, MakeA makeA, MakeB makeB, int cases = 10000) {
    Rng rng(seed);
    int failures = 0, apart = 0, overlapping = 0;
    std::string first;
    auto fail = [&](int i, const std::string& what) {
        if (failures++ < 5) first += "case " + std::to_string(i) + ": " + what + "\n";
    };
    for (int i = 0; i < cases; ++i) {
        const auto [scale, a, b, xfA, xfB] = DrawPairCase(rng, i, makeA, makeB);
        const TruthShape ta = Truth(a, xfA);
        const TruthShape tb = Truth(b, xfB);
        const SignedSeparation truth = BruteSeparation(ta, tb);
        const DistanceResult d = Distance(a, xfA, b, xfB);
        const float tol = 2e-4f * scale;
        const std::string info = "truth " + std::to_string(truth.value) + " got " + std::to_string(d.distance);
        if (std::abs(d.distance - Max(truth.value, 0.0f)) > tol) fail(i, "distance: " + info);
        if (truth.value > tol) {
            ++apart;
            if (std::abs(Distance(d.pointA, d.pointB) - d.distance) > tol) fail(i, "points not at the distance: " + info);
            if (std::abs(SignedDistance(ta, d.pointA)) > tol) fail(i, "pointA not on A: " + info);
            if (std::abs(SignedDistance(tb, d.pointB)) > tol) fail(i, "pointB not on B: " + info);
            if (std::abs(Length(d.normal) - 1.0f) > 1e-4f) fail(i, "normal not unit: " + info);
            if (std::abs(SeparationAlong(ta, tb, d.normal) - truth.value) > tol) fail(i, "normal not the separating direction: " + info);
        } else if (truth.value < -tol) {
            ++overlapping;
            if (SignedDistance(ta, d.pointA) > tol || SignedDistance(tb, d.pointA) > tol) fail(i, "overlap point outside: " + info);
        }
    }
    INFO(first);
    CHECK(failures == 0);
    CHECK(apart > cases / 10);
    CHECK(overlapping > cases / 20);
}

} // namespace

TEST_CASE("Distance Circle-Circle matches brute force", "[distance][brute]") { CheckDistancePair<Circle, Circle>(301, RandomCircle, RandomCircle); }
TEST_CASE("Distance Circle-Capsule matches brute force", "[distance][brute]") { CheckDistancePair<Circle, Capsule>(302, RandomCircle, RandomCapsule); }
TEST_CASE("Distance Circle-Box matches brute force", "[distance][brute]") { CheckDistancePair<Circle, Box>(303, RandomCircle, RandomBox); }
TEST_CASE("Distance Circle-Polygon matches brute force", "[distance][brute]") {
    CheckDistancePair<Circle, ConvexPolygon>(304, RandomCircle, RandomPolygon);
}
TEST_CASE("Distance Circle-Segment matches brute force", "[distance][brute]") { CheckDistancePair<Circle, Segment>(305, RandomCircle, RandomSegment); }
TEST_CASE("Distance Capsule-Capsule matches brute force", "[distance][brute]") {
    CheckDistancePair<Capsule, Capsule>(306, RandomCapsule, RandomCapsule);
}
TEST_CASE("Distance Capsule-Box matches brute force", "[distance][brute]") { CheckDistancePair<Capsule, Box>(307, RandomCapsule, RandomBox); }
TEST_CASE("Distance Capsule-Polygon matches brute force", "[distance][brute]") {
    CheckDistancePair<Capsule, ConvexPolygon>(308, RandomCapsule, RandomPolygon);
}
TEST_CASE("Distance Capsule-Segment matches brute force", "[distance][brute]") {
    CheckDistancePair<Capsule, Segment>(309, RandomCapsule, RandomSegment);
}
TEST_CASE("Distance Box-Box matches brute force", "[distance][brute]") { CheckDistancePair<Box, Box>(310, RandomBox, RandomBox); }
TEST_CASE("Distance Box-Polygon matches brute force", "[distance][brute]") { CheckDistancePair<Box, ConvexPolygon>(311, RandomBox, RandomPolygon); }
TEST_CASE("Distance Box-Segment matches brute force", "[distance][brute]") { CheckDistancePair<Box, Segment>(312, RandomBox, RandomSegment); }
TEST_CASE("Distance Polygon-Polygon matches brute force", "[distance][brute]") {
    CheckDistancePair<ConvexPolygon, ConvexPolygon>(313, RandomPolygon, RandomPolygon);
}
TEST_CASE("Distance Polygon-Segment matches brute force", "[distance][brute]") {
    CheckDistancePair<ConvexPolygon, Segment>(314, RandomPolygon, RandomSegment);
}
TEST_CASE("Distance Segment-Segment matches brute force", "[distance][brute]") {
    CheckDistancePair<Segment, Segment>(315, RandomSegment, RandomSegment, 10000);
}

TEST_CASE("Distance of named degenerate pairs", "[distance]") {
    const Box unit({0.5f, 0.5f});
    SECTION("touching faces give 0") {
        const DistanceResult d = Distance(unit, Transform{}, unit, Transform{{1.0f, 0.0f}, {}});
        CHECK(d.distance == Approx(0.0f).margin(1e-6));
    }
    SECTION("parallel faces apart give the gap along the face normal") {
        const DistanceResult d = Distance(unit, Transform{}, unit, Transform{{1.25f, 0.3f}, {}});
        CHECK(d.distance == Approx(0.25f).margin(1e-6));
        CHECK(d.normal.x == Approx(1.0f).margin(1e-6));
    }
    SECTION("coincident circles overlap") {
        const Circle c({0, 0}, 1.0f);
        const DistanceResult d = Distance(c, Transform{}, c, Transform{});
        CHECK(d.distance == 0.0f);
        CHECK(d.normal.x == 0.0f);
        CHECK(d.normal.y == 0.0f);
    }
    SECTION("zero-radius circle is a point") {
        const DistanceResult d = Distance(Circle({0, 0}, 0.0f), Transform{{3.0f, 0.0f}, {}}, unit, Transform{});
        CHECK(d.distance == Approx(2.5f).margin(1e-6));
        CHECK(d.pointB.x == Approx(0.5f).margin(1e-6));
    }
    SECTION("tiny and huge scales") {
        for (float s : {1e-3f, 1e3f}) {
            const Box box({0.5f * s, 0.5f * s});
            const DistanceResult d = Distance(box, Transform{}, box, Transform::FromAngle({2.0f * s, 0.0f}, 0.25f * kPi));
            CHECK(d.distance == Approx((1.5f - 0.5f * std::sqrt(2.0f)) * s).epsilon(1e-4));
        }
    }
    SECTION("parallel and collinear segments") {
        const Segment s({0, 0}, {1, 0});
        CHECK(Distance(s, Transform{}, Segment({0.5f, 0.25f}, {3, 0.25f}), Transform{}).distance == Approx(0.25f).margin(1e-6));
        CHECK(Distance(s, Transform{}, Segment({1.5f, 0}, {3, 0}), Transform{}).distance == Approx(0.5f).margin(1e-6));
        CHECK(Distance(s, Transform{}, Segment({0.5f, 0}, {3, 0}), Transform{}).distance == Approx(0.0f).margin(1e-6));
        CHECK(Distance(s, Transform{}, Segment({0.5f, -1}, {0.5f, 1}), Transform{}).distance == Approx(0.0f).margin(1e-6));
    }
    SECTION("proxy from raw points validates") {
        const std::vector<Vec2> none;
        CHECK_THROWS_AS(MakeProxy(none, 0.0f), InvalidArgument);
        const std::vector<Vec2> one{{0, 0}};
        CHECK_THROWS_AS(MakeProxy(one, -1.0f), InvalidArgument);
        CHECK(MakeProxy(one, 0.5f).count == 1);
    }
}
