#pragma once
// The closed arena of the continuous-collision tests (seed 000): a 10 m × 10 m box of 5 cm static walls
// (centre lines at ±5 m) with 20-odd bodies — discs of 3–20 cm and thin boxes of 4–80 cm — flying at
// up to 150 m/s, spinning at up to 200 rad/s, restitution 0 to 1, and optionally a kinematic 2 m ×
// 0.1 m sword turning about the middle. No gravity is expected of the world.
#include <cmath>
#include <cstdint>
#include <vector>

#include "physics_test_util.h"
#include "random_cases.h"

namespace sensu::testing {

inline constexpr float kFullTurnPerStep = kTwoPi / kDt; // rad/s of one full turn per step (377 rad/s at 60 Hz)
inline constexpr float kArenaHalfSize = 5.0f;            // m: wall centre lines at ±5
inline constexpr float kArenaWallHalfThickness = 0.025f; // m: 5 cm walls

/// A static box (half extents in m) at `position`.
inline BodyId AddStaticBox(World& world, Vec2 position, Vec2 halfExtents) {
    const BodyId body = world.CreateBody({.type = BodyType::Static, .position = position});
    world.CreateShape(body, {.geometry = Box(halfExtents)});
    return body;
}

/// Walls, the sword when `swordTurns` (turns per step) is above 0, and the bodies drawn from `seed`;
/// returns the dynamic bodies.
inline std::vector<BodyId> FillArena(World& world, uint64_t seed, float swordTurns) {
    AddStaticBox(world, {0, -kArenaHalfSize}, {kArenaHalfSize, kArenaWallHalfThickness});
    AddStaticBox(world, {0, kArenaHalfSize}, {kArenaHalfSize, kArenaWallHalfThickness});
    AddStaticBox(world, {-kArenaHalfSize, 0}, {kArenaWallHalfThickness, kArenaHalfSize});
    AddStaticBox(world, {kArenaHalfSize, 0}, {kArenaWallHalfThickness, kArenaHalfSize});
    if (swordTurns > 0.0f) {
        const BodyId sword =
            world.CreateBody({.type = BodyType::Kinematic, .angularVelocity = swordTurns * kFullTurnPerStep, .bullet = true});
        world.CreateShape(sword, {.geometry = Box({1.0f, 0.05f}, {1.0f, 0.0f}), .friction = 0.4f});
    }
    Rng rng(seed);
    std::vector<BodyId> bodies;
    for (int i = 0; i < 24; ++i) {
        const Vec2 at{rng.Uniform(-4.5f, 4.5f), rng.Uniform(-4.5f, 4.5f)};
        if (Length(at) < 2.2f) continue; // clear of the sword
        const ShapeGeometry g = rng.Chance(0.5f) ? ShapeGeometry{Circle({0, 0}, rng.Uniform(0.03f, 0.2f))}
                                                 : ShapeGeometry{Box({rng.Uniform(0.02f, 0.4f), rng.Uniform(0.02f, 0.1f)})};
        const Vec2 v{rng.Uniform(-150.0f, 150.0f), rng.Uniform(-150.0f, 150.0f)};
        const BodyId body =
            world.CreateBody({.type = BodyType::Dynamic, .position = at, .linearVelocity = v, .angularVelocity = rng.Uniform(-200.0f, 200.0f)});
        world.CreateShape(body, {.geometry = g, .density = 1.0f, .friction = 0.4f, .restitution = rng.Uniform(0.0f, 1.0f)});
        bodies.push_back(body);
    }
    return bodies;
}

/// True when the body's centre of mass lies beyond a wall's centre line.
inline bool OutsideArena(const World& world, BodyId body) {
    const Vec2 c = world.GetWorldCenter(body);
    return std::abs(c.x) > kArenaHalfSize || std::abs(c.y) > kArenaHalfSize;
}

} // namespace sensu::testing
