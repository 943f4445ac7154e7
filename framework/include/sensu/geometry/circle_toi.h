#pragma once
/// Time of impact of two circles moving linearly over one step (seed 001).
///
/// Relative motion: C(t) = C0 + t·D with C0 = B(0) − A(0) and D = dB − dA; the circles touch when
/// |C(t)|² = (rA + rB)², a quadratic P t² + 2Q t + R = (rA + rB)² with P = D·D, Q = C0·D, R = C0·C0
/// (seed 001 §A–C). The earliest root in [0, 1] is the time of impact.
#include "sensu/math.h"

namespace sensu {

/// A circle moving linearly: centre(t) = start + t·displacement for t in [0, 1]. Metres.
struct MovingCircle {
    Vec2 start;        ///< Centre at t = 0 (m).
    Vec2 displacement; ///< Centre motion over the whole step (m); zero is allowed.
    float radius;      ///< Radius ≥ 0 (m); 0 is a moving point.
};

/// Result of TimeOfImpactCircles. Unless `hit`, t = 1 and centerA/centerB hold the end positions.
struct CircleImpact {
    bool hit = false;                  ///< The circles touch or overlap at some t in [0, 1].
    bool initiallyOverlapping = false; ///< They already touch or overlap at t = 0 (then t = 0).
    float t = 1.0f;                    ///< Fraction of the step at first contact, in [0, 1].
    Vec2 point{};                      ///< Contact point at t: on the centre line at ratio rA/(rA+rB) from A.
    Vec2 normal{};                     ///< Unit contact normal from A to B at t (valid when hit).
    Vec2 centerA{};                    ///< Centre of A at t.
    Vec2 centerB{};                    ///< Centre of B at t.
};

/// Earliest time in [0, 1] at which two linearly moving circles touch; normal points from A to B.
/// Robust cases: touching or overlapping at t = 0 → t = 0 and `initiallyOverlapping`, normal along the
/// centre line (along −D, the direction B came from relative to A, when the centres coincide; +x when
/// there is no relative motion either); equal motion (P = 0) → hit only when overlapping at t = 0;
/// zero radii (points) allowed. Computed in double from the float inputs, so it holds at any finite
/// scale (fuzzed up to 1e7 m): a path passing within 5e-7·(rA + rB) outside the sum of the radii counts
/// as a graze and touches at its closest approach. Throws InvalidArgument for non-finite input or a
/// negative radius.
CircleImpact TimeOfImpactCircles(const MovingCircle& a, const MovingCircle& b);

} // namespace sensu
