// Contact events, the pre-solve hook and run-time filter changes (contact_events.h, filter.h). Events
// are plain arrays filled during Step and read after it (Box2D v3's model): nothing calls the game
// inside the step except the pre-solve hook, which may only read.
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::Contact;
using detail::kNull;
using detail::Shape;

namespace {

bool WantsContactEvents(const Shape& a, const Shape& b) { return a.enableContactEvents || b.enableContactEvents; }

} // namespace

void WorldImpl::BeginStepEvents() {
    beginEvents.clear();
    hitEvents.clear();
    sensorBeginEvents.clear();
    endEvents.swap(pendingEndEvents);
    pendingEndEvents.clear();
    sensorEndEvents.swap(pendingSensorEndEvents);
    pendingSensorEndEvents.clear();
}

// Touching: a manifold point within linearSlop, the solver's own line between a resting point and a
// speculative one (contact_solver.cpp), so a pile held by the position pass (−linearSlop … 0) stays
// touching and never flickers.
void WorldImpl::UpdateTouching(int index) {
    Contact& c = contacts[index];
    bool touching = false;
    for (int p = 0; p < c.manifold.pointCount; ++p) touching = touching || c.manifold.points[p].separation <= settings.linearSlop;
    if (touching == c.touching) return;
    c.touching = touching;
    if (!touching) {
        ReportEndTouch(c);
    } else if (WantsContactEvents(shapes[c.shapeA], shapes[c.shapeB])) {
        beginEvents.push_back({ShapeIdOf(c.shapeA), ShapeIdOf(c.shapeB), c.manifold});
    }
}

// A touching contact ends: during the step this step reports it, between steps (a shape destroyed or
// filtered apart) the next one does.
void WorldImpl::ReportEndTouch(const Contact& c) {
    if (!WantsContactEvents(shapes[c.shapeA], shapes[c.shapeB])) return;
    (stepping ? endEvents : pendingEndEvents).push_back({ShapeIdOf(c.shapeA), ShapeIdOf(c.shapeB)});
}

// Every contact with manifold points and an awake dynamic body (the contacts the solver will see) is
// shown to the hook; a disabled contact keeps no impulses for warm starting, so it starts fresh when
// enabled again.
void WorldImpl::RunPreSolve() {
    if (preSolve == nullptr) return;  // every contact is enabled (SetPreSolve re-enables them)
    for (int i = 0; i < static_cast<int>(contacts.size()); ++i) {
        Contact& c = contacts[i];
        if (!c.alive) continue;
        c.enabled = true;
        if (c.manifold.pointCount == 0) continue;
        const Body& a = bodies[c.bodyA];
        const Body& b = bodies[c.bodyB];
        const bool awake = (a.type == BodyType::Dynamic && !a.frozen) || (b.type == BodyType::Dynamic && !b.frozen);
        if (!awake) continue;
        c.enabled = preSolve(PreSolveContact{ShapeIdOf(c.shapeA), ShapeIdOf(c.shapeB), c.manifold}, preSolveContext);
        if (c.enabled) continue;
        for (int p = 0; p < 2; ++p) {
            c.normalImpulse[p] = 0.0f;
            c.tangentImpulse[p] = 0.0f;
            c.pendingApproach[p] = 0.0f;
        }
    }
}

// One hit per contact: its point of fastest approach among the points that pushed. The approach is
// the normal velocity the impulse stopped, this step's forces included (symplectic Euler moves the body
// with it over the whole step). A speculative point stops its body at the surface with the rest of the
// approach left over, which the next step stops: one impact over two steps, reported once.
void WorldImpl::ReportHits() {
    if (hitEventShapes == 0) return;  // the common case of a pile: no pass over its contacts
    for (const detail::SolverContact& sc : solverContacts) {
        const detail::SolverContactCold& cold = solverContactsCold[sc.cold];
        Contact& c = contacts[cold.contact];
        if (!c.hitEvents) continue;
        if (c.hitStep != 0 && c.hitStep + 1 == stepIndex) continue;
        int best = -1;
        float speed = hitEventThreshold;
        for (int p = 0; p < sc.pointCount; ++p) {
            if (sc.points[p].normalImpulse > 0.0f && cold.hitApproach[p] > speed) {
                speed = cold.hitApproach[p];
                best = p;
            }
        }
        if (best < 0) continue;
        c.hitStep = stepIndex;
        hitEvents.push_back({ShapeIdOf(c.shapeA), ShapeIdOf(c.shapeB), cold.point[best], sc.normal, speed});
    }
}

// A shape's filter changed: its contacts the new filter forbids end now (their end events come with
// the next step), and its proxy looks for pairs again at the next step. Piles touching it wake: a
// support may vanish, or a pair now allowed may overlap.
void WorldImpl::Refilter(int shapeIndex) {
    Shape& s = shapes[shapeIndex];
    if (s.isSensor) return;  // a sensor has no contacts; the sensor pass reads its filter every step
    const int bodyIndex = s.body;
    WakeTouchingPiles(bodyIndex);
    for (int ci = bodies[bodyIndex].contactHead; ci != kNull;) {
        const Contact& c = contacts[ci];
        const int next = c.next[c.bodyA == bodyIndex ? 0 : 1];
        if (c.shapeA == shapeIndex || c.shapeB == shapeIndex) {
            const int other = c.shapeA == shapeIndex ? c.shapeB : c.shapeA;
            if (!ShapesCollide(s, shapes[other])) DestroyContact(ci);
        }
        ci = next;
    }
    if (s.proxy != kNull && !s.moved) {
        s.moved = true;
        movedShapes.push_back(shapeIndex);
    }
}

// ---------------------------------------------------------------------------------------------------
// World API

void World::SetFilter(ShapeId id, const Filter& filter) {
    WorldImpl& w = *impl_;
    Shape& s = w.ShapeAt(id);
    s.filter = filter;
    w.Refilter(static_cast<int>(id.index));
}

Filter World::GetFilter(ShapeId id) const { return impl_->ShapeAt(id).filter; }
bool World::IsSensor(ShapeId id) const { return impl_->ShapeAt(id).isSensor; }

void World::SetPreSolve(PreSolveFn fn, void* context) {
    impl_->preSolve = fn;
    impl_->preSolveContext = context;
    for (Contact& c : impl_->contacts) c.enabled = true;  // no answer of the old hook outlives it
}

float World::GetHitEventThreshold() const { return impl_->hitEventThreshold; }

void World::SetHitEventThreshold(float speed) {
    RequireFinite(speed, "SetHitEventThreshold speed");
    if (speed < 0.0f) throw InvalidArgument("hit event threshold must be >= 0 m/s");
    impl_->hitEventThreshold = speed;
}

ContactEvents World::GetContactEvents() const { return {impl_->beginEvents, impl_->endEvents, impl_->hitEvents}; }
SensorEvents World::GetSensorEvents() const { return {impl_->sensorBeginEvents, impl_->sensorEndEvents}; }

std::span<const ShapeId> World::GetSensorOverlaps(ShapeId id) const {
    const Shape& s = impl_->ShapeAt(id);
    if (!s.isSensor) throw InvalidArgument("GetSensorOverlaps: the shape is not a sensor");
    return s.visitors;
}

} // namespace sensu
