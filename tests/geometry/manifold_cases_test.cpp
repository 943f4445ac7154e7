// Named degenerate cases of the contact manifolds: touching, resting, coincident, zero radius, parallel
// edges, corner against corner, tiny and huge scales, speculative margins, warm-start ids, bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <vector>

#include "sensu/geometry/manifold.h"

using namespace sensu;

namespace {

std::vector<uint32_t> Ids(const Manifold& m) {
    std::vector<uint32_t> ids;
    for (int i = 0; i < m.pointCount; ++i) ids.push_back(m.points[i].id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

Transform At(float x, float y, float angle = 0.0f) { return Transform::FromAngle({x, y}, angle); }

} // namespace

TEST_CASE("Box resting on a box: two points on the shared face, zero separation", "[manifold]") {
    for (float scale : {1e-3f, 1.0f, 1e3f}) {
        const Box box({0.5f * scale, 0.5f * scale});
        const Manifold m = CollideBoxes(box, At(0, 0), box, At(0.3f * scale, 1.0f * scale));
        REQUIRE(m.pointCount == 2);
        CHECK(m.normal.x == Approx(0.0f).margin(1e-6));
        CHECK(m.normal.y == Approx(1.0f));
        for (int i = 0; i < 2; ++i) {
            CHECK(m.points[i].separation == Approx(0.0f).margin(1e-6 * scale));
            CHECK(m.points[i].point.y == Approx(0.5f * scale).margin(1e-6 * scale));
        }
        // The contact spans the overlap of the two faces, x in [-0.2, 0.5]·scale.
        const float x0 = std::min(m.points[0].point.x, m.points[1].point.x);
        const float x1 = std::max(m.points[0].point.x, m.points[1].point.x);
        CHECK(x0 == Approx(-0.2f * scale).margin(1e-5 * scale));
        CHECK(x1 == Approx(0.5f * scale).margin(1e-5 * scale));
    }
}

TEST_CASE("Warm-start ids survive small motions of a resting pair", "[manifold]") {
    const Box box({0.5f, 0.5f});
    const ConvexPolygon poly = ConvexPolygon::FromBox(Box({0.6f, 0.4f}));
    const Manifold before = CollideBoxes(box, At(0, 0), box, At(0.3f, 0.99f));
    const Manifold after = CollideBoxes(box, At(0, 0), box, At(0.302f, 0.995f, 0.001f));
    CHECK(Ids(before) == Ids(after));
    CHECK(Ids(before).size() == 2);
    const Manifold polyBefore = CollidePolygons(poly, At(0, 0), poly, At(0.1f, 0.79f));
    const Manifold polyAfter = CollidePolygons(poly, At(0, 0), poly, At(0.101f, 0.795f, -0.001f));
    CHECK(Ids(polyBefore) == Ids(polyAfter));
    CHECK(Ids(polyBefore).size() == 2);
}

TEST_CASE("Coincident shapes give a full-depth contact with a unit normal", "[manifold]") {
    const Box box({0.5f, 0.25f});
    const Manifold boxes = CollideBoxes(box, At(1, 1), box, At(1, 1));
    REQUIRE(boxes.pointCount == 2);
    CHECK(std::abs(boxes.normal.y) == Approx(1.0f));  // the thinner axis is the least penetration
    CHECK(std::min(boxes.points[0].separation, boxes.points[1].separation) == Approx(-0.5f));
    const Circle circle({0, 0}, 0.5f);
    const Manifold circles = CollideCircles(circle, At(2, 3), circle, At(2, 3));
    REQUIRE(circles.pointCount == 1);
    CHECK(Length(circles.normal) == Approx(1.0f));
    CHECK(circles.points[0].separation == Approx(-1.0f));
    const Capsule capsule({-1, 0}, {1, 0}, 0.25f);
    const Manifold capsules = CollideCapsules(capsule, At(0, 0), capsule, At(0, 0));
    REQUIRE(capsules.pointCount >= 1);
    CHECK(Length(capsules.normal) == Approx(1.0f));
    CHECK(capsules.points[0].separation == Approx(-0.5f));
}

TEST_CASE("Zero radius: a point circle inside a box and a zero-radius capsule on a box", "[manifold]") {
    const Box box({1.0f, 0.5f});
    const Manifold point = CollideBoxAndCircle(box, At(0, 0), Circle({0, 0}, 0.0f), At(0.2f, 0.3f));
    REQUIRE(point.pointCount == 1);
    CHECK(point.normal.y == Approx(1.0f));
    CHECK(point.points[0].separation == Approx(-0.2f));
    const Manifold flat = CollideBoxAndCapsule(box, At(0, 0), Capsule({-0.5f, 0}, {0.5f, 0}, 0.0f), At(0, 0.5f));
    REQUIRE(flat.pointCount == 2);
    CHECK(flat.points[0].separation == Approx(0.0f).margin(1e-6));
    CHECK(flat.points[1].separation == Approx(0.0f).margin(1e-6));
    // A zero-length capsule is a circle.
    const Manifold dot = CollideBoxAndCapsule(box, At(0, 0), Capsule({0, 0}, {0, 0}, 0.1f), At(0, 0.55f));
    REQUIRE(dot.pointCount == 1);
    CHECK(dot.points[0].separation == Approx(-0.05f));
}

TEST_CASE("Parallel edges: capsule lying on a polygon edge and parallel capsules give two points", "[manifold]") {
    const std::vector<Vec2> triangle{{-2, 0}, {2, 0}, {0, 1}};
    const ConvexPolygon ground(std::vector<Vec2>{{-2, -1}, {2, -1}, {2, 0}, {-2, 0}});
    const Manifold lying = CollidePolygonAndCapsule(ground, At(0, 0), Capsule({-0.5f, 0}, {0.5f, 0}, 0.1f), At(0.3f, 0.08f));
    REQUIRE(lying.pointCount == 2);
    CHECK(lying.normal.y == Approx(1.0f));
    CHECK(lying.points[0].separation == Approx(-0.02f).margin(1e-5));
    CHECK(lying.points[1].separation == Approx(-0.02f).margin(1e-5));
    const Capsule capsule({-1, 0}, {1, 0}, 0.25f);
    const Manifold stacked = CollideCapsules(capsule, At(0, 0), capsule, At(0.5f, 0.4f));
    REQUIRE(stacked.pointCount == 2);
    CHECK(stacked.normal.y == Approx(1.0f));
    CHECK(stacked.points[0].separation == Approx(-0.1f).margin(1e-5));
    const Manifold onSegment = CollideSegmentAndPolygon(Segment({-3, 0}, {3, 0}), At(0, 0), ConvexPolygon(triangle), At(0, -0.01f));
    REQUIRE(onSegment.pointCount == 2);  // the triangle's long edge lies on the segment
    CHECK(onSegment.normal.y == Approx(1.0f));
    CHECK(onSegment.points[0].separation == Approx(-0.01f).margin(1e-5));
    CHECK(onSegment.points[1].separation == Approx(-0.01f).margin(1e-5));
}

TEST_CASE("Speculative margin: apart faces report their gap, corner to corner reports the true distance", "[manifold]") {
    const Box box({0.5f, 0.5f});
    const Manifold none = CollideBoxes(box, At(0, 0), box, At(0, 1.05f));
    CHECK(none.pointCount == 0);
    const Manifold near = CollideBoxes(box, At(0, 0), box, At(0.2f, 1.05f), 0.1f);
    REQUIRE(near.pointCount == 2);
    CHECK(near.points[0].separation == Approx(0.05f).margin(1e-5));
    // Corner against corner along the diagonal: one point, distance √2·0.05, diagonal normal.
    const Manifold corner = CollideBoxes(box, At(0, 0), box, At(1.05f, 1.05f), 0.1f);
    REQUIRE(corner.pointCount == 1);
    CHECK(corner.points[0].separation == Approx(0.05f * std::sqrt(2.0f)).margin(1e-5));
    CHECK(corner.normal.x == Approx(std::sqrt(0.5f)).margin(1e-4));
    // Rounded corner: a circle off a box corner is farther (√2·0.1 − 0.1 ≈ 0.0414) than the face planes
    // say (0), so a 0.03 margin reports nothing and a 0.05 margin the true gap along the diagonal.
    CHECK(CollideBoxAndCircle(box, At(0, 0), Circle({0, 0}, 0.1f), At(0.6f, 0.6f), 0.03f).pointCount == 0);
    const Manifold round = CollideBoxAndCircle(box, At(0, 0), Circle({0, 0}, 0.1f), At(0.6f, 0.6f), 0.05f);
    REQUIRE(round.pointCount == 1);
    CHECK(round.points[0].separation == Approx(0.1f * std::sqrt(2.0f) - 0.1f).margin(1e-5));
    CHECK(round.normal.y == Approx(std::sqrt(0.5f)).margin(1e-4));
}

TEST_CASE("Touching shapes report a contact at zero margin", "[manifold]") {
    const Box box({0.5f, 0.5f});
    CHECK(CollideBoxes(box, At(0, 0), box, At(1.0f, 0.25f)).pointCount == 2);
    CHECK(CollideCircles(Circle({0, 0}, 1.0f), At(0, 0), Circle({0, 0}, 0.5f), At(1.5f, 0)).pointCount == 1);
    CHECK(CollideBoxAndCircle(box, At(0, 0), Circle({0, 0}, 0.5f), At(0, 1.0f)).pointCount == 1);
    CHECK(CollideSegmentAndCircle(Segment({-1, 0}, {1, 0}), At(0, 0), Circle({0, 0}, 0.5f), At(0.5f, 0.5f)).pointCount == 1);
}

TEST_CASE("Collide functions reject a negative or non-finite margin", "[manifold][errors]") {
    const Box box({0.5f, 0.5f});
    const Circle circle({0, 0}, 0.5f);
    CHECK_THROWS_AS(CollideBoxes(box, At(0, 0), box, At(0, 0), -0.1f), InvalidArgument);
    CHECK_THROWS_AS(CollideCircles(circle, At(0, 0), circle, At(0, 0), std::numeric_limits<float>::quiet_NaN()), InvalidArgument);
    CHECK_THROWS_AS(CollideBoxAndCircle(box, At(0, 0), circle, At(0, 0), std::numeric_limits<float>::infinity()), InvalidArgument);
}

TEST_CASE("Regression: a circle centred on a segment gets the segment normal, not a round-off direction", "[manifold]") {
    // The centre lies on the segment up to round-off; c − closest is then noise, the face normal is exact.
    const Segment segment({-0.7f, -0.672f}, {-0.0764f, -0.8696f});
    const Vec2 onSegment = Lerp(segment.a(), segment.b(), 0.57f);
    const Manifold m = CollideSegmentAndCircle(segment, At(0, 0), Circle({0, 0}, 0.38f), At(onSegment.x, onSegment.y));
    REQUIRE(m.pointCount == 1);
    const Vec2 edge = Normalize(segment.b() - segment.a());
    CHECK(std::abs(Dot(m.normal, edge)) < 1e-6f);
    CHECK(m.points[0].separation == Approx(-0.38f).margin(1e-5));
}
