// Conservative advancement for the rotating time of impact (rotating_toi.h): the root finder for any
// pair of motions (both bodies moving, or pivots that travel), where no closed form applies. From the
// closest points of the two posed cores and a bound on how fast any point of one approaches the other,
// it steps forward by the time the gap cannot close sooner, until the gap is within the tolerance.
#include <array>
#include <cmath>

#include "rotating_toi_internal.h"

namespace sensu::rotating {

namespace {

// Rounding allowance for "already touching" (m): float noise of coordinates of this magnitude, so
// crossing edges whose computed distance is 1e-9 instead of 0 still count as overlapping.
template <class Core>
float TouchTolerance(const Core& a, const Core& b) {
    return 1e-6f * (swept::MaxRadius(a.points.data(), a.count) + swept::MaxRadius(b.points.data(), b.count) + a.radius + b.radius);
}

// A core's points placed by a pose, with its radius: all that conservative advancement reads.
// swept::Posed also derives the posed core's edge lines, point radii and entry ranges, which this
// loop never uses; in the World's tunnelling trials that derivation was a third of the time of impact
// of moving pairs (valgrind, sensu-bench-ccd --tunnelling-only).
struct PosedPoints {
    std::array<Vec2, kMaxPolygonVertices> points;
    int count;
    float radius;
};

PosedPoints PosePoints(const RoundedCore& core, const Transform& xf) {
    PosedPoints out;  // points past count stay unset, as in EdgesFrom (swept_internal.cpp)
    out.count = core.count;
    out.radius = core.radius;
    for (int i = 0; i < core.count; ++i) out.points[i] = TransformPoint(xf, core.points[i]);
    return out;
}

// A core's size for the default tolerance: its points' largest distance from the first, plus its
// rounding on both sides.
float CoreSize(const RoundedCore& c) {
    float s = 0.0f;
    for (int i = 1; i < c.count; ++i) s = Max(s, Distance(c.points[0], c.points[i]));
    return s + 2.0f * c.radius;
}

} // namespace

// Out of line (noinline, should link-time optimisation ever see both files): inlined, its posed cores
// gave TimeOfImpact a kilobyte stack frame set up on every call, the exact path's included.
[[gnu::noinline]] RotatingImpact Advance(const RoundedCore& coreA, const RotationalSweep& sweepA, const RoundedCore& coreB,
                                         const RotationalSweep& sweepB, const RotatingToiSettings& settings) {
    const float reach = coreA.radius + coreB.radius;
    float speedBound = 0.0f, tolerance = 0.0f;  // set once the shapes are known apart at t = 0

    RotatingImpact out;
    float t = 0.0f;
    for (int iteration = 0; iteration < settings.maxIterations; ++iteration) {
        const PosedPoints a = PosePoints(coreA, SweepPose(sweepA, t));
        const PosedPoints b = PosePoints(coreB, SweepPose(sweepB, t));
        const auto cp = swept::ClosestPointsCores(a.points.data(), a.count, b.points.data(), b.count);
        out.iterations = iteration + 1;
        const float gap = std::sqrt(cp.distanceSquared) - reach;
        if (iteration == 0) {
            if (gap <= TouchTolerance(a, b)) {
                RotatingImpact overlap = Overlapping(a, b, cp);
                overlap.iterations = 1;
                return overlap;
            }
            // The bounds only now: in a crowd most queries end above, on neighbours touching at t = 0
            // (Smash9600: seven in ten), and need neither.
            speedBound = Length(sweepA.translation - sweepB.translation) +
                         std::abs(sweepA.sweepAngle) * swept::MaxRadius(coreA.points.data(), coreA.count) +
                         std::abs(sweepB.sweepAngle) * swept::MaxRadius(coreB.points.data(), coreB.count);
            tolerance = settings.tolerance > 0.0f ? settings.tolerance : 1e-4f * Max(Max(CoreSize(coreA), CoreSize(coreB)), 1e-6f);
        }
        if (gap <= tolerance) {
            out.state = RotatingToiState::Hit;
            out.t = t;
            const Vec2 n = Normalize(cp.onB - cp.onA);
            out.normal = n == Vec2{} ? FallbackNormal(a, b) : n;
            out.point = cp.onA + a.radius * out.normal;
            return out;
        }
        // No point of A approaches B faster than speedBound per step, so the gap cannot close sooner.
        // Aiming at half the tolerance rather than at touching keeps the last closest points apart:
        // a motion the bound describes exactly (straight at a face) would otherwise close the gap to
        // rounding noise, and the normal between the closest points would point anywhere.
        if (!(speedBound > 0.0f)) return out;
        t += (gap - 0.5f * tolerance) / speedBound;
        if (t > 1.0f) return out;
        // Apart up to t (every step above is safe), past the point the caller needs contacts for.
        if (t > settings.horizon) {
            out.state = RotatingToiState::Beyond;
            out.t = t;
            return out;
        }
    }
    out.state = RotatingToiState::Unconverged;
    out.t = t;
    return out;
}

} // namespace sensu::rotating
