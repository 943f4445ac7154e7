#include "sensu/geometry/circle_approximation.h"

#include <algorithm>
#include <queue>
#include <string>

#include "sensu/geometry/pixel_disc.h"

namespace sensu {

namespace {

constexpr float kHalfSqrt2 = 0.70710678118654752f;
// Pixel-grid resolution at which a large cell's circle is scored (see CircleFitter::FitCell).
constexpr int kSamplesAcross = 16;


void RequireOccupied(const AlphaMask& mask) {
    if (mask.OccupiedCount() == 0)
        throw InvalidArgument("alpha mask has no occupied pixels (nothing at or above the alpha threshold)");
}

void RequireDepth(int depth, int lowest) {
    if (depth < lowest || depth > kMaxQuadtreeLevel)
        throw InvalidArgument("quadtree depth must be in [" + std::to_string(lowest) + ", " +
                              std::to_string(kMaxQuadtreeLevel) + "] (got " + std::to_string(depth) + ")");
}

// The first depth at which leaves of a root spanning `span` pixels are one pixel wide.
int OnePixelDepth(int span) {
    int depth = 0;
    while ((1 << depth) < span && depth < kMaxQuadtreeLevel) ++depth;
    return depth;
}

Vec2 RectCenter(const PixelRect& r) {
    return {0.5f * static_cast<float>(r.minX + r.maxX), 0.5f * static_cast<float>(r.minY + r.maxY)};
}

PixelCircle CircumscribedCircle(const PixelRect& r) { return {RectCenter(r), kHalfSqrt2 * static_cast<float>(r.Width())}; }

// x / d rounded towards −∞ and towards +∞ (d > 0; x may be negative: lattices start left of the image).
int FloorDiv(int x, int d) { return x >= 0 ? x / d : -((-x + d - 1) / d); }
int CeilDiv(int x, int d) { return -FloorDiv(-x, d); }

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
    Fit FitCell(const MaskQuadtree& tree, int root, uint32_t index, bool fitted) {
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

private:
    const AlphaMask& mask_;
    MaskBits bits_;
    RingHistogram<uint32_t, 1> hist_;
};

// Seed 003 §3.4 from the deepest level upwards: a cell keeps its circle when it is occupied and, unless
// it is a leaf, all four children kept theirs. Returns the flags for one root.
std::vector<uint8_t> KeptCells(const MaskQuadtree& tree, int root) {
    const QuadtreeLayout& layout = tree.layout();
    std::vector<uint8_t> kept(layout.CellsPerRoot(), 0);
    for (uint32_t n = QuadtreeLevelOffset(layout.depth); n < layout.CellsPerRoot(); ++n) kept[n] = tree.Occupied(root, n);
    for (int level = layout.depth - 1; level >= 0; --level) {
        for (uint32_t n = QuadtreeLevelOffset(level); n < QuadtreeLevelOffset(level + 1); ++n) {
            const uint32_t c = QuadtreeFirstChild(n);
            kept[n] = kept[c] && kept[c + 1] && kept[c + 2] && kept[c + 3];
        }
    }
    return kept;
}

// The seed's final cells: kept cells whose parent is not kept.
std::vector<QuadtreeCellRef> Seed003Cells(const MaskQuadtree& tree) {
    std::vector<QuadtreeCellRef> cells;
    for (int root = 0; root < tree.layout().rootCount; ++root) {
        const std::vector<uint8_t> kept = KeptCells(tree, root);
        for (uint32_t n = 0; n < kept.size(); ++n)
            if (kept[n] && (n == 0 || !kept[QuadtreeParent(n)])) cells.push_back({root, n});
    }
    return cells;
}

// Greedy bottom-up merging: the cut starts at the occupied leaves; a cell whose occupied children are all
// in the cut may replace them, cheapest added error first, within the budget and then until maxCircles.
CellCircles GreedyMerge(const MaskQuadtree& tree, CircleFitter& fitter, const CircleApproximationSettings& settings) {
    const QuadtreeLayout& layout = tree.layout();
    const uint32_t perRoot = layout.CellsPerRoot();
    struct Node {
        PixelCircle circle;
        uint32_t error = 0;
        bool hasCircle = false;
        bool inCut = false;
    };
    std::vector<Node> nodes(static_cast<size_t>(layout.rootCount) * perRoot);
    auto node = [&](int root, uint32_t n) -> Node& { return nodes[static_cast<size_t>(root) * perRoot + n]; };
    // A cell's best: its fitted circle, or no circle at all when that is wrong on fewer pixels (all missed).
    auto evaluate = [&](int root, uint32_t n) {
        const CircleFitter::Fit fit = fitter.FitCell(tree, root, n, settings.fitCircles);
        Node best;
        const uint32_t count = tree.Stats(root, n).count;
        best.hasCircle = fit.error < count;
        best.error = best.hasCircle ? fit.error : count;
        best.circle = fit.circle;
        return best;
    };

    struct Candidate {
        double priority;
        double addedError;
        int root;
        uint32_t index;
        Node best;
        bool operator<(const Candidate& o) const { return priority > o.priority; } // min-heap
    };
    std::priority_queue<Candidate> heap;
    auto tryPush = [&](int root, uint32_t n) {
        if (!tree.Occupied(root, n)) return;
        const uint32_t first = QuadtreeFirstChild(n);
        double childError = 0.0;
        int childCircles = 0;
        for (uint32_t c = first; c < first + 4; ++c) {
            if (!tree.Occupied(root, c)) continue;
            const Node& child = node(root, c);
            if (!child.inCut) return;
            childError += child.error;
            childCircles += child.hasCircle ? 1 : 0;
        }
        Node best = evaluate(root, n);
        const double added = static_cast<double>(best.error) - childError;
        const int saved = childCircles - (best.hasCircle ? 1 : 0);
        heap.push({added / std::max(saved, 1), added, root, n, best});
    };

    int circleCount = 0;
    for (int root = 0; root < layout.rootCount; ++root)
        for (uint32_t n = QuadtreeLevelOffset(layout.depth); n < perRoot; ++n)
            if (tree.Occupied(root, n)) {
                Node& leaf = node(root, n);
                leaf = evaluate(root, n);
                leaf.inCut = true;
                circleCount += leaf.hasCircle ? 1 : 0;
            }
    if (layout.depth > 0)
        for (int root = 0; root < layout.rootCount; ++root)
            for (uint32_t n = QuadtreeLevelOffset(layout.depth - 1); n < QuadtreeLevelOffset(layout.depth); ++n) tryPush(root, n);

    const double budget = static_cast<double>(settings.errorBudget) * static_cast<double>(tree.mask().OccupiedCount());
    double addedError = 0.0;
    while (!heap.empty()) {
        const Candidate top = heap.top();
        if (top.addedError > 0.0 && circleCount <= settings.maxCircles && addedError + top.addedError > budget) break;
        heap.pop();
        const uint32_t first = QuadtreeFirstChild(top.index);
        for (uint32_t c = first; c < first + 4; ++c) {
            Node& child = node(top.root, c);
            circleCount -= (child.inCut && child.hasCircle) ? 1 : 0;
            child.inCut = false;
        }
        Node& merged = node(top.root, top.index);
        merged = top.best;
        merged.inCut = true;
        circleCount += merged.hasCircle ? 1 : 0;
        addedError += top.addedError;
        if (top.index > 0) tryPush(top.root, QuadtreeParent(top.index));
    }

    CellCircles out;
    for (int root = 0; root < layout.rootCount; ++root)
        for (uint32_t n = 0; n < perRoot; ++n)
            if (const Node& v = node(root, n); v.inCut && v.hasCircle) {
                out.circles.push_back(v.circle);
                out.cells.push_back({root, n});
            }
    return out;
}

// Judges circles as the union the body will be (the merge judged them cell by cell): a count of covering
// circles per pixel lets each circle see only the pixels nobody else covers. Cover counts and a copy of
// the mask share one layout over a domain holding every circle at its largest, so the scans need no
// bounds tests, and each disc is visited row span by row span (DiscRowSpan, the rule of CircleCoverageIoU).
class UnionPolisher {
public:
    UnionPolisher(const AlphaMask& mask, std::vector<PixelCircle>& circles) : circles_(circles) {
        domain_ = {0, 0, mask.width(), mask.height()};
        limit_.reserve(circles.size());
        for (const PixelCircle& c : circles) {
            const float r = kGrowth * c.radius + 1.0f;
            limit_.push_back(r);
            domain_.minX = std::min(domain_.minX, static_cast<int>(std::floor(c.center.x - r)) - 1);
            domain_.minY = std::min(domain_.minY, static_cast<int>(std::floor(c.center.y - r)) - 1);
            domain_.maxX = std::max(domain_.maxX, static_cast<int>(std::ceil(c.center.x + r)) + 2);
            domain_.maxY = std::max(domain_.maxY, static_cast<int>(std::ceil(c.center.y + r)) + 2);
        }
        stride_ = domain_.Width();
        const size_t size = static_cast<size_t>(stride_) * domain_.Height();
        cover_.assign(size, uint16_t{0});
        occupied_.assign(size, uint8_t{0});
        const uint8_t* bytes = mask.bytes().data();
        for (int y = 0; y < mask.height(); ++y)
            std::copy_n(bytes + static_cast<size_t>(y) * mask.width(), mask.width(), occupied_.data() + Index(0, y));
        for (const PixelCircle& c : circles) AddCover(c, +1);
    }

