#include "sensu/geometry/rotating_toi.h"

#include <cmath>
#include <limits>

#include "swept_internal.h"

namespace sensu {

using swept::RoundedCore;

namespace {

RoundedCore CoreOfShape(const ConvexShape& shape) {
    return std::visit([](const auto& s) { return swept::CoreOf(s); }, shape);
}

// A motion is "at rest" / "a pure rotation" only when those numbers are exactly zero: the caller
// states the motion; this picks the method, it is not a geometric decision.
bool AtRest(const RotationalSweep& s) { return s.sweepAngle == 0.0f && s.translation.x == 0.0f && s.translation.y == 0.0f; }
bool FixedPivot(const RotationalSweep& s) { return s.translation.x == 0.0f && s.translation.y == 0.0f; }

// Pseudo-angle of the direction (c, s) = (cos φ, sin φ)·k, k > 0: a monotone map of φ ∈ [0, 2π) onto
// [0, 4) without trig, so candidate angles can be compared cheaply ("diamond angle").
float DiamondAngle(float s, float c) {
    if (s >= 0.0f) return c >= 0.0f ? (s + c > 0.0f ? s / (s + c) : 0.0f) : 1.0f - c / (s - c);
    return c < 0.0f ? 2.0f - s / (-c - s) : 3.0f + c / (c - s);
}

// The earliest point along an arc (from p0 about the origin, turning by sign σ, at most `limit` in
// diamond-angle units; ≥ 4 is a full turn) at which it enters a core grown by `reach`.
struct Entry {
    float key = std::numeric_limits<float>::infinity(); // diamond angle of the entry
    Vec2 x{};          // arc point at entry (same frame as the core)
    Vec2 normal{};     // outward unit normal of the grown core there
    Vec2 start{};      // the arc's start (the vertex at t = 0)
    float direction = 1.0f; // +1 CCW, −1 CW
    bool fromA = false; // true: the arc is traced by a vertex of A (forward); false: by a vertex of B
};

class EntryFinder {
public:
    EntryFinder(Vec2 p0, float sigma, float limit, bool fromA, Entry& best)
        : p0_(p0), rho2_(LengthSquared(p0)), sigma_(sigma), limit_(limit), fromA_(fromA), best_(best) {}

    void Offer(Vec2 x, Vec2 normal) {
        const float key = DiamondAngle(sigma_ * Cross(p0_, x), Dot(p0_, x));
        if (key <= limit_ && key < best_.key) best_ = {key, x, normal, p0_, sigma_, fromA_};
    }

    // Crossings of the arc's circle with the segment a–b (an edge pushed out by the reach).
    void Segment(Vec2 a, Vec2 b, Vec2 normal) {
        const Vec2 d = b - a;
        const float dd = LengthSquared(d);
        if (dd <= 0.0f) return;
        const float bq = Dot(a, d);
        const float disc = bq * bq - dd * (LengthSquared(a) - rho2_);
        if (disc < 0.0f) return;
        const float root = std::sqrt(disc);
        for (float t : {(-bq - root) / dd, (-bq + root) / dd})
            if (t >= 0.0f && t <= 1.0f) Offer(a + t * d, normal);
    }

