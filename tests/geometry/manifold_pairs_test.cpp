// Every Collide* pair function against brute force on 10,000 random pose pairs each (scales 1e-3 … 1e3 m,
// zero radii, coincident centres, axis-aligned poses, touching pairs, speculative margins).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "convex_truth.h"
#include "sensu/geometry/manifold.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

struct Failures {
    int count = 0;
    std::string first;
    void Add(int caseIndex, const std::string& what) {
        if (count++ < 5) first += "case " + std::to_string(caseIndex) + ": " + what + "\n";
    }
};

std::string Describe(const Manifold& m, const SignedSeparation& truth) {
    std::ostringstream out;
    out << "truth sep " << truth.value << " dir (" << truth.direction.x << "," << truth.direction.y << "); manifold n ("
        << m.normal.x << "," << m.normal.y << ") points " << m.pointCount;
    for (int i = 0; i < m.pointCount; ++i)
        out << " [(" << m.points[i].point.x << "," << m.points[i].point.y << ") s " << m.points[i].separation << " id " << m.points[i].id << "]";
    return out.str();
}

/// The brute-force checks of one manifold. tol absorbs float round-off (relative to the scale) and the
/// reference-face hysteresis (≤ 5e-4 m, ≤ 1 % of the shape).
void CheckManifold(int caseIndex, const Manifold& m, const TruthShape& a, const TruthShape& b, const SignedSeparation& truth,
                   float margin, float tol, Failures& failures) {
    if (m.pointCount == 0) {
        // Reported empty: the shapes must really be farther apart than the margin.
        if (truth.value <= margin - tol) failures.Add(caseIndex, "missed contact: " + Describe(m, truth));
        return;
    }
    if (std::abs(Length(m.normal) - 1.0f) > 1e-4f) failures.Add(caseIndex, "normal not unit: " + Describe(m, truth));
    if (m.pointCount == 2 && m.points[0].id == m.points[1].id) failures.Add(caseIndex, "duplicate ids: " + Describe(m, truth));
    float minSeparation = 3.4e38f;
    for (int i = 0; i < m.pointCount; ++i) {
        const ManifoldPoint& p = m.points[i];
        minSeparation = std::min(minSeparation, p.separation);
        if (p.separation > margin + tol) failures.Add(caseIndex, "point beyond margin: " + Describe(m, truth));
        // No point may be deeper than the true penetration.
        if (p.separation < truth.value - tol) failures.Add(caseIndex, "point deeper than truth: " + Describe(m, truth));
        // The two surface points p ∓ s/2·n lie on or inside A and B respectively.
        const Vec2 onA = p.point - (0.5f * p.separation) * m.normal;
        const Vec2 onB = p.point + (0.5f * p.separation) * m.normal;
        if (SignedDistance(a, onA) > tol) failures.Add(caseIndex, "point not on A: " + Describe(m, truth));
        if (SignedDistance(b, onB) > tol) failures.Add(caseIndex, "point not on B: " + Describe(m, truth));
    }
    if (truth.value < -tol) {
        // Penetrating: the deepest point measures the penetration depth and the normal is a
        // minimum-translation direction (B moved by −separation along it would just touch).
        if (std::abs(minSeparation - truth.value) > tol) failures.Add(caseIndex, "depth mismatch: " + Describe(m, truth));
        if (SeparationAlong(a, b, m.normal) < truth.value - tol) failures.Add(caseIndex, "normal not minimal: " + Describe(m, truth));
    }
}

