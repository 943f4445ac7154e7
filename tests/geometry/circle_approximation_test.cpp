// Sprite masks → circles: the quadtree statistics, seed 003's stages, our approximation, the metre
// conversion and every error case, checked against brute-force pixel counting.
#include <catch2/catch.hpp>

#include "random_cases.h"
#include "sensu/geometry/circle_approximation.h"
#include "sensu/geometry/convex_hull.h"

using namespace sensu;

namespace {

AlphaMask MaskOf(int w, int h, auto&& inside) {
    std::vector<uint8_t> bytes(static_cast<size_t>(w) * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) bytes[static_cast<size_t>(y) * w + x] = inside(x + 0.5f, y + 0.5f) ? 1 : 0;
    return AlphaMask(w, h, std::move(bytes));
}

bool Covered(std::span<const PixelCircle> circles, float px, float py) {
    for (const PixelCircle& c : circles)
        if (Square(px - c.center.x) + Square(py - c.center.y) <= c.radius * c.radius) return true;
    return false;
}

// IoU by testing every pixel centre of a generous domain against every circle.
double BruteForceIoU(const AlphaMask& mask, std::span<const PixelCircle> circles) {
    int minX = 0, minY = 0, maxX = mask.width(), maxY = mask.height();
    for (const PixelCircle& c : circles) {
        minX = std::min(minX, int(std::floor(c.center.x - c.radius)) - 1);
        minY = std::min(minY, int(std::floor(c.center.y - c.radius)) - 1);
        maxX = std::max(maxX, int(std::ceil(c.center.x + c.radius)) + 1);
        maxY = std::max(maxY, int(std::ceil(c.center.y + c.radius)) + 1);
    }
    size_t inter = 0, uni = 0;
    for (int y = minY; y < maxY; ++y)
        for (int x = minX; x < maxX; ++x) {
            const bool a = mask.Occupied(x, y), b = Covered(circles, x + 0.5f, y + 0.5f);
            inter += a && b;
            uni += a || b;
        }
    return uni == 0 ? 1.0 : double(inter) / double(uni);
}

// Brute force over the subtree: does every leaf below cell n hold an occupied pixel?
bool EveryLeafOccupied(const MaskQuadtree& tree, int root, uint32_t n) {
    if (QuadtreeLevel(n) == tree.layout().depth) return tree.Occupied(root, n);
    for (uint32_t c = QuadtreeFirstChild(n); c < QuadtreeFirstChild(n) + 4; ++c)
        if (!EveryLeafOccupied(tree, root, c)) return false;
    return true;
}

struct NamedMask {
    const char* name;
    bool concave;
    AlphaMask mask;
};

std::vector<NamedMask> TestShapes() {
    std::vector<NamedMask> shapes;
    shapes.push_back({"disc", false, MaskOf(96, 96, [](float x, float y) { return Square(x - 48) + Square(y - 48) <= 40 * 40; })});
    shapes.push_back({"ring", true, MaskOf(96, 96, [](float x, float y) {
                          const float d2 = Square(x - 48) + Square(y - 48);
                          return d2 <= 44 * 44 && d2 >= 24 * 24;
                      })});
    shapes.push_back({"thin bar", false, MaskOf(200, 20, [](float, float y) { return y > 2 && y < 18; })});
    shapes.push_back({"tall thin bar", false, MaskOf(16, 160, [](float x, float) { return x > 2 && x < 14; })});
    shapes.push_back({"L shape", true, MaskOf(80, 80, [](float x, float y) { return (x < 28 && y > 4) || (y > 52 && x < 76); })});
    shapes.push_back({"cross", true, MaskOf(90, 90, [](float x, float y) { return std::abs(x - 45) < 12 || std::abs(y - 45) < 12; })});
    return shapes;
}

} // namespace

