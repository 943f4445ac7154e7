// Sequential impulses with accumulated impulses and warm starting (box2d-lite is the model), Coulomb
// friction, restitution above a velocity threshold, speculative contacts, and a position pass that
// removes penetration without adding velocity. Seed 004 chapter 2 is the impulse between two bodies.
#include <algorithm>

#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::Contact;
using detail::kNull;
using detail::SolverBody;
using detail::SolverContact;
using detail::SolverPoint;

namespace {

// Tangent direction of a contact: the normal turned clockwise (friction acts along it).
Vec2 TangentOf(Vec2 n) { return RightPerp(n); }

// Effective mass along direction d at arms rA, rB: 1 / (1/Ma + 1/Mb + (rA×d)²/Ia + (rB×d)²/Ib).
// Seed 004 eq. (2.31), with the denominator corrected as noted in SEEDS.md (each body's own arm).
float EffectiveMass(const SolverBody& a, const SolverBody& b, Vec2 rA, Vec2 rB, Vec2 d) {
    const float rnA = Cross(rA, d);
    const float rnB = Cross(rB, d);
    const float k = a.invMass + b.invMass + a.invInertia * rnA * rnA + b.invInertia * rnB * rnB;
    return k > 0.0f ? 1.0f / k : 0.0f;
}

void ApplyImpulse(SolverBody& a, SolverBody& b, Vec2 rA, Vec2 rB, Vec2 impulse) {
    a.v -= a.invMass * impulse;
    a.w -= a.invInertia * Cross(rA, impulse);
    b.v += b.invMass * impulse;
    b.w += b.invInertia * Cross(rB, impulse);
}

Vec2 RelativeVelocity(const SolverBody& a, const SolverBody& b, Vec2 rA, Vec2 rB) {
    return b.v + Cross(b.w, rB) - a.v - Cross(a.w, rA);
}

// Accumulated normal impulses x = (x1, x2) ≥ 0 of a two-point contact with velocities vn = K·x + c ≥ 0
// and x_i·vn_i = 0 (a 2×2 linear complementarity problem), solved by trying the four cases in turn:
// both points pushing, only the first, only the second, none.
void SolveNormalBlock(SolverContact& sc, SolverBody& a, SolverBody& b) {
    SolverPoint& p1 = sc.points[0];
    SolverPoint& p2 = sc.points[1];
    const Vec2 n = sc.normal;
    const float x1Old = p1.normalImpulse;
    const float x2Old = p2.normalImpulse;
    const float vn1 = Dot(RelativeVelocity(a, b, p1.rA, p1.rB), n);
    const float vn2 = Dot(RelativeVelocity(a, b, p2.rA, p2.rB), n);
    // c = vn − bias − K·x_old: the velocities if both accumulated impulses were zero.
    const float c1 = vn1 - p1.velocityBias - (sc.k11 * x1Old + sc.k12 * x2Old);
    const float c2 = vn2 - p2.velocityBias - (sc.k12 * x1Old + sc.k22 * x2Old);
    float x1, x2;
    // Case 1: both active, x = −K⁻¹ c.
    x1 = -(sc.inv11 * c1 + sc.inv12 * c2);
    x2 = -(sc.inv12 * c1 + sc.inv22 * c2);
    if (!(x1 >= 0.0f && x2 >= 0.0f)) {
        // Case 2: only point 1 pushes; point 2 must then separate (vn2 ≥ 0).
        x1 = -c1 / sc.k11;
        x2 = 0.0f;
        if (!(x1 >= 0.0f && sc.k12 * x1 + c2 >= 0.0f)) {
            // Case 3: only point 2 pushes.
            x1 = 0.0f;
            x2 = -c2 / sc.k22;
            if (!(x2 >= 0.0f && sc.k12 * x2 + c1 >= 0.0f)) {
                // Case 4: neither pushes; valid when both separate. Otherwise keep the old impulses.
                x1 = 0.0f;
                x2 = 0.0f;
                if (!(c1 >= 0.0f && c2 >= 0.0f)) return;
            }
        }
    }
    const float d1 = x1 - x1Old;
    const float d2 = x2 - x2Old;
    ApplyImpulse(a, b, p1.rA, p1.rB, d1 * n);
    ApplyImpulse(a, b, p2.rA, p2.rB, d2 * n);
    p1.normalImpulse = x1;
    p2.normalImpulse = x2;
}

// Effective masses of every row of a contact for the given pair of bodies, and the 2×2 block matrix
// when both points of a flat contact can be solved together.
void PrepareMasses(SolverContact& sc, const SolverBody& a, const SolverBody& b, bool accumulate) {
    const Vec2 n = sc.normal;
    const Vec2 t = TangentOf(n);
    for (int p = 0; p < sc.pointCount; ++p) {
        SolverPoint& sp = sc.points[p];
        sp.normalMass = EffectiveMass(a, b, sp.rA, sp.rB, n);
        sp.tangentMass = EffectiveMass(a, b, sp.rA, sp.rB, t);
    }
    // Both points of a flat contact in one 2×2 solve: sequential single-point updates would turn a
    // perfectly aligned box on landing (the first point always takes the larger share).
    sc.useBlock = false;
    if (sc.pointCount == 2 && accumulate) {
        const float rnA1 = Cross(sc.points[0].rA, n), rnB1 = Cross(sc.points[0].rB, n);
        const float rnA2 = Cross(sc.points[1].rA, n), rnB2 = Cross(sc.points[1].rB, n);
        const float m = a.invMass + b.invMass;
        sc.k11 = m + a.invInertia * rnA1 * rnA1 + b.invInertia * rnB1 * rnB1;
        sc.k22 = m + a.invInertia * rnA2 * rnA2 + b.invInertia * rnB2 * rnB2;
        sc.k12 = m + a.invInertia * rnA1 * rnA2 + b.invInertia * rnB1 * rnB2;
        const float det = sc.k11 * sc.k22 - sc.k12 * sc.k12;
        if (sc.k11 * sc.k11 < 1000.0f * det) {  // well conditioned
            const float inv = 1.0f / det;
            sc.useBlock = true;
            sc.inv11 = sc.k22 * inv;
            sc.inv22 = sc.k11 * inv;
            sc.inv12 = -sc.k12 * inv;
        }
    }
}

// One sequential-impulse pass over one contact: friction first (bounded by the current normal impulse),
// then the normal rows.
void SolveContact(SolverContact& sc, SolverBody& a, SolverBody& b, const SolverSettings& st) {
    const Vec2 n = sc.normal;
    const Vec2 t = TangentOf(n);
    if (sc.friction > 0.0f) {
        for (int p = 0; p < sc.pointCount; ++p) {
            SolverPoint& sp = sc.points[p];
            const float vt = Dot(RelativeVelocity(a, b, sp.rA, sp.rB), t);
            float lambda = -sp.tangentMass * vt;
            const float maxFriction = sc.friction * sp.normalImpulse;
            if (st.accumulateImpulses) {
                const float total = Clamp(sp.tangentImpulse + lambda, -maxFriction, maxFriction);
                lambda = total - sp.tangentImpulse;
                sp.tangentImpulse = total;
            } else {
                lambda = Clamp(lambda, -maxFriction, maxFriction);
            }
            ApplyImpulse(a, b, sp.rA, sp.rB, lambda * t);
        }
    }
    if (sc.useBlock) {
        SolveNormalBlock(sc, a, b);
        return;
    }
    for (int p = 0; p < sc.pointCount; ++p) {
        SolverPoint& sp = sc.points[p];
        const float vn = Dot(RelativeVelocity(a, b, sp.rA, sp.rB), n);
        float lambda = -sp.normalMass * (vn - sp.velocityBias);
        if (st.accumulateImpulses) {
            // box2d-lite: clamp the accumulated impulse, Pn = max(Pn0 + dPn, 0).
            const float total = Max(sp.normalImpulse + lambda, 0.0f);
            lambda = total - sp.normalImpulse;
            sp.normalImpulse = total;
        } else {
            lambda = Max(lambda, 0.0f);
            sp.normalImpulse = lambda;
        }
        ApplyImpulse(a, b, sp.rA, sp.rB, lambda * n);
    }
}

} // namespace

