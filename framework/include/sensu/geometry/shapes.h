#pragma once
/// The shape value types of the collision layer.
///
/// Contract for every function in sensu/geometry (written once, here):
///  - units are metres and radians; shapes are given in their own local frame and placed by a Transform;
///  - a contact or separation normal points from shape A to shape B;
///  - separation is the signed distance between the surfaces: negative when they penetrate.
///
/// Every constructor validates its input and throws sensu::InvalidArgument with a message naming the
/// problem (non-finite values, negative radius, non-positive size, non-convex / clockwise / collinear /
/// duplicate polygon vertices). A shape object therefore always holds a valid shape.
#include <array>
#include <cstdint>
#include <span>

#include "sensu/math.h"

namespace sensu {

/// Solid disc.
class Circle {
public:
    /// radius ≥ 0 (0 is a point).
    Circle(Vec2 center, float radius);
    /// Centre (m, local frame).
    Vec2 center() const { return center_; }
    /// Radius (m), ≥ 0.
    float radius() const { return radius_; }

private:
    Vec2 center_;
    float radius_;
};

/// Solid capsule: all points within `radius` of the segment a–b (the swept circle, "SSV", of seed 001).
class Capsule {
public:
    /// radius ≥ 0; a may equal b (then it is a circle).
    Capsule(Vec2 a, Vec2 b, float radius);
    /// First end of the core segment (m, local frame).
    Vec2 a() const { return a_; }
    /// Second end of the core segment (m, local frame).
    Vec2 b() const { return b_; }
    /// Radius around the segment (m), ≥ 0.
    float radius() const { return radius_; }

private:
    Vec2 a_, b_;
    float radius_;
};

/// Solid oriented rectangle.
class Box {
public:
    /// halfExtents.x > 0 and halfExtents.y > 0; angle in radians (local frame of the shape).
    Box(Vec2 halfExtents, Vec2 center = {}, float angle = 0.0f);
    /// The same box from its rotation as stored (cos, sin), so a saved box comes back bit for bit;
    /// rotation must be finite and of unit length (within 1e-5).
    static Box FromRotation(Vec2 halfExtents, Vec2 center, Rot rotation);
    /// Half width and half height (m), both > 0.
    Vec2 halfExtents() const { return halfExtents_; }
    /// Centre (m, local frame).
    Vec2 center() const { return center_; }
    /// Rotation of the box in the shape's local frame.
    Rot rotation() const { return rotation_; }
    /// Corners counter-clockwise, starting at (-hx, -hy) in the box frame.
    std::array<Vec2, 4> Corners() const;

private:
    Vec2 halfExtents_;
    Vec2 center_;
    Rot rotation_;
};

/// Most vertices a ConvexPolygon (and a ShapeProxy) can have.
inline constexpr int kMaxPolygonVertices = 8;

/// Solid convex polygon with 3 … kMaxPolygonVertices vertices, counter-clockwise.
class ConvexPolygon {
public:
    /// Vertices must be counter-clockwise, strictly convex (no three collinear), with no duplicates.
    explicit ConvexPolygon(std::span<const Vec2> vertices);
    /// The box's four corners as a polygon.
    static ConvexPolygon FromBox(const Box& box);
    /// Number of vertices, 3 … kMaxPolygonVertices.
    int count() const { return count_; }
    /// Vertex i (m, local frame), 0 ≤ i < count().
    Vec2 vertex(int i) const { return vertices_[i]; }
    /// Outward unit normal of edge i (from vertex i to vertex i+1).
    Vec2 normal(int i) const { return normals_[i]; }
    /// All vertices, counter-clockwise (m, local frame).
    std::span<const Vec2> vertices() const { return {vertices_.data(), static_cast<size_t>(count_)}; }
    /// All outward unit edge normals (edge i runs from vertex i to i+1).
    std::span<const Vec2> normals() const { return {normals_.data(), static_cast<size_t>(count_)}; }
    /// Area centroid (m, local frame).
    Vec2 centroid() const { return centroid_; }

private:
    ConvexPolygon() = default;
    void Finish();
    std::array<Vec2, kMaxPolygonVertices> vertices_{};
    std::array<Vec2, kMaxPolygonVertices> normals_{};
    Vec2 centroid_{};
    int count_ = 0;
};

/// Line segment a–b (static geometry, one-sided only by the caller's choice).
class Segment {
public:
    /// a and b must differ.
    Segment(Vec2 a, Vec2 b);
    /// First end point (m, local frame).
    Vec2 a() const { return a_; }
    /// Second end point (m, local frame).
    Vec2 b() const { return b_; }

private:
    Vec2 a_, b_;
};

/// One link of a one-sided chain (a Box2D-style "chain segment"): the segment a–b plus its neighbours'
/// far vertices ghost1 (before a) and ghost2 (after b). Only the right side of a → b collides (for a
/// counter-clockwise loop, the outside); the left side is solid. The ghosts decide which normals the
/// ends may give (chain_segment.h explains the rule), so a shape sliding across a joint gets the normal
/// of the face it is on instead of catching on the shared vertex.
class ChainSegment {
public:
    /// All finite, a ≠ b, ghost1 ≠ a and ghost2 ≠ b (a ghost equal to its vertex has no direction).
    ChainSegment(Vec2 ghost1, Vec2 a, Vec2 b, Vec2 ghost2);
    /// The previous vertex of the chain (m, local frame).
    Vec2 ghost1() const { return ghost1_; }
    /// First end point (m, local frame).
    Vec2 a() const { return a_; }
    /// Second end point (m, local frame).
    Vec2 b() const { return b_; }
    /// The next vertex of the chain (m, local frame).
    Vec2 ghost2() const { return ghost2_; }
    /// Unit normal of the colliding side, RightPerp(b − a) normalised (local frame).
    Vec2 normal() const { return normal_; }

private:
    Vec2 ghost1_, a_, b_, ghost2_, normal_;
};

/// Annular sector, the "fan" of seed 000 (§2.1, eq. 2.1–2.3): points p with
/// innerRadius ≤ |p − O| ≤ outerRadius and angle(p − O, axis) ≤ halfAngle.
/// halfAngle = π is a full annulus; innerRadius = 0 is a pie slice.
class Sector {
public:
    /// axis: any non-zero direction (normalised here); halfAngle in [0, π]; 0 ≤ innerRadius < outerRadius.
    Sector(Vec2 center, Vec2 axis, float halfAngle, float innerRadius, float outerRadius);
    /// The fan's centre O (m).
    Vec2 center() const { return center_; }
    /// Unit axis A.
    Vec2 axis() const { return axis_; }
    /// Half opening angle θ (rad), in [0, π].
    float halfAngle() const { return halfAngle_; }
    /// Inner radius r (m), ≥ 0.
    float innerRadius() const { return innerRadius_; }
    /// Outer radius R (m), > r.
    float outerRadius() const { return outerRadius_; }
    /// cos(halfAngle), cached for the wedge test `q·A ≥ |q| cos θ` (seed 000 eq. 2.20, valid for all θ).
    float cosHalfAngle() const { return cosHalfAngle_; }
    /// sin(halfAngle), cached.
    float sinHalfAngle() const { return sinHalfAngle_; }

private:
    Vec2 center_, axis_;
    float halfAngle_, innerRadius_, outerRadius_, cosHalfAngle_, sinHalfAngle_;
};

} // namespace sensu
