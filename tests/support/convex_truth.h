#pragma once
// Brute-force ground truth for the convex pair tests (manifold, overlap, distance).
//
// Every solid shape is written, independently of the library's code paths, as a world-space core point
// list (1 point, a segment, or a CCW polygon) plus a radius. The signed separation of two convex shapes
// is the maximum over all directions u of  min_B u·b − max_A u·a  (positive: their distance; negative:
// minus the penetration depth; the arg max is the minimum-translation direction). It is found by dense
// sampling of directions, then refining every promising sample by ternary search.
#include <algorithm>
#include <cmath>
#include <vector>

#include "random_cases.h"
#include "sensu/geometry/primitives.h"
#include "sensu/geometry/shapes.h"

namespace sensu::testing {

struct TruthShape {
    std::vector<Vec2> core;  ///< world points; ≥ 3 are a counter-clockwise convex polygon
    float radius = 0.0f;
};

inline TruthShape Truth(const Circle& s, const Transform& xf) { return {{TransformPoint(xf, s.center())}, s.radius()}; }
inline TruthShape Truth(const Capsule& s, const Transform& xf) {
    return {{TransformPoint(xf, s.a()), TransformPoint(xf, s.b())}, s.radius()};
}
inline TruthShape Truth(const Segment& s, const Transform& xf) { return {{TransformPoint(xf, s.a()), TransformPoint(xf, s.b())}, 0.0f}; }
inline TruthShape Truth(const Box& s, const Transform& xf) {
    TruthShape t;
    for (Vec2 c : s.Corners()) t.core.push_back(TransformPoint(xf, c));
    return t;
}
inline TruthShape Truth(const ConvexPolygon& s, const Transform& xf) {
    TruthShape t;
    for (Vec2 v : s.vertices()) t.core.push_back(TransformPoint(xf, v));
    return t;
}

/// max over the shape of u·x (u need not be unit for the core; the radius term assumes |u| = 1).
inline float Support(const TruthShape& s, Vec2 u) {
    float best = -3.4e38f;
    for (Vec2 p : s.core) best = std::max(best, Dot(u, p));
    return best + s.radius;
}

/// min_B u·b − max_A u·a for unit u.
inline float SeparationAlong(const TruthShape& a, const TruthShape& b, Vec2 u) { return -Support(b, -u) - Support(a, u); }

struct SignedSeparation {
    float value;    ///< distance when apart, −(penetration depth) when overlapping
    Vec2 direction; ///< unit direction from A to B achieving it
};

inline SignedSeparation BruteSeparation(const TruthShape& a, const TruthShape& b) {
    constexpr int kSamples = 360;
    const double step = 2.0 * 3.14159265358979323846 / kSamples;
    auto at = [&](double angle) {
        return SeparationAlong(a, b, {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))});
    };
    float values[kSamples];
    for (int i = 0; i < kSamples; ++i) values[i] = at(i * step);
    SignedSeparation best{-3.4e38f, {}};
    // Refine the 8 best local maxima of the samples.
    std::vector<std::pair<float, int>> peaks;
    for (int i = 0; i < kSamples; ++i) {
        const float prev = values[(i + kSamples - 1) % kSamples];
        const float next = values[(i + 1) % kSamples];
        if (values[i] >= prev && values[i] >= next) peaks.push_back({values[i], i});
    }
    std::sort(peaks.begin(), peaks.end(), [](auto x, auto y) { return x.first > y.first; });
    if (peaks.size() > 8) peaks.resize(8);
    for (auto [value, i] : peaks) {
        double lo = (i - 1) * step, hi = (i + 1) * step;
        for (int it = 0; it < 60; ++it) {
            const double m1 = lo + (hi - lo) / 3.0, m2 = hi - (hi - lo) / 3.0;
            if (at(m1) < at(m2)) lo = m1;
            else hi = m2;
        }
        double angle = 0.5 * (lo + hi);
        float v = at(angle);
        if (v < value) {
            v = value;
            angle = i * step;
        }
        if (v > best.value) best = {v, {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))}};
    }
    return best;
}

/// Signed distance from p to the shape's surface (negative inside), computed exactly from the core.
inline float SignedDistance(const TruthShape& s, Vec2 p) {
    const size_t n = s.core.size();
    if (n == 1) return Distance(p, s.core[0]) - s.radius;
    float outside = 3.4e38f;
    for (size_t i = 0; i < (n == 2 ? 1 : n); ++i)
        outside = std::min(outside, std::sqrt(DistanceSquaredPointSegment(p, s.core[i], s.core[(i + 1) % n])));
    if (n >= 3) {
        bool inside = true;
        for (size_t i = 0; i < n; ++i)
            if (Cross(s.core[(i + 1) % n] - s.core[i], p - s.core[i]) < 0.0f) inside = false;
        if (inside) return -outside - s.radius;
    }
    return outside - s.radius;
}