    // The radius, up to kGrowth times the current one, that gains the most occupied pixels nobody
    // else covers minus the empty pixels it adds; radius 0 (removed) when nothing is gained.
    void Refit(size_t i) {
        PixelCircle& c = circles_[i];
        if (c.radius <= 0.0f) return;
        AddCover(c, -1);
        // Never past the radius the cover buffer was sized for, however often a circle is refitted.
        const float rMax = Min(kGrowth * c.radius + 1.0f, limit_[i]);
        const float rMax2 = rMax * rMax;
        const int bins = static_cast<int>(2.0f * rMax) + 1;
        const float binsPerArea = static_cast<float>(bins) / rMax2;
        const int x0 = static_cast<int>(std::floor(c.center.x - rMax)), x1 = static_cast<int>(std::ceil(c.center.x + rMax));
        const int y0 = static_cast<int>(std::floor(c.center.y - rMax)), y1 = static_cast<int>(std::ceil(c.center.y + rMax));
        // Large circles are judged on a grid of about 2·kSamplesAcross pixels across (weights cancel).
        const int step = std::max(1, (x1 - x0) / (2 * kSamplesAcross));
        const int firstX = x0 + step / 2;
        const int columns = firstX < x1 ? CeilDiv(x1 - firstX, step) : 0;
        const int firstY = y0 + step / 2;
        const int rows = firstY < y1 ? CeilDiv(y1 - firstY, step) : 0;
        net_.Begin(c.center, rMax2, bins, firstX, firstY, step, columns, rows);
        // The whole square lies in the domain (it was sized for the largest radius).
        for (int j = 0; j < rows; ++j) {
            if (!net_.RowMeetsDisc(j)) continue;
            const size_t rowIndex = Index(firstX, firstY + j * step);
            const uint16_t* cover = cover_.data() + rowIndex;
            const uint8_t* occupied = occupied_.data() + rowIndex;
            int32_t* sampleWeight = net_.WeightRow(j);
            // Pixels another circle covers change nothing; the others gain (occupied) or cost (empty).
            for (int i = 0; i < columns; ++i)
                sampleWeight[i] = static_cast<int32_t>(cover[i * step] == 0) * (2 * static_cast<int32_t>(occupied[i * step]) - 1);
            std::fill(sampleWeight + columns, sampleWeight + net_.stride(), 0);
        }
        net_.Accumulate();
        int32_t best = 0, sum = 0;
        int bestBin = -1;
        for (int k = 0; k < bins; ++k) {
            sum += net_.At(k, 0);
            if (sum > best) {
                best = sum;
                bestBin = k;
            }
        }
        c.radius = bestBin < 0 ? 0.0f : std::sqrt(static_cast<float>(bestBin + 1) / binsPerArea) - 1e-4f;
        if (c.radius > 0.0f) AddCover(c, +1);
    }

