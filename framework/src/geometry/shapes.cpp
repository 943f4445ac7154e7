#include "sensu/geometry/shapes.h"

#include <string>

namespace sensu {

namespace {

void RequireNonNegative(float x, const char* what) {
    RequireFinite(x, what);
    if (x < 0.0f) throw InvalidArgument(std::string(what) + " must be >= 0 (got " + std::to_string(x) + ")");
}

void RequirePositive(float x, const char* what) {
    RequireFinite(x, what);
    if (!(x > 0.0f)) throw InvalidArgument(std::string(what) + " must be > 0 (got " + std::to_string(x) + ")");
}

} // namespace

Circle::Circle(Vec2 center, float radius) : center_(center), radius_(radius) {
    RequireFinite(center, "Circle center");
    RequireNonNegative(radius, "Circle radius");
}

Capsule::Capsule(Vec2 a, Vec2 b, float radius) : a_(a), b_(b), radius_(radius) {
    RequireFinite(a, "Capsule end a");
    RequireFinite(b, "Capsule end b");
    RequireNonNegative(radius, "Capsule radius");
}

Box::Box(Vec2 halfExtents, Vec2 center, float angle) : halfExtents_(halfExtents), center_(center) {
    RequirePositive(halfExtents.x, "Box half width");
    RequirePositive(halfExtents.y, "Box half height");
    RequireFinite(center, "Box center");
    RequireFinite(angle, "Box angle");
    rotation_ = Rot::FromAngle(angle);
}

Box Box::FromRotation(Vec2 halfExtents, Vec2 center, Rot rotation) {
    RequireFinite(rotation.c, "Box rotation cosine");
    RequireFinite(rotation.s, "Box rotation sine");
    if (!(std::abs(rotation.c * rotation.c + rotation.s * rotation.s - 1.0f) <= 1e-5f))
        throw InvalidArgument("Box rotation must have unit length");
    Box box(halfExtents, center);
    box.rotation_ = rotation;
    return box;
}

std::array<Vec2, 4> Box::Corners() const {
    const Vec2 h = halfExtents_;
    return {center_ + Rotate(rotation_, {-h.x, -h.y}), center_ + Rotate(rotation_, {h.x, -h.y}),
            center_ + Rotate(rotation_, {h.x, h.y}), center_ + Rotate(rotation_, {-h.x, h.y})};
}

ConvexPolygon::ConvexPolygon(std::span<const Vec2> vertices) {
    const size_t n = vertices.size();
    if (n < 3 || n > static_cast<size_t>(kMaxPolygonVertices))
        throw InvalidArgument("ConvexPolygon needs 3 to " + std::to_string(kMaxPolygonVertices) + " vertices (got " +
                              std::to_string(n) + ")");
    for (size_t i = 0; i < n; ++i) {
        RequireFinite(vertices[i], "ConvexPolygon vertex");
        vertices_[i] = vertices[i];
    }
    count_ = static_cast<int>(n);
    Finish();
}

ConvexPolygon ConvexPolygon::FromBox(const Box& box) {
    ConvexPolygon poly;
    const auto corners = box.Corners();
    for (int i = 0; i < 4; ++i) poly.vertices_[i] = corners[i];
    poly.count_ = 4;
    poly.Finish();
    return poly;
}

void ConvexPolygon::Finish() {
    // Scale-aware tolerance so tiny (1e-3 m) and huge (1e3 m) polygons are judged alike.
    float extent = 0.0f;
    for (int i = 0; i < count_; ++i) extent = Max(extent, Max(std::abs(vertices_[i].x - vertices_[0].x), std::abs(vertices_[i].y - vertices_[0].y)));
    const float lengthTol = 1e-6f * Max(extent, 1e-30f);
    for (int i = 0; i < count_; ++i)
        for (int j = i + 1; j < count_; ++j)
            if (Distance(vertices_[i], vertices_[j]) <= lengthTol)
                throw InvalidArgument("ConvexPolygon has duplicate vertices (" + std::to_string(i) + " and " + std::to_string(j) + ")");
    for (int i = 0; i < count_; ++i) {
        const Vec2 a = vertices_[i];
        const Vec2 b = vertices_[(i + 1) % count_];
        const Vec2 c = vertices_[(i + 2) % count_];
        // Vertices ±3.4e38 m apart overflow the edge vector (found by fuzzing).
        if (!IsFinite(b - a) || !IsFinite(c - b)) throw InvalidArgument("ConvexPolygon vertices are too far apart (an edge overflows float)");
        const Vec2 edge = Normalize(b - a);
        const float turn = Cross(edge, c - b);
        if (std::abs(turn) <= lengthTol) throw InvalidArgument("ConvexPolygon has collinear vertices (around index " + std::to_string((i + 1) % count_) + ")");
        if (turn < 0.0f) throw InvalidArgument("ConvexPolygon must be convex and counter-clockwise (turns clockwise at index " + std::to_string((i + 1) % count_) + ")");
        normals_[i] = RightPerp(edge);
    }
    // A star polygon turns left at every vertex but winds more than once: total turning must be 2π.
    float winding = 0.0f;
    for (int i = 0; i < count_; ++i) {
        const Vec2 e0 = vertices_[(i + 1) % count_] - vertices_[i];
        const Vec2 e1 = vertices_[(i + 2) % count_] - vertices_[(i + 1) % count_];
        winding += std::atan2(Cross(e0, e1), Dot(e0, e1));
    }
    if (winding > 1.5f * kTwoPi) throw InvalidArgument("ConvexPolygon is self-intersecting (winds more than once)");
    // Area-weighted centroid (triangle fan about vertex 0), in double: the area of a polygon of 1e-20 m
    // underflows float and one of 1e20 m overflows it, and the centroid came out NaN (issue 16, found
    // by fuzzing).
    double cx = 0.0, cy = 0.0, area = 0.0;
    const double x0 = vertices_[0].x, y0 = vertices_[0].y;
    for (int i = 1; i + 1 < count_; ++i) {
        const double x1 = vertices_[i].x - x0, y1 = vertices_[i].y - y0;
        const double x2 = vertices_[i + 1].x - x0, y2 = vertices_[i + 1].y - y0;
        const double a = 0.5 * (x1 * y2 - y1 * x2);
        cx += a * (x1 + x2) / 3.0;
        cy += a * (y1 + y2) / 3.0;
        area += a;
    }
    centroid_ = {static_cast<float>(x0 + cx / area), static_cast<float>(y0 + cy / area)};
}

Segment::Segment(Vec2 a, Vec2 b) : a_(a), b_(b) {
    RequireFinite(a, "Segment end a");
    RequireFinite(b, "Segment end b");
    if (a == b) throw InvalidArgument("Segment ends must differ");
}

ChainSegment::ChainSegment(Vec2 ghost1, Vec2 a, Vec2 b, Vec2 ghost2) : ghost1_(ghost1), a_(a), b_(b), ghost2_(ghost2) {
    RequireFinite(ghost1, "ChainSegment ghost1");
    RequireFinite(a, "ChainSegment end a");
    RequireFinite(b, "ChainSegment end b");
    RequireFinite(ghost2, "ChainSegment ghost2");
    if (a == b) throw InvalidArgument("ChainSegment ends must differ");
    if (ghost1 == a || ghost2 == b) throw InvalidArgument("ChainSegment ghost vertices must differ from the ends they join");
    // The edge directions must be finite too (ends ±3e38 apart overflow), or the normals would be NaN.
    RequireFinite(b - a, "ChainSegment edge b - a");
    RequireFinite(a - ghost1, "ChainSegment edge a - ghost1");
    RequireFinite(ghost2 - b, "ChainSegment edge ghost2 - b");
    normal_ = Normalize(RightPerp(b - a));
}

Sector::Sector(Vec2 center, Vec2 axis, float halfAngle, float innerRadius, float outerRadius)
    : center_(center), halfAngle_(halfAngle), innerRadius_(innerRadius), outerRadius_(outerRadius) {
    RequireFinite(center, "Sector center");
    RequireFinite(axis, "Sector axis");
    RequireFinite(halfAngle, "Sector half angle");
    if (halfAngle < 0.0f || halfAngle > kPi) throw InvalidArgument("Sector half angle must be in [0, pi] (got " + std::to_string(halfAngle) + ")");
    RequireNonNegative(innerRadius, "Sector inner radius");
    RequirePositive(outerRadius, "Sector outer radius");
    if (!(outerRadius > innerRadius)) throw InvalidArgument("Sector outer radius must exceed the inner radius");
    axis_ = Normalize(axis);
    if (axis_ == Vec2{}) throw InvalidArgument("Sector axis must be non-zero");
    cosHalfAngle_ = std::cos(halfAngle);
    sinHalfAngle_ = std::sin(halfAngle);
    if (halfAngle == kPi) { cosHalfAngle_ = -1.0f; sinHalfAngle_ = 0.0f; }
}

} // namespace sensu
