#pragma once
// Internal to the swept-region and rotating time-of-impact code: a shape reduced to its convex core
// (1 point, 2 points or a CCW polygon) plus a rounding radius, and exact distances on such cores.
#include <array>
#include <span>

#include "sensu/geometry/arc.h"
#include "sensu/geometry/shapes.h"
#include "sensu/geometry/swept_region.h"

namespace sensu::swept {

struct RoundedCore {
    std::array<Vec2, kMaxPolygonVertices> points{};
    int count = 0;       // 1 = disc, 2 = capsule, ≥ 3 = CCW convex polygon
    float radius = 0.0f; // rounding (m)
};

RoundedCore CoreOf(const Circle& shape, const Transform& xf = {});
RoundedCore CoreOf(const Capsule& shape, const Transform& xf = {});
RoundedCore CoreOf(const Box& shape, const Transform& xf = {});
RoundedCore CoreOf(const ConvexPolygon& shape, const Transform& xf = {});
RoundedCore CoreOf(const Segment& shape, const Transform& xf = {});
/// Throws InvalidArgument when the sweep holds non-finite numbers.
void RequireValid(const RotationalSweep& sweep);

/// p inside (or on) the CCW convex polygon pts[0..n), n ≥ 3.
bool PointInConvex(Vec2 p, const Vec2* pts, int n);

/// Squared distance from p to the solid core (0 inside).
float DistanceSquaredPointCore(Vec2 p, const Vec2* pts, int n);

/// Squared distance between the arc and the solid core (0 when they meet). Returns as soon as a
/// value ≤ limitSquared is found (then it may not be the minimum).
float DistanceSquaredArcCore(const Arc& arc, const Vec2* pts, int n, float limitSquared);

/// Squared distance between two solid cores (0 when they overlap): vertex containment, then all
/// pairs of boundary segments (at most 8 × 8).
float DistanceSquaredCores(const Vec2* a, int na, const Vec2* b, int nb);

struct CoreClosestPoints {
    float distanceSquared = 0.0f;
    Vec2 onA{}, onB{}; // closest points (equal, somewhere in the overlap, when the cores overlap)
};

/// Like DistanceSquaredCores, also returning the closest points.
CoreClosestPoints ClosestPointsCores(const Vec2* a, int na, const Vec2* b, int nb);

/// Distance from the origin to the solid core (0 when the origin is inside) and the closest point.
float DistanceFromOrigin(const Vec2* pts, int n, Vec2* closest);

/// Largest |p| over the core points.
float MaxRadius(const Vec2* pts, int n);

} // namespace sensu::swept
