// The last stage of the circle approximation (circle_approximation.h) with fitted circles: the merge
// (circle_merge.cpp) judged each circle against its own cell, but the body is the union of all of them.
// Each circle's radius is refitted against the pixels no other circle covers, and the least useful
// circles are dropped down to maxCircles.
#include <algorithm>
#include <cmath>

#include "circle_approximation_internal.h"
#include "sensu/geometry/pixel_disc.h"

namespace sensu::circle_fit {

namespace {

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

} // namespace

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

} // namespace sensu::circle_fit
