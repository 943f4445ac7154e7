#pragma once
// Dynamic AABB tree for the broad phase: leaves hold fattened shape AABBs, internal nodes the union of
// their children. Insertion picks the sibling that grows the total perimeter least; AVL-style rotations
// keep the height logarithmic, so queries stay O(log n) at 10,000+ proxies. Nodes live in one array
// with a free list (no per-node allocation, indices instead of pointers: deterministic).
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
    }
    /// Replaces the proxy's fat AABB (remove + re-insert).
    void MoveProxy(int proxy, const AABB& fatAabb);
    const AABB& FatAABB(int proxy) const { return nodes_[proxy].aabb; }
    int UserData(int proxy) const { return nodes_[proxy].userData; }
    int Height() const { return root_ < 0 ? 0 : nodes_[root_].height; }

    /// Snapshot support (world_snapshot.cpp): the nodes, root and free list as they are, so a loaded tree
    /// answers queries in the same order. Archive: `ar(fields…)` and `Archive::kLoading`.
    template <class Archive>
    void Transfer(Archive& ar) {
        ar(nodes_, root_, freeList_);
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

    std::vector<Node> nodes_;
    int root_ = -1;
    int freeList_ = -1;
    mutable std::vector<int> stack_;
};

} // namespace sensu::detail
