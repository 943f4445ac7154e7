#pragma once
/// Axis-aligned bounding box.
#include "sensu/math/vec2.h"

namespace sensu {

struct AABB {
    Vec2 lower{};
    Vec2 upper{};

    constexpr Vec2 Center() const { return 0.5f * (lower + upper); }
    constexpr Vec2 Extents() const { return 0.5f * (upper - lower); }
    constexpr float Perimeter() const { return 2.0f * ((upper.x - lower.x) + (upper.y - lower.y)); }
    constexpr bool Contains(Vec2 p) const { return p.x >= lower.x && p.x <= upper.x && p.y >= lower.y && p.y <= upper.y; }
    constexpr bool Contains(const AABB& b) const { return Contains(b.lower) && Contains(b.upper); }
};

constexpr bool Overlaps(const AABB& a, const AABB& b) {
    return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y;
}
constexpr AABB Union(const AABB& a, const AABB& b) { return {Min(a.lower, b.lower), Max(a.upper, b.upper)}; }
constexpr AABB Inflate(const AABB& a, float margin) { return {a.lower - Vec2{margin, margin}, a.upper + Vec2{margin, margin}}; }

} // namespace sensu
