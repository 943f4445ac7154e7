#pragma once
/// Exact overlap tests of the annular sector ("fan", seed 000 §2.1) against every other shape.
///
/// The sector is given in world space; the other shape is given in its own frame and placed by `xf`
/// (the contract of shapes.h). Touching counts as overlap. All tests are exact up to float rounding:
/// nothing is sampled, nothing is approximated by a bounding shape.
///
/// The idea shared by all of them (the thesis, seed 000 §2.3, instead intersects every edge with every
/// boundary curve, which is slow):
///  - the fan is the wedge W = {q : q·A ≥ |q| cos θ} cut by the ring r ≤ |q| ≤ R (eq. 2.5, 2.7);
///  - on any connected piece K of (shape ∩ W) the distance |q| to the centre takes every value between
///    its minimum and maximum over K, so the shape meets the fan iff, for some piece K,
///    min |q| ≤ R and max |q| ≥ r. W is convex for θ ≤ π/2 (one piece) and is the union of two convex
///    wedges of angle θ, split along the axis, beyond (two pieces).
///  - rounded shapes (circle, capsule) add their radius: a point within the wedge is within ρ of the
///    fan iff its |q| is within ρ of [r, R]; a point outside the wedge is nearest to one of the two
///    radial edges, which run from r·u to R·u (not from the centre).
#include "sensu/geometry/shapes.h"

namespace sensu {

/// True when the world point p lies in the sector, boundary included. seed 000 §2.2 eq. (2.5), (2.7),
/// with the wedge written as q·A ≥ |q| cos θ so it holds for every θ in [0, π] (eq. 2.20 trap).
bool Contains(const Sector& sector, Vec2 point);

/// Same as Contains(sector, point): the point–fan overlap of seed 000 §2.2.
bool Overlap(const Sector& sector, Vec2 point);

/// Circle (radius ≥ 0, placed by xf) against the fan. seed 000 §2.4 with its two fixes:
/// the radial window (2.8) applies only when the centre is inside the wedge, with lower bound
/// max(0, r − rc); otherwise the distance to the radial edges decides. About as cheap as circle–AABB.
bool Overlap(const Sector& sector, const Circle& circle, const Transform& xf);

/// Oriented box (placed by xf) against the fan: wedge-piece distance ranges, no edge/arc intersections.
bool Overlap(const Sector& sector, const Box& box, const Transform& xf);

/// Convex polygon (placed by xf) against the fan, by the same method as the box.
bool Overlap(const Sector& sector, const ConvexPolygon& polygon, const Transform& xf);

/// Capsule (placed by xf) against the fan: the capsule's segment, clipped by the wedge pieces, must come
/// within the radius-widened ring, or the segment must come within the radius of a radial edge.
bool Overlap(const Sector& sector, const Capsule& capsule, const Transform& xf);

/// Segment (placed by xf) against the fan: the capsule test with radius 0.
bool Overlap(const Sector& sector, const Segment& segment, const Transform& xf);

/// Two fans in world space. Exact: they meet iff a radial edge of one meets the other, an arc of one
/// crosses an arc of the other, or an arc midpoint of one lies in the other (the containment case).
bool Overlap(const Sector& a, const Sector& b);

} // namespace sensu
