// Seed 004 chapter 3: the floor-rest state machine, generalised to piles.
//
// A body is RotationStable (frozen) when its supports hold it (§3.4.2: ≥ 2 support points with the
// centre of mass strictly between x_min and x_max; §3.5.1: one floor point c plus a contact b with a
// frozen body on the same side as the centre of mass a, (b_x − c_x)(a_x − c_x) > 0) and it has been slow
// for SolverSettings::restTime. Supports are static bodies, resting kinematic bodies and frozen bodies,
// so a frozen body's top edge acts as floor (§3.5.2) and piles freeze from the floor up. A frozen body
// costs nothing: no integration, no narrow phase against other non-moving bodies, no solver rows.
//
// What the seed lacks (SEEDS.md trap): freezing bodies one by one. Here a pile (frozen bodies connected
// by contacts) always wakes as a whole, in the same step, when anything under or on it changes: a push
// its supports cannot hold (slide, lift or tip), a removed or moving support, a force, impulse, velocity
// or teleport, or a body found deep inside it (created or teleported there). Because only non-moving
// bodies count as supports, no body stays frozen without support and no body is frozen on a moving
// support.
#include <cmath>

#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::Contact;
using detail::kNull;
using detail::SolverBody;
using detail::SolverContact;

namespace {

// A moving body deeper than this many linearSlop into a frozen one wakes its pile (WakeOverlappedPile).
constexpr float kOverlapWakeSlops = 2.0f;

int OtherBody(const Contact& c, int body) { return c.bodyA == body ? c.bodyB : c.bodyA; }
int NextContact(const Contact& c, int body) { return c.next[c.bodyA == body ? 0 : 1]; }

} // namespace

void WorldImpl::WakePile(int start) {
    Body& first = bodies[start];
    first.restTimer = 0.0f;
    if (!first.frozen) return;
    wakeStack.clear();
    wakeStack.push_back(start);
    while (!wakeStack.empty()) {
        const int index = wakeStack.back();
        wakeStack.pop_back();
        Body& b = bodies[index];
        if (!b.frozen) continue;
        b.frozen = false;
        b.rest = RestState::VerticallyUnstable;
        b.restTimer = 0.0f;
        for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], index)) {
            const int other = OtherBody(contacts[c], index);
            if (bodies[other].frozen) wakeStack.push_back(other);
        }
    }
}

void WorldImpl::WakeTouchingPiles(int index) {
    WakePile(index);
    for (int c = bodies[index].contactHead; c != kNull; c = NextContact(contacts[c], index)) {
        const int other = OtherBody(contacts[c], index);
        if (bodies[other].frozen) WakePile(other);
    }
}

void WorldImpl::WakeAll() {
    for (Body& b : bodies) {
        b.frozen = false;
        b.restTimer = 0.0f;
        if (b.type == BodyType::Dynamic) b.rest = RestState::VerticallyUnstable;
    }
}

// A body deeper inside a frozen one than the position pass leaves it was created or teleported there
// (or hit it harder than the solver could stop): without rest states the position pass would push
// both apart, so the pile wakes and is resolved as it would be then.
void WorldImpl::WakeOverlappedPile(int index) {
    const Contact& c = contacts[index];
    for (int p = 0; p < c.manifold.pointCount; ++p) {
        if (c.manifold.points[p].separation < -kOverlapWakeSlops * settings.linearSlop) {
            WakePile(bodies[c.bodyA].frozen ? c.bodyA : c.bodyB);
            return;
        }
    }
}

// A support that moves is no support: kinematic bodies in motion wake every pile they touch.
void WorldImpl::WakePilesUnderMovingSupports() {
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        const Body& b = bodies[i];
        if (!b.alive || b.type != BodyType::Kinematic || !IsMovingBody(b)) continue;
        for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], i)) {
            const int other = OtherBody(contacts[c], i);
            if (bodies[other].frozen && contacts[c].manifold.pointCount > 0) WakePile(other);
        }
    }
}

