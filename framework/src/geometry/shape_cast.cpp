#include "sensu/geometry/shape_cast.h"

#include <span>

#include "cast_internal.h"
#include "sensu/geometry/primitives.h"

namespace sensu {

using cast_detail::Ray;

namespace {

// A static shape as a core (1 point, 2 segment ends, or ≥ 3 CCW polygon vertices with outward
// normals) inflated by `radius`, in the shape's local frame.
struct Core {
    std::span<const Vec2> vertices;
    std::span<const Vec2> normals;
    float radius = 0.0f;
};

void ValidateCaster(Vec2 translation, float radius, float maxFraction, const char* who) {
    cast_detail::CheckFinite(translation, who, "translation");
    cast_detail::CheckNonNegative(radius, who, "radius");
    cast_detail::CheckNonNegative(maxFraction, who, "maxFraction");
}

// The moving centre against the core inflated by core.radius + radius (seed 001's SSV view). On a hit the
// point is moved from the inflated surface back onto the shape's own surface.
CastOutput CastPoint(const Ray& ray, const Core& core, float radius) {
    const float inflated = core.radius + radius;
    CastOutput out;
    switch (core.vertices.size()) {
    case 1: out = cast_detail::RayCircle(ray, core.vertices[0], inflated); break;
    case 2: out = cast_detail::RayCapsule(ray, core.vertices[0], core.vertices[1], inflated); break;
    default: out = cast_detail::RayRoundedPolygon(ray, core.vertices, core.normals, inflated); break;
    }
    if (out.hit && !out.startsInside) out.point = out.point - radius * out.normal;
    return out;
}

// Distance between the segment p–q and the core (0 when they intersect; the core's radius not included).
float CoreDistance(Vec2 p, Vec2 q, const Core& core) {
    const auto& v = core.vertices;
    switch (v.size()) {
    case 1: return std::sqrt(DistanceSquaredPointSegment(v[0], p, q));
    case 2: return std::sqrt(ClosestPointsSegmentSegment(p, q, v[0], v[1]).distanceSquared);
    default: {
        Vec2 closest;
        if (cast_detail::DistancePointPolygon(p, v, core.normals, closest) <= 0.0f) return 0.0f;
        float best = 1e30f;
        for (size_t i = 0; i < v.size(); ++i)
            best = Min(best, ClosestPointsSegmentSegment(p, q, v[i], v[(i + 1) % v.size()]).distanceSquared);
        return std::sqrt(best);
    }
    }
}

CastOutput Keep(const CastOutput& best, const CastOutput& candidate) {
    return candidate.hit && (!best.hit || candidate.fraction < best.fraction) ? candidate : best;
}

// Capsule p–q (radius r) moving by d against the core, all in the core's frame. At first contact the
// closest points of two convex cores at positive distance include an end of the capsule's segment or a
// vertex of the core (in 2D, segment–segment and segment–polygon closest pairs always do), so the
// earliest of (i) each capsule end cast forwards against the inflated core and (ii) each core vertex
// cast backwards against the capsule inflated by the core's radius is the time of impact.
CastOutput CastCapsule(Vec2 p, Vec2 q, float r, Vec2 d, float maxFraction, const Core& core) {
    const Ray fromP{p, d, maxFraction};
    if (CoreDistance(p, q, core) <= r + core.radius) return cast_detail::StartInside(fromP);
    CastOutput best = CastPoint(fromP, core, r);
    best = Keep(best, CastPoint({q, d, maxFraction}, core, r));
    for (const Vec2 v : core.vertices) {
        const CastOutput back = cast_detail::RayCapsule({v, -d, best.hit ? best.fraction : maxFraction}, p, q, r + core.radius);
        if (!back.hit || back.startsInside) continue;
        // The capsule's outward normal at the backward hit points at the core vertex: flip it to point
        // from the shape to the caster; the shape's surface point is the vertex pushed out by its radius.
        CastOutput hit;
        hit.hit = true;
        hit.fraction = back.fraction;
        hit.normal = -back.normal;
        hit.point = v + core.radius * hit.normal;
        best = Keep(best, hit);
    }
    return best;
}

CastOutput ToWorld(const Transform& xf, CastOutput out) {
    if (!out.hit) return out;
    out.point = TransformPoint(xf, out.point);
    out.normal = Rotate(xf.q, out.normal);
    return out;
}

CastOutput CircleCastCore(const Core& core, const Transform& xf, const CircleCastInput& in, const char* who) {
    cast_detail::CheckFinite(in.center, who, "center");
    ValidateCaster(in.translation, in.radius, in.maxFraction, who);
    const Ray ray{InvTransformPoint(xf, in.center), InvRotate(xf.q, in.translation), in.maxFraction};
    return ToWorld(xf, CastPoint(ray, core, in.radius));
}

CastOutput CapsuleCastCore(const Core& core, const Transform& xf, const CapsuleCastInput& in, const char* who) {
    cast_detail::CheckFinite(in.a, who, "end a");
    cast_detail::CheckFinite(in.b, who, "end b");
    ValidateCaster(in.translation, in.radius, in.maxFraction, who);
    return ToWorld(xf, CastCapsule(InvTransformPoint(xf, in.a), InvTransformPoint(xf, in.b), in.radius,
                                   InvRotate(xf.q, in.translation), in.maxFraction, core));
}

} // namespace

CastOutput CircleCast(const Circle& shape, const Transform& xf, const CircleCastInput& input) {
    const Vec2 c = shape.center();
    return CircleCastCore({{&c, 1}, {}, shape.radius()}, xf, input, "CircleCast(Circle)");
}
CastOutput CircleCast(const Capsule& shape, const Transform& xf, const CircleCastInput& input) {
    const Vec2 ends[2] = {shape.a(), shape.b()};
    return CircleCastCore({ends, {}, shape.radius()}, xf, input, "CircleCast(Capsule)");
}
CastOutput CircleCast(const Box& shape, const Transform& xf, const CircleCastInput& input) {
    const cast_detail::BoxCore box(shape);
    return CircleCastCore({box.vertices, box.normals, 0.0f}, xf, input, "CircleCast(Box)");
}
CastOutput CircleCast(const ConvexPolygon& shape, const Transform& xf, const CircleCastInput& input) {
    return CircleCastCore({shape.vertices(), shape.normals(), 0.0f}, xf, input, "CircleCast(ConvexPolygon)");
}
CastOutput CircleCast(const Segment& shape, const Transform& xf, const CircleCastInput& input) {
    const Vec2 ends[2] = {shape.a(), shape.b()};
    return CircleCastCore({ends, {}, 0.0f}, xf, input, "CircleCast(Segment)");
}

CastOutput CapsuleCast(const Circle& shape, const Transform& xf, const CapsuleCastInput& input) {
    const Vec2 c = shape.center();
    return CapsuleCastCore({{&c, 1}, {}, shape.radius()}, xf, input, "CapsuleCast(Circle)");
}
CastOutput CapsuleCast(const Capsule& shape, const Transform& xf, const CapsuleCastInput& input) {
    const Vec2 ends[2] = {shape.a(), shape.b()};
    return CapsuleCastCore({ends, {}, shape.radius()}, xf, input, "CapsuleCast(Capsule)");
}
CastOutput CapsuleCast(const Box& shape, const Transform& xf, const CapsuleCastInput& input) {
    const cast_detail::BoxCore box(shape);
    return CapsuleCastCore({box.vertices, box.normals, 0.0f}, xf, input, "CapsuleCast(Box)");
}
CastOutput CapsuleCast(const ConvexPolygon& shape, const Transform& xf, const CapsuleCastInput& input) {
    return CapsuleCastCore({shape.vertices(), shape.normals(), 0.0f}, xf, input, "CapsuleCast(ConvexPolygon)");
}
CastOutput CapsuleCast(const Segment& shape, const Transform& xf, const CapsuleCastInput& input) {
    const Vec2 ends[2] = {shape.a(), shape.b()};
    return CapsuleCastCore({ends, {}, 0.0f}, xf, input, "CapsuleCast(Segment)");
}

} // namespace sensu
