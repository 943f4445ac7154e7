// Every fan overlap test (sensu's and the thesis' reproduction) against brute force on 10,000 random
// cases each: dense samples of both shapes' boundaries and areas (see sector_reference.h). Scales
// 1e-3, 1 and 1e3 m and the degenerate angles θ = 0, π/2, π and r = 0 are mixed into the cases.
#include <catch2/catch.hpp>

#include "random_cases.h"
#include "sector_reference.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/sector_thesis.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kCases = 10000;

/// Margin for "certainly inside", scaled with the case: far above float rounding at every scale.
float MarginFor(float scale) { return 2e-5f * scale; }

/// A random rotation, and the translation that puts `local` at `world`.
Transform Placing(Rng& rng, Vec2 local, Vec2 world) {
    const Rot q = Rot::FromAngle(rng.Angle());
    return {world - Rotate(q, local), q};
}

void Report(const Tally& tally) {
    INFO(tally.firstFailure);
    CHECK(tally.missed == 0);
    CHECK(tally.phantom == 0);
    // Both answers must be common, or the comparison proves little.
    CHECK(tally.overlaps > tally.cases / 5);
    CHECK(tally.overlaps < tally.cases * 4 / 5);
}

Oracle JudgeFan(const RefSector& fan, const RefConvex& shape, float scale) {
    return Judge(SampleSector(fan), [&](Vec2 p) { return RefSectorDistance(fan, p); }, SampleConvex(shape),
                 [&](Vec2 p) { return RefConvexDistance(shape, p); }, MarginFor(scale));
}

/// Random convex polygon on an ellipse (strictly convex by construction), 3 … 8 vertices.
ConvexPolygon RandomPolygon(Rng& rng, float scale) {
    for (;;) {
        const int count = rng.Int(3, kMaxPolygonVertices);
        const Vec2 axes = {scale * rng.Uniform(0.1f, 1.0f), scale * rng.Uniform(0.1f, 1.0f)};
        std::vector<float> angles;
        for (int i = 0; i < count; ++i) angles.push_back(rng.Uniform(0.0f, kTwoPi));
        std::sort(angles.begin(), angles.end());
        std::vector<Vec2> vertices;
        for (float a : angles) vertices.push_back({axes.x * std::cos(a), axes.y * std::sin(a)});
        try {
            return ConvexPolygon(vertices);
        } catch (const InvalidArgument&) {
            // Nearly coincident or collinear draws: draw again.
        }
    }
}

} // namespace

TEST_CASE("Fan contains point: sensu and thesis eq. 2.5-2.7 agree with brute force", "[sector][brute]") {
    Rng rng(3001);
    Tally sensuTally, thesisTally;
    for (int i = 0; i < kCases; ++i) {
        const float scale = RandomScale(rng);
        const RefSector ref = RandomSector(rng, scale);
        const Sector fan = ref.Make();
        const Vec2 point = NearSector(rng, ref, 0.2f * scale);
        RefConvex shape{{point}, 0.0f};
        const Oracle oracle = JudgeFan(ref, shape, scale);
        const std::string describe = Describe(ref) + Describe(shape);
        sensuTally.Record(Contains(fan, point), oracle, describe);
        thesisTally.Record(thesis::ContainsPoint(fan, point), oracle, describe);
        REQUIRE(Overlap(fan, point) == Contains(fan, point));
    }
    Report(sensuTally);
    Report(thesisTally);
}

TEST_CASE("Fan against circle: sensu and thesis section 2.4 agree with brute force", "[sector][brute]") {
    Rng rng(3002);
    Tally sensuTally, thesisTally;
    for (int i = 0; i < kCases; ++i) {
        const float scale = RandomScale(rng);
        const RefSector ref = RandomSector(rng, scale);
        const Sector fan = ref.Make();
        const float radius = rng.Chance(0.05f) ? 0.0f : scale * rng.Uniform(0.01f, 1.0f);
        const Vec2 local = scale * rng.InBox(-0.5f, 0.5f);
        const Vec2 world = NearSector(rng, ref, radius + 0.2f * scale);
        const Transform xf = Placing(rng, local, world);
        const Circle circle(local, radius);
        RefConvex shape{{TransformPoint(xf, local)}, radius};
        const Oracle oracle = JudgeFan(ref, shape, scale);
        const std::string describe = Describe(ref) + Describe(shape);
        sensuTally.Record(Overlap(fan, circle, xf), oracle, describe);
        thesisTally.Record(thesis::OverlapCircle(fan, circle, xf), oracle, describe);
    }
    Report(sensuTally);
    Report(thesisTally);
}

