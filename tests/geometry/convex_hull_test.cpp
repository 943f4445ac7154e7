// Convex hulls of points and masks, their conservative simplification to a ConvexPolygon, and IoU.
#include <catch2/catch.hpp>

#include "random_cases.h"
#include "sensu/geometry/convex_hull.h"

using namespace sensu;

namespace {

double SignedArea(std::span<const Vec2> p) {
    double area = 0.0;
    for (size_t i = 0; i < p.size(); ++i) area += Cross(p[i], p[(i + 1) % p.size()]);
    return 0.5 * area;
}

// Distance by which q lies outside the counter-clockwise convex polygon (≤ 0 inside).
float OutsideBy(std::span<const Vec2> poly, Vec2 q) {
    float worst = -1e30f;
    for (size_t i = 0; i < poly.size(); ++i) {
        const Vec2 a = poly[i], b = poly[(i + 1) % poly.size()];
        worst = Max(worst, -Cross(Normalize(b - a), q - a));
    }
    return worst;
}

AlphaMask MaskOf(int w, int h, auto&& inside) {
    std::vector<uint8_t> bytes(static_cast<size_t>(w) * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) bytes[static_cast<size_t>(y) * w + x] = inside(x, y) ? 1 : 0;
    return AlphaMask(w, h, std::move(bytes));
}

} // namespace

TEST_CASE("ConvexHull contains every point, is strictly convex and counter-clockwise (10,000 sets)", "[hull]") {
    testing::Rng rng(1);
    for (int i = 0; i < 10000; ++i) {
        const int n = rng.Int(3, 40);
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        std::vector<Vec2> points;
        for (int k = 0; k < n; ++k) points.push_back(scale * rng.InBox(-1.0f, 1.0f));
        const std::vector<Vec2> hull = ConvexHull(points);
        REQUIRE(hull.size() >= 3);
        REQUIRE(SignedArea(hull) > 0.0);
        for (const Vec2& v : hull) REQUIRE(std::find(points.begin(), points.end(), v) != points.end());
        for (size_t k = 0; k < hull.size(); ++k)
            REQUIRE(Cross(hull[(k + 1) % hull.size()] - hull[k], hull[(k + 2) % hull.size()] - hull[(k + 1) % hull.size()]) > 0.0f);
        for (const Vec2& p : points) REQUIRE(OutsideBy(hull, p) <= 1e-5f * scale);
    }
}

TEST_CASE("ConvexHull degenerate inputs", "[hull]") {
    CHECK(ConvexHull(std::vector<Vec2>{}).empty());
    CHECK(ConvexHull(std::vector<Vec2>{{1, 1}, {1, 1}, {1, 1}}).size() == 1);
    CHECK(ConvexHull(std::vector<Vec2>{{0, 0}, {1, 1}, {2, 2}, {3, 3}}).size() == 2);       // collinear
    const std::vector<Vec2> square = ConvexHull(std::vector<Vec2>{{0, 0}, {1, 0}, {0.5f, 0}, {1, 1}, {0, 1}, {0.5f, 0.5f}});
    CHECK(square.size() == 4);                                                                 // edge midpoint dropped
    CHECK(SignedArea(square) == Approx(1.0));
    CHECK_THROWS_AS(ConvexHull(std::vector<Vec2>{{0, 0}, {NAN, 1}, {1, 0}}), InvalidArgument);
}

TEST_CASE("SimplifyConvexHull keeps at most 8 vertices and contains the hull (2,000 hulls)", "[hull]") {
    testing::Rng rng(2);
    for (int i = 0; i < 2000; ++i) {
        std::vector<Vec2> points;
        const int n = rng.Int(3, 200);
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        const float stretch = rng.Uniform(0.05f, 1.0f);
        for (int k = 0; k < n; ++k) {
            const float a = rng.Angle();
            points.push_back(scale * Vec2{std::cos(a), stretch * std::sin(a)} + scale * rng.InBox(-0.01f, 0.01f));
        }
        const std::vector<Vec2> hull = ConvexHull(points);
        if (hull.size() < 3) continue;
        const int maxVertices = rng.Int(3, kMaxPolygonVertices);
        const ConvexPolygon poly = SimplifyConvexHull(hull, maxVertices);
        REQUIRE(poly.count() <= maxVertices);
        const auto vertices = poly.vertices();
        REQUIRE(SignedArea(vertices) >= SignedArea(hull) * (1.0 - 1e-5));
        for (const Vec2& v : hull) REQUIRE(OutsideBy(vertices, v) <= 2e-4f * scale);
    }
}

TEST_CASE("SimplifyConvexHull error cases", "[hull]") {
    const std::vector<Vec2> square{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    CHECK(SimplifyConvexHull(square).count() == 4);
    CHECK_THROWS_AS(SimplifyConvexHull(square, 2), InvalidArgument);
    CHECK_THROWS_AS(SimplifyConvexHull(square, kMaxPolygonVertices + 1), InvalidArgument);
    CHECK_THROWS_AS(SimplifyConvexHull(std::vector<Vec2>{{0, 0}, {1, 0}}), InvalidArgument);
    CHECK_THROWS_AS(SimplifyConvexHull(square, 3), InvalidArgument); // a square has no removable edge
}

TEST_CASE("MaskConvexHull of a disc mask and its IoU against brute force", "[hull]") {
    const AlphaMask disc = MaskOf(64, 48, [](int x, int y) { return Square(x + 0.5f - 30) + Square(y + 0.5f - 20) <= 15 * 15; });
    const PixelFrame frame{10.0f, {32, 24}};
    const std::vector<Vec2> hull = MaskConvexHull(disc, frame);
    REQUIRE(hull.size() >= 8);
    REQUIRE(SignedArea(hull) > 0.0);
    // Every occupied pixel's square corners are inside the hull (metres, y up).
    for (int y = 0; y < disc.height(); ++y)
        for (int x = 0; x < disc.width(); ++x)
            if (disc.Occupied(x, y))
                for (const Vec2 corner : {Vec2{float(x), float(y)}, Vec2{float(x + 1), float(y + 1)}})
                    REQUIRE(OutsideBy(hull, frame.ToLocal(corner)) <= 1e-5f);
    // A disc's hull covers it closely; the 8-gon still above 0.9.
    CHECK(PolygonCoverageIoU(disc, frame, hull) > 0.95);
    const ConvexPolygon octagon = SimplifyConvexHull(hull);
    CHECK(PolygonCoverageIoU(disc, frame, octagon.vertices()) > 0.9);
    // An L shape: the hull covers the missing quarter, so IoU is about 3/4 · (1 / (1 + slack)).
    const AlphaMask ell = MaskOf(40, 40, [](int x, int y) { return x < 20 || y >= 20; });
    const PixelFrame centered = PixelFrame::Centered(ell, 1.0f);
    const double ellIoU = PolygonCoverageIoU(ell, centered, MaskConvexHull(ell, centered));
    CHECK(ellIoU == Approx(1200.0 / 1400.0).margin(0.02));
    CHECK_THROWS_AS(MaskConvexHull(MaskOf(4, 4, [](int, int) { return false; }), frame), InvalidArgument);
    CHECK_THROWS_AS(MaskConvexHull(disc, PixelFrame{0.0f, {}}), InvalidArgument);
}
