// One-sided chain segments: the fix for "ghost collisions", where a shape sliding along a chain of
// segments catches on the vertex two segments share (the vertex's side normal points into the joint).
//
// The two-sided segment manifold (collide_rounded.cpp) is computed first; its normal is then judged by
// the neighbours' directions (the ghost vertices). A normal is acceptable when it is this segment's own
// normal, or, at an end where the chain turns convex, lies in the fan between the two segments' normals
// (a real corner of the terrain). Otherwise a shape apart from the segment is left to the neighbour
// (whose segment is at least as close in that direction), and a shape touching the segment gets the
// segment's own normal with its points clipped to the segment, so the segment pushes only straight out
// of its face. Open chain ends are given a ghost behind the surface (physics/chain.cpp), which makes the
// end a 90° convex corner.
#include <cmath>
#include <utility>

#include "collide_common.h"

namespace sensu {

namespace {

using detail::MakeId;
using detail::RoundedPolygon;

// Sine of the angle by which a normal may leave the acceptable fan and still count as inside it: a box
// resting across a flat joint and tilted by round-off keeps its face normal (0.57°, below what shows).
constexpr float kFanSlack = 0.01f;

// A core farther than this from the segment is apart: the direction between the closest points is then
// sound enough to leave the contact to a neighbour. Metres (a tenth of the default linearSlop).
constexpr float kApartDistance = 5e-4f;

// The segment with what its ends allow: normals of the previous, this and the next segment, and whether
// the chain turns convex (left, counter-clockwise, or straight on) at each end.
struct ChainEnds {
    Vec2 a, b, tangent, normal;
    Vec2 normal0, normal2;
    bool convex1, convex2;
};

ChainEnds MakeEnds(const ChainSegment& s) {
    ChainEnds e;
    e.a = s.a();
    e.b = s.b();
    e.tangent = Normalize(s.b() - s.a());
    e.normal = s.normal();
    const Vec2 before = s.a() - s.ghost1();
    const Vec2 after = s.ghost2() - s.b();
    e.normal0 = Normalize(RightPerp(before));
    e.normal2 = Normalize(RightPerp(after));
    e.convex1 = Cross(before, s.b() - s.a()) >= 0.0f;
    e.convex2 = Cross(s.b() - s.a(), after) >= 0.0f;
    return e;
}

// True when n lies in the fan swept counter-clockwise from `first` to `second` (a convex corner turns
// less than half a turn, so the fan is narrower than a half plane; a chain folding back on itself makes
// it the half plane counter-clockwise of `first`).
bool InFan(Vec2 first, Vec2 second, Vec2 n) {
    const Vec2 middle = first + second;
    if (LengthSquared(middle) < 1e-12f) return Cross(first, n) >= -kFanSlack;
    return Cross(first, n) >= -kFanSlack && Cross(n, second) >= -kFanSlack && Dot(n, middle) > 0.0f;
}

enum class Verdict { Keep, LeaveToNeighbour, UseOwnNormal };

Verdict Judge(const ChainEnds& e, Vec2 n) {
    if (Dot(n, e.normal) > 0.0f && std::abs(Cross(n, e.normal)) <= kFanSlack) return Verdict::Keep;
    // Which end the normal leans towards decides which neighbour has a say.
    const bool towardA = Dot(n, e.tangent) < 0.0f;
    if (!(towardA ? e.convex1 : e.convex2)) return Verdict::UseOwnNormal;  // concave: no corner normals
    const bool inFan = towardA ? InFan(e.normal0, e.normal, n) : InFan(e.normal, e.normal2, n);
    return inFan ? Verdict::Keep : Verdict::LeaveToNeighbour;
}

// Contact along the segment's own normal: the face of b's core that faces the segment, clipped to the
// segment's extent (ids as the two-sided routine gives them for reference edge 0). Beyond an end where the
// chain turns concave the free space near the joint is in front of both segments' lines, so this line is
// a valid limit there too: a feature beyond such an end is kept instead of dropped, which gives the
// speculative contact a fast shape needs before it enters the corner.
Manifold OwnNormalManifold(const ChainEnds& e, const RoundedPolygon& b, float margin) {
    const float length = Dot(e.tangent, e.b - e.a);
    Vec2 w1 = b.vertices[0], w2 = b.vertices[0];
    uint32_t id1 = 0, id2 = 0;
    if (b.count > 1) {
        int incident = 0;
        for (int j = 1; j < b.count; ++j) {
            if (Dot(e.normal, b.normals[j]) < Dot(e.normal, b.normals[incident])) incident = j;
        }
        const int next = detail::Next(incident, b.count);
        w1 = b.vertices[incident];
        w2 = b.vertices[next];
        id1 = static_cast<uint32_t>(incident);
        id2 = static_cast<uint32_t>(next);
    }
    const float u1 = Dot(e.tangent, w1 - e.a);
    const float du = Dot(e.tangent, w2 - e.a) - u1;
    Vec2 candidates[2];
    uint32_t ids[2];
    int count = 0;
    // An incident edge across the segment (or a single point) is clipped by moving its ends onto the
    // segment's end planes; one (nearly) perpendicular to the segment is kept or dropped whole, its
    // deeper end only (dividing by a du of round-off would place the points anywhere).
    bool clipped = false;
    if (std::abs(du) > 1e-6f * (std::abs(du) + Length(w2 - w1))) {
        float lo = 0.0f, hi = 1.0f;
        float la = -u1 / du, lb = (length - u1) / du;
        uint32_t idA = 0x80u, idB = 0x81u;
        if (du < 0.0f) {
            std::swap(la, lb);
            std::swap(idA, idB);
        }
        uint32_t idLo = id1, idHi = id2;
        if (la > lo) { lo = la; idLo = idA; }
        if (lb < hi) { hi = lb; idHi = idB; }
        if (lo <= hi) {
            clipped = true;
            candidates[count] = w1 + lo * (w2 - w1);
            ids[count++] = idLo;
            if (hi - lo > 1e-5f) {
                candidates[count] = w1 + hi * (w2 - w1);
                ids[count++] = idHi;
            }
        }
    } else if (u1 >= 0.0f && u1 <= length) {
        clipped = true;
        const bool firstDeeper = Dot(e.normal, w1) <= Dot(e.normal, w2);
        candidates[count] = firstDeeper ? w1 : w2;
        ids[count++] = firstDeeper ? id1 : id2;
    }
    if (!clipped) {
        // Wholly beyond one end: kept only beyond a concave one, by its vertex nearest to the segment.
        const bool nearFirst = u1 < 0.0f ? du <= 0.0f : du >= 0.0f;
        const Vec2 w = nearFirst ? w1 : w2;
        const bool beyondA = Dot(e.tangent, w - e.a) < 0.0f;
        if (beyondA ? e.convex1 : e.convex2) return Manifold{};
        candidates[count] = w;
        ids[count++] = nearFirst ? id1 : id2;
    }
    Manifold m;
    for (int k = 0; k < count; ++k) {
        const float separation = Dot(e.normal, candidates[k] - e.a) - b.radius;
        if (separation > margin) continue;
        // Midway between the surfaces, on the normal through the feature (also beyond a concave end: a
        // disc's contact must push through its centre).
        ManifoldPoint& point = m.points[m.pointCount++];
        point.point = candidates[k] - (b.radius + 0.5f * separation) * e.normal;
        point.separation = separation;
        point.id = MakeId(0, ids[k], false);
    }
    if (m.pointCount > 0) m.normal = e.normal;
    return m;
}

// b is in the segment's frame; the result too.
Manifold CollideChainRounded(const ChainSegment& s, const RoundedPolygon& b, float margin) {
    const ChainEnds e = MakeEnds(s);
    // One-sided: a shape whose centroid is behind the line is coming through from the solid side.
    Vec2 centroid{};
    for (int j = 0; j < b.count; ++j) centroid = centroid + Vec2(b.vertices[j]);
    centroid = (1.0f / static_cast<float>(b.count)) * centroid;
    if (Dot(e.normal, centroid - e.a) < 0.0f) return Manifold{};

    const Manifold twoSided = detail::CollideRounded(detail::MakeRoundedSegment(e.a, e.b, 0.0f), b, margin);
    if (twoSided.pointCount == 0) return twoSided;
    switch (Judge(e, twoSided.normal)) {
        case Verdict::Keep: return twoSided;
        case Verdict::LeaveToNeighbour: {
            float coreDistance = 3.4e38f;
            for (int k = 0; k < twoSided.pointCount; ++k) coreDistance = Min(coreDistance, twoSided.points[k].separation + b.radius);
            if (coreDistance > kApartDistance) return Manifold{};
            return OwnNormalManifold(e, b, margin);
        }
        case Verdict::UseOwnNormal: return OwnNormalManifold(e, b, margin);
    }
    return Manifold{};
}

template <class B>
Manifold CollideChain(const ChainSegment& a, const Transform& xfA, const B& b, const Transform& xfB, float margin) {
    detail::RequireMargin(margin);
    Manifold m = CollideChainRounded(a, detail::MakeRounded(b, InvMul(xfA, xfB)), margin);
    detail::ManifoldToWorld(m, xfA);
    return m;
}

} // namespace

Manifold CollideChainSegmentAndCircle(const ChainSegment& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin) {
    return CollideChain(a, xfA, b, xfB, margin);
}

Manifold CollideChainSegmentAndCapsule(const ChainSegment& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin) {
    return CollideChain(a, xfA, b, xfB, margin);
}

Manifold CollideChainSegmentAndBox(const ChainSegment& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin) {
    return CollideChain(a, xfA, b, xfB, margin);
}

Manifold CollideChainSegmentAndPolygon(const ChainSegment& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB, float margin) {
    return CollideChain(a, xfA, b, xfB, margin);
}

} // namespace sensu
