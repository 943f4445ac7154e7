#include "dynamic_tree.h"

#include <algorithm>

namespace sensu::detail {

int DynamicTree::AllocateNode() {
    if (freeList_ < 0) {
        nodes_.emplace_back();
        return static_cast<int>(nodes_.size()) - 1;
    }
    const int id = freeList_;
    freeList_ = nodes_[id].parent;
    nodes_[id] = Node{};
    return id;
}

void DynamicTree::FreeNode(int id) {
    nodes_[id].parent = freeList_;
    nodes_[id].height = -1;
    freeList_ = id;
}

int DynamicTree::CreateProxy(const AABB& fatAabb, int userData) {
    const int leaf = AllocateNode();
    nodes_[leaf].aabb = fatAabb;
    nodes_[leaf].userData = userData;
    nodes_[leaf].height = 0;
    InsertLeaf(leaf);
    ++changesSinceBuild_;
    return leaf;
}

void DynamicTree::DestroyProxy(int proxy) {
    RemoveLeaf(proxy);
    FreeNode(proxy);
    ++changesSinceBuild_;
}

void DynamicTree::MoveProxy(int proxy, const AABB& fatAabb) {
    RemoveLeaf(proxy);
    nodes_[proxy].aabb = fatAabb;
    InsertLeaf(proxy);
    ++changesSinceBuild_;
}

void DynamicTree::Refit(int id) {
    Node& n = nodes_[id];
    n.aabb = Union(nodes_[n.child1].aabb, nodes_[n.child2].aabb);
    n.height = 1 + std::max(nodes_[n.child1].height, nodes_[n.child2].height);
}

void DynamicTree::InsertLeaf(int leaf) {
    if (root_ < 0) {
        root_ = leaf;
        nodes_[leaf].parent = -1;
        return;
    }
    // Descend towards the sibling whose pairing adds the least perimeter: pairing with `node` costs
    // perimeter(node ∪ leaf) (the new parent) plus the growth of every ancestor on the way down.
    const AABB box = nodes_[leaf].aabb;
    int node = root_;
    while (!nodes_[node].IsLeaf()) {
        const Node& n = nodes_[node];
        const float combined = Union(n.aabb, box).Perimeter();
        const float pairHere = 2.0f * combined;
        const float inherited = 2.0f * (combined - n.aabb.Perimeter());
        auto descendCost = [&](int child) {
            const AABB& c = nodes_[child].aabb;
            const float grown = Union(c, box).Perimeter();
            return nodes_[child].IsLeaf() ? grown + inherited : (grown - c.Perimeter()) + inherited;
        };
        const float cost1 = descendCost(n.child1);
        const float cost2 = descendCost(n.child2);
        if (pairHere < cost1 && pairHere < cost2) break;
        node = cost1 <= cost2 ? n.child1 : n.child2;
    }

    const int sibling = node;
    const int oldParent = nodes_[sibling].parent;
    const int newParent = AllocateNode();
    nodes_[newParent].parent = oldParent;
    nodes_[newParent].child1 = sibling;
    nodes_[newParent].child2 = leaf;
    nodes_[sibling].parent = newParent;
    nodes_[leaf].parent = newParent;
    Refit(newParent);
    if (oldParent < 0) {
        root_ = newParent;
    } else if (nodes_[oldParent].child1 == sibling) {
        nodes_[oldParent].child1 = newParent;
    } else {
        nodes_[oldParent].child2 = newParent;
    }

    for (int id = nodes_[leaf].parent; id >= 0; id = nodes_[id].parent) {
        id = Balance(id);
        Refit(id);
    }
}

void DynamicTree::RemoveLeaf(int leaf) {
    if (leaf == root_) {
        root_ = -1;
        return;
    }
    const int parent = nodes_[leaf].parent;
    const int grandParent = nodes_[parent].parent;
    const int sibling = nodes_[parent].child1 == leaf ? nodes_[parent].child2 : nodes_[parent].child1;
    if (grandParent < 0) {
        root_ = sibling;
        nodes_[sibling].parent = -1;
        FreeNode(parent);
        return;
    }
    if (nodes_[grandParent].child1 == parent) {
        nodes_[grandParent].child1 = sibling;
    } else {
        nodes_[grandParent].child2 = sibling;
    }
    nodes_[sibling].parent = grandParent;
    FreeNode(parent);
    for (int id = grandParent; id >= 0; id = nodes_[id].parent) {
        id = Balance(id);
        Refit(id);
    }
}

// If one child of `a` is more than one level taller than the other, rotate the taller child up into
// a's place and hang the shorter of its own children under `a`. Returns the node now at a's position.
int DynamicTree::Balance(int a) {
    Node& A = nodes_[a];
    if (A.IsLeaf() || A.height < 2) return a;
    const int b = A.child1;
    const int c = A.child2;
    const int balance = nodes_[c].height - nodes_[b].height;
    if (balance >= -1 && balance <= 1) return a;

    const bool rightHeavy = balance > 1;
    const int up = rightHeavy ? c : b;       // the child that rises
    const int stay = rightHeavy ? b : c;     // a's other child, stays under a
    const int f = nodes_[up].child1;
    const int g = nodes_[up].child2;

    // `up` takes a's place.
    nodes_[up].parent = A.parent;
    if (A.parent < 0) {
        root_ = up;
    } else if (nodes_[A.parent].child1 == a) {
        nodes_[A.parent].child1 = up;
    } else {
        nodes_[A.parent].child2 = up;
    }
    A.parent = up;

    // The taller grandchild stays with `up`; the shorter one moves under `a` beside `stay`.
    const bool fTaller = nodes_[f].height > nodes_[g].height;
    const int keep = fTaller ? f : g;
    const int move = fTaller ? g : f;
    nodes_[up].child1 = a;
    nodes_[up].child2 = keep;
    A.child1 = stay;
    A.child2 = move;
    nodes_[move].parent = a;
    nodes_[stay].parent = a;
    nodes_[keep].parent = up;
    Refit(a);
    Refit(up);
    return up;
}

void DynamicTree::RebuildIfWorn() {
    if (changesSinceBuild_ > 0 && 2 * static_cast<size_t>(changesSinceBuild_) >= nodes_.size()) Rebuild();
}

void DynamicTree::Rebuild() {
    changesSinceBuild_ = 0;
    std::vector<int>& leaves = stack_;  // no query runs during a rebuild
    leaves.clear();
    for (int id = 0; id < static_cast<int>(nodes_.size()); ++id) {
        if (nodes_[id].height == 0) {
            leaves.push_back(id);
        } else if (nodes_[id].height > 0) {
            FreeNode(id);
        }
    }
    root_ = leaves.empty() ? -1 : BuildSubtree(leaves.data(), static_cast<int>(leaves.size()));
    if (root_ >= 0) nodes_[root_].parent = -1;
    leaves.clear();
}

// The subtree over `count` leaves: the smaller half by centre (ties by id, so the tree does not depend on
// the standard library's partition) along the axis of the centres' wider spread goes left.
int DynamicTree::BuildSubtree(int* leaves, int count) {
    if (count == 1) return leaves[0];
    Vec2 lo = nodes_[leaves[0]].aabb.Center(), hi = lo;
    for (int k = 1; k < count; ++k) {
        const Vec2 c = nodes_[leaves[k]].aabb.Center();
        lo = Min(lo, c);
        hi = Max(hi, c);
    }
    const bool alongX = hi.x - lo.x >= hi.y - lo.y;
    auto key = [&](int id) {
        const Vec2 c = nodes_[id].aabb.Center();
        return alongX ? c.x : c.y;
    };
    const int half = count / 2;
    std::nth_element(leaves, leaves + half, leaves + count, [&](int a, int b) {
        const float ka = key(a), kb = key(b);
        return ka < kb || (ka == kb && a < b);
    });
    const int left = BuildSubtree(leaves, half);
    const int right = BuildSubtree(leaves + half, count - half);
    const int node = AllocateNode();  // after the children: allocation may move the node array
    nodes_[node].child1 = left;
    nodes_[node].child2 = right;
    nodes_[left].parent = node;
    nodes_[right].parent = node;
    Refit(node);
    return node;
}

int DynamicTree::ProxyCount() const {
    int n = 0;
    for (const Node& node : nodes_) n += node.height == 0 ? 1 : 0;
    return n;
}

const char* DynamicTree::CheckStructure() const {
    const int n = static_cast<int>(nodes_.size());
    auto inRange = [n](int id) { return id >= 0 && id < n; };
    if (root_ != -1 && !(inRange(root_) && nodes_[root_].parent == -1)) return "dynamic tree: bad root";
    if (changesSinceBuild_ < 0) return "dynamic tree: negative count of changes since the last build";
    // Every node reached once from the root (no cycles, no shared children), children pointing back.
    std::vector<uint8_t> seen(static_cast<size_t>(n), 0);
    std::vector<int> reached;
    if (root_ >= 0) reached.push_back(root_);
    for (size_t k = 0; k < reached.size(); ++k) {
        const int id = reached[k];
        if (seen[id]) return "dynamic tree: a node is reached twice";
        seen[id] = 1;
        const Node& node = nodes_[id];
        if (node.child1 < 0) {
            if (node.child2 != -1 || node.height != 0) return "dynamic tree: a leaf has a child or a height";
            continue;
        }
        for (int child : {node.child1, node.child2}) {
            if (!inRange(child) || nodes_[child].parent != id) return "dynamic tree: a child is out of range or has another parent";
            reached.push_back(child);
        }
    }
    // Heights as Refit sets them (Balance relies on them to find internal nodes).
    for (int id : reached) {
        const Node& node = nodes_[id];
        if (node.child1 >= 0 && node.height != 1 + std::max(nodes_[node.child1].height, nodes_[node.child2].height))
            return "dynamic tree: a node's height is not one more than its taller child's";
    }
    int free = 0;
    for (int id = freeList_; id != -1; id = nodes_[id].parent) {
        if (!inRange(id) || seen[id] || nodes_[id].height != -1) return "dynamic tree: bad free list";
        seen[id] = 1;
        ++free;
    }
    if (static_cast<int>(reached.size()) + free != n) return "dynamic tree: a node is neither in the tree nor free";
    return nullptr;
}

} // namespace sensu::detail
