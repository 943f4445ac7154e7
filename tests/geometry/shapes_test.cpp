#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "sensu/geometry/shapes.h"

using namespace sensu;

namespace {
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
} // namespace

TEST_CASE("Shapes reject non-finite and out-of-range input with a clear message", "[shapes][errors]") {
    CHECK_THROWS_WITH(Circle({0, 0}, -1.0f), Catch::Contains("Circle radius"));
    CHECK_THROWS_AS(Circle({kNaN, 0}, 1.0f), InvalidArgument);
    CHECK_THROWS_AS(Capsule({0, 0}, {1, 0}, kInf), InvalidArgument);
    CHECK_THROWS_WITH(Box({0, 1}), Catch::Contains("Box half width"));
    CHECK_THROWS_AS(Box({1, -1}), InvalidArgument);
    CHECK_THROWS_AS(Box({1, 1}, {}, kNaN), InvalidArgument);
    CHECK_THROWS_WITH(Segment({1, 1}, {1, 1}), Catch::Contains("differ"));
    CHECK_THROWS_AS(Sector({0, 0}, {1, 0}, 4.0f, 0.0f, 1.0f), InvalidArgument);
    CHECK_THROWS_AS(Sector({0, 0}, {0, 0}, 1.0f, 0.0f, 1.0f), InvalidArgument);
    CHECK_THROWS_AS(Sector({0, 0}, {1, 0}, 1.0f, 2.0f, 1.0f), InvalidArgument);
    CHECK_NOTHROW(Circle({0, 0}, 0.0f));
    CHECK_NOTHROW(Sector({0, 0}, {1, 0}, kPi, 0.0f, 1.0f));
    CHECK_NOTHROW(Sector({0, 0}, {1, 0}, 0.0f, 0.5f, 1.0f));
}

TEST_CASE("ConvexPolygon rejects degenerate vertex lists", "[shapes][errors]") {
    const std::vector<Vec2> clockwise{{0, 0}, {0, 1}, {1, 0}};
    const std::vector<Vec2> collinear{{0, 0}, {1, 0}, {2, 0}, {1, 1}};
    const std::vector<Vec2> duplicate{{0, 0}, {1, 0}, {1, 0}, {0, 1}};
    const std::vector<Vec2> concave{{0, 0}, {2, 0}, {1, 0.5f}, {2, 2}, {0, 2}};
    const std::vector<Vec2> tooFew{{0, 0}, {1, 0}};
    const std::vector<Vec2> nonFinite{{0, 0}, {1, kNaN}, {0, 1}};
    const std::vector<Vec2> star{{1, 0}, {-0.809f, 0.588f}, {0.309f, -0.951f}, {0.309f, 0.951f}, {-0.809f, -0.588f}};
    CHECK_THROWS_WITH(ConvexPolygon(clockwise), Catch::Contains("counter-clockwise"));
    CHECK_THROWS_WITH(ConvexPolygon(collinear), Catch::Contains("collinear"));
    CHECK_THROWS_WITH(ConvexPolygon(duplicate), Catch::Contains("duplicate"));
    CHECK_THROWS_AS(ConvexPolygon(concave), InvalidArgument);
    CHECK_THROWS_AS(ConvexPolygon(tooFew), InvalidArgument);
    CHECK_THROWS_AS(ConvexPolygon(nonFinite), InvalidArgument);
    CHECK_THROWS_WITH(ConvexPolygon(star), Catch::Contains("self-intersecting"));
}

TEST_CASE("ConvexPolygon computes outward normals and centroid at any scale", "[shapes]") {
    for (float scale : {1e-3f, 1.0f, 1e3f}) {
        const std::vector<Vec2> square{{0, 0}, {scale, 0}, {scale, scale}, {0, scale}};
        const ConvexPolygon poly(square);
        CHECK(poly.count() == 4);
        CHECK(poly.normal(0).y == Approx(-1.0f));
        CHECK(poly.normal(1).x == Approx(1.0f));
        CHECK(poly.centroid().x == Approx(0.5f * scale));
    }
    const ConvexPolygon fromBox = ConvexPolygon::FromBox(Box({1, 0.5f}, {2, 0}, 0.3f));
    CHECK(fromBox.centroid().x == Approx(2.0f));
    CHECK(fromBox.centroid().y == Approx(0.0f).margin(1e-6));
}

TEST_CASE("Box::FromRotation gives back the box made from an angle, bit for bit, and rejects bad rotations", "[shapes]") {
    for (float angle : {0.0f, 0.3f, -2.0f, 3.1f}) {
        const Box byAngle({0.5f, 0.2f}, {0.1f, -0.3f}, angle);
        const Box byRotation = Box::FromRotation(byAngle.halfExtents(), byAngle.center(), byAngle.rotation());
        CHECK(byRotation.rotation().c == byAngle.rotation().c);
        CHECK(byRotation.rotation().s == byAngle.rotation().s);
        CHECK(byRotation.Corners() == byAngle.Corners());
    }
    CHECK_THROWS_AS(Box::FromRotation({1, 1}, {}, Rot{0.5f, 0.5f}), InvalidArgument);
    CHECK_THROWS_AS(Box::FromRotation({1, 1}, {}, Rot{kNaN, 0.0f}), InvalidArgument);
    CHECK_THROWS_AS(Box::FromRotation({1, 1}, {}, Rot{1.0f, kInf}), InvalidArgument);
    CHECK_THROWS_AS(Box::FromRotation({-1, 1}, {}, Rot{}), InvalidArgument);
}