    // Occupied minus empty pixels that only circle i covers: what the union loses without it. Large
    // circles are sampled on the pixels whose x and y are multiples of a step giving about
    // kSamplesAcross samples across (a ranking, not a count).
    int32_t Usefulness(size_t i) const {
        const PixelCircle& c = circles_[i];
        const int step = std::max(1, static_cast<int>(2.0f * c.radius) / kSamplesAcross);
        const int32_t weight = step * step;
        int32_t value = 0;
        const PixelSpan rows = DiscRows(c.center, c.radius);
        for (int y = step * CeilDiv(rows.first, step); y <= rows.last; y += step) {
            const PixelSpan span = DiscRowSpan(c.center, c.radius, y);
            if (span.IsEmpty()) continue;
            const size_t rowIndex = Index(0, y);
            const uint16_t* cover = cover_.data() + rowIndex;
            const uint8_t* occupied = occupied_.data() + rowIndex;
            for (int x = step * CeilDiv(span.first, step); x <= span.last; x += step)
                value += static_cast<int32_t>(cover[x] == 1) * (2 * static_cast<int32_t>(occupied[x]) - 1);
        }
        return weight * value;
    }

    void Remove(size_t i) {
        AddCover(circles_[i], -1);
        circles_[i].radius = 0.0f;
    }

