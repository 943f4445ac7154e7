// Seed 004 chapter 3: the floor-rest state machine, generalised to piles.
//
// A body is RotationStable (frozen) when its supports hold it (§3.4.2: ≥ 2 support points with the
// centre of mass strictly between x_min and x_max; §3.5.1: one floor point c plus a contact b with a
// frozen body on the same side as the centre of mass a, (b_x − c_x)(a_x − c_x) > 0) and it has been slow
// for SolverSettings::restTime. Supports are static bodies, resting kinematic bodies and frozen bodies,
// so a frozen body's top edge acts as floor (§3.5.2) and piles freeze from the floor up. A frozen body
// costs nothing: no integration, no narrow phase against other non-moving bodies, no solver rows.
//
// Which bodies their supports hold (the freezing rule, seed 004 §3.4–3.5 and Coulomb) is
// rest_support.cpp.
//
// What the seed lacks (docs/seeds.md): freezing bodies one by one. Here a pile (frozen bodies connected
// by contacts) always wakes as a whole, in the same step, when anything under or on it changes: a load
// its supports cannot hold (slide, lift or tip), judged for each frozen body with everything that rests
// on it, a removed or moving support, a force, impulse, velocity or teleport, or a body found deep
// inside it (created or teleported there). Because only non-moving bodies count as supports, no body
// stays frozen without support and no body is frozen on a moving support.
//
// A group of touching candidates freezes only when no moving dynamic body touches it (an island, as
// in Box2D's sleep): a pile whose top is still settling stays awake, since frozen it would no longer
// give under what moves on it, and what moves would settle differently than without rest states.
//
// Joints (issue 13): a pile is bodies connected by contacts or joints. Jointed bodies freeze together
// and wake together; a body jointed to a static, resting kinematic or frozen body, or to a floor-held
// member of its group, counts as held (a hanging chain, a bridge); a running motor, a mouse or motor
// joint, or a joint to a moving body keeps its pile awake; a frozen body held only by joints wakes
// (with its whole pile) at any push.
#include <algorithm>
#include <cmath>

#include "rest_support.h"

namespace sensu {

using detail::Body;
using detail::Contact;
using detail::kNull;
using detail::NextContact;
using detail::OtherBody;
using detail::ShiftSupport;
using detail::SolverContact;

namespace {

// The change of velocity over the slow window, as a share of the rest speeds, that marks a body as still
// accelerating (UpdateRestStates).
constexpr float kAccelerationShare = 0.1f;
// Wake test (HoldsLoad): how close to a limit a frozen body may be pushed before it wakes.
constexpr float kLiftShare = 0.05f;   // of the normal reaction it had when it froze
constexpr float kSlideShare = 0.95f;  // of μ·N'
constexpr float kTipShare = 0.02f;    // of the support span, at each end
constexpr float kNegligibleLoad = 0.01f;  // of what the body carries: such loads are not passed down
// A moving body deeper than this many linearSlop into a frozen one wakes its pile (WakeOverlappedPile).
constexpr float kOverlapWakeSlops = 2.0f;

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
        b.restTimer = 0.0f;
        if (moversTracked) {
            movers.push_back(index);
            moversSorted = false;
            if (continuousStartsOpen) RecordContinuousStart(index);
        }
        for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], index)) {
            const int other = OtherBody(contacts[c], index);
            if (bodies[other].frozen) wakeStack.push_back(other);
        }
        for (int j : b.joints) {
            const int other = OtherBody(joints[j], index);
            if (other != kNull && bodies[other].frozen) wakeStack.push_back(other);
        }
    }
}

void WorldImpl::WakeTouchingPiles(int index) {
    WakePile(index);
    for (int c = bodies[index].contactHead; c != kNull; c = NextContact(contacts[c], index)) {
        const int other = OtherBody(contacts[c], index);
        if (bodies[other].frozen) WakePile(other);
    }
    for (int j : bodies[index].joints) {
        const int other = OtherBody(joints[j], index);
        if (other != kNull && bodies[other].frozen) WakePile(other);
    }
}

