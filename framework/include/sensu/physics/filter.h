#pragma once
/// Collision filtering: which shapes may touch, and which shapes a world query sees (Box2D's semantics).
#include <cstdint>

namespace sensu {

/// Per-shape collision filter. Two shapes touch when (A.category & B.mask) and (B.category & A.mask) are
/// both non-zero, unless they share a non-zero group index: a positive shared group always touches, a
/// negative shared group never does (a ragdoll's limbs with group −1 ignore each other).
struct Filter {
    uint64_t categoryBits = 1;           ///< what this shape is (usually one bit)
    uint64_t maskBits = UINT64_MAX;      ///< the categories this shape touches
    int32_t groupIndex = 0;              ///< 0: no group; > 0: always touch the same group; < 0: never
};

/// True when shapes with filters a and b may touch.
constexpr bool ShouldCollide(const Filter& a, const Filter& b) {
    if (a.groupIndex == b.groupIndex && a.groupIndex != 0) return a.groupIndex > 0;
    return (a.maskBits & b.categoryBits) != 0 && (a.categoryBits & b.maskBits) != 0;
}

/// Filter of a world query (ray cast, overlap, shape cast): a shape is seen when
/// (query.categoryBits & shape.maskBits) and (query.maskBits & shape.categoryBits) are both non-zero.
struct QueryFilter {
    uint64_t categoryBits = 1;           ///< what the query is, tested against the shapes' masks
    uint64_t maskBits = UINT64_MAX;      ///< the shape categories the query sees
    bool includeSensors = false;         ///< also report sensor shapes (world_queries.h)
    bool includeFrozen = true;           ///< also report shapes of frozen (rested) bodies (world_queries.h)
};

/// True when a query with filter q sees a shape with filter s.
constexpr bool ShouldQuery(const QueryFilter& q, const Filter& s) {
    return (q.categoryBits & s.maskBits) != 0 && (q.maskBits & s.categoryBits) != 0;
}

} // namespace sensu