    // Removes the least useful circle until at most maxCircles remain, re-scoring the neighbours of each
    // removed circle; then the neighbours are refitted once, so they may grow into the gaps.
    void PruneTo(int maxCircles) {
        const size_t n = circles_.size();
        std::vector<int32_t> usefulness(n, 0);
        std::vector<uint8_t> touched(n, 0);
        size_t alive = 0;
        for (size_t i = 0; i < n; ++i)
            if (circles_[i].radius > 0.0f) {
                usefulness[i] = Usefulness(i);
                ++alive;
            }
        while (alive > static_cast<size_t>(maxCircles)) {
            size_t worst = n;
            for (size_t i = 0; i < n; ++i)
                if (circles_[i].radius > 0.0f && (worst == n || usefulness[i] < usefulness[worst])) worst = i;
            const PixelCircle removed = circles_[worst];
            Remove(worst);
            --alive;
            for (size_t k = 0; k < n; ++k) {
                if (circles_[k].radius <= 0.0f) continue;
                const float reach = removed.radius + circles_[k].radius;
                if (DistanceSquared(removed.center, circles_[k].center) >= reach * reach) continue;
                usefulness[k] = Usefulness(k);
                touched[k] = 1;
            }
        }
        for (size_t k = 0; k < n; ++k)
            if (touched[k]) Refit(k);
    }

private:
    static constexpr float kGrowth = 1.25f;
    // Index of pixel (x, y) in the domain arrays; Index(0, y) + x for a whole row.
    size_t Index(int x, int y) const {
        return static_cast<size_t>(y - domain_.minY) * static_cast<size_t>(stride_) + static_cast<size_t>(x - domain_.minX);
    }
    // Adds delta (±1) to the cover count of every pixel in the disc, one row span at a time.
    void AddCover(const PixelCircle& c, int delta) {
        const PixelSpan rows = DiscRows(c.center, c.radius);
        for (int y = rows.first; y <= rows.last; ++y) {
            const PixelSpan span = DiscRowSpan(c.center, c.radius, y);
            uint16_t* cover = cover_.data() + Index(0, y);
            for (int x = span.first; x <= span.last; ++x) cover[x] = static_cast<uint16_t>(cover[x] + delta);
        }
    }

