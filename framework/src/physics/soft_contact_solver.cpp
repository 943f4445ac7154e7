// The soft step's contact rows (soft_contact_solver.h). The soft push-out is the implicit spring of
// joint_internal.h's Softness applied to the separation: λ = −massScale·m·(vn + biasRate·s) −
// impulseScale·λ_accumulated. Points are solved one after the other (no 2 × 2 block): sub-steps and
// the relax pass converge a flat contact without it.
#include "soft_contact_solver.h"

#include "contact_rows.h"

namespace sensu::detail {

namespace {

void ApplyImpulse(const SoftContact& c, SolverVelocity& a, SolverVelocity& b, Vec2 d, float rdA, float rdB, float lambda) {
    a.v -= (c.mA * lambda) * d;
    a.w -= c.iA * (lambda * rdA);
    b.v += (c.mB * lambda) * d;
    b.w += c.iB * (lambda * rdB);
}

// Writes only to bodies the contact can move: contacts of one colour, solved in parallel, may share a
// fixed body, and storing its unchanged velocity would still be a data race.
void Store(const SoftContact& c, const SolverVelocity& a, const SolverVelocity& b, SolverVelocity& aOut, SolverVelocity& bOut) {
    if (c.mA != 0.0f || c.iA != 0.0f) aOut = a;
    if (c.mB != 0.0f || c.iB != 0.0f) bOut = b;
}

} // namespace

void SoftWarmStart(const SoftContact& c, SolverVelocity& aOut, SolverVelocity& bOut) {
    SolverVelocity a = aOut, b = bOut;
    const Vec2 t = TangentOf(c.normal);
    for (int p = 0; p < c.pointCount; ++p) {
        const SoftPoint& sp = c.points[p];
        ApplyImpulse(c, a, b, c.normal, sp.rnA, sp.rnB, sp.normalImpulse);
        ApplyImpulse(c, a, b, t, sp.rtA, sp.rtB, sp.tangentImpulse);
    }
    Store(c, a, b, aOut, bOut);
}

void SoftSolveContact(SoftContact& c, SolverVelocity& aOut, SolverVelocity& bOut, const SoftBody& bodyA, const SoftBody& bodyB, float invH,
                      float maxPushOutSpeed, bool useBias) {
    SolverVelocity a = aOut, b = bOut;
    const Vec2 n = c.normal;
    const Vec2 dp = bodyB.dp - bodyA.dp;
    for (int p = 0; p < c.pointCount; ++p) {
        SoftPoint& sp = c.points[p];
        // Separation now: the prepare's, moved by the bodies' translations and by their anchors turning
        // with them (first order in the step's motion, which is all a sub-step needs).
        const Vec2 d = dp + (Rotate(bodyB.dq, sp.anchorB) - Rotate(bodyA.dq, sp.anchorA));
        const float s = Dot(d, n) + sp.baseSeparation;
        float bias = 0.0f, massScale = 1.0f, impulseScale = 0.0f;
        if (s > 0.0f) {
            bias = s * invH;  // speculative: the bodies may close the gap within this sub-step, not more
        } else if (useBias) {
            bias = Max(c.softness.biasRate * s, -maxPushOutSpeed);
            massScale = c.softness.massScale;
            impulseScale = c.softness.impulseScale;
        }
        const float vn = RelativeSpeed(a, b, n, sp.rnA, sp.rnB);
        const float lambda = -sp.normalMass * massScale * (vn + bias) - impulseScale * sp.normalImpulse;
        const float total = Max(sp.normalImpulse + lambda, 0.0f);
        ApplyImpulse(c, a, b, n, sp.rnA, sp.rnB, total - sp.normalImpulse);
        sp.normalImpulse = total;
        sp.maxNormalImpulse = Max(sp.maxNormalImpulse, total);
    }
    if (c.friction > 0.0f) {
        const Vec2 t = TangentOf(n);
        for (int p = 0; p < c.pointCount; ++p) {
            SoftPoint& sp = c.points[p];
            const float bound = c.friction * sp.normalImpulse;
            const float vt = RelativeSpeed(a, b, t, sp.rtA, sp.rtB);
            const float total = Clamp(sp.tangentImpulse - sp.tangentMass * vt, -bound, bound);
            ApplyImpulse(c, a, b, t, sp.rtA, sp.rtB, total - sp.tangentImpulse);
            sp.tangentImpulse = total;
        }
    }
    if (!useBias) {
        // The relax is a sub-step's last pass: its accumulated impulses are what the sub-step applied.
        for (int p = 0; p < c.pointCount; ++p) {
            c.points[p].totalNormalImpulse += c.points[p].normalImpulse;
            c.points[p].totalTangentImpulse += c.points[p].tangentImpulse;
        }
    }
    Store(c, a, b, aOut, bOut);
}

void SoftRestitution(SoftContact& c, SolverVelocity& aOut, SolverVelocity& bOut, float threshold) {
    if (c.restitution == 0.0f) return;
    SolverVelocity a = aOut, b = bOut;
    for (int p = 0; p < c.pointCount; ++p) {
        SoftPoint& sp = c.points[p];
        if (sp.approachSpeed <= threshold || sp.maxNormalImpulse == 0.0f) continue;
        const float vn = RelativeSpeed(a, b, c.normal, sp.rnA, sp.rnB);
        const float total = Max(sp.normalImpulse - sp.normalMass * (vn - c.restitution * sp.approachSpeed), 0.0f);
        ApplyImpulse(c, a, b, c.normal, sp.rnA, sp.rnB, total - sp.normalImpulse);
        sp.totalNormalImpulse += total - sp.normalImpulse;
        sp.normalImpulse = total;
    }
    Store(c, a, b, aOut, bOut);
}

} // namespace sensu::detail
