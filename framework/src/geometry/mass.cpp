#include "sensu/geometry/mass.h"

namespace sensu {

MassData ComputeMass(const Circle& circle, float density) {
    const float r2 = circle.radius() * circle.radius();
    const float mass = density * kPi * r2;
    return {mass, circle.center(), 0.5f * mass * r2};
}

MassData ComputeMass(const Capsule& capsule, float density) {
    // A rectangle of length L and width 2r plus two half discs (one full disc) whose centroids sit
    // at the segment ends offset by 4r/(3π); parallel-axis theorem for the half discs.
    const float r = capsule.radius();
    const float length = Distance(capsule.a(), capsule.b());
    const float rectMass = density * 2.0f * r * length;
    const float discMass = density * kPi * r * r;
    const float rectInertia = rectMass * (length * length + 4.0f * r * r) / 12.0f;
    const float offset = 0.5f * length + 4.0f * r / (3.0f * kPi);
    const float halfDiscCentroidInertia = 0.5f * discMass * r * r - discMass * Square(4.0f * r / (3.0f * kPi));
    const float discInertia = halfDiscCentroidInertia + discMass * offset * offset;
    return {rectMass + discMass, 0.5f * (capsule.a() + capsule.b()), rectInertia + discInertia};
}

MassData ComputeMass(const Box& box, float density) {
    const Vec2 h = box.halfExtents();
    const float mass = density * 4.0f * h.x * h.y;
    return {mass, box.center(), mass * (h.x * h.x + h.y * h.y) / 3.0f};
}

MassData ComputeMass(const ConvexPolygon& polygon, float density) {
    // Triangle fan about the first vertex; inertia accumulated about that vertex, then moved to the
    // centroid with the parallel-axis theorem (keeps precision for polygons far from the origin).
    const Vec2 origin = polygon.vertex(0);
    float area = 0.0f;
    Vec2 center{};
    float inertiaAboutOrigin = 0.0f;
    for (int i = 1; i + 1 < polygon.count(); ++i) {
        const Vec2 e1 = polygon.vertex(i) - origin;
        const Vec2 e2 = polygon.vertex(i + 1) - origin;
        const float d = Cross(e1, e2);
        const float triangleArea = 0.5f * d;
        area += triangleArea;
        center += (triangleArea / 3.0f) * (e1 + e2);
        const float intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x;
        const float inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y;
        inertiaAboutOrigin += (0.25f / 3.0f) * d * (intx2 + inty2);
    }
    center = (1.0f / area) * center;
    const float mass = density * area;
    const float inertia = density * inertiaAboutOrigin - mass * LengthSquared(center);
    return {mass, origin + center, inertia};
}

} // namespace sensu
