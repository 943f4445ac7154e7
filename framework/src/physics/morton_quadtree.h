#pragma once
// Morton-ordered linear quadtree for the broad phase (seed 003 §3.3's spatial numbering in 2D, see
// sensu/geometry/morton.h). All cells of all levels live in one array indexed by the linear quadtree
// index, so parent and children are found by arithmetic alone (parent (n − 1)/4, children 4n + 1 … 4n + 4).
//
// A proxy is stored in ONE cell: the level is chosen by its size (the deepest level whose cell side is at
// least the proxy's longer side) and the cell by its centre. Its box then lies inside the cell grown by half
// a side on every edge (a "loose" cell), so a query descends only into loose cells that overlap the query box
// and whose subtree holds proxies. Unlike "smallest cell that contains the box", a small proxy never ends up
// near the root because it straddles a cell border, which keeps queries local in regular stacks and grids.
//
// The root square is derived from the proxies (again by Update when many fall outside it); proxies whose centre
// lies outside the root or that are larger than it sit in an overflow list that every query tests, so the
// result is exact for any placement. Proxies live in one array with a free list (indices, no pointers).
#include <cstdint>
#include <utility>
#include <vector>

#include "sensu/geometry/morton.h"
#include "sensu/math/aabb.h"

namespace sensu::detail {

class MortonQuadtree {
public:
    /// Returns the proxy id holding `userData`.
    int CreateProxy(const AABB& fatAabb, int userData);
    void DestroyProxy(int proxy);
    /// Replaces the proxy's fat AABB (moves it to the cell of its new size and centre).
    void MoveProxy(int proxy, const AABB& fatAabb);
    const AABB& FatAABB(int proxy) const { return proxies_[proxy].aabb; }
    /// Derives the root square again when many proxies lie outside it (they are tested by every query).
    /// Called once per step before the queries, so a scene built body by body is placed once, in bulk.
    void Update();
    /// Quadtree depth of the current root (0 before the first rebuild).
    int Depth() const { return depth_; }

    /// Snapshot support (world_snapshot.cpp): the proxies with their list links, the free list and the
    /// root; the cells' heads and counts follow from these and are rebuilt on loading (RestoreCells), so
    /// a loaded quadtree answers queries in the same order. Archive: `ar(fields…)` and `Archive::kLoading`.
    template <class Archive>
    void Transfer(Archive& ar) {
        ar(proxies_, freeList_, rootLower_, rootSize_, depth_);
    }
    /// After loading untrusted data: rebuilds the cells' heads and counts from the proxies and returns
    /// nullptr, or what is wrong (a proxy outside the cell its box belongs to, broken lists, a bad root).
    const char* RestoreCells();
    /// Whether `id` is a live proxy; any int is accepted.
    bool IsProxy(int id) const { return id >= 0 && id < static_cast<int>(proxies_.size()) && proxies_[id].cell != kFree; }
    int ProxyCount() const { return liveCount_; }
    int UserData(int proxy) const { return proxies_[proxy].userData; }

    /// Calls visit(userData) for every proxy whose fat AABB overlaps `box`: first the overflow list, then
    /// the cells in depth-first Morton order (deterministic for the same history of calls).
    ///
    /// The cells are found level by level instead of by descending from the root: on each level that holds
    /// proxies, the few cells whose loose squares can reach the box follow from its corners. A cell's loose
    /// square lies inside its parent's, so these are exactly the cells the descent would reach, and sorting
    /// them by (first Morton code at the deepest level, level) restores the descent's order (a cell before
    /// its children, siblings in Morton order). Boxes spanning many cells of a level use the descent.
    template <class Visit>
    void Query(const AABB& box, Visit&& visit) const {
        VisitOverflow(box, visit);
        if (rootSize_ <= 0.0f || subtreeCount_[0] == 0) return;
        if (!FindCells(box)) {
            VisitByDescent(box, visit);
            return;
        }
        for (const auto& [order, n] : found_)
            for (int p = head_[n]; p >= 0; p = proxies_[p].next)
                if (Overlaps(proxies_[p].aabb, box)) visit(proxies_[p].userData);
    }

    /// The same visits as Query, always by descending from the root (Query's fallback for large boxes).
    template <class Visit>
    void QueryByDescent(const AABB& box, Visit&& visit) const {
        VisitOverflow(box, visit);
        if (rootSize_ <= 0.0f || subtreeCount_[0] == 0) return;
        VisitByDescent(box, visit);
    }

private:
    static constexpr int kOverflow = -1;  // Proxy::cell of a proxy in the overflow list
    static constexpr int kFree = -2;      // Proxy::cell of a free slot

    struct Proxy {
        AABB aabb{};
        int userData = -1;
        int cell = kFree;   // linear quadtree index, kOverflow or kFree
        int prev = -1;      // neighbours in the cell's (or overflow) list; next is the free list link when free
        int next = -1;
        template <class Archive>
        void Transfer(Archive& ar) {
            ar(aabb, userData, cell, prev, next);
        }
    };

    template <class Visit>
    void VisitOverflow(const AABB& box, Visit&& visit) const {
        for (int p = overflowHead_; p >= 0; p = proxies_[p].next)
            if (Overlaps(proxies_[p].aabb, box)) visit(proxies_[p].userData);
    }
    template <class Visit>
    void VisitByDescent(const AABB& box, Visit&& visit) const {
        stack_.clear();
        stack_.emplace_back(0u, 0);
        while (!stack_.empty()) {
            const auto [n, level] = stack_.back();
            stack_.pop_back();
            if (!Overlaps(LooseCell(n, level), box)) continue;
            for (int p = head_[n]; p >= 0; p = proxies_[p].next)
                if (Overlaps(proxies_[p].aabb, box)) visit(proxies_[p].userData);
            if (level == depth_) continue;
            const uint32_t first = QuadtreeFirstChild(n);
            for (uint32_t c = first + 4; c-- > first;)  // pushed last-to-first so children pop in Morton order
                if (subtreeCount_[c] > 0) stack_.emplace_back(c, level + 1);
        }
    }
    // Fills found_ with the cells holding proxies whose loose squares overlap `box`, in descent order;
    // false (found_ unusable) when some level would need more than kMaxCellsPerLevel cells examined.
    bool FindCells(const AABB& box) const;
    AABB LooseCell(uint32_t n, int level) const;
    AABB LooseCellAt(uint32_t x, uint32_t y, int level) const;  // column x, row y of `level`
    int CellOf(const AABB& box) const;
    void Link(int proxy);
    void Unlink(int proxy);
    void Rebuild();

    std::vector<Proxy> proxies_;
    int freeList_ = -1;
    int liveCount_ = 0;
    int overflowHead_ = -1;
    int overflowCount_ = 0;
    std::vector<int> head_;          // first proxy of each cell, by linear index
    std::vector<int> subtreeCount_;  // proxies in each cell and its descendants
    std::vector<int> levelCount_;    // proxies stored on each level
    std::vector<float> cellSize_;    // m, side of a cell by level
    Vec2 rootLower_{};
    float rootSize_ = 0.0f;          // m, side of the root square; 0 until the first rebuild
    int depth_ = 0;
    mutable std::vector<std::pair<uint32_t, int>> stack_;
    mutable std::vector<std::pair<uint64_t, uint32_t>> found_;  // (descent order, cell) of one query
    std::vector<float> extents_;                                 // m, proxy sizes while rebuilding
};

} // namespace sensu::detail
