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

// Unit direction of v when it is clearly longer than `tolerance`, else the fallback (already unit).
Vec2 DirectionOr(Vec2 v, float tolerance, Vec2 fallback) {
    const float len = Length(v);
    return len > tolerance ? (1.0f / len) * v : fallback;
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

    // seed 001 §A: C(t) = C0 + t·D, D = C(1) − C(0).
    const Vec2 c0 = b.start - a.start;
    const Vec2 d = b.displacement - a.displacement;
    const float radiusSum = a.radius + b.radius;

    // Lengths below this are rounding noise of the inputs: directions taken from them would be random.
    const float lengthTol = 1e-6f * Max(Max(radiusSum, Length(d)), Max(Length(c0), 1e-30f));
    // The fallback normal when the centres coincide: −D (where B came from relative to A), else +x.
    const Vec2 fallbackNormal = DirectionOr(-d, lengthTol, Vec2{1.0f, 0.0f});

    CircleImpact out;
    const float dist0 = Length(c0);
    if (dist0 <= radiusSum) {
        // Touching or overlapping at t = 0 (seed 001 §D, exception 2). Also covers P = 0 with overlap.
        out.hit = true;
        out.initiallyOverlapping = true;
        out.t = 0.0f;
        out.centerA = a.start;
        out.centerB = b.start;
        out.normal = DirectionOr(c0, lengthTol, fallbackNormal);
    } else {
        // seed 001 §C: P = D·D, Q = C0·D. Separated at t = 0, so they can only meet while approaching (Q < 0);
        // this also rejects P = 0 (equal motion, seed 001 §D exception 1) without a float comparison.
        const float p = Dot(d, d);
        const float q = Dot(c0, d);
        if (!(q < 0.0f)) return Miss(a, b);
        // Discriminant Q² − P(R − r²) rewritten without cancellation: Q² − P·R = −(C0×D)² in 2D, so
        // Q² − P(R − r²) = P r² − (C0×D)² = (r|D| − |C0×D|)(r|D| + |C0×D|).
        const float lenD = std::sqrt(p);
        const float cross = std::abs(Cross(c0, d));
        const float disc = (radiusSum * lenD - cross) * (radiusSum * lenD + cross);
        if (disc < 0.0f) return Miss(a, b);
        // Smaller root t = (−Q − √disc)/P written as c/(−Q + √disc) (c = R − r² > 0): both terms of the
        // denominator are ≥ 0, so no cancellation, and no division by P ≈ 0.
        const float c = (dist0 - radiusSum) * (dist0 + radiusSum);
        const float t = c / (-q + std::sqrt(disc));
        if (!(t <= 1.0f)) return Miss(a, b);
        out.hit = true;
        out.t = t;
        out.centerA = a.start + t * a.displacement;
        out.centerB = b.start + t * b.displacement;
        // At contact |C(t)| = rA + rB; for two points it is 0 and the approach direction −D is the normal.
        out.normal = DirectionOr(c0 + t * d, lengthTol, fallbackNormal);
    }
    // seed 001 §B: contact point at ratio rA/(rA + rB) along the centre line (A's centre for two points).
    const float ratio = radiusSum > 0.0f ? a.radius / radiusSum : 0.0f;
    out.point = out.centerA + ratio * (out.centerB - out.centerA);
    return out;
}

} // namespace sensu
