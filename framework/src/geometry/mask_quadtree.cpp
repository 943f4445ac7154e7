// The quadtree of the circle approximation (circle_approximation.h), seed 003 §3 in 2D: where the roots
// lie over the mask (the seed's single root, or roots of the short side along the long axis, §5), each
// cell's occupied-pixel count and centroid sums in a linear tree in Morton order, and the seed's own
// choice of cells (§3.4): occupied cells, a parent kept only when all four children are.
#include <algorithm>
#include <cmath>
#include <string>

#include "circle_approximation_internal.h"

namespace sensu {

namespace circle_fit {

void RequireOccupied(const AlphaMask& mask) {
    if (mask.OccupiedCount() == 0)
        throw InvalidArgument("alpha mask has no occupied pixels (nothing at or above the alpha threshold)");
}

void RequireDepth(int depth, int lowest) {
    if (depth < lowest || depth > kMaxQuadtreeLevel)
        throw InvalidArgument("quadtree depth must be in [" + std::to_string(lowest) + ", " +
                              std::to_string(kMaxQuadtreeLevel) + "] (got " + std::to_string(depth) + ")");
}

} // namespace circle_fit

using circle_fit::CeilDiv;
using circle_fit::CircumscribedCircle;
using circle_fit::RequireDepth;
using circle_fit::RequireOccupied;
using circle_fit::Seed003Cells;

namespace {

// The first depth at which leaves of a root spanning `span` pixels are one pixel wide.
int OnePixelDepth(int span) {
    int depth = 0;
    while ((1 << depth) < span && depth < kMaxQuadtreeLevel) ++depth;
    return depth;
}

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

std::vector<QuadtreeCellRef> circle_fit::Seed003Cells(const MaskQuadtree& tree) {
    std::vector<QuadtreeCellRef> cells;
    for (int root = 0; root < tree.layout().rootCount; ++root) {
        const std::vector<uint8_t> kept = KeptCells(tree, root);
        for (uint32_t n = 0; n < kept.size(); ++n)
            if (kept[n] && (n == 0 || !kept[QuadtreeParent(n)])) cells.push_back({root, n});
    }
    return cells;
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

} // namespace sensu