TEST_CASE("Fan against box: sensu and thesis section 2.3 agree with brute force", "[sector][brute]") {
    Rng rng(3003);
    Tally sensuTally, thesisTally;
    for (int i = 0; i < kCases; ++i) {
        const float scale = RandomScale(rng);
        const RefSector ref = RandomSector(rng, scale);
        const Sector fan = ref.Make();
        const Vec2 half = {scale * rng.Uniform(0.05f, 1.0f), scale * rng.Uniform(0.05f, 1.0f)};
        const Box box(half, scale * rng.InBox(-0.5f, 0.5f), rng.Angle());
        const Transform xf = Placing(rng, box.center(), NearSector(rng, ref, Length(half)));
        RefConvex shape;
        for (Vec2 c : box.Corners()) shape.core.push_back(TransformPoint(xf, c));
        const Oracle oracle = JudgeFan(ref, shape, scale);
        const std::string describe = Describe(ref) + Describe(shape);
        sensuTally.Record(Overlap(fan, box, xf), oracle, describe);
        thesisTally.Record(thesis::OverlapRectangle(fan, box, xf), oracle, describe);
    }
    Report(sensuTally);
    Report(thesisTally);
}

TEST_CASE("Fan against capsule: sensu and thesis section 2.6 agree with brute force", "[sector][brute]") {
    Rng rng(3004);
    Tally sensuTally, thesisTally;
    for (int i = 0; i < kCases; ++i) {
        const float scale = RandomScale(rng);
        const RefSector ref = RandomSector(rng, scale);
        const Sector fan = ref.Make();
        const float halfLength = rng.Chance(0.05f) ? 0.0f : scale * rng.Uniform(0.01f, 1.2f);
        const float radius = rng.Chance(0.05f) ? 0.0f : scale * rng.Uniform(0.01f, 0.5f);
        const Vec2 mid = scale * rng.InBox(-0.5f, 0.5f);
        const float angle = rng.Angle();
        const Vec2 along = halfLength * Vec2{std::cos(angle), std::sin(angle)};
        const Capsule capsule(mid - along, mid + along, radius);
        const Transform xf = Placing(rng, mid, NearSector(rng, ref, halfLength + radius));
        RefConvex shape{{TransformPoint(xf, capsule.a()), TransformPoint(xf, capsule.b())}, radius};
        const Oracle oracle = JudgeFan(ref, shape, scale);
        const std::string describe = Describe(ref) + Describe(shape);
        sensuTally.Record(Overlap(fan, capsule, xf), oracle, describe);
        thesisTally.Record(thesis::OverlapCapsule(fan, capsule, xf), oracle, describe);
    }
    Report(sensuTally);
    Report(thesisTally);
}

TEST_CASE("Fan against convex polygon agrees with brute force", "[sector][brute]") {
    Rng rng(3005);
    Tally tally;
    for (int i = 0; i < kCases; ++i) {
        const float scale = RandomScale(rng);
        const RefSector ref = RandomSector(rng, scale);
        const Sector fan = ref.Make();
        const ConvexPolygon polygon = RandomPolygon(rng, scale);
        const Transform xf = Placing(rng, polygon.centroid(), NearSector(rng, ref, 0.7f * scale));
        RefConvex shape;
        for (Vec2 v : polygon.vertices()) shape.core.push_back(TransformPoint(xf, v));
        tally.Record(Overlap(fan, polygon, xf), JudgeFan(ref, shape, scale), Describe(ref) + Describe(shape));
    }
    Report(tally);
}

TEST_CASE("Fan against segment agrees with brute force", "[sector][brute]") {
    Rng rng(3006);
    Tally tally;
    for (int i = 0; i < kCases; ++i) {
        const float scale = RandomScale(rng);
        const RefSector ref = RandomSector(rng, scale);
        const Sector fan = ref.Make();
        const Vec2 mid = scale * rng.InBox(-0.5f, 0.5f);
        const float angle = rng.Angle();
        const Vec2 along = scale * rng.Uniform(0.02f, 1.5f) * Vec2{std::cos(angle), std::sin(angle)};
        const Segment segment(mid - along, mid + along);
        const Transform xf = Placing(rng, mid, NearSector(rng, ref, Length(along)));
        RefConvex shape{{TransformPoint(xf, segment.a()), TransformPoint(xf, segment.b())}, 0.0f};
        tally.Record(Overlap(fan, segment, xf), JudgeFan(ref, shape, scale), Describe(ref) + Describe(shape));
    }
    Report(tally);
}

TEST_CASE("Fan against fan agrees with brute force", "[sector][brute]") {
    Rng rng(3007);
    Tally tally;
    for (int i = 0; i < kCases; ++i) {
        const float scale = RandomScale(rng);
        const RefSector refA = RandomSector(rng, scale);
        RefSector refB = RandomSector(rng, scale);
        refB.center = NearSector(rng, refA, refB.outer);
        const Oracle oracle = Judge(SampleSector(refA), [&](Vec2 p) { return RefSectorDistance(refA, p); },
                                    SampleSector(refB), [&](Vec2 p) { return RefSectorDistance(refB, p); },
                                    MarginFor(scale));
        const bool reported = Overlap(refA.Make(), refB.Make());
        REQUIRE(reported == Overlap(refB.Make(), refA.Make()));  // symmetric
        tally.Record(reported, oracle, Describe(refA) + " / " + Describe(refB));
    }
    Report(tally);
}