    // Crossings of the arc's circle with the circle of radius `reach` about v.
    void Circle(Vec2 v, float reach) {
        const float d2 = LengthSquared(v);
        if (reach <= 0.0f || d2 <= 0.0f) return;
        const float d = std::sqrt(d2);
        const float rho = std::sqrt(rho2_);
        if (d > rho + reach || d < std::abs(rho - reach)) return;
        const float along = (rho2_ - reach * reach + d2) / (2.0f * d);
        const float h = std::sqrt(Max(rho2_ - along * along, 0.0f));
        const Vec2 u = (1.0f / d) * v;
        const Vec2 base = along * u;
        for (const Vec2 x : {base + h * LeftPerp(u), base - h * LeftPerp(u)}) Offer(x, Normalize(x - v));
    }

private:
    Vec2 p0_;
    float rho2_, sigma_, limit_;
    bool fromA_;
    Entry& best_;
};

// All boundary pieces of core ⊕ disc(reach): edges pushed out along their normals, vertex circles.
void FindEntry(EntryFinder& finder, const RoundedCore& core, float reach) {
    const int n = core.count;
    const auto& p = core.points;
    if (n >= 3) {
        for (int i = 0; i < n; ++i) {
            const Vec2 a = p[i], b = p[i + 1 < n ? i + 1 : 0];
            const Vec2 normal = Normalize(RightPerp(b - a));
            finder.Segment(a + reach * normal, b + reach * normal, normal);
        }
    } else if (n == 2) {
        const Vec2 normal = Normalize(RightPerp(p[1] - p[0]));
        finder.Segment(p[0] + reach * normal, p[1] + reach * normal, normal);
        finder.Segment(p[0] - reach * normal, p[1] - reach * normal, -normal);
    }
    for (int i = 0; i < n; ++i) finder.Circle(p[i], reach);
}

Vec2 FallbackNormal(const RoundedCore& a, const RoundedCore& b) {
    Vec2 ca{}, cb{};
    for (int i = 0; i < a.count; ++i) ca += (1.0f / a.count) * a.points[i];
    for (int i = 0; i < b.count; ++i) cb += (1.0f / b.count) * b.points[i];
    const Vec2 n = Normalize(cb - ca);
    return n == Vec2{} ? Vec2{1.0f, 0.0f} : n;
}

RoundedCore Posed(const RoundedCore& core, const Transform& xf) {
    RoundedCore out = core;
    for (int i = 0; i < core.count; ++i) out.points[i] = TransformPoint(xf, core.points[i]);
    return out;
}

// Touching or overlapping at t = 0: normal and point from the closest points of the cores. The point
// is midway between the two surfaces along the normal, or the common point when the cores overlap.
RotatingImpact Overlapping(const RoundedCore& a, const RoundedCore& b, const swept::CoreClosestPoints& cp) {
    RotatingImpact out;
    out.state = RotatingToiState::Overlapping;
    out.t = 0.0f;
    const Vec2 n = Normalize(cp.onB - cp.onA);
    out.normal = n == Vec2{} ? FallbackNormal(a, b) : n;
    out.point = n == Vec2{} ? cp.onA : 0.5f * ((cp.onA + a.radius * n) + (cp.onB - b.radius * n));
    return out;
}

// Rounding allowance for "already touching" (m): float noise of coordinates of this magnitude, so
// crossing edges whose computed distance is 1e-9 instead of 0 still count as overlapping.
float TouchTolerance(const RoundedCore& a, const RoundedCore& b) {
    return 1e-6f * (swept::MaxRadius(a.points.data(), a.count) + swept::MaxRadius(b.points.data(), b.count) + a.radius + b.radius);
}

// Exact method: A rotates about its fixed pivot, B is at rest. Works in A's start frame (A's body frame).
RotatingImpact ExactRotating(const RoundedCore& coreA, const RotationalSweep& sweepA, const RoundedCore& coreBWorld) {
    const Transform startA = SweepPose(sweepA, 0.0f);
    RoundedCore coreB = coreBWorld;
    for (int j = 0; j < coreB.count; ++j) coreB.points[j] = InvTransformPoint(startA, coreBWorld.points[j]);
    const float reach = coreA.radius + coreB.radius;

    const auto cp = swept::ClosestPointsCores(coreA.points.data(), coreA.count, coreB.points.data(), coreB.count);
    if (cp.distanceSquared <= Square(reach + TouchTolerance(coreA, coreB))) {
        RotatingImpact out = Overlapping(coreA, coreB, cp);
        out.normal = Rotate(startA.q, out.normal);
        out.point = TransformPoint(startA, out.point);
        out.exact = true;
        return out;
    }

    const float alpha = sweepA.sweepAngle;
    RotatingImpact out;
    out.exact = true;
    if (alpha == 0.0f) return out; // no motion and no overlap at the start: no contact
    const float sigma = alpha >= 0.0f ? 1.0f : -1.0f;
    const float turn = std::abs(alpha);
    const float limit = turn >= kTwoPi ? 4.0f : DiamondAngle(std::sin(turn), std::cos(turn));
    Entry best;
    // Vertices of B, carried backwards, entering A grown by both radii.
    for (int j = 0; j < coreB.count; ++j) {
        EntryFinder finder(coreB.points[j], -sigma, limit, false, best);
        FindEntry(finder, coreA, reach);
    }
    // Vertices of A entering B grown by both radii (a point B is covered by its own arc above).
    if (coreB.count >= 2) {
        for (int i = 0; i < coreA.count; ++i) {
            EntryFinder finder(coreA.points[i], sigma, limit, true, best);
            FindEntry(finder, coreB, reach);
        }
    }
    if (!(best.key < std::numeric_limits<float>::infinity())) return out;

    // The exact angle of the winner (the only trig of the search).
    float angle = std::atan2(best.direction * Cross(best.start, best.x), Dot(best.start, best.x));
    if (angle < 0.0f) angle += kTwoPi;
    out.state = RotatingToiState::Hit;
    out.t = Clamp(angle / turn, 0.0f, 1.0f);
    const Transform poseA = SweepPose(sweepA, out.t);
    if (best.fromA) {
        // x: A's vertex at time t in A's start frame, on B grown by the reach; B's outward normal
        // there points from B to A.
        const Vec2 normal = -best.normal;
        out.normal = Rotate(startA.q, normal);
        out.point = TransformPoint(startA, best.x + coreA.radius * normal);
    } else {
        // x: B's vertex expressed in A's body frame at time t, on A grown by the reach.
        out.normal = Rotate(poseA.q, best.normal);
        out.point = TransformPoint(poseA, best.x - coreB.radius * best.normal);
    }
    return out;
}

// Conservative advancement for any pair of motions (see the header).
RotatingImpact Advance(const RoundedCore& coreA, const RotationalSweep& sweepA, const RoundedCore& coreB,
                       const RotationalSweep& sweepB, const RotatingToiSettings& settings) {
    const float reach = coreA.radius + coreB.radius;
    const float speedBound = Length(sweepA.translation - sweepB.translation) +
                             std::abs(sweepA.sweepAngle) * swept::MaxRadius(coreA.points.data(), coreA.count) +
                             std::abs(sweepB.sweepAngle) * swept::MaxRadius(coreB.points.data(), coreB.count);
    auto size = [](const RoundedCore& c) {
        float s = 0.0f;
        for (int i = 1; i < c.count; ++i) s = Max(s, Distance(c.points[0], c.points[i]));
        return s + 2.0f * c.radius;
    };
    const float tolerance = settings.tolerance > 0.0f ? settings.tolerance : 1e-4f * Max(Max(size(coreA), size(coreB)), 1e-6f);

    RotatingImpact out;
    float t = 0.0f;
    for (int iteration = 0; iteration < settings.maxIterations; ++iteration) {
        const RoundedCore a = Posed(coreA, SweepPose(sweepA, t));
        const RoundedCore b = Posed(coreB, SweepPose(sweepB, t));
        const auto cp = swept::ClosestPointsCores(a.points.data(), a.count, b.points.data(), b.count);
        out.iterations = iteration + 1;
        const float gap = std::sqrt(cp.distanceSquared) - reach;
        if (iteration == 0 && gap <= TouchTolerance(a, b)) {
            RotatingImpact overlap = Overlapping(a, b, cp);
            overlap.iterations = 1;
            return overlap;
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
        if (!(speedBound > 0.0f)) return out;
        t += gap / speedBound;
        if (t > 1.0f) return out;
    }
    out.state = RotatingToiState::Unconverged;
    out.t = t;
    return out;
}

} // namespace

RotatingImpact TimeOfImpact(const ConvexShape& a, const RotationalSweep& sweepA, const ConvexShape& b,
                            const RotationalSweep& sweepB, const RotatingToiSettings& settings) {
    swept::RequireValid(sweepA);
    swept::RequireValid(sweepB);
    RequireFinite(settings.tolerance, "RotatingToiSettings tolerance");
    if (settings.tolerance < 0.0f) throw InvalidArgument("RotatingToiSettings tolerance must be >= 0");
    if (settings.maxIterations < 1) throw InvalidArgument("RotatingToiSettings maxIterations must be >= 1");
    const RoundedCore coreA = CoreOfShape(a);
    const RoundedCore coreB = CoreOfShape(b);
    if (FixedPivot(sweepA) && AtRest(sweepB)) return ExactRotating(coreA, sweepA, Posed(coreB, SweepPose(sweepB, 0.0f)));
    if (AtRest(sweepA) && FixedPivot(sweepB)) {
        // The same problem seen from B; the normal then points from B to A.
        RotatingImpact out = ExactRotating(coreB, sweepB, Posed(coreA, SweepPose(sweepA, 0.0f)));
        out.normal = -out.normal;
        return out;
    }
    return Advance(coreA, sweepA, coreB, sweepB, settings);
}

} // namespace sensu
