#pragma once
// The world's broad phase: the dynamic AABB tree (default) or the Morton-ordered linear quadtree, chosen by
// SolverSettings::broadPhase. Both store fat AABBs under proxy ids and report every proxy whose fat AABB
// overlaps a query box, so the world's pair finding does not depend on which one is in use.
#include "dynamic_tree.h"
#include "morton_quadtree.h"
#include "sensu/physics/solver_settings.h"

namespace sensu::detail {

class BroadPhase {
public:
    BroadPhaseKind Kind() const { return kind_; }
    /// Only while no proxy exists (the world moves its proxies across when the kind changes).
    void SetKind(BroadPhaseKind kind) { kind_ = kind; }

    int CreateProxy(const AABB& fatAabb, int userData) {
        return kind_ == BroadPhaseKind::MortonQuadtree ? morton_.CreateProxy(fatAabb, userData) : tree_.CreateProxy(fatAabb, userData);
    }
    void DestroyProxy(int proxy) {
        if (kind_ == BroadPhaseKind::MortonQuadtree) {
            morton_.DestroyProxy(proxy);
        } else {
            tree_.DestroyProxy(proxy);
        }
    }
    void MoveProxy(int proxy, const AABB& fatAabb) {
        if (kind_ == BroadPhaseKind::MortonQuadtree) {
            morton_.MoveProxy(proxy, fatAabb);
        } else {
            tree_.MoveProxy(proxy, fatAabb);
        }
    }
    /// Once per step, before the queries: lets the quadtree fit its root to the proxies, and the tree
    /// rebuild itself when many proxies moved (DynamicTree::RebuildIfWorn).
    void Update() {
        if (kind_ == BroadPhaseKind::MortonQuadtree) {
            morton_.Update();
        } else {
            tree_.RebuildIfWorn();
        }
    }
    const AABB& FatAABB(int proxy) const {
        return kind_ == BroadPhaseKind::MortonQuadtree ? morton_.FatAABB(proxy) : tree_.FatAABB(proxy);
    }
    /// Calls visit(userData) for every proxy whose fat AABB overlaps `box` (order depends on the kind).
    template <class Visit>
    void Query(const AABB& box, Visit&& visit) const {
        if (kind_ == BroadPhaseKind::MortonQuadtree) {
            morton_.Query(box, visit);
        } else {
            tree_.Query(box, visit);
        }
    }

    /// Snapshot support (world_snapshot.cpp): both structures as they are (the one not in use holds no live
    /// proxy, but its free lists decide the ids it hands out after a switch back).
    template <class Archive>
    void Transfer(Archive& ar) {
        ar(kind_, tree_, morton_);
    }
    /// After loading untrusted data: nullptr when both structures are consistent, else what is wrong.
    const char* RestoreAfterLoad() {
        if (const char* problem = tree_.CheckStructure()) return problem;
        if (const char* problem = morton_.RestoreCells()) return problem;
        const int unused = kind_ == BroadPhaseKind::MortonQuadtree ? tree_.ProxyCount() : morton_.ProxyCount();
        return unused == 0 ? nullptr : "the broad phase not in use holds proxies";
    }
    /// Whether `proxy` is a live proxy (any int is accepted), the shape index it holds, how many are live.
    bool IsProxy(int proxy) const { return kind_ == BroadPhaseKind::MortonQuadtree ? morton_.IsProxy(proxy) : tree_.IsProxy(proxy); }
    int UserData(int proxy) const { return kind_ == BroadPhaseKind::MortonQuadtree ? morton_.UserData(proxy) : tree_.UserData(proxy); }
    int ProxyCount() const { return kind_ == BroadPhaseKind::MortonQuadtree ? morton_.ProxyCount() : tree_.ProxyCount(); }

private:
    BroadPhaseKind kind_ = BroadPhaseKind::AabbTree;
    DynamicTree tree_;
    MortonQuadtree morton_;
};

} // namespace sensu::detail
