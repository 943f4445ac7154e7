#pragma once
// Brute-force reference for the convex shape cast tests: both shapes as world-space cores (point,
// segment or CCW polygon) plus a radius in double, their signed gap written independently of the
// library (all edge pairs' distances when apart, the separating-axis depth when the cores overlap), and
// the first touch along a path found by fine stepping then bisection.
#include <algorithm>
#include <cmath>
#include <vector>

#include "cast_reference.h"
#include "sensu/geometry/shape_proxy.h"

namespace sensu::testing {

/// A convex shape in world coordinates (double): the hull of `core` inflated by `radius`.
struct DShape {
    std::vector<DVec> core; ///< 1 point, 2 segment ends, or ≥ 3 CCW polygon vertices
    double radius = 0;

    DShape Moved(DVec by) const {
        DShape s = *this;
        for (DVec& p : s.core) p = p + by;
        return s;
    }
};

/// The proxy placed by xf, the placement done in double.
inline DShape Place(const ShapeProxy& proxy, const Transform& xf) {
    DShape s;
    for (int i = 0; i < proxy.count; ++i) {
        const DVec p = D(proxy.points[i]);
        s.core.push_back({double(xf.p.x) + double(xf.q.c) * p.x - double(xf.q.s) * p.y,
                          double(xf.p.y) + double(xf.q.s) * p.x + double(xf.q.c) * p.y});
    }
    s.radius = proxy.radius;
    return s;
}

inline std::string Describe(const DShape& s) {
    std::ostringstream out;
    out.precision(9);
    out << "core";
    for (DVec p : s.core) out << " (" << p.x << ", " << p.y << ")";
    out << " radius " << s.radius;
    return out.str();
}

/// Signed distance from p to the shape's surface (negative inside).
inline double SignedDistance(const DShape& s, DVec p) {
    const size_t n = s.core.size();
    double outside = Len(p - s.core[0]);
    for (size_t i = 0; n >= 2 && i < (n == 2 ? 1 : n); ++i) outside = std::min(outside, DistPointSegment(p, s.core[i], s.core[(i + 1) % n]));
    if (n >= 3) {
        bool inside = true;
        for (size_t i = 0; i < n; ++i) inside = inside && Cross(s.core[(i + 1) % n] - s.core[i], p - s.core[i]) >= 0;
        if (inside) return -outside - s.radius;
    }
    return outside - s.radius;
}

/// Signed gap between the two shapes: their distance when apart, negative when they overlap.
inline double SignedGap(const DShape& a, const DShape& b) {
    auto edges = [](const DShape& s) {
        std::vector<std::pair<DVec, DVec>> e;
        const size_t n = s.core.size();
        if (n == 1) e.push_back({s.core[0], s.core[0]});
        else if (n == 2) e.push_back({s.core[0], s.core[1]});
        else
            for (size_t i = 0; i < n; ++i) e.push_back({s.core[i], s.core[(i + 1) % n]});
        return e;
    };
    const auto ea = edges(a), eb = edges(b);
    double apart = 1e300;
    for (const auto& [p, q] : ea)
        for (const auto& [r, s] : eb) apart = std::min(apart, DistSegmentSegment(p, q, r, s));
    const bool contained = (b.core.size() >= 3 && SignedDistance({b.core, 0}, a.core[0]) <= 0) ||
                           (a.core.size() >= 3 && SignedDistance({a.core, 0}, b.core[0]) <= 0);
    const double radii = a.radius + b.radius;
    if (apart > 0 && !contained) return apart - radii;
    // Overlapping cores: the depth is the largest separation over the edge normals of both (the edge
    // normals of their Minkowski difference), each edge direction taken both ways.
    double depth = 0;
    bool any = false;
    for (const auto* list : {&ea, &eb})
        for (const auto& [p, q] : *list) {
            const DVec e = q - p;
            const double len = Len(e);
            if (len <= 0) continue;
            for (const double sign : {1.0, -1.0}) {
                const DVec u{sign * e.y / len, -sign * e.x / len};
                double minB = 1e300, maxA = -1e300;
                for (DVec x : b.core) minB = std::min(minB, Dot(u, x));
                for (DVec x : a.core) maxA = std::max(maxA, Dot(u, x));
                depth = any ? std::max(depth, minB - maxA) : minB - maxA;
                any = true;
            }
        }
    return std::min(depth, 0.0) - radii;
}

/// First λ in [0, maxFraction] where `gap(λ)` ≤ 0, by `steps` samples then bisection; < 0 when no
/// sample touches.
template <class Gap>
double FirstTouch(Gap gap, double maxFraction, int steps) {
    double previous = 0;
    for (int k = 0; k <= steps; ++k) {
        const double s = maxFraction * double(k) / steps;
        if (gap(s) <= 0) {
            if (k == 0) return 0;
            double lo = previous, hi = s;
            for (int it = 0; it < 60; ++it) {
                const double mid = 0.5 * (lo + hi);
                (gap(mid) <= 0 ? hi : lo) = mid;
            }
            return hi;
        }
        previous = s;
    }
    return -1;
}

} // namespace sensu::testing
