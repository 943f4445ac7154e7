#pragma once
/// Closest points and distance between two convex shapes (GJK on their ShapeProxy form).
#include "sensu/geometry/shape_proxy.h"

namespace sensu {

/// Closest points and distance of two convex shapes.
struct DistanceResult {
    Vec2 pointA{};       ///< world point on A's surface closest to B, m
    Vec2 pointB{};       ///< world point on B's surface closest to A, m
    float distance = 0;  ///< ≥ 0, m; 0 when the shapes touch or overlap
    Vec2 normal{};       ///< world unit vector from A to B along which the distance is measured; (0, 0)
                         ///< when the cores (the shapes without their radii) touch or overlap
    int iterations = 0;  ///< GJK iterations used (diagnostic)
};

/// GJK distance between two proxies placed by xfA and xfB. Exact for the polygon cores up to float
/// round-off; radii are then subtracted. Overlapping shapes give distance 0 with pointA = pointB (a
/// point in the overlap when the cores are apart, else a point near both cores). No allocation.
DistanceResult ShapeDistance(const ShapeProxy& a, const Transform& xfA, const ShapeProxy& b, const Transform& xfB);

/// ShapeDistance for any two solid shapes (Circle, Capsule, Box, ConvexPolygon, Segment).
template <class A, class B>
    requires requires(const A& a, const B& b) {
        MakeProxy(a);
        MakeProxy(b);
    }
DistanceResult Distance(const A& a, const Transform& xfA, const B& b, const Transform& xfB) {
    return ShapeDistance(MakeProxy(a), xfA, MakeProxy(b), xfB);
}

} // namespace sensu
