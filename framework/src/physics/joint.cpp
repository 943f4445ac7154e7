// The part of joints every kind shares: soft-constraint coefficients, the solver hooks that gather the
// step's joints and dispatch to each kind's phases (revolute_joint.cpp, ...), reaction forces, the
// contact filter for jointed bodies and joint destruction.
#include <cmath>

#include "joint_rows.h"

namespace sensu {

using detail::Body;
using detail::Joint;
using detail::JointFrames;
using detail::JointPoses;
using detail::JointRow;
using detail::kNull;
using detail::SolverJoint;

namespace detail {

Softness MakeSoftness(float frequencyHz, float dampingRatio, float h) {
    if (frequencyHz <= 0.0f) return {0.0f, 0.0f, 1.0f};  // no spring: the row applies nothing
    const float omega = kTwoPi * frequencyHz;
    const float a = h * omega * (2.0f * dampingRatio + h * omega);
    return {omega / (2.0f * dampingRatio + h * omega), a / (1.0f + a), 1.0f / (1.0f + a)};
}

bool Drives(const Joint& j) {
    if (const auto* r = std::get_if<RevoluteJointDef>(&j.def)) return r->enableMotor && r->motorSpeed != 0.0f && r->maxMotorTorque > 0.0f;
    if (const auto* p = std::get_if<PrismaticJointDef>(&j.def)) return p->enableMotor && p->motorSpeed != 0.0f && p->maxMotorForce > 0.0f;
    if (const auto* w = std::get_if<WheelJointDef>(&j.def)) return w->enableMotor && w->motorSpeed != 0.0f && w->maxMotorTorque > 0.0f;
    return j.type == JointType::Mouse || j.type == JointType::Motor;
}

void JointReaction(const SolverJoint& sj, float invDt, Vec2& force, float& torque) {
    const JointImpulses& j = sj.impulses;
    const float axial = j.axial + j.spring + j.lower - j.upper;
    switch (sj.type) {
        case JointType::Revolute:
            force = invDt * j.linear;
            torque = invDt * (j.spring + j.motor + j.lower - j.upper);
            return;
        case JointType::Prismatic:
            force = invDt * (j.linear.x * sj.perp + (axial + j.motor) * sj.axis);
            torque = invDt * j.angular;
            return;
        case JointType::Wheel:
            force = invDt * (j.linear.x * sj.perp + axial * sj.axis);
            torque = invDt * j.motor;
            return;
        case JointType::Distance:
            force = invDt * axial * sj.axis;
            torque = 0.0f;
            return;
        case JointType::Weld:
        case JointType::Mouse:
        case JointType::Motor:
            force = invDt * j.linear;
            torque = invDt * j.angular;
            return;
    }
}

} // namespace detail

Joint& WorldImpl::JointAt(JointId id) {
    if (id.index >= joints.size() || !joints[id.index].alive || joints[id.index].generation != id.generation)
        throw InvalidArgument("JointId is not a live joint of this world");
    return joints[id.index];
}

const Joint& WorldImpl::JointAt(JointId id) const { return const_cast<WorldImpl*>(this)->JointAt(id); }

bool WorldImpl::JointAllowsContact(int bodyA, int bodyB) const {
    const std::vector<int>& list = bodies[bodyA].joints.size() <= bodies[bodyB].joints.size() ? bodies[bodyA].joints : bodies[bodyB].joints;
    for (int j : list) {
        const Joint& joint = joints[j];
        if (joint.collideConnected) continue;
        if ((joint.bodyA == bodyA && joint.bodyB == bodyB) || (joint.bodyA == bodyB && joint.bodyB == bodyA)) return false;
    }
    return true;
}

// Removes the joint from its bodies and wakes their piles. Without collideConnected the two bodies'
// shapes look for their pairs again at the next step (their contacts were kept out while jointed).
void WorldImpl::DestroyJointAt(int index) {
    Joint& joint = joints[index];
    for (int body : {joint.bodyA, joint.bodyB}) {
        if (body == kNull) continue;
        WakePile(body);
        std::erase(bodies[body].joints, index);
        if (joint.collideConnected) continue;
        for (ShapeId sid : bodies[body].shapes) {
            detail::Shape& s = shapes[sid.index];
            if (s.moved || s.proxy == kNull) continue;
            s.moved = true;
            movedShapes.push_back(static_cast<int>(sid.index));
        }
    }
    if (joint.drives) --drivingJoints;
    joint.drives = false;
    joint.alive = false;
    freeJoints.push_back(static_cast<uint32_t>(index));
}

void WorldImpl::RefreshJointFlags(int index) {
    Joint& joint = joints[index];
    const bool drives = Drives(joint);
    drivingJoints += (drives ? 1 : 0) - (joint.drives ? 1 : 0);
    joint.drives = drives;
    joint.plain = IsPlainRevolute(joint);
}

namespace {

void WarmStart(const SolverJoint& sj, detail::SolverVelocity* v) {
    switch (sj.type) {
        case JointType::Revolute: WarmStartRevolute(sj, v); break;
        case JointType::Prismatic: WarmStartPrismatic(sj, v); break;
        case JointType::Distance: WarmStartDistance(sj, v); break;
        case JointType::Weld: WarmStartWeld(sj, v); break;
        case JointType::Wheel: WarmStartWheel(sj, v); break;
        case JointType::Mouse: WarmStartMouse(sj, v); break;
        case JointType::Motor: WarmStartMotor(sj, v); break;
    }
}

void SolveVelocity(SolverJoint& sj, detail::SolverVelocity* v, const detail::JointStepContext& ctx) {
    switch (sj.type) {
        case JointType::Revolute: SolveRevoluteVelocity(sj, v, ctx); break;
        case JointType::Prismatic: SolvePrismaticVelocity(sj, v, ctx); break;
        case JointType::Distance: SolveDistanceVelocity(sj, v, ctx); break;
        case JointType::Weld: SolveWeldVelocity(sj, v, ctx); break;
        case JointType::Wheel: SolveWheelVelocity(sj, v, ctx); break;
        case JointType::Mouse: SolveMouseVelocity(sj, v, ctx); break;
        case JointType::Motor: SolveMotorVelocity(sj, v, ctx); break;
    }
}

// Mouse and motor joints are velocity-only, springs are not corrected: true for them.
bool SolvePosition(const SolverJoint& sj, detail::SolverBody* sb, const detail::JointStepContext& ctx) {
    switch (sj.type) {
        case JointType::Revolute: return SolveRevolutePosition(sj, sb, ctx);
        case JointType::Prismatic: return SolvePrismaticPosition(sj, sb, ctx);
        case JointType::Distance: return SolveDistancePosition(sj, sb, ctx);
        case JointType::Weld: return SolveWeldPosition(sj, sb, ctx);
        case JointType::Wheel: return SolveWheelPosition(sj, sb, ctx);
        case JointType::Mouse:
        case JointType::Motor: return true;
    }
    return true;
}

// Calls visit(row) for every row: the first and the second half of the rows alternately. Consecutive
// joints usually share a body (a chain's links, a grid's neighbours), so in joint order each row's pass
// waits for the velocities or poses the previous row has just written; alternating between the halves
// gives the processor two independent rows at a time. Each half is still visited in joint order, so a
// chain built in order still carries a change along itself within one pass.
template <class Visit>
void ForRowsInterleaved(int count, const Visit& visit) {
    const int half = (count + 1) / 2;
    for (int k = 0; k < half; ++k) {
        visit(k);
        if (k + half < count) visit(k + half);
    }
}

} // namespace

// Hook in SolveVelocities after the contacts' pre-step: one row per joint with a moving dynamic body, in
// joint order; bodies not yet in the solver (static, resting kinematic) join it as fixed bodies. A plain
// revolute joint is prepared on its row alone; any other joint also gets a full SolverJoint.
void WorldImpl::PrepareJoints(float dt, const std::function<void(int)>& addSolverBody) {
    solverJoints.clear();
    jointRows.clear();
    jointFrames.clear();
    if (joints.empty()) return;
    detail::JointStepContext& ctx = jointContext;
    ctx.dt = dt;
    ctx.invDt = 1.0f / dt;
    ctx.linearSlop = settings.linearSlop;
    ctx.maxLinearCorrection = settings.maxCorrection;
    ctx.warmStarting = settings.warmStarting;
    auto moving = [&](int index) { return index != kNull && bodies[index].type == BodyType::Dynamic && !bodies[index].frozen; };
    for (int j = 0; j < static_cast<int>(joints.size()); ++j) {
        const Joint& joint = joints[j];
        if (!joint.alive || (!moving(joint.bodyA) && !moving(joint.bodyB))) continue;
        // Filled in place (addSolverBody below does not touch these arrays): a row built on the stack and
        // copied in cost as much as the rest of a plain joint's prepare.
        JointRow& row = jointRows.emplace_back();
        JointFrames& frames = jointFrames.emplace_back();
        Rot qA{}, qB{};
        if (joint.bodyA != kNull) {
            const Body& A = bodies[joint.bodyA];
            if (A.solverIndex == kNull) addSolverBody(joint.bodyA);
            row.a = A.solverIndex;
            row.mA = solverBodies[row.a].invMass;
            row.iA = solverBodies[row.a].invInertia;
            frames.frameA = joint.localAnchorA - A.localCenter;
            qA = A.xf.q;
        }
        const Body& B = bodies[joint.bodyB];
        if (B.solverIndex == kNull) addSolverBody(joint.bodyB);
        row.b = B.solverIndex;
        row.mB = solverBodies[row.b].invMass;
        row.iB = solverBodies[row.b].invInertia;
        frames.frameB = joint.localAnchorB - B.localCenter;
        qB = B.xf.q;
        row.rA = Rotate(qA, frames.frameA);
        row.rB = Rotate(qB, frames.frameB);
        if (joint.plain) {
            row.link = j;
            PreparePlainRevolute(row, joint, ctx);
            continue;
        }
        JointPoses poses;
        if (joint.bodyA != kNull) {
            const Body& A = bodies[joint.bodyA];
            poses.cA = A.center;
            poses.angleA = A.angle;
        } else {
            poses.cA = joint.localAnchorA;  // the world: anchor A is a world point
        }
        poses.qA = qA;
        poses.cB = B.center;
        poses.qB = qB;
        poses.angleB = B.angle;
        SolverJoint sj;
        sj.joint = j;
        sj.type = joint.type;
        sj.a = row.a;
        sj.b = row.b;
        sj.mA = row.mA;
        sj.iA = row.iA;
        sj.mB = row.mB;
        sj.iB = row.iB;
        sj.rA = row.rA;
        sj.rB = row.rB;
        sj.frameA = frames.frameA;
        sj.frameB = frames.frameB;
        sj.impulses = ctx.warmStarting ? joint.impulses : detail::JointImpulses{};
        switch (joint.type) {
            case JointType::Revolute: PrepareRevolute(sj, joint, poses, ctx); break;
            case JointType::Prismatic: PreparePrismatic(sj, joint, poses, ctx); break;
            case JointType::Distance: PrepareDistance(sj, joint, poses, ctx); break;
            case JointType::Weld: PrepareWeld(sj, joint, poses, ctx); break;
            case JointType::Wheel: PrepareWheel(sj, joint, poses, ctx); break;
            case JointType::Mouse: PrepareMouse(sj, joint, poses, ctx); break;
            case JointType::Motor: PrepareMotor(sj, joint, poses, ctx); break;
        }
        row.link = -static_cast<int>(solverJoints.size()) - 1;
        solverJoints.push_back(sj);
    }
}

// Hook after the contacts' warm start.
void WorldImpl::WarmStartJoints() {
    detail::SolverVelocity* v = solverVelocities.data();
    ForRowsInterleaved(static_cast<int>(jointRows.size()), [&](int i) {
        const JointRow& row = jointRows[i];
        if (row.Plain()) {
            WarmStartPlainRevolute(row, v);
        } else {
            WarmStart(solverJoints[-row.link - 1], v);
        }
    });
}

// Hook at the start of every velocity iteration (joints first, then the contacts bottom-up).
void WorldImpl::SolveJointVelocities() {
    detail::SolverVelocity* v = solverVelocities.data();
    const detail::JointStepContext& ctx = jointContext;
    ForRowsInterleaved(static_cast<int>(jointRows.size()), [&](int i) {
        JointRow& row = jointRows[i];
        if (row.Plain()) {
            SolvePlainRevoluteVelocity(row, v);
        } else {
            SolveVelocity(solverJoints[-row.link - 1], v, ctx);
        }
    });
}

// Hook in every position iteration (Box2D 2.4's non-linear Gauss–Seidel for joints).
bool WorldImpl::SolveJointPositions() {
    detail::SolverBody* sb = solverBodies.data();
    const detail::JointStepContext& ctx = jointContext;
    bool done = true;
    ForRowsInterleaved(static_cast<int>(jointRows.size()), [&](int i) {
        const JointRow& row = jointRows[i];
        const bool within = row.Plain() ? SolvePlainRevolutePosition(row, jointFrames[i], sb, ctx) : SolvePosition(solverJoints[-row.link - 1], sb, ctx);
        done = within && done;
    });
    return done;
}

// Hook after the contacts' impulses are stored: warm-starting impulses and the reaction of the step,
// stamped with the step (joints outside the solver this step, in frozen piles, read no reaction). A plain
// revolute joint's angle rows are off: their impulses and its torques are zero.
void WorldImpl::StoreJointImpulses(float dt) {
    const float invDt = 1.0f / dt;
    for (const JointRow& row : jointRows) {
        if (!row.Plain()) continue;
        Joint& joint = joints[row.link];
        joint.impulses = detail::JointImpulses{.linear = row.linearImpulse};
        joint.solvedStep = stepIndex;
        joint.reactionForce = invDt * row.linearImpulse;
        joint.reactionTorque = 0.0f;
        joint.motorReaction = 0.0f;
    }
    for (const SolverJoint& sj : solverJoints) {
        Joint& joint = joints[sj.joint];
        joint.impulses = sj.impulses;
        joint.solvedStep = stepIndex;
        JointReaction(sj, invDt, joint.reactionForce, joint.reactionTorque);
        joint.motorReaction = sj.impulses.motor / dt;
    }
}

} // namespace sensu
