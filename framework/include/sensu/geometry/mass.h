#pragma once
/// Mass properties of solid shapes of uniform density (kg/m²), about the shape's centroid.
#include "sensu/geometry/shapes.h"

namespace sensu {

/// Mass, centroid and rotational inertia of a shape.
struct MassData {
    float mass = 0.0f;      ///< kg
    Vec2 center{};          ///< centroid in the shape's local frame, m
    float inertia = 0.0f;   ///< rotational inertia about the centroid, kg·m²
};

///@{
/// Mass properties of the shape at `density` (kg/m², ≥ 0), about its centroid.
MassData ComputeMass(const Circle& circle, float density);
MassData ComputeMass(const Capsule& capsule, float density);
MassData ComputeMass(const Box& box, float density);
MassData ComputeMass(const ConvexPolygon& polygon, float density);
///@}

} // namespace sensu
