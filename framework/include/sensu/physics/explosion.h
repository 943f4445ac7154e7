#pragma once
/// Explosions (Box2D v3's b2World_Explode semantics): a radial impulse on the dynamic bodies near a point.
///
/// Every dynamic shape within radius + falloff of the blast centre (an OverlapShape query with the blast
/// circle, world_queries.h; frozen bodies included, sensors never) gets an impulse at its point nearest
/// to the centre, along the direction from the centre to that point:
///   |impulse| = impulsePerLength · (the shape's width seen from the centre) · scale,
/// where the width is the length of the shape's projection on the line across that direction (a
/// pressure front pushes a wide side harder than a narrow one) and scale is 1 for a shape within
/// `radius` of the centre, falling linearly to 0 from `radius` to `radius + falloff` (the distance is
/// from the centre to the nearest point of the shape, so a large body close by is pushed fully). A shape
/// containing the centre is pushed from its centroid, directly away from the centre (+x if they
/// coincide). A body gets one impulse per shape; bodies it pushes wake with their piles.
/// Static and kinematic bodies are never moved. A negative impulsePerLength pulls (an implosion).
#include <cstdint>

#include "sensu/physics/world.h"

namespace sensu {

/// Everything an explosion is made from: `Explode(world, {.position = {0, 1}, .radius = 2, .falloff = 1})`.
struct ExplosionDef {
    Vec2 position{};                  ///< m, world: the blast centre
    float radius = 1.0f;              ///< m, ≥ 0: full strength within this distance
    float falloff = 0.0f;             ///< m, ≥ 0: beyond radius the impulse falls linearly to 0 over this distance
    float impulsePerLength = 1.0f;    ///< N·s/m: impulse per metre of width facing the blast (negative pulls)
    uint64_t maskBits = UINT64_MAX;   ///< the shape categories it pushes (a shape whose own maskBits is 0 is never pushed)
};

/// Applies the explosion (see the top of this header) and returns how many shapes received an impulse.
/// Throws InvalidArgument, world unchanged, for non-finite values, a negative radius or falloff, a
/// radius + falloff of 0, or an impulse that would overflow float.
int Explode(World& world, const ExplosionDef& def);

} // namespace sensu
