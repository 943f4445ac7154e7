#pragma once
// Internal joint state: the stored joint (its def, accumulated impulses for warm starting, reaction of
// the last step) and the solver's per-step copy (SolverJoint), plus the four phases every kind
// implements in its own file, called from the contact solver's loop (joint.cpp dispatches):
//   Prepare       arms, effective masses and constraint values from the bodies' poses;
//   WarmStart     last step's accumulated impulses applied again;
//   SolveVelocity one sequential-impulse pass over the kind's rows (clamped where the row is bounded);
//   SolvePosition one non-linear Gauss–Seidel pass on the solver bodies' poses (rigid rows only).
// The phases read solver arrays by solver index only, so they port to a coloured, batched solver.
#include <cstdint>
#include <variant>
#include <vector>

#include "sensu/physics/world.h"

namespace sensu {
struct WorldImpl;
}

namespace sensu::detail {

struct SolverVelocity;
struct SolverBody;

// Alternatives in JointType order.
using JointDefVariant =
    std::variant<RevoluteJointDef, PrismaticJointDef, DistanceJointDef, WeldJointDef, WheelJointDef, MouseJointDef, MotorJointDef>;

// Accumulated impulses of every row a kind may have (N·s, or N·m·s for angular rows).
struct JointImpulses {
    Vec2 linear{};        // point rows (revolute, weld, mouse, motor); x = perpendicular row (prismatic, wheel)
    float angular = 0.0f; // angle row (weld, prismatic, motor)
    float axial = 0.0f;   // rigid distance row
    float spring = 0.0f;
    float motor = 0.0f;
    float lower = 0.0f;   // limit rows: ≥ 0 each
    float upper = 0.0f;
};

// The fields the solver reads and writes every step (PrepareJoints, StoreJointImpulses) come first, so
// they share the first two cache lines; the def, read only by the other kinds' prepare, comes last.
struct Joint {
    JointType type = JointType::Revolute;
    bool alive = false;
    bool collideConnected = false;
    bool drives = false;            // Drives(*this), kept by WorldImpl::RefreshJointFlags
    bool plain = false;             // IsPlainRevolute(*this), kept by WorldImpl::RefreshJointFlags
    uint32_t generation = 0;
    int bodyA = -1, bodyB = -1;     // body indices; bodyA = −1 for a mouse joint (the world)
    Vec2 localAnchorA{}, localAnchorB{};  // m, body-origin frames
    JointImpulses impulses;         // warm starting
    Vec2 reactionForce{};           // N on B, last step
    float reactionTorque = 0.0f;    // N·m on B, last step
    float motorReaction = 0.0f;     // N·m (revolute, wheel) or N (prismatic) of the motor, last step
    uint32_t solvedStep = 0;        // WorldImpl::stepIndex when the reactions were stored (else they are 0)
    JointDefVariant def;            // the parameters, kept as given (setters change them here)
};

// Soft constraint coefficients (Catto's soft step): a spring of angular frequency ω = 2π f and damping
// ratio ζ on a constraint C with effective mass m, integrated implicitly over h. With stiffness
// k = m ω² and damping c = 2 m ζ ω, the implicit impulse λ = −h (k (C + h Ċ₂) + c Ċ₂), Ċ₂ = Ċ + λ/m,
// solves to λ = −massScale · m (Ċ + biasRate · C) − impulseScale · λ_accumulated (the last term makes the
// sequential passes sum to the same total), with a = h ω (2ζ + h ω):
//   biasRate = ω / (2ζ + h ω),  massScale = a / (1 + a),  impulseScale = 1 / (1 + a).
// None of it depends on m, so a spring's frequency is the same on a light and a heavy body.
struct Softness {
    float biasRate = 0.0f;     // 1/s
    float massScale = 1.0f;
    float impulseScale = 0.0f;
};
Softness MakeSoftness(float frequencyHz, float dampingRatio, float h);

struct JointStepContext {
    float dt = 0.0f, invDt = 0.0f;     // s, 1/s
    float linearSlop = 0.005f;         // m: position error the position pass leaves
    float maxLinearCorrection = 0.2f;  // m per pass
    float angularSlop = 2.0f * kPi / 180.0f;          // rad
    float maxAngularCorrection = 8.0f * kPi / 180.0f; // rad per pass
    bool warmStarting = true;
};

// Poses the prepare phase reads (the centre of mass, rotation and unwrapped angle of each body).
struct JointPoses {
    Vec2 cA{}, cB{};
    Rot qA{}, qB{};
    float angleA = 0.0f, angleB = 0.0f;
};

// One joint in the solver for one step. The fields the velocity passes read come first, so a revolute
// joint's pass touches two cache lines.
struct SolverJoint {
    JointType type = JointType::Revolute;
    bool enableLimit = false, enableMotor = false, enableSpring = false, soft = false;
    int a = -1, b = -1;              // solver body indices (a = −1: the world, mouse joint)
    float mA = 0.0f, iA = 0.0f, mB = 0.0f, iB = 0.0f;  // 1/kg, 1/(kg·m²); 0 for fixed bodies
    Vec2 rA{}, rB{};                 // m, anchors relative to the centres of mass in world axes, at prepare
    float k11 = 0.0f, k12 = 0.0f, k22 = 0.0f;  // 2×2 system (point rows, or perpendicular + angle)
    float inv11 = 0.0f, inv12 = 0.0f, inv22 = 0.0f;  // its inverse (zero when singular)
    JointImpulses impulses;
    float angularMass = 0.0f;        // kg·m²
    float value = 0.0f;              // rad or m at prepare: joint angle, translation or length
    float lower = 0.0f, upper = 0.0f;
    float motorSpeed = 0.0f, maxMotorImpulse = 0.0f;
    Softness spring;                 // spring row (weld: the point rows)
    // Colder: other kinds' rows, the position pass.
    int joint = -1;
    Vec2 frameA{}, frameB{};         // m, the arms in the body frames (position pass)
    Vec2 localAxis{};                // prismatic, wheel: axis in A's frame
    Vec2 axis{}, perp{};             // world axis and its left perpendicular
    float a1 = 0.0f, a2 = 0.0f;      // (d + rA)×axis, rB×axis
    float s1 = 0.0f, s2 = 0.0f;      // (d + rA)×perp, rB×perp
    float axialMass = 0.0f, perpMass = 0.0f;  // kg
    Softness spring2;                // weld: the angle row
    Vec2 pointError{};               // m, anchor separation pB − pA at prepare (weld, mouse, motor error)
    float angleError = 0.0f;         // rad (weld, motor)
    float referenceAngle = 0.0f;
    float rest = 0.0f;               // m, distance joint
    float maxImpulse = 0.0f, maxAngularImpulse = 0.0f;  // mouse, motor joint
    float correction = 0.0f;         // motor joint: correctionFactor / h
};

// The step's compact row of one joint, in joint order: everything a velocity pass of a plain revolute
// joint (no limit, motor or spring: the two point rows only, the common case of chains, bridges and
// cloth-like grids) reads, in one 64-byte cache line, so those passes stream 64 bytes per joint instead
// of the full SolverJoint (several lines, most of them other kinds' fields) and dispatch on nothing.
// Every other joint keeps a full SolverJoint, which `link` names.
struct JointRow {
    int a = -1, b = -1;              // solver body indices
    float mA = 0.0f, iA = 0.0f, mB = 0.0f, iB = 0.0f;  // 1/kg, 1/(kg·m²); 0 for fixed bodies
    Vec2 rA{}, rB{};                 // m, anchors relative to the centres of mass in world axes, at prepare
    float inv11 = 0.0f, inv12 = 0.0f, inv22 = 0.0f;  // K⁻¹ of the point rows (zero when singular)
    Vec2 linearImpulse{};            // N·s, accumulated (plain revolute only)
    int link = -1;                   // ≥ 0: a plain revolute joint, its Joint index; < 0: solverJoints[−link − 1]
    bool Plain() const { return link >= 0; }
};

// What the position pass of a plain revolute joint reads besides its row: the arms in the body frames.
struct JointFrames {
    Vec2 frameA{}, frameB{};         // m
};

// True when the joint is a revolute joint without limit, motor or spring, solved by its JointRow alone.
bool IsPlainRevolute(const Joint& joint);

// The phases of a plain revolute joint on its compact row (revolute_joint.cpp; the velocity phases are
// inline in joint_rows.h, as they run once per joint and pass).
void PreparePlainRevolute(JointRow& row, const Joint& joint, const JointStepContext& ctx);
bool SolvePlainRevolutePosition(const JointRow& row, const JointFrames& frames, SolverBody* bodies, const JointStepContext& ctx);

// The four phases of each kind (its own file). Position functions return true when the joint's
// error is within slop.
void PrepareRevolute(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx);
void WarmStartRevolute(const SolverJoint& sj, SolverVelocity* v);
void SolveRevoluteVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx);
bool SolveRevolutePosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx);

