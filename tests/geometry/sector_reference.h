#pragma once
// Brute-force ground truth for the fan (Sector) overlap tests, written independently of the library:
// the fan's signed distance from atan2 angles and the distances to its four boundary pieces, the
// other shapes as a convex core (point, segment or polygon) plus a radius, and dense samples of every
// shape's boundary and area.
//
// Oracle of one case (tolerances scale with the case):
//  - "certainly overlapping": a sample of one shape lies inside the other by more than `margin`;
//  - "gap": the smallest sampled distance from one shape's samples to the other shape. If the shapes
//    truly meet, a boundary point of one lies in the other, and the nearest boundary sample is at most
//    half a sample spacing away along the boundary, so gap ≤ halfSpacing (distances are 1-Lipschitz).
// A correct test reports overlap whenever certainly overlapping, and only when gap ≤ halfSpacing + margin.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "random_cases.h"
#include "sensu/geometry/shapes.h"

namespace sensu::testing {

inline constexpr float kFar = std::numeric_limits<float>::max();

inline float RefDistanceToSegment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 ab = b - a;
    const float l2 = LengthSquared(ab);
    const float t = l2 > 0.0f ? std::clamp(Dot(p - a, ab) / l2, 0.0f, 1.0f) : 0.0f;
    return Length(p - (a + t * ab));
}

/// Plain description of a fan in world space, kept beside the library object.
struct RefSector {
    Vec2 center;
    float axisAngle;  // radians
    float halfAngle, inner, outer;
    Sector Make() const { return Sector(center, {std::cos(axisAngle), std::sin(axisAngle)}, halfAngle, inner, outer); }
    Vec2 Dir(float angleFromAxis) const {
        return {std::cos(axisAngle + angleFromAxis), std::sin(axisAngle + angleFromAxis)};
    }
};

/// Signed distance to the fan: negative inside. Boundary pieces: the two radial edges (not for a full
/// annulus, where they are a seam), the outer arc and the inner arc (when r > 0).
inline float RefSectorDistance(const RefSector& s, Vec2 p) {
    const Vec2 q = p - s.center;
    const double rho = std::hypot(double(q.x), double(q.y));
    double phi = std::atan2(double(q.y), double(q.x)) - s.axisAngle;  // angle from the axis in [0, π]
    phi = std::abs(std::remainder(phi, 2.0 * 3.14159265358979323846));
    const bool inWedge = phi <= double(s.halfAngle);
    float boundary = kFar;
    const bool fullAnnulus = s.halfAngle >= kPi;
    if (!fullAnnulus || !inWedge) {
        for (const float side : {s.halfAngle, -s.halfAngle}) {
            const Vec2 u = s.Dir(side);
            boundary = std::min(boundary, RefDistanceToSegment(p, s.center + s.inner * u, s.center + s.outer * u));
        }
    }
    for (const float radius : {s.outer, s.inner}) {
        if (radius <= 0.0f) continue;
        if (inWedge) {
            boundary = std::min(boundary, float(std::abs(rho - radius)));
        } else {
            for (const float side : {s.halfAngle, -s.halfAngle})
                boundary = std::min(boundary, Length(p - (s.center + radius * s.Dir(side))));
        }
    }
    const bool inside = inWedge && rho >= s.inner && rho <= s.outer;
    return inside ? -boundary : boundary;
}

/// A convex shape as core (1 point, 2 points = segment, ≥ 3 = CCW polygon) plus radius, in world space.
struct RefConvex {
    std::vector<Vec2> core;
    float radius = 0.0f;
};

inline float RefConvexDistance(const RefConvex& s, Vec2 p) {
    const size_t n = s.core.size();
    if (n == 1) return Length(p - s.core[0]) - s.radius;
    if (n == 2) return RefDistanceToSegment(p, s.core[0], s.core[1]) - s.radius;
    float outside = kFar;
    float deepest = -kFar;
    bool inside = true;
    for (size_t i = 0; i < n; ++i) {
        const Vec2 a = s.core[i];
        const Vec2 b = s.core[(i + 1) % n];
        const Vec2 normal = Normalize(RightPerp(b - a));
        const float side = Dot(normal, p - a);
        if (side > 0.0f) inside = false;
        deepest = std::max(deepest, side);
        outside = std::min(outside, RefDistanceToSegment(p, a, b));
    }
    return (inside ? deepest : outside) - s.radius;
}

/// Samples with the largest half spacing between neighbouring boundary samples.
struct Samples {
    std::vector<Vec2> points;
    float halfSpacing = 0.0f;
    void Curve(int count, auto&& at, float length) {
        for (int i = 0; i <= count; ++i) points.push_back(at(float(i) / float(count)));
        halfSpacing = std::max(halfSpacing, 0.5f * length / float(count));
    }
};

inline Samples SampleSector(const RefSector& s, int arcCount = 160, int edgeCount = 48) {
    Samples out;
    const float angle = 2.0f * s.halfAngle;
    for (const float radius : {s.outer, s.inner}) {
        if (radius <= 0.0f) continue;
        out.Curve(arcCount, [&](float t) { return s.center + radius * s.Dir(-s.halfAngle + t * angle); }, radius * angle);
    }
    for (const float side : {s.halfAngle, -s.halfAngle}) {
        const Vec2 u = s.Dir(side);
        out.Curve(edgeCount, [&](float t) { return s.center + (s.inner + t * (s.outer - s.inner)) * u; }, s.outer - s.inner);
    }
    for (int i = 1; i < 8; ++i)  // area, polar grid
        for (int j = 0; j <= 16; ++j)
            out.points.push_back(s.center + (s.inner + (s.outer - s.inner) * float(i) / 8.0f) *
                                                s.Dir(-s.halfAngle + angle * float(j) / 16.0f));
    return out;
}

