// Circle–circle manifold: the centre line is the only candidate normal.
#include "collide_common.h"

namespace sensu {

Manifold CollideCircles(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB, float margin) {
    detail::RequireMargin(margin);
    const Vec2 ca = TransformPoint(xfA, a.center());
    const Vec2 cb = TransformPoint(xfB, b.center());
    const Vec2 d = cb - ca;
    const float total = a.radius() + b.radius();
    const float distanceSquared = LengthSquared(d);
    if (distanceSquared > Square(total + margin)) return Manifold{};
    const float distance = std::sqrt(distanceSquared);
    // Coincident centres: every direction is a minimum-translation direction; use +y (up).
    const Vec2 normal = distance > 1e-30f ? (1.0f / distance) * d : Vec2{0.0f, 1.0f};
    const float separation = distance - total;
    Manifold m;
    m.normal = normal;
    m.points[0].point = ca + (a.radius() + 0.5f * separation) * normal;  // midway between the surfaces
    m.points[0].separation = separation;
    m.pointCount = 1;
    return m;
}

} // namespace sensu