TEST_CASE("AlphaMask validates its size and thresholds alpha", "[sprites]") {
    CHECK_THROWS_AS(AlphaMask(0, 4, {}), InvalidArgument);
    CHECK_THROWS_AS(AlphaMask(4, -1, {}), InvalidArgument);
    CHECK_THROWS_AS(AlphaMask(4, 4, std::vector<uint8_t>(15)), InvalidArgument);
    const std::vector<uint8_t> ramp{0, 1, 64, 127, 128, 200, 254, 255};
    CHECK(AlphaMask::FromAlpha(8, 1, ramp, 1).OccupiedCount() == 7);
    CHECK(AlphaMask::FromAlpha(8, 1, ramp, 128).OccupiedCount() == 4);
    CHECK(AlphaMask::FromAlpha(8, 1, ramp, 255).OccupiedCount() == 1);
    CHECK(AlphaMask::FromAlpha(4, 2, ramp, 128).OccupiedBounds() == PixelRect{0, 1, 4, 2});
    CHECK_THROWS_AS(AlphaMask::FromAlpha(8, 1, ramp, 0), InvalidArgument);
    CHECK_THROWS_AS(AlphaMask::FromAlpha(8, 1, ramp, 256), InvalidArgument);
    CHECK_THROWS_AS(AlphaMask::FromAlpha(3, 3, ramp, 128), InvalidArgument);
    const AlphaMask mask(2, 2, {0, 7, 0, 0});
    CHECK(mask.Occupied(1, 0));
    CHECK_FALSE(mask.Occupied(0, 0));
    CHECK_FALSE(mask.Occupied(-1, 0));
    CHECK_FALSE(mask.Occupied(2, 0));
    CHECK(mask.bytes()[1] == 1);
}

TEST_CASE("Every entry point rejects empty masks, bad depths, settings and frames", "[sprites]") {
    const AlphaMask empty(8, 8, std::vector<uint8_t>(64, 0));
    const AlphaMask dot(8, 8, [] { std::vector<uint8_t> b(64, 0); b[27] = 1; return b; }());
    const PixelFrame frame{32.0f, {4, 4}};
    CHECK_THROWS_AS(SingleRootLayout(empty, 3), InvalidArgument);
    CHECK_THROWS_AS(LongAxisLayout(empty, 3), InvalidArgument);
    CHECK_THROWS_AS(ApproximateSpriteSeed003(empty, frame, 3), InvalidArgument);
    CHECK_THROWS_AS(ApproximateSpriteWithCircles(empty, frame), InvalidArgument);
    CHECK_THROWS_AS(SingleRootLayout(dot, -1), InvalidArgument);
    CHECK_THROWS_AS(SingleRootLayout(dot, kMaxQuadtreeLevel + 1), InvalidArgument);
    CHECK_THROWS_AS(LongAxisLayout(dot, 2, 0), InvalidArgument);
    CHECK_THROWS_AS(ApproximateSpriteSeed003(dot, frame, -2), InvalidArgument);
    auto with = [&](auto change) {
        CircleApproximationSettings s;
        change(s);
        return ApproximateSpriteWithCircles(dot, frame, s);
    };
    CHECK_THROWS_AS(with([](auto& s) { s.depth = -1; }), InvalidArgument);
    CHECK_THROWS_AS(with([](auto& s) { s.depth = kMaxQuadtreeLevel + 1; }), InvalidArgument);
    CHECK_THROWS_AS(with([](auto& s) { s.maxCircles = 0; }), InvalidArgument);
    CHECK_THROWS_AS(with([](auto& s) { s.maxCircles = kMaxApproximationCircles + 1; }), InvalidArgument);
    CHECK_THROWS_AS(with([](auto& s) { s.maxRoots = 0; }), InvalidArgument);
    CHECK_THROWS_AS(with([](auto& s) { s.errorBudget = -0.01f; }), InvalidArgument);
    CHECK_THROWS_AS(with([](auto& s) { s.errorBudget = 1.5f; }), InvalidArgument);
    CHECK_THROWS_AS(with([](auto& s) { s.errorBudget = NAN; }), InvalidArgument);
    CHECK_THROWS_AS(ApproximateSpriteWithCircles(dot, PixelFrame{0.0f, {}}), InvalidArgument);
    CHECK_THROWS_AS(ApproximateSpriteWithCircles(dot, PixelFrame{-3.0f, {}}), InvalidArgument);
    CHECK_THROWS_AS(ApproximateSpriteWithCircles(dot, PixelFrame{INFINITY, {}}), InvalidArgument);
    CHECK_THROWS_AS(ApproximateSpriteWithCircles(dot, PixelFrame{32.0f, {NAN, 0}}), InvalidArgument);
    QuadtreeLayout tooSmall = SingleRootLayout(dot, 2);
    tooSmall.originX += tooSmall.rootSide;
    CHECK_THROWS_AS(MaskQuadtree(dot, tooSmall), InvalidArgument);
    QuadtreeLayout inconsistent = SingleRootLayout(dot, 2);
    inconsistent.rootSide += 1;
    CHECK_THROWS_AS(MaskQuadtree(dot, inconsistent), InvalidArgument);
    CHECK_THROWS_AS(CircleCoverageIoU(dot, std::vector<PixelCircle>{{{1, 1}, -1.0f}}), InvalidArgument);
    // A single pixel is a valid sprite: one small circle on it.
    const CircleApproximation one = ApproximateSpriteWithCircles(dot, frame);
    REQUIRE(one.circles.size() == 1);
    CHECK(CircleCoverageIoU(dot, one.pixels.circles) == 1.0);
}

