// One quadtree cell's circle for the circle approximation (circle_approximation.h): the circle seed 003
// (§3) puts around the cell, or one fitted to the cell's occupied pixels, each scored by the pixels it
// gets wrong. Called for every cell the merge considers (circle_merge.cpp), so the pixels are counted
// in one histogram pass (ring_histogram.h), large cells on a sparse lattice, and cells deep inside the
// shape are recognised from the mask's bits without any count.
#include <algorithm>
#include <cmath>

#include "circle_approximation_internal.h"

namespace sensu::circle_fit {

CircleFitter::Fit CircleFitter::FitCell(const MaskQuadtree& tree, int root, uint32_t index, bool fitted) {
    const PixelRect cell = tree.layout().CellRect(root, index);
    const QuadtreeCellStats& stats = tree.Stats(root, index);
    Fit fit;
    if (fitted) {
        const double n = stats.count;
        fit.circle.center = {static_cast<float>(static_cast<double>(stats.sumX) / n + 0.5),
                             static_cast<float>(static_cast<double>(stats.sumY) / n + 0.5)};
        const Vec2 c = fit.circle.center;
        float farthest = 0.0f;
        for (const Vec2 corner : {Vec2{float(cell.minX), float(cell.minY)}, Vec2{float(cell.maxX), float(cell.minY)},
                                  Vec2{float(cell.minX), float(cell.maxY)}, Vec2{float(cell.maxX), float(cell.maxY)}})
            farthest = Max(farthest, DistanceSquared(c, corner));
        fit.circle.radius = std::sqrt(farthest);
    } else {
        fit.circle = CircumscribedCircle(cell);
    }
    const Vec2 c = fit.circle.center;
    const float rMax = fit.circle.radius;
    const PixelRect window{static_cast<int>(std::floor(c.x - rMax)), static_cast<int>(std::floor(c.y - rMax)),
                           static_cast<int>(std::ceil(c.x + rMax)), static_cast<int>(std::ceil(c.y + rMax))};
    // Deep inside the shape nothing can be wrong: keep the largest circle, no pixel scan.
    if (bits_.AllOccupied(window)) return fit;

    // Bins of equal ring area (uniform in d²), about two per pixel of radius: no square root per pixel.
    const int bins = static_cast<int>(2.0f * rMax) + 1;
    const float rMax2 = rMax * rMax;
    const float binsPerArea = static_cast<float>(bins) / Max(rMax2, 1e-12f);
    // Big cells are judged on a grid of at most kSamplesAcross² pixels, each standing for step²
    // pixels: the choice among radii needs the proportions, not every pixel.
    const int step = std::max(1, std::max(window.Width(), window.Height()) / kSamplesAcross);
    const uint32_t weight = static_cast<uint32_t>(step * step);
    const int firstX = window.minX + step / 2;
    const int columns = firstX < window.maxX ? CeilDiv(window.maxX - firstX, step) : 0;
    const int firstY = window.minY + step / 2;
    const int rows = firstY < window.maxY ? CeilDiv(window.maxY - firstY, step) : 0;
    // Slot 0: empty pixels; slot 1: occupied pixels of the cell.
    hist_.Begin(c, rMax2, bins, firstX, firstY, step, columns, rows);
    // Lattice columns inside the image, and inside the cell.
    const int imageFirst = std::clamp(CeilDiv(-firstX, step), 0, columns);
    const int imageEnd = std::clamp(CeilDiv(mask_.width() - firstX, step), imageFirst, columns);
    const int cellFirst = std::clamp(CeilDiv(cell.minX - firstX, step), 0, columns);
    const int cellEnd = std::clamp(CeilDiv(cell.maxX - firstX, step), cellFirst, columns);
    const uint8_t* bytes = mask_.bytes().data();
    const int stride = hist_.stride();
    for (int j = 0; j < rows; ++j) {
        if (!hist_.RowMeetsDisc(j)) continue;
        const int y = firstY + j * step;
        uint8_t* slot = hist_.SlotRow(j);
        if (y >= 0 && y < mask_.height()) {
            const uint8_t* row = bytes + static_cast<size_t>(y) * mask_.width() + firstX;
            std::fill(slot, slot + imageFirst, uint8_t{0});
            if (step == 1)
                std::copy(row + imageFirst, row + imageEnd, slot + imageFirst);
            else
                for (int i = imageFirst; i < imageEnd; ++i) slot[i] = row[i * step];
            std::fill(slot + imageEnd, slot + stride, uint8_t{0});
        } else {
            std::fill(slot, slot + stride, uint8_t{0}); // outside the image: empty
        }
        // Empty pixels always count; occupied ones only in their own cell.
        uint32_t* sampleWeight = hist_.WeightRow(j);
        for (int i = 0; i < columns; ++i) sampleWeight[i] = static_cast<uint32_t>(slot[i] == 0) * weight;
        std::fill(sampleWeight + columns, sampleWeight + stride, 0u);
        if (y >= cell.minY && y < cell.maxY) std::fill(sampleWeight + cellFirst, sampleWeight + cellEnd, weight);
    }
    hist_.Accumulate();
    if (!fitted) {
        for (int k = 0; k < bins; ++k) fit.error += hist_.At(k, 0);
        return fit;
    }
    // Radius sqrt((k+1)/binsPerArea) covers bins 0…k; the last bin is everything up to rMax.
    uint32_t coveredOccupied = 0, coveredEmpty = 0;
    uint32_t bestError = UINT32_MAX;
    int bestBin = bins - 1;
    for (int k = 0; k < bins; ++k) {
        coveredOccupied += hist_.At(k, 1);
        coveredEmpty += hist_.At(k, 0);
        const uint32_t missed = stats.count > coveredOccupied ? stats.count - coveredOccupied : 0u;
        const uint32_t error = missed + coveredEmpty;
        if (error <= bestError) {
            bestError = error;
            bestBin = k;
        }
    }
    fit.error = bestError;
    if (bestBin < bins - 1) fit.circle.radius = Min(rMax, std::sqrt(static_cast<float>(bestBin + 1) / binsPerArea) - 1e-4f);
    return fit;
}

} // namespace sensu::circle_fit
