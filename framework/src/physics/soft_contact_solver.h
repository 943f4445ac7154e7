#pragma once
// The soft step's per-step state (soft_step.cpp runs it) and its contact rows (soft_contact_solver.cpp).
// Catto's soft step (Solver2D, Box2D v3): a contact is prepared once per step and solved in every
// sub-step against its current separation, which it recomputes from how far its bodies have moved
// since the prepare instead of calling the narrow phase again.
#include "joint_internal.h"
#include "sensu/math/rot.h"
#include "sensu/math/vec2.h"

namespace sensu::detail {

struct SolverVelocity;

// How one solver body has moved since the prepare, and what the forces add to its velocity per sub-step.
struct SoftBody {
    Vec2 dp{};             // m, translation of the centre of mass since the prepare
    Rot dq{};              // its rotation since the prepare
    float dAngle = 0.0f;   // rad, the same rotation unwrapped (the body's angle is updated with it)
    Vec2 forceDv{};        // m/s, gravity and forces over one sub-step (zero for bodies the solver holds fixed)
    float forceDw = 0.0f;  // rad/s, torque over one sub-step
    bool moves = false;    // a moving dynamic or kinematic body: its pose advances in the sub-steps
};

// One point of a soft contact.
struct SoftPoint {
    Vec2 anchorA{}, anchorB{};        // m, the contact point from each centre of mass at the prepare, world axes
    float rnA = 0.0f, rnB = 0.0f;     // anchorA×n, anchorB×n (m)
    float rtA = 0.0f, rtB = 0.0f;     // anchorA×t, anchorB×t (m)
    float baseSeparation = 0.0f;      // m, separation at the prepare minus (anchorB − anchorA)·n
    float normalMass = 0.0f, tangentMass = 0.0f;        // kg
    float normalImpulse = 0.0f, tangentImpulse = 0.0f;  // N·s, accumulated in the current sub-step
    float totalNormalImpulse = 0.0f;  // N·s, over the whole step (reported, stored, warm start)
    float totalTangentImpulse = 0.0f; // N·s
    float maxNormalImpulse = 0.0f;    // N·s, largest sub-step impulse: only a point that pushed bounces
    float approachSpeed = 0.0f;       // m/s, −vn at the prepare, before this step's forces (restitution)
};

// One contact of the soft step, in the order and colours of solverContacts.
struct SoftContact {
    int a = -1, b = -1;  // solver body indices
    int pointCount = 0;
    Vec2 normal{};       // from A to B
    float friction = 0.0f, restitution = 0.0f;
    float mA = 0.0f, iA = 0.0f, mB = 0.0f, iB = 0.0f;  // 1/kg, 1/(kg·m²); 0 for fixed bodies
    Softness softness;   // the push-out spring over one sub-step
    SoftPoint points[2];
};

// Applies the contact's accumulated impulses again at the start of a sub-step.
void SoftWarmStart(const SoftContact& c, SolverVelocity& a, SolverVelocity& b);

// One pass over the contact's normal rows, then its friction rows. useBias: the solve (soft push-out
// of penetration); false: the relax after the bodies moved (rigid rows, no push-out, so the push-out
// does not stay in the velocities as bounce). A gap still open is closed only as far as one sub-step's
// motion either way (speculative). Relax passes also add the sub-step's impulses to the step's totals.
void SoftSolveContact(SoftContact& c, SolverVelocity& a, SolverVelocity& b, const SoftBody& bodyA, const SoftBody& bodyB, float invH,
                      float maxPushOutSpeed, bool useBias);

// After the sub-steps: a point that pushed and whose approach exceeded `threshold` (m/s) leaves with
// the normal velocity restitution × approach.
void SoftRestitution(SoftContact& c, SolverVelocity& a, SolverVelocity& b, float threshold);

} // namespace sensu::detail
