#pragma once
/// A convex shape reduced to its core and a rounding radius: a disc is one point, a capsule two, a box
/// or polygon its CCW vertices with radius 0. The swept regions and the rotating time of impact work
/// on this one form, so every shape pair shares one code path.
#include <array>

#include "sensu/geometry/shapes.h"

namespace sensu {

struct RoundedCore {
    std::array<Vec2, kMaxPolygonVertices> points{};  ///< core points (m), CCW when count ≥ 3
    std::array<Vec2, kMaxPolygonVertices> normals{}; ///< outward unit normal of edge i (i → i+1); a two-point
                                                     ///< core has one, for the side to the right of a → b
    int count = 0;       ///< 1 = disc, 2 = capsule, ≥ 3 = convex polygon
    float radius = 0.0f; ///< rounding radius (m), ≥ 0
};

/// The shape as a rounded core in its own frame (placed by xf when given). Build it once per shape and
/// reuse it for many queries, like a distance proxy.
RoundedCore ToRoundedCore(const Circle& shape, const Transform& xf = {});
RoundedCore ToRoundedCore(const Capsule& shape, const Transform& xf = {});
RoundedCore ToRoundedCore(const Box& shape, const Transform& xf = {});
RoundedCore ToRoundedCore(const ConvexPolygon& shape, const Transform& xf = {});

} // namespace sensu
