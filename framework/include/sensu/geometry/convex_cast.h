#pragma once
/// Convex shape cast (Box2D's b2ShapeCast): any convex shape moving linearly, without rotating, against
/// any static convex shape, both as ShapeProxy (shape_proxy.h: circle, capsule, box, polygon, segment).
///
/// Method (the 2D form of G. van den Bergen's "ray casting against general convex objects"): the caster
/// A moved by x touches the target B exactly when x lies in the Minkowski difference B − A of the two
/// cores inflated by rA + rB. In 2D that difference is the convex hull of the ≤ 64 differences of the
/// two cores' points, so it is built explicitly and the cast becomes one ray cast from the origin along
/// the translation against the rounded hull (the ray casts of raycast.h). No iteration, no conservative
/// advancement: the answer is exact up to float round-off.
///
/// Precision: the hull is built from the caster's points placed in the target's frame (relative
/// coordinates, so distance from the world origin costs nothing); hull points closer than 1e-6 of the
/// hull's size are merged. The reported pose is within about 1e-6 of the problem's scale (the shapes'
/// sizes, their distance and the cast's length) of touching (the tests check 2e-5 of that scale against
/// double-precision brute force). As with the other casts, a path that grazes the target counts as a hit.
///
/// Results use CastOutput (raycast.h): `point` lies on both surfaces at the moment of contact and
/// `normal` points out of the target towards the caster (so normal·translation ≤ 0).
#include "sensu/geometry/raycast.h"
#include "sensu/geometry/shape_proxy.h"

namespace sensu {

/// The moving shape: `caster` placed by `transform` at λ = 0 and moved by λ·translation,
/// λ in [0, maxFraction].
struct ConvexCastInput {
    ShapeProxy caster{};      ///< The moving shape in its own frame (MakeProxy).
    Transform transform{};    ///< Its pose at λ = 0 (m, world; the rotation stays fixed).
    Vec2 translation{};       ///< Motion (m, world); zero is allowed (an overlap query).
    float maxFraction = 1.0f; ///< Largest λ considered, ≥ 0.
};

/// Earliest λ at which the moving caster touches `shape` placed by `xf` (a static target).
///
/// Hit: fraction λ, `point` = the contact point on both surfaces (m, world), `normal` = unit normal out
/// of the target towards the caster. For two faces meeting flat the point is one point of the touching
/// interval. When the shapes already touch or overlap at λ = 0 (as Box2D, whose normal is zero there):
/// startsInside, fraction 0, `point` = a point in the overlap (ShapeDistance's witness: exactly in both
/// shapes up to round-off) and `normal` = the direction opposite the translation, (0, 0) for none.
/// Throws InvalidArgument for a proxy with 0 or more than kMaxPolygonVertices points, non-finite input,
/// a negative radius or a negative maxFraction.
CastOutput ConvexCast(const ShapeProxy& shape, const Transform& xf, const ConvexCastInput& input);

/// ConvexCast for any solid target shape (Circle, Capsule, Box, ConvexPolygon, Segment).
template <class S>
    requires requires(const S& s) { MakeProxy(s); }
CastOutput ConvexCast(const S& shape, const Transform& xf, const ConvexCastInput& input) {
    return ConvexCast(MakeProxy(shape), xf, input);
}

} // namespace sensu
