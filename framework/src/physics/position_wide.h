#pragma once
// One contact of the position pass (position_solver.cpp), and eight at a time (position_solver_wide8.cpp)
// for the colours whose contacts share no moving body, with the same floats.
#include "contact_rows.h"
#include "contact_wide.h"
#include "world_internal.h"

namespace sensu::detail {

// What the pass reads of the settings, per pass.
struct PositionPassSettings {
    float baumgarte = 0.0f, linearSlop = 0.0f, maxCorrection = 0.0f, supportNormalY = 0.0f;
    bool shockPropagation = false;  // SolverSettings::shockPropagation
    bool shockHolds = false;        // gravity gives an up (WorldImpl::shockUp non-zero): supports may be held
};

inline Rot Turn(Rot q, float angle) { return NormalizeRot({q.c - angle * q.s, q.s + angle * q.c}); }

// Moves the contact's bodies apart along the normal by baumgarte × the penetration beyond the slop, at
// most maxCorrection, point by point (Box2D 2.4's non-linear Gauss–Seidel); returns the smallest
// separation of its points before their corrections (0 if none is smaller).
// With shock propagation the supporting body of a floor-like contact stays put, so a column is pushed out
// of its support in one pass instead of diffusing corrections up and down. Held is the body nearer the
// fixed bodies (lower level), and only when it carries the other, i.e. the normal is a floor-like support
// against gravity (the seed 004 §3.4 rule, SolverSettings::supportNormalY). Levels are distances in the
// contact graph, not heights: a ball touching a wall high up has level 1, and holding it fixed pushed the
// lower-level ball under it down into its neighbours — a pour of 1,000 small circles sank 19 cm into
// itself (issue 15); with this rule 1.5 cm. (The velocity pass keeps holding by level alone: measured,
// restricting it as well added energy to landing bodies and did not help the pour.)
inline float SolvePositionContact(const PositionRow& row, SolverBody* bodies, const PositionPassSettings& settings) {
    SolverBody& a = bodies[row.a];
    SolverBody& b = bodies[row.b];
    bool holdA = false, holdB = false;
    if (settings.shockPropagation && settings.shockHolds && a.level != b.level) {
        const float upward = row.upward;  // > 0: B is on top of A
        holdA = a.level < b.level && upward >= settings.supportNormalY;
        holdB = a.level > b.level && -upward >= settings.supportNormalY;
    }
    const float mA = holdA ? 0.0f : a.invMass, iA = holdA ? 0.0f : a.invInertia;
    const float mB = holdB ? 0.0f : b.invMass, iB = holdB ? 0.0f : b.invInertia;
    float minSeparation = 0.0f;
    if (mA + mB == 0.0f) return minSeparation;
    for (int p = 0; p < row.pointCount; ++p) {
        const Vec2 n = Rotate(a.q, row.localNormal);
        const Vec2 pA = a.center + Rotate(a.q, row.localAnchorA[p]);
        const Vec2 pB = b.center + Rotate(b.q, row.localAnchorB[p]);
        const float separation = Dot(pB - pA, n);
        minSeparation = Min(minSeparation, separation);
        const float C = Clamp(settings.baumgarte * (separation + settings.linearSlop), -settings.maxCorrection, 0.0f);
        if (C >= 0.0f) continue;
        const Vec2 rA = pB - a.center;
        const Vec2 rB = pB - b.center;
        const float mass = EffectiveMass(mA, iA, mB, iB, Cross(rA, n), Cross(rB, n));
        const Vec2 P = (-C * mass) * n;
        // Bodies this contact cannot move are not written: a colour's contacts may share them while
        // solved in parallel.
        if (mA != 0.0f) a.center -= mA * P;
        if (mB != 0.0f) b.center += mB * P;
        const float da = -iA * Cross(rA, P);
        const float db = iB * Cross(rB, P);
        if (da != 0.0f) {
            a.angle += da;
            a.q = Turn(a.q, da);
        }
        if (db != 0.0f) {
            b.angle += db;
            b.q = Turn(b.q, db);
        }
    }
    return minSeparation;
}

#if SENSU_WIDE8_CONTACTS
// Solves rows[0, count), 1 ≤ count ≤ 8 consecutive contacts of one colour, exactly as the scalar pass
// would one after the other; returns the smallest separation before corrections (0 if none is smaller).
// AVX2: call only where DefaultWideLanes() is 8.
float SolvePositionBatch8(const PositionRow* rows, int count, SolverBody* bodies, const PositionPassSettings& settings);
#endif

} // namespace sensu::detail
