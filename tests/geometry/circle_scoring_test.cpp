// The fast pixel scans behind the circle approximation, against per-pixel brute force: the row spans of
// a disc (pixel_disc.h), and each fitted cell circle, whose radius the library picks from histograms
// filled by vectorised passes over sample rows, while the reference below tests every sample on its own.
#include <catch2/catch.hpp>

#include <cmath>

#include "random_cases.h"
#include "sensu/geometry/circle_approximation.h"
#include "sensu/geometry/pixel_disc.h"

using namespace sensu;

namespace {

// A random mask: a few discs and boxes, sometimes speckled, sometimes touching the image edges.
AlphaMask RandomMask(testing::Rng& rng) {
    const int w = rng.Int(1, 96), h = rng.Int(1, 96);
    std::vector<uint8_t> bytes(static_cast<size_t>(w) * h, 0);
    const int blobs = rng.Int(1, 4);
    for (int b = 0; b < blobs; ++b) {
        const float cx = rng.Uniform(-10.0f, w + 10.0f), cy = rng.Uniform(-10.0f, h + 10.0f);
        const float rx = rng.Uniform(1.0f, 40.0f), ry = rng.Uniform(1.0f, 40.0f);
        const bool box = rng.Chance(0.3f);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const float u = (x + 0.5f - cx) / rx, v = (y + 0.5f - cy) / ry;
                if (box ? (std::abs(u) <= 1 && std::abs(v) <= 1) : (u * u + v * v <= 1)) bytes[static_cast<size_t>(y) * w + x] = 1;
            }
    }
    const float speckle = rng.Chance(0.4f) ? rng.Uniform(0.0f, 0.2f) : 0.0f;
    for (auto& b : bytes)
        if (rng.Chance(speckle)) b = b ? 0 : 1;
    bytes[static_cast<size_t>(rng.Int(0, w * h - 1))] = 1;
    return AlphaMask(w, h, std::move(bytes));
}

// The fitted circle of one cell, sample by sample: centred on the centroid of the cell's occupied
// pixels; every pixel of the lattice (step = window / 16, at least 1) within the far-corner radius
// rMax goes to one of 2·rMax + 1 bins of equal ring area, as an empty pixel or as an occupied pixel of
// the cell; the radius is the outer edge of the bin that leaves the fewest wrong pixels (the outermost
// among equals).
PixelCircle ReferenceFittedCircle(const AlphaMask& mask, const PixelRect& cell) {
    int64_t sumX = 0, sumY = 0;
    uint32_t count = 0;
    for (int y = cell.minY; y < cell.maxY; ++y)
        for (int x = cell.minX; x < cell.maxX; ++x)
            if (mask.Occupied(x, y)) {
                ++count;
                sumX += x;
                sumY += y;
            }
    const Vec2 c{float(double(sumX) / count + 0.5), float(double(sumY) / count + 0.5)};
    float farthest = 0.0f;
    for (const Vec2 corner : {Vec2{float(cell.minX), float(cell.minY)}, Vec2{float(cell.maxX), float(cell.minY)},
                              Vec2{float(cell.minX), float(cell.maxY)}, Vec2{float(cell.maxX), float(cell.maxY)}})
        farthest = std::max(farthest, DistanceSquared(c, corner));
    const float rMax = std::sqrt(farthest);
    const PixelRect window{int(std::floor(c.x - rMax)), int(std::floor(c.y - rMax)), int(std::ceil(c.x + rMax)), int(std::ceil(c.y + rMax))};
    const int bins = int(2.0f * rMax) + 1;
    const float rMax2 = rMax * rMax;
    const float binsPerArea = float(bins) / std::max(rMax2, 1e-12f);
    const int step = std::max(1, std::max(window.Width(), window.Height()) / 16);
    const uint32_t weight = uint32_t(step * step);
    std::vector<uint32_t> occupied(bins, 0), empty(bins, 0);
    for (int y = window.minY + step / 2; y < window.maxY; y += step)
        for (int x = window.minX + step / 2; x < window.maxX; x += step) {
            const float dx = float(x) + 0.5f - c.x, dy = float(y) + 0.5f - c.y;
            const float d2 = dx * dx + dy * dy;
            if (d2 > rMax2) continue;
            const int bin = std::min(bins - 1, int(d2 * binsPerArea));
            if (!mask.Occupied(x, y))
                empty[bin] += weight;
            else if (x >= cell.minX && x < cell.maxX && y >= cell.minY && y < cell.maxY)
                occupied[bin] += weight;
        }
    uint32_t coveredOccupied = 0, coveredEmpty = 0, bestError = UINT32_MAX;
    int bestBin = bins - 1;
    for (int k = 0; k < bins; ++k) {
        coveredOccupied += occupied[k];
        coveredEmpty += empty[k];
        const uint32_t error = (count > coveredOccupied ? count - coveredOccupied : 0u) + coveredEmpty;
        if (error <= bestError) {
            bestError = error;
            bestBin = k;
        }
    }
    const float radius = bestBin < bins - 1 ? std::min(rMax, std::sqrt(float(bestBin + 1) / binsPerArea) - 1e-4f) : rMax;
    return {c, radius};
}

} // namespace