TEST_CASE("Quadtree cell statistics equal brute-force pixel counts (300 random masks, all cells)", "[sprites]") {
    testing::Rng rng(6);
    for (int i = 0; i < 300; ++i) {
        const int w = rng.Int(1, 40), h = rng.Int(1, 40);
        const float density = rng.Uniform(0.05f, 1.0f);
        std::vector<uint8_t> bytes(static_cast<size_t>(w) * h);
        for (auto& b : bytes) b = rng.Chance(density) ? 1 : 0;
        bytes[static_cast<size_t>(rng.Int(0, w * h - 1))] = 1;
        const AlphaMask mask(w, h, std::move(bytes));
        const int depth = rng.Int(0, 6);
        const QuadtreeLayout layout = rng.Chance(0.5f) ? SingleRootLayout(mask, depth) : LongAxisLayout(mask, depth, rng.Int(1, 8));
        REQUIRE(layout.rootSide == layout.leafSide << layout.depth);
        REQUIRE(layout.depth <= depth);
        const MaskQuadtree tree(mask, layout);
        size_t total = 0;
        for (int root = 0; root < layout.rootCount; ++root) {
            total += tree.Stats(root, 0).count;
            for (uint32_t n = 0; n < layout.CellsPerRoot(); ++n) {
                const PixelRect r = layout.CellRect(root, n);
                uint32_t count = 0;
                int64_t sumX = 0, sumY = 0;
                for (int y = r.minY; y < r.maxY; ++y)
                    for (int x = r.minX; x < r.maxX; ++x)
                        if (mask.Occupied(x, y)) {
                            ++count;
                            sumX += x;
                            sumY += y;
                        }
                const QuadtreeCellStats& s = tree.Stats(root, n);
                REQUIRE(s.count == count);
                REQUIRE(s.sumX == sumX);
                REQUIRE(s.sumY == sumY);
                REQUIRE(tree.Full(root, n) == (count == uint32_t(r.Width() * r.Height())));
                if (n > 0) {
                    const PixelRect parent = layout.CellRect(root, QuadtreeParent(n));
                    REQUIRE((parent.minX <= r.minX && parent.minY <= r.minY && parent.maxX >= r.maxX && parent.maxY >= r.maxY));
                    REQUIRE(parent.Width() == 2 * r.Width());
                }
            }
        }
        REQUIRE(total == mask.OccupiedCount());
    }
}

TEST_CASE("Layouts: the seed's single root, several roots along a thin shape, depth clamping", "[sprites]") {
    const AlphaMask bar = MaskOf(200, 12, [](float, float y) { return y > 2 && y < 10; });
    const QuadtreeLayout single = SingleRootLayout(bar, 3);
    CHECK(single.rootCount == 1);
    CHECK(single.rootSide >= 200);
    const QuadtreeLayout several = LongAxisLayout(bar, 1, 64);
    CHECK(several.alongX);
    CHECK(several.rootSide == 8);  // the bar is 7 pixels thick: leaves of 4 pixels, roots of 8
    CHECK(several.rootCount == 25);
    CHECK(LongAxisLayout(bar, 1, 16).rootCount <= 16);
    const AlphaMask tall = MaskOf(10, 160, [](float x, float) { return x > 2 && x < 8; });
    CHECK_FALSE(LongAxisLayout(tall, 1).alongX);
    const AlphaMask small = MaskOf(8, 8, [](float, float) { return true; });
    const QuadtreeLayout clamped = SingleRootLayout(small, 10);
    CHECK(clamped.depth == 3);
    CHECK(clamped.leafSide == 1);
    CHECK(AutomaticQuadtreeDepth(256, 1000, 64) == 6);      // leaves of 4 pixels
    CHECK(AutomaticQuadtreeDepth(256, 256 * 256, 64) == 4); // 16 pixels: about 8 leaves per circle
    CHECK(AutomaticQuadtreeDepth(24, 100, 64) == 2);
    CHECK(AutomaticQuadtreeDepth(2, 4, 64) == 1);
}

