#include "sensu/geometry/shape_proxy.h"

#include <string>

namespace sensu {

ShapeProxy MakeProxy(const Circle& circle) {
    ShapeProxy proxy;
    proxy.points[0] = circle.center();
    proxy.count = 1;
    proxy.radius = circle.radius();
    return proxy;
}

ShapeProxy MakeProxy(const Capsule& capsule) {
    ShapeProxy proxy;
    proxy.points[0] = capsule.a();
    proxy.points[1] = capsule.b();
    proxy.count = 2;
    proxy.radius = capsule.radius();
    return proxy;
}

ShapeProxy MakeProxy(const Box& box) {
    ShapeProxy proxy;
    const auto corners = box.Corners();
    for (int i = 0; i < 4; ++i) proxy.points[i] = corners[i];
    proxy.count = 4;
    return proxy;
}

ShapeProxy MakeProxy(const ConvexPolygon& polygon) {
    ShapeProxy proxy;
    for (int i = 0; i < polygon.count(); ++i) proxy.points[i] = polygon.vertex(i);
    proxy.count = polygon.count();
    return proxy;
}

ShapeProxy MakeProxy(const Segment& segment) {
    ShapeProxy proxy;
    proxy.points[0] = segment.a();
    proxy.points[1] = segment.b();
    proxy.count = 2;
    return proxy;
}

ShapeProxy MakeProxy(std::span<const Vec2> points, float radius) {
    if (points.empty() || points.size() > static_cast<size_t>(kMaxPolygonVertices))
        throw InvalidArgument("ShapeProxy needs 1 to " + std::to_string(kMaxPolygonVertices) + " points (got " + std::to_string(points.size()) + ")");
    RequireFinite(radius, "ShapeProxy radius");
    if (radius < 0.0f) throw InvalidArgument("ShapeProxy radius must be >= 0");
    ShapeProxy proxy;
    for (size_t i = 0; i < points.size(); ++i) {
        RequireFinite(points[i], "ShapeProxy point");
        proxy.points[i] = points[i];
    }
    proxy.count = static_cast<int>(points.size());
    proxy.radius = radius;
    return proxy;
}

} // namespace sensu
