#include "sensu/geometry/circle_toi.h"

#include <string>

namespace sensu {

namespace {

void Validate(const MovingCircle& c, const char* which) {
    // Checks first, message only on failure: this runs for every pair of every step.
    if (IsFinite(c.start) && IsFinite(c.displacement) && IsFinite(c.radius) && c.radius >= 0.0f) return;
    const std::string name = std::string("TimeOfImpactCircles: circle ") + which;
    RequireFinite(c.start, (name + " start").c_str());
    RequireFinite(c.displacement, (name + " displacement").c_str());
    RequireFinite(c.radius, (name + " radius").c_str());
    throw InvalidArgument(name + " radius must be >= 0 (got " + std::to_string(c.radius) + ")");
}

// No contact during the step: t = 1 with the end positions.
CircleImpact Miss(const MovingCircle& a, const MovingCircle& b) {
    CircleImpact out;
    out.centerA = a.start + a.displacement;
    out.centerB = b.start + b.displacement;
    return out;
}

} // namespace

CircleImpact TimeOfImpactCircles(const MovingCircle& a, const MovingCircle& b) {
    Validate(a, "A");
    Validate(b, "B");

    // seed 001 §A: C(t) = C0 + t·D, D = C(1) − C(0). §C: P = D·D, Q = C0·D, R = C0·C0.
    const Vec2 c0 = b.start - a.start;
    const Vec2 d = b.displacement - a.displacement;
    const float radiusSum = a.radius + b.radius;
    const float rr = radiusSum * radiusSum;
    const float p = Dot(d, d);
    const float r = Dot(c0, c0);

    // A direction is trusted only when its vector is longer than rounding noise of the inputs
    // (compared squared, so the common path takes no square roots for it).
    const float noise2 = 1e-12f * Max(Max(rr, p), Max(r, 1e-30f));
    // The normal along v, or when v is noise (coincident centres) along −D, where B came from
    // relative to A, or +x when there is no relative motion either.
    auto normalAlong = [&](Vec2 v) {
        const float v2 = LengthSquared(v);
        if (v2 > noise2) return (1.0f / std::sqrt(v2)) * v;
        return p > noise2 ? (-1.0f / std::sqrt(p)) * d : Vec2{1.0f, 0.0f};
    };

    CircleImpact out;
    if (r <= rr) {
        // Touching or overlapping at t = 0 (seed 001 §D, exception 2). Also covers P = 0 with overlap.
        out.hit = true;
        out.initiallyOverlapping = true;
        out.t = 0.0f;
        out.centerA = a.start;
        out.centerB = b.start;
        out.normal = normalAlong(c0);
    } else {
        // Separated at t = 0, so they can only meet while approaching (Q < 0); this also rejects P = 0
        // (equal motion, seed 001 §D exception 1) without a float comparison.
        const float q = Dot(c0, d);
        if (!(q < 0.0f)) return Miss(a, b);
        // The discriminant Q² − P(R − r²) loses everything to cancellation when the circles are far apart
        // (Q² ≈ P·R). In 2D, Q² − P·R = −(C0×D)² (Lagrange's identity), so it equals P r² − (C0×D)², whose
        // terms are only as large as the answer near a graze.
        const float cross = Cross(c0, d);
        // Within its rounding error (a few ulps of P r²) a negative value is a graze, which counts.
        const float disc = Max(p * rr - cross * cross, 0.0f);
        if (p * rr - cross * cross < -1e-6f * p * rr) return Miss(a, b);
        // Smaller root t = (−Q − √disc)/P written as (R − r²)/(−Q + √disc): both terms of the denominator
        // are ≥ 0, so no cancellation, and no division by P ≈ 0.
        const float t = (r - rr) / (-q + std::sqrt(disc));
        if (!(t <= 1.0f)) return Miss(a, b);
        out.hit = true;
        out.t = t;
        out.centerA = a.start + t * a.displacement;
        out.centerB = b.start + t * b.displacement;
        // At contact |C(t)| = rA + rB; for two points it is 0 and the approach direction −D is the normal.
        out.normal = normalAlong(c0 + t * d);
    }
    // seed 001 §B: contact point at ratio rA/(rA + rB) along the centre line (A's centre for two points).
    const float ratio = radiusSum > 0.0f ? a.radius / radiusSum : 0.0f;
    out.point = out.centerA + ratio * (out.centerB - out.centerA);
    return out;
}

} // namespace sensu