    std::vector<PixelCircle>& circles_;
    PixelRect domain_;
    int stride_ = 0;
    // The largest radius each circle may reach (the domain is sized for it).
    std::vector<float> limit_;
    // Circles covering each pixel; uint16 suffices: at most ~1.25 · kMaxApproximationCircles circles.
    std::vector<uint16_t> cover_;
    // The mask over the domain (0 outside the image).
    std::vector<uint8_t> occupied_;
    RingHistogram<int32_t, 0> net_;
};

// Refit every circle against the union, prune to maxCircles, and drop the circles that were removed.
void PolishAgainstUnion(const AlphaMask& mask, CellCircles& cc, int maxCircles) {
    UnionPolisher polisher(mask, cc.circles);
    for (size_t i = 0; i < cc.circles.size(); ++i) polisher.Refit(i);
    polisher.PruneTo(maxCircles);
    size_t kept = 0;
    for (size_t i = 0; i < cc.circles.size(); ++i)
        if (cc.circles[i].radius > 0.0f) {
            cc.circles[kept] = cc.circles[i];
            cc.cells[kept++] = cc.cells[i];
        }
    cc.circles.resize(kept);
    cc.cells.resize(kept);
}

} // namespace

PixelRect QuadtreeLayout::RootRect(int root) const {
    const int x = originX + (alongX ? root * rootSide : 0);
    const int y = originY + (alongX ? 0 : root * rootSide);
    return {x, y, x + rootSide, y + rootSide};
}

PixelRect QuadtreeLayout::CellRect(int root, uint32_t index) const {
    const int level = QuadtreeLevel(index);
    const MortonCell cell = MortonDecode(index - QuadtreeLevelOffset(level));
    const int side = rootSide >> level;
    const PixelRect r = RootRect(root);
    const int x = r.minX + static_cast<int>(cell.x) * side;
    const int y = r.minY + static_cast<int>(cell.y) * side;
    return {x, y, x + side, y + side};
}

QuadtreeLayout SingleRootLayout(const AlphaMask& mask, int depth) {
    RequireOccupied(mask);
    RequireDepth(depth, 0);
    const PixelRect b = mask.OccupiedBounds();
    const int longSide = std::max(b.Width(), b.Height());
    QuadtreeLayout layout;
    layout.depth = std::min(depth, OnePixelDepth(longSide));
    layout.leafSide = CeilDiv(longSide, 1 << layout.depth);
    layout.rootSide = layout.leafSide << layout.depth;
    layout.rootCount = 1;
    layout.originX = b.minX - (layout.rootSide - b.Width()) / 2;
    layout.originY = b.minY - (layout.rootSide - b.Height()) / 2;
    return layout;
}

QuadtreeLayout LongAxisLayout(const AlphaMask& mask, int depth, int maxRoots) {
    RequireOccupied(mask);
    RequireDepth(depth, 0);
    if (maxRoots < 1) throw InvalidArgument("maxRoots must be >= 1 (got " + std::to_string(maxRoots) + ")");
    const PixelRect b = mask.OccupiedBounds();
    QuadtreeLayout layout;
    layout.alongX = b.Width() >= b.Height();
    const int longSide = layout.alongX ? b.Width() : b.Height();
    const int shortSide = layout.alongX ? b.Height() : b.Width();
    const int span = std::max(shortSide, CeilDiv(longSide, maxRoots));
    layout.depth = std::min(depth, OnePixelDepth(span));
    layout.leafSide = CeilDiv(span, 1 << layout.depth);
    layout.rootSide = layout.leafSide << layout.depth;
    layout.rootCount = CeilDiv(longSide, layout.rootSide);
    const int longSlack = layout.rootCount * layout.rootSide - longSide;
    const int shortSlack = layout.rootSide - shortSide;
    layout.originX = b.minX - (layout.alongX ? longSlack : shortSlack) / 2;
    layout.originY = b.minY - (layout.alongX ? shortSlack : longSlack) / 2;
    return layout;
}

int AutomaticQuadtreeDepth(int rootSpan, size_t occupiedPixels, int maxCircles) {
    // Leaves of at least 4 pixels, and no finer than needed for about 8 leaves per allowed circle:
    // finer leaves cost time and are merged away anyway.
    const double leafArea = static_cast<double>(occupiedPixels) / (8.0 * std::max(maxCircles, 1));
    const int minLeaf = std::max(4, static_cast<int>(std::sqrt(leafArea)));
    int depth = 1;
    while (depth < 8 && CeilDiv(rootSpan, 1 << (depth + 1)) >= minLeaf) ++depth;
    return depth;
}

MaskQuadtree::MaskQuadtree(const AlphaMask& mask, const QuadtreeLayout& layout) : mask_(&mask), layout_(layout) {
    RequireDepth(layout.depth, 0);
    if (layout.leafSide < 1 || layout.rootCount < 1 || layout.rootSide != (layout.leafSide << layout.depth))
        throw InvalidArgument("QuadtreeLayout needs leafSide >= 1, rootCount >= 1 and rootSide = leafSide * 2^depth");
    const PixelRect first = layout.RootRect(0);
    const PixelRect last = layout.RootRect(layout.rootCount - 1);
    const PixelRect b = mask.OccupiedBounds();
    if (mask.OccupiedCount() > 0 &&
        (b.minX < first.minX || b.minY < first.minY || b.maxX > last.maxX || b.maxY > last.maxY))
        throw InvalidArgument("QuadtreeLayout roots do not cover the occupied pixels of the mask");

    const uint32_t perRoot = layout.CellsPerRoot();
    stats_.assign(static_cast<size_t>(layout.rootCount) * perRoot, QuadtreeCellStats{});
    const uint32_t leafOffset = QuadtreeLevelOffset(layout.depth);
    // The bounds' columns in runs that share a leaf column (and root): per row, each run's occupied
    // pixels are counted and their x summed in a short branch-free loop, then added to one leaf.
    auto place = [&](int offset, bool isLong, int& root, uint32_t& bits) {
        root = isLong ? offset / layout.rootSide : 0;
        bits = MortonSpreadBits(static_cast<uint32_t>((offset - root * layout.rootSide) / layout.leafSide));
    };
    struct ColumnRun {
        int begin, end, root;
        uint32_t bits;
    };
    std::vector<ColumnRun> runs;
    for (int x = b.minX; x < b.maxX;) {
        ColumnRun run{x, 0, 0, 0};
        place(x - layout.originX, layout.alongX, run.root, run.bits);
        // The run ends at the next multiple of leafSide past originX (or at the bounds).
        const int offset = x - layout.originX;
        run.end = std::min(b.maxX, layout.originX + (offset / layout.leafSide + 1) * layout.leafSide);
        runs.push_back(run);
        x = run.end;
    }
    const auto bytes = mask.bytes();
    for (int y = b.minY; y < b.maxY; ++y) {
        int rowRoot = 0;
        uint32_t rowBits = 0;
        place(y - layout.originY, !layout.alongX, rowRoot, rowBits);
        const uint8_t* row = bytes.data() + static_cast<size_t>(y) * mask.width();
        for (const ColumnRun& run : runs) {
            uint32_t count = 0;
            int64_t sumX = 0;
            for (int x = run.begin; x < run.end; ++x) {
                count += row[x];
                sumX += static_cast<int64_t>(row[x]) * x;
            }
            if (count == 0) continue;
            const int root = layout.alongX ? run.root : rowRoot;
            QuadtreeCellStats& s = stats_[static_cast<size_t>(root) * perRoot + leafOffset + (run.bits | (rowBits << 1))];
            s.count += count;
            s.sumX += sumX;
            s.sumY += static_cast<int64_t>(count) * y;
        }
    }
    // Sum the leaves upwards: children 4n+1 … 4n+4 of n (seed 003 eq. 2 in 2D).
    for (int root = 0; root < layout.rootCount; ++root) {
        QuadtreeCellStats* s = stats_.data() + static_cast<size_t>(root) * perRoot;
        for (int level = layout.depth - 1; level >= 0; --level)
            for (uint32_t n = QuadtreeLevelOffset(level); n < QuadtreeLevelOffset(level + 1); ++n)
                for (uint32_t c = QuadtreeFirstChild(n); c < QuadtreeFirstChild(n) + 4; ++c) {
                    s[n].count += s[c].count;
                    s[n].sumX += s[c].sumX;
                    s[n].sumY += s[c].sumY;
                }
    }
}

bool MaskQuadtree::Full(int root, uint32_t index) const {
    const PixelRect r = layout_.CellRect(root, index);
    if (r.minX < 0 || r.minY < 0 || r.maxX > mask_->width() || r.maxY > mask_->height()) return false;
    return Stats(root, index).count == static_cast<uint32_t>(r.Width()) * static_cast<uint32_t>(r.Height());
}

CellCircles Seed003Circles(const MaskQuadtree& tree, Seed003Stage stage) {
    CellCircles out;
    auto add = [&](int root, uint32_t n) {
        out.circles.push_back(CircumscribedCircle(tree.layout().CellRect(root, n)));
        out.cells.push_back({root, n});
    };
    if (stage == Seed003Stage::MergeFullChildren) {
        for (const QuadtreeCellRef& cell : Seed003Cells(tree)) add(cell.root, cell.index);
        return out;
    }
    for (int root = 0; root < tree.layout().rootCount; ++root) {
        if (stage == Seed003Stage::EveryOccupiedCell) {
            for (uint32_t n = 0; n < tree.layout().CellsPerRoot(); ++n)
                if (tree.Occupied(root, n)) add(root, n);
        } else {
            const std::vector<uint8_t> kept = KeptCells(tree, root);
            for (uint32_t n = 0; n < kept.size(); ++n)
                if (kept[n]) add(root, n);
        }
    }
    return out;
}

std::vector<Circle> ToBodyCircles(std::span<const PixelCircle> circles, const PixelFrame& frame) {
    frame.Validate();
    std::vector<Circle> out;
    out.reserve(circles.size());
    for (const PixelCircle& c : circles) out.emplace_back(frame.ToLocal(c.center), c.radius / frame.pixelsPerMetre);
    return out;
}

CircleApproximation ApproximateSpriteSeed003(const AlphaMask& mask, const PixelFrame& frame, int depth) {
    frame.Validate();
    CircleApproximation result;
    result.layout = SingleRootLayout(mask, depth);
    const MaskQuadtree tree(mask, result.layout);
    result.pixels = Seed003Circles(tree, Seed003Stage::MergeFullChildren);
    result.circles = ToBodyCircles(result.pixels.circles, frame);
    return result;
}

CircleApproximation ApproximateSpriteWithCircles(const AlphaMask& mask, const PixelFrame& frame,
                                                 const CircleApproximationSettings& settings) {
    frame.Validate();
    RequireOccupied(mask);
    RequireDepth(settings.depth, 0);
    if (settings.maxRoots < 1 || settings.maxRoots > kMaxApproximationCircles)
        throw InvalidArgument("maxRoots must be in [1, " + std::to_string(kMaxApproximationCircles) + "] (got " + std::to_string(settings.maxRoots) + ")");
    if (settings.maxCircles < 1 || settings.maxCircles > kMaxApproximationCircles)
        throw InvalidArgument("maxCircles must be in [1, " + std::to_string(kMaxApproximationCircles) + "] (got " + std::to_string(settings.maxCircles) + ")");
    RequireFinite(settings.errorBudget, "errorBudget");
    if (settings.errorBudget < 0.0f || settings.errorBudget > 1.0f)
        throw InvalidArgument("errorBudget must be in [0, 1] (got " + std::to_string(settings.errorBudget) + ")");

    auto layoutAt = [&](int depth) {
        return settings.severalRoots ? LongAxisLayout(mask, depth, settings.maxRoots) : SingleRootLayout(mask, depth);
    };
    const int depth = settings.depth > 0 ? settings.depth : AutomaticQuadtreeDepth(layoutAt(0).rootSide, mask.OccupiedCount(), settings.maxCircles);

    CircleApproximation result;
    result.layout = layoutAt(depth);
    const MaskQuadtree tree(mask, result.layout);
    CircleFitter fitter(mask);
    if (settings.greedyMerge) {
        if (settings.fitCircles) {
            // Merge to a quarter more circles than asked, then let the union decide which to drop.
            CircleApproximationSettings merge = settings;
            merge.maxCircles = settings.maxCircles + settings.maxCircles / 4;
            result.pixels = GreedyMerge(tree, fitter, merge);
            PolishAgainstUnion(mask, result.pixels, settings.maxCircles);
        } else {
            result.pixels = GreedyMerge(tree, fitter, settings);
        }
    } else {
        for (const QuadtreeCellRef& cell : Seed003Cells(tree)) {
            result.pixels.circles.push_back(fitter.FitCell(tree, cell.root, cell.index, settings.fitCircles).circle);
            result.pixels.cells.push_back(cell);
        }
    }
    result.circles = ToBodyCircles(result.pixels.circles, frame);
    return result;
}

double CircleCoverageIoU(const AlphaMask& mask, std::span<const PixelCircle> circles) {
    PixelRect domain{0, 0, mask.width(), mask.height()};
    for (const PixelCircle& c : circles) {
        RequireFinite(c.center, "PixelCircle center");
        RequireFinite(c.radius, "PixelCircle radius");
        if (c.radius < 0.0f) throw InvalidArgument("PixelCircle radius must be >= 0");
        domain.minX = std::min(domain.minX, static_cast<int>(std::floor(c.center.x - c.radius)));
        domain.minY = std::min(domain.minY, static_cast<int>(std::floor(c.center.y - c.radius)));
        domain.maxX = std::max(domain.maxX, static_cast<int>(std::ceil(c.center.x + c.radius)) + 1);
        domain.maxY = std::max(domain.maxY, static_cast<int>(std::ceil(c.center.y + c.radius)) + 1);
    }
    const int w = domain.Width();
    std::vector<uint8_t> covered(static_cast<size_t>(w) * domain.Height(), 0);
    for (const PixelCircle& c : circles) {
        // Row by row: pixel centres x + ½ within half a chord of the centre.
        const PixelSpan rows = DiscRows(c.center, c.radius);
        for (int y = rows.first; y <= rows.last; ++y) {
            const PixelSpan span = DiscRowSpan(c.center, c.radius, y);
            uint8_t* row = covered.data() + static_cast<size_t>(y - domain.minY) * w;
            for (int x = span.first; x <= span.last; ++x) row[x - domain.minX] = 1;
        }
    }
    size_t intersection = 0, unionCount = 0;
    for (int y = domain.minY; y < domain.maxY; ++y) {
        const uint8_t* row = covered.data() + static_cast<size_t>(y - domain.minY) * w;
        for (int x = domain.minX; x < domain.maxX; ++x) {
            const bool inMask = mask.Occupied(x, y);
            const bool inCircles = row[x - domain.minX] != 0;
            intersection += (inMask && inCircles) ? 1 : 0;
            unionCount += (inMask || inCircles) ? 1 : 0;
        }
    }
    return unionCount == 0 ? 1.0 : static_cast<double>(intersection) / static_cast<double>(unionCount);
}

} // namespace sensu