TEST_CASE("Seed 003 stages: all occupied cells, drop parents of empty cells, merge full children", "[sprites]") {
    for (const NamedMask& shape : TestShapes()) {
        INFO(shape.name);
        const MaskQuadtree tree(shape.mask, SingleRootLayout(shape.mask, 4));
        const CellCircles all = Seed003Circles(tree, Seed003Stage::EveryOccupiedCell);
        const CellCircles dropped = Seed003Circles(tree, Seed003Stage::DropParentsOfEmptyCells);
        const CellCircles merged = Seed003Circles(tree, Seed003Stage::MergeFullChildren);
        CHECK(all.cells.front() == QuadtreeCellRef{0, 0});  // the root holds pixels: its circle covers everything
        CHECK(dropped.cells.size() < all.cells.size());
        CHECK(merged.cells.size() <= dropped.cells.size());
        for (const QuadtreeCellRef& cell : merged.cells) {
            // The seed's "full": every leaf below holds geometry. Kept cells are full, their parents not.
            CHECK(EveryLeafOccupied(tree, cell.root, cell.index));
            if (cell.index > 0) CHECK_FALSE(EveryLeafOccupied(tree, cell.root, QuadtreeParent(cell.index)));
            CHECK(std::find(dropped.cells.begin(), dropped.cells.end(), cell) != dropped.cells.end());
        }
        // The seed's circles circumscribe occupied cells: every occupied pixel is covered.
        for (int y = 0; y < shape.mask.height(); ++y)
            for (int x = 0; x < shape.mask.width(); ++x)
                if (shape.mask.Occupied(x, y)) REQUIRE(Covered(merged.circles, x + 0.5f, y + 0.5f));
        CHECK(CircleCoverageIoU(shape.mask, merged.circles) == Approx(BruteForceIoU(shape.mask, merged.circles)).margin(1e-12));
    }
}

TEST_CASE("Circle coverage IoU equals brute force on random circle sets (500 cases)", "[sprites]") {
    testing::Rng rng(9);
    const AlphaMask blob = MaskOf(48, 40, [](float x, float y) { return Square(x - 20) / 400 + Square(y - 22) / 200 <= 1; });
    for (int i = 0; i < 500; ++i) {
        std::vector<PixelCircle> circles(static_cast<size_t>(rng.Int(0, 6)));
        for (PixelCircle& c : circles) c = {rng.InBox(-10.0f, 60.0f), rng.Uniform(0.0f, 25.0f)};
        REQUIRE(CircleCoverageIoU(blob, circles) == Approx(BruteForceIoU(blob, circles)).margin(1e-12));
    }
    CHECK(CircleCoverageIoU(blob, std::vector<PixelCircle>{}) == 0.0);
    CHECK(CircleCoverageIoU(blob, std::vector<PixelCircle>{{{200, 200}, 5}}) == 0.0);
}

TEST_CASE("Automatic approximation: IoU >= 0.9 with <= 64 circles, beating the seed and the hull", "[sprites]") {
    for (const NamedMask& shape : TestShapes()) {
        INFO(shape.name);
        const PixelFrame frame = PixelFrame::Centered(shape.mask, 32.0f);
        const CircleApproximation ours = ApproximateSpriteWithCircles(shape.mask, frame);
        const double iou = BruteForceIoU(shape.mask, ours.pixels.circles);
        CHECK(iou >= 0.9);
        CHECK(ours.circles.size() <= 64);
        CHECK(ours.pixels.cells.size() == ours.circles.size());
        CHECK(CircleCoverageIoU(shape.mask, ours.pixels.circles) == Approx(iou).margin(1e-12));
        // The seed at the same depth and no more circles than ours does worse: circumscribed cells bulge.
        const CircleApproximation seed = ApproximateSpriteSeed003(shape.mask, frame, ours.layout.depth);
        CHECK(BruteForceIoU(shape.mask, seed.pixels.circles) < iou);
        if (shape.concave) {
            const std::vector<Vec2> hull = MaskConvexHull(shape.mask, frame);
            CHECK(PolygonCoverageIoU(shape.mask, frame, hull) < iou);
        }
    }
}

