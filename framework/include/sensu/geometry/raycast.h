#pragma once
/// Ray and segment casts against every shape.
///
/// A ray is the segment origin → origin + maxFraction·translation, parameterised by the fraction λ:
/// p(λ) = origin + λ·translation, λ in [0, maxFraction]. The cast reports the first point of the
/// shape along it. Shapes are solid (a cast starting inside hits at once), except Segment, which has
/// no inside. Shapes are given in their local frame and placed by `xf`.
#include "sensu/geometry/shapes.h"

namespace sensu {

/// A ray (or a segment when maxFraction = 1): p(λ) = origin + λ·translation, λ in [0, maxFraction].
struct RayCastInput {
    Vec2 origin{};            ///< Start point (m, world frame).
    Vec2 translation{};       ///< Direction and length (m); zero is allowed (a point query).
    float maxFraction = 1.0f; ///< Largest λ considered, ≥ 0.
};

/// Result of a ray or shape cast.
struct CastOutput {
    bool hit = false;          ///< The cast touches the shape at some λ in [0, maxFraction].
    bool startsInside = false; ///< Already touching or inside at λ = 0 (then fraction = 0, point = start).
    float fraction = 0.0f;     ///< λ of the first contact (valid when hit).
    Vec2 point{};              ///< First contact point on the shape's surface (m, world frame).
    /// Unit surface normal at `point`, pointing out of the shape (from the shape towards the caster).
    /// When startsInside: the direction opposite the translation, or (0, 0) for a zero translation.
    Vec2 normal{};
};

/// First hit of the ray on a solid circle. Grazing (tangent) rays hit.
CastOutput RayCast(const Circle& circle, const Transform& xf, const RayCastInput& input);
/// First hit on a solid capsule (radius 0 behaves as its segment).
CastOutput RayCast(const Capsule& capsule, const Transform& xf, const RayCastInput& input);
/// First hit on a solid oriented box. Rays along an edge hit it.
CastOutput RayCast(const Box& box, const Transform& xf, const RayCastInput& input);
/// First hit on a solid convex polygon. Rays along an edge hit it.
CastOutput RayCast(const ConvexPolygon& polygon, const Transform& xf, const RayCastInput& input);
/// First hit on a two-sided segment; the normal faces the ray's origin. A collinear overlapping ray
/// hits the first common point with the normal opposite the translation.
CastOutput RayCast(const Segment& segment, const Transform& xf, const RayCastInput& input);
/// First hit on the colliding (right) side of a one-sided chain segment; the normal is the segment's.
/// A ray that starts behind the segment's line or does not move against its normal never hits it.
CastOutput RayCast(const ChainSegment& segment, const Transform& xf, const RayCastInput& input);
/// First hit on a solid annular sector (seed 000 fan): outer arc (normal outward), inner arc (normal
/// towards the centre), or a radial edge (normal facing the ray). Half angle 0 behaves as a segment.
CastOutput RayCast(const Sector& sector, const Transform& xf, const RayCastInput& input);

} // namespace sensu
