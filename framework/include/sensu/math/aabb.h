#pragma once
/// Axis-aligned bounding box.
#include "sensu/math/vec2.h"

namespace sensu {

/// Axis-aligned box [lower, upper] (m); lower ≤ upper component-wise when valid.
struct AABB {
    Vec2 lower{};  ///< minimum corner (m)
    Vec2 upper{};  ///< maximum corner (m)

    /// Centre point (m).
    constexpr Vec2 Center() const { return 0.5f * (lower + upper); }
    /// Half size along x and y (m).
    constexpr Vec2 Extents() const { return 0.5f * (upper - lower); }
    /// Perimeter (m), the cost measure of the AABB tree.
    constexpr float Perimeter() const { return 2.0f * ((upper.x - lower.x) + (upper.y - lower.y)); }
    /// True when p lies in the box (boundary included).
    constexpr bool Contains(Vec2 p) const { return p.x >= lower.x && p.x <= upper.x && p.y >= lower.y && p.y <= upper.y; }
    /// True when b lies entirely in the box.
    constexpr bool Contains(const AABB& b) const { return Contains(b.lower) && Contains(b.upper); }
};

/// True when the boxes touch or overlap.
constexpr bool Overlaps(const AABB& a, const AABB& b) {
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}
/// The smallest box holding both.
constexpr AABB Union(const AABB& a, const AABB& b) { return {Min(a.lower, b.lower), Max(a.upper, b.upper)}; }
/// The box grown by `margin` (m) on every side (negative shrinks).
constexpr AABB Inflate(const AABB& a, float margin) { return {a.lower - Vec2{margin, margin}, a.upper + Vec2{margin, margin}}; }

} // namespace sensu
