#pragma once
/// The physics world: bodies, shapes, broad phase, persistent contacts, the sequential-impulse solver
/// and the seed 004 floor-rest state machine.
///
/// Step order (box2d-lite's World::Step is the model): clear the last step's events → find new pairs
/// (filters and sensors decide which pairs get a contact) → narrow phase, begin/end touch events →
/// wake piles whose support moves → pre-solve hook (may disable contacts for this step) → record start
/// poses → integrate forces → pre-step + warm start → velocity iterations (contacts bottom-up, then a
/// shock-propagation pass) → piles pushed beyond what their supports hold wake and the velocities are
/// solved again → integrate velocities → position pass → hit events → continuous phase (its impacts
/// report hits too; pairs the hook disabled are left alone there as well) → update the broad phase → rest states (seed 004 §3.3–3.5: freeze supported, slow groups) → sensors (begin/end
/// overlap against the final poses). Events are read after Step (contact_events.h).
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
/// included) about the centre of mass plus translation v·dt. Bodies fast only by translating stay with
/// their speculative contacts (they stop translation at any speed) when every contact's margin covers
/// the pair's closing at the solved velocities, or the pair is otherwise held or far enough apart
/// (SolverSettings::continuousThreshold); a body whose neighbour the solver stopped within the step,
/// closing more than their margin, is swept. The
/// broad phase is queried with the exact swept region's bounds (swept_region.h), resting candidates are
/// filtered by the region itself, and the time of impact (rotating_toi.h: exact for a spin about a
/// fixed pivot, conservative advancement when both move) finds the first contact with static,
/// kinematic and dynamic bodies. Impacts are solved earliest first as sub-steps: the pair and the
/// bodies touching it move to the impact time, their contacts there get sequential impulses
/// (restitution above the threshold, Coulomb friction; static and kinematic bodies have infinite mass,
/// and so has a touching body that supports one of them from nearer the ground, as shock propagation
/// holds it), and all go on
/// with the rest of the step at their new velocities, the search resuming there. A hit
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
#include "sensu/physics/chain.h"
#include "sensu/physics/contact_events.h"
#include "sensu/physics/distance_joint.h"
#include "sensu/physics/joint.h"
#include "sensu/physics/motor_joint.h"
#include "sensu/physics/mouse_joint.h"
#include "sensu/physics/prismatic_joint.h"
#include "sensu/physics/revolute_joint.h"
#include "sensu/physics/shape_def.h"
#include "sensu/physics/solver_settings.h"
#include "sensu/physics/step_profile.h"
#include "sensu/physics/weld_joint.h"
#include "sensu/physics/wheel_joint.h"

