// Shock propagation (Guendelman, Bridson and Fedkiw 2003, seed 004's reference [7]): one more pass,
// bottom-up, where the lower body of each contact acts as if it were fixed, so a tall pile is held
// up in a single step instead of sagging while impulses creep up one contact per pass.
// The pass has no reaction on the lower body, so it conserves neither momentum nor energy: it may only
// take kinetic energy out of the upper body (stop its sag), never put energy in. Without that guard a
// tower toppling off a ledge gained 1.3 % of its energy: the velocity passes leave its bottom box
// turning faster than the whole tower can (they have not yet felt the boxes above), and the shock pass
// carried that rate up the tower with nothing slowing the bottom box in return (issue 15, energy).
//
// This file holds that pass and the exact solve of a sticking two-point contact it uses; the rows it
// shares with the velocity passes are in contact_rows.h.
#include <cmath>

#include "contact_rows.h"
#include "world_internal.h"

namespace sensu {

using detail::PrepareMasses;
using detail::RelativeSpeed;
using detail::SolveContact;
using detail::SolverContact;
using detail::SolverPoint;
using detail::SolverVelocity;
using detail::StoreVelocities;
using detail::TangentOf;

namespace {

// Shock propagation solves a contact whose lower body is held fixed, so one sequential pass would leave
// most of the friction undone: the friction row lets the upper body turn, and the normal rows solved
// after it take that turn back (for a box on a box only about 60 % of the sliding is stopped per pass,
// and a tall column creeps sideways). A flat two-point contact is therefore solved at once as a 3×3
// system: both normal rows and the friction row at the middle of the two points (see SolveContact),
// assuming both points push and the contact sticks.
// Returns false, leaving everything unchanged, when that assumption fails (a point would pull or the
// friction would leave the Coulomb cone) or the system is degenerate; the caller then solves the
// contact row by row.
bool SolveStickingPair(SolverContact& sc, SolverVelocity& a, SolverVelocity& b) {
    SolverPoint& p1 = sc.points[0];
    SolverPoint& p2 = sc.points[1];
    const Vec2 n = sc.normal;
    const Vec2 t = TangentOf(n);
    const float mA = sc.invMassA, iA = sc.invInertiaA, mB = sc.invMassB, iB = sc.invInertiaB;
    const float rtA = sc.pairRtA;
    const float rtB = sc.pairRtB;
    // K = J M⁻¹ Jᵀ of the rows (n at point 1, n at point 2, t at the middle); n·t = 0.
    const float m = mA + mB;
    const float k11 = m + iA * p1.rnA * p1.rnA + iB * p1.rnB * p1.rnB;
    const float k22 = m + iA * p2.rnA * p2.rnA + iB * p2.rnB * p2.rnB;
    const float k33 = m + iA * rtA * rtA + iB * rtB * rtB;
    const float k12 = m + iA * p1.rnA * p2.rnA + iB * p1.rnB * p2.rnB;
    const float k13 = iA * p1.rnA * rtA + iB * p1.rnB * rtB;
    const float k23 = iA * p2.rnA * rtA + iB * p2.rnB * rtB;
    // Cofactors and determinant of K·s. s = 1 but for a very heavy body (1e13 kg: K's entries near
    // 1e-13), whose determinant, a product of three entries, falls below float's normal range: 1/det
    // was infinite and the impulses NaN (fuzz finding world-spinning-heavy-box-nan). Then s = 1/k11.
    const float s = k11 * k22 * k33 < 1e-30f ? 1.0f / k11 : 1.0f;
    const float s11 = s * k11, s22 = s * k22, s33 = s * k33, s12 = s * k12, s13 = s * k13, s23 = s * k23;
    const float c11 = s22 * s33 - s23 * s23;
    const float c12 = s13 * s23 - s12 * s33;
    const float c13 = s12 * s23 - s13 * s22;
    const float c22 = s11 * s33 - s13 * s13;
    const float c23 = s12 * s13 - s11 * s23;
    const float c33 = s11 * s22 - s12 * s12;
    const float det = s11 * c11 + s12 * c12 + s13 * c13;
    if (!(det > 1e-6f * s11 * s22 * s33)) return false;
    const float x1Old = p1.normalImpulse, x2Old = p2.normalImpulse;
    const float xtOld = p1.tangentImpulse + p2.tangentImpulse;
    // r = v − bias − K·x_old: the velocities of the rows if their accumulated impulses were zero.
    const float r1 = RelativeSpeed(a, b, n, p1.rnA, p1.rnB) - p1.velocityBias - (k11 * x1Old + k12 * x2Old + k13 * xtOld);
    const float r2 = RelativeSpeed(a, b, n, p2.rnA, p2.rnB) - p2.velocityBias - (k12 * x1Old + k22 * x2Old + k23 * xtOld);
    const float r3 = RelativeSpeed(a, b, t, rtA, rtB) - (k13 * x1Old + k23 * x2Old + k33 * xtOld);
    const float inv = s / det;  // (K·s)⁻¹·s = K⁻¹
    const float x1 = -(c11 * r1 + c12 * r2 + c13 * r3) * inv;
    const float x2 = -(c12 * r1 + c22 * r2 + c23 * r3) * inv;
    const float xt = -(c13 * r1 + c23 * r2 + c33 * r3) * inv;
    if (!(x1 >= 0.0f && x2 >= 0.0f && std::fabs(xt) <= sc.friction * (x1 + x2))) return false;
    const float d1 = x1 - x1Old, d2 = x2 - x2Old, dt = xt - xtOld;
    const Vec2 P = (d1 + d2) * n + dt * t;
    a.v -= mA * P;
    a.w -= iA * (d1 * p1.rnA + d2 * p2.rnA + dt * rtA);
    b.v += mB * P;
    b.w += iB * (d1 * p1.rnB + d2 * p2.rnB + dt * rtB);
    p1.normalImpulse = x1;
    p2.normalImpulse = x2;
    p1.tangentImpulse = p2.tangentImpulse = 0.5f * xt;
    return true;
}

// m·|v|² + I·ω² of a body from its inverse mass and inertia (0: that part does not move), J.
float TwiceKineticEnergy(const SolverVelocity& v, float invMass, float invInertia) {
    return (invMass > 0.0f ? LengthSquared(v.v) / invMass : 0.0f) + (invInertia > 0.0f ? v.w * v.w / invInertia : 0.0f);
}

} // namespace

// One contact of the shock pass: its lower body held fixed.
void WorldImpl::ShockContact(int k) {
    const SolverContact& sc = solverContacts[k];
    const int levelA = solverBodies[sc.a].level;
    const int levelB = solverBodies[sc.b].level;
    if (levelA == levelB) return;
    const bool accumulate = settings.accumulateImpulses;
    // Velocities only: the one-sided impulses are not stored for warm starting, where they would
    // act on both bodies next step and pump the pile upwards.
    SolverContact shock = sc;
    if (levelA < levelB) {
        shock.invMassA = shock.invInertiaA = 0.0f;
    } else {
        shock.invMassB = shock.invInertiaB = 0.0f;
    }
    SolverVelocity va = solverVelocities[sc.a];
    SolverVelocity vb = solverVelocities[sc.b];
    if (!(shock.pointCount == 2 && shock.friction > 0.0f && accumulate && SolveStickingPair(shock, va, vb))) {
        PrepareMasses(shock, accumulate);
        SolveContact(shock, va, vb, accumulate);
    }
    const bool upperIsB = levelA < levelB;
    const float invMass = upperIsB ? sc.invMassB : sc.invMassA;
    const float invInertia = upperIsB ? sc.invInertiaB : sc.invInertiaA;
    if (TwiceKineticEnergy(upperIsB ? vb : va, invMass, invInertia) >
        TwiceKineticEnergy(solverVelocities[upperIsB ? sc.b : sc.a], invMass, invInertia))
        return;
    StoreVelocities(shock, va, vb, solverVelocities[sc.a], solverVelocities[sc.b]);
}

// Colours with batches of the velocity passes run four contacts at a time (shock_propagation_wide.cpp).
void WorldImpl::PropagateShock() {
    ScheduleColours(false, true).Run(pool, [&](const detail::ColourTask& task) {
        if (!wideColours.empty() && wideColours[task.colour].wide) {
            PropagateShockWide(task.colour, task.begin, task.end);
            return;
        }
        const int offset = colourRanges[task.colour].begin;
        for (int k = offset + task.begin; k < offset + task.end; ++k) ShockContact(k);
    });
}

} // namespace sensu
