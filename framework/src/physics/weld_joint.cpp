// Weld joint: the revolute point rows (revolute_joint.cpp derives them from seed 004 eq. 2.31) plus the
// angle row ωB − ωA = 0. Rigid: no bias, the position pass removes the drift. Soft: both parts become
// springs of the given frequency (joint_internal.h: Softness) and the position pass leaves them alone.
#include "joint_rows.h"

namespace sensu::detail {

void PrepareWeld(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx) {
    const auto& def = std::get<WeldJointDef>(joint.def);
    PointMatrix(sj.mA, sj.iA, sj.mB, sj.iB, sj.rA, sj.rB, sj.k11, sj.k12, sj.k22);
    InvertSystem(sj);
    sj.angularMass = InverseOrZero(sj.iA + sj.iB);
    sj.referenceAngle = def.referenceAngle;
    sj.pointError = (poses.cB + sj.rB) - (poses.cA + sj.rA);
    sj.angleError = poses.angleB - poses.angleA - def.referenceAngle;
    sj.soft = def.frequencyHz > 0.0f;
    sj.spring = MakeSoftness(def.frequencyHz, def.dampingRatio, ctx.dt);
    sj.spring2 = sj.spring;
    if (!sj.soft) sj.spring = sj.spring2 = Softness{0.0f, 1.0f, 0.0f};  // rigid rows: plain Ċ = 0
}

void WarmStartWeld(const SolverJoint& sj, SolverVelocity* v) {
    ApplyPointImpulse(sj, v[sj.a], v[sj.b], sj.impulses.linear, sj.impulses.angular);
}

void SolveWeldVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext&) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    JointImpulses& j = sj.impulses;
    {
        const float Cdot = b.w - a.w;
        const float L = -sj.spring2.massScale * sj.angularMass * (Cdot + sj.spring2.biasRate * sj.angleError) -
                        sj.spring2.impulseScale * j.angular;
        j.angular += L;
        a.w -= sj.iA * L;
        b.w += sj.iB * L;
    }
    const Vec2 Cdot = AnchorVelocity(b, sj.rB) - AnchorVelocity(a, sj.rA) + sj.spring.biasRate * sj.pointError;
    const Vec2 P = -sj.spring.massScale * ApplyInverse(sj, Cdot) - sj.spring.impulseScale * j.linear;
    j.linear += P;
    ApplyPointImpulse(sj, a, b, P);
}

bool SolveWeldPosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx) {
    if (sj.soft) return true;
    SolverBody& A = bodies[sj.a];
    SolverBody& B = bodies[sj.b];
    const float angle = B.angle - A.angle - sj.referenceAngle;
    const float L = -sj.angularMass * Clamp(angle, -ctx.maxAngularCorrection, ctx.maxAngularCorrection);
    MoveBody(A, {}, -sj.iA * L);
    MoveBody(B, {}, sj.iB * L);
    const Vec2 rA = Rotate(A.q, sj.frameA);
    const Vec2 rB = Rotate(B.q, sj.frameB);
    const Vec2 C = (B.center + rB) - (A.center + rA);
    float k11, k12, k22;
    PointMatrix(sj.mA, sj.iA, sj.mB, sj.iB, rA, rB, k11, k12, k22);
    const Vec2 P = -Solve22(k11, k12, k22, C);
    MoveBody(A, -sj.mA * P, -sj.iA * Cross(rA, P));
    MoveBody(B, sj.mB * P, sj.iB * Cross(rB, P));
    return Length(C) <= ctx.linearSlop && std::fabs(angle) <= ctx.angularSlop;
}

} // namespace sensu::detail
