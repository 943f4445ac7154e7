#pragma once
/// Chains: smooth one-sided terrain made of segments that know their neighbours.
///
/// `world.CreateChain(ground, {.points = {...}})` adds one chain-segment shape per edge (points[i] →
/// points[i+1], and the closing edge for a loop) to a body, typically a static one. Each shape's geometry
/// is a Segment (GetGeometry; ray casts, the continuous phase and drawing see a static segment), and its
/// contacts use the neighbours as ghost vertices (ChainSegment in shapes.h, its manifolds in manifold.h):
/// a box or circle sliding across the vertex two segments share gets the normal of the face it is on and
/// never catches on the vertex, as with Box2D's chain shapes.
///
/// One-sided, Box2D's convention: the side to the right of the direction of travel collides (the normal
/// is RightPerp of points[i+1] − points[i]); the left side is solid. A counter-clockwise loop therefore
/// collides on its outside, and ground for bodies above it runs from right to left (as the top edge of a
/// counter-clockwise polygon). A body whose centroid is on the solid side passes through. The ends of an
/// open chain act as convex 90° corners (a body may rest on or roll off an end).
#include <cstdint>
#include <vector>

#include "sensu/math.h"
#include "sensu/physics/filter.h"

namespace sensu {

/// Stable handle of a chain (index plus generation).
struct ChainId {
    uint32_t index = UINT32_MAX;  ///< slot in the world (UINT32_MAX: no chain)
    uint32_t generation = 0;      ///< incremented each time the slot is reused
    /// Same slot and generation.
    constexpr bool operator==(const ChainId&) const = default;
};

/// Everything a chain is created from: `world.CreateChain(ground, {.points = {{4, 0}, {0, 0}, {-4, 1}}})`.
struct ChainDef {
    /// m, in the body's frame: at least 2 (at least 3 for a loop), finite, no two consecutive ones equal
    /// (for a loop, nor the last and the first), within kMaxCoordinate of the body origin.
    std::vector<Vec2> points;
    /// Joins the last point back to the first; every joint then has two neighbours.
    bool loop = false;
    float friction = 0.6f;      ///< Coulomb coefficient, ≥ 0, for every segment (a pair uses sqrt(μA·μB))
    float restitution = 0.0f;   ///< in [0, 1], for every segment (a pair uses the larger one)
    Filter filter{};            ///< collision categories, mask and group (filter.h), for every segment
    /// Begin/end touch events for the segments' contacts (contact_events.h).
    bool enableContactEvents = true;
    /// Hit events for the segments' contacts (contact_events.h).
    bool enableHitEvents = false;
    void* userData = nullptr;   ///< given to every segment shape (World::GetUserData(ShapeId)); not touched
};

} // namespace sensu
