// Box–circle manifold in the box's own frame: the circle centre clamped to the box is the closest
// point of the box; the Voronoi region (face, corner, or inside) decides the normal.
#include "collide_common.h"

namespace sensu {

Manifold CollideBoxAndCircle(const Box& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin) {
    detail::RequireMargin(margin);
    const Transform frame = Mul(xfA, Transform{a.center(), a.rotation()});
    const Vec2 c = InvTransformPoint(frame, TransformPoint(xfB, b.center()));
    const Vec2 h = a.halfExtents();
    const float r = b.radius();
    const bool outsideX = std::abs(c.x) > h.x;
    const bool outsideY = std::abs(c.y) > h.y;
    const float signX = std::copysign(1.0f, c.x);
    const float signY = std::copysign(1.0f, c.y);

    Vec2 normal;     // box frame
    Vec2 core;       // closest point of the box to c
    float distance;  // signed distance of c from the box
    uint32_t feature;
    if (outsideX && outsideY) {  // corner region: the normal runs from the corner to c
        core = {signX * h.x, signY * h.y};
        const Vec2 d = c - core;
        const float distanceSquared = LengthSquared(d);
        if (distanceSquared > Square(r + margin)) return Manifold{};
        distance = std::sqrt(distanceSquared);
        // distance > 0 outside both slabs unless d² underflows (sizes near 1e-19 m): then use a face normal.
        normal = distance > 0.0f ? (1.0f / distance) * d : Vec2{signX, 0.0f};
        // Corner index counter-clockwise from (−hx, −hy), as Box::Corners().
        feature = 0x80u | (signY > 0.0f ? (signX > 0.0f ? 2u : 3u) : (signX > 0.0f ? 1u : 0u));
    } else if (outsideX || outsideY) {  // face region: the face normal is exact
        const bool x = outsideX;
        distance = x ? std::abs(c.x) - h.x : std::abs(c.y) - h.y;
        if (distance > r + margin) return Manifold{};
        normal = x ? Vec2{signX, 0.0f} : Vec2{0.0f, signY};
        core = x ? Vec2{signX * h.x, c.y} : Vec2{c.x, signY * h.y};
        feature = x ? (signX > 0.0f ? 1u : 3u) : (signY > 0.0f ? 2u : 0u);
    } else {  // centre inside: push out through the face of least depth
        const float depthX = h.x - std::abs(c.x);
        const float depthY = h.y - std::abs(c.y);
        const bool x = depthX < depthY;
        distance = -(x ? depthX : depthY);
        normal = x ? Vec2{signX, 0.0f} : Vec2{0.0f, signY};
        core = x ? Vec2{signX * h.x, c.y} : Vec2{c.x, signY * h.y};
        feature = x ? (signX > 0.0f ? 1u : 3u) : (signY > 0.0f ? 2u : 0u);
    }
    const float separation = distance - r;
    Manifold m;
    m.normal = Rotate(frame.q, normal);
    m.points[0].point = TransformPoint(frame, core + (0.5f * separation) * normal);  // midway between the surfaces
    m.points[0].separation = separation;
    m.points[0].id = detail::MakeId(0, feature, false);
    m.pointCount = 1;
    return m;
}

} // namespace sensu
