#pragma once
// Dynamic AABB tree for the broad phase: leaves hold fattened shape AABBs, internal nodes the union of
// their children. Insertion picks the sibling that grows the total perimeter least; AVL-style rotations
// keep the height logarithmic, so queries stay O(log n) at 10,000+ proxies. Nodes live in one array
// with a free list (no per-node allocation, indices instead of pointers: deterministic).
//
// Inserting one leaf at a time keeps the height low but not the boxes tight: after many moves of
// far-apart proxies, internal nodes span kilometres of empty space. In sensu-bench-soak (10,000 bodies,
// half of them far and fast, re-inserting a few thousand proxies a step) a 2 m × 4 m box near the pile
// overlapped 600 internal nodes at the first step and 1,850 after 60 steps (it holds 1–2 leaves), so
// every query there visited thousands of nodes and the step time grew with the step number. So once a
// step (RebuildIfWorn) a tree with as many leaf changes as leaves since it was last built is
// rebuilt top down: with that, 50–210 nodes overlapped the box at the end of each step (after that step's
// re-insertions) over the same 60 steps, and the step took 80 ms instead of 430 ms at step 60.
#include <cstdint>
#include <vector>

#include "sensu/math/aabb.h"

namespace sensu::detail {

class DynamicTree {
public:
    /// Returns the proxy id (a leaf node index) holding `userData`.
    int CreateProxy(const AABB& fatAabb, int userData);
    void DestroyProxy(int proxy);
    /// Removes every proxy, keeping the node array's capacity (a tree rebuilt each step allocates once).
    void Clear() {
        nodes_.clear();
        root_ = -1;
        freeList_ = -1;
        changesSinceBuild_ = 0;
    }
    /// Rebuilds every internal node top down from the leaves, splitting at the median of their centres
    /// along the axis where the centres spread most (height ⌈log₂ n⌉). Proxy ids, fat AABBs and user data
    /// stay as they are; only the order of a query's visits changes.
    void Rebuild();
    /// Rebuild() when the proxies created, destroyed and moved since the last build number at least as
    /// many as there are proxies (the node array holds about two nodes per proxy); otherwise nothing.
    /// The O(n log n) rebuild then costs O(log n) per change, the order of the re-insertions themselves.
    void RebuildIfWorn();
    /// Replaces the proxy's fat AABB (remove + re-insert).
    void MoveProxy(int proxy, const AABB& fatAabb);
    const AABB& FatAABB(int proxy) const { return nodes_[proxy].aabb; }
    int UserData(int proxy) const { return nodes_[proxy].userData; }
    int Height() const { return root_ < 0 ? 0 : nodes_[root_].height; }

    /// Snapshot support (world_snapshot.cpp): the nodes, root and free list as they are, so a loaded tree
    /// answers queries in the same order. Archive: `ar(fields…)` and `Archive::kLoading`.
    template <class Archive>
    void Transfer(Archive& ar) {
        ar(nodes_, root_, freeList_, changesSinceBuild_);
    }
    /// After loading untrusted data: nullptr when the nodes form one tree (children in range, parents
    /// pointing back, heights as Refit sets them) plus a free list holding every other node; otherwise
    /// what is wrong.
    const char* CheckStructure() const;
    /// Whether `id` is a live proxy (a leaf of the tree); any int is accepted.
    bool IsProxy(int id) const { return id >= 0 && id < static_cast<int>(nodes_.size()) && nodes_[id].height == 0; }
    int ProxyCount() const;

    /// Calls visit(userData) for every proxy whose fat AABB overlaps `box`, in a deterministic order.
    template <class Visit>
    void Query(const AABB& box, Visit&& visit) const {
        if (root_ < 0) return;
        stack_.clear();
        stack_.push_back(root_);
        while (!stack_.empty()) {
            const int id = stack_.back();
            stack_.pop_back();
            const Node& node = nodes_[id];
            if (!Overlaps(node.aabb, box)) continue;
            if (node.IsLeaf()) {
                visit(node.userData);
            } else {
                stack_.push_back(node.child1);
                stack_.push_back(node.child2);
            }
        }
    }

private:
    struct Node {
        AABB aabb{};
        int parent = -1;  // next free node while on the free list
        int child1 = -1;
        int child2 = -1;
        int height = 0;   // leaf 0, free -1
        int userData = -1;
        bool IsLeaf() const { return child1 < 0; }
        template <class Archive>
        void Transfer(Archive& ar) {
            ar(aabb, parent, child1, child2, height, userData);
        }
    };

    int AllocateNode();
    void FreeNode(int id);
    void InsertLeaf(int leaf);
    void RemoveLeaf(int leaf);
    int Balance(int a);
    void Refit(int id);
    int BuildSubtree(int* leaves, int count);

    std::vector<Node> nodes_;
    int root_ = -1;
    int freeList_ = -1;
    int changesSinceBuild_ = 0;  // proxies created, destroyed or moved since the last Rebuild
    mutable std::vector<int> stack_;  // Query's traversal stack; Rebuild's list of leaves
};

} // namespace sensu::detail