namespace sensu {

/// What the world steps (issue 16). A finite world stays finite: input that cannot be stepped is
/// rejected where it is given (InvalidArgument, nothing changed), and speeds are clamped per step, as
/// engines do (Box2D caps the translation per step), so Step never throws once it has begun.
///  - Step(dt) rejects dt > kMaxStepDt.
///  - CreateBody and SetTransform reject a position with a coordinate beyond kMaxCoordinate and an
///    angle beyond kMaxCoordinate rad; CreateShape rejects geometry reaching beyond kMaxCoordinate from
///    the body origin and shapes of mass below 1e-12 kg (other than 0) or that would give the body a mass
///    above 1e30 kg or an inertia outside float range.
///  - CreateBody, SetLinearVelocity and SetAngularVelocity reject speeds above kMaxLinearSpeed and
///    kMaxAngularSpeed; an impulse, force, torque or gravity that would exceed them is clamped to them
///    (the direction kept), and so is every body after the solver, each step. Forces, torques and
///    impulses whose sums or effects overflow float are rejected.
/// Bodies may travel beyond kMaxCoordinate by stepping; they stay finite but lose precision there
/// (float spacing at 1e6 m is 0.06 m).
inline constexpr float kMaxStepDt = 1.0f;         ///< s
inline constexpr float kMaxCoordinate = 1e6f;     ///< m (and rad for angles)
inline constexpr float kMaxLinearSpeed = 1e5f;    ///< m/s
inline constexpr float kMaxAngularSpeed = 1e4f;   ///< rad/s

/// Everything a World is created from.
struct WorldDef {
    Vec2 gravity{0.0f, -10.0f};  ///< m/s²
    SolverSettings settings{};  ///< solver tuning (validated by World)
    /// m/s, ≥ 0: contact points that stop a faster approach report a hit event (shapes asking for them).
    float hitEventThreshold = 1.0f;
};

/// One contact point for debug drawing and tests.
struct ContactPointInfo {
    ///@{
    /// The two bodies.
    BodyId bodyA, bodyB;
    ///@}
    Vec2 point{};            ///< m, world
    Vec2 normal{};           ///< from A to B
    float separation = 0.0f; ///< m, < 0 penetrating
    float normalImpulse = 0.0f;   ///< N·s accumulated last step
    float tangentImpulse = 0.0f;  ///< N·s accumulated last step
};

struct WorldImpl;
struct WorldAccess;

/// The physics world: bodies, shapes, joints and contacts, advanced by Step (see the top of
/// this header for what one step does).
class World {
public:
    /// Throws InvalidArgument for non-finite gravity or invalid settings.
    explicit World(const WorldDef& def = {});
    ~World();
    ///@{
    /// Moves the whole world; the moved-from world may only be destroyed or assigned to.
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;
    ///@}
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    /// Creates a body without shapes (dynamic bodies get mass from their shapes; a dynamic body without
    /// shapes has mass 1 kg). Throws InvalidArgument for non-finite pose or velocity.
    BodyId CreateBody(const BodyDef& def);
    /// Destroys the body, its shapes, contacts and joints; piles that rested on it wake. Stale ids throw.
    void DestroyBody(BodyId body);
    /// Adds a shape (mass and inertia recomputed from density). Throws for invalid material values.
    ShapeId CreateShape(BodyId body, const ShapeDef& def);
    /// Removes the shape and its contacts (mass recomputed, touching piles wake). Stale ids throw.
    void DestroyShape(ShapeId shape);

    /// Creates a one-sided chain of segment shapes on the body (chain.h), one per edge, in order. Throws
    /// InvalidArgument, world unchanged, for a stale body id, too few, non-finite, out-of-range or
    /// consecutive equal points, or invalid material values.
    ChainId CreateChain(BodyId body, const ChainDef& def);
    /// Destroys the chain's shapes (as DestroyShape). Stale ids throw. (DestroyBody destroys its chains;
    /// DestroyShape refuses a chain's shape.)
    void DestroyChain(ChainId chain);
    /// True while the id names a live chain.
    bool IsValid(ChainId chain) const;
    /// The chain's segment shapes in the order of its points (valid until the next CreateChain or
    /// DestroyChain call).
    std::span<const ShapeId> GetChainShapes(ChainId chain) const;
    /// The chain the shape belongs to, or ChainId{} for a shape that is no chain segment.
    ChainId GetChain(ShapeId shape) const;
    /// The shape's segment with its neighbours as ghost vertices (body frame). Throws for shapes that are
    /// no chain segment.
    ChainSegment GetChainSegment(ShapeId shape) const;

