#pragma once
/// Circles for a compound body from a sprite's alpha mask, by a linear quadtree in Morton order (seed 003).
///
/// Seed 003 (§3) covers a model with the cells of an octree that hold geometry, numbers the cells in
/// Morton order in a linear tree, puts a sphere around every occupied cell, removes a parent's sphere
/// when one of its children is empty, and replaces a full set of children by their parent (§3.4). Its
/// §5 names the weakness: the root is a cube of the longest side, so long thin shapes need deep levels.
/// In 2D the octree is a quadtree over the mask's pixels and the spheres are circles.
///
/// ApproximateSpriteSeed003 reproduces the seed. ApproximateSpriteWithCircles goes past §5 in three
/// independent ways (each a switch in CircleApproximationSettings):
///  - several roots: square roots of the shape's short side laid along its long axis, so a thin
///    shape's cells are as wide as the shape is thick (the seed's proposed remedy, "cuboids to several
///    spheres", §5);
///  - fitted circles: each cell's circle is centred on the centroid of its occupied pixels with the
///    radius that minimises the pixels it gets wrong (covered empty pixels + missed pixels of the cell),
///    instead of the circle circumscribing the cell;
///  - greedy merging: starting from the leaves, the four children of a cell are replaced by the
///    parent's one circle in order of least added error, while the added error stays within a budget
///    and always until at most maxCircles remain (the seed's "full children → parent" rule generalised
///    from "full" to "cheap"). With fitted circles the merge stops at maxCircles + 25 %; then each
///    circle's radius is refitted against the union of the others and the least useful circles are
///    dropped down to maxCircles (the merge judges circles cell by cell, the body is their union).
/// Image coordinates are pixels, x right, y down; pixel (x, y) is the square [x, x+1) × [y, y+1) and
/// counts as covered by a circle when its centre (x + ½, y + ½) is inside it.
#include <cstdint>
#include <span>
#include <vector>

#include "sensu/geometry/alpha_mask.h"
#include "sensu/geometry/morton.h"
#include "sensu/geometry/shapes.h"

namespace sensu {

/// A circle in image coordinates (pixels, y down).
struct PixelCircle {
    Vec2 center{};  ///< centre (pixels)
    float radius = 0.0f;  ///< radius (pixels)
};

/// Where the square roots of a mask's quadtree lie. Cells are whole pixels: rootSide = leafSide · 2^depth.
struct QuadtreeLayout {
    /// Levels below the roots (0 = the roots are the leaves).
    int depth = 0;
    /// Side of a leaf cell, pixels (≥ 1).
    int leafSide = 1;
    /// Side of a root cell, pixels.
    int rootSide = 1;
    /// Number of roots (1 for the seed's single root), each a square of rootSide.
    int rootCount = 1;
    /// Top-left corner of root 0 in image coordinates (may lie outside the image).
    ///@{
    int originX = 0;
    int originY = 0;
    ///@}
    /// True when the roots follow each other along +x, false along +y.
    bool alongX = true;

    /// Linear indices per root: (4^(depth+1) − 1)/3.
    uint32_t CellsPerRoot() const { return QuadtreeCellCount(depth); }
    /// The square of a root, in image pixels.
    PixelRect RootRect(int root) const;
    /// The square of cell `index` (linear quadtree index, Morton order within its level) of `root`.
    PixelRect CellRect(int root, uint32_t index) const;
};

/// The seed's layout: one square root of the occupied bounds' longest side, centred on them, `depth`
/// levels deep. depth in [0, kMaxQuadtreeLevel]; it is lowered to the first depth whose leaves are one
/// pixel (a deeper tree could not hold more detail). Throws InvalidArgument for an empty mask or bad depth.
QuadtreeLayout SingleRootLayout(const AlphaMask& mask, int depth);

/// Several square roots of the occupied bounds' short side (at least longSide / maxRoots) placed along
/// the long side, centred on the bounds. depth as in SingleRootLayout; maxRoots ≥ 1.
QuadtreeLayout LongAxisLayout(const AlphaMask& mask, int depth, int maxRoots = 16);

/// The automatic depth of ApproximateSpriteWithCircles (1 … 8): the deepest level whose leaves, in a
/// root of `rootSpan` pixels, are at least 4 pixels wide and hold on average at least
/// occupiedPixels / (8 · maxCircles) pixels (finer leaves would only be merged away again).
int AutomaticQuadtreeDepth(int rootSpan, size_t occupiedPixels, int maxCircles);

/// Occupied-pixel statistics of one quadtree cell.
struct QuadtreeCellStats {
    /// Occupied pixels in the cell.
    uint32_t count = 0;
    /// Sums of the occupied pixels' x and y indices (centroid = sum / count + ½).
    ///@{
    int64_t sumX = 0;
    int64_t sumY = 0;
    ///@}
};

/// A linear quadtree in Morton order over an alpha mask (one per root): occupied-pixel count and
/// centroid sums for every cell of every level, built in one pass over the pixels then summed from
/// the leaves upwards with parent(n) = (n − 1)/4.
class MaskQuadtree {
public:
    /// The mask must outlive the tree. layout from SingleRootLayout or LongAxisLayout.
    MaskQuadtree(const AlphaMask& mask, const QuadtreeLayout& layout);

