#pragma once
/// The sector's own frame (seed 000 eq. 2.3): origin at the centre O, x along the axis A, y along A
/// turned counter-clockwise by 90°. In it the fan is symmetric about the x axis, so most tests look
/// only at |y|.
#include "sensu/geometry/shapes.h"

namespace sensu {

/// The rotation that takes sector-frame vectors to world vectors (its x axis is A).
inline Rot SectorRotation(const Sector& sector) { return {sector.axis().x, sector.axis().y}; }

/// The transform that takes sector-frame points to world points.
inline Transform SectorTransform(const Sector& sector) { return {sector.center(), SectorRotation(sector)}; }

/// World point → sector frame. seed 000 eq. (2.3)
inline Vec2 ToSectorFrame(const Sector& sector, Vec2 worldPoint) {
    const Vec2 d = worldPoint - sector.center();
    return {Dot(d, sector.axis()), Cross(sector.axis(), d)};
}

/// Direction of the upper radial edge in the sector frame: G = (cos θ, sin θ), seed 000 eq. (2.9).
/// The lower edge is its mirror H = (cos θ, −sin θ).
inline Vec2 UpperEdgeDirection(const Sector& sector) { return {sector.cosHalfAngle(), sector.sinHalfAngle()}; }

/// Wedge test in the sector frame for a point (x, y), given |y|: the point's angle from the axis is at
/// most θ. This is q·A ≥ |q| cos θ (seed 000 eq. 2.7, valid for every θ in [0, π], unlike the AND/OR
/// split of eq. 2.20) without the square root: for q' = (x, |y|), cross(q', G) = |q| sin(θ − φ) ≥ 0.
/// That alone would also accept the backward ray when θ = 0, hence x ≥ 0 (implied anyway for θ < π/2).
/// Written with & and | rather than && and || so it compiles without branches (random inputs would
/// mispredict them).
inline bool InWedge(float x, float absY, float cosHalfAngle, float sinHalfAngle) {
    return (x * sinHalfAngle >= absY * cosHalfAngle) & ((x >= 0.0f) | (cosHalfAngle < 0.0f));
}

/// Wedge test of a sector-frame point.
inline bool InWedge(const Sector& sector, Vec2 local) {
    return InWedge(local.x, std::abs(local.y), sector.cosHalfAngle(), sector.sinHalfAngle());
}

} // namespace sensu
