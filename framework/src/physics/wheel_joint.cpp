// Wheel joint: the prismatic joint's perpendicular row (prismatic_joint.cpp) without its angle row, so
// the wheel turns freely; along the axis the suspension spring and the optional limits (the prismatic
// joint's axial rows); and a motor on the relative spin ωB − ωA, bounded by maxMotorTorque·h.
#include "joint_rows.h"

namespace sensu::detail {

void PrepareWheel(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx) {
    const auto& def = std::get<WheelJointDef>(joint.def);
    sj.localAxis = Normalize(def.localAxisA);
    const Vec2 d = (poses.cB + sj.rB) - (poses.cA + sj.rA);
    sj.axis = Rotate(poses.qA, sj.localAxis);
    sj.perp = LeftPerp(sj.axis);
    sj.a1 = Cross(d + sj.rA, sj.axis);
    sj.a2 = Cross(sj.rB, sj.axis);
    sj.s1 = Cross(d + sj.rA, sj.perp);
    sj.s2 = Cross(sj.rB, sj.perp);
    sj.axialMass = InverseOrZero(sj.mA + sj.mB + sj.iA * sj.a1 * sj.a1 + sj.iB * sj.a2 * sj.a2);
    sj.perpMass = InverseOrZero(sj.mA + sj.mB + sj.iA * sj.s1 * sj.s1 + sj.iB * sj.s2 * sj.s2);
    sj.angularMass = InverseOrZero(sj.iA + sj.iB);
    sj.value = Dot(sj.axis, d);
    PrepareDrivenRows(sj,
                      {.enableLimit = def.enableLimit, .lower = def.lowerTranslation, .upper = def.upperTranslation, .enableMotor = def.enableMotor,
                       .motorSpeed = def.motorSpeed, .maxMotorEffort = def.maxMotorTorque, .enableSpring = def.enableSpring,
                       .frequencyHz = def.frequencyHz, .dampingRatio = def.dampingRatio},
                      ctx.dt);
}

void WarmStartWheel(const SolverJoint& sj, SolverVelocity* v) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    const JointImpulses& j = sj.impulses;
    const float axial = j.spring + j.lower - j.upper;
    const Vec2 P = j.linear.x * sj.perp + axial * sj.axis;
    a.v -= sj.mA * P;
    a.w -= sj.iA * (j.linear.x * sj.s1 + axial * sj.a1 + j.motor);
    b.v += sj.mB * P;
    b.w += sj.iB * (j.linear.x * sj.s2 + axial * sj.a2 + j.motor);
}

void SolveWheelVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    JointImpulses& j = sj.impulses;
    if (sj.enableMotor) {
        const float old = j.motor;
        j.motor = Clamp(old - sj.angularMass * (b.w - a.w - sj.motorSpeed), -sj.maxMotorImpulse, sj.maxMotorImpulse);
        a.w -= sj.iA * (j.motor - old);
        b.w += sj.iB * (j.motor - old);
    }
    SolveAxialRows(sj, a, b, ctx, false);
    const float Cdot = Dot(sj.perp, b.v - a.v) + sj.s2 * b.w - sj.s1 * a.w;
    const float lambda = -sj.perpMass * Cdot;
    j.linear.x += lambda;
    a.v -= (sj.mA * lambda) * sj.perp;
    a.w -= sj.iA * lambda * sj.s1;
    b.v += (sj.mB * lambda) * sj.perp;
    b.w += sj.iB * lambda * sj.s2;
}

bool SolveWheelPosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx) {
    SolverBody& A = bodies[sj.a];
    SolverBody& B = bodies[sj.b];
    const float limitError = CorrectAxialLimit(sj, A, B, ctx);
    const Vec2 rA = Rotate(A.q, sj.frameA);
    const Vec2 rB = Rotate(B.q, sj.frameB);
    const Vec2 d = (B.center + rB) - (A.center + rA);
    const Vec2 perp = LeftPerp(Rotate(A.q, sj.localAxis));
    const float s1 = Cross(d + rA, perp);
    const float s2 = Cross(rB, perp);
    const float C = Dot(perp, d);
    const float lambda = -InverseOrZero(sj.mA + sj.mB + sj.iA * s1 * s1 + sj.iB * s2 * s2) *
                         Clamp(C, -ctx.maxLinearCorrection, ctx.maxLinearCorrection);
    MoveBody(A, -(sj.mA * lambda) * perp, -sj.iA * lambda * s1);
    MoveBody(B, (sj.mB * lambda) * perp, sj.iB * lambda * s2);
    return Max(limitError, std::fabs(C)) <= ctx.linearSlop;
}

} // namespace sensu::detail