TEST_CASE("Disc row spans hold exactly the pixels whose centres lie in the disc (20,000 random circles)", "[sprites]") {
    testing::Rng rng(31);
    size_t insidePixels = 0;
    for (int i = 0; i < 20000; ++i) {
        const Vec2 center = rng.InBox(-50.0f, 150.0f);
        // Zero, sub-pixel, ordinary and larger-than-any-image radii.
        const float radius = i % 10 == 0 ? 0.0f : i % 10 == 1 ? rng.Uniform(0.0f, 1.0f) : i % 10 == 2 ? rng.Uniform(150.0f, 400.0f) : rng.Uniform(0.0f, 20.0f);
        const PixelSpan rows = DiscRows(center, radius);
        REQUIRE(rows.first <= rows.last);
        // Every pixel of a band around the disc, by its exact squared distance; pixels within a
        // relative 1e-5 of the rim may go either way (float rounding of the chord).
        const int y0 = rows.first - 2, y1 = rows.last + 2;
        const int x0 = int(std::floor(center.x - radius)) - 2, x1 = int(std::ceil(center.x + radius)) + 2;
        const double r2 = double(radius) * radius;
        // Every pixel of ordinary discs; a sparse grid of the large ones.
        const int gridStep = radius > 100.0f ? 29 : 1;
        for (int y = y0; y <= y1; y += gridStep) {
            const PixelSpan span = y >= rows.first && y <= rows.last ? DiscRowSpan(center, radius, y) : PixelSpan{};
            const double dy = y + 0.5 - center.y;
            for (int x = x0; x <= x1; x += gridStep) {
                const double dx = x + 0.5 - center.x;
                const double d2 = dx * dx + dy * dy;
                const bool inSpan = x >= span.first && x <= span.last;
                if (std::abs(d2 - r2) <= 1e-5 * std::max(r2, 1.0)) continue;
                insidePixels += inSpan ? 1 : 0;
                if (inSpan != (d2 < r2)) FAIL("pixel (" << x << ", " << y << ") vs circle " << center.x << ", " << center.y << " r " << radius);
            }
        }
    }
    CHECK(insidePixels > 1000000); // the cases are not mostly empty
}

TEST_CASE("Fitted cell circles equal a per-sample reference on random masks (>= 10,000 cells)", "[sprites]") {
    testing::Rng rng(32);
    size_t cells = 0, largeWindows = 0, outsideImage = 0;
    for (int i = 0; cells < 10000; ++i) {
        const AlphaMask mask = RandomMask(rng);
        CircleApproximationSettings settings;
        settings.depth = rng.Int(1, 6);
        settings.severalRoots = rng.Chance(0.5f);
        settings.maxRoots = rng.Int(1, 16);
        settings.greedyMerge = false; // one fitted circle per cell kept by seed 003's rules
        const CircleApproximation result = ApproximateSpriteWithCircles(mask, PixelFrame::Centered(mask, 32.0f), settings);
        REQUIRE(result.pixels.circles.size() == result.pixels.cells.size());
        for (size_t k = 0; k < result.pixels.cells.size(); ++k) {
            const PixelRect cell = result.layout.CellRect(result.pixels.cells[k].root, result.pixels.cells[k].index);
            const PixelCircle expected = ReferenceFittedCircle(mask, cell);
            const PixelCircle& got = result.pixels.circles[k];
            INFO("mask " << i << " (" << mask.width() << " x " << mask.height() << "), cell " << cell.minX << ", " << cell.minY << " side " << cell.Width());
            REQUIRE(got.center.x == Approx(expected.center.x).margin(1e-5));
            REQUIRE(got.center.y == Approx(expected.center.y).margin(1e-5));
            REQUIRE(got.radius == Approx(expected.radius).margin(1e-5));
            ++cells;
            largeWindows += cell.Width() >= 24 ? 1 : 0; // window over 32 pixels: sampled every step > 1
            outsideImage += cell.minX < 0 || cell.minY < 0 || cell.maxX > mask.width() || cell.maxY > mask.height() ? 1 : 0;
        }
    }
    // Both the every-pixel and the sampled (step > 1) scans, and cells reaching past the image, occurred.
    CHECK(largeWindows > 50);
    CHECK(outsideImage > 100);
}
