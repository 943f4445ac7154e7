#pragma once
/// Shapes attached to bodies: geometry plus material. Several shapes on one body make a compound.
#include <cstdint>
#include <variant>

#include "sensu/geometry/shapes.h"
#include "sensu/physics/filter.h"

namespace sensu {

/// The geometry of one shape, in the body's local frame. Segment is meant for static bodies.
using ShapeGeometry = std::variant<Circle, Capsule, Box, ConvexPolygon, Segment>;

/// Stable handle of a shape (index plus generation).
struct ShapeId {
    uint32_t index = UINT32_MAX;  ///< slot in the world (UINT32_MAX: no shape)
    uint32_t generation = 0;  ///< incremented each time the slot is reused
    /// Same slot and generation.
    constexpr bool operator==(const ShapeId&) const = default;
};

/// Everything a shape is created from: `world.CreateShape(body, {.geometry = Box({0.5f, 0.25f})})`.
struct ShapeDef {
    ShapeGeometry geometry;     ///< required
    float density = 1.0f;       ///< kg/m², ≥ 0 (segments carry no mass)
    float friction = 0.6f;      ///< Coulomb coefficient, ≥ 0; a pair uses sqrt(μA·μB)
    float restitution = 0.0f;   ///< in [0, 1]; a pair uses the larger one
    Filter filter{};            ///< collision categories, mask and group (filter.h)
    /// A sensor produces no impulses and supports nothing; it reports begin/end overlap events with the
    /// shapes of other bodies instead (contact_events.h). Its density still adds mass (set 0 if not).
    bool isSensor = false;
    /// Begin/end touch events for this shape's contacts (a pair reports when either shape asks).
    bool enableContactEvents = true;
    /// Hit events for this shape's contacts (a pair reports when either shape asks). Off by default, as
    /// in Box2D v3: a landing pile would report every box.
    bool enableHitEvents = false;
    void* userData = nullptr;   ///< not touched by the world
};

} // namespace sensu
