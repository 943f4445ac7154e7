#pragma once
/// The physics world: bodies, shapes, broad phase, persistent contacts, the sequential-impulse solver
/// and the seed 004 floor-rest state machine.
///
/// Step order (box2d-lite's World::Step is the model): find new pairs → narrow phase → wake piles whose
/// support moves → record start poses → integrate forces → pre-step + warm start → velocity iterations
/// (contacts bottom-up, then a shock-propagation pass) → piles pushed beyond what their supports hold
/// wake and the velocities are solved again → integrate velocities → position pass → continuous phase
/// → update the broad phase → rest states (seed 004 §3.3–3.5: freeze supported, slow groups).
///
/// Rest states only freeze what would stay put: a group of touching slow bodies freezes when every
/// member is held by its supports (§3.4.2 / §3.5.1) on supports level enough for its friction
/// (tan θ ≤ μ/2), with the supports' friction not at its limit (|T| < 0.9 μN) and its velocity no
/// longer changing over SolverSettings::restTime. A frozen pile wakes as a whole when a load on it
/// (judged for each frozen body with everything resting on it, from the top down) would slide, lift or
/// tip a body, when a body is created or teleported deep into it, and on any force, impulse, velocity,
/// teleport or support change of its bodies.
///
/// Continuous phase (seed 000, no rotation cap; SolverSettings::continuous, continuousThreshold,
/// continuousMaxImpacts, BodyDef::bullet): bullets and bodies that move or spin fast for their size are
/// swept from their start pose with the solved velocities: rotation ω·dt of any size (several turns
/// included) about the centre of mass plus translation v·dt. Bodies fast only by translating at the
/// velocity their speculative contacts were made for stay with those (they stop translation at any
/// speed), so a scene where nothing spins fast steps exactly as with continuous collision off. The
/// broad phase is queried with the exact swept region's bounds (swept_region.h), resting candidates are
/// filtered by the region itself, and the time of impact (rotating_toi.h: exact for a spin about a
/// fixed pivot, conservative advancement when both move) finds the first contact with static,
/// kinematic and dynamic bodies. Impacts are solved earliest first as sub-steps: the pair and the
/// bodies touching it move to the impact time, their contacts there get sequential impulses
/// (restitution above the threshold, Coulomb friction; static and kinematic bodies have infinite mass),
/// and all go on with the rest of the step at their new velocities, the search resuming there. A hit
/// body wakes with its pile, and joins the search when it is now fast itself. A body that reaches
/// continuousMaxImpacts finishes the step with its velocity, without further impacts against other
/// bodies. Static geometry has the last word: a dynamic body that moved fast for its size this step
/// (impacts, motion after the cap, or a large correction of the position pass) never ends deeper into
/// a static shape it met on its path than that shape's middle (plus linearSlop) or than it started;
/// one that would is put back at its first static contact on the path and loses the velocity closing
/// on it, the only motion the phase drops. When nothing is fast the phase costs two passes over the
/// non-static bodies.
///
/// Determinism: no container keyed by pointer is iterated; bodies, shapes and contacts live in arrays
/// indexed by stable ids, so the same scene stepped twice gives the same StateHash().
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sensu/geometry/manifold.h"
#include "sensu/physics/body.h"
#include "sensu/physics/shape_def.h"
#include "sensu/physics/solver_settings.h"

