#include "sensu/physics/world.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>
#include <variant>

#include "proxy_bounds.h"
#include "speed_limits.h"
#include "sensu/geometry/mass.h"
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::kNull;
using detail::Shape;

namespace {

void RequireFiniteDef(const BodyDef& def) {
    detail::RequireCoordinate(def.position, "BodyDef.position");
    detail::RequireAngle(def.angle, "BodyDef.angle");
    detail::RequireLinearSpeed(def.linearVelocity, "BodyDef.linearVelocity");
    detail::RequireAngularSpeed(def.angularVelocity, "BodyDef.angularVelocity");
    RequireFinite(def.gravityScale, "BodyDef.gravityScale");
}

MassData ShapeMass(const ShapeGeometry& g, float density);

/// Farthest reach of the geometry from the body origin, m (double: a shape may reach past float range).
double ShapeReach(const ShapeGeometry& geometry) {
    auto length = [](Vec2 p) { return std::hypot(static_cast<double>(p.x), static_cast<double>(p.y)); };
    return std::visit(
        [&](const auto& shape) -> double {
            using T = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<T, Circle>) return length(shape.center()) + shape.radius();
            else if constexpr (std::is_same_v<T, Capsule>) return std::max(length(shape.a()), length(shape.b())) + shape.radius();
            else if constexpr (std::is_same_v<T, Box>) return length(shape.center()) + length(shape.halfExtents());
            else if constexpr (std::is_same_v<T, Segment>) return std::max(length(shape.a()), length(shape.b()));
            else {
                double reach = 0.0;
                for (Vec2 v : shape.vertices()) reach = std::max(reach, length(v));
                return reach;
            }
        },
        geometry);
}

/// Throws unless the shape stays within kMaxCoordinate of the body origin and the body's mass and
/// inertia with it stay well inside float range (their inverses finite), so stepping cannot overflow.
void RequireSteppableShape(const Body& body, const ShapeDef& def) {
    if (!(ShapeReach(def.geometry) <= kMaxCoordinate))
        throw InvalidArgument("ShapeDef.geometry must stay within kMaxCoordinate (1e6 m) of the body origin");
    if (body.type != BodyType::Dynamic) return;
    const MassData md = ShapeMass(def.geometry, def.density);
    const double mass = static_cast<double>(body.mass) + md.mass;
    const double inertia = static_cast<double>(body.inertia) + md.inertia + mass * 4.0 * kMaxCoordinate * kMaxCoordinate;
    // Below 1e-12 kg the inverse mass (1e12) times a contact's impulse and position correction overflows
    // the solver's float arithmetic (found by fuzzing: a 1e-15 m ball became NaN).
    const bool massOk = md.mass == 0.0f || (md.mass >= 1e-12f && mass <= 1e30);
    const bool inertiaOk = IsFinite(md.inertia) && inertia <= 1e36 && (md.inertia == 0.0f || md.inertia >= 1e-36f);
    if (!massOk || !inertiaOk) throw InvalidArgument("ShapeDef: density and size give a mass outside [1e-12, 1e30] kg or an inertia out of float range");
}

void RequireValidMaterial(const ShapeDef& def) {
    RequireFinite(def.density, "ShapeDef.density");
    RequireFinite(def.friction, "ShapeDef.friction");
    RequireFinite(def.restitution, "ShapeDef.restitution");
    if (def.density < 0.0f) throw InvalidArgument("ShapeDef.density must be >= 0");
    if (def.friction < 0.0f) throw InvalidArgument("ShapeDef.friction must be >= 0");
    if (def.restitution < 0.0f || def.restitution > 1.0f) throw InvalidArgument("ShapeDef.restitution must be in [0, 1]");
}

MassData ShapeMass(const ShapeGeometry& g, float density) {
    if (const auto* c = std::get_if<Circle>(&g)) return ComputeMass(*c, density);
    if (const auto* c = std::get_if<Capsule>(&g)) return ComputeMass(*c, density);
    if (const auto* b = std::get_if<Box>(&g)) return ComputeMass(*b, density);
    if (const auto* p = std::get_if<ConvexPolygon>(&g)) return ComputeMass(*p, density);
    return {};  // segments are massless (static geometry)
}

AABB PointsAABB(const Transform& xf, const Vec2* points, int count, float radius) {
    Vec2 lo = TransformPoint(xf, points[0]);
    Vec2 hi = lo;
    for (int i = 1; i < count; ++i) {
        const Vec2 p = TransformPoint(xf, points[i]);
        lo = Min(lo, p);
        hi = Max(hi, p);
    }
    return {lo - Vec2{radius, radius}, hi + Vec2{radius, radius}};
}

