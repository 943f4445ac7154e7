// Prismatic joint. With d = pB − pA and the axis a fixed in A (world: a = qA·localAxis), B may only
// move along a: the perpendicular row p·d = 0 (p the left perpendicular of a) and the angle row
// θB − θA − θref = 0 are held together (a 2×2 system); along a act the spring, the motor and the two
// limits. Because a turns with A, the rows' Jacobians for A use the arm d + rA: for a direction e,
// Ċ = e·(vB − vA) + ωB (rB×e) − ωA ((d + rA)×e), the contact row of seed 004 eq. (2.31) with A's arm
// reaching to B's anchor.
#include "joint_rows.h"

namespace sensu::detail {

namespace {

// Arms, axis and effective masses at a pose (prepare and position pass).
struct SliderRows {
    Vec2 axis, perp;
    float a1, a2, s1, s2;
    float axialMass;
    float k11, k12, k22;
    float translation, perpError;
};

SliderRows MakeRows(const SolverJoint& sj, Vec2 cA, Rot qA, Vec2 rA, Vec2 cB, Vec2 rB) {
    SliderRows r;
    const Vec2 d = (cB + rB) - (cA + rA);
    r.axis = Rotate(qA, sj.localAxis);
    r.perp = LeftPerp(r.axis);
    r.a1 = Cross(d + rA, r.axis);
    r.a2 = Cross(rB, r.axis);
    r.s1 = Cross(d + rA, r.perp);
    r.s2 = Cross(rB, r.perp);
    r.axialMass = InverseOrZero(sj.mA + sj.mB + sj.iA * r.a1 * r.a1 + sj.iB * r.a2 * r.a2);
    r.k11 = sj.mA + sj.mB + sj.iA * r.s1 * r.s1 + sj.iB * r.s2 * r.s2;
    r.k12 = sj.iA * r.s1 + sj.iB * r.s2;
    r.k22 = sj.iA + sj.iB;
    if (r.k22 == 0.0f) r.k22 = 1.0f;  // two bodies that cannot turn: the angle row is inert
    r.translation = Dot(r.axis, d);
    r.perpError = Dot(r.perp, d);
    return r;
}

float AxialSpeed(const SolverJoint& sj, const SolverVelocity& a, const SolverVelocity& b) {
    return Dot(sj.axis, b.v - a.v) + sj.a2 * b.w - sj.a1 * a.w;
}

void ApplyAxial(const SolverJoint& sj, SolverVelocity& a, SolverVelocity& b, float lambda) {
    a.v -= (sj.mA * lambda) * sj.axis;
    a.w -= sj.iA * lambda * sj.a1;
    b.v += (sj.mB * lambda) * sj.axis;
    b.w += sj.iB * lambda * sj.a2;
}

} // namespace

void PreparePrismatic(SolverJoint& sj, const Joint& joint, const JointPoses& poses, const JointStepContext& ctx) {
    const auto& def = std::get<PrismaticJointDef>(joint.def);
    sj.localAxis = Normalize(def.localAxisA);
    const SliderRows r = MakeRows(sj, poses.cA, poses.qA, sj.rA, poses.cB, sj.rB);
    sj.axis = r.axis;
    sj.perp = r.perp;
    sj.a1 = r.a1;
    sj.a2 = r.a2;
    sj.s1 = r.s1;
    sj.s2 = r.s2;
    sj.axialMass = r.axialMass;
    sj.k11 = r.k11;
    sj.k12 = r.k12;
    sj.k22 = r.k22;
    InvertSystem(sj);
    sj.value = r.translation;
    sj.referenceAngle = def.referenceAngle;
    PrepareDrivenRows(sj,
                      {.enableLimit = def.enableLimit, .lower = def.lowerTranslation, .upper = def.upperTranslation, .enableMotor = def.enableMotor,
                       .motorSpeed = def.motorSpeed, .maxMotorEffort = def.maxMotorForce, .enableSpring = def.enableSpring,
                       .frequencyHz = def.frequencyHz, .dampingRatio = def.dampingRatio},
                      ctx.dt);
}

void WarmStartPrismatic(const SolverJoint& sj, SolverVelocity* v) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    const JointImpulses& j = sj.impulses;
    ApplyAxial(sj, a, b, j.spring + j.motor + j.lower - j.upper);
    const float lp = j.linear.x;
    a.v -= (sj.mA * lp) * sj.perp;
    a.w -= sj.iA * (lp * sj.s1 + j.angular);
    b.v += (sj.mB * lp) * sj.perp;
    b.w += sj.iB * (lp * sj.s2 + j.angular);
}

