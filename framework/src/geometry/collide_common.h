#pragma once
// Internal to the collision layer (not installed): every solid shape rewritten as a rounded convex
// polygon — a core of 1 (point), 2 (segment) or 3…8 (polygon) vertices inflated by a radius — in a
// chosen frame, and the pair routines the public Collide* and Overlap functions share.
//
// Working in the local frame of shape A (B placed by InvMul(xfA, xfB)) keeps the arithmetic near the
// origin, so the results keep their precision at large world coordinates.
#include <cstdint>

#include "sensu/geometry/manifold.h"
#include "sensu/geometry/primitives.h"

namespace sensu::detail {

/// Hysteresis when choosing the reference face: the face of B must beat A's by this much, so a resting
/// pair does not swap reference faces (and lose its warm-start ids) on round-off. Metres; capped at 1 %
/// of the smaller shape so tiny shapes still get the minimum-translation face.
inline constexpr float kMaxFaceHysteresis = 5e-4f;

inline float FaceHysteresis(float sizeA, float sizeB) { return Min(kMaxFaceHysteresis, 0.01f * Min(sizeA, sizeB)); }

/// Vec2 without default member initialisers: the fixed-size arrays below are then not zero-filled on
/// every call (a `rep stos` that cost more than the geometry in the hot path). Converts to and from Vec2.
struct RawVec2 {
    float x, y;
    RawVec2() = default;
    constexpr RawVec2(Vec2 v) : x(v.x), y(v.y) {}
    constexpr operator Vec2() const { return {x, y}; }
};

/// Rounded convex polygon in some frame. normals[i] is the outward unit normal of edge i → i+1; a
/// 2-vertex core (segment) has the two edges a→b and b→a with opposite normals; a 1-vertex core has none.
struct RoundedPolygon {
    RawVec2 vertices[kMaxPolygonVertices];
    RawVec2 normals[kMaxPolygonVertices];
    int count = 0;
    float radius = 0.0f;
    float size = 0.0f;  ///< rough half-thickness (m), only used to scale the face hysteresis
};

inline RoundedPolygon MakeRounded(const Circle& circle, const Transform& xf) {
    RoundedPolygon p;
    p.vertices[0] = TransformPoint(xf, circle.center());
    p.count = 1;
    p.radius = circle.radius();
    p.size = circle.radius();
    return p;
}

/// A segment core a–b with radius; a (nearly) zero-length one becomes a point so no normal is made
/// from a vector of round-off.
inline RoundedPolygon MakeRoundedSegment(Vec2 a, Vec2 b, float radius) {
    RoundedPolygon p;
    p.radius = radius;
    p.size = radius;
    const Vec2 d = b - a;
    const float lengthSquared = LengthSquared(d);
    if (!(lengthSquared > 1e-24f)) {
        p.vertices[0] = 0.5f * (a + b);
        p.count = 1;
        return p;
    }
    const Vec2 n = (1.0f / std::sqrt(lengthSquared)) * RightPerp(d);
    p.vertices[0] = a;
    p.vertices[1] = b;
    p.normals[0] = n;
    p.normals[1] = -n;
    p.count = 2;
    return p;
}

inline RoundedPolygon MakeRounded(const Capsule& capsule, const Transform& xf) {
    return MakeRoundedSegment(TransformPoint(xf, capsule.a()), TransformPoint(xf, capsule.b()), capsule.radius());
}

inline RoundedPolygon MakeRounded(const Segment& segment, const Transform& xf) {
    return MakeRoundedSegment(TransformPoint(xf, segment.a()), TransformPoint(xf, segment.b()), 0.0f);
}

inline RoundedPolygon MakeRounded(const Box& box, const Transform& xf) {
    const Transform frame = Mul(xf, Transform{box.center(), box.rotation()});
    const Vec2 h = box.halfExtents();
    const Vec2 ex = frame.q.XAxis();
    const Vec2 ey = frame.q.YAxis();
    const Vec2 hx = h.x * ex;
    const Vec2 hy = h.y * ey;
    RoundedPolygon p;
    // Corners counter-clockwise from (-hx, -hy), as Box::Corners(); edge i runs from corner i to i+1.
    p.vertices[0] = frame.p - hx - hy;
    p.vertices[1] = frame.p + hx - hy;
    p.vertices[2] = frame.p + hx + hy;
    p.vertices[3] = frame.p - hx + hy;
    p.normals[0] = -ey;
    p.normals[1] = ex;
    p.normals[2] = ey;
    p.normals[3] = -ex;
    p.count = 4;
    p.size = Min(h.x, h.y);
    return p;
}

inline RoundedPolygon MakeRounded(const ConvexPolygon& polygon, const Transform& xf) {
    RoundedPolygon p;
    p.count = polygon.count();
    Vec2 lower = polygon.vertex(0);
    Vec2 upper = lower;
    for (int i = 0; i < p.count; ++i) {
        const Vec2 v = polygon.vertex(i);
        lower = Min(lower, v);
        upper = Max(upper, v);
        p.vertices[i] = TransformPoint(xf, v);
        p.normals[i] = Rotate(xf.q, polygon.normal(i));
    }
    p.size = 0.5f * Min(upper.x - lower.x, upper.y - lower.y);
    return p;
}

/// The edge of `a` whose line separates b's core the most: max over edges i of min over vertices of b
/// of n_i·(w − v_i). For convex cores this is the separating-axis value restricted to a's normals.
struct FaceSeparation {
    float separation;
    int edge;
};

/// Stops early once an edge separates by more than `limit` (the caller then only needs to know that).
inline FaceSeparation MaxFaceSeparation(const RoundedPolygon& a, const RoundedPolygon& b, float limit = 3.4e38f) {
    FaceSeparation best{-3.4e38f, 0};
    for (int i = 0; i < a.count; ++i) {
        const Vec2 n = a.normals[i];
        const float offset = Dot(n, a.vertices[i]);
        float s = 3.4e38f;
        for (int j = 0; j < b.count; ++j) s = Min(s, Dot(n, b.vertices[j]));
        s -= offset;
        if (s > best.separation) {
            best = {s, i};
            if (s > limit) break;
        }
    }
    return best;
}

// Feature ids (uint32): bits 0–7 the feature on the incident side, bits 8–15 the reference edge,
// bit 16 set when B holds the reference edge. The low byte is a vertex index, or 0x80 | 0 / 1 for a point
// clipped at the reference edge's start / end, or 0x40 | (i << 3) | j for a vertex–vertex contact.
inline constexpr uint32_t kIdFlipped = 1u << 16;
inline constexpr uint32_t MakeId(int referenceEdge, uint32_t incidentFeature, bool flipped) {
    return (flipped ? kIdFlipped : 0u) | (static_cast<uint32_t>(referenceEdge) << 8) | incidentFeature;
}

inline int Next(int i, int count) { return i + 1 < count ? i + 1 : 0; }

/// Rounded convex polygon (count ≥ 2 vertices and edge normals, radius) against a disc at c of radius rc,
/// all in one frame; normal from the polygon to the disc (negated when `flipped`). V is Vec2 or RawVec2,
/// so a ConvexPolygon's own arrays can be used without a copy.
template <class V>
Manifold CollidePolygonAndPoint(const V* vertices, const V* normals, int count, float radius, Vec2 c, float rc, float margin, bool flipped) {
    // The edge whose line the centre is farthest outside of: for a point outside a convex polygon the
    // closest point lies on that edge (its interior or an end), inside it is the face of least depth.
    int best = 0;
    float faceSeparation = -3.4e38f;
    for (int i = 0; i < count; ++i) {
        const float s = Dot(normals[i], c - vertices[i]);
        if (s > faceSeparation) {
            faceSeparation = s;
            best = i;
        }
    }
    const float total = radius + rc;
    if (faceSeparation > total + margin) return Manifold{};

    Vec2 normal = normals[best];
    Vec2 core;          // closest point of p's core to c
    float distance;     // signed distance of c from p's core
    uint32_t feature = static_cast<uint32_t>(best);
    // A segment core (count 2) has no inside: a centre on its line, even beyond an end, has face
    // separation 0 on both sides, so it goes to the edge/vertex test below like any outside point.
    if (faceSeparation <= 0.0f && count > 2) {
        distance = faceSeparation;
        core = c - distance * normal;
    } else {
        float t = 0.0f;
        core = ClosestPointOnSegment(vertices[best], vertices[Next(best, count)], c, &t);
        if (t > 0.0f && t < 1.0f) {
            // Face region: the face normal is exact; c − core would carry round-off when c is on the edge.
            distance = faceSeparation;
            core = c - distance * normal;
        } else {
            // Vertex region: the normal runs from the vertex to c (distance ≥ faceSeparation > 0).
            const Vec2 d = c - core;
            distance = Length(d);
            // Below 1e-15 m the length of d is computed from a denormal square: Normalize rescales.
            if (distance > 1e-15f) normal = (1.0f / distance) * d;
            else if (distance > 0.0f) normal = Normalize(d);
            feature = 0x80u | static_cast<uint32_t>(t <= 0.0f ? best : Next(best, count));
        }
        if (distance - total > margin) return Manifold{};
    }
    const float separation = distance - total;
    Manifold m;
    m.normal = flipped ? -normal : normal;
    m.points[0].point = core + (radius + 0.5f * separation) * normal;  // midway between the surfaces
    m.points[0].separation = separation;
    m.points[0].id = MakeId(0, feature, flipped);
    m.pointCount = 1;
    return m;
}

/// True when the point c is within `distance` (≥ 0) of the convex polygon (count ≥ 2; boundary counts).
template <class V>
bool OverlapPolygonAndPoint(const V* vertices, const V* normals, int count, Vec2 c, float distance) {
    int best = 0;
    float s = -3.4e38f;
    for (int i = 0; i < count; ++i) {
        const float si = Dot(normals[i], c - vertices[i]);
        if (si > s) {
            s = si;
            best = i;
        }
    }
    if (s <= 0.0f && count > 2) return true;  // inside (a segment core has no inside)
    if (s > distance) return false;
    return DistanceSquaredPointSegment(c, vertices[best], vertices[Next(best, count)]) <= distance * distance;
}

/// Manifold of two rounded polygons given in one frame (the result is in that frame).
Manifold CollideRounded(const RoundedPolygon& a, const RoundedPolygon& b, float margin);

/// Exact: true when the two rounded polygons (same frame) touch or overlap.
bool OverlapRounded(const RoundedPolygon& a, const RoundedPolygon& b);

/// Rotates/translates, in place, a manifold computed in the frame xf to world.
inline void ManifoldToWorld(Manifold& m, const Transform& xf) {
    m.normal = Rotate(xf.q, m.normal);
    for (int i = 0; i < m.pointCount; ++i) m.points[i].point = TransformPoint(xf, m.points[i].point);
}

/// Throws InvalidArgument unless margin is finite and ≥ 0.
inline void RequireMargin(float margin) {
    if (!(margin >= 0.0f) || !IsFinite(margin)) throw InvalidArgument("contact margin must be finite and >= 0");
}

/// Collides shapes A and B through their rounded-polygon form, in A's frame.
template <class A, class B>
Manifold CollideGeneric(const A& a, const Transform& xfA, const B& b, const Transform& xfB, float margin) {
    RequireMargin(margin);
    const RoundedPolygon pa = MakeRounded(a, Transform{});
    const RoundedPolygon pb = MakeRounded(b, InvMul(xfA, xfB));
    Manifold m = CollideRounded(pa, pb, margin);
    ManifoldToWorld(m, xfA);
    return m;
}

/// Overlap of shapes A and B through their rounded-polygon form, in A's frame.
template <class A, class B>
bool OverlapGeneric(const A& a, const Transform& xfA, const B& b, const Transform& xfB) {
    return OverlapRounded(MakeRounded(a, Transform{}), MakeRounded(b, InvMul(xfA, xfB)));
}

} // namespace sensu::detail
