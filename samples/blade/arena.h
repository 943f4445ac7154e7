#pragma once
/// The engine that moves the targets (and, in the two engine modes, the blade): sensu's World or
/// Box2D 2.4 behind one small interface, so the game logic does not care which one runs.
#include <memory>

#include "sensu/geometry/rotating_toi.h"

namespace sensu::blade {

/// A body's state as the game reads it.
struct BodyMotion {
    Vec2 position{};             ///< m, body origin (= centre of mass for every target)
    float angle = 0.0f;          ///< rad
    Vec2 velocity{};             ///< m/s
    float angularVelocity = 0.0f; ///< rad/s
};

/// Material of the blade and every target, the same in both engines: targets bounce off the blade.
inline constexpr float kRestitution = 0.5f;
inline constexpr float kFriction = 0.2f;

class Arena {
public:
    virtual ~Arena() = default;
    /// Adds a dynamic, gravity-free target; returns its handle (never reused).
    virtual int Add(const ConvexShape& shape, const BodyMotion& motion) = 0;
    virtual void Remove(int handle) = 0;
    virtual BodyMotion Motion(int handle) const = 0;
    virtual void SetVelocity(int handle, Vec2 velocity, float angularVelocity) = 0;
    /// One step of dt seconds with the blade at `bladeAngle` (rad) turning by `sweepAngle` (rad) about
    /// the hand. Arenas without a colliding blade just move the targets.
    virtual void Step(float bladeAngle, float sweepAngle, float dt) = 0;
    /// The rotation the engine really gave the blade in the last step (rad): Box2D caps it.
    virtual float AppliedSweep() const = 0;
};

/// sensu's World. With `bladeCollides` the blade is a kinematic bullet body and the world runs with
/// continuous collision (SolverSettings::continuous); without it targets fly through the blade and
/// the game decides hits itself.
std::unique_ptr<Arena> MakeSensuArena(bool bladeCollides);

/// Box2D 2.4 through sensu_baseline, the blade a kinematic bullet body; nullptr when Box2D was not
/// found at build time.
std::unique_ptr<Arena> MakeBox2DArena(float dt);

} // namespace sensu::blade
