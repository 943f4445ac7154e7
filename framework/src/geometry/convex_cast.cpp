// Convex shape cast as one ray cast against the Minkowski difference of the two cores (convex_cast.h).
//
// Frame: the target's local frame. The caster's points are only rotated into it (a'_j = R·a_j), so the
// differences m_ij = b_i − a'_j have the size of the shapes, not of their distance; the caster's
// origin becomes the ray's origin o and its translation the ray's direction. The caster then touches
// the target at λ exactly when o + λd lies in hull{m_ij} inflated by rA + rB.
#include "sensu/geometry/convex_cast.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "cast_internal.h"
#include "sensu/geometry/distance.h"
#include "sensu/geometry/primitives.h"

namespace sensu {

using cast_detail::Ray;

namespace {

constexpr const char* kWho = "ConvexCast";

// Hull points closer than this fraction of the hull's size are merged: the edge between them has a
// normal made of round-off, which would clip the ray by a wrong half-plane.
constexpr float kWeldRelative = 1e-6f;

// A start this close to touching (relative to the coordinates' size) counts as touching: float cannot
// tell the side of the surface any better.
constexpr float kTouchRelative = 1e-6f;

// A point of the Minkowski difference with the target point (i) and caster point (j) it came from, so a
// hit on the difference can be turned back into a point on the target.
struct Difference {
    Vec2 m;
    std::uint8_t i = 0;
    std::uint8_t j = 0;
};

struct Hull {
    std::array<Difference, 2 * kMaxPolygonVertices * kMaxPolygonVertices + 1> points{};
    std::array<Vec2, kMaxPolygonVertices * kMaxPolygonVertices> vertices{};
    std::array<Vec2, kMaxPolygonVertices * kMaxPolygonVertices> normals{};
    int count = 0;
};

void ValidateProxy(const ShapeProxy& proxy, const char* what) {
    if (proxy.count < 1 || proxy.count > kMaxPolygonVertices)
        throw InvalidArgument(std::string(kWho) + ": " + what + " needs 1 to 8 points (use MakeProxy)");
    for (int i = 0; i < proxy.count; ++i) cast_detail::CheckFinite(proxy.points[i], kWho, what);
    cast_detail::CheckNonNegative(proxy.radius, kWho, what);
}

void ValidateTransform(const Transform& xf, const char* what) {
    cast_detail::CheckFinite(xf.p, kWho, what);
    cast_detail::CheckFinite(Vec2{xf.q.c, xf.q.s}, kWho, what);
}

// Counter-clockwise hull of the differences b_i − R·a_j without collinear or (nearly) coincident points
// (Andrew's monotone chain on at most 64 points, no allocation). Leaves 1 or 2 points when the
// difference is a point or a segment.
void BuildHull(const ShapeProxy& target, const ShapeProxy& caster, Rot casterInTarget, Hull& hull) {
    std::array<Difference, kMaxPolygonVertices * kMaxPolygonVertices> diffs;
    int n = 0;
    float size = 0.0f;
    for (int i = 0; i < target.count; ++i)
        for (int j = 0; j < caster.count; ++j) {
            const Vec2 m = target.points[i] - Rotate(casterInTarget, caster.points[j]);
            diffs[n++] = {m, static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(j)};
            size = Max(size, Max(std::abs(m.x), std::abs(m.y)));
        }
    std::sort(diffs.begin(), diffs.begin() + n, [](const Difference& a, const Difference& b) {
        return a.m.x < b.m.x || (a.m.x == b.m.x && a.m.y < b.m.y);
    });
    // Lower chain, then upper chain; a point is popped unless the chain turns strictly left there.
    auto& h = hull.points;
    int k = 0;
    auto turnsLeft = [&](const Difference& p) { return Cross(h[k - 1].m - h[k - 2].m, p.m - h[k - 2].m) > 0.0f; };
    for (int i = 0; i < n; ++i) {
        while (k >= 2 && !turnsLeft(diffs[i])) --k;
        h[k++] = diffs[i];
    }
    for (int i = n - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && !turnsLeft(diffs[i])) --k;
        h[k++] = diffs[i];
    }
    // The chain ends where it began: drop the repeat (for a single distinct point k is then 1).
    if (k > 1) --k;
    // Merge near-coincident neighbours (also the repeated point of a fully coincident set).
    const float weld = kWeldRelative * size;
    int count = 0;
    for (int i = 0; i < k; ++i) {
        if (count > 0 && DistanceSquared(h[i].m, h[count - 1].m) <= weld * weld) continue;
        h[count++] = h[i];
    }
    while (count > 1 && DistanceSquared(h[count - 1].m, h[0].m) <= weld * weld) --count;
    // Drop vertices that barely turn: a sliver (points collinear up to round-off, as for two parallel
    // segments) has end edges whose normals are round-off too, and clipping by them bounded nothing.
    for (int v = 0; count >= 3 && v < count;) {
        const Vec2 a = h[(v + count - 1) % count].m, b = h[v].m, c = h[(v + 1) % count].m;
        // b within weld of the line a–c and between a and c (a sliver's tips are near that line too).
        if (Cross(b - a, c - a) <= weld * Length(c - a) && Dot(b - a, c - b) > 0.0f) {
            for (int u = v; u + 1 < count; ++u) h[u] = h[u + 1];
            --count;
            v = 0;
        } else {
            ++v;
        }
    }
    hull.count = count;
    for (int v = 0; v < count; ++v) hull.vertices[v] = h[v].m;
    if (count >= 3)
        for (int v = 0; v < count; ++v) hull.normals[v] = Normalize(RightPerp(hull.vertices[(v + 1) % count] - hull.vertices[v]));
}

// True when the caster's origin o is within round-off of the inflated hull at the start. The ray casts
// decide "inside" and "entering" by different formulas, which disagree for an origin within a few ulps
// of the surface: one said outside while the other saw it behind the face it moves through, and a cast
// starting at a contact (the very pose a previous cast returned) missed.
bool StartsTouching(const Hull& hull, Vec2 o, float radius) {
    const auto vertices = std::span<const Vec2>(hull.vertices.data(), static_cast<size_t>(hull.count));
    float distance = 0.0f;
    float size = Max(std::abs(o.x), std::abs(o.y));
    for (const Vec2 v : vertices) size = Max(size, Max(std::abs(v.x), std::abs(v.y)));
    if (hull.count == 1) distance = Distance(o, vertices[0]);
    else if (hull.count == 2) distance = std::sqrt(DistanceSquaredPointSegment(o, vertices[0], vertices[1]));
    else {
        Vec2 closest;
        distance = cast_detail::DistancePointPolygon(o, vertices, {hull.normals.data(), vertices.size()}, closest);
    }
    return distance <= radius + kTouchRelative * Max(size, radius);
}

// The target's point at a hit on the hull's core: the hull feature nearest the hit maps back to a point
// (vertex) or an interpolation of two points (edge) of the target's core. Every point of a hull edge with
// outward normal n is a target point extreme along n minus a caster point extreme along −n, so the
// interpolated target point lies on the target's core surface.
Vec2 TargetCorePoint(const Hull& hull, const ShapeProxy& target, Vec2 coreHit, Vec2 normal) {
    if (hull.count == 1) return target.points[hull.points[0].i];
    // The nearest hull edge, and of (nearly) equally near ones the best aligned with the normal: a vertex
    // hit is then on one of its two edges, and a sliver's opposite edge (as near, facing away) is not taken.
    int edge = 0;
    if (hull.count >= 3) {
        const float tie = kWeldRelative * Max(std::abs(coreHit.x), std::abs(coreHit.y)) + 1e-30f;
        float bestDistance = 3.4e38f, bestAlignment = -2.0f;
        for (int v = 0; v < hull.count; ++v) {
            const float distance = std::sqrt(DistanceSquaredPointSegment(coreHit, hull.vertices[v], hull.vertices[(v + 1) % hull.count]));
            const float alignment = Dot(hull.normals[v], normal);
            if (distance < bestDistance - tie || (distance <= bestDistance + tie && alignment > bestAlignment)) {
                bestDistance = Min(bestDistance, distance);
                bestAlignment = alignment;
                edge = v;
            }
        }
    }
    const Difference& p = hull.points[edge];
    const Difference& q = hull.points[(edge + 1) % hull.count];
    const Vec2 e = q.m - p.m;
    const float s = Clamp(Dot(coreHit - p.m, e) / Dot(e, e), 0.0f, 1.0f);
    return (1.0f - s) * target.points[p.i] + s * target.points[q.i];
}

} // namespace