// After the velocity iterations frozen bodies have acted as infinitely heavy. Sum the impulses each
// received from moving bodies; when its recorded support could not have held them (it would slide,
// lift or tip) it wakes with its pile, and the caller solves the step again with the pile moving.
bool WorldImpl::WakePushedPiles() {
    bool anyFrozen = false;
    for (SolverBody& sb : solverBodies) {
        sb.receivedImpulse = {};
        sb.momentAboutMin = sb.momentAboutMax = 0.0f;
        anyFrozen = anyFrozen || bodies[sb.body].frozen;
    }
    if (!anyFrozen) return false;
    for (const SolverContact& sc : solverContacts) {
        const Vec2 t = RightPerp(sc.normal);
        const detail::SolverContactCold& cold = solverContactsCold[sc.cold];
        for (int side = 0; side < 2; ++side) {
            SolverBody& sb = solverBodies[side == 0 ? sc.a : sc.b];
            const Body& body = bodies[sb.body];
            if (!body.frozen) continue;
            const float sign = side == 0 ? -1.0f : 1.0f;  // the impulse acts on B along +n, on A along −n
            for (int p = 0; p < sc.pointCount; ++p) {
                const Vec2 P = sign * (sc.points[p].normalImpulse * sc.normal + sc.points[p].tangentImpulse * t);
                const Vec2 at = cold.point[p];
                sb.receivedImpulse += P;
                sb.momentAboutMin += Cross(at - Vec2{body.supportMinX, body.supportY}, P);
                sb.momentAboutMax += Cross(at - Vec2{body.supportMaxX, body.supportY}, P);
            }
        }
    }
    const float dt = stepDt;
    bool woke = false;
    for (SolverBody& sb : solverBodies) {
        const Body& body = bodies[sb.body];
        if (!body.frozen) continue;
        const Vec2 P = sb.receivedImpulse;
        const float weight = body.mass * Max(-gravity.y * body.gravityScale, 0.0f) * dt;  // N·s per step
        const float slack = 0.05f * weight;
        const float span = body.supportMaxX - body.supportMinX;
        const float pressed = weight + Max(-P.y, 0.0f);
        const bool lifted = P.y > weight + slack;
        const bool slides = std::fabs(P.x) > body.supportFriction * pressed + slack;
        // Tipping over the x_min pivot is a counter-clockwise turn, over x_max a clockwise one; the
        // weight's moment about each pivot resists it (centre of mass strictly between the pivots).
        const float weightMomentMin = -(body.center.x - body.supportMinX) * weight;
        const float weightMomentMax = -(body.center.x - body.supportMaxX) * weight;
        const float slackMoment = slack * Max(span, 1e-3f);
        const bool tips = sb.momentAboutMin + weightMomentMin > slackMoment || sb.momentAboutMax + weightMomentMax < -slackMoment;
        if (lifted || slides || tips) {
            WakePile(sb.body);
            woke = true;
        }
    }
    return woke;
}

