// Named degenerate cases of the boolean overlap tests: touching counts, coincident shapes, zero radii,
// shared end points, collinear and parallel segments, tiny and huge scales, boundary points.
#include <catch2/catch.hpp>

#include "sensu/geometry/overlap.h"

using namespace sensu;

namespace {
Transform At(float x, float y, float angle = 0.0f) { return Transform::FromAngle({x, y}, angle); }
} // namespace

TEST_CASE("Touching shapes overlap, slightly apart ones do not", "[overlap]") {
    for (float s : {1e-3f, 1.0f, 1e3f}) {
        const Box box({0.5f * s, 0.5f * s});
        CHECK(Overlap(box, At(0, 0), box, At(1.0f * s, 0.25f * s)));
        CHECK_FALSE(Overlap(box, At(0, 0), box, At(1.001f * s, 0.25f * s)));
        // Corner of a box on a circle: offsets (0.75, 1) and radius 1.25 are exact in binary.
        const Box unit({1.0f * s, 1.0f * s});
        CHECK(Overlap(Circle({0, 0}, 1.25f * s), At(1.75f * s, 2.0f * s), unit, At(0, 0)));
        CHECK_FALSE(Overlap(Circle({0, 0}, 1.24f * s), At(1.75f * s, 2.0f * s), unit, At(0, 0)));
    }
    const Circle circle({0, 0}, 0.5f);
    CHECK(Overlap(circle, At(0, 0), circle, At(1.0f, 0)));
    CHECK(Overlap(Capsule({0, 0}, {1, 0}, 0.5f), At(0, 0), Capsule({0, 0}, {1, 0}, 0.5f), At(0, 1.0f)));
}

TEST_CASE("Coincident and nested shapes overlap", "[overlap]") {
    const Box box({0.5f, 0.25f});
    CHECK(Overlap(box, At(3, 4, 1.0f), box, At(3, 4, 1.0f)));
    const ConvexPolygon poly = ConvexPolygon::FromBox(Box({2.0f, 2.0f}));
    CHECK(Overlap(poly, At(0, 0), Circle({0, 0}, 0.1f), At(0.5f, 0.5f)));  // circle deep inside
    CHECK(Overlap(Circle({0, 0}, 5.0f), At(0, 0), box, At(1, 1)));         // box inside the circle
}

TEST_CASE("Zero radii: points and bare segments", "[overlap]") {
    const Box box({1.0f, 0.5f});
    CHECK(Overlap(Circle({0, 0}, 0.0f), At(1.0f, 0.25f), box, At(0, 0)));  // point on the boundary
    CHECK_FALSE(Overlap(Circle({0, 0}, 0.0f), At(1.01f, 0.25f), box, At(0, 0)));
    // Crossing zero-radius capsules: the closest-point distance is round-off, the crossing test decides.
    CHECK(Overlap(Capsule({-1, -0.3f}, {1, 0.7f}, 0.0f), At(0, 0), Capsule({-0.2f, 1}, {0.3f, -1}, 0.0f), At(0, 0)));
    CHECK(Overlap(Capsule({-1, -0.3f}, {1, 0.7f}, 0.0f), At(0, 0), Segment({-0.2f, 1}, {0.3f, -1}), At(0, 0)));
    CHECK(Overlap(box, At(0, 0), Segment({-3, 0.5f}, {3, 0.5f}), At(0, 0)));  // along the top face
}

TEST_CASE("Segments: shared end points and collinear overlap count, parallel apart does not", "[overlap]") {
    const Segment s({0, 0}, {1, 1});
    CHECK(Overlap(s, At(0, 0), Segment({1, 1}, {2, 0}), At(0, 0)));
    CHECK(Overlap(s, At(0, 0), Segment({0.5f, 0.5f}, {3, 3}), At(0, 0)));
    CHECK_FALSE(Overlap(s, At(0, 0), Segment({2, 2}, {3, 3}), At(0, 0)));
    CHECK_FALSE(Overlap(s, At(0, 0), Segment({0, 0.1f}, {1, 1.1f}), At(0, 0)));
}

TEST_CASE("Circle against AABB and Contains on boundaries", "[overlap][contains]") {
    const AABB box{{0, 0}, {2, 1}};
    CHECK(Overlap(Circle({0, 0}, 0.5f), At(2.5f, 0.5f), box));
    CHECK_FALSE(Overlap(Circle({0, 0}, 0.5f), At(2.75f, 1.75f), box));
    CHECK(Overlap(Circle({0, 0}, 0.0f), At(1, 1), box));  // a point on the top edge
    const Box b({1.0f, 0.5f});
    CHECK(Contains(b, At(0, 0), {1.0f, 0.5f}));  // corner
    CHECK_FALSE(Contains(b, At(0, 0, 0.5f * kPi), {1.0f, 0.0f}));
    CHECK(Contains(Circle({1, 0}, 0.5f), At(0, 0), {1.5f, 0.0f}));
    CHECK(Contains(Capsule({0, 0}, {2, 0}, 0.5f), At(0, 0), {2.0f, 0.5f}));
    CHECK(Contains(ConvexPolygon::FromBox(b), At(5, 5), {6.0f, 5.5f}));
}