    /// Creates a joint (joint.h and the kind's header). Wakes both bodies' piles; without
    /// collideConnected the contacts between the two bodies are removed. Throws InvalidArgument, world
    /// unchanged, for stale body ids, a body jointed to itself, two non-dynamic bodies, non-finite or
    /// out-of-range values.
    ///@{
    JointId CreateJoint(const RevoluteJointDef& def);
    JointId CreateJoint(const PrismaticJointDef& def);
    JointId CreateJoint(const DistanceJointDef& def);
    JointId CreateJoint(const WeldJointDef& def);
    JointId CreateJoint(const WheelJointDef& def);
    JointId CreateJoint(const MouseJointDef& def);
    JointId CreateJoint(const MotorJointDef& def);
    ///@}
    /// Removes the joint and wakes both bodies' piles. Stale ids throw. (DestroyBody destroys the
    /// body's joints.)
    void DestroyJoint(JointId joint);
    /// True while the id names a live joint.
    bool IsValid(JointId joint) const;
    /// The joint's kind.
    JointType GetType(JointId joint) const;
    /// The joint's first body (the mouse joint's only body).
    BodyId GetBodyA(JointId joint) const;
    /// The joint's second body (the mouse joint's body too).
    BodyId GetBodyB(JointId joint) const;
    /// N: the force the joint applied to body B in the last step (minus that on A), e.g. to break a
    /// joint when it exceeds a strength. Zero before the first step and while its pile is frozen.
    Vec2 GetReactionForce(JointId joint) const;
    /// N·m: the torque the joint applied to body B about its anchor in the last step (motor, limit,
    /// spring, weld and motor-joint torques).
    float GetReactionTorque(JointId joint) const;
    /// The motor's share of the reaction in the last step: N·m for revolute and wheel joints, N for
    /// prismatic joints; never beyond the motor's maximum. 0 for other kinds.
    float GetMotorReaction(JointId joint) const;
    ///@{
    /// m: the anchors in world coordinates (A's is the target of a mouse joint, the body origins for a
    /// motor joint), e.g. to draw the joint.
    Vec2 GetAnchorA(JointId joint) const;
    Vec2 GetAnchorB(JointId joint) const;
    ///@}
    /// rad: revolute angleB − angleA − referenceAngle (unwrapped). Throws for other kinds.
    float GetJointAngle(JointId joint) const;
    /// m: prismatic or wheel translation of B's anchor along the axis from A's. Throws for other kinds.
    float GetJointTranslation(JointId joint) const;
    /// m: distance between the two anchors (any kind with two anchors).
    float GetJointLength(JointId joint) const;
    /// Revolute, prismatic, wheel: motor on/off, speed (rad/s or m/s) and most torque (N·m) or force
    /// (N). Each wakes the joint's piles; other kinds throw.
    ///@{
    void EnableMotor(JointId joint, bool enable);
    void SetMotorSpeed(JointId joint, float speed);
    void SetMaxMotorTorque(JointId joint, float torque);
    void SetMaxMotorForce(JointId joint, float force);
    ///@}
    /// Revolute (rad), prismatic and wheel (m): the limit on/off and its bounds (lower ≤ upper).
    ///@{
    void EnableLimit(JointId joint, bool enable);
    void SetLimits(JointId joint, float lower, float upper);
    ///@}
    /// Revolute, prismatic, wheel, distance, weld, mouse: spring frequency (Hz, ≥ 0) and damping ratio (≥ 0).
    void SetSpring(JointId joint, float frequencyHz, float dampingRatio);
    /// Mouse joint: the world point its body is pulled toward (wakes the body's pile).
    void SetTarget(JointId joint, Vec2 target);
    /// Motor joint: B's target offset in A's frame (m) and relative angle (rad).
    void SetMotorOffsets(JointId joint, Vec2 linearOffset, float angularOffset);
    /// The user pointer given in the joint's def.
    void* GetUserData(JointId joint) const;
    /// Ids of all live joints in creation-slot order.
    void GetJoints(std::vector<JointId>& out) const;
    /// Number of live joints.
    int GetJointCount() const;

    /// Advances the world by dt seconds (0 ≤ dt ≤ kMaxStepDt; 0 does nothing). Throws only before
    /// anything changes; never half-way (see the limits above).
    void Step(float dt);

    /// True while the id names a live body.
    bool IsValid(BodyId body) const;
    /// True while the id names a live shape.
    bool IsValid(ShapeId shape) const;

