// Revolute joint: a shared point, plus an angle row for the spring, the motor and the two limits.
//
// The point constraint, derived like seed 004's impulse between two bodies (eq. 2.12–2.31). The
// anchors are pA = cA + rA and pB = cB + rB; the joint holds C = pB − pA = 0, two scalar rows. Its time
// derivative is the relative velocity of the anchors, Ċ = vB + ωB × rB − vA − ωA × rA. An impulse P at
// the anchors (−P on A, +P on B, eq. 2.20) changes the velocities as in eq. (2.23)–(2.24):
// vA −= P/MA, ωA −= (rA × P)/IA, vB += P/MB, ωB += (rB × P)/IB, with the signed 2D cross product (the
// seed writes its magnitude: a trap noted in docs/seeds.md). So after it Ċ′ = Ċ + K P with
//   K = (1/MA + 1/MB) 𝟙 + (1/IA) [rA.y², −rA.x rA.y; −rA.x rA.y, rA.x²] + (1/IB) [same with rB],
// using ω × r = (−ω r.y, ω r.x). The seed asks energy conservation (eq. 2.14) along one normal n and
// finds eq. (2.31), |P| = 2 (relative normal speed) / (1/MA + 1/MB + (rA×n)²/IA + (rB×n)²/IB) with the
// corrected denominator, which is nᵀ K n. A hinge asks instead that the anchors' relative velocity
// vanish (the perfectly inelastic case, factor 1 in place of 2) in every direction at once: Ċ′ = 0
// gives P = −K⁻¹ Ċ, K being the 2×2 form of that denominator. The impulse is not clamped (a hinge pulls
// as well as pushes); it is accumulated over the passes and kept for warm starting, as at contacts.
// The angle row's Jacobian is (0, −1, 0, 1): effective mass 1/(1/IA + 1/IB). The limits are clamped
// impulses (≥ 0), the motor's is clamped to ± maxMotorTorque·h.
#include "joint_rows.h"

namespace sensu::detail {

void PrepareRevolute(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx) {
    const auto& def = std::get<RevoluteJointDef>(joint.def);
    PointMatrix(sj.mA, sj.iA, sj.mB, sj.iB, sj.rA, sj.rB, sj.k11, sj.k12, sj.k22);
    InvertSystem(sj);
    sj.angularMass = InverseOrZero(sj.iA + sj.iB);
    sj.referenceAngle = def.referenceAngle;
    sj.value = poses.angleB - poses.angleA - def.referenceAngle;
    PrepareDrivenRows(sj,
                      {.enableLimit = def.enableLimit, .lower = def.lowerAngle, .upper = def.upperAngle, .enableMotor = def.enableMotor,
                       .motorSpeed = def.motorSpeed, .maxMotorEffort = def.maxMotorTorque, .enableSpring = def.enableSpring,
                       .frequencyHz = def.frequencyHz, .dampingRatio = def.dampingRatio},
                      ctx.dt);
}

void WarmStartRevolute(const SolverJoint& sj, SolverVelocity* v) {
    const JointImpulses& j = sj.impulses;
    ApplyPointImpulse(sj, v[sj.a], v[sj.b], j.linear, j.spring + j.motor + j.lower - j.upper);
}

void SolveRevoluteVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    JointImpulses& j = sj.impulses;
    auto applyAngular = [&](float L) {
        a.w -= sj.iA * L;
        b.w += sj.iB * L;
    };
    if (sj.enableSpring) {
        // Soft row toward the reference angle (joint_internal.h: Softness).
        const float Cdot = b.w - a.w;
        const float L = -sj.spring.massScale * sj.angularMass * (Cdot + sj.spring.biasRate * sj.value) - sj.spring.impulseScale * j.spring;
        j.spring += L;
        applyAngular(L);
    }
    if (sj.enableMotor) {
        const float Cdot = b.w - a.w - sj.motorSpeed;
        const float old = j.motor;
        j.motor = Clamp(old - sj.angularMass * Cdot, -sj.maxMotorImpulse, sj.maxMotorImpulse);
        applyAngular(j.motor - old);
    }
    if (sj.enableLimit) {
        // Each limit pushes only (≥ 0). Apart from the limit, it may close the gap within this step and
        // no more (speculative, as contacts); past it, the position pass takes the angle back.
        {
            const float C = sj.value - sj.lower;
            const float bias = C > 0.0f ? C * ctx.invDt : 0.0f;
            const float Cdot = b.w - a.w;
            const float old = j.lower;
            j.lower = Max(old - sj.angularMass * (Cdot + bias), 0.0f);
            applyAngular(j.lower - old);
        }
        {
            const float C = sj.upper - sj.value;
            const float bias = C > 0.0f ? C * ctx.invDt : 0.0f;
            const float Cdot = a.w - b.w;
            const float old = j.upper;
            j.upper = Max(old - sj.angularMass * (Cdot + bias), 0.0f);
            applyAngular(old - j.upper);
        }
    }
    // The point rows: P = −K⁻¹ Ċ (see the top of the file).
    SolvePointRows(sj, a, b, j.linear);
}