void PreparePrismatic(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx);
void WarmStartPrismatic(const SolverJoint& sj, SolverVelocity* v);
void SolvePrismaticVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx);
bool SolvePrismaticPosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx);

void PrepareDistance(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx);
void WarmStartDistance(const SolverJoint& sj, SolverVelocity* v);
void SolveDistanceVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx);
bool SolveDistancePosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx);

void PrepareWeld(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx);
void WarmStartWeld(const SolverJoint& sj, SolverVelocity* v);
void SolveWeldVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx);
bool SolveWeldPosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx);

void PrepareWheel(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx);
void WarmStartWheel(const SolverJoint& sj, SolverVelocity* v);
void SolveWheelVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx);
bool SolveWheelPosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx);

void PrepareMouse(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx);
void WarmStartMouse(const SolverJoint& sj, SolverVelocity* v);
void SolveMouseVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx);

void PrepareMotor(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx);
void WarmStartMotor(const SolverJoint& sj, SolverVelocity* v);
void SolveMotorVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx);

// Along-axis rows shared by the prismatic and wheel joints (prismatic_joint.cpp): spring, motor (when
// `motor`), limits; and the limit's position correction, returning the limit error (m).
void SolveAxialRows(SolverJoint& sj, SolverVelocity& a, SolverVelocity& b, const JointStepContext& ctx, bool motor);
float CorrectAxialLimit(const SolverJoint& sj, SolverBody& A, SolverBody& B, const JointStepContext& ctx);

// The checks CreateJoint makes on a def (live distinct bodies, one dynamic, finite and in-range values);
// throws InvalidArgument. World::Load runs them on every loaded joint.
void ValidateJointDef(const WorldImpl& w, const JointDefVariant& def);

// A joint that drives its bodies (a running motor, a mouse or motor joint): they must not rest.
bool Drives(const Joint& joint);

// N and N·m on B from the accumulated impulses of a step of 1/invDt seconds.
void JointReaction(const SolverJoint& sj, float invDt, Vec2& force, float& torque);

} // namespace sensu::detail
