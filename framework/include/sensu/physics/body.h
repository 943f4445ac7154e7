#pragma once
/// Rigid bodies: kinds, handles, rest states and the definition a body is created from.
#include <cstdint>

#include "sensu/math.h"

namespace sensu {

/// Static bodies never move; kinematic bodies move by their velocity and ignore forces and contacts;
/// dynamic bodies respond to gravity, forces and contacts.
enum class BodyType : uint8_t { Static, Kinematic, Dynamic };

/// Seed 004 §3.3: the three states of a body relative to its floor.
enum class RestState : uint8_t {
    VerticallyUnstable,  ///< free: no support under it
    VerticallyStable,    ///< one support point (or its centre of mass outside the support span): may pivot and slide
    RotationStable,      ///< ≥ 2 supports around its centre of mass and slow for SolverSettings::restTime: frozen, costs nothing
};

/// Stable handle of a body: index plus generation, so a handle of a destroyed body is detected as stale.
struct BodyId {
    uint32_t index = UINT32_MAX;  ///< slot in the world (UINT32_MAX: no body)
    uint32_t generation = 0;  ///< incremented each time the slot is reused
    /// Same slot and generation.
    constexpr bool operator==(const BodyId&) const = default;
};

/// Everything a body is created from. Designated initialisers:
/// `world.CreateBody({.type = BodyType::Dynamic, .position = {0, 4}})`.
struct BodyDef {
    BodyType type = BodyType::Static;  ///< static, kinematic or dynamic
    Vec2 position{};          ///< m, world position of the body origin
    float angle = 0.0f;       ///< rad, counter-clockwise
    Vec2 linearVelocity{};    ///< m/s, velocity of the centre of mass
    float angularVelocity = 0.0f;  ///< rad/s
    float gravityScale = 1.0f;     ///< multiplies the world gravity for this body
    /// Always use continuous collision (swept region + exact time of impact) for this body, also against
    /// dynamic bodies. Without it a body gets continuous collision automatically when it moves or spins
    /// fast for its size (SolverSettings::continuous).
    bool bullet = false;
    void* userData = nullptr;      ///< not touched by the world
};

} // namespace sensu