bool SolveRevolutePosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx) {
    SolverBody& A = bodies[sj.a];
    SolverBody& B = bodies[sj.b];
    float angularError = 0.0f;
    if (sj.enableLimit && sj.angularMass > 0.0f) {
        const float angle = B.angle - A.angle - sj.referenceAngle;
        float C = 0.0f;
        if (sj.upper - sj.lower < 2.0f * ctx.angularSlop) {
            C = Clamp(angle - sj.lower, -ctx.maxAngularCorrection, ctx.maxAngularCorrection);
            angularError = std::fabs(angle - sj.lower);
        } else if (angle <= sj.lower) {
            angularError = sj.lower - angle;
            C = Clamp(angle - sj.lower + ctx.angularSlop, -ctx.maxAngularCorrection, 0.0f);
        } else if (angle >= sj.upper) {
            angularError = angle - sj.upper;
            C = Clamp(angle - sj.upper - ctx.angularSlop, 0.0f, ctx.maxAngularCorrection);
        }
        const float L = -sj.angularMass * C;
        if (L != 0.0f) {
            MoveBody(A, {}, -sj.iA * L);
            MoveBody(B, {}, sj.iB * L);
        }
    }
    // Point: the same K at the current arms, P = −K⁻¹ C moves both anchors onto each other.
    const float linearError2 = CorrectPointRows(A, B, sj.frameA, sj.frameB, sj.mA, sj.iA, sj.mB, sj.iB);
    return linearError2 <= ctx.linearSlop * ctx.linearSlop && angularError <= ctx.angularSlop;
}

bool IsPlainRevolute(const Joint& joint) {
    const auto* def = std::get_if<RevoluteJointDef>(&joint.def);
    return def != nullptr && !def->enableLimit && !def->enableMotor && !(def->enableSpring && def->frequencyHz > 0.0f);
}

// The plain joint's angle row does nothing (no spring, motor or limit), so only the point rows are
// prepared; its other accumulated impulses stay zero (StoreJointImpulses).
void PreparePlainRevolute(JointRow& row, const Joint& joint, const JointStepContext& ctx) {
    float k11, k12, k22;
    PointMatrix(row.mA, row.iA, row.mB, row.iB, row.rA, row.rB, k11, k12, k22);
    InvertSymmetric(k11, k12, k22, row.inv11, row.inv12, row.inv22);
    row.linearImpulse = ctx.warmStarting ? joint.impulses.linear : Vec2{};
}

bool SolvePlainRevolutePosition(const JointRow& row, const JointFrames& frames, SolverBody* bodies, const JointStepContext& ctx) {
    const float error2 = CorrectPointRows(bodies[row.a], bodies[row.b], frames.frameA, frames.frameB, row.mA, row.iA, row.mB, row.iB);
    return error2 <= ctx.linearSlop * ctx.linearSlop;
}

} // namespace sensu::detail