// Every body wakes: the step's loops visit every body from here on (moversTracked off), and a body
// woken after BeginContinuous recorded only the movers records its start pose now.
void WorldImpl::WakeAll() {
    moversTracked = false;
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        Body& b = bodies[i];
        if (b.frozen && continuousStartsOpen) RecordContinuousStart(i);
        b.frozen = false;
        b.restTimer = 0.0f;
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

// A support that moves is no support: kinematic bodies in motion wake every pile they touch. (A pile
// jointed to a body wakes whenever that body is set moving, in WakeTouchingPiles, and cannot freeze
// while it moves.)
void WorldImpl::WakePilesUnderMovingSupports() {
    if (frozenBodies == 0) return;  // no pile to wake: no pass over the bodies for their kinematic ones
    const std::vector<int>* fewMovers = TrackedMovers();  // a mostly frozen world: its moving bodies only
    const int visits = static_cast<int>(fewMovers ? fewMovers->size() : bodies.size());
    for (int k = 0; k < visits; ++k) {
        const int i = fewMovers ? (*fewMovers)[k] : k;
        const Body& b = bodies[i];
        if (!b.alive || b.type != BodyType::Kinematic || !IsMovingBody(b)) continue;
        for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], i)) {
            const int other = OtherBody(contacts[c], i);
            if (bodies[other].frozen && contacts[c].manifold.pointCount > 0) WakePile(other);
        }
    }
}

// The extra load (impulse P at point `at`, or a wrench: impulse and its moment about the origin) a
// frozen body takes this step; the first load of the step queues the body for WakePushedPiles.
void WorldImpl::AddLoad(int index, Vec2 impulse, float moment) {
    Body& b = bodies[index];
    if (b.loadStamp != loadStamp) {
        b.loadStamp = loadStamp;
        b.load = {};
        b.loadMoment = 0.0f;
        loadHeap.emplace_back(b.center.y, index);
        std::push_heap(loadHeap.begin(), loadHeap.end());
    }
    b.load += impulse;
    b.loadMoment += moment;
}

// Whether a frozen body's supports still hold it with its extra load E this step. When it froze they
// exerted the reaction R (carrying the body and all that rests on it) at the centre of pressure c; now
// they must exert R' = R − E, and the turn of E about c moves the centre of pressure along the support
// by s = −M_E(c) / N'. Coulomb and seed 004 §3.4.2 then say it stays put while N' > 0 (no lift),
// |R'·t| < μ N' (no slide) and the centre of pressure stays inside [x_min, x_max] (no tip). Each
// limit wakes a little early (kLiftShare, kSlideShare, kTipShare) so a body at a limit never stays frozen.
bool WorldImpl::HoldsLoad(const Body& b) const {
    const Vec2 n = b.supportNormal;
    const Vec2 R = stepDt * b.supportReaction;
    Vec2 reaction;
    float x = 0.0f;
    const float normal = ShiftSupport(R, n, b.supportPressureX, b.supportY, b.load, b.loadMoment, reaction, x);
    if (normal <= kLiftShare * Dot(R, n)) return false;
    if (std::fabs(Dot(reaction, RightPerp(n))) > kSlideShare * b.supportFriction * normal) return false;
    const float margin = kTipShare * (b.supportMaxX - b.supportMinX);
    return x >= b.supportMinX + margin && x <= b.supportMaxX - margin;
}

