#pragma once
/// The basic routines every collision test is built from (seed 000 §2.9): segment–segment
/// intersection and distance, segment–circle intersection, point–segment distance, point in box.
#include "sensu/math.h"

namespace sensu {

/// Closest point to p on segment a–b; writes its parameter in [0, 1] to *t when given.
/// A zero-length segment returns a (t = 0). seed 000 §2.9.4
Vec2 ClosestPointOnSegment(Vec2 a, Vec2 b, Vec2 p, float* t = nullptr);

/// Squared distance from p to segment a–b. seed 000 §2.9.4
float DistanceSquaredPointSegment(Vec2 p, Vec2 a, Vec2 b);

/// The closest points of two segments.
struct SegmentClosestPoints {
    Vec2 pointA{};               ///< on segment a1–a2
    Vec2 pointB{};               ///< on segment b1–b2
    float s = 0.0f;              ///< parameter of pointA in [0, 1]
    float t = 0.0f;              ///< parameter of pointB in [0, 1]
    float distanceSquared = 0.0f;  ///< squared distance between pointA and pointB (m²)
};

/// Closest points between segments a1–a2 and b1–b2. Handles crossing, parallel, collinear and
/// zero-length segments (seed 000 §2.9.5 generalised).
SegmentClosestPoints ClosestPointsSegmentSegment(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2);

/// Where two segments meet, if they do.
struct SegmentIntersection {
    bool hit = false;  ///< true when the segments cross or touch
    float s = 0.0f;  ///< parameter along a1–a2 of the first common point
    float t = 0.0f;  ///< parameter along b1–b2 of that point
    Vec2 point{};  ///< the first common point (m)
};

/// Intersection of segments a1–a2 and b1–b2 (touching counts). seed 000 §2.9.1 eq. (2.32)–(2.35),
/// with the typo of eq. (2.34) fixed: s and t share the denominator cross(a2 − a1, b2 − b1).
/// Parallel segments: collinear overlapping ones report the first common point along a1–a2.
SegmentIntersection IntersectSegments(Vec2 a1, Vec2 a2, Vec2 b1, Vec2 b2);

/// True when segment a–b has a point within `radius` of `center` (touching counts). seed 000 §2.9.2
bool SegmentIntersectsCircle(Vec2 a, Vec2 b, Vec2 center, float radius);

/// True when p lies in the box of the given centre, rotation and half extents (boundary counts).
/// seed 000 §2.9.3
bool PointInBox(Vec2 p, Vec2 center, Rot rotation, Vec2 halfExtents);

} // namespace sensu