void HashBytes(uint64_t& h, const void* data, size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
        h ^= bytes[i];
        h *= 1099511628211ull;  // FNV-1a 64-bit prime
    }
}

void HashFloat(uint64_t& h, float x) {
    uint32_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    HashBytes(h, &bits, sizeof bits);
}

} // namespace

// ---------------------------------------------------------------------------------------------------
// WorldImpl helpers

Body& WorldImpl::BodyAt(BodyId id) {
    if (id.index >= bodies.size() || !bodies[id.index].alive || bodies[id.index].generation != id.generation)
        throw InvalidArgument("BodyId is not a live body of this world");
    return bodies[id.index];
}

const Body& WorldImpl::BodyAt(BodyId id) const { return const_cast<WorldImpl*>(this)->BodyAt(id); }

Shape& WorldImpl::ShapeAt(ShapeId id) {
    if (id.index >= shapes.size() || !shapes[id.index].alive || shapes[id.index].generation != id.generation)
        throw InvalidArgument("ShapeId is not a live shape of this world");
    return shapes[id.index];
}

const Shape& WorldImpl::ShapeAt(ShapeId id) const { return const_cast<WorldImpl*>(this)->ShapeAt(id); }

void WorldImpl::UpdateMass(int bodyIndex) {
    Body& b = bodies[bodyIndex];
    b.mass = b.invMass = b.inertia = b.invInertia = 0.0f;
    b.localCenter = {};
    if (b.type == BodyType::Dynamic) {
        float mass = 0.0f;
        Vec2 weighted{};
        for (ShapeId sid : b.shapes) {
            const Shape& s = shapes[sid.index];
            const MassData md = ShapeMass(s.geometry, s.density);
            mass += md.mass;
            weighted += md.mass * md.center;
        }
        if (mass > 0.0f) {
            const Vec2 center = (1.0f / mass) * weighted;
            float inertia = 0.0f;
            for (ShapeId sid : b.shapes) {
                const Shape& s = shapes[sid.index];
                const MassData md = ShapeMass(s.geometry, s.density);
                inertia += md.inertia + md.mass * DistanceSquared(md.center, center);  // parallel axis
            }
            b.mass = mass;
            b.invMass = 1.0f / mass;
            b.localCenter = center;
            b.inertia = inertia;
            b.invInertia = inertia > 0.0f ? 1.0f / inertia : 0.0f;
        } else {
            // A dynamic body needs a mass to respond to gravity; without shapes of area it gets 1 kg
            // and no rotation.
            b.mass = 1.0f;
            b.invMass = 1.0f;
        }
    }
    b.center = TransformPoint(b.xf, b.localCenter);
    UpdateSweepExtents(bodyIndex);
}

AABB WorldImpl::ShapeAABBAt(const Shape& s, const Transform& xf) const {
    if (const auto* c = std::get_if<Circle>(&s.geometry)) {
        const Vec2 p = TransformPoint(xf, c->center());
        const Vec2 r{c->radius(), c->radius()};
        return {p - r, p + r};
    }
    if (const auto* c = std::get_if<Capsule>(&s.geometry)) {
        const Vec2 pts[2] = {c->a(), c->b()};
        return PointsAABB(xf, pts, 2, c->radius());
    }
    if (const auto* b = std::get_if<Box>(&s.geometry)) {
        const auto corners = b->Corners();
        return PointsAABB(xf, corners.data(), 4, 0.0f);
    }
    if (const auto* p = std::get_if<ConvexPolygon>(&s.geometry)) return PointsAABB(xf, p->vertices().data(), p->count(), 0.0f);
    const auto& seg = std::get<Segment>(s.geometry);
    const Vec2 pts[2] = {seg.a(), seg.b()};
    return PointsAABB(xf, pts, 2, 0.0f);
}