inline Samples SampleConvex(const RefConvex& s, int count = 96) {
    Samples out;
    const size_t n = s.core.size();
    const float rho = s.radius;
    if (n == 1) {
        if (rho <= 0.0f) {
            out.points.push_back(s.core[0]);
        } else {
            out.Curve(count, [&](float t) { return s.core[0] + rho * Vec2{std::cos(kTwoPi * t), std::sin(kTwoPi * t)}; },
                      kTwoPi * rho);
        }
    } else if (n == 2) {
        const Vec2 a = s.core[0];
        const Vec2 b = s.core[1];
        const Vec2 normal = Normalize(LeftPerp(b - a));
        const float length = Length(b - a);
        for (const float side : {rho, -rho})
            out.Curve(count, [&](float t) { return Lerp(a, b, t) + side * normal; }, length);
        if (rho > 0.0f) {
            const float base = std::atan2(normal.y, normal.x);
            out.Curve(count / 2, [&](float t) { const float w = base + kPi * t; return b - rho * Vec2{std::cos(w), std::sin(w)}; }, kPi * rho);
            out.Curve(count / 2, [&](float t) { const float w = base + kPi * t; return a + rho * Vec2{std::cos(w), std::sin(w)}; }, kPi * rho);
        }
    } else {
        for (size_t i = 0; i < n; ++i) {
            const Vec2 a = s.core[i];
            const Vec2 b = s.core[(i + 1) % n];
            out.Curve(count / 2, [&](float t) { return Lerp(a, b, t); }, Length(b - a));
        }
    }
    // Area: a grid over the bounding box, kept where inside.
    Vec2 lo = s.core[0], hi = s.core[0];
    for (Vec2 p : s.core) { lo = Min(lo, p); hi = Max(hi, p); }
    lo -= Vec2{rho, rho};
    hi += Vec2{rho, rho};
    for (int i = 1; i < 10; ++i)
        for (int j = 1; j < 10; ++j) {
            const Vec2 p = {lo.x + (hi.x - lo.x) * float(i) / 10.0f, lo.y + (hi.y - lo.y) * float(j) / 10.0f};
            if (RefConvexDistance(s, p) <= 0.0f) out.points.push_back(p);
        }
    return out;
}

struct Oracle {
    bool certain = false;  ///< some sample is inside the other shape by more than margin
    float gap = kFar;      ///< smallest sampled distance between the shapes
    float tolerance = 0.0f;
};

template <class DistanceA, class DistanceB>
Oracle Judge(const Samples& a, DistanceA&& distanceToA, const Samples& b, DistanceB&& distanceToB, float margin) {
    Oracle o;
    for (Vec2 p : a.points) {
        const float d = distanceToB(p);
        o.certain = o.certain || d <= -margin;
        o.gap = std::min(o.gap, std::max(d, 0.0f));
    }
    for (Vec2 p : b.points) {
        const float d = distanceToA(p);
        o.certain = o.certain || d <= -margin;
        o.gap = std::min(o.gap, std::max(d, 0.0f));
    }
    o.tolerance = std::max(a.halfSpacing, b.halfSpacing) + margin;
    return o;
}

/// Tally of one randomized comparison: failures of either kind, and how many cases overlapped.
struct Tally {
    int cases = 0, overlaps = 0, missed = 0, phantom = 0;
    std::string firstFailure;
    void Record(bool reported, const Oracle& o, const std::string& describe) {
        ++cases;
        overlaps += reported;
        const bool miss = o.certain && !reported;
        const bool ghost = reported && o.gap > o.tolerance;
        missed += miss;
        phantom += ghost;
        if ((miss || ghost) && firstFailure.empty())
            firstFailure = (miss ? "missed overlap: " : "phantom overlap (gap " + std::to_string(o.gap) + "): ") + describe;
    }
};

/// Random fan near the origin at the given scale, with the degenerate values mixed in:
/// θ = 0, π/2, π; r = 0.
inline RefSector RandomSector(Rng& rng, float scale) {
    RefSector s;
    s.center = scale * rng.InBox(-1.0f, 1.0f);
    s.axisAngle = rng.Angle();
    const float pick = rng.Uniform(0.0f, 1.0f);
    s.halfAngle = pick < 0.05f ? 0.0f : pick < 0.12f ? kPi : pick < 0.17f ? 0.5f * kPi : rng.Uniform(0.0f, kPi);
    s.outer = scale * rng.Uniform(0.3f, 2.0f);
    s.inner = rng.Chance(0.2f) ? 0.0f : s.outer * rng.Uniform(0.05f, 0.9f);
    return s;
}

inline float RandomScale(Rng& rng) {
    const float pick = rng.Uniform(0.0f, 1.0f);
    return pick < 0.1f ? 1e-3f : pick < 0.2f ? 1e3f : 1.0f;
}

/// A point placed so the shape it anchors often touches the fan: anywhere up to `reach` past its rim.
inline Vec2 NearSector(Rng& rng, const RefSector& s, float reach) {
    const float angle = rng.Angle();
    const float radius = rng.Uniform(0.0f, s.outer + reach);
    return s.center + radius * Vec2{std::cos(angle), std::sin(angle)};
}

inline std::string Describe(const RefSector& s) {
    return "fan O=(" + std::to_string(s.center.x) + "," + std::to_string(s.center.y) + ") axisAngle=" +
           std::to_string(s.axisAngle) + " theta=" + std::to_string(s.halfAngle) + " r=" + std::to_string(s.inner) +
           " R=" + std::to_string(s.outer);
}

inline std::string Describe(const RefConvex& c) {
    std::string out = " shape radius=" + std::to_string(c.radius) + " core:";
    for (Vec2 p : c.core) out += " (" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
    return out;
}

} // namespace sensu::testing
