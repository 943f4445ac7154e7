#pragma once
/// Shape casts: a circle or a capsule moving linearly (no rotation) against a static shape; the time
/// of impact of seed 001 generalised from two circles to every solid shape.
///
/// The caster at fraction λ is its start pose moved by λ·translation, λ in [0, maxFraction]. A circle
/// of radius r touches a shape exactly when its centre touches the shape inflated by r (the shape's
/// Minkowski sum with the disc, a "sphere-swept volume" in seed 001's words), so a circle cast is a
/// ray cast against the inflated shape. A capsule cast adds the shape's vertices cast backwards against
/// the capsule. Results use CastOutput (raycast.h): `point` lies on the static shape's surface and
/// `normal` points from the static shape towards the caster (the A → B contract with A the shape).
///
/// Precision (issue 16, fuzzed up to 1e7 m): a path that misses a rounded part (a disc, a capsule's
/// cap, a rounded corner) by less than 5e-7 of its inflated radius counts as a graze and touches at its
/// closest approach. Normals are unit at any scale; far from the origin the hit pose is within float's
/// rounding of the coordinates (2e-5 of the largest number, as fuzzed) of touching, so a caster much
/// smaller than that (a 1 mm circle at 1e4 m) gets a normal whose direction is that rounding over its
/// radius.
#include "sensu/geometry/raycast.h"

namespace sensu {

/// A circle moving linearly: centre(λ) = center + λ·translation, λ in [0, maxFraction]. World frame.
struct CircleCastInput {
    Vec2 center{};            ///< Centre at λ = 0 (m).
    float radius = 0.0f;      ///< Radius ≥ 0 (m); 0 makes the cast a ray cast.
    Vec2 translation{};       ///< Motion (m); zero is allowed (an overlap query).
    float maxFraction = 1.0f; ///< Largest λ considered, ≥ 0.
};

/// A capsule (all points within `radius` of the segment a–b) moving linearly without rotating.
struct CapsuleCastInput {
    Vec2 a{};                 ///< Core segment end at λ = 0 (m).
    Vec2 b{};                 ///< Other core segment end at λ = 0 (m); may equal a.
    float radius = 0.0f;      ///< Radius ≥ 0 (m).
    Vec2 translation{};       ///< Motion (m); zero is allowed.
    float maxFraction = 1.0f; ///< Largest λ considered, ≥ 0.
};

/// Earliest λ at which the moving circle touches the shape. When it starts touching or overlapping:
/// startsInside, fraction 0, point = the circle's centre, normal opposite the translation.
/// Throws InvalidArgument for non-finite input, a negative radius or a negative maxFraction.
///@{
CastOutput CircleCast(const Circle& shape, const Transform& xf, const CircleCastInput& input);
CastOutput CircleCast(const Capsule& shape, const Transform& xf, const CircleCastInput& input);
CastOutput CircleCast(const Box& shape, const Transform& xf, const CircleCastInput& input);
CastOutput CircleCast(const ConvexPolygon& shape, const Transform& xf, const CircleCastInput& input);
CastOutput CircleCast(const Segment& shape, const Transform& xf, const CircleCastInput& input);
///@}

/// Earliest λ at which the moving capsule touches the shape. When it starts touching or overlapping:
/// startsInside, fraction 0, point = the capsule's end a, normal opposite the translation.
/// Throws InvalidArgument for non-finite input, a negative radius or a negative maxFraction.
///@{
CastOutput CapsuleCast(const Circle& shape, const Transform& xf, const CapsuleCastInput& input);
CastOutput CapsuleCast(const Capsule& shape, const Transform& xf, const CapsuleCastInput& input);
CastOutput CapsuleCast(const Box& shape, const Transform& xf, const CapsuleCastInput& input);
CastOutput CapsuleCast(const ConvexPolygon& shape, const Transform& xf, const CapsuleCastInput& input);
CastOutput CapsuleCast(const Segment& shape, const Transform& xf, const CapsuleCastInput& input);
///@}

} // namespace sensu
