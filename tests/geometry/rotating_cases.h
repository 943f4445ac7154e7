#pragma once
// Random rotating bodies and query shapes for the swept-region and rotating time-of-impact tests,
// and the fine-stepped truth they are checked against (written without the code under test: only
// the shapes' own overlap tests at fixed poses).
#include <algorithm>
#include <cmath>
#include <array>
#include <vector>
#include <type_traits>
#include <variant>

#include "random_cases.h"
#include "sensu/geometry/overlap.h"
#include "sensu/geometry/rotating_toi.h"

namespace sensu::testing {

/// Bounding circle of a shape in its own frame (cheap reject for the fine stepping).
struct Bound {
    Vec2 center;
    float radius;
};

inline Bound BoundOf(const ConvexShape& shape) {
    return std::visit(
        [](const auto& s) -> Bound {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, Circle>) {
                return {s.center(), s.radius()};
            } else if constexpr (std::is_same_v<T, Capsule>) {
                return {0.5f * (s.a() + s.b()), 0.5f * Distance(s.a(), s.b()) + s.radius()};
            } else if constexpr (std::is_same_v<T, Box>) {
                return {s.center(), Length(s.halfExtents())};
            } else {
                float r = 0.0f;
                for (Vec2 v : s.vertices()) r = Max(r, Distance(v, s.centroid()));
                return {s.centroid(), r};
            }
        },
        shape);
}

/// A random convex polygon of 3–8 vertices around `center` (radius about `size`).
inline ConvexPolygon RandomPolygon(Rng& rng, Vec2 center, float size) {
    for (;;) {
        const int n = rng.Int(3, kMaxPolygonVertices);
        // A vector, not a fixed array: GCC 12 at -O2 with ASan reports a false -Warray-bounds for
        // std::sort on part of a std::array.
        std::vector<float> angles(static_cast<size_t>(n));
        for (float& a : angles) a = rng.Uniform(0.0f, kTwoPi);
        std::sort(angles.begin(), angles.end());
        std::array<Vec2, kMaxPolygonVertices> v{};
        for (int i = 0; i < n; ++i) v[i] = center + size * Vec2{std::cos(angles[i]), std::sin(angles[i])};
        try {
            return ConvexPolygon({v.data(), static_cast<size_t>(n)});
        } catch (const InvalidArgument&) {
            // nearly collinear or duplicate vertices: draw again
        }
    }
}

/// A random shape of size about `size` centred near `center`: circle, capsule, box or polygon.
inline ConvexShape RandomShape(Rng& rng, Vec2 center, float size, int kind = -1) {
    if (kind < 0) kind = rng.Int(0, 3);
    switch (kind) {
    case 0: return Circle(center, size * rng.Uniform(0.0f, 1.0f));
    case 1: {
        const Vec2 h = size * Vec2{std::cos(rng.Angle()), std::sin(rng.Angle())};
        return Capsule(center - h, center + h, size * rng.Uniform(0.0f, 0.5f));
    }
    case 2: return Box(size * Vec2{rng.Uniform(0.02f, 1.0f), rng.Uniform(0.02f, 1.0f)}, center, rng.Angle());
    default: return RandomPolygon(rng, center, size);
    }
}

/// True when the two shapes, each placed by its transform, overlap (touching counts).
inline bool OverlapAt(const ConvexShape& a, const Transform& xfA, const ConvexShape& b, const Transform& xfB) {
    return std::visit([&](const auto& sa, const auto& sb) { return Overlap(sa, xfA, sb, xfB); }, a, b);
}

/// Poses of a sweep at t_k = k/(poses−1), stepped by an exact rotation recurrence in double (no trig
/// per pose, no drift that matters at 4,096 steps).
class PoseStepper {
public:
    PoseStepper(const RotationalSweep& sweep, int poses)
        : sweep_(sweep), step_(1.0 / (poses - 1)), c_(std::cos(static_cast<double>(sweep.startAngle))),
          s_(std::sin(static_cast<double>(sweep.startAngle))),
          dc_(std::cos(static_cast<double>(sweep.sweepAngle) * step_)), ds_(std::sin(static_cast<double>(sweep.sweepAngle) * step_)) {}
    /// Pose k (call with k = 0, 1, 2, … in order).
    Transform Next(int k) {
        const Transform xf{sweep_.pivot + static_cast<float>(k * step_) * sweep_.translation, {static_cast<float>(c_), static_cast<float>(s_)}};
        const double c = c_ * dc_ - s_ * ds_;
        s_ = s_ * dc_ + c_ * ds_;
        c_ = c;
        return xf;
    }

private:
    RotationalSweep sweep_;
    double step_, c_, s_, dc_, ds_;
};

/// Fine-stepped truth: the first of `poses` evenly spaced times t_k = k/(poses−1) at which A and B
/// overlap, or −1. Each pose is first rejected by bounding circles, so a miss costs a few ns; a
/// static B far from the ring the bound of A sweeps is rejected at once.
inline float FirstOverlapTime(const ConvexShape& a, const RotationalSweep& sweepA, const ConvexShape& b,
                              const RotationalSweep& sweepB, int poses) {
    const Bound ba = BoundOf(a), bb = BoundOf(b);
    const float reach = ba.radius + bb.radius;
    const bool bAtRest = sweepB.sweepAngle == 0.0f && sweepB.translation == Vec2{};
    if (bAtRest) {
        const Vec2 qc = TransformPoint(SweepPose(sweepB, 0.0f), bb.center);
        const Vec2 mid = sweepA.pivot + 0.5f * sweepA.translation;
        const float ring = Length(ba.center);
        const float slack = reach + 0.5f * Length(sweepA.translation);
        if (std::abs(Distance(qc, mid) - ring) > slack * 1.001f + 1e-6f) return -1.0f;
    }
    PoseStepper stepA(sweepA, poses), stepB(sweepB, poses);
    for (int k = 0; k < poses; ++k) {
        const Transform xa = stepA.Next(k), xb = stepB.Next(k);
        if (DistanceSquared(TransformPoint(xa, ba.center), TransformPoint(xb, bb.center)) > reach * reach) continue;
        if (OverlapAt(a, xa, b, xb)) return static_cast<float>(k) / static_cast<float>(poses - 1);
    }
    return -1.0f;
}

} // namespace sensu::testing
