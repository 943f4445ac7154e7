// The public Collide* pair functions of manifold.h that go through the general rounded-polygon routine
// (collide_rounded.cpp). Polygon–circle works on the polygon's own arrays; circle–circle, box–circle
// and box–box have dedicated fast paths (collide_circles.cpp, collide_box_circle.cpp, collide_boxes.cpp).
#include "collide_common.h"

namespace sensu {

using detail::CollideGeneric;

Manifold CollideCapsuleAndCircle(const Capsule& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollideCapsules(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollideBoxAndCapsule(const Box& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollidePolygonAndCircle(const ConvexPolygon& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin) {
    // In the polygon's frame, straight on its own vertex and normal arrays (no copy).
    detail::RequireMargin(margin);
    const Vec2 c = InvTransformPoint(xfA, TransformPoint(xfB, b.center()));
    Manifold m = detail::CollidePolygonAndPoint(a.vertices().data(), a.normals().data(), a.count(), 0.0f, c, b.radius(), margin, false);
    detail::ManifoldToWorld(m, xfA);
    return m;
}

Manifold CollidePolygonAndCapsule(const ConvexPolygon& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollidePolygonAndBox(const ConvexPolygon& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollidePolygons(const ConvexPolygon& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollideSegmentAndCircle(const Segment& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollideSegmentAndCapsule(const Segment& a, const Transform& xfA, const Capsule& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollideSegmentAndBox(const Segment& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

Manifold CollideSegmentAndPolygon(const Segment& a, const Transform& xfA, const ConvexPolygon& b, const Transform& xfB, float margin) {
    return CollideGeneric(a, xfA, b, xfB, margin);
}

} // namespace sensu
