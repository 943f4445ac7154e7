// Distance joint: one row along the line between the anchors, u = (pB − pA)/|pB − pA|. Its Jacobian is
// the contact row of seed 004 eq. (2.31) with u for the normal: effective mass
// 1/(1/MA + 1/MB + (rA×u)²/IA + (rB×u)²/IB). A rod is that row unclamped (and corrected by the position
// pass); a spring is the row made soft (joint_internal.h: Softness) toward the rest length; the minimum
// and maximum lengths are two clamped rows that only push or only pull, like a contact.
#include "joint_rows.h"

namespace sensu::detail {

namespace {

float AxialSpeed(const SolverJoint& sj, const SolverVelocity& a, const SolverVelocity& b) {
    return Dot(AnchorVelocity(b, sj.rB) - AnchorVelocity(a, sj.rA), sj.axis);
}

} // namespace

void PrepareDistance(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx) {
    const auto& def = std::get<DistanceJointDef>(joint.def);
    const Vec2 d = (poses.cB + sj.rB) - (poses.cA + sj.rA);
    float length = 0.0f;
    sj.axis = GetLengthAndNormalize(length, d);
    if (sj.axis == Vec2{}) sj.axis = {1.0f, 0.0f};
    sj.value = length;
    const float crA = Cross(sj.rA, sj.axis);
    const float crB = Cross(sj.rB, sj.axis);
    sj.axialMass = InverseOrZero(sj.mA + sj.mB + sj.iA * crA * crA + sj.iB * crB * crB);
    sj.rest = def.length;
    sj.enableLimit = def.enableSpring;  // free between min and max: the two limit rows
    sj.lower = def.minLength;
    sj.upper = def.maxLength;
    sj.enableSpring = def.enableSpring && def.frequencyHz > 0.0f && def.minLength < def.maxLength;
    sj.spring = MakeSoftness(def.frequencyHz, def.dampingRatio, ctx.dt);
    if (sj.enableLimit) {
        sj.impulses.axial = 0.0f;
    } else {
        sj.impulses.lower = sj.impulses.upper = 0.0f;
    }
    if (!sj.enableSpring) sj.impulses.spring = 0.0f;
}

void WarmStartDistance(const SolverJoint& sj, SolverVelocity* v) {
    const JointImpulses& j = sj.impulses;
    ApplyPointImpulse(sj, v[sj.a], v[sj.b], (j.axial + j.spring + j.lower - j.upper) * sj.axis);
}

void SolveDistanceVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    JointImpulses& j = sj.impulses;
    if (!sj.enableLimit) {
        // Rod: Ċ = 0, error left to the position pass.
        const float lambda = -sj.axialMass * AxialSpeed(sj, a, b);
        j.axial += lambda;
        ApplyPointImpulse(sj, a, b, lambda * sj.axis);
        return;
    }
    if (sj.enableSpring) {
        const float C = sj.value - sj.rest;
        const float lambda = -sj.spring.massScale * sj.axialMass * (AxialSpeed(sj, a, b) + sj.spring.biasRate * C) -
                             sj.spring.impulseScale * j.spring;
        j.spring += lambda;
        ApplyPointImpulse(sj, a, b, lambda * sj.axis);
    }
    {
        // Not shorter than minLength: pushes only; may close the slack within this step (speculative).
        const float C = sj.value - sj.lower;
        const float bias = C > 0.0f ? C * ctx.invDt : 0.0f;
        const float old = j.lower;
        j.lower = Max(old - sj.axialMass * (AxialSpeed(sj, a, b) + bias), 0.0f);
        ApplyPointImpulse(sj, a, b, (j.lower - old) * sj.axis);
    }
    {
        // Not longer than maxLength (a rope): pulls only.
        const float C = sj.upper - sj.value;
        const float bias = C > 0.0f ? C * ctx.invDt : 0.0f;
        const float old = j.upper;
        j.upper = Max(old - sj.axialMass * (-AxialSpeed(sj, a, b) + bias), 0.0f);
        ApplyPointImpulse(sj, a, b, (old - j.upper) * sj.axis);
    }
}

bool SolveDistancePosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx) {
    SolverBody& A = bodies[sj.a];
    SolverBody& B = bodies[sj.b];
    const Vec2 rA = Rotate(A.q, sj.frameA);
    const Vec2 rB = Rotate(B.q, sj.frameB);
    float length = 0.0f;
    Vec2 u = GetLengthAndNormalize(length, (B.center + rB) - (A.center + rA));
    if (u == Vec2{}) u = sj.axis;
    float C = 0.0f;
    if (!sj.enableLimit) {
        C = length - sj.rest;
    } else if (length < sj.lower) {
        C = length - sj.lower;
    } else if (length > sj.upper) {
        C = length - sj.upper;
    }
    const float error = std::fabs(C);
    C = Clamp(C, -ctx.maxLinearCorrection, ctx.maxLinearCorrection);
    const float crA = Cross(rA, u);
    const float crB = Cross(rB, u);
    const float lambda = -InverseOrZero(sj.mA + sj.mB + sj.iA * crA * crA + sj.iB * crB * crB) * C;
    const Vec2 P = lambda * u;
    MoveBody(A, -sj.mA * P, -sj.iA * Cross(rA, P));
    MoveBody(B, sj.mB * P, sj.iB * Cross(rB, P));
    return error <= ctx.linearSlop;
}

} // namespace sensu::detail