    /// Static, kinematic or dynamic.
    BodyType GetType(BodyId body) const;
    /// Pose of the body origin (m, rad).
    Transform GetTransform(BodyId body) const;
    /// m: world position of the body origin.
    Vec2 GetPosition(BodyId body) const;
    /// rad, unwrapped (a body that turned twice reads ≈ 4π).
    float GetAngle(BodyId body) const;
    /// m: world position of the centre of mass.
    Vec2 GetWorldCenter(BodyId body) const;
    /// m: a world point in the body's frame (for joint anchors; see joint_anchor.h).
    Vec2 GetLocalPoint(BodyId body, Vec2 worldPoint) const;
    /// m: a point of the body's frame in world coordinates.
    Vec2 GetWorldPoint(BodyId body, Vec2 localPoint) const;
    /// m/s: velocity of the centre of mass.
    Vec2 GetLinearVelocity(BodyId body) const;
    /// rad/s, counter-clockwise positive.
    float GetAngularVelocity(BodyId body) const;
    /// kg (0 for static and kinematic bodies).
    float GetMass(BodyId body) const;
    /// kg·m² about the centre of mass.
    float GetInertia(BodyId body) const;
    /// The seed 004 rest state of the body (body.h), judged from the contacts of the last step
    /// (VerticallyUnstable for static and kinematic bodies and with SolverSettings::restStates off).
    RestState GetRestState(BodyId body) const;
    /// False while the body is frozen (RotationStable with rest states on) and for static bodies.
    bool IsAwake(BodyId body) const;
    /// The user pointer given in the body's def.
    void* GetUserData(BodyId body) const;

    /// Teleport (wakes the pile the body belongs to and every pile touching it).
    void SetTransform(BodyId body, Vec2 position, float angle);
    /// m/s; wakes the body's pile. Throws for non-finite values.
    void SetLinearVelocity(BodyId body, Vec2 velocity);
    /// rad/s; wakes the body's pile. Throws for non-finite values.
    void SetAngularVelocity(BodyId body, float omega);
    /// N at a world point, applied during the next step (then cleared).
    void ApplyForce(BodyId body, Vec2 force, Vec2 worldPoint);
    /// N at the centre of mass, applied during the next step (then cleared).
    void ApplyForceToCenter(BodyId body, Vec2 force);
    /// N·m, applied during the next step (then cleared).
    void ApplyTorque(BodyId body, float torque);
    /// N·s at a world point, applied at once.
    void ApplyLinearImpulse(BodyId body, Vec2 impulse, Vec2 worldPoint);
    /// Wakes the body and its whole pile.
    void Wake(BodyId body);
    /// Continuous collision for this body in every step, not only when it is fast for its size (see the
    /// continuous phase above); also against dynamic bodies. No effect on static bodies.
    void SetBullet(BodyId body, bool bullet);
    /// True when SetBullet turned continuous collision on for every step.
    bool IsBullet(BodyId body) const;

    /// The body's shapes (valid until the next Create/Destroy call).
    std::span<const ShapeId> GetShapes(BodyId body) const;
    /// The body the shape belongs to.
    BodyId GetBody(ShapeId shape) const;
    /// The shape's geometry in its body's frame.
    const ShapeGeometry& GetGeometry(ShapeId shape) const;
    /// Friction coefficient, ≥ 0.
    float GetFriction(ShapeId shape) const;
    /// Restitution (bounciness) in [0, 1].
    float GetRestitution(ShapeId shape) const;
    /// The user pointer given in the shape's def.
    void* GetUserData(ShapeId shape) const;

    /// Collision filter (filter.h). A change takes effect at the next step: contacts the new filter
    /// forbids end there (with end touch events), newly allowed pairs are found there, and the piles
    /// touching the shape wake. Stale ids throw.
    ///@{
    void SetFilter(ShapeId shape, const Filter& filter);
    Filter GetFilter(ShapeId shape) const;
    ///@}
    /// True when the shape is a sensor (reports overlaps, never collides).
    bool IsSensor(ShapeId shape) const;

