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
    /// Once per step, before the queries: lets the quadtree fit its root to the proxies.
    void Update() {
        if (kind_ == BroadPhaseKind::MortonQuadtree) morton_.Update();
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

private:
    BroadPhaseKind kind_ = BroadPhaseKind::AabbTree;
    DynamicTree tree_;
    MortonQuadtree morton_;
};

} // namespace sensu::detail
