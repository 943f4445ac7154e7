#include "sensu/geometry/raycast.h"

#include <utility>

#include "cast_internal.h"

namespace sensu {

using cast_detail::Ray;

namespace {

Ray ToLocal(const Transform& xf, const RayCastInput& input) {
    return {InvTransformPoint(xf, input.origin), InvRotate(xf.q, input.translation), input.maxFraction};
}

CastOutput ToWorld(const Transform& xf, CastOutput out) {
    out.point = TransformPoint(xf, out.point);
    out.normal = Rotate(xf.q, out.normal);
    return out;
}

// One face of a convex clip: the half-plane λ·den ≤ num. Returns false when the ray is cut away.
inline bool Clip(float num, float den, int face, float& lower, float& upper, int& entered) {
    if (den < 0.0f) {
        if (num < lower * den) {
            lower = num / den;
            entered = face;
        }
    } else if (den > 0.0f) {
        if (num < upper * den) upper = num / den;
    } else if (num < 0.0f) {
        return false;
    }
    return lower <= upper;
}

// True when q (relative to the sector centre) is inside the wedge, angle(q, A) ≤ θ (seed 000 eq. 2.20),
// with a 1e-6 rad margin so points computed on an arc's end still count. The angle comes from atan2 of
// the sine and cosine parts: the cosine test q·A ≥ |q| cos θ cannot resolve angles below ~1e-3 rad
// in float, which matters for thin fans (θ ≈ 0).
bool InWedge(const Sector& sector, Vec2 q) {
    return std::atan2(std::abs(Cross(sector.axis(), q)), Dot(sector.axis(), q)) <= sector.halfAngle() + 1e-6f;
}

} // namespace

CastOutput RayCast(const Circle& circle, const Transform& xf, const RayCastInput& input) {
    cast_detail::ValidateRay(input, "RayCast(Circle)");
    const Ray ray{input.origin, input.translation, input.maxFraction};
    return cast_detail::RayCircle(ray, TransformPoint(xf, circle.center()), circle.radius());
}

CastOutput RayCast(const Capsule& capsule, const Transform& xf, const RayCastInput& input) {
    cast_detail::ValidateRay(input, "RayCast(Capsule)");
    const Ray ray{input.origin, input.translation, input.maxFraction};
    return cast_detail::RayCapsule(ray, TransformPoint(xf, capsule.a()), TransformPoint(xf, capsule.b()), capsule.radius());
}

CastOutput RayCast(const Box& box, const Transform& xf, const RayCastInput& input) {
    cast_detail::ValidateRay(input, "RayCast(Box)");
    // Slab clipping in the box frame: faces +x, −x, +y, −y with half-planes ±x ≤ hx, ±y ≤ hy.
    const Transform boxXf = Mul(xf, Transform{box.center(), box.rotation()});
    const Vec2 o = InvTransformPoint(boxXf, input.origin);
    const Vec2 d = InvRotate(boxXf.q, input.translation);
    const Vec2 h = box.halfExtents();
    float lower = 0.0f;
    float upper = input.maxFraction;
    int entered = -1;
    if (!Clip(h.x - o.x, d.x, 0, lower, upper, entered) || !Clip(h.x + o.x, -d.x, 1, lower, upper, entered) ||
        !Clip(h.y - o.y, d.y, 2, lower, upper, entered) || !Clip(h.y + o.y, -d.y, 3, lower, upper, entered))
        return {};
    if (entered < 0) return cast_detail::StartInside({input.origin, input.translation, input.maxFraction});
    constexpr Vec2 kFaceNormals[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    CastOutput out;
    out.hit = true;
    out.fraction = lower;
    out.point = input.origin + lower * input.translation;
    out.normal = Rotate(boxXf.q, kFaceNormals[entered]);
    return out;
}

CastOutput RayCast(const ConvexPolygon& polygon, const Transform& xf, const RayCastInput& input) {
    cast_detail::ValidateRay(input, "RayCast(ConvexPolygon)");
    const CastOutput local = cast_detail::RayRoundedPolygon(ToLocal(xf, input), polygon.vertices(), polygon.normals(), 0.0f);
    if (!local.hit) return local;
    CastOutput out = ToWorld(xf, local);
    out.point = input.origin + local.fraction * input.translation;
    return out;
}

CastOutput RayCast(const Segment& segment, const Transform& xf, const RayCastInput& input) {
    cast_detail::ValidateRay(input, "RayCast(Segment)");
    const Ray ray{input.origin, input.translation, input.maxFraction};
    return cast_detail::RaySegment(ray, TransformPoint(xf, segment.a()), TransformPoint(xf, segment.b()));
}

CastOutput RayCast(const ChainSegment& segment, const Transform& xf, const RayCastInput& input) {
    cast_detail::ValidateRay(input, "RayCast(ChainSegment)");
    const Vec2 a = TransformPoint(xf, segment.a());
    const Vec2 normal = Rotate(xf.q, segment.normal());
    // One-sided: only rays coming at the front face from in front of it (the solid side is not hit).
    if (Dot(normal, input.origin - a) < 0.0f || !(Dot(normal, input.translation) < 0.0f)) return CastOutput{};
    const Ray ray{input.origin, input.translation, input.maxFraction};
    CastOutput out = cast_detail::RaySegment(ray, a, TransformPoint(xf, segment.b()));
    if (out.hit) out.normal = normal;
    return out;
}

CastOutput RayCast(const Sector& sector, const Transform& xf, const RayCastInput& input) {
    cast_detail::ValidateRay(input, "RayCast(Sector)");
    // Work relative to the centre O in the shape frame.
    const Ray local = ToLocal(xf, input);
    const Ray ray{local.o - sector.center(), local.d, local.maxFraction};
    const float r = sector.innerRadius();
    const float R = sector.outerRadius();
    const Rot side{sector.cosHalfAngle(), sector.sinHalfAngle()};
    const Vec2 u1 = Rotate(side, sector.axis());  // edge at +θ; the outside is counter-clockwise of it
    const Vec2 u2 = InvRotate(side, sector.axis()); // edge at −θ; the outside is clockwise of it
    const float dist2 = LengthSquared(ray.o);
    if (dist2 >= r * r && dist2 <= R * R && InWedge(sector, ray.o)) return ToWorld(xf, cast_detail::StartInside(local));

    // From outside, the first boundary point met is the entry; candidates are the outer arc entered
    // from outside the outer circle, the inner arc left from inside the hole, and the radial edges.
    CastOutput best;
    auto offer = [&](float lambda, Vec2 normal) {
        if (lambda < 0.0f || lambda > (best.hit ? best.fraction : ray.maxFraction)) return;
        best.hit = true;
        best.fraction = lambda;
        best.point = ray.o + lambda * ray.d;
        best.normal = normal;
    };
    float lambda = 0.0f;
    if (dist2 > R * R && cast_detail::CircleEntry(ray.o, ray.d, R, ray.maxFraction, lambda)) {
        const Vec2 p = ray.o + lambda * ray.d;
        if (InWedge(sector, p)) offer(lambda, Normalize(p));
    }
    if (r > 0.0f) {
        // Leaving the hole |x| < r: the larger root of |o + λd|² = r², in the cancellation-free form.
        const float p2 = Dot(ray.d, ray.d);
        const float q = Dot(ray.o, ray.d);
        const float lenD = std::sqrt(p2);
        const float cross = std::abs(Cross(ray.o, ray.d));
        const float disc = (r * lenD - cross) * (r * lenD + cross);
        if (disc >= 0.0f && p2 > 0.0f) {
            const float c = dist2 - r * r;
            const float root = std::sqrt(disc);
            const float exitLambda = q <= 0.0f ? (root - q) / p2 : c / (-q - root);
            const Vec2 p = ray.o + exitLambda * ray.d;
            if (exitLambda >= 0.0f && InWedge(sector, p)) offer(exitLambda, -Normalize(p));
        }
    }
    if (sector.halfAngle() < kPi) {
        // The radial edges run from r to R (seed 000 traps), at ±θ from the axis.
        const bool flat = sector.halfAngle() <= 0.0f;
        for (const auto& [u, outward] : {std::pair{u1, LeftPerp(u1)}, std::pair{u2, RightPerp(u2)}}) {
            const CastOutput edge = cast_detail::RaySegment(ray, r * u, R * u);
            // Entered from outside, so the outward normal faces the ray; it stays right for a ray along the
            // edge line, where the segment's own answer (−d̂) may point into the wedge at the apex.
            // A zero angle has no inside: keep the side facing the ray.
            if (edge.hit) offer(edge.fraction, flat ? edge.normal : outward);
        }
    }
    if (!best.hit) return best;
    best.point = best.point + sector.center();
    return ToWorld(xf, best);
}

} // namespace sensu
