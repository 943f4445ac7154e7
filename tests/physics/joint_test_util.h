#pragma once
// Helpers shared by the joint tests: bodies made of one shape, a pinned pendulum.
#include "physics_test_util.h"
#include "sensu/physics/joint_anchor.h"

namespace sensu::testing {

inline BodyId AddCircle(World& world, Vec2 position, float radius, float density = 1.0f, BodyType type = BodyType::Dynamic) {
    const BodyId body = world.CreateBody({.type = type, .position = position});
    world.CreateShape(body, {.geometry = Circle({0.0f, 0.0f}, radius), .density = density});
    return body;
}

inline BodyId AddStaticPoint(World& world, Vec2 position) { return world.CreateBody({.type = BodyType::Static, .position = position}); }

/// Kinetic plus potential energy (gravity along −y) of every dynamic body, J.
inline float MechanicalEnergy(const World& world) {
    std::vector<BodyId> ids;
    world.GetBodies(ids);
    float e = 0.0f;
    for (BodyId id : ids) {
        if (world.GetType(id) != BodyType::Dynamic) continue;
        const float m = world.GetMass(id);
        e += 0.5f * m * LengthSquared(world.GetLinearVelocity(id)) + 0.5f * world.GetInertia(id) * Square(world.GetAngularVelocity(id)) -
             m * world.GetGravity().y * world.GetWorldCenter(id).y;
    }
    return e;
}

} // namespace sensu::testing
