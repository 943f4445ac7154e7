#pragma once
// A cheap box around a box shape's AABB, for the broad phase's per-step test of whether a body still
// sits inside its fat AABB (WorldImpl::ProxyHolds). Conservative by construction, like the continuous
// phase's bounds (continuous_bounds.h): it contains the AABB that WorldImpl::ShapeAABBAt computes, so
// a proxy that holds the bound holds the exact AABB, and the test's answer never changes, only its cost.
#include <cmath>

#include "sensu/geometry/shapes.h"
#include "sensu/math.h"

namespace sensu::detail {

// ShapeAABBAt takes the box's four corners through the body's pose (Box::Corners, then TransformPoint)
// and their minimum and maximum. Here: the exact extent |R|·h about the transformed centre, R the body's
// rotation times the box's (a product of two rotation-shaped matrices has that shape too, so the extent
// holds for rotations a few ulps off unit length), widened by 1e-5 of the magnitudes involved. Either
// computation makes about a dozen roundings, each at most 2⁻²⁴ (6e-8) of those magnitudes, so 1e-5
// covers them many times over while staying far below the fat AABB's margin (SolverSettings::aabbMargin,
// 0.1 m) for coordinates up to kilometres. Non-finite input gives a bound that no fat AABB contains
// (its comparisons fail), and the caller falls back to the exact AABB.
inline AABB BoxAABBBound(const Box& box, const Transform& xf) {
    const Rot q = xf.q, rb = box.rotation();
    const Rot r = Mul(q, rb);
    const Vec2 h = box.halfExtents(), c = box.center();
    const Vec2 w = TransformPoint(xf, c);
    const float qm = std::fabs(q.c) + std::fabs(q.s), rm = std::fabs(rb.c) + std::fabs(rb.s);
    const float magnitude = std::fabs(xf.p.x) + std::fabs(xf.p.y) + qm * (std::fabs(c.x) + std::fabs(c.y) + rm * (h.x + h.y));
    const float tol = 1e-5f * magnitude;
    const Vec2 e{std::fabs(r.c) * h.x + std::fabs(r.s) * h.y + tol, std::fabs(r.s) * h.x + std::fabs(r.c) * h.y + tol};
    return {w - e, w + e};
}

} // namespace sensu::detail
