#pragma once
// The circle approximation's shared parts (seed 003, circle_approximation.h, which describes the whole
// method): its checks of the input, the cell geometry every stage uses, and the stages' entry points,
// which live in one file each:
//   mask_quadtree.cpp        the quadtree over the mask: layouts, cell statistics, the seed's cells (§3.4)
//   circle_fitter.cpp        one cell's circle, circumscribed or fitted to its pixels
//   circle_merge.cpp         greedy bottom-up merging of cells under an error budget
//   union_polisher.cpp       refitting and pruning the circles against their union
//   circle_approximation.cpp the public entry points, which chain the stages
//   circle_coverage.cpp      CircleCoverageIoU, the measure the tests and benchmarks judge them by
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ring_histogram.h"
#include "sensu/geometry/circle_approximation.h"

// Its own namespace, not detail: unqualified names inside it resolve exactly as they did when all of
// this was circle_approximation.cpp's anonymous namespace in sensu.
namespace sensu::circle_fit {

constexpr float kHalfSqrt2 = 0.70710678118654752f;
// Pixel-grid resolution at which a large cell's circle is scored (see CircleFitter::FitCell).
constexpr int kSamplesAcross = 16;

// Throws InvalidArgument when the mask has no occupied pixel (there is nothing to approximate).
void RequireOccupied(const AlphaMask& mask);
// Throws InvalidArgument unless lowest ≤ depth ≤ kMaxQuadtreeLevel.
void RequireDepth(int depth, int lowest);

inline Vec2 RectCenter(const PixelRect& r) {
    return {0.5f * static_cast<float>(r.minX + r.maxX), 0.5f * static_cast<float>(r.minY + r.maxY)};
}

inline PixelCircle CircumscribedCircle(const PixelRect& r) { return {RectCenter(r), kHalfSqrt2 * static_cast<float>(r.Width())}; }

// x / d rounded towards −∞ and towards +∞ (d > 0; x may be negative: lattices start left of the image).
inline int FloorDiv(int x, int d) { return x >= 0 ? x / d : -((-x + d - 1) / d); }
inline int CeilDiv(int x, int d) { return -FloorDiv(-x, d); }

// The mask as rows of 64-bit words (pixel x is bit x % 64 of word x / 64 of its row): a rectangle is
// known to be fully occupied after one AND per word of each of its rows.
class MaskBits {
public:
    explicit MaskBits(const AlphaMask& mask)
        : width_(mask.width()), height_(mask.height()), wordsPerRow_((mask.width() + 63) / 64) {
        words_.assign(static_cast<size_t>(wordsPerRow_) * height_, 0u);
        const uint8_t* bytes = mask.bytes().data();
        for (int y = 0; y < height_; ++y) {
            const uint8_t* row = bytes + static_cast<size_t>(y) * width_;
            uint64_t* out = words_.data() + static_cast<size_t>(y) * wordsPerRow_;
            int x = 0;
            // Eight 0/1 bytes at a time: the multiplication moves byte k's low bit to bit 56 + k
            // (every partial product lands on a different bit, so nothing carries).
            for (; x + 8 <= width_; x += 8) {
                uint64_t eight = 0;
                for (int k = 0; k < 8; ++k) eight |= static_cast<uint64_t>(row[x + k]) << (8 * k);
                out[x / 64] |= ((eight * 0x0102040810204080ull) >> 56) << (x % 64);
            }
            for (; x < width_; ++x) out[x / 64] |= static_cast<uint64_t>(row[x]) << (x % 64);
        }
    }

    // True when every pixel of r (non-empty) is inside the image and occupied.
    bool AllOccupied(const PixelRect& r) const {
        if (r.minX < 0 || r.minY < 0 || r.maxX > width_ || r.maxY > height_) return false;
        const int firstWord = r.minX / 64, lastWord = (r.maxX - 1) / 64;
        for (int y = r.minY; y < r.maxY; ++y) {
            const uint64_t* row = words_.data() + static_cast<size_t>(y) * wordsPerRow_;
            for (int w = firstWord; w <= lastWord; ++w) {
                const int lo = std::max(r.minX - 64 * w, 0), hi = std::min(r.maxX - 64 * w, 64);
                const uint64_t bits = (hi - lo == 64 ? ~uint64_t{0} : ((uint64_t{1} << (hi - lo)) - 1u)) << lo;
                if ((row[w] & bits) != bits) return false;
            }
        }
        return true;
    }

private:
    int width_, height_, wordsPerRow_;
    std::vector<uint64_t> words_;
};

// Fits a cell's circle by a histogram of its pixels' distances; MaskBits skips cells deep inside.
class CircleFitter {
public:
    explicit CircleFitter(const AlphaMask& mask) : mask_(mask), bits_(mask) {}

    struct Fit {
        PixelCircle circle;
        /// Pixels the circle gets wrong: empty pixels it covers + occupied pixels of its cell it misses.
        uint32_t error = 0;
    };

    // The circle of one occupied cell. Circumscribed: the seed's circle around the cell, scored.
    // Fitted: centred on the centroid of the cell's occupied pixels, radius chosen from a histogram of
    // pixel distances (bins of ½ pixel) to minimise the wrong pixels. Occupied pixels of other cells
    // inside the circle are neither right nor wrong here: they belong to neighbours.
    Fit FitCell(const MaskQuadtree& tree, int root, uint32_t index, bool fitted);

private:
    const AlphaMask& mask_;
    MaskBits bits_;
    RingHistogram<uint32_t, 1> hist_;
};

// The seed's final cells: kept cells whose parent is not kept.
std::vector<QuadtreeCellRef> Seed003Cells(const MaskQuadtree& tree);

// Greedy bottom-up merging: the cut starts at the occupied leaves; a cell whose occupied children are all
// in the cut may replace them, cheapest added error first, within the budget and then until maxCircles.
CellCircles GreedyMerge(const MaskQuadtree& tree, CircleFitter& fitter, const CircleApproximationSettings& settings);

// Refit every circle against the union, prune to maxCircles, and drop the circles that were removed.
void PolishAgainstUnion(const AlphaMask& mask, CellCircles& cc, int maxCircles);

} // namespace sensu::circle_fit
