// Greedy bottom-up merging for the circle approximation (circle_approximation.h): seed 003 replaces a
// cell's four children by the parent's circle only when all of them are full (§3.4); here the cheapest
// merges in added wrong pixels go first, within an error budget and then until at most maxCircles
// circles remain. Each candidate's circle comes from the CircleFitter (circle_fitter.cpp).
#include <algorithm>
#include <queue>

#include "circle_approximation_internal.h"

namespace sensu::circle_fit {

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

} // namespace sensu::circle_fit