// Re-inserts the shape's proxy when its AABB (grown by one step of motion, so fast bodies meet what they
// are about to hit) leaves the fat AABB stored in the broad phase.
bool WorldImpl::ProxyHolds(int shapeIndex) const {
    const Shape& s = shapes[shapeIndex];
    if (s.proxy == kNull) return false;
    const Body& body = bodies[s.body];
    // The broad phase must hold the AABB of this step's motion.
    const Vec2 d = body.type == BodyType::Static ? Vec2{} : stepDt * body.v;
    const AABB& fat = broadPhase.FatAABB(s.proxy);
    auto holds = [&](const AABB& box) { return fat.Contains(Union(box, AABB{box.lower + d, box.upper + d})); };
    // Most bodies sit deep inside their fat AABB: a box is first tried with a cheap bound around its
    // AABB (proxy_bounds.h) instead of its four transformed corners. Adding d, min and max keep the
    // order of floats, so when the bound holds the exact AABB holds too: the answer is the exact one.
    if (const auto* b = std::get_if<Box>(&s.geometry); b != nullptr && holds(detail::BoxAABBBound(*b, body.xf))) return true;
    return holds(ComputeShapeAABB(s, body));
}

void WorldImpl::SynchronizeShape(int shapeIndex) {
    if (!ProxyHolds(shapeIndex)) ReinsertProxy(shapeIndex);
}

void WorldImpl::ReinsertProxy(int shapeIndex) {
    Shape& s = shapes[shapeIndex];
    const Body& body = bodies[s.body];
    const AABB box = ComputeShapeAABB(s, body);
    // Re-inserted, the fat AABB is stretched four steps ahead along the velocity, so a falling body
    // re-inserts every few steps only.
    const Vec2 ahead = 4.0f * (body.type == BodyType::Static ? Vec2{} : stepDt * body.v);
    const AABB fat = Inflate(Union(box, AABB{box.lower + ahead, box.upper + ahead}), settings.aabbMargin);
    if (s.proxy == kNull) {
        s.proxy = broadPhase.CreateProxy(fat, shapeIndex);
    } else {
        broadPhase.MoveProxy(s.proxy, fat);
    }
    if (!s.moved) {
        s.moved = true;
        movedShapes.push_back(shapeIndex);
    }
}

// Moves every proxy into the other broad phase, keeping its fat AABB (so no pair appears or vanishes).
void WorldImpl::SwitchBroadPhase(BroadPhaseKind kind) {
    std::vector<AABB> fat(shapes.size());
    for (size_t i = 0; i < shapes.size(); ++i) {
        Shape& s = shapes[i];
        if (!s.alive || s.proxy == kNull) continue;
        fat[i] = broadPhase.FatAABB(s.proxy);
        broadPhase.DestroyProxy(s.proxy);
    }
    broadPhase.SetKind(kind);
    for (size_t i = 0; i < shapes.size(); ++i) {
        Shape& s = shapes[i];
        if (!s.alive || s.proxy == kNull) continue;
        s.proxy = broadPhase.CreateProxy(fat[i], static_cast<int>(i));
    }
}

// ---------------------------------------------------------------------------------------------------
// World API

