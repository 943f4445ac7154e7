#pragma once
/// Exact boolean overlap tests for every pair of the five solid shapes, and point containment.
///
/// Shapes are closed sets: touching counts as overlapping. The tests are exact up to float round-off
/// (no sampling, no approximation of round parts). Pair functions exist for the fixed order
/// Circle < Capsule < Box < ConvexPolygon < Segment; the swapped order is provided inline. (The sector,
/// "fan", tests are declared with the sector's own queries.) No allocation, no virtual dispatch.
#include "sensu/geometry/shapes.h"

namespace sensu {

///@{
/// True when shape `a` placed by `xfA` and shape `b` placed by `xfB` touch or overlap (exact), for
/// every pair of Circle, Capsule, Box, ConvexPolygon and Segment, in either order.
bool Overlap(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB);
bool Overlap(const Circle& a, const Transform& xfA, const Capsule& b, const Transform& xfB);
bool Overlap(const Circle& a, const Transform& xfA, const Box& b, const Transform& xfB);
bool Overlap(const Circle& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB);
bool Overlap(const Circle& a, const Transform& xfA, const Segment& b, const Transform& xfB);
bool Overlap(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB);
bool Overlap(const Capsule& a, const Transform& xfA, const Box& b, const Transform& xfB);
bool Overlap(const Capsule& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB);
bool Overlap(const Capsule& a, const Transform& xfA, const Segment& b, const Transform& xfB);
/// Separating-axis test on the four box axes (the fast path for the most common pair).
bool Overlap(const Box& a, const Transform& xfA, const Box& b, const Transform& xfB);
bool Overlap(const Box& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB);
bool Overlap(const Box& a, const Transform& xfA, const Segment& b, const Transform& xfB);
bool Overlap(const ConvexPolygon& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB);
bool Overlap(const ConvexPolygon& a, const Transform& xfA, const Segment& b, const Transform& xfB);
/// Two segments overlap when they cross or touch (collinear overlapping segments included).
bool Overlap(const Segment& a, const Transform& xfA, const Segment& b, const Transform& xfB);

// The swapped order of every mixed pair.
inline bool Overlap(const Capsule& a, const Transform& xfA, const Circle& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const Box& a, const Transform& xfA, const Circle& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const ConvexPolygon& a, const Transform& xfA, const Circle& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const Segment& a, const Transform& xfA, const Circle& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const Box& a, const Transform& xfA, const Capsule& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const ConvexPolygon& a, const Transform& xfA, const Capsule& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const Segment& a, const Transform& xfA, const Capsule& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const ConvexPolygon& a, const Transform& xfA, const Box& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const Segment& a, const Transform& xfA, const Box& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
inline bool Overlap(const Segment& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB) { return Overlap(b, xfB, a, xfA); }
///@}

/// True when the disc placed by xf touches or overlaps the world-space box (a broad-phase query).
bool Overlap(const Circle& circle, const Transform& xf, const AABB& box);

///@{
/// True when the world point lies in the shape placed by xf (boundary included). A Segment has no
/// interior, so it has no Contains; use the distance functions for "near a segment".
bool Contains(const Circle& shape, const Transform& xf, Vec2 point);
bool Contains(const Capsule& shape, const Transform& xf, Vec2 point);
bool Contains(const Box& shape, const Transform& xf, Vec2 point);
bool Contains(const ConvexPolygon& shape, const Transform& xf, Vec2 point);
///@}

} // namespace sensu