    /// The mask the tree was built over.
    const AlphaMask& mask() const { return *mask_; }
    /// Where the roots lie.
    const QuadtreeLayout& layout() const { return layout_; }
    /// Statistics of cell `index` (linear quadtree index) of `root`.
    const QuadtreeCellStats& Stats(int root, uint32_t index) const {
        return stats_[static_cast<size_t>(root) * layout_.CellsPerRoot() + index];
    }
    /// True when the cell holds at least one occupied pixel.
    bool Occupied(int root, uint32_t index) const { return Stats(root, index).count > 0; }
    /// True when every pixel of the cell is occupied (cells reaching outside the image never are).
    bool Full(int root, uint32_t index) const;

private:
    const AlphaMask* mask_;
    QuadtreeLayout layout_;
    std::vector<QuadtreeCellStats> stats_;
};

/// A quadtree cell: root number and linear index.
struct QuadtreeCellRef {
    int root = 0;  ///< root number, 0 … rootCount − 1
    uint32_t index = 0;  ///< linear quadtree index within the root
    /// Same root and index.
    constexpr bool operator==(const QuadtreeCellRef&) const = default;
};

/// The three stages of seed 003 §3.4, in order.
enum class Seed003Stage {
    /// A circle around every occupied cell of every level (the seed's Fig. 5: big circles cover all).
    EveryOccupiedCell,
    /// A cell keeps its circle only when none of its children is empty (or lost its circle), judged
    /// from the deepest level upwards.
    DropParentsOfEmptyCells,
    /// Then four kept children are replaced by their kept parent: only the largest kept cells remain.
    MergeFullChildren,
};

/// Circles and the cells they came from (same order), in image pixels.
struct CellCircles {
    std::vector<PixelCircle> circles;  ///< circles in image pixels
    std::vector<QuadtreeCellRef> cells;  ///< the cell each circle came from
};

/// Seed 003's circles: each the circle circumscribing its cell (radius = side/√2), for a stage of §3.4.
CellCircles Seed003Circles(const MaskQuadtree& tree, Seed003Stage stage);

/// Upper limit of CircleApproximationSettings::maxCircles (a compound body of more circles is no longer
/// a cheap collision shape).
inline constexpr int kMaxApproximationCircles = 10000;

/// Settings of ApproximateSpriteWithCircles. The defaults are the recommended ("automatic") setting.
struct CircleApproximationSettings {
    /// Quadtree depth below each root, 1 … kMaxQuadtreeLevel; 0 chooses AutomaticQuadtreeDepth.
    int depth = 0;
    /// Roots of the short side along the long axis (true) or the seed's single root (false).
    bool severalRoots = true;
    /// Upper bound on the number of roots along the long axis (≥ 1).
    int maxRoots = 16;
    /// Fit each circle to its cell's occupied pixels (true) or circumscribe the cell as the seed does.
    bool fitCircles = true;
    /// Greedy merging under errorBudget and maxCircles (true) or the seed's two rules (false).
    bool greedyMerge = true;
    /// Merges may add at most this fraction of the occupied pixel count in wrong pixels, in [0, 1].
    float errorBudget = 0.03f;
    /// Merging goes on past the budget until at most this many circles remain (1 … kMaxApproximationCircles). A root holding
    /// pixels keeps at least one circle, so the result may exceed it only when roots > maxCircles.
    int maxCircles = 64;
};

/// The result: circles in image pixels (with the cells they came from) and in body-local metres.
struct CircleApproximation {
    QuadtreeLayout layout;  ///< the quadtree layout used
    CellCircles pixels;  ///< the circles in image pixels, with their cells
    /// The same circles in body-local metres (PixelFrame), ready for a compound body.
    std::vector<Circle> circles;
};

/// Seed 003 as written (single root, circumscribed circles, both optimisations) at `depth`.
/// Throws InvalidArgument for an empty mask, a depth outside [0, kMaxQuadtreeLevel] or a bad frame.
CircleApproximation ApproximateSpriteSeed003(const AlphaMask& mask, const PixelFrame& frame, int depth);

/// Circles approximating the occupied pixels of `mask` (see the top of this header).
/// Throws InvalidArgument for an empty mask, a bad frame or settings out of range.
CircleApproximation ApproximateSpriteWithCircles(const AlphaMask& mask, const PixelFrame& frame,
                                                 const CircleApproximationSettings& settings = {});

/// Circles in image pixels → body-local metres.
std::vector<Circle> ToBodyCircles(std::span<const PixelCircle> circles, const PixelFrame& frame);

/// Intersection over union of the pixels covered by the union of the circles and the occupied pixels
/// of the mask, by rasterising the circles on the pixel grid (pixels outside the image count as empty).
/// 1 for a perfect cover; 0 when nothing overlaps. An empty mask with no circles gives 1.
double CircleCoverageIoU(const AlphaMask& mask, std::span<const PixelCircle> circles);

} // namespace sensu