CastOutput ConvexCast(const ShapeProxy& shape, const Transform& xf, const ConvexCastInput& input) {
    ValidateProxy(shape, "shape");
    ValidateProxy(input.caster, "caster");
    ValidateTransform(xf, "shape transform");
    ValidateTransform(input.transform, "caster transform");
    cast_detail::CheckFinite(input.translation, kWho, "translation");
    cast_detail::CheckNonNegative(input.maxFraction, kWho, "maxFraction");

    const Transform rel = InvMul(xf, input.transform);
    Hull hull;
    BuildHull(shape, input.caster, rel.q, hull);
    const float radius = shape.radius + input.caster.radius;
    const Ray ray{rel.p, InvRotate(xf.q, input.translation), input.maxFraction};
    CastOutput out;
    if (StartsTouching(hull, ray.o, radius)) {
        out = cast_detail::StartInside(ray);
    } else {
        switch (hull.count) {
        case 1: out = cast_detail::RayCircle(ray, hull.vertices[0], radius); break;
        case 2: out = cast_detail::RayCapsule(ray, hull.vertices[0], hull.vertices[1], radius); break;
        default:
            out = cast_detail::RayRoundedPolygon(ray, {hull.vertices.data(), static_cast<size_t>(hull.count)},
                                                 {hull.normals.data(), static_cast<size_t>(hull.count)}, radius);
        break;
        }
    }
    if (!out.hit) return out;
    if (out.startsInside) {
        // The ray's origin means nothing to the caller here; report where the shapes overlap instead.
        const DistanceResult d = ShapeDistance(input.caster, input.transform, shape, xf);
        out.point = 0.5f * (d.pointA + d.pointB);
        out.normal = -Normalize(input.translation);
        return out;
    }
    // out.point lies on the inflated hull; its core point is one radius back along the normal.
    const Vec2 coreHit = out.point - radius * out.normal;
    const Vec2 onTarget = TargetCorePoint(hull, shape, coreHit, out.normal) + shape.radius * out.normal;
    out.point = TransformPoint(xf, onTarget);
    out.normal = Rotate(xf.q, out.normal);
    return out;
}

} // namespace sensu