// Gauss–Seidel carries the ground's push up one contact per pass when contacts run top-down, and
// through the whole pile in one pass when they run bottom-up. Levels: breadth-first distance in the
// contact graph from bodies that do not move in the solver (static, frozen, kinematic); a contact's
// level is the lower of its bodies'. A stable counting sort keeps the order deterministic.
void WorldImpl::OrderContactsBottomUp() {
    const int nb = static_cast<int>(solverBodies.size());
    const int nc = static_cast<int>(solverContacts.size());
    adjacencyStart.assign(static_cast<size_t>(nb) + 1, 0);
    for (const SolverContact& sc : solverContacts) {
        ++adjacencyStart[sc.a + 1];
        ++adjacencyStart[sc.b + 1];
    }
    for (int i = 0; i < nb; ++i) adjacencyStart[i + 1] += adjacencyStart[i];
    adjacency.resize(static_cast<size_t>(2 * nc));
    bfsQueue.assign(adjacencyStart.begin(), adjacencyStart.end() - 1);  // fill cursors
    for (int c = 0; c < nc; ++c) {
        adjacency[bfsQueue[solverContacts[c].a]++] = c;
        adjacency[bfsQueue[solverContacts[c].b]++] = c;
    }
    constexpr int kUnreached = 1 << 30;
    bfsQueue.clear();
    for (int i = 0; i < nb; ++i) {
        SolverBody& sb = solverBodies[i];
        const bool fixed = sb.invMass == 0.0f && sb.invInertia == 0.0f;
        sb.level = fixed ? 0 : kUnreached;
        if (fixed) bfsQueue.push_back(i);
    }
    int maxLevel = 0;
    for (size_t head = 0; head < bfsQueue.size(); ++head) {
        const int i = bfsQueue[head];
        const int next = solverBodies[i].level + 1;
        for (int k = adjacencyStart[i]; k < adjacencyStart[i + 1]; ++k) {
            const SolverContact& sc = solverContacts[adjacency[k]];
            const int other = sc.a == i ? sc.b : sc.a;
            if (solverBodies[other].level != kUnreached) continue;
            solverBodies[other].level = next;
            maxLevel = next > maxLevel ? next : maxLevel;
            bfsQueue.push_back(other);
        }
    }
    auto keyOf = [&](const SolverContact& sc) {
        const int level = Min(solverBodies[sc.a].level, solverBodies[sc.b].level);
        return level == kUnreached ? maxLevel + 1 : level;
    };
    levelCount.assign(static_cast<size_t>(maxLevel) + 3, 0);
    for (const SolverContact& sc : solverContacts) ++levelCount[keyOf(sc) + 1];
    for (size_t i = 1; i < levelCount.size(); ++i) levelCount[i] += levelCount[i - 1];
    levelStart = levelCount;
    sortedContacts.resize(solverContacts.size());
    for (const SolverContact& sc : solverContacts) sortedContacts[levelCount[keyOf(sc)]++] = sc;
    solverContacts.swap(sortedContacts);
}

