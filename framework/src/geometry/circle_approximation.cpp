// The circle approximation's public entry points (circle_approximation.h, which describes the method):
// seed 003 as written, and ApproximateSpriteWithCircles, which checks its settings and chains the stages
// (quadtree, fitting, merging, polishing against the union; circle_approximation_internal.h lists their
// files); and the conversion of pixel circles to body circles.
#include <string>

#include "circle_approximation_internal.h"

namespace sensu {

using circle_fit::CircleFitter;
using circle_fit::GreedyMerge;
using circle_fit::PolishAgainstUnion;
using circle_fit::RequireDepth;
using circle_fit::RequireOccupied;
using circle_fit::Seed003Cells;

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

} // namespace sensu
