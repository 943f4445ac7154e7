#pragma once
/// Convex hulls: of points, of a sprite's mask, and simplified to a ConvexPolygon (≤ kMaxPolygonVertices)
/// that still contains the hull. The convex hull is what engines usually offer for a sprite; the
/// circle approximation (circle_approximation.h) is measured against it.
#include <span>
#include <vector>

#include "sensu/geometry/alpha_mask.h"
#include "sensu/geometry/shapes.h"

namespace sensu {

/// Convex hull of finite points, counter-clockwise (y up), without repeated or collinear points
/// (Andrew's monotone chain, O(n log n)). Returns fewer than 3 points when all points are collinear
/// or coincident. Throws InvalidArgument for non-finite points.
std::vector<Vec2> ConvexHull(std::span<const Vec2> points);

/// Convex hull of the occupied pixel squares of `mask`, in body-local metres (counter-clockwise, y up).
/// Throws InvalidArgument for an empty mask or a bad frame.
std::vector<Vec2> MaskConvexHull(const AlphaMask& mask, const PixelFrame& frame);

/// A ConvexPolygon of at most maxVertices (3 … kMaxPolygonVertices) vertices containing the convex
/// polygon `hull` (counter-clockwise): while there are too many, the edge whose removal adds the least
/// area is removed by extending its two neighbours until they meet. Vertices whose turn is below 1e-5
/// of the polygon's size are then dropped (ConvexPolygon rejects collinear vertices); that may shave
/// at most that distance. Throws InvalidArgument for fewer than 3 vertices or a bad maxVertices.
ConvexPolygon SimplifyConvexHull(std::span<const Vec2> hull, int maxVertices = kMaxPolygonVertices);

/// Intersection over union of the pixels whose centres lie in the convex polygon (body-local metres,
/// counter-clockwise; placed on the image by `frame`) and the occupied pixels of the mask.
double PolygonCoverageIoU(const AlphaMask& mask, const PixelFrame& frame, std::span<const Vec2> polygon);

} // namespace sensu
