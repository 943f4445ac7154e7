#include "sensu/geometry/arc.h"

#include "sensu/geometry/primitives.h"

namespace sensu {

ArcSweep ArcSweep::FromAngle(float sweep) {
    RequireFinite(sweep, "Arc sweep angle");
    ArcSweep out;
    out.sweep = sweep;
    out.full = Rot::FromAngle(sweep);
    out.half = Rot::FromAngle(0.5f * sweep);
    const float halfAngle = Min(0.5f * std::abs(sweep), kPi);
    out.cosHalf = std::cos(halfAngle);
    out.sinHalf = std::sin(halfAngle);
    // A full turn must accept every direction: make cos π exactly −1 and sin π exactly 0.
    if (halfAngle >= kPi) {
        out.cosHalf = -1.0f;
        out.sinHalf = 0.0f;
    }
    return out;
}

Arc::Arc(Vec2 center, Vec2 start, const ArcSweep& sweep)
    : center_(center), start_(start - center), sweep_(sweep.sweep), cosHalf_(sweep.cosHalf), sinHalf_(sweep.sinHalf) {
    end_ = Rotate(sweep.full, start_);
    // The window's middle direction, not normalised: the wedge test below is scale invariant.
    mid_ = Rotate(sweep.half, start_);
    radius_ = Length(start_);
}

Arc::Arc(Vec2 center, Vec2 start, float sweep) : Arc(center, start, ArcSweep::FromAngle(sweep)) {
    RequireFinite(center, "Arc center");
    RequireFinite(start, "Arc start");
}

bool Arc::InWindow(Vec2 d) const {
    // In the frame of the middle direction m: x = d·m, y = m × d (both scaled by |m|).
    // The angle of d from m is at most the half angle h iff x sin h ≥ |y| cos h, and x ≥ 0 unless h > π/2.
    const float x = Dot(d, mid_);
    const float y = std::abs(Cross(mid_, d));
    return x * sinHalf_ >= y * cosHalf_ && (x >= 0.0f || cosHalf_ < 0.0f);
}

float DistanceSquared(const Arc& arc, Vec2 p) {
    const Vec2 q = p - arc.center();
    if (arc.InWindow(q)) return Square(Length(q) - arc.radius());
    return Min(DistanceSquared(q, arc.relativeStart()), DistanceSquared(q, arc.relativeEnd()));
}

float DistanceSquaredArcSegment(const Arc& arc, Vec2 a, Vec2 b) {
    const Vec2 pa = a - arc.center();
    const Vec2 pb = b - arc.center();
    const float rho = arc.radius();
    const Vec2 d = pb - pa;
    const float dd = LengthSquared(d);

    // Crossings of the full circle with the segment: |pa + t d|² = ρ², t in [0, 1].
    if (dd > 0.0f) {
        const float bq = Dot(pa, d);
        const float cq = LengthSquared(pa) - rho * rho;
        const float disc = bq * bq - dd * cq;
        if (disc >= 0.0f) {
            const float root = std::sqrt(disc);
            const float t1 = (-bq - root) / dd;
            const float t2 = (-bq + root) / dd;
            if (t1 >= 0.0f && t1 <= 1.0f && arc.InWindow(pa + t1 * d)) return 0.0f;
            if (t2 >= 0.0f && t2 <= 1.0f && arc.InWindow(pa + t2 * d)) return 0.0f;
        }
    }

    // Arc ends against the segment.
    float best = Min(DistanceSquaredPointSegment(arc.relativeStart(), pa, pb),
                     DistanceSquaredPointSegment(arc.relativeEnd(), pa, pb));
    // Segment ends against the arc interior (radial projection when inside the window).
    if (arc.InWindow(pa)) best = Min(best, Square(Length(pa) - rho));
    if (arc.InWindow(pb)) best = Min(best, Square(Length(pb) - rho));
    // Interior–interior: the arc point along the foot of the perpendicular from the centre.
    if (dd > 0.0f) {
        const float t = -Dot(pa, d) / dd;
        if (t > 0.0f && t < 1.0f) {
            const Vec2 foot = pa + t * d;
            if (arc.InWindow(foot)) best = Min(best, Square(Length(foot) - rho));
        }
    }
    return best;
}

AABB Bounds(const Arc& arc) {
    const Vec2 s = arc.relativeStart();
    const Vec2 e = arc.relativeEnd();
    AABB box{Min(s, e), Max(s, e)};
    const float r = arc.radius();
    // The extreme of the circle along ±x, ±y is on the arc iff that direction is in its window.
    if (arc.InWindow({1.0f, 0.0f})) box.upper.x = r;
    if (arc.InWindow({-1.0f, 0.0f})) box.lower.x = -r;
    if (arc.InWindow({0.0f, 1.0f})) box.upper.y = r;
    if (arc.InWindow({0.0f, -1.0f})) box.lower.y = -r;
    return {box.lower + arc.center(), box.upper + arc.center()};
}

} // namespace sensu
