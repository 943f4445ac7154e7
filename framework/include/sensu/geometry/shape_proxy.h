#pragma once
/// ShapeProxy: any convex solid shape as the convex hull of a few points inflated by a radius, the form
/// the GJK distance (distance.h) and the shape casts work on. Circle = 1 point + radius, Capsule = 2
/// points + radius, Segment = 2 points, Box = 4 corners, ConvexPolygon = its vertices.
#include <array>
#include <span>

#include "sensu/geometry/shapes.h"

namespace sensu {

/// A convex shape as the hull of `count` points inflated by `radius`.
struct ShapeProxy {
    std::array<Vec2, kMaxPolygonVertices> points{};  ///< in the shape's local frame, m
    int count = 0;                                    ///< 1 … kMaxPolygonVertices
    float radius = 0.0f;                              ///< ≥ 0, m
};

///@{
/// The shape as a proxy in its own local frame (see the list at the top of this header).
ShapeProxy MakeProxy(const Circle& circle);
ShapeProxy MakeProxy(const Capsule& capsule);
ShapeProxy MakeProxy(const Box& box);
ShapeProxy MakeProxy(const ConvexPolygon& polygon);
ShapeProxy MakeProxy(const Segment& segment);
///@}
/// The convex hull of 1 … kMaxPolygonVertices finite points (any order, duplicates allowed) inflated by
/// radius ≥ 0. Throws InvalidArgument otherwise.
ShapeProxy MakeProxy(std::span<const Vec2> points, float radius);

} // namespace sensu
