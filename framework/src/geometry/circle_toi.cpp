#include "sensu/geometry/circle_toi.h"

#include <algorithm>
#include <cmath>
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
    // In double: at 1e6 m, P·r² and (C0×D)² below are 1e24 and their float rounding (1e17) is as large as
    // the discriminant of a 0.2 m miss, which then counted as a graze hit 91 m apart (fuzz finding
    // toi-circles-gap-91m). Differences of floats are exact in double, so only the products round, at
    // 1e-16 of their size. A dozen double operations per call: this is not in the solver's per-contact path.
    const double c0x = double(b.start.x) - double(a.start.x), c0y = double(b.start.y) - double(a.start.y);
    const double dx = double(b.displacement.x) - double(a.displacement.x), dy = double(b.displacement.y) - double(a.displacement.y);
    const double radiusSum = double(a.radius) + double(b.radius);
    const double rr = radiusSum * radiusSum;
    const double p = dx * dx + dy * dy;
    const double r = c0x * c0x + c0y * c0y;

    // A direction is trusted only when its vector is longer than rounding noise of the inputs (float's,
    // as they came in; compared squared, so the common path takes no square roots for it).
    const double noise2 = 1e-12 * std::max(std::max(rr, p), std::max(r, 1e-30));
    // The normal along v, or when v is noise (coincident centres) along −D, where B came from
    // relative to A, or +x when there is no relative motion either.
    auto normalAlong = [&](double vx, double vy) {
        const double v2 = vx * vx + vy * vy;
        if (v2 > noise2) return Vec2{float(vx / std::sqrt(v2)), float(vy / std::sqrt(v2))};
        return p > noise2 ? Vec2{float(-dx / std::sqrt(p)), float(-dy / std::sqrt(p))} : Vec2{1.0f, 0.0f};
    };

    CircleImpact out;
    if (r <= rr) {
        // Touching or overlapping at t = 0 (seed 001 §D, exception 2). Also covers P = 0 with overlap.
        out.hit = true;
        out.initiallyOverlapping = true;
        out.t = 0.0f;
        out.centerA = a.start;
        out.centerB = b.start;
        out.normal = normalAlong(c0x, c0y);
    } else {
        // Separated at t = 0, so they can only meet while approaching (Q < 0); this also rejects P = 0
        // (equal motion, seed 001 §D exception 1) without a float comparison.
        const double q = c0x * dx + c0y * dy;
        if (!(q < 0.0)) return Miss(a, b);
        // The discriminant Q² − P(R − r²) loses everything to cancellation when the circles are far apart
        // (Q² ≈ P·R). In 2D, Q² − P·R = −(C0×D)² (Lagrange's identity), so it equals P r² − (C0×D)², whose
        // terms are only as large as the answer near a graze. It is ≈ 2 P r (r − h) for a path passing at
        // h from A's centre, so the slack of 1e-6 P r² lets a path that misses by up to 5e-7 r (a few float
        // ulps of the inputs) count as a graze.
        const double cross = c0x * dy - c0y * dx;
        const double disc = p * rr - cross * cross;
        if (disc < -1e-6 * p * rr) return Miss(a, b);
        // A graze meets at the closest approach −Q/P. Otherwise the smaller root t = (−Q − √disc)/P, written
        // as (R − r²)/(−Q + √disc): both terms of the denominator are ≥ 0, so no cancellation, and no
        // division by P ≈ 0. (The second form with disc clamped to 0 is not −Q/P: for a near miss it
        // lands far past the closest approach.)
        const double t = disc <= 0.0 ? -q / p : (r - rr) / (-q + std::sqrt(disc));
        if (!(t <= 1.0)) return Miss(a, b);
        out.hit = true;
        out.t = float(t);
        out.centerA = a.start + out.t * a.displacement;
        out.centerB = b.start + out.t * b.displacement;
        // At contact |C(t)| = rA + rB; for two points it is 0 and the approach direction −D is the normal.
        out.normal = normalAlong(c0x + t * dx, c0y + t * dy);
    }
    // seed 001 §B: contact point at ratio rA/(rA + rB) along the centre line (A's centre for two points).
    const float ratio = radiusSum > 0.0 ? float(a.radius / radiusSum) : 0.0f;
    out.point = out.centerA + ratio * (out.centerB - out.centerA);
    return out;
}

} // namespace sensu
