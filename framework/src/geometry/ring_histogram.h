#pragma once
// RingHistogram, the counting core of the circle approximation (circle_approximation.h): how many
// pixels, and of which kind, lie at each distance from a circle's centre, so a circle's radius is
// chosen from one pass over its pixels. Shared by the fitting of a cell's circle (circle_fitter.cpp)
// and the refit against the union of all circles (union_polisher.cpp).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sensu/math/vec2.h"

// In the circle approximation's internal namespace (circle_approximation_internal.h says why).
namespace sensu::circle_fit {

// A histogram of samples by squared distance from a centre, in bins of equal ring area over [0, r²]
// (about two per pixel of radius: no square root per sample), for samples on a square lattice
// x = firstX + i·step, y = firstY + j·step (i < columns, j < rows). Each sample carries a slot
// (0 … 2^SlotBits − 1, e.g. empty or occupied) and a weight, which the caller writes for every sample
// [0, stride) of every row that meets the disc (the samples past `columns` must weigh 0); samples
// outside the disc count for nothing. Accumulate works in two passes over each row: the
// counter of every sample (plain arithmetic over arrays, which the compiler vectorises; shifts, no
// multiplications), then the increments. Each bin and slot has four counters taken in turn by
// neighbouring samples, which often share a bin: with a single counter each increment would wait for
// the store of the previous one.
template <class Count, int SlotBits>
class RingHistogram {
public:
    void Begin(Vec2 centre, float r2, int bins, int firstX, int firstY, int step, int columns, int rows) {
        r2_ = r2;
        bins_ = bins;
        rows_ = rows;
        stride_ = (columns + 3) & ~3; // whole vectors; the padding samples weigh nothing
        binsPerArea_ = static_cast<float>(bins) / Max(r2, 1e-12f);
        counts_.assign(static_cast<size_t>(bins) << (SlotBits + kLaneBits), Count{0});
        const size_t samples = static_cast<size_t>(stride_) * static_cast<size_t>(rows);
        if constexpr (SlotBits > 0) slot_.resize(samples);
        weight_.resize(samples);
        index_.resize(static_cast<size_t>(stride_));
        add_.resize(static_cast<size_t>(stride_));
        dx2_.resize(static_cast<size_t>(stride_));
        dy2_.resize(static_cast<size_t>(rows));
        for (int i = 0; i < stride_; ++i) {
            const float dx = static_cast<float>(firstX + i * step) + 0.5f - centre.x;
            dx2_[static_cast<size_t>(i)] = dx * dx;
        }
        for (int j = 0; j < rows; ++j) {
            const float dy = static_cast<float>(firstY + j * step) + 0.5f - centre.y;
            dy2_[static_cast<size_t>(j)] = dy * dy;
        }
    }

    // Samples per row in the arrays: columns rounded up to a multiple of four.
    int stride() const { return stride_; }
    // False when no sample of row j can lie in the disc (its slots and weights need not be written).
    bool RowMeetsDisc(int j) const { return dy2_[static_cast<size_t>(j)] <= r2_; }
    uint8_t* SlotRow(int j) { return slot_.data() + static_cast<size_t>(j) * stride_; }
    Count* WeightRow(int j) { return weight_.data() + static_cast<size_t>(j) * stride_; }

    // Sample (i, j) is in the disc when dx² + dy² ≤ r² (in float, as the fitter always tested it) and
    // falls in bin min(bins − 1, ⌊d²·bins/r²⌋).
    void Accumulate() {
        const float r2 = r2_, binsPerArea = binsPerArea_, lastBin = static_cast<float>(bins_ - 1);
        const float* __restrict dx2 = dx2_.data();
        int32_t* __restrict index = index_.data();
        Count* __restrict add = add_.data();
        Count* __restrict counts = counts_.data();
        const float* __restrict dy2s = dy2_.data();
        const uint8_t* slots = slot_.data();
        const Count* weights = weight_.data();
        // Locals, so the stores below need not be assumed to change them.
        const int rows = rows_, stride = stride_;
        for (int j = 0; j < rows; ++j) {
            const float dy2 = dy2s[j];
            if (dy2 > r2) continue; // the row misses the disc
            const uint8_t* __restrict slot = SlotBits > 0 ? slots + static_cast<size_t>(j) * stride : nullptr;
            const Count* __restrict weight = weights + static_cast<size_t>(j) * stride;
            for (int i = 0; i < stride; ++i) {
                const float d2 = dx2[i] + dy2;
                // min before the conversion equals the conversion then min (d² ≥ 0; bins − 1 is exact).
                const float scaled = d2 * binsPerArea;
                const int32_t bin = static_cast<int32_t>(scaled < lastBin ? scaled : lastBin);
                int32_t counter = bin;
                if constexpr (SlotBits > 0) counter = (bin << SlotBits) | slot[i];
                index[i] = (counter << kLaneBits) | (i & ((1 << kLaneBits) - 1));
                const Count w = weight[i];
                add[i] = d2 <= r2 ? w : Count{0};
            }
            for (int i = 0; i < stride; ++i) counts[index[i]] += add[i];
        }
    }

    // Count of bin k and slot s, its four counters summed.
    Count At(int bin, int slot) const {
        const Count* lanes = counts_.data() + ((static_cast<size_t>(bin) << SlotBits | static_cast<size_t>(slot)) << kLaneBits);
        return lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }

private:
    static constexpr int kLaneBits = 2; // four counters per bin and slot
    float r2_ = 0.0f, binsPerArea_ = 0.0f;
    int bins_ = 0, rows_ = 0, stride_ = 0;
    std::vector<Count> counts_;
    std::vector<uint8_t> slot_;
    std::vector<Count> weight_;
    std::vector<int32_t> index_;
    std::vector<Count> add_;
    std::vector<float> dx2_, dy2_;
};

} // namespace sensu::circle_fit