TEST_CASE("Thin shapes: several roots and fitted circles fix seed 003's weakness at shallow depth", "[sprites]") {
    const AlphaMask bar = MaskOf(240, 20, [](float, float y) { return y > 2 && y < 18; });
    const PixelFrame frame = PixelFrame::Centered(bar, 32.0f);
    // Depth 3 on one root of 240 pixels gives 30-pixel cells around a 16-pixel bar; depth 5 is needed.
    const double seed3 = CircleCoverageIoU(bar, ApproximateSpriteSeed003(bar, frame, 3).pixels.circles);
    const double seed5 = CircleCoverageIoU(bar, ApproximateSpriteSeed003(bar, frame, 5).pixels.circles);
    CircleApproximationSettings roots{.depth = 1, .fitCircles = false, .greedyMerge = false};
    const CircleApproximation rootsOnly = ApproximateSpriteWithCircles(bar, frame, roots);
    roots.fitCircles = true;
    const CircleApproximation rootsFitted = ApproximateSpriteWithCircles(bar, frame, roots);
    const double rootsIoU = CircleCoverageIoU(bar, rootsOnly.pixels.circles);
    const double fittedIoU = CircleCoverageIoU(bar, rootsFitted.pixels.circles);
    CHECK(seed3 < 0.3);
    CHECK(seed5 > 0.85);
    CHECK(rootsOnly.layout.rootCount == 15);
    CHECK(rootsIoU > seed3 + 0.5);   // 15 circles at depth 1 instead of the seed's depth 5
    CHECK(fittedIoU > rootsIoU + 0.05);
    CHECK(CircleCoverageIoU(bar, ApproximateSpriteWithCircles(bar, frame).pixels.circles) > 0.9);
}

TEST_CASE("Deeper trees approximate better; the merge honours maxCircles", "[sprites]") {
    const AlphaMask ring = TestShapes()[1].mask;
    const PixelFrame frame = PixelFrame::Centered(ring, 32.0f);
    // Depths 1 and 2 both end in the root's one circle around the ring; from there on deeper is better.
    double previous = CircleCoverageIoU(ring, ApproximateSpriteSeed003(ring, frame, 2).pixels.circles);
    for (int depth = 3; depth <= 6; ++depth) {
        const double iou = CircleCoverageIoU(ring, ApproximateSpriteSeed003(ring, frame, depth).pixels.circles);
        CHECK(iou > previous);
        previous = iou;
    }
    for (const int maxCircles : {1, 4, 16, 40}) {
        CircleApproximationSettings s;
        s.maxCircles = maxCircles;
        CHECK(ApproximateSpriteWithCircles(ring, frame, s).circles.size() <= size_t(maxCircles));
    }
    // A zero error budget keeps only merges that cost nothing, so it never has fewer circles.
    CircleApproximationSettings strict, loose;
    strict.errorBudget = 0.0f;
    strict.maxCircles = loose.maxCircles = 1000;
    loose.errorBudget = 0.2f;
    CHECK(ApproximateSpriteWithCircles(ring, frame, strict).circles.size() >= ApproximateSpriteWithCircles(ring, frame, loose).circles.size());
}

TEST_CASE("Circles convert to body-local metres by scale and origin, y up", "[sprites]") {
    const AlphaMask blob = MaskOf(64, 32, [](float x, float y) { return Square(x - 16) + Square(y - 10) <= 64 || (x > 40 && y > 20); });
    const CircleApproximation base = ApproximateSpriteWithCircles(blob, PixelFrame{1.0f, {0, 0}});
    for (const float ppm : {1e-3f, 0.5f, 32.0f, 1e3f})
        for (const Vec2 origin : {Vec2{0, 0}, Vec2{32, 16}, Vec2{-7.5f, 100}}) {
            const PixelFrame frame{ppm, origin};
            const CircleApproximation result = ApproximateSpriteWithCircles(blob, frame);
            REQUIRE(result.circles.size() == base.pixels.circles.size());
            for (size_t i = 0; i < result.circles.size(); ++i) {
                const PixelCircle& p = base.pixels.circles[i];
                const Circle& c = result.circles[i];
                CHECK(c.center().x == Approx((p.center.x - origin.x) / ppm).epsilon(1e-5).margin(1e-6 / ppm));
                CHECK(c.center().y == Approx((origin.y - p.center.y) / ppm).epsilon(1e-5).margin(1e-6 / ppm));
                CHECK(c.radius() == Approx(p.radius / ppm).epsilon(1e-5));
                const Vec2 back = frame.ToPixels(c.center());
                CHECK(back.x == Approx(p.center.x).margin(1e-3));
                CHECK(back.y == Approx(p.center.y).margin(1e-3));
            }
        }
    // The blob's disc is top-left of the image centre: left (x < 0) and up (y > 0) in the body.
    const CircleApproximation centred = ApproximateSpriteWithCircles(blob, PixelFrame::Centered(blob, 16.0f));
    bool upperLeft = false;
    for (const Circle& c : centred.circles) upperLeft |= c.center().x < -0.5f && c.center().y > 0.25f;
    CHECK(upperLeft);
}
