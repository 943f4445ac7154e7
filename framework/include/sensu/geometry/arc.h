#pragma once
/// Circular arcs: the path a point traces when a body rotates about a pivot (seed 000 §2.1).
///
/// In 2D a rotating body's swept region can be tested exactly through arcs: a point p is swept by a
/// body rotating by α about O iff the arc p traces rotating by −α about O meets the body at its start
/// pose. These routines give distances between an arc and points or segments, exactly (no sampling).
#include "sensu/math.h"

namespace sensu {

/// The angular window shared by every arc of one sweep angle, computed once (the only trig) and
/// reused by many arcs: the rotation by the whole sweep, by half of it, and cos/sin of the half angle.
struct ArcSweep {
    float sweep = 0.0f;     ///< Signed sweep angle (rad); |sweep| ≥ 2π is a full circle.
    Rot full{};             ///< Rotation by `sweep`.
    Rot half{};             ///< Rotation by `sweep / 2`.
    float cosHalf = 1.0f;   ///< cos(min(|sweep|/2, π)): the window's half angle.
    float sinHalf = 0.0f;   ///< sin(min(|sweep|/2, π)).

    /// Throws InvalidArgument when `sweep` is not finite.
    static ArcSweep FromAngle(float sweep);
};

/// The arc traced by `start` rotating about `center` by `sweep.sweep` (CCW when positive).
/// A zero radius (start at the centre) is a single point.
class Arc {
public:
    /// A zero arc: the origin as a single point.
    Arc() = default;
    /// The arc of `start` (world point) turning about `center` by the prepared sweep.
    Arc(Vec2 center, Vec2 start, const ArcSweep& sweep);
    /// Convenience form that evaluates the trig itself. Throws InvalidArgument for non-finite input.
    Arc(Vec2 center, Vec2 start, float sweep);

    /// Centre of rotation (m).
    Vec2 center() const { return center_; }
    /// Start point (m, world).
    Vec2 start() const { return center_ + start_; }
    /// End point (m, world).
    Vec2 end() const { return center_ + end_; }
    /// Distance of the arc from its centre (m).
    float radius() const { return radius_; }
    /// Signed sweep angle (rad, CCW positive).
    float sweep() const { return sweep_; }

    /// True when the direction d (from the centre, any length) lies in the arc's angular window.
    /// The zero vector counts as inside. Uses the wedge test q·m ≥ |q| cos(half) (seed 000 eq. 2.7),
    /// written without a square root; valid for every half angle in [0, π].
    bool InWindow(Vec2 d) const;

    /// Start and end relative to the centre (m).
    ///@{
    Vec2 relativeStart() const { return start_; }
    Vec2 relativeEnd() const { return end_; }
    ///@}

private:
    Vec2 center_{}, start_{}, end_{}, mid_{};
    float radius_ = 0.0f, sweep_ = 0.0f, cosHalf_ = 1.0f, sinHalf_ = 0.0f;
};

/// Squared distance (m²) from the point p to the arc.
float DistanceSquared(const Arc& arc, Vec2 p);

/// Squared distance (m²) between the arc and the segment a–b; 0 when they cross or touch.
/// Exact: the minimum is at a crossing, at an end of either curve, or at the foot of the
/// perpendicular from the centre to the segment's line (the only interior–interior critical point).
float DistanceSquaredArcSegment(const Arc& arc, Vec2 a, Vec2 b);

/// Tight axis-aligned box of the arc.
AABB Bounds(const Arc& arc);

} // namespace sensu
