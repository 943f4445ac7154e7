#pragma once
// Any two solid shapes through one call each of overlap, distance and manifold, and the checks that the
// three agree with each other (and, when given, with a brute-force truth). Shared by the randomized
// property test (tests/geometry/pair_consistency_test.cpp) and the pair fuzzer (tests/fuzz/).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <variant>

#include "sensu/geometry/distance.h"
#include "sensu/geometry/manifold.h"
#include "sensu/geometry/overlap.h"

namespace sensu::testing {

using AnyShape = std::variant<Circle, Capsule, Box, ConvexPolygon, Segment>;

/// Rank in the fixed order of the Collide* functions' A side (Segment > Polygon > Box > Capsule > Circle).
inline int CollideRank(const AnyShape& s) { return static_cast<int>(s.index()); }

inline bool AnyOverlap(const AnyShape& a, const Transform& xfA, const AnyShape& b, const Transform& xfB) {
    return std::visit([&](const auto& sa, const auto& sb) { return Overlap(sa, xfA, sb, xfB); }, a, b);
}

inline DistanceResult AnyDistance(const AnyShape& a, const Transform& xfA, const AnyShape& b, const Transform& xfB) {
    return std::visit([&](const auto& sa, const auto& sb) { return Distance(sa, xfA, sb, xfB); }, a, b);
}

/// The Collide* function with `a` as A (higher rank) and `b` as B; every pair but Segment–Segment.
inline Manifold CollideOrdered(const AnyShape& a, const Transform& xa, const AnyShape& b, const Transform& xb, float margin) {
    if (const auto* cb = std::get_if<Circle>(&b)) {
        if (const auto* s = std::get_if<Circle>(&a)) return CollideCircles(*s, xa, *cb, xb, margin);
        if (const auto* s = std::get_if<Capsule>(&a)) return CollideCapsuleAndCircle(*s, xa, *cb, xb, margin);
        if (const auto* s = std::get_if<Box>(&a)) return CollideBoxAndCircle(*s, xa, *cb, xb, margin);
        if (const auto* s = std::get_if<ConvexPolygon>(&a)) return CollidePolygonAndCircle(*s, xa, *cb, xb, margin);
        return CollideSegmentAndCircle(std::get<Segment>(a), xa, *cb, xb, margin);
    }
    if (const auto* cb = std::get_if<Capsule>(&b)) {
        if (const auto* s = std::get_if<Capsule>(&a)) return CollideCapsules(*s, xa, *cb, xb, margin);
        if (const auto* s = std::get_if<Box>(&a)) return CollideBoxAndCapsule(*s, xa, *cb, xb, margin);
        if (const auto* s = std::get_if<ConvexPolygon>(&a)) return CollidePolygonAndCapsule(*s, xa, *cb, xb, margin);
        return CollideSegmentAndCapsule(std::get<Segment>(a), xa, *cb, xb, margin);
    }
    if (const auto* bb = std::get_if<Box>(&b)) {
        if (const auto* s = std::get_if<Box>(&a)) return CollideBoxes(*s, xa, *bb, xb, margin);
        if (const auto* s = std::get_if<ConvexPolygon>(&a)) return CollidePolygonAndBox(*s, xa, *bb, xb, margin);
        return CollideSegmentAndBox(std::get<Segment>(a), xa, *bb, xb, margin);
    }
    const auto& pb = std::get<ConvexPolygon>(b);
    if (const auto* s = std::get_if<ConvexPolygon>(&a)) return CollidePolygons(*s, xa, pb, xb, margin);
    return CollideSegmentAndPolygon(std::get<Segment>(a), xa, pb, xb, margin);
}

/// True when a manifold exists for the pair (two segments have none: static geometry never collides).
inline bool HasManifold(const AnyShape& a, const AnyShape& b) {
    return !(std::holds_alternative<Segment>(a) && std::holds_alternative<Segment>(b));
}

/// The manifold of a and b whichever order the library spells them in, normal from a to b.
inline Manifold AnyCollide(const AnyShape& a, const Transform& xfA, const AnyShape& b, const Transform& xfB, float margin) {
    if (CollideRank(a) >= CollideRank(b)) return CollideOrdered(a, xfA, b, xfB, margin);
    Manifold m = CollideOrdered(b, xfB, a, xfA, margin);
    m.normal = -m.normal;
    return m;
}

/// Largest absolute coordinate a pair's shapes reach (for round-off tolerances that grow with it).
inline float PlacementMagnitude(const Transform& xfA, const Transform& xfB) {
    return std::max({std::abs(xfA.p.x), std::abs(xfA.p.y), std::abs(xfB.p.x), std::abs(xfB.p.y)});
}

inline bool Finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

inline void Describe(std::ostream& out, Vec2 v) { out << "{" << v.x << "f, " << v.y << "f}"; }

/// The shape and pose as C++ source (to paste into a regression test).
inline std::string Describe(const AnyShape& s, const Transform& xf) {
    std::ostringstream out;
    out.precision(9);
    if (const auto* c = std::get_if<Circle>(&s)) { out << "Circle("; Describe(out, c->center()); out << ", " << c->radius() << "f)"; }
    if (const auto* c = std::get_if<Capsule>(&s)) {
        out << "Capsule("; Describe(out, c->a()); out << ", "; Describe(out, c->b()); out << ", " << c->radius() << "f)";
    }
    if (const auto* c = std::get_if<Box>(&s)) {
        out << "Box("; Describe(out, c->halfExtents()); out << ", "; Describe(out, c->center());
        out << ", " << std::atan2(c->rotation().s, c->rotation().c) << "f)";
    }
    if (const auto* c = std::get_if<ConvexPolygon>(&s)) {
        out << "ConvexPolygon(std::array<Vec2, " << c->count() << ">{";
        for (Vec2 v : c->vertices()) { Describe(out, v); out << ", "; }
        out << "})";
    }
    if (const auto* c = std::get_if<Segment>(&s)) { out << "Segment("; Describe(out, c->a()); out << ", "; Describe(out, c->b()); out << ")"; }
    out << " at Transform{"; Describe(out, xf.p); out << ", Rot{" << xf.q.c << "f, " << xf.q.s << "f}}";
    return out.str();
}

/// What one pair reported, and the first disagreement found (empty when consistent).
struct PairReport {
    bool overlapAB = false, overlapBA = false;
    DistanceResult distanceAB, distanceBA;
    Manifold manifold;  ///< with margin `margin` (deep enough to report the pair whenever it is that close)
    bool hasManifold = false;
    std::string problem;
};

/// Runs every query on the pair and checks that overlap, distance (both argument orders) and the deepest
/// manifold separation agree within tol (metres), that normals are unit and that every output is
/// finite. `truth` is the brute-force signed separation when known (NaN otherwise). A manifold may
/// report up to `faceSlack` more gap than there is: the reference face keeps its choice within the face
/// hysteresis (collide_common.h, ≤ 5e-4 m and ≤ 1 % of the smaller shape) so resting pairs keep their
/// warm-start ids, and a face up to that much worse than the best measures the gap along its normal;
/// and 1e-4 of the gap (a face normal a few milliradians off the closest direction, far apart).
inline PairReport CheckPairConsistency(const AnyShape& a, const Transform& xfA, const AnyShape& b, const Transform& xfB, float tol,
                                       float faceSlack, float truth = NAN) {
    PairReport r;
    std::ostringstream why;
    r.overlapAB = AnyOverlap(a, xfA, b, xfB);
    r.overlapBA = AnyOverlap(b, xfB, a, xfA);
    r.distanceAB = AnyDistance(a, xfA, b, xfB);
    r.distanceBA = AnyDistance(b, xfB, a, xfA);
    const float dAB = r.distanceAB.distance, dBA = r.distanceBA.distance;
    // A margin past the reported distance: the manifold must then have its points.
    const float margin = std::isfinite(dAB) && std::isfinite(dBA) ? std::max(dAB, dBA) + 4.0f * tol + faceSlack : 0.0f;
    r.hasManifold = HasManifold(a, b);
    if (r.hasManifold) r.manifold = AnyCollide(a, xfA, b, xfB, margin);

    auto fail = [&](const std::string& what) {
        if (r.problem.empty()) r.problem = what;
    };
    for (const DistanceResult* d : {&r.distanceAB, &r.distanceBA}) {
        if (!std::isfinite(d->distance) || !Finite(d->pointA) || !Finite(d->pointB) || !Finite(d->normal)) fail("non-finite distance output");
        if (d->distance < 0.0f) fail("negative distance");
        if (d->distance > 0.0f && std::abs(Length(d->normal) - 1.0f) > 1e-3f) fail("distance normal not unit");
    }
    if (std::abs(dAB - dBA) > tol) fail("distance not symmetric");
    // Overlap ⇔ distance 0 (beyond round-off), in both orders.
    if (r.overlapAB != r.overlapBA && std::max(dAB, dBA) > tol) fail("overlap not symmetric");
    if (r.overlapAB && std::min(dAB, dBA) > tol) fail("overlap but positive distance");
    float deepest = 3.4e38f;
    if (r.hasManifold) {
        const Manifold& m = r.manifold;
        if (m.pointCount > 0 && (!Finite(m.normal) || std::abs(Length(m.normal) - 1.0f) > 1e-3f)) fail("manifold normal not unit");
        for (int i = 0; i < m.pointCount; ++i) {
            if (!Finite(m.points[i].point) || !std::isfinite(m.points[i].separation)) fail("non-finite manifold point");
            deepest = std::min(deepest, m.points[i].separation);
        }
        if (m.pointCount == 0) fail("manifold empty within its margin");
        // Never more gap than there is (the solver would let the pair close past it), never penetration
        // when apart.
        else if (deepest > dAB + tol + faceSlack + 1e-4f * dAB) fail("manifold separation larger than the distance");
        else if (dAB > tol && deepest < -tol) fail("manifold penetrates although apart");
        else if (!r.overlapAB && deepest < -tol) fail("manifold penetrates although Overlap says apart");
    }
    if (!std::isnan(truth)) {
        if (std::abs(dAB - std::max(truth, 0.0f)) > tol) fail("distance differs from the truth");
        if (truth > tol && r.overlapAB) fail("overlap although apart");
        if (truth < -tol && !r.overlapAB) fail("no overlap although overlapping");
        if (r.hasManifold && r.manifold.pointCount > 0 && deepest > truth + tol + faceSlack) fail("manifold separation larger than the truth");
    }
    if (!r.problem.empty()) {
        why << r.problem << ": overlap " << r.overlapAB << "/" << r.overlapBA << " distance " << dAB << "/" << dBA;
        if (r.hasManifold) {
            why << " manifold n (" << r.manifold.normal.x << "," << r.manifold.normal.y << ")";
            for (int i = 0; i < r.manifold.pointCount; ++i) why << " s " << r.manifold.points[i].separation;
        }
        if (!std::isnan(truth)) why << " truth " << truth;
        why << "\n  A " << Describe(a, xfA) << "\n  B " << Describe(b, xfB);
        r.problem = why.str();
    }
    return r;
}

} // namespace sensu::testing
