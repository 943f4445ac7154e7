#pragma once
// Small row helpers shared by the joint kinds (velocities of anchors, impulses at anchors, 2×2 solves).
#include "world_internal.h"

namespace sensu::detail {

// Velocity of the anchor of arm r on a body: v + ω × r.
inline Vec2 AnchorVelocity(const SolverVelocity& s, Vec2 r) { return s.v + Cross(s.w, r); }

// Impulse P at the anchors (−P on A at rA, +P on B at rB) and an angular impulse L (−L on A, +L on B).
// Row: a SolverJoint or a JointRow (the same field names).
template <class Row>
inline void ApplyPointImpulse(const Row& sj, SolverVelocity& a, SolverVelocity& b, Vec2 P, float L) {
    a.v -= sj.mA * P;
    a.w -= sj.iA * (Cross(sj.rA, P) + L);
    b.v += sj.mB * P;
    b.w += sj.iB * (Cross(sj.rB, P) + L);
}

// The same without an angular impulse (adding a zero L is not free: x + 0 is not x for x = −0).
template <class Row>
inline void ApplyPointImpulse(const Row& sj, SolverVelocity& a, SolverVelocity& b, Vec2 P) {
    a.v -= sj.mA * P;
    a.w -= sj.iA * Cross(sj.rA, P);
    b.v += sj.mB * P;
    b.w += sj.iB * Cross(sj.rB, P);
}

// K = J M⁻¹ Jᵀ of the two point rows C = pB − pA: the 2D form of seed 004 eq. (2.31)'s denominator.
inline void PointMatrix(float mA, float iA, float mB, float iB, Vec2 rA, Vec2 rB, float& k11, float& k12, float& k22) {
    k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y;
    k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y;
    k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x;
}

// The inverse of the symmetric 2×2 K (zero when K is singular). The bodies of a joint weigh anything
// from grams to 1e19 kg (the world fuzzer's): K's entries then near 1e-20, its determinant below
// float's normal range and 1/det infinite, so such a K is inverted as K / k11 (entries near 1).
inline bool TinyMatrix(float k11, float k22) { return k11 > 0.0f && k11 * k22 < 1e-30f; }

inline void InvertSymmetric(float k11, float k12, float k22, float& inv11, float& inv12, float& inv22) {
    float det = k11 * k22 - k12 * k12;
    if (TinyMatrix(k11, k22)) {
        const float s = 1.0f / k11;
        const float b = k12 * s, d = k22 * s;
        const float detScaled = d - b * b;  // det / k11²
        const float inv = detScaled != 0.0f ? s / detScaled : 0.0f;
        inv11 = d * inv;
        inv12 = -b * inv;
        inv22 = inv;
        return;
    }
    if (det != 0.0f) det = 1.0f / det;
    inv11 = det * k22;
    inv12 = -det * k12;
    inv22 = det * k11;
}

// x = K⁻¹ r for the symmetric 2×2 K (zero when K is singular).
inline Vec2 Solve22(float k11, float k12, float k22, Vec2 r) {
    float det = k11 * k22 - k12 * k12;
    if (TinyMatrix(k11, k22)) {
        float inv11 = 0.0f, inv12 = 0.0f, inv22 = 0.0f;
        InvertSymmetric(k11, k12, k22, inv11, inv12, inv22);
        return {inv11 * r.x + inv12 * r.y, inv12 * r.x + inv22 * r.y};
    }
    if (det != 0.0f) det = 1.0f / det;
    return {det * (k22 * r.x - k12 * r.y), det * (k11 * r.y - k12 * r.x)};
}

inline float InverseOrZero(float k) { return k > 0.0f ? 1.0f / k : 0.0f; }

// Stores K⁻¹ of the solver joint's 2×2 system, so the passes multiply instead of solving.
inline void InvertSystem(SolverJoint& sj) { InvertSymmetric(sj.k11, sj.k12, sj.k22, sj.inv11, sj.inv12, sj.inv22); }

// K⁻¹ r with the stored inverse.
template <class Row>
inline Vec2 ApplyInverse(const Row& sj, Vec2 r) { return {sj.inv11 * r.x + sj.inv12 * r.y, sj.inv12 * r.x + sj.inv22 * r.y}; }

// Moves and turns a solver body's pose in the position pass. The corrections are small, so the rotation
// turns by da to first order, q + da·q⊥, and is renormalised, as the contacts' position pass does,
// instead of a sine and cosine per call. For a unit q that vector's length is √(1 + da²), so the
// renormalisation needs no square root or division of the new vector: 1/√(1 + x), x = da², by its series
// to x³, whose error (below 35x⁴/128) is under half a float ulp for x ≤ kSeriesLimit. Larger turns (a
// joint pulled far apart) normalise exactly. q starts the pass unit (Rot::FromAngle), so no drift builds up.
inline void MoveBody(SolverBody& body, Vec2 dc, float da) {
    constexpr float kSeriesLimit = 0.02f;
    body.center += dc;
    if (da == 0.0f) return;
    body.angle += da;
    const Rot turned{body.q.c - da * body.q.s, body.q.s + da * body.q.c};
    const float x = da * da;
    if (x <= kSeriesLimit) {
        const float scale = 1.0f + x * (-0.5f + x * (0.375f - 0.3125f * x));
        body.q = {turned.c * scale, turned.s * scale};
    } else {
        body.q = NormalizeRot(turned);
    }
}

// The point rows' velocity pass (revolute joints): P = −K⁻¹ Ċ with Ċ the anchors' relative velocity,
// accumulated into `impulse`.
template <class Row>
inline void SolvePointRows(const Row& sj, SolverVelocity& a, SolverVelocity& b, Vec2& impulse) {
    const Vec2 Cdot = AnchorVelocity(b, sj.rB) - AnchorVelocity(a, sj.rA);
    const Vec2 P = -ApplyInverse(sj, Cdot);
    impulse += P;
    ApplyPointImpulse(sj, a, b, P);
}

// A plain revolute joint's warm start and velocity pass (its point rows only). The velocities are
// copied into locals for the joint: through references they could alias the row's own floats and
// would be reloaded after every store.
inline void WarmStartPlainRevolute(const JointRow& row, SolverVelocity* v) { ApplyPointImpulse(row, v[row.a], v[row.b], row.linearImpulse); }

inline void SolvePlainRevoluteVelocity(JointRow& row, SolverVelocity* v) {
    SolverVelocity a = v[row.a];
    SolverVelocity b = v[row.b];
    Vec2 impulse = row.linearImpulse;
    SolvePointRows(row, a, b, impulse);
    row.linearImpulse = impulse;
    v[row.a] = a;
    v[row.b] = b;
}

// The point rows' position pass (revolute joints): K at the current arms, P = −K⁻¹ C moves both
// anchors onto each other. Returns |C|² before the move (m²).
inline float CorrectPointRows(SolverBody& A, SolverBody& B, Vec2 frameA, Vec2 frameB, float mA, float iA, float mB, float iB) {
    const Vec2 rA = Rotate(A.q, frameA);
    const Vec2 rB = Rotate(B.q, frameB);
    const Vec2 C = (B.center + rB) - (A.center + rA);
    float k11, k12, k22;
    PointMatrix(mA, iA, mB, iB, rA, rB, k11, k12, k22);
    const Vec2 P = -Solve22(k11, k12, k22, C);
    MoveBody(A, -mA * P, -iA * Cross(rA, P));
    MoveBody(B, mB * P, iB * Cross(rB, P));
    return LengthSquared(C);
}

// The limit, motor and spring rows of a revolute, prismatic or wheel joint for this step: bounds (rad or
// m), the motor's speed and its largest impulse (most torque or force × dt), the spring's softness. A row
// switched off forgets its accumulated impulse, so switching it on again starts cold.
struct DrivenRows {
    bool enableLimit = false;
    float lower = 0.0f, upper = 0.0f;
    bool enableMotor = false;
    float motorSpeed = 0.0f, maxMotorEffort = 0.0f;
    bool enableSpring = false;
    float frequencyHz = 0.0f, dampingRatio = 0.0f;
};

inline void PrepareDrivenRows(SolverJoint& sj, const DrivenRows& rows, float dt) {
    sj.enableLimit = rows.enableLimit;
    sj.lower = rows.lower;
    sj.upper = rows.upper;
    sj.enableMotor = rows.enableMotor;
    sj.motorSpeed = rows.motorSpeed;
    sj.maxMotorImpulse = rows.maxMotorEffort * dt;
    sj.enableSpring = rows.enableSpring && rows.frequencyHz > 0.0f;
    sj.spring = MakeSoftness(rows.frequencyHz, rows.dampingRatio, dt);
    if (!sj.enableLimit) sj.impulses.lower = sj.impulses.upper = 0.0f;
    if (!sj.enableMotor) sj.impulses.motor = 0.0f;
    if (!sj.enableSpring) sj.impulses.spring = 0.0f;
}

} // namespace sensu::detail