// A frozen body that holds its extra load hands it on to the bodies it rests on, in the shares their
// contacts carried when it froze (the stored normal impulses), each share's force at that contact's
// points plus its share of the remaining turn; static supports take their share for good. So the
// bottom of a pile is judged with the load the pile carries as a whole: a column pushed at its top
// tips about its lowest box, not about the pushed one. Loads below 1 % of what the body carries stop.
void WorldImpl::PassLoadDown(int index) {
    const Body& b = bodies[index];
    if (LengthSquared(b.load) <= kNegligibleLoad * kNegligibleLoad * stepDt * stepDt * LengthSquared(b.supportReaction)) return;
    float total = 0.0f;
    float turn = b.loadMoment;
    for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], index)) {
        const Contact& contact = contacts[c];
        const Vec2 up = contact.bodyB == index ? contact.manifold.normal : -contact.manifold.normal;
        if (contact.manifold.pointCount == 0 || up.y < settings.supportNormalY) continue;
        for (int p = 0; p < contact.manifold.pointCount; ++p) total += contact.normalImpulse[p];
    }
    if (total <= 0.0f) return;
    for (int pass = 0; pass < 2; ++pass) {
        for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], index)) {
            const Contact& contact = contacts[c];
            const Vec2 up = contact.bodyB == index ? contact.manifold.normal : -contact.manifold.normal;
            if (contact.manifold.pointCount == 0 || up.y < settings.supportNormalY) continue;
            float impulse = 0.0f;
            Vec2 at{};
            for (int p = 0; p < contact.manifold.pointCount; ++p) {
                impulse += contact.normalImpulse[p];
                at += contact.normalImpulse[p] * contact.manifold.points[p].point;
            }
            if (impulse <= 0.0f) continue;
            at = (1.0f / impulse) * at;
            const float share = impulse / total;
            const Vec2 force = share * b.load;
            if (pass == 0) {
                turn -= Cross(at, force);  // what the shares' forces at their points leave unbalanced
                continue;
            }
            const int other = OtherBody(contact, index);
            if (bodies[other].frozen) AddLoad(other, force, Cross(at, force) + share * turn);
        }
    }
}

// After the velocity iterations frozen bodies have acted as infinitely heavy. Each takes the impulses
// moving bodies gave it as its extra load; from the top of the piles down, a body whose supports could
// not hold its load (HoldsLoad) wakes with its pile, and the caller solves the step again with the pile
// moving; one that holds passes the load on to what it rests on (PassLoadDown).
bool WorldImpl::WakePushedPiles() {
    ++loadStamp;
    loadHeap.clear();
    if (frozenBodies == 0) return false;  // nothing frozen takes a load: no pass over the solver contacts
    for (const SolverContact& sc : solverContacts) {
        const Vec2 t = RightPerp(sc.normal);
        const detail::SolverContactCold& cold = solverContactsCold[sc.cold];
        for (int side = 0; side < 2; ++side) {
            const int index = solverBodies[side == 0 ? sc.a : sc.b].body;
            if (!bodies[index].frozen) continue;
            const float sign = side == 0 ? -1.0f : 1.0f;  // the impulse acts on B along +n, on A along −n
            for (int p = 0; p < sc.pointCount; ++p) {
                const Vec2 P = sign * (sc.points[p].normalImpulse * sc.normal + sc.points[p].tangentImpulse * t);
                AddLoad(index, P, Cross(cold.point[p], P));
            }
        }
    }
    bool woke = false;
    while (!loadHeap.empty()) {
        std::pop_heap(loadHeap.begin(), loadHeap.end());
        const int index = loadHeap.back().second;
        loadHeap.pop_back();
        if (!bodies[index].frozen) continue;  // woken with a pile above it
        // A body held only by joints has no floor to take a push: any load wakes it (and its pile).
        if (!bodies[index].jointHeld && HoldsLoad(bodies[index])) {
            PassLoadDown(index);
        } else {
            WakePile(index);
            woke = true;
        }
    }
    return woke;
}

// What may hold a body up: a static body, a resting kinematic one, a frozen one or a rest candidate
// (candidates that touch freeze together, so they support each other).
bool WorldImpl::IsRestSupport(const Body& o) const {
    return o.type == BodyType::Static || o.frozen || (o.type == BodyType::Kinematic && !IsMovingBody(o)) ||
           (o.type == BodyType::Dynamic && o.restCandidate);
}