namespace sensu {

struct WorldDef {
    Vec2 gravity{0.0f, -10.0f};  ///< m/s²
    SolverSettings settings{};
};

/// One contact point for debug drawing and tests.
struct ContactPointInfo {
    BodyId bodyA, bodyB;
    Vec2 point{};            ///< m, world
    Vec2 normal{};           ///< from A to B
    float separation = 0.0f; ///< m, < 0 penetrating
    float normalImpulse = 0.0f;   ///< N·s accumulated last step
    float tangentImpulse = 0.0f;  ///< N·s accumulated last step
};

struct WorldImpl;

class World {
public:
    /// Throws InvalidArgument for non-finite gravity or invalid settings.
    explicit World(const WorldDef& def = {});
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    /// Creates a body without shapes (dynamic bodies get mass from their shapes; a dynamic body without
    /// shapes has mass 1 kg). Throws InvalidArgument for non-finite pose or velocity.
    BodyId CreateBody(const BodyDef& def);
    /// Destroys the body, its shapes and contacts; piles that rested on it wake. Stale ids throw.
    void DestroyBody(BodyId body);
    /// Adds a shape (mass and inertia recomputed from density). Throws for invalid material values.
    ShapeId CreateShape(BodyId body, const ShapeDef& def);
    void DestroyShape(ShapeId shape);

    /// Advances the world by dt seconds (dt ≥ 0 and finite; 0 does nothing).
    void Step(float dt);

    bool IsValid(BodyId body) const;
    bool IsValid(ShapeId shape) const;

    BodyType GetType(BodyId body) const;
    Transform GetTransform(BodyId body) const;
    Vec2 GetPosition(BodyId body) const;
    /// rad, unwrapped (a body that turned twice reads ≈ 4π).
    float GetAngle(BodyId body) const;
    Vec2 GetWorldCenter(BodyId body) const;
    Vec2 GetLinearVelocity(BodyId body) const;
    float GetAngularVelocity(BodyId body) const;
    float GetMass(BodyId body) const;
    /// kg·m² about the centre of mass.
    float GetInertia(BodyId body) const;
    RestState GetRestState(BodyId body) const;
    /// False while the body is frozen (RotationStable with rest states on) and for static bodies.
    bool IsAwake(BodyId body) const;
    void* GetUserData(BodyId body) const;

    /// Teleport (wakes the pile the body belongs to and every pile touching it).
    void SetTransform(BodyId body, Vec2 position, float angle);
    void SetLinearVelocity(BodyId body, Vec2 velocity);
    void SetAngularVelocity(BodyId body, float omega);
    /// N at a world point, applied during the next step (then cleared).
    void ApplyForce(BodyId body, Vec2 force, Vec2 worldPoint);
    void ApplyForceToCenter(BodyId body, Vec2 force);
    void ApplyTorque(BodyId body, float torque);
    /// N·s at a world point, applied at once.
    void ApplyLinearImpulse(BodyId body, Vec2 impulse, Vec2 worldPoint);
    /// Wakes the body and its whole pile.
    void Wake(BodyId body);
    /// Continuous collision for this body in every step, not only when it is fast for its size (see the
    /// continuous phase above); also against dynamic bodies. No effect on static bodies.
    void SetBullet(BodyId body, bool bullet);
    bool IsBullet(BodyId body) const;

    std::span<const ShapeId> GetShapes(BodyId body) const;
    BodyId GetBody(ShapeId shape) const;
    const ShapeGeometry& GetGeometry(ShapeId shape) const;
    float GetFriction(ShapeId shape) const;
    float GetRestitution(ShapeId shape) const;
    void* GetUserData(ShapeId shape) const;

    Vec2 GetGravity() const;
    /// Wakes every body.
    void SetGravity(Vec2 gravity);
    const SolverSettings& GetSettings() const;
    /// Validated first; turning rest states off wakes every body.
    void SetSettings(const SolverSettings& settings);

    /// Ids of all live bodies in creation-slot order.
    void GetBodies(std::vector<BodyId>& out) const;
    int GetBodyCount() const;
    /// Dynamic bodies that are not frozen (the ones that cost solver time).
    int GetAwakeBodyCount() const;
    /// Live contacts whose manifold has points.
    int GetContactCount() const;
    void GetContactPoints(std::vector<ContactPointInfo>& out) const;

    /// FNV-1a over every body's pose, velocity and rest state in id order: equal hashes mean equal states.
    uint64_t StateHash() const;

private:
    std::unique_ptr<WorldImpl> impl_;
};

} // namespace sensu
