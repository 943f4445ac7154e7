// Mouse (target) joint: the revolute point rows (revolute_joint.cpp) between one body's anchor and a
// world target, made soft (joint_internal.h: Softness) so the body follows like on a spring, with the
// accumulated impulse bounded by maxForce·h (the grab cannot lift a house). Only body B exists: A is
// the world (solver index −1), infinitely heavy.
#include "joint_rows.h"

namespace sensu::detail {

void PrepareMouse(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx) {
    const auto& def = std::get<MouseJointDef>(joint.def);
    sj.mA = sj.iA = 0.0f;
    sj.rA = {};
    PointMatrix(0.0f, 0.0f, sj.mB, sj.iB, sj.rA, sj.rB, sj.k11, sj.k12, sj.k22);
    InvertSystem(sj);
    sj.pointError = (poses.cB + sj.rB) - def.target;
    sj.spring = MakeSoftness(def.frequencyHz, def.dampingRatio, ctx.dt);
    sj.maxImpulse = def.maxForce * ctx.dt;
}

void WarmStartMouse(const SolverJoint& sj, SolverVelocity* v) {
    SolverVelocity& b = v[sj.b];
    b.v += sj.mB * sj.impulses.linear;
    b.w += sj.iB * Cross(sj.rB, sj.impulses.linear);
}

void SolveMouseVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext&) {
    SolverVelocity& b = v[sj.b];
    JointImpulses& j = sj.impulses;
    const Vec2 Cdot = AnchorVelocity(b, sj.rB) + sj.spring.biasRate * sj.pointError;
    const Vec2 old = j.linear;
    Vec2 total = old - sj.spring.massScale * ApplyInverse(sj, Cdot) - sj.spring.impulseScale * old;
    const float length = Length(total);
    if (length > sj.maxImpulse) total = (sj.maxImpulse / length) * total;
    j.linear = total;
    const Vec2 P = total - old;
    b.v += sj.mB * P;
    b.w += sj.iB * Cross(sj.rB, P);
}

} // namespace sensu::detail