// The seed 004 state of a body (body.h), from the contacts of the last step: frozen is RotationStable;
// a touching point on a support whose normal points up enough (SolverSettings::supportNormalY) makes it
// VerticallyStable. The same test as ClassifySupport's count of support points, which runs only for
// rest candidates.
RestState WorldImpl::RestStateOf(int i) const {
    const Body& b = bodies[i];
    if (b.frozen) return RestState::RotationStable;
    if (!settings.restStates || b.type != BodyType::Dynamic) return RestState::VerticallyUnstable;
    const float touching = 2.0f * settings.linearSlop;
    for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], i)) {
        const Contact& contact = contacts[c];
        if (contact.manifold.pointCount == 0) continue;
        const Vec2 up = contact.bodyB == i ? contact.manifold.normal : -contact.manifold.normal;
        if (up.y < settings.supportNormalY || !IsRestSupport(bodies[OtherBody(contact, i)])) continue;
        for (int p = 0; p < contact.manifold.pointCount; ++p) {
            if (contact.manifold.points[p].separation <= touching) return RestState::VerticallyStable;
        }
    }
    return RestState::VerticallyUnstable;
}

// Bodies freeze by connected groups, never one by one: a group of touching rest candidates freezes
// when every member is held. (Freezing the lower part of a pile while the part above is still settling
// would make the frozen part take loads only its frozen neighbours balance.)
void WorldImpl::UpdateRestStates(float dt) {
    const SolverSettings& st = settings;
    const bool gravityDown = gravity.y < 0.0f;
    // A mostly frozen world visits its moving bodies only (TrackedMovers): only they can be candidates.
    const std::vector<int>* fewMovers = TrackedMovers();
    const int visits = static_cast<int>(fewMovers ? fewMovers->size() : bodies.size());
    restCandidates.clear();
    for (int k = 0; k < visits; ++k) {
        const int i = fewMovers ? (*fewMovers)[k] : k;
        Body& b = bodies[i];
        if (!b.alive || b.type != BodyType::Dynamic || b.frozen) continue;
        bool slow = LengthSquared(b.v) < st.restLinearSpeed * st.restLinearSpeed && std::fabs(b.w) < st.restAngularSpeed;
        if (!b.joints.empty()) {
            // A jointed body may hang, held by joints only, where nothing but its acceleration tells a
            // turning point of a swing from rest: it must also change speed by less than a quarter of
            // the rest speed over restTime (a pendulum of 2 m swinging more than 0.4° never rests).
            const float dvMax = 0.25f * st.restLinearSpeed * dt / Max(st.restTime, dt);
            const float dwMax = 0.25f * st.restAngularSpeed * dt / Max(st.restTime, dt);
            slow = slow && LengthSquared(b.v - b.restPreviousV) <= dvMax * dvMax && std::fabs(b.w - b.restPreviousW) <= dwMax;
            b.restPreviousV = b.v;
            b.restPreviousW = b.w;
        }
        if (!slow) {
            b.restTimer = 0.0f;
        } else if (b.restTimer == 0.0f) {
            b.restTimer = dt;  // the slow window begins: remember the velocity it began with
            b.restV = b.v;
            b.restW = b.w;
        } else {
            b.restTimer += dt;
        }
        // Still accelerating: the velocity changed over the window (a slow slide or creep). The window
        // starts again from here, so a body that keeps accelerating never becomes a candidate.
        const float dv = kAccelerationShare * st.restLinearSpeed;
        if (b.restTimer >= st.restTime &&
            (LengthSquared(b.v - b.restV) > dv * dv || std::fabs(b.w - b.restW) > kAccelerationShare * st.restAngularSpeed)) {
            b.restTimer = dt;
            b.restV = b.v;
            b.restW = b.w;
        }
        b.restCandidate = gravityDown && b.restTimer >= st.restTime;
        if (b.restCandidate) restCandidates.push_back(i);
    }
    for (size_t i = 0; drivingJoints > 0 && i < joints.size(); ++i) {
        const detail::Joint& j = joints[i];
        if (!j.alive || !j.drives) continue;
        for (int body : {j.bodyA, j.bodyB}) {
            if (body == kNull) continue;
            bodies[body].restCandidate = false;
            bodies[body].restTimer = 0.0f;
        }
    }
    // Only a candidate can freeze, so only candidates need their supports judged (the others' vertical
    // state is reported on demand, RestStateOf), and only those of a group no moving body touches: the
    // others cannot freeze this step whatever their supports. Rest states then cost next to nothing where
    // nothing rests, and little where piles settle under what still moves. The candidates are listed in
    // body order, so the groups are found as a loop over every body would find them; a body's supports
    // are judged from its own contacts and its neighbours' kinds (IsRestSupport), which the groups frozen
    // before it do not change (a neighbour touching it is in its group). The other candidates keep the
    // restHeld and support record of an earlier judgement, which nothing reads: Save carries neither for
    // a body not frozen (world_snapshot.cpp), so which bodies the step visited leaves no trace in the bytes.
    ++restStamp;
    for (const int i : restCandidates) {
        Body& seed = bodies[i];
        if (!seed.alive || seed.frozen || !seed.restCandidate || seed.restStamp == restStamp) continue;
        restComponent.clear();
        wakeStack.clear();
        wakeStack.push_back(i);
        seed.restStamp = restStamp;
        bool settled = true;    // no moving body touches the group or is jointed to it
        bool anchored = false;  // a floor support, or a joint to a static, resting kinematic or frozen body
        while (!wakeStack.empty()) {
            const int index = wakeStack.back();
            wakeStack.pop_back();
            restComponent.push_back(index);
            const Body& body = bodies[index];
            for (int c = body.contactHead; c != kNull; c = NextContact(contacts[c], index)) {
                if (contacts[c].manifold.pointCount == 0) continue;
                const int other = OtherBody(contacts[c], index);
                Body& o = bodies[other];
                // Touched by a dynamic body that still moves: the pile is not done settling (what moves
                // on it may still load it differently), so it stays awake with it (an island, as joints).
                if (o.type == BodyType::Dynamic && !o.frozen && !o.restCandidate) settled = false;
                if (o.restStamp == restStamp || o.frozen || !o.restCandidate) continue;
                o.restStamp = restStamp;
                wakeStack.push_back(other);
            }
            for (int j : body.joints) {
                const int other = OtherBody(joints[j], index);
                if (other == kNull) continue;
                Body& o = bodies[other];
                if (o.type != BodyType::Dynamic || o.frozen) {
                    // A fixed partner anchors the group unless it moves (then the group stays awake).
                    anchored = anchored || !IsMovingBody(o);
                    settled = settled && !IsMovingBody(o);
                    continue;
                }
                if (!o.restCandidate) settled = false;  // jointed to a body still moving: stay awake together
                if (o.restStamp == restStamp || !o.restCandidate) continue;
                o.restStamp = restStamp;
                wakeStack.push_back(other);
            }
        }
        if (!settled) continue;
        bool allHeld = true;
        for (const int index : restComponent) {
            ClassifySupport(index);
            const Body& body = bodies[index];
            allHeld = allHeld && (body.restHeld || !body.joints.empty());
            anchored = anchored || body.restHeld;
        }
        if (!allHeld || !anchored) continue;
        for (int index : restComponent) {
            Body& b = bodies[index];
            b.jointHeld = !b.restHeld;
            b.frozen = true;
            b.restCandidate = false;
            b.v = {};
            b.w = 0.0f;
        }
    }
}

} // namespace sensu