// The spring, motor and limit rows along the axis, shared with the wheel joint's suspension.
void SolveAxialRows(SolverJoint& sj, SolverVelocity& a, SolverVelocity& b, const JointStepContext& ctx, bool motor) {
    JointImpulses& j = sj.impulses;
    if (sj.enableSpring) {
        const float lambda = -sj.spring.massScale * sj.axialMass * (AxialSpeed(sj, a, b) + sj.spring.biasRate * sj.value) -
                             sj.spring.impulseScale * j.spring;
        j.spring += lambda;
        ApplyAxial(sj, a, b, lambda);
    }
    if (motor && sj.enableMotor) {
        const float old = j.motor;
        j.motor = Clamp(old - sj.axialMass * (AxialSpeed(sj, a, b) - sj.motorSpeed), -sj.maxMotorImpulse, sj.maxMotorImpulse);
        ApplyAxial(sj, a, b, j.motor - old);
    }
    if (sj.enableLimit) {
        {
            const float C = sj.value - sj.lower;
            const float bias = C > 0.0f ? C * ctx.invDt : 0.0f;
            const float old = j.lower;
            j.lower = Max(old - sj.axialMass * (AxialSpeed(sj, a, b) + bias), 0.0f);
            ApplyAxial(sj, a, b, j.lower - old);
        }
        {
            const float C = sj.upper - sj.value;
            const float bias = C > 0.0f ? C * ctx.invDt : 0.0f;
            const float old = j.upper;
            j.upper = Max(old - sj.axialMass * (-AxialSpeed(sj, a, b) + bias), 0.0f);
            ApplyAxial(sj, a, b, old - j.upper);
        }
    }
}

// Limit correction along the axis in the position pass (shared with the wheel joint); returns the error.
float CorrectAxialLimit(const SolverJoint& sj, SolverBody& A, SolverBody& B, const JointStepContext& ctx) {
    if (!sj.enableLimit) return 0.0f;
    const Vec2 rA = Rotate(A.q, sj.frameA);
    const Vec2 rB = Rotate(B.q, sj.frameB);
    const SliderRows r = MakeRows(sj, A.center, A.q, rA, B.center, rB);
    float C = 0.0f, error = 0.0f;
    if (sj.upper - sj.lower < 2.0f * ctx.linearSlop) {
        error = std::fabs(r.translation - sj.lower);
        C = Clamp(r.translation - sj.lower, -ctx.maxLinearCorrection, ctx.maxLinearCorrection);
    } else if (r.translation <= sj.lower) {
        error = sj.lower - r.translation;
        C = Clamp(r.translation - sj.lower + ctx.linearSlop, -ctx.maxLinearCorrection, 0.0f);
    } else if (r.translation >= sj.upper) {
        error = r.translation - sj.upper;
        C = Clamp(r.translation - sj.upper - ctx.linearSlop, 0.0f, ctx.maxLinearCorrection);
    }
    const float lambda = -r.axialMass * C;
    if (lambda != 0.0f) {
        MoveBody(A, -(sj.mA * lambda) * r.axis, -sj.iA * lambda * r.a1);
        MoveBody(B, (sj.mB * lambda) * r.axis, sj.iB * lambda * r.a2);
    }
    return error;
}

void SolvePrismaticVelocity(SolverJoint& sj, SolverVelocity* v, const JointStepContext& ctx) {
    SolverVelocity& a = v[sj.a];
    SolverVelocity& b = v[sj.b];
    SolveAxialRows(sj, a, b, ctx, true);
    // Perpendicular and angle rows together: [λp, λθ] = −K⁻¹ [Ċp, Ċθ].
    const float Cdot1 = Dot(sj.perp, b.v - a.v) + sj.s2 * b.w - sj.s1 * a.w;
    const float Cdot2 = b.w - a.w;
    const Vec2 lambda = -ApplyInverse(sj, {Cdot1, Cdot2});
    sj.impulses.linear.x += lambda.x;
    sj.impulses.angular += lambda.y;
    a.v -= (sj.mA * lambda.x) * sj.perp;
    a.w -= sj.iA * (lambda.x * sj.s1 + lambda.y);
    b.v += (sj.mB * lambda.x) * sj.perp;
    b.w += sj.iB * (lambda.x * sj.s2 + lambda.y);
}

bool SolvePrismaticPosition(const SolverJoint& sj, SolverBody* bodies, const JointStepContext& ctx) {
    SolverBody& A = bodies[sj.a];
    SolverBody& B = bodies[sj.b];
    const float limitError = CorrectAxialLimit(sj, A, B, ctx);
    const Vec2 rA = Rotate(A.q, sj.frameA);
    const Vec2 rB = Rotate(B.q, sj.frameB);
    const SliderRows r = MakeRows(sj, A.center, A.q, rA, B.center, rB);
    const float angleError = B.angle - A.angle - sj.referenceAngle;
    const Vec2 C{Clamp(r.perpError, -ctx.maxLinearCorrection, ctx.maxLinearCorrection),
                 Clamp(angleError, -ctx.maxAngularCorrection, ctx.maxAngularCorrection)};
    const Vec2 lambda = -Solve22(r.k11, r.k12, r.k22, C);
    MoveBody(A, -(sj.mA * lambda.x) * r.perp, -sj.iA * (lambda.x * r.s1 + lambda.y));
    MoveBody(B, (sj.mB * lambda.x) * r.perp, sj.iB * (lambda.x * r.s2 + lambda.y));
    return Max(limitError, std::fabs(r.perpError)) <= ctx.linearSlop && std::fabs(angleError) <= ctx.angularSlop;
}

} // namespace sensu::detail
