#pragma once
/// A convex shape reduced to its core and a rounding radius: a disc is one point, a capsule two, a box
/// or polygon its CCW vertices with radius 0. The swept regions and the rotating time of impact work
/// on this one form, so every shape pair shares one code path.
#include <array>

#include "sensu/geometry/shapes.h"

namespace sensu {

/// The lines of a rounded core's edges as seen from its origin (the pivot of a sweep), computed once
/// per core by EdgesOf for the arc tests of the swept regions: line i is {x : n_i·x = offset[i]}
/// (n_i its outward unit normal) and the edge spans middle[i] ± halfLength[i] along LeftPerp(n_i).
/// A capsule core has two lines (its edge, and the same edge reversed for the far side, normal
/// −normals[0]), a disc none.
struct RoundedCoreEdges {
    std::array<float, kMaxPolygonVertices> offset{};     ///< n_i·(a point of edge i) (m)
    std::array<float, kMaxPolygonVertices> middle{};     ///< middle of edge i along LeftPerp(n_i) (m)
    std::array<float, kMaxPolygonVertices> halfLength{}; ///< half the length of edge i (m), ≥ 0
    int count = 0;                                       ///< number of lines
};

/// A convex shape as a core (point, segment or polygon) rounded by a radius, prepared for
/// the time of impact of rotating bodies.
struct RoundedCore {
    std::array<Vec2, kMaxPolygonVertices> points{};  ///< core points (m), CCW when count ≥ 3
    std::array<Vec2, kMaxPolygonVertices> normals{}; ///< outward unit normal of edge i (i → i+1); a two-point
                                                     ///< core has one, for the side to the right of a → b
    int count = 0;       ///< 1 = disc, 2 = capsule, ≥ 3 = convex polygon
    float radius = 0.0f; ///< rounding radius (m), ≥ 0
    /// Derived once when the core is built (ToRoundedCore) or moved, like a distance proxy's data, so
    /// the rotating time of impact does not recompute them per query: the edge lines (EdgesOf; none
    /// for a disc) and the largest distance of a core point from the origin (m). A core whose points
    /// are edited by hand must be built again with ToRoundedCore.
    RoundedCoreEdges lines{};  ///< edge lines of the core (EdgesOf)
    float maxRadius = 0.0f;  ///< largest |point| of the core (m)
    std::array<float, kMaxPolygonVertices> pointRadius{}; ///< |points[i]| (m)
    ///@{
    /// For an arc about the origin entering edge line i pushed out to offset D (see RoundedCoreEdges):
    /// the entry can lie on the edge only when h² = ρ² − D² is within entryHalf2 of entryMiddle2 (the
    /// middle and half width of the squared span of h; index 0 for an arc running CCW, 1 for CW; a
    /// zero span when that direction can only graze the edge's end; the half width includes a
    /// rounding allowance). Lets a query skip most edges with one compare and no square root.
    std::array<std::array<float, kMaxPolygonVertices>, 2> entryMiddle2{}, entryHalf2{};
    ///@}
};

/// The edge lines of `core` (see RoundedCoreEdges). Recompute them whenever the core changes.
RoundedCoreEdges EdgesOf(const RoundedCore& core);

/// The shape as a rounded core in its own frame (placed by xf when given). Build it once per shape and
/// reuse it for many queries, like a distance proxy.
///@{
RoundedCore ToRoundedCore(const Circle& shape, const Transform& xf = {});
RoundedCore ToRoundedCore(const Capsule& shape, const Transform& xf = {});
RoundedCore ToRoundedCore(const Box& shape, const Transform& xf = {});
RoundedCore ToRoundedCore(const ConvexPolygon& shape, const Transform& xf = {});
///@}

} // namespace sensu
