#pragma once
/// Contact manifolds for the solid shape pairs the solver needs.
/// Pair functions are spelled A-then-B; the normal points from A to B (see shapes.h for the contract).
#include <cstdint>

#include "sensu/geometry/shapes.h"

namespace sensu {

/// One contact point of a manifold.
struct ManifoldPoint {
    Vec2 point{};          ///< world point midway between the two surfaces, m
    float separation = 0;  ///< signed distance between the surfaces along the normal; < 0 when penetrating
    uint32_t id = 0;       ///< feature id: the same features give the same id next step (warm starting)
};

/// Up to two contact points of a shape pair sharing one normal.
struct Manifold {
    Vec2 normal{};                ///< world unit normal from A to B
    ManifoldPoint points[2];      ///< [0, pointCount) are valid (no `{}` on this array: GCC 12 then rejects `return {};`)
    int pointCount = 0;           ///< 0 when the shapes are farther apart than the speculative margin
};

/// Every Collide* function reports points whose separation is below `margin` (≥ 0, metres), so a solver
/// can act on contacts that are about to touch (speculative contacts); margin 0 reports touching only.
///@{
Manifold CollideCircles(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideCapsuleAndCircle(const Capsule& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideCapsules(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideBoxAndCircle(const Box& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideBoxAndCapsule(const Box& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideBoxes(const Box& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin = 0.0f);
Manifold CollidePolygonAndCircle(const ConvexPolygon& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin = 0.0f);
Manifold CollidePolygonAndCapsule(const ConvexPolygon& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin = 0.0f);
Manifold CollidePolygonAndBox(const ConvexPolygon& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin = 0.0f);
Manifold CollidePolygons(const ConvexPolygon& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideSegmentAndCircle(const Segment& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideSegmentAndCapsule(const Segment& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideSegmentAndBox(const Segment& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideSegmentAndPolygon(const Segment& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB, float margin = 0.0f);
///@}

/// One-sided chain segment A against a solid B (B's normal convention as above: from the chain to B).
/// A shape whose centroid is behind the segment (on its solid, left side) gets no contact, so it can
/// pass through from the back. Otherwise the normal is the segment's own normal or, at an end, a
/// direction the neighbour allows: at a convex joint (the chain turns left, counter-clockwise) any
/// normal between the two segments' normals; at a flat joint only the segment normal; at a concave
/// joint none (the segment's normal is used, its points clipped to the segment). A separated shape
/// whose direction from an end is outside the allowed fan gets no contact: the neighbour owns it.
///@{
Manifold CollideChainSegmentAndCircle(const ChainSegment& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideChainSegmentAndCapsule(const ChainSegment& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideChainSegmentAndBox(const ChainSegment& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin = 0.0f);
Manifold CollideChainSegmentAndPolygon(const ChainSegment& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB, float margin = 0.0f);
///@}

} // namespace sensu