template <class A, class B, class MakeA, class MakeB, class Collide>
void CheckPair(uint64_t seed, MakeA makeA, MakeB makeB, Collide collide, int cases = 10000) {
    Rng rng(seed);
    Failures failures;
    int contacts = 0, empties = 0;
    for (int i = 0; i < cases; ++i) {
        auto [scale, a, b, xfA, xfB] = DrawPairCase(rng, i, makeA, makeB);
        const float margin = rng.Chance(0.5f) ? 0.0f : 0.1f * scale;
        const float tol = 1e-3f * scale + Min(5e-4f, 0.01f * scale);
        TruthShape ta = Truth(a, xfA);
        TruthShape tb = Truth(b, xfB);
        SignedSeparation truth = BruteSeparation(ta, tb);
        if (rng.Chance(0.1f)) {  // move B to touch A
            xfB.p -= truth.value * truth.direction;
            tb = Truth(b, xfB);
            truth = BruteSeparation(ta, tb);
        }
        const Manifold m = collide(a, xfA, b, xfB, margin);
        (m.pointCount > 0 ? contacts : empties)++;
        CheckManifold(i, m, ta, tb, truth, margin, tol, failures);
    }
    INFO(failures.first);
    CHECK(failures.count == 0);
    // The random cases must exercise both outcomes.
    CHECK(contacts > cases / 10);
    CHECK(empties > cases / 10);
}

} // namespace

TEST_CASE("CollideCircles matches brute force", "[manifold][brute]") {
    CheckPair<Circle, Circle>(101, RandomCircle, RandomCircle, CollideCircles);
}
TEST_CASE("CollideCapsuleAndCircle matches brute force", "[manifold][brute]") {
    CheckPair<Capsule, Circle>(102, RandomCapsule, RandomCircle, CollideCapsuleAndCircle);
}
TEST_CASE("CollideCapsules matches brute force", "[manifold][brute]") {
    CheckPair<Capsule, Capsule>(103, RandomCapsule, RandomCapsule, CollideCapsules);
}
TEST_CASE("CollideBoxAndCircle matches brute force", "[manifold][brute]") {
    CheckPair<Box, Circle>(104, RandomBox, RandomCircle, CollideBoxAndCircle);
}
TEST_CASE("CollideBoxAndCapsule matches brute force", "[manifold][brute]") {
    CheckPair<Box, Capsule>(105, RandomBox, RandomCapsule, CollideBoxAndCapsule);
}
TEST_CASE("CollideBoxes matches brute force", "[manifold][brute]") {
    CheckPair<Box, Box>(106, RandomBox, RandomBox, CollideBoxes);
}
TEST_CASE("CollidePolygonAndCircle matches brute force", "[manifold][brute]") {
    CheckPair<ConvexPolygon, Circle>(107, RandomPolygon, RandomCircle, CollidePolygonAndCircle);
}
TEST_CASE("CollidePolygonAndCapsule matches brute force", "[manifold][brute]") {
    CheckPair<ConvexPolygon, Capsule>(108, RandomPolygon, RandomCapsule, CollidePolygonAndCapsule);
}
TEST_CASE("CollidePolygonAndBox matches brute force", "[manifold][brute]") {
    CheckPair<ConvexPolygon, Box>(109, RandomPolygon, RandomBox, CollidePolygonAndBox);
}
TEST_CASE("CollidePolygons matches brute force", "[manifold][brute]") {
    CheckPair<ConvexPolygon, ConvexPolygon>(110, RandomPolygon, RandomPolygon, CollidePolygons);
}
TEST_CASE("CollideSegmentAndCircle matches brute force", "[manifold][brute]") {
    CheckPair<Segment, Circle>(111, RandomSegment, RandomCircle, CollideSegmentAndCircle);
}
TEST_CASE("CollideSegmentAndCapsule matches brute force", "[manifold][brute]") {
    CheckPair<Segment, Capsule>(112, RandomSegment, RandomCapsule, CollideSegmentAndCapsule);
}
TEST_CASE("CollideSegmentAndBox matches brute force", "[manifold][brute]") {
    CheckPair<Segment, Box>(113, RandomSegment, RandomBox, CollideSegmentAndBox);
}
TEST_CASE("CollideSegmentAndPolygon matches brute force", "[manifold][brute]") {
    CheckPair<Segment, ConvexPolygon>(114, RandomSegment, RandomPolygon, CollideSegmentAndPolygon);
}