World::World(const WorldDef& def) : impl_(std::make_unique<WorldImpl>()) {
    RequireFinite(def.gravity, "WorldDef.gravity");
    Validate(def.settings);
    impl_->gravity = def.gravity;
    impl_->settings = def.settings;
    impl_->broadPhase.SetKind(def.settings.broadPhase);
    RequireFinite(def.hitEventThreshold, "WorldDef.hitEventThreshold");
    if (def.hitEventThreshold < 0.0f) throw InvalidArgument("WorldDef.hitEventThreshold must be >= 0 m/s");
    impl_->hitEventThreshold = def.hitEventThreshold;
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

BodyId World::CreateBody(const BodyDef& def) {
    RequireFiniteDef(def);
    WorldImpl& w = *impl_;
    uint32_t index;
    if (!w.freeBodies.empty()) {
        index = w.freeBodies.back();
        w.freeBodies.pop_back();
    } else {
        index = static_cast<uint32_t>(w.bodies.size());
        w.bodies.emplace_back();
    }
    Body& b = w.bodies[index];
    const uint32_t generation = b.generation + 1;
    b = Body{};
    b.generation = generation;
    b.alive = true;
    b.type = def.type;
    b.xf = Transform::FromAngle(def.position, def.angle);
    b.angle = def.angle;
    b.center = def.position;
    b.gravityScale = def.gravityScale;
    b.userData = def.userData;
    b.bullet = def.bullet;
    if (def.type != BodyType::Static) {
        b.v = def.linearVelocity;
        b.w = def.angularVelocity;
    }
    w.UpdateMass(static_cast<int>(index));
    return {index, generation};
}

void World::DestroyBody(BodyId id) {
    WorldImpl& w = *impl_;
    Body& b = w.BodyAt(id);
    const int index = static_cast<int>(id.index);
    // Everything resting on or touching this body loses a support or a neighbour: wake those piles.
    w.WakeTouchingPiles(index);
    while (!b.joints.empty()) w.DestroyJointAt(b.joints.back());
    while (b.contactHead != kNull) w.DestroyContact(b.contactHead);
    w.ForgetChainsOf(index);
    for (ShapeId sid : b.shapes) {
        Shape& s = w.shapes[sid.index];
        if (s.isSensor) w.EndSensorVisits(static_cast<int>(sid.index));
        w.hitEventShapes -= s.enableHitEvents ? 1 : 0;
        if (s.proxy != kNull) w.broadPhase.DestroyProxy(s.proxy);
        s.alive = false;
        s.proxy = kNull;
        w.freeShapes.push_back(sid.index);
    }
    b.shapes.clear();
    b.alive = false;
    b.frozen = false;
    b.restCandidate = false;  // the rest states' loops over moving bodies never see it again
    w.freeBodies.push_back(id.index);
}

ShapeId World::CreateShape(BodyId bodyId, const ShapeDef& def) {
    RequireValidMaterial(def);
    WorldImpl& w = *impl_;
    RequireSteppableShape(w.BodyAt(bodyId), def);  // validates the id and the shape before anything changes
    uint32_t index;
    if (!w.freeShapes.empty()) {
        index = w.freeShapes.back();
        w.freeShapes.pop_back();
    } else {
        index = static_cast<uint32_t>(w.shapes.size());
        w.shapes.emplace_back();
    }
    Shape& s = w.shapes[index];
    const uint32_t generation = s.generation + 1;
    s = Shape{};
    s.generation = generation;
    s.alive = true;
    s.body = static_cast<int>(bodyId.index);
    s.geometry = def.geometry;
    s.density = def.density;
    s.friction = def.friction;
    s.restitution = def.restitution;
    s.filter = def.filter;
    s.isSensor = def.isSensor;
    s.enableContactEvents = def.enableContactEvents;
    s.enableHitEvents = def.enableHitEvents;
    s.userData = def.userData;
    if (s.isSensor) w.sensorShapes.push_back(static_cast<int>(index));
    w.hitEventShapes += s.enableHitEvents ? 1 : 0;
    const ShapeId sid{index, generation};
    Body& b = w.bodies[bodyId.index];
    b.shapes.push_back(sid);
    w.WakeTouchingPiles(static_cast<int>(bodyId.index));  // its mass and outline change
    w.UpdateMass(static_cast<int>(bodyId.index));
    w.SynchronizeShape(static_cast<int>(index));
    return sid;
}

void World::DestroyShape(ShapeId id) {
    WorldImpl& w = *impl_;
    Shape& s = w.ShapeAt(id);
    if (s.chain != kNull) throw InvalidArgument("DestroyShape: the shape is a chain's segment (use DestroyChain)");
    const int bodyIndex = s.body;
    Body& b = w.bodies[bodyIndex];
    w.WakeTouchingPiles(bodyIndex);
    for (int c = b.contactHead; c != kNull;) {
        const detail::Contact& contact = w.contacts[c];
        const int next = contact.next[contact.bodyA == bodyIndex ? 0 : 1];
        if (contact.shapeA == static_cast<int>(id.index) || contact.shapeB == static_cast<int>(id.index)) w.DestroyContact(c);
        c = next;
    }
    if (s.isSensor) w.EndSensorVisits(static_cast<int>(id.index));
    w.hitEventShapes -= s.enableHitEvents ? 1 : 0;
    if (s.proxy != kNull) w.broadPhase.DestroyProxy(s.proxy);
    s.proxy = kNull;
    s.alive = false;
    if (s.moved) {
        std::erase(w.movedShapes, static_cast<int>(id.index));
        s.moved = false;
    }
    std::erase(b.shapes, id);
    w.freeShapes.push_back(id.index);
    w.UpdateMass(bodyIndex);
}

bool World::IsValid(BodyId id) const {
    return id.index < impl_->bodies.size() && impl_->bodies[id.index].alive && impl_->bodies[id.index].generation == id.generation;
}

bool World::IsValid(ShapeId id) const {
    return id.index < impl_->shapes.size() && impl_->shapes[id.index].alive && impl_->shapes[id.index].generation == id.generation;
}

BodyType World::GetType(BodyId id) const { return impl_->BodyAt(id).type; }
Transform World::GetTransform(BodyId id) const { return impl_->BodyAt(id).xf; }
Vec2 World::GetPosition(BodyId id) const { return impl_->BodyAt(id).xf.p; }
float World::GetAngle(BodyId id) const { return impl_->BodyAt(id).angle; }
Vec2 World::GetWorldCenter(BodyId id) const { return impl_->BodyAt(id).center; }
Vec2 World::GetLocalPoint(BodyId id, Vec2 worldPoint) const {
    RequireFinite(worldPoint, "GetLocalPoint worldPoint");
    return InvTransformPoint(impl_->BodyAt(id).xf, worldPoint);
}
Vec2 World::GetWorldPoint(BodyId id, Vec2 localPoint) const {
    RequireFinite(localPoint, "GetWorldPoint localPoint");
    return TransformPoint(impl_->BodyAt(id).xf, localPoint);
}
Vec2 World::GetLinearVelocity(BodyId id) const { return impl_->BodyAt(id).v; }
float World::GetAngularVelocity(BodyId id) const { return impl_->BodyAt(id).w; }
float World::GetMass(BodyId id) const { return impl_->BodyAt(id).mass; }
float World::GetInertia(BodyId id) const { return impl_->BodyAt(id).inertia; }
RestState World::GetRestState(BodyId id) const {
    impl_->BodyAt(id);  // throws for a stale id
    return impl_->RestStateOf(static_cast<int>(id.index));
}
bool World::IsAwake(BodyId id) const {
    const Body& b = impl_->BodyAt(id);
    return b.type != BodyType::Static && !b.frozen;
}
void* World::GetUserData(BodyId id) const { return impl_->BodyAt(id).userData; }

void World::SetTransform(BodyId id, Vec2 position, float angle) {
    detail::RequireCoordinate(position, "SetTransform position");
    detail::RequireAngle(angle, "SetTransform angle");
    WorldImpl& w = *impl_;
    Body& b = w.BodyAt(id);
    const int index = static_cast<int>(id.index);
    w.WakeTouchingPiles(index);  // its old neighbours lose it
    b.xf = Transform::FromAngle(position, angle);
    b.angle = angle;
    b.center = TransformPoint(b.xf, b.localCenter);
    for (ShapeId sid : b.shapes) w.SynchronizeShape(static_cast<int>(sid.index));
}

void World::SetLinearVelocity(BodyId id, Vec2 velocity) {
    detail::RequireLinearSpeed(velocity, "SetLinearVelocity velocity");
    Body& b = impl_->BodyAt(id);
    if (b.type == BodyType::Static) return;
    impl_->WakeTouchingPiles(static_cast<int>(id.index));
    b.v = velocity;
}

void World::SetAngularVelocity(BodyId id, float omega) {
    detail::RequireAngularSpeed(omega, "SetAngularVelocity omega");
    Body& b = impl_->BodyAt(id);
    if (b.type == BodyType::Static) return;
    impl_->WakeTouchingPiles(static_cast<int>(id.index));
    b.w = omega;
}

void World::ApplyForce(BodyId id, Vec2 force, Vec2 worldPoint) {
    RequireFinite(force, "ApplyForce force");
    RequireFinite(worldPoint, "ApplyForce point");
    Body& b = impl_->BodyAt(id);
    if (b.type != BodyType::Dynamic) return;
    const Vec2 sum = b.force + force;
    const float torque = b.torque + Cross(worldPoint - b.center, force);
    if (!IsFinite(sum) || !IsFinite(torque)) throw InvalidArgument("ApplyForce: the body's force or torque sum overflows float");
    impl_->WakePile(static_cast<int>(id.index));
    b.force = sum;
    b.torque = torque;
}

void World::ApplyForceToCenter(BodyId id, Vec2 force) {
    RequireFinite(force, "ApplyForceToCenter force");
    Body& b = impl_->BodyAt(id);
    if (b.type != BodyType::Dynamic) return;
    const Vec2 sum = b.force + force;
    if (!IsFinite(sum)) throw InvalidArgument("ApplyForceToCenter: the body's force sum overflows float");
    impl_->WakePile(static_cast<int>(id.index));
    b.force = sum;
}

void World::ApplyTorque(BodyId id, float torque) {
    RequireFinite(torque, "ApplyTorque torque");
    Body& b = impl_->BodyAt(id);
    if (b.type != BodyType::Dynamic) return;
    const float sum = b.torque + torque;
    if (!IsFinite(sum)) throw InvalidArgument("ApplyTorque: the body's torque sum overflows float");
    impl_->WakePile(static_cast<int>(id.index));
    b.torque = sum;
}

void World::ApplyLinearImpulse(BodyId id, Vec2 impulse, Vec2 worldPoint) {
    RequireFinite(impulse, "ApplyLinearImpulse impulse");
    RequireFinite(worldPoint, "ApplyLinearImpulse point");
    Body& b = impl_->BodyAt(id);
    if (b.type != BodyType::Dynamic) return;
    impl_->WakePile(static_cast<int>(id.index));
    // In double and clamped to the speed limits (world.h): a finite impulse never overflows a velocity.
    const double rx = static_cast<double>(worldPoint.x) - b.center.x, ry = static_cast<double>(worldPoint.y) - b.center.y;
    b.v = detail::ClampLinearSpeed(b.v.x + static_cast<double>(b.invMass) * impulse.x, b.v.y + static_cast<double>(b.invMass) * impulse.y);
    b.w = detail::ClampAngularSpeed(b.w + static_cast<double>(b.invInertia) * (rx * impulse.y - ry * impulse.x));
}

void World::Wake(BodyId id) {
    impl_->BodyAt(id);
    impl_->WakePile(static_cast<int>(id.index));
}

std::span<const ShapeId> World::GetShapes(BodyId id) const { return impl_->BodyAt(id).shapes; }
BodyId World::GetBody(ShapeId id) const { return impl_->IdOf(impl_->ShapeAt(id).body); }
const ShapeGeometry& World::GetGeometry(ShapeId id) const { return impl_->ShapeAt(id).geometry; }
float World::GetFriction(ShapeId id) const { return impl_->ShapeAt(id).friction; }
float World::GetRestitution(ShapeId id) const { return impl_->ShapeAt(id).restitution; }
void* World::GetUserData(ShapeId id) const { return impl_->ShapeAt(id).userData; }

Vec2 World::GetGravity() const { return impl_->gravity; }

void World::SetGravity(Vec2 gravity) {
    RequireFinite(gravity, "SetGravity gravity");
    impl_->gravity = gravity;
    impl_->WakeAll();
}

const SolverSettings& World::GetSettings() const { return impl_->settings; }

void World::SetSettings(const SolverSettings& settings) {
    Validate(settings);
    if (settings.broadPhase != impl_->broadPhase.Kind()) impl_->SwitchBroadPhase(settings.broadPhase);
    impl_->settings = settings;
    if (!settings.restStates) impl_->WakeAll();
}

void World::GetBodies(std::vector<BodyId>& out) const {
    out.clear();
    for (size_t i = 0; i < impl_->bodies.size(); ++i)
        if (impl_->bodies[i].alive) out.push_back(impl_->IdOf(static_cast<int>(i)));
}

int World::GetBodyCount() const {
    return static_cast<int>(impl_->bodies.size() - impl_->freeBodies.size());
}

int World::GetAwakeBodyCount() const {
    int n = 0;
    for (const Body& b : impl_->bodies) n += (b.alive && b.type == BodyType::Dynamic && !b.frozen) ? 1 : 0;
    return n;
}

const StepProfile& World::GetProfile() const { return impl_->profile; }

int World::GetContactCount() const {
    int n = 0;
    for (const detail::Contact& c : impl_->contacts) n += (c.alive && c.manifold.pointCount > 0) ? 1 : 0;
    return n;
}

void World::GetContactPoints(std::vector<ContactPointInfo>& out) const {
    out.clear();
    for (const detail::Contact& c : impl_->contacts) {
        if (!c.alive) continue;
        for (int i = 0; i < c.manifold.pointCount; ++i) {
            out.push_back({impl_->IdOf(c.bodyA), impl_->IdOf(c.bodyB), c.manifold.points[i].point, c.manifold.normal,
                           c.manifold.points[i].separation, c.normalImpulse[i], c.tangentImpulse[i]});
        }
    }
}

uint64_t World::StateHash() const {
    uint64_t h = 14695981039346656037ull;  // FNV-1a 64-bit offset basis
    for (size_t i = 0; i < impl_->bodies.size(); ++i) {
        const Body& b = impl_->bodies[i];
        if (!b.alive) continue;
        const uint32_t index = static_cast<uint32_t>(i);
        HashBytes(h, &index, sizeof index);
        HashFloat(h, b.xf.p.x);
        HashFloat(h, b.xf.p.y);
        HashFloat(h, b.angle);
        HashFloat(h, b.v.x);
        HashFloat(h, b.v.y);
        HashFloat(h, b.w);
        const auto rest = static_cast<uint8_t>(impl_->RestStateOf(static_cast<int>(i)));
        HashBytes(h, &rest, sizeof rest);
    }
    return h;
}

} // namespace sensu