/// Random shapes of size ~scale (metres), including degenerate members (zero radius, zero length).
inline Circle RandomCircle(Rng& rng, float scale) {
    return Circle(scale * rng.InBox(-0.2f, 0.2f), rng.Chance(0.1f) ? 0.0f : scale * rng.Uniform(0.05f, 0.6f));
}
inline Capsule RandomCapsule(Rng& rng, float scale) {
    const Vec2 a = scale * rng.InBox(-0.5f, 0.5f);
    const Vec2 b = rng.Chance(0.05f) ? a : scale * rng.InBox(-0.5f, 0.5f);
    return Capsule(a, b, rng.Chance(0.1f) ? 0.0f : scale * rng.Uniform(0.02f, 0.4f));
}
inline Segment RandomSegment(Rng& rng, float scale) {
    const Vec2 a = scale * rng.InBox(-0.7f, 0.7f);
    Vec2 b = scale * rng.InBox(-0.7f, 0.7f);
    if (DistanceSquared(a, b) < Square(0.01f * scale)) b = a + Vec2{0.3f * scale, 0.0f};
    return Segment(a, b);
}
inline Box RandomBox(Rng& rng, float scale) {
    return Box(scale * Vec2{rng.Uniform(0.05f, 0.6f), rng.Uniform(0.05f, 0.6f)},
               rng.Chance(0.5f) ? Vec2{} : scale * rng.InBox(-0.2f, 0.2f), rng.Chance(0.5f) ? 0.0f : rng.Angle());
}
inline ConvexPolygon RandomPolygon(Rng& rng, float scale) {
    // Vertices on a jittered ellipse at sorted angles with a minimum gap: convex and CCW by construction.
    const int n = rng.Int(3, kMaxPolygonVertices);
    const float rx = scale * rng.Uniform(0.1f, 0.6f), ry = scale * rng.Uniform(0.1f, 0.6f);
    const Vec2 c = scale * rng.InBox(-0.2f, 0.2f);
    for (;;) {
        std::vector<float> angles;
        for (int i = 0; i < n; ++i) angles.push_back(rng.Uniform(0.0f, kTwoPi));
        std::sort(angles.begin(), angles.end());
        bool ok = angles.back() - angles.front() < kTwoPi - 0.15f;
        for (int i = 1; i < n; ++i) ok = ok && angles[i] - angles[i - 1] > 0.15f;
        if (!ok) continue;
        std::vector<Vec2> v;
        for (float t : angles) v.push_back(c + Vec2{rx * std::cos(t), ry * std::sin(t)});
        try {
            return ConvexPolygon(v);
        } catch (const InvalidArgument&) {
        }
    }
}

/// Scale of case i: most at 1 m, the rest spread over 1e-3 … 1e3 m.
inline float CaseScale(int i) {
    static const float scales[] = {1.0f, 1.0f, 1.0f, 1e-3f, 1e-2f, 0.1f, 10.0f, 100.0f, 1e3f, 1.0f};
    return scales[i % 10];
}

/// A random pose near the origin (or, sometimes, a degenerate one: coincident, axis-aligned).
inline Transform RandomPose(Rng& rng, float scale) {
    Transform xf = Transform::FromAngle(scale * rng.InBox(-1.0f, 1.0f), rng.Angle());
    if (rng.Chance(0.05f)) xf.p = {};
    if (rng.Chance(0.1f)) xf.q = Rot::FromAngle(0.5f * kPi * static_cast<float>(rng.Int(0, 3)));
    return xf;
}

/// One random case of a shape pair: the scale of case i, both shapes and both poses (origins
/// coincident in 5 % of the cases). The brute-force tests of every pair function draw their cases here.
template <class A, class B>
struct PairCase {
    float scale;
    A a;
    B b;
    Transform xfA;
    Transform xfB;
};

template <class MakeA, class MakeB>
auto DrawPairCase(Rng& rng, int i, MakeA makeA, MakeB makeB) {
    const float scale = CaseScale(i);
    auto a = makeA(rng, scale);
    auto b = makeB(rng, scale);
    const Transform xfA = RandomPose(rng, scale);
    Transform xfB = RandomPose(rng, scale);
    if (rng.Chance(0.05f)) xfB.p = xfA.p;
    return PairCase<decltype(a), decltype(b)>{scale, a, b, xfA, xfB};
}

} // namespace sensu::testing
