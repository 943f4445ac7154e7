// The general pair routine: any two rounded convex polygons (points, segments, polygons, each with a
// radius). Every Collide* / Overlap pair without a dedicated fast path goes through here.
#include <cmath>

#include "collide_common.h"
#include "sensu/geometry/primitives.h"

namespace sensu::detail {

namespace {

Manifold CollidePoints(Vec2 a, float ra, Vec2 b, float rb, float margin) {
    const Vec2 d = b - a;
    const float total = ra + rb;
    const float distanceSquared = LengthSquared(d);
    if (distanceSquared > Square(total + margin)) return Manifold{};
    const float distance = std::sqrt(distanceSquared);
    // Coincident centres: any direction is a minimum-translation direction; pick +y (up).
    const Vec2 unit = distance > 1e-15f ? (1.0f / distance) * d : Normalize(d);  // Normalize: tiny d (see vec2.h)
    const Vec2 normal = unit == Vec2{} ? Vec2{0.0f, 1.0f} : unit;
    const float separation = distance - total;
    Manifold m;
    m.normal = normal;
    m.points[0].point = a + (ra + 0.5f * separation) * normal;
    m.points[0].separation = separation;
    m.pointCount = 1;
    return m;
}

// CollideCores' `depthSlack`, 1e-5 of the largest distance of the edges' ends from the origin (m),
// without square roots: 1e-5 of their largest coordinate, never more than depthSlack.
float RoughSlack(Vec2 v1, Vec2 v2, Vec2 w1, Vec2 w2) {
    const auto largest = [](Vec2 v) { return Max(std::abs(v.x), std::abs(v.y)); };
    return 1e-5f * Max(Max(largest(v1), largest(v2)), Max(largest(w1), largest(w2)));
}

/// Both cores have ≥ 2 vertices.
Manifold CollideCores(const RoundedPolygon& a, const RoundedPolygon& b, float margin) {
    const float total = a.radius + b.radius;
    const FaceSeparation faceA = MaxFaceSeparation(a, b, total + margin);
    if (faceA.separation > total + margin) return Manifold{};
    const FaceSeparation faceB = MaxFaceSeparation(b, a, total + margin);
    if (faceB.separation > total + margin) return Manifold{};

    const float hysteresis = FaceHysteresis(a.size, b.size);
    const bool flipped = faceB.separation > faceA.separation + hysteresis;
    const RoundedPolygon& ref = flipped ? b : a;
    const RoundedPolygon& inc = flipped ? a : b;
    const int edge = flipped ? faceB.edge : faceA.edge;
    const float coreSeparation = flipped ? faceB.separation : faceA.separation;

    const Vec2 n = ref.normals[edge];
    const Vec2 v1 = ref.vertices[edge];
    const Vec2 v2 = ref.vertices[Next(edge, ref.count)];
    // Incident edge: the one of the other core whose normal is most anti-parallel to n.
    int incident = 0;
    float minDot = 3.4e38f;
    for (int j = 0; j < inc.count; ++j) {
        const float d = Dot(n, inc.normals[j]);
        if (d < minDot) {
            minDot = d;
            incident = j;
        }
    }
    const int incidentNext = Next(incident, inc.count);
    const Vec2 w1 = inc.vertices[incident];
    const Vec2 w2 = inc.vertices[incidentNext];

    Manifold m;
    // Two segment cores have only their own normals as face axes, which miss a gap along the segments
    // when they are parallel (on one line, or side by side beyond each other's ends: the Minkowski
    // difference is then a segment, not a polygon). Their closest points decide, whatever the faces say.
    const bool bothSegments = a.count == 2 && b.count == 2;
    // Separated cores: the closest features are the reference edge and the incident edge (the
    // best-separating face is adjacent to the closest vertex of the Minkowski difference). When both
    // closest points are vertices the true normal runs corner to corner, not along a face normal;
    // this matters for rounded shapes whose corners are round.
    SegmentClosestPoints closest{};
    bool cornerPair = false;  // the edges' closest points are a vertex of each, apart
    bool closestKnown = false;  // the edges' closest points were measured, apart
    float distance = 0.0f;
    float slack = 0.0f;       // round-off allowance relative to the pair's coordinates (m)
    auto cornerContact = [&]() {
        const Vec2 normal = Normalize(closest.pointB - closest.pointA);
        const float separation = distance - total;
        const int refVertex = closest.s <= 0.0f ? edge : Next(edge, ref.count);
        const int incVertex = closest.t <= 0.0f ? incident : incidentNext;
        Manifold corner;
        corner.normal = flipped ? -normal : normal;
        corner.points[0].point = closest.pointA + (ref.radius + 0.5f * separation) * normal;
        corner.points[0].separation = separation;
        corner.points[0].id = MakeId(0, 0x40u | static_cast<uint32_t>(refVertex << 3) | static_cast<uint32_t>(incVertex), flipped);
        corner.pointCount = 1;
        return corner;
    };
    if (coreSeparation > 0.1f * hysteresis || bothSegments) {
        closest = ClosestPointsSegmentSegment(v1, v2, w1, w2);
        const bool vertexA = closest.s <= 0.0f || closest.s >= 1.0f;
        const bool vertexB = closest.t <= 0.0f || closest.t >= 1.0f;
        distance = std::sqrt(closest.distanceSquared);
        cornerPair = vertexA && vertexB && distance > 1e-30f;
        closestKnown = distance > 1e-30f;
        // But when the closest points lie on one line along n (up to round-off relative to the pair's
        // size), B's point is over the reference face, the face is a closest feature, and the clipping
        // below gives the same points and ids as when touching. Parallel edges are such a case: their
        // closest "vertices" are an arbitrary pick among equally close pairs.
        slack = 1e-5f * (Length(v1) + Length(v2) + Length(w1) + Length(w2));
        const bool alongNormal = std::abs(Cross(n, closest.pointB - closest.pointA)) <= slack;
        if (cornerPair && !alongNormal) {
            if (distance - total > margin) return Manifold{};
            return cornerContact();
        }
    }

    // Clip the incident edge w1–w2 to the side planes of the reference edge (its extent along the
    // tangent), parametrised by λ in [0, 1] along w1 → w2.
    const Vec2 tangent = LeftPerp(n);  // runs v1 → v2 for a counter-clockwise core
    const float lower = Dot(tangent, v1);
    const float upper = Dot(tangent, v2);
    const float u1 = Dot(tangent, w1);
    const float du = Dot(tangent, w2) - u1;
    float lo = 0.0f, hi = 1.0f;
    uint32_t idLo = static_cast<uint32_t>(incident), idHi = static_cast<uint32_t>(incidentNext);
    bool empty = false;
    // An incident edge (nearly) perpendicular to the reference face has du of round-off only: dividing
    // by it would put the clipped points anywhere along the edge (a separation up to the edge's length
    // too large). Below a relative threshold the edge is taken as perpendicular: kept whole or not at all.
    if (std::abs(du) > 1e-6f * (std::abs(du) + Length(w2 - w1))) {
        float la = (lower - u1) / du, lb = (upper - u1) / du;
        uint32_t ida = 0x80u, idb = 0x81u;
        if (du < 0.0f) {
            std::swap(la, lb);
            std::swap(ida, idb);
        }
        // An end within round-off of a side plane (λ tolerance relative to the incident edge) keeps its
        // vertex id, so the id does not flip between poses that differ only by round-off.
        constexpr float kClipSlack = 1e-5f;
        if (la > lo + kClipSlack) { lo = la; idLo = ida; }
        if (lb < hi - kClipSlack) { hi = lb; idHi = idb; }
        empty = lo > hi;
    } else {
        empty = u1 < lower || u1 > upper;
    }

    const Vec2 dw = w2 - w1;
    Vec2 candidates[2];
    uint32_t candidateIds[2];
    int candidateCount = 0;
    if (empty) {
        // The incident edge lies beside the reference edge (only possible for rounded or speculative
        // contacts near a corner): use its point nearest to the reference edge.
        const SegmentClosestPoints closest = ClosestPointsSegmentSegment(v1, v2, w1, w2);
        candidates[0] = closest.pointB;
        candidateIds[0] = closest.t <= 0.5f ? static_cast<uint32_t>(incident) : static_cast<uint32_t>(incidentNext);
        candidateCount = 1;
    } else {
        candidates[0] = w1 + lo * dw;
        candidateIds[0] = idLo;
        candidateCount = 1;
        if (hi - lo > 1e-5f) {
            candidates[1] = w1 + hi * dw;
            candidateIds[1] = idHi;
            candidateCount = 2;
        }
    }
    // Cores apart: a point clipped at a side plane can lie far along an incident edge that is nearly
    // perpendicular to the face (a crooked level: a segment end just beside a box corner), farther from
    // the face than the edges are from each other. Were it the nearest point, its depth along n would
    // overstate the gap and the solver would let the pair close past it (issue 16). When the edges'
    // closest points lie along n (so the face is a closest feature), that point becomes the incident
    // edge's closest point (same id), measured from the reference edge's closest point.
    float depths[2];
    Vec2 onReference[2];
    int nearest = 0;
    for (int k = 0; k < candidateCount; ++k) {
        depths[k] = Dot(n, candidates[k] - v1);
        onReference[k] = candidates[k] - depths[k] * n;
        if (depths[k] < depths[nearest]) nearest = k;
    }
    if (coreSeparation > 0.0f && depths[nearest] > 0.0f && (candidateIds[nearest] & 0x80u) != 0) {
        const SegmentClosestPoints edges = ClosestPointsSegmentSegment(v1, v2, w1, w2);
        const Vec2 gap = edges.pointB - edges.pointA;
        const float edgeSlack = 1e-5f * (Length(v1) + Length(v2) + Length(w1) + Length(w2));
        if (Square(depths[nearest]) > edges.distanceSquared && std::abs(Cross(n, gap)) <= edgeSlack) {
            depths[nearest] = Dot(n, gap);
            onReference[nearest] = edges.pointA;
        }
    }
    // The edges' closest points were measured above only for a face separated by more than 0.1 ×
    // hysteresis; a touching or overlapping one goes by its clipped points alone. The clipped points'
    // depth along n is never less than the face's separation (the least depth of the other core), and
    // equals it when the face's supporting point lies within its side planes; a nearest clipped point
    // deeper than that means it does not, and the face may not be a closest feature at all: a capsule
    // core leaving a box's corner at a glancing angle, its end 0.1 µm above the corner and exactly on
    // the plane of the box's side face (separation 0), clipped to points 18 mm along it, and the
    // manifold came out empty though the capsule sank 52 µm into the box (fuzz finding
    // pairs-50um-capsule-box-manifold-empty). The closest points are measured then, and decide below.
    // Cores apart always have a face of positive separation, so the chosen face's is above −hysteresis:
    // deeper overlaps (a box tilted over a ledge clips its deepest corner off) skip the measurement.
    // The allowance only spares the measurement where the depths differ by less than depthSlack below,
    // which judges what the measurement finds.
    if (!closestKnown && coreSeparation > -hysteresis && depths[nearest] > coreSeparation &&
        depths[nearest] - coreSeparation > RoughSlack(v1, v2, w1, w2)) {
        closest = ClosestPointsSegmentSegment(v1, v2, w1, w2);
        distance = std::sqrt(closest.distanceSquared);
        closestKnown = distance > 1e-30f;
    }
    // The clipped points lie within the face's extent, so their depth along n is never less than the
    // cores' distance, and equals it when the face is a closest feature. More than that (beyond the
    // round-off slack) means the face is not one: the along-normal test above has a slack relative to
    // the coordinates, 0.9 m for a segment reaching 91 km, which let a corner pair 1 m apart through to
    // a clipped point 22 m deep, and the manifold came out empty (fuzz findings pairs-*); a 21 m polygon
    // 73 km away measured along a face that was not the closest feature did the same. The closest points'
    // contact is then the answer. The allowance is 1e-5 of the largest of the four lengths, not of their
    // sum as the along-normal test's: that (24 m for a 1,000 km capsule) let a 31 m segment touching the
    // capsule's rounded end get the capsule's face contact 21.75 m apart, beyond float's round-off there
    // (fuzz finding pairs-1000km-capsule-end-face-depth). A tenth of the sum was too tight the other
    // way: a box landing slightly tilted just past another's corner (4 µm between the clipped depth and
    // the distance) then got a corner contact instead of its face contact, and the drop stacks no
    // longer stepped the same with and without continuous collision.
    const float depthSlack = 1e-5f * Max(Max(Length(v1), Length(v2)), Max(Length(w1), Length(w2)));
    if (closestKnown && depths[nearest] > distance + depthSlack) {
        if (distance - total > margin) return Manifold{};
        return cornerContact();
    }
    for (int k = 0; k < candidateCount; ++k) {
        const float separation = depths[k] - total;
        if (separation > margin) continue;
        ManifoldPoint& point = m.points[m.pointCount++];
        point.point = onReference[k] + (ref.radius + 0.5f * separation) * n;
        point.separation = separation;
        point.id = MakeId(edge, candidateIds[k], flipped);
    }
    if (m.pointCount > 0) m.normal = flipped ? -n : n;
    return m;
}

} // namespace

Manifold CollideRounded(const RoundedPolygon& a, const RoundedPolygon& b, float margin) {
    if (a.count == 1 && b.count == 1) return CollidePoints(a.vertices[0], a.radius, b.vertices[0], b.radius, margin);
    if (b.count == 1) return CollidePolygonAndPoint(a.vertices, a.normals, a.count, a.radius, b.vertices[0], b.radius, margin, false);
    if (a.count == 1) return CollidePolygonAndPoint(b.vertices, b.normals, b.count, b.radius, a.vertices[0], a.radius, margin, true);
    return CollideCores(a, b, margin);
}

bool OverlapRounded(const RoundedPolygon& a, const RoundedPolygon& b) {
    const float total = a.radius + b.radius;
    if (a.count == 1 && b.count == 1) return DistanceSquared(a.vertices[0], b.vertices[0]) <= total * total;
    if (a.count == 1 || b.count == 1) {
        const RoundedPolygon& p = a.count == 1 ? b : a;
        return OverlapPolygonAndPoint(p.vertices, p.normals, p.count, a.count == 1 ? a.vertices[0] : b.vertices[0], total);
    }
    // Separating axes of the two cores with early outs; a positive value bounds the distance from below.
    const FaceSeparation faceA = MaxFaceSeparation(a, b, total);
    if (faceA.separation > total) return false;
    const FaceSeparation faceB = MaxFaceSeparation(b, a, total);
    if (faceB.separation > total) return false;
    const bool useB = faceB.separation > faceA.separation;
    const float coreSeparation = useB ? faceB.separation : faceA.separation;
    if (coreSeparation <= 0.0f) return true;  // the cores touch or overlap
    if (!(total > 0.0f)) return false;
    // Cores apart but within the radii: the exact core distance is between the best face and the
    // incident edge (see CollideCores).
    const RoundedPolygon& ref = useB ? b : a;
    const RoundedPolygon& inc = useB ? a : b;
    const int edge = useB ? faceB.edge : faceA.edge;
    const Vec2 n = ref.normals[edge];
    int incident = 0;
    float minDot = 3.4e38f;
    for (int j = 0; j < inc.count; ++j) {
        const float d = Dot(n, inc.normals[j]);
        if (d < minDot) { minDot = d; incident = j; }
    }
    const SegmentClosestPoints closest = ClosestPointsSegmentSegment(
        ref.vertices[edge], ref.vertices[Next(edge, ref.count)], inc.vertices[incident], inc.vertices[Next(incident, inc.count)]);
    return closest.distanceSquared <= total * total;
}

} // namespace sensu::detail