void WorldImpl::Solve(float dt) {
    const SolverSettings& st = settings;
    solverBodies.clear();
    solverContacts.clear();

    // Integrate forces → velocities (seed 004 eq. 2.4, 2.9; explicit Euler in velocity, then position
    // from the new velocity, i.e. symplectic Euler). Frozen bodies skip this: seed 004 §3.4.2.
    auto addSolverBody = [&](int index) {
        Body& body = bodies[index];
        body.solverIndex = static_cast<int>(solverBodies.size());
        SolverBody sb;
        sb.body = index;
        sb.v = body.v;
        sb.w = body.w;
        if (body.type == BodyType::Dynamic && !body.frozen) {
            sb.invMass = body.invMass;
            sb.invInertia = body.invInertia;
        }
        solverBodies.push_back(sb);
    };
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        Body& body = bodies[i];
        if (!body.alive || !IsMovingBody(body)) continue;
        if (body.type == BodyType::Dynamic) {
            body.v += dt * (body.gravityScale * gravity + body.invMass * body.force);
            body.w += dt * body.invInertia * body.torque;
        }
        body.force = {};
        body.torque = 0.0f;
        addSolverBody(i);
    }

    // Pre-step: one solver contact per touching contact with a moving dynamic body.
    for (int ci = 0; ci < static_cast<int>(contacts.size()); ++ci) {
        Contact& c = contacts[ci];
        if (!c.alive || c.manifold.pointCount == 0) continue;
        const Body& ba = bodies[c.bodyA];
        const Body& bb = bodies[c.bodyB];
        const bool aDynamic = ba.type == BodyType::Dynamic && !ba.frozen;
        const bool bDynamic = bb.type == BodyType::Dynamic && !bb.frozen;
        if (!aDynamic && !bDynamic) continue;
        if (ba.solverIndex == kNull) addSolverBody(c.bodyA);
        if (bb.solverIndex == kNull) addSolverBody(c.bodyB);
        SolverContact sc;
        sc.contact = ci;
        sc.a = ba.solverIndex;
        sc.b = bb.solverIndex;
        sc.normal = c.manifold.normal;
        sc.localNormal = InvRotate(ba.xf.q, sc.normal);
        sc.friction = st.friction ? c.friction : 0.0f;
        sc.restitution = st.restitution ? c.restitution : 0.0f;
        sc.pointCount = c.manifold.pointCount;
        const SolverBody& sa = solverBodies[sc.a];
        const SolverBody& sbb = solverBodies[sc.b];
        const Vec2 n = sc.normal;
        for (int p = 0; p < sc.pointCount; ++p) {
            const ManifoldPoint& mp = c.manifold.points[p];
            SolverPoint& sp = sc.points[p];
            sp.point = mp.point;
            sp.rA = mp.point - ba.center;
            sp.rB = mp.point - bb.center;
            sp.localAnchorA = InvRotate(ba.xf.q, (mp.point - 0.5f * mp.separation * n) - ba.center);
            sp.localAnchorB = InvRotate(bb.xf.q, (mp.point + 0.5f * mp.separation * n) - bb.center);
            const bool warm = st.warmStarting && st.accumulateImpulses;
            sp.normalImpulse = warm ? c.normalImpulse[p] : 0.0f;
            sp.tangentImpulse = warm && st.friction ? c.tangentImpulse[p] : 0.0f;
            const float vn = Dot(RelativeVelocity(sa, sbb, sp.rA, sp.rB), n);
            if (mp.separation > 0.0f) {
                // Speculative: the pair may still close the gap this step, not more.
                sp.velocityBias = -mp.separation / dt;
            } else if (sc.restitution > 0.0f && vn < -st.restitutionThreshold) {
                // Target vn' = −e·vn, i.e. impulse −(1+e)·vn·m_eff (seed 004 eq. 2.31 generalised).
                sp.velocityBias = -sc.restitution * vn;
            } else {
                sp.velocityBias = 0.0f;
            }
        }
        PrepareMasses(sc, sa, sbb, st.accumulateImpulses);
        solverContacts.push_back(sc);
    }

    // Warm start: apply last step's impulses.
    for (SolverContact& sc : solverContacts) {
        SolverBody& a = solverBodies[sc.a];
        SolverBody& b = solverBodies[sc.b];
        const Vec2 t = TangentOf(sc.normal);
        for (int p = 0; p < sc.pointCount; ++p) {
            const SolverPoint& sp = sc.points[p];
            ApplyImpulse(a, b, sp.rA, sp.rB, sp.normalImpulse * sc.normal + sp.tangentImpulse * t);
        }
    }

    if (st.bottomUpOrder || st.shockPropagation) {
        OrderContactsBottomUp();
    } else {
        levelStart.assign({0, static_cast<int>(solverContacts.size())});
    }

    // Levels run bottom-up; inside a level every other pass runs backwards, so the left-to-right bias of
    // Gauss–Seidel cancels instead of drifting a symmetric pile sideways.
    for (int it = 0; it < st.velocityIterations; ++it) {
        for (size_t level = 0; level + 1 < levelStart.size(); ++level) {
            const int begin = levelStart[level];
            const int end = levelStart[level + 1];
            if (it % 2 == 0) {
                for (int c = begin; c < end; ++c) SolveContact(solverContacts[c], solverBodies[solverContacts[c].a], solverBodies[solverContacts[c].b], st);
            } else {
                for (int c = end - 1; c >= begin; --c) SolveContact(solverContacts[c], solverBodies[solverContacts[c].a], solverBodies[solverContacts[c].b], st);
            }
        }
    }

    // Shock propagation (Guendelman, Bridson and Fedkiw 2003, seed 004's reference [7]): one more pass,
    // bottom-up, where the lower body of each contact acts as if it were fixed, so a tall pile is held
    // up in a single step instead of sagging while impulses creep up one contact per pass.
    if (st.shockPropagation) {
        for (SolverContact& sc : solverContacts) {
            SolverBody& a = solverBodies[sc.a];
            SolverBody& b = solverBodies[sc.b];
            if (a.level == b.level) {
                SolveContact(sc, a, b, st);
                continue;
            }
            SolverBody fixedCopy = a.level < b.level ? a : b;
            fixedCopy.invMass = 0.0f;
            fixedCopy.invInertia = 0.0f;
            SolverBody& lowerA = a.level < b.level ? fixedCopy : a;
            SolverBody& lowerB = a.level < b.level ? b : fixedCopy;
            SolverContact shock = sc;
            PrepareMasses(shock, lowerA, lowerB, st.accumulateImpulses);
            SolveContact(shock, lowerA, lowerB, st);
            for (int p = 0; p < sc.pointCount; ++p) {
                sc.points[p].normalImpulse = shock.points[p].normalImpulse;
                sc.points[p].tangentImpulse = shock.points[p].tangentImpulse;
            }
        }
    }

    // Store impulses for warm starting; write velocities back.
    for (const SolverContact& sc : solverContacts) {
        Contact& c = contacts[sc.contact];
        for (int p = 0; p < sc.pointCount; ++p) {
            c.normalImpulse[p] = sc.points[p].normalImpulse;
            c.tangentImpulse[p] = sc.points[p].tangentImpulse;
        }
    }
    for (const SolverBody& sb : solverBodies) {
        Body& body = bodies[sb.body];
        if (body.type == BodyType::Dynamic && !body.frozen) {
            body.v = sb.v;
            body.w = sb.w;
        }
    }

    if (st.restStates) WakePushedPiles();

    // Integrate velocities → positions (seed 004 eq. 2.5, 2.10).
    for (SolverBody& sb : solverBodies) {
        Body& body = bodies[sb.body];
        if (IsMovingBody(body)) {
            body.center += dt * body.v;
            body.angle += dt * body.w;
            body.xf.q = Rot::FromAngle(body.angle);
            body.xf.p = body.center - Rotate(body.xf.q, body.localCenter);
        }
        sb.center = body.center;
        sb.angle = body.angle;
        sb.q = body.xf.q;
    }

    // Position pass (Box2D 2.4's non-linear Gauss–Seidel idea): move bodies apart along the normal by a
    // fraction of the penetration beyond the slop; velocities stay untouched, so no energy is added.
    if (st.positionCorrection) {
        for (int it = 0; it < st.positionIterations; ++it) {
            float minSeparation = 0.0f;
            for (SolverContact& sc : solverContacts) {
                SolverBody& a = solverBodies[sc.a];
                SolverBody& b = solverBodies[sc.b];
                if (a.invMass + b.invMass == 0.0f) continue;
                for (int p = 0; p < sc.pointCount; ++p) {
                    const SolverPoint& sp = sc.points[p];
                    const Vec2 n = Rotate(a.q, sc.localNormal);
                    const Vec2 pA = a.center + Rotate(a.q, sp.localAnchorA);
                    const Vec2 pB = b.center + Rotate(b.q, sp.localAnchorB);
                    const float separation = Dot(pB - pA, n);
                    minSeparation = Min(minSeparation, separation);
                    const float C = Clamp(st.baumgarte * (separation + st.linearSlop), -st.maxCorrection, 0.0f);
                    if (C >= 0.0f) continue;
                    const Vec2 rA = pB - a.center;
                    const Vec2 rB = pB - b.center;
                    const float mass = EffectiveMass(a, b, rA, rB, n);
                    const Vec2 P = (-C * mass) * n;
                    a.center -= a.invMass * P;
                    const float da = -a.invInertia * Cross(rA, P);
                    b.center += b.invMass * P;
                    const float db = b.invInertia * Cross(rB, P);
                    if (da != 0.0f) {
                        a.angle += da;
                        a.q = NormalizeRot({a.q.c - da * a.q.s, a.q.s + da * a.q.c});
                    }
                    if (db != 0.0f) {
                        b.angle += db;
                        b.q = NormalizeRot({b.q.c - db * b.q.s, b.q.s + db * b.q.c});
                    }
                }
            }
            if (minSeparation >= -3.0f * st.linearSlop) break;
        }
        for (const SolverBody& sb : solverBodies) {
            if (sb.invMass == 0.0f && sb.invInertia == 0.0f) continue;
            Body& body = bodies[sb.body];
            body.center = sb.center;
            body.angle = sb.angle;
            body.xf.q = sb.q;
            body.xf.p = body.center - Rotate(body.xf.q, body.localCenter);
        }
    }

    for (const SolverBody& sb : solverBodies) bodies[sb.body].solverIndex = kNull;
}

} // namespace sensu