    /// Contact events of the last Step (contact_events.h); spans valid until the next Step or any
    /// Create/Destroy call.
    ContactEvents GetContactEvents() const;
    /// Sensor begin/end overlap events of the last Step (contact_events.h).
    SensorEvents GetSensorEvents() const;
    /// The shapes a sensor overlapped at the end of the last Step, by shape index (a visitor destroyed
    /// since is still listed, with its stale id, until the next Step ends its visit). Throws for stale
    /// ids and shapes that are not sensors.
    std::span<const ShapeId> GetSensorOverlaps(ShapeId sensor) const;
    /// m/s; throws for a negative or non-finite speed.
    ///@{
    void SetHitEventThreshold(float speed);
    float GetHitEventThreshold() const;
    ///@}
    /// The pre-solve hook (contact_events.h): called inside Step, must not change the world; nullptr
    /// removes it. context is passed back untouched.
    void SetPreSolve(PreSolveFn fn, void* context = nullptr);

    /// m/s².
    Vec2 GetGravity() const;
    /// Wakes every body.
    void SetGravity(Vec2 gravity);
    /// The solver settings in effect.
    const SolverSettings& GetSettings() const;
    /// Validated first; turning rest states off wakes every body.
    void SetSettings(const SolverSettings& settings);

    /// Ids of all live bodies in creation-slot order.
    void GetBodies(std::vector<BodyId>& out) const;
    /// Number of live bodies.
    int GetBodyCount() const;
    /// Dynamic bodies that are not frozen (the ones that cost solver time).
    int GetAwakeBodyCount() const;
    /// Live contacts whose manifold has points.
    int GetContactCount() const;
    /// Where the last Step's time went (step_profile.h).
    const StepProfile& GetProfile() const;
    /// Every point of every live contact (replaces the contents of `out`).
    void GetContactPoints(std::vector<ContactPointInfo>& out) const;

    /// FNV-1a over every body's pose, velocity and rest state in id order: equal hashes mean equal states.
    uint64_t StateHash() const;

    /// Snapshot and restore (world_snapshot.cpp), for saves, rollback and "what if" runs. Both hold
    /// everything that decides the future: gravity, settings, bodies (rest timers and states, frozen
    /// flags, forces not yet applied), shapes (filters, sensor flags), contacts (manifolds, warm-start
    /// impulses, pending bounces, carried manifolds), the broad phase's exact internal structure (it
    /// decides the order in which pairs are found), joints (defs, warm-start impulses, last reactions),
    /// sensors' current visitors and the end events caused since the last step, the free lists and
    /// generations (so every BodyId, ShapeId and JointId stays valid) and the step counters. A copy and its
    /// original step bit-identically and report the same events: the same StateHash() and the same
    /// Save() bytes after any number of equal steps. The last step's event arrays are output, not state:
    /// a loaded world reports none until it steps.

    /// A deep copy of this world, user data pointers included (they point to the same objects).
    World Clone() const;
    /// The world as bytes: a header (magic "SENSUWLD", format version) and the state, little-endian,
    /// floats as their exact bits. Saving twice gives the same bytes. User data pointers are not saved
    /// (an address means nothing in another run): Load sets them to nullptr; map your objects by BodyId,
    /// ShapeId and JointId, which stay valid. Nor is the pre-solve hook (a function of this run): set it
    /// again after Load (Clone copies it).
    std::vector<uint8_t> Save() const;
    /// A world from bytes written by Save. Throws InvalidArgument naming the problem for input that is not
    /// a snapshot of this format version, is truncated, has bytes after its end, holds non-finite numbers,
    /// or is inconsistent (ids, lists, the broad phase's structure, joints that CreateJoint would refuse);
    /// it never allocates more than the
    /// input's size allows.
    static World Load(std::span<const uint8_t> bytes);

private:
    friend struct WorldAccess;  // the world's subsystems in their own files (world_access.h)
    std::unique_ptr<WorldImpl> impl_;
};

} // namespace sensu