void WorldImpl::ClassifySupport(int i) {
    const SolverSettings& st = settings;
    const float touching = 2.0f * st.linearSlop;
    const float tol = st.linearSlop;
    Body& b = bodies[i];
    int upCount = 0;
    bool deep = false;  // a support still penetrates: the position pass is not done with it (seed 004 §3.2)
    float minX = 0.0f, maxX = 0.0f, minY = 0.0f, friction = 0.0f;
    constexpr int kMaxSide = 8;
    float sideX[kMaxSide];
    int sideCount = 0;
    for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], i)) {
        const Contact& contact = contacts[c];
        const Body& o = bodies[OtherBody(contact, i)];
        const bool support = o.type == BodyType::Static || o.frozen || (o.type == BodyType::Kinematic && !IsMovingBody(o)) ||
                             (o.type == BodyType::Dynamic && o.restCandidate);
        if (!support) continue;
        const Vec2 up = contact.bodyB == i ? contact.manifold.normal : -contact.manifold.normal;
        for (int p = 0; p < contact.manifold.pointCount; ++p) {
            const ManifoldPoint& mp = contact.manifold.points[p];
            if (mp.separation > touching) continue;
            deep = deep || mp.separation < -2.0f * st.linearSlop;
            if (up.y >= st.supportNormalY) {
                if (upCount == 0) {
                    minX = maxX = mp.point.x;
                    minY = mp.point.y;
                    friction = contact.friction;
                } else {
                    minX = Min(minX, mp.point.x);
                    maxX = Max(maxX, mp.point.x);
                    minY = Min(minY, mp.point.y);
                    friction = Min(friction, contact.friction);
                }
                ++upCount;
            } else if (sideCount < kMaxSide) {
                sideX[sideCount++] = mp.point.x;
            }
        }
    }
    b.restHeld = false;
    b.rest = upCount == 0 ? RestState::VerticallyUnstable : RestState::VerticallyStable;
    if (upCount == 0) return;
    const float cx = b.center.x;
    // §3.4.2: x_min < c_x < x_max. A single point straight under the centre (a ball) also holds.
    bool held = (cx > minX + tol && cx < maxX - tol) || (cx >= minX - tol && cx <= maxX + tol && maxX - minX <= 2.0f * tol);
    if (!held) {
        // §3.5.1: pivot c on the side of the centre of mass; a neighbour touched at b on that same side
        // stops the turn: (b_x − c_x)(a_x − c_x) > 0.
        const float pivot = cx < minX ? minX : maxX;
        for (int s = 0; s < sideCount && !held; ++s) {
            if ((sideX[s] - pivot) * (cx - pivot) > tol * tol) {
                held = true;
                minX = Min(pivot, sideX[s]);
                maxX = Max(pivot, sideX[s]);
            }
        }
    }
    b.restHeld = held && !deep;
    b.supportMinX = minX;
    b.supportMaxX = maxX;
    b.supportY = minY;
    b.supportFriction = friction;
}

// Bodies freeze by connected groups, never one by one: a group of touching rest candidates freezes
// when every member is held. (Freezing the lower part of a pile while the part above is still settling
// would make the frozen part take loads only its frozen neighbours balance.)
void WorldImpl::UpdateRestStates(float dt) {
    const SolverSettings& st = settings;
    const bool gravityDown = gravity.y < 0.0f;
    for (Body& b : bodies) {
        if (!b.alive || b.type != BodyType::Dynamic || b.frozen) continue;
        const bool slow = LengthSquared(b.v) < st.restLinearSpeed * st.restLinearSpeed && std::fabs(b.w) < st.restAngularSpeed;
        b.restTimer = slow ? b.restTimer + dt : 0.0f;
        b.restCandidate = gravityDown && b.restTimer >= st.restTime;
    }
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        const Body& b = bodies[i];
        if (b.alive && b.type == BodyType::Dynamic && !b.frozen) ClassifySupport(i);
    }
    ++restStamp;
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        Body& seed = bodies[i];
        if (!seed.alive || seed.frozen || !seed.restCandidate || seed.restStamp == restStamp) continue;
        restComponent.clear();
        wakeStack.clear();
        wakeStack.push_back(i);
        seed.restStamp = restStamp;
        bool allHeld = true;
        while (!wakeStack.empty()) {
            const int index = wakeStack.back();
            wakeStack.pop_back();
            restComponent.push_back(index);
            allHeld = allHeld && bodies[index].restHeld;
            for (int c = bodies[index].contactHead; c != kNull; c = NextContact(contacts[c], index)) {
                if (contacts[c].manifold.pointCount == 0) continue;
                const int other = OtherBody(contacts[c], index);
                Body& o = bodies[other];
                if (o.restStamp == restStamp || o.frozen || !o.restCandidate) continue;
                o.restStamp = restStamp;
                wakeStack.push_back(other);
            }
        }
        if (!allHeld) continue;
        for (int index : restComponent) {
            Body& b = bodies[index];
            b.frozen = true;
            b.restCandidate = false;
            b.rest = RestState::RotationStable;
            b.v = {};
            b.w = 0.0f;
        }
    }
}

} // namespace sensu
