#pragma once
// Small helpers shared by the physics tests: building boxes on a ground and stepping until rest.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "sensu/physics/world.h"

namespace sensu::testing {

inline constexpr float kDt = 1.0f / 60.0f;

/// A static ground box whose top face is y = 0.
inline BodyId AddGround(World& world, float halfWidth = 50.0f) {
    const BodyId ground = world.CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
    world.CreateShape(ground, {.geometry = Box({halfWidth, 0.5f}), .friction = 0.6f});
    return ground;
}

inline BodyId AddBox(World& world, Vec2 position, Vec2 halfExtents, float angle = 0.0f, Vec2 velocity = {}, float omega = 0.0f,
                     float restitution = 0.0f) {
    const BodyId body = world.CreateBody(
        {.type = BodyType::Dynamic, .position = position, .angle = angle, .linearVelocity = velocity, .angularVelocity = omega});
    world.CreateShape(body, {.geometry = Box(halfExtents), .density = 1.0f, .friction = 0.6f, .restitution = restitution});
    return body;
}

inline void StepN(World& world, int steps) {
    for (int i = 0; i < steps; ++i) world.Step(kDt);
}

/// Steps until every dynamic body is frozen (returns the step count) or `maxSteps` passed (returns −1).
inline int StepUntilAllRest(World& world, int maxSteps) {
    for (int i = 1; i <= maxSteps; ++i) {
        world.Step(kDt);
        if (world.GetAwakeBodyCount() == 0) return i;
    }
    return -1;
}

inline bool AllFinite(const World& world) {
    std::vector<BodyId> ids;
    world.GetBodies(ids);
    for (BodyId id : ids) {
        if (!IsFinite(world.GetPosition(id)) || !IsFinite(world.GetAngle(id)) || !IsFinite(world.GetLinearVelocity(id)) ||
            !IsFinite(world.GetAngularVelocity(id)))
            return false;
    }
    return true;
}

/// Kinetic plus potential energy of the given bodies (J; gravity 10 m/s² along −y, potential from y = 0),
/// in double precision: the energy checks compare rises of 0.5 % and less.
inline double EnergyOf(const World& world, const std::vector<BodyId>& bodies) {
    double e = 0.0;
    for (const BodyId b : bodies) {
        const double m = world.GetMass(b);
        const float w = world.GetAngularVelocity(b);
        e += 0.5 * m * LengthSquared(world.GetLinearVelocity(b)) + 0.5 * world.GetInertia(b) * w * w + m * 10.0 * world.GetWorldCenter(b).y;
    }
    return e;
}

/// The fidelity harness's energy rule (sensu_scenes/fidelity.h): the largest rise, relative to the lowest
/// value, of the energy within any window of `windowSteps` steps. Add the energy after every step.
struct WindowedEnergyRise {
    int windowSteps = 60;
    std::vector<double> history{};
    double worst = 0.0;
    void Add(double energy) {
        history.push_back(energy);
        const std::size_t from = history.size() > static_cast<std::size_t>(windowSteps) ? history.size() - windowSteps : 0;
        const double lowest = *std::min_element(history.begin() + static_cast<std::ptrdiff_t>(from), history.end());
        worst = std::max(worst, (energy - lowest) / lowest);
    }
};

} // namespace sensu::testing
