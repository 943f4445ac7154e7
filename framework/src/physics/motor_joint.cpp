// Motor joint: B's origin is driven toward A's origin plus the offset (in A's frame) and B's angle
// toward A's plus the angular offset, by the revolute point rows (revolute_joint.cpp) and the angle row
// with a velocity bias correctionFactor·error/h, the impulses bounded by maxForce·h and maxTorque·h.
// Velocity-only: a motor is a bounded drive, not a rigid constraint.
#include "joint_rows.h"

namespace sensu::detail {

void PrepareMotor(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx) {
    const auto& def = std::get<MotorJointDef>(joint.def);
    PointMatrix(sj.mA, sj.iA, sj.mB, sj.iB, sj.rA, sj.rB, sj.k11, sj.k12, sj.k22);
    InvertSystem(sj);
    sj.angularMass = InverseOrZero(sj.iA + sj.iB);
    sj.pointError = (poses.cB + sj.rB) - (poses.cA + sj.rA) - Rotate(poses.qA, def.linearOffset);
    sj.angleError = poses.angleB - poses.angleA - def.angularOffset;
    sj.correction = def.correctionFactor * ctx.invDt;
    sj.maxImpulse = def.maxForce * ctx.dt;
    sj.maxAngularImpulse = def.maxTorque * ctx.dt;
}

void WarmStartMotor(const SolverJoint& sj, SolverVelocity* v) {
    ApplyPointImpulse(sj, v[sj.a], v[sj.b], sj.impulses.linear, sj.impulses.angular);
}

void SolveMotorVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext&) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    JointImpulses& j = sj.impulses;
    {
        const float Cdot = b.w - a.w + sj.correction * sj.angleError;
        const float old = j.angular;
        j.angular = Clamp(old - sj.angularMass * Cdot, -sj.maxAngularImpulse, sj.maxAngularImpulse);
        const float L = j.angular - old;
        a.w -= sj.iA * L;
        b.w += sj.iB * L;
    }
    const Vec2 Cdot = AnchorVelocity(b, sj.rB) - AnchorVelocity(a, sj.rA) + sj.correction * sj.pointError;
    const Vec2 old = j.linear;
    Vec2 total = old - ApplyInverse(sj, Cdot);
    const float length = Length(total);
    if (length > sj.maxImpulse) total = (sj.maxImpulse / length) * total;
    j.linear = total;
    ApplyPointImpulse(sj, a, b, total - old);
}

} // namespace sensu::detail
