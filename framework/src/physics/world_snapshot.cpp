// World snapshot and restore: Clone copies the state; Save and Load write and read it as bytes.
//
// One list of fields per struct (the Transfer functions below, and the Transfer members of the broad
// phase) serves both directions: Archive<false> writes each field, Archive<true> reads it back into a
// default-constructed world. Adding a field that affects the future is one more name in its list; the
// size checks at the end of this file fail to compile until the lists have been looked at. State a step
// rebuilds from scratch (the solver's and the continuous phase's arrays and trees, the worker threads) is not
// saved; neither is the contact lookup table, which Load rebuilds from the contacts.
//
// Load trusts nothing: counts never exceed what the bytes left can hold, enums and flags are range
// checked, floats must be finite, and every index the world follows without checking (shape and contact
// ids, body contact lists, free lists, the broad phase's trees) is validated before the world is returned.
#include "sensu/physics/world.h"

#include <algorithm>
#include <array>
#include <string>
#include <type_traits>

#include "byte_stream.h"
#include "world_internal.h"

namespace sensu {

World World::Clone() const {
    World copy;
    copy.impl_ = std::make_unique<WorldImpl>(*impl_);
    return copy;
}

namespace detail {

namespace {

constexpr std::array<uint8_t, 8> kMagic = {'S', 'E', 'N', 'S', 'U', 'W', 'L', 'D'};
// Raise when the byte layout changes (a field added, removed or reordered).
constexpr uint32_t kFormatVersion = 6;  // 2: joints, contact events, sensors; 3: the rest states' support loads; 4: chains; 5: threads; 6: the broad-phase tree's changes since its last rebuild

// Number of values of each enum a snapshot holds (Load rejects larger ones).
template <class E>
constexpr uint32_t kEnumCount = 0;
template <>
constexpr uint32_t kEnumCount<BodyType> = 3;
template <>
constexpr uint32_t kEnumCount<RestState> = 3;
template <>
constexpr uint32_t kEnumCount<BroadPhaseKind> = 2;
template <>
constexpr uint32_t kEnumCount<JointType> = 7;

template <bool Loading>
class Archive;

// The item with the fewest bytes of each listed type: a default one, but for a joint the kind whose
// def has the fewest fields (a mouse joint), so a count is never judged too large for valid data.
template <class T>
T Smallest() {
    return T{};
}
template <>
Joint Smallest<Joint>() {
    Joint j;
    j.def = MouseJointDef{};
    return j;
}

template <class Ar> void Transfer(Ar& ar, ShapeId& id);
template <class Ar> void Transfer(Ar& ar, BodyId& id);
template <class Ar> void Transfer(Ar& ar, ContactEndTouchEvent& e);
template <class Ar> void Transfer(Ar& ar, SensorEndTouchEvent& e);
template <class Ar> void Transfer(Ar& ar, JointDefVariant& def);
template <class Ar> void Transfer(Ar& ar, JointImpulses& j);
template <class Ar> void Transfer(Ar& ar, Joint& j);
template <class Ar> void Transfer(Ar& ar, Filter& f);
template <class Ar> void Transfer(Ar& ar, SolverSettings& s);
template <class Ar> void Transfer(Ar& ar, ManifoldPoint& p);
template <class Ar> void Transfer(Ar& ar, Manifold& m);
template <class Ar> void Transfer(Ar& ar, ShapeGeometry& g);
template <class Ar> void Transfer(Ar& ar, Body& b);
template <class Ar> void Transfer(Ar& ar, Shape& s);
template <class Ar> void Transfer(Ar& ar, Contact& c);
template <class Ar> void Transfer(Ar& ar, Chain& c);
template <class Ar> void Transfer(Ar& ar, WorldImpl& w);

// Writes (Loading false) or reads (Loading true) fields: `ar(a, b, c)`.
template <bool Loading>
class Archive {
public:
    static constexpr bool kLoading = Loading;

    Archive() requires(!Loading) = default;
    explicit Archive(std::span<const uint8_t> bytes) requires Loading : in_(bytes) {}

    template <class... T>
    void operator()(T&... fields) {
        (Field(fields), ...);
    }
    [[noreturn]] void Fail(const std::string& what) const { in_.Fail(what); }
    ByteWriter& Out() { return out_; }
    ByteReader& In() { return in_; }

private:
    void Field(bool& x) {
        if constexpr (Loading) {
            const uint8_t b = in_.U8();
            if (b > 1) Fail("a flag is neither 0 nor 1");
            x = b != 0;
        } else {
            out_.U8(x ? 1 : 0);
        }
    }
    void Field(uint32_t& x) {
        if constexpr (Loading) x = in_.U32();
        else out_.U32(x);
    }
    void Field(int32_t& x) {
        if constexpr (Loading) x = static_cast<int32_t>(in_.U32());
        else out_.U32(static_cast<uint32_t>(x));
    }
    void Field(uint64_t& x) {
        if constexpr (Loading) x = in_.U64();
        else out_.U64(x);
    }
    void Field(float& x) {
        if constexpr (Loading) {
            x = in_.F32();
            if (!IsFinite(x)) Fail("a number is not finite");
        } else {
            out_.F32(x);
        }
    }
    template <class E>
        requires std::is_enum_v<E>
    void Field(E& e) {
        static_assert(kEnumCount<E> > 0 && kEnumCount<E> <= 256, "give kEnumCount for this enum");
        if constexpr (Loading) {
            const uint8_t u = in_.U8();
            if (u >= kEnumCount<E>) Fail("an enum value is out of range");
            e = static_cast<E>(u);
        } else {
            out_.U8(static_cast<uint8_t>(e));
        }
    }
    // User data: an address means nothing in another run. Not written; loaded as nullptr (world.h).
    void Field([[maybe_unused]] void*& p) {
        if constexpr (Loading) p = nullptr;
    }
    void Field(Vec2& v) { (*this)(v.x, v.y); }
    void Field(Rot& q) { (*this)(q.c, q.s); }
    void Field(Transform& t) { (*this)(t.p, t.q); }
    void Field(AABB& b) { (*this)(b.lower, b.upper); }
    template <class T, size_t N>
    void Field(T (&items)[N]) {
        for (T& x : items) Field(x);
    }
    template <class T>
    void Field(std::vector<T>& items) {
        if constexpr (Loading) {
            items.assign(in_.Count(MinBytes<T>()), T{});
        } else {
            out_.U32(static_cast<uint32_t>(items.size()));
        }
        for (T& x : items) Field(x);
    }
    template <class T>
        requires std::is_class_v<T>
    void Field(T& x) {
        if constexpr (requires { x.Transfer(*this); }) x.Transfer(*this);
        else Transfer(*this, x);
    }

    // Bytes of the smallest T (Smallest: empty lists, the smallest shape and joint), so a count is checked
    // against what the data left can really hold.
    template <class T>
    static size_t MinBytes() {
        static const size_t bytes = [] {
            Archive<false> probe;
            T x = Smallest<T>();
            probe(x);
            return probe.Out().Take().size();
        }();
        return bytes;
    }

    ByteWriter out_;
    ByteReader in_{std::span<const uint8_t>{}};
};

template <class Ar>
void Transfer(Ar& ar, ShapeId& id) {
    ar(id.index, id.generation);
}

template <class Ar>
void Transfer(Ar& ar, BodyId& id) {
    ar(id.index, id.generation);
}

// Ends caused between steps (a destroyed or re-filtered shape): the next step reports them.
template <class Ar>
void Transfer(Ar& ar, ContactEndTouchEvent& e) {
    ar(e.shapeA, e.shapeB);
}

template <class Ar>
void Transfer(Ar& ar, SensorEndTouchEvent& e) {
    ar(e.sensorShape, e.visitorShape);
}

// A joint's def travels as its kind's fields; Load checks them as CreateJoint does (CheckAndLink).
template <class Ar>
void Transfer(Ar& ar, JointDefVariant& def) {
    uint32_t kind = static_cast<uint32_t>(def.index());
    ar(kind);
    static_assert(std::variant_size_v<JointDefVariant> == 7, "a new joint kind needs its fields here");
    if constexpr (Ar::kLoading) {
        switch (kind) {
            case 0: def = RevoluteJointDef{}; break;
            case 1: def = PrismaticJointDef{}; break;
            case 2: def = DistanceJointDef{}; break;
            case 3: def = WeldJointDef{}; break;
            case 4: def = WheelJointDef{}; break;
            case 5: def = MouseJointDef{}; break;
            case 6: def = MotorJointDef{}; break;
            default: ar.Fail("unknown joint kind " + std::to_string(kind));
        }
    }
    std::visit(
        [&](auto& d) {
            using D = std::decay_t<decltype(d)>;
            if constexpr (std::is_same_v<D, RevoluteJointDef>) {
                ar(d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.referenceAngle, d.enableLimit, d.lowerAngle, d.upperAngle);
                ar(d.enableMotor, d.motorSpeed, d.maxMotorTorque, d.enableSpring, d.frequencyHz, d.dampingRatio, d.collideConnected, d.userData);
            } else if constexpr (std::is_same_v<D, PrismaticJointDef>) {
                ar(d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.localAxisA, d.referenceAngle, d.enableLimit, d.lowerTranslation);
                ar(d.upperTranslation, d.enableMotor, d.motorSpeed, d.maxMotorForce, d.enableSpring, d.frequencyHz, d.dampingRatio);
                ar(d.collideConnected, d.userData);
            } else if constexpr (std::is_same_v<D, DistanceJointDef>) {
                ar(d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.length, d.minLength, d.maxLength, d.enableSpring);
                ar(d.frequencyHz, d.dampingRatio, d.collideConnected, d.userData);
            } else if constexpr (std::is_same_v<D, WeldJointDef>) {
                ar(d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.referenceAngle, d.frequencyHz, d.dampingRatio, d.collideConnected);
                ar(d.userData);
            } else if constexpr (std::is_same_v<D, WheelJointDef>) {
                ar(d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, d.localAxisA, d.enableSpring, d.frequencyHz, d.dampingRatio);
                ar(d.enableLimit, d.lowerTranslation, d.upperTranslation, d.enableMotor, d.motorSpeed, d.maxMotorTorque);
                ar(d.collideConnected, d.userData);
            } else if constexpr (std::is_same_v<D, MouseJointDef>) {
                ar(d.body, d.localAnchor, d.target, d.maxForce, d.frequencyHz, d.dampingRatio, d.userData);
            } else {
                static_assert(std::is_same_v<D, MotorJointDef>);
                ar(d.bodyA, d.bodyB, d.linearOffset, d.angularOffset, d.maxForce, d.maxTorque, d.correctionFactor, d.collideConnected);
                ar(d.userData);
            }
        },
        def);
}

template <class Ar>
void Transfer(Ar& ar, JointImpulses& j) {
    ar(j.linear, j.angular, j.axial, j.spring, j.motor, j.lower, j.upper);
}

// Joint::drives and Joint::plain are derived from the def and recomputed by Load (CheckAndLink), as is
// WorldImpl::drivingJoints.
template <class Ar>
void Transfer(Ar& ar, Joint& j) {
    ar(j.type, j.generation, j.alive, j.bodyA, j.bodyB, j.localAnchorA, j.localAnchorB, j.collideConnected, j.def, j.impulses);
    ar(j.reactionForce, j.reactionTorque, j.motorReaction, j.solvedStep);
}

template <class Ar>
void Transfer(Ar& ar, Filter& f) {
    ar(f.categoryBits, f.maskBits, f.groupIndex);
}

template <class Ar>
void Transfer(Ar& ar, SolverSettings& s) {
    ar(s.velocityIterations, s.positionIterations, s.accumulateImpulses, s.warmStarting, s.positionCorrection, s.friction,
       s.restitution, s.bottomUpOrder, s.shockPropagation, s.restStates, s.continuous, s.restitutionThreshold, s.linearSlop,
       s.baumgarte, s.maxCorrection, s.speculativeDistance, s.aabbMargin, s.restLinearSpeed, s.restAngularSpeed, s.restTime,
       s.supportNormalY, s.broadPhase, s.continuousThreshold, s.continuousMaxImpacts, s.threads);
}

template <class Ar>
void Transfer(Ar& ar, ManifoldPoint& p) {
    ar(p.point, p.separation, p.id);
}

template <class Ar>
void Transfer(Ar& ar, Manifold& m) {
    ar(m.normal, m.points, m.pointCount);
}

// A shape travels as what it is made from; Load builds it with its validating constructor (a polygon's
// normals and centroid are recomputed by the same code, so they come back bit for bit).
template <class Ar>
void Transfer(Ar& ar, ShapeGeometry& g) {
    uint32_t kind = static_cast<uint32_t>(g.index());
    ar(kind);
    Vec2 a{}, b{};
    float radius = 0.0f;
    Rot rotation{};
    std::vector<Vec2> vertices;
    if constexpr (!Ar::kLoading) {
        if (const auto* c = std::get_if<Circle>(&g)) {
            a = c->center();
            radius = c->radius();
        } else if (const auto* c = std::get_if<Capsule>(&g)) {
            a = c->a();
            b = c->b();
            radius = c->radius();
        } else if (const auto* box = std::get_if<Box>(&g)) {
            a = box->halfExtents();
            b = box->center();
            rotation = box->rotation();
        } else if (const auto* p = std::get_if<ConvexPolygon>(&g)) {
            vertices.assign(p->vertices().begin(), p->vertices().end());
        } else {
            a = std::get<Segment>(g).a();
            b = std::get<Segment>(g).b();
        }
    }
    static_assert(std::variant_size_v<ShapeGeometry> == 5, "a new shape type needs its fields here");
    switch (kind) {
        case 0: ar(a, radius); break;
        case 1: ar(a, b, radius); break;
        case 2: ar(a, b, rotation); break;
        case 3: ar(vertices); break;
        case 4: ar(a, b); break;
        default: ar.Fail("unknown shape type " + std::to_string(kind));
    }
    if constexpr (Ar::kLoading) {
        try {
            switch (kind) {
                case 0: g = Circle(a, radius); break;
                case 1: g = Capsule(a, b, radius); break;
                case 2: g = Box::FromRotation(a, b, rotation); break;
                case 3: g = ConvexPolygon(vertices); break;
                default: g = Segment(a, b); break;
            }
        } catch (const InvalidArgument& e) {
            ar.Fail(std::string("invalid shape geometry (") + e.what() + ")");
        }
    }
}

template <class Ar>
void Transfer(Ar& ar, Body& b) {
    ar(b.type, b.generation, b.alive, b.frozen, b.rest, b.restTimer, b.restCandidate, b.restHeld, b.restStamp);
    ar(b.xf, b.angle, b.localCenter, b.center, b.v, b.w, b.force, b.torque, b.gravityScale, b.bullet, b.sweepRadius, b.thinnest);
    ar(b.mass, b.invMass, b.inertia, b.invInertia);
    ar(b.supportMinX, b.supportMaxX, b.supportY, b.supportFriction);
    ar(b.shapes, b.contactHead, b.solverIndex, b.integratedStep, b.forceDv, b.forceDw, b.userData);
    ar(b.jointHeld, b.restPreviousV, b.restPreviousW, b.joints);
    ar(b.restV, b.restW, b.supportReaction, b.supportNormal, b.supportPressureX, b.load, b.loadMoment, b.loadStamp);
}

template <class Ar>
void Transfer(Ar& ar, Shape& s) {
    ar(s.generation, s.alive, s.body, s.geometry, s.density, s.friction, s.restitution, s.filter, s.isSensor, s.userData);
    ar(s.proxy, s.moved);
    ar(s.enableContactEvents, s.enableHitEvents, s.visitors);
    ar(s.chain, s.ghost1, s.ghost2);
}

template <class Ar>
void Transfer(Ar& ar, Chain& c) {
    ar(c.generation, c.alive, c.body, c.loop, c.shapes);
}

template <class Ar>
void Transfer(Ar& ar, Contact& c) {
    ar(c.alive, c.shapeA, c.shapeB, c.bodyA, c.bodyB, c.prev, c.next, c.manifold, c.normalImpulse, c.tangentImpulse);
    ar(c.pendingApproach, c.friction, c.restitution, c.nextFree);
    ar(c.hasLocalManifold, c.relativePose, c.localPoint, c.localNormal);
    ar(c.touching, c.enabled, c.hitStep, c.hitEvents);
}

template <class Ar>
void Transfer(Ar& ar, WorldImpl& w) {
    ar(w.gravity, w.settings, w.stepDt, w.stepIndex);
    ar(w.bodies, w.freeBodies, w.shapes, w.freeShapes);
    ar(w.contacts, w.freeContact, w.contactCount);
    ar(w.broadPhase, w.movedShapes);  // shapes re-inserted last step: the next step looks for their new pairs
    ar(w.restStamp, w.continuousStamp, w.loadStamp);
    ar(w.joints, w.freeJoints);
    ar(w.chains, w.freeChains);
    // Events: the ends caused since the last step (the next step reports them); the sensors in creation
    // order. The last step's own event arrays are output, not state: a loaded world reports none until
    // it steps. The pre-solve hook is a function of this run: Load leaves none set (Clone copies it).
    ar(w.pendingEndEvents, w.pendingSensorEndEvents, w.sensorShapes, w.hitEventThreshold);
}

// Everything the world follows without checking must hold, or a later Step could read out of bounds.
// Also rebuilds the contact lookup table.
void CheckAndLink(WorldImpl& w, const Archive<true>& ar) {
    auto require = [&](bool ok, const char* what) {
        if (!ok) ar.Fail(what);
    };
    try {
        Validate(w.settings);
    } catch (const InvalidArgument& e) {
        ar.Fail(std::string("invalid settings (") + e.what() + ")");
    }
    if (const char* problem = w.broadPhase.RestoreAfterLoad()) ar.Fail(problem);
    require(w.broadPhase.Kind() == w.settings.broadPhase, "the broad phase is not the one the settings name");

    const auto bodyCount = static_cast<int>(w.bodies.size());
    const auto shapeCount = static_cast<int>(w.shapes.size());
    const auto contactCount = static_cast<int>(w.contacts.size());
    // Free lists: exactly the dead slots, each once (CreateBody and CreateShape reuse them).
    auto checkFreeList = [&](const std::vector<uint32_t>& list, auto&& isAlive, int count, const char* what) {
        std::vector<uint8_t> listed(static_cast<size_t>(count), 0);
        for (uint32_t i : list) {
            require(i < static_cast<uint32_t>(count) && !isAlive(i) && !listed[i], what);
            listed[i] = 1;
        }
        for (int i = 0; i < count; ++i) require(isAlive(i) || listed[i], what);
    };
    checkFreeList(w.freeBodies, [&](uint32_t i) { return w.bodies[i].alive; }, bodyCount, "bad free body list");
    checkFreeList(w.freeShapes, [&](uint32_t i) { return w.shapes[i].alive; }, shapeCount, "bad free shape list");

    // Bodies and shapes name each other; every live shape has a live broad-phase proxy holding it.
    int listedShapes = 0;
    for (int i = 0; i < bodyCount; ++i) {
        const Body& b = w.bodies[i];
        require(b.solverIndex == kNull, "a body has a solver index between steps");
        if (!b.alive) {
            require(b.shapes.empty() && b.contactHead == kNull, "a destroyed body keeps shapes or contacts");
            continue;
        }
        for (ShapeId sid : b.shapes) {
            require(sid.index < static_cast<uint32_t>(shapeCount), "a body lists a shape out of range");
            const Shape& s = w.shapes[sid.index];
            require(s.alive && s.generation == sid.generation && s.body == i, "a body lists a shape that is not its own");
            ++listedShapes;
        }
    }
    int liveShapes = 0;
    for (int i = 0; i < shapeCount; ++i) {
        const Shape& s = w.shapes[i];
        if (!s.alive) {
            require(s.proxy == kNull, "a destroyed shape keeps a proxy");
            continue;
        }
        ++liveShapes;
        require(s.body >= 0 && s.body < bodyCount && w.bodies[s.body].alive, "a shape's body is out of range or destroyed");
        const auto& own = w.bodies[s.body].shapes;
        require(std::find(own.begin(), own.end(), ShapeId{static_cast<uint32_t>(i), s.generation}) != own.end(),
                "a shape is missing from its body's list");
        require(w.broadPhase.IsProxy(s.proxy) && w.broadPhase.UserData(s.proxy) == i, "a shape's proxy does not hold it");
    }
    require(listedShapes == liveShapes && w.broadPhase.ProxyCount() == liveShapes, "shapes, bodies and proxies disagree");
    for (int si : w.movedShapes) require(si >= 0 && si < shapeCount, "a moved shape is out of range");

    // Chains: each live chain lists live segments of its body that name it back, and every chain segment
    // is listed by its chain, with ghosts a ChainSegment accepts (the narrow phase builds one from them).
    const auto chainCount = static_cast<int>(w.chains.size());
    checkFreeList(w.freeChains, [&](uint32_t i) { return w.chains[i].alive; }, chainCount, "bad free chain list");
    int chainListed = 0;
    for (int i = 0; i < chainCount; ++i) {
        const Chain& c = w.chains[i];
        if (!c.alive) {
            require(c.shapes.empty(), "a destroyed chain keeps shapes");
            continue;
        }
        require(c.body >= 0 && c.body < bodyCount && w.bodies[c.body].alive, "a chain's body is out of range or destroyed");
        for (ShapeId sid : c.shapes) {
            require(sid.index < static_cast<uint32_t>(shapeCount), "a chain lists a shape out of range");
            const Shape& s = w.shapes[sid.index];
            require(s.alive && s.generation == sid.generation && s.chain == i && s.body == c.body, "a chain lists a shape that is not its own");
            ++chainListed;
        }
    }
    int chainSegments = 0;
    for (int i = 0; i < shapeCount; ++i) {
        const Shape& s = w.shapes[i];
        if (!s.alive || s.chain == kNull) continue;
        ++chainSegments;
        require(s.chain >= 0 && s.chain < chainCount && w.chains[s.chain].alive, "a shape's chain is out of range or destroyed");
        require(std::holds_alternative<Segment>(s.geometry), "a chain's shape is not a segment");
        const auto& segment = std::get<Segment>(s.geometry);
        try {
            ChainSegment(s.ghost1, segment.a(), segment.b(), s.ghost2);
        } catch (const InvalidArgument&) {
            ar.Fail("a chain segment's ghost vertices are invalid");
        }
    }
    require(chainListed == chainSegments, "chains and their shapes disagree");

    // Contacts: between live shapes of two bodies in collision order, in both bodies' lists exactly once.
    auto contactInRange = [&](int c) { return c >= kNull && c < contactCount; };
    int liveContacts = 0;
    w.contactByPair.clear();
    for (int i = 0; i < contactCount; ++i) {
        const Contact& c = w.contacts[i];
        if (!c.alive) continue;
        ++liveContacts;
        auto liveShape = [&](int s) { return s >= 0 && s < shapeCount && w.shapes[s].alive; };
        require(liveShape(c.shapeA) && liveShape(c.shapeB), "a contact's shape is out of range or destroyed");
        const Shape& a = w.shapes[c.shapeA];
        const Shape& b = w.shapes[c.shapeB];
        require(c.bodyA == a.body && c.bodyB == b.body && c.bodyA != c.bodyB, "a contact's bodies are not its shapes' bodies");
        // The narrow phase picks the pair function by this order (contact.cpp: CanCollide, ComesFirst).
        require(a.geometry.index() >= b.geometry.index() && !std::holds_alternative<Segment>(b.geometry),
                "a contact's shapes are not in collision order");
        require(c.manifold.pointCount >= 0 && c.manifold.pointCount <= 2, "a manifold has more than two points");
        for (int side = 0; side < 2; ++side)
            require(contactInRange(c.prev[side]) && contactInRange(c.next[side]), "a contact link is out of range");
        require(w.contactByPair.emplace(PairKey(c.shapeA, c.shapeB), i).second, "two contacts for one shape pair");
    }
    require(liveContacts == w.contactCount, "the contact count is wrong");
    std::vector<uint8_t> inList(2 * static_cast<size_t>(contactCount), 0);  // (contact, side) met in a body's list
    for (int i = 0; i < bodyCount; ++i) {
        if (!w.bodies[i].alive) continue;
        for (int c = w.bodies[i].contactHead, prev = kNull; c != kNull;) {
            require(c >= 0 && c < contactCount && w.contacts[c].alive, "a body's contact list holds a dead contact");
            const Contact& contact = w.contacts[c];
            require(contact.bodyA == i || contact.bodyB == i, "a body's contact list holds another body's contact");
            const int side = contact.bodyA == i ? 0 : 1;
            require(!inList[2 * c + side] && contact.prev[side] == prev, "a body's contact list is broken");
            inList[2 * c + side] = 1;
            prev = c;
            c = contact.next[side];
        }
    }
    for (int i = 0; i < contactCount; ++i)
        require(!w.contacts[i].alive || (inList[2 * i] && inList[2 * i + 1]), "a contact is missing from a body's list");
    int freeContacts = 0;
    for (int c = w.freeContact; c != kNull; c = w.contacts[c].nextFree, ++freeContacts)
        require(c >= 0 && c < contactCount && !w.contacts[c].alive && freeContacts < contactCount, "bad free contact list");
    require(liveContacts + freeContacts == contactCount, "a dead contact is missing from the free list");

    // Joints: live ones join live bodies that list them once (the solver follows both directions); defs
    // pass CreateJoint's checks and name the same bodies.
    const auto jointCount = static_cast<int>(w.joints.size());
    checkFreeList(w.freeJoints, [&](uint32_t i) { return w.joints[i].alive; }, jointCount, "bad free joint list");
    w.drivingJoints = 0;
    std::vector<int> listedJoints(static_cast<size_t>(jointCount), 0);
    for (int i = 0; i < bodyCount; ++i) {
        for (int j : w.bodies[i].joints) {
            require(j >= 0 && j < jointCount && w.joints[j].alive, "a body lists a joint that is out of range or destroyed");
            require(w.joints[j].bodyA == i || w.joints[j].bodyB == i, "a body lists a joint that is not its own");
            ++listedJoints[j];
        }
    }
    for (int i = 0; i < jointCount; ++i) {
        Joint& j = w.joints[i];
        if (!j.alive) {
            require(listedJoints[i] == 0, "a destroyed joint is still listed by a body");
            continue;
        }
        require(j.def.index() == static_cast<size_t>(j.type), "a joint's def is not of its kind");
        auto liveBody = [&](int b) { return b >= 0 && b < bodyCount && w.bodies[b].alive; };
        const bool mouse = j.type == JointType::Mouse;
        require((mouse ? j.bodyA == kNull : liveBody(j.bodyA)) && liveBody(j.bodyB) && j.bodyA != j.bodyB,
                "a joint's body is out of range or destroyed");
        require(listedJoints[i] == (mouse ? 1 : 2), "a joint is missing from its bodies' lists");
        try {
            ValidateJointDef(w, j.def);
        } catch (const InvalidArgument& e) {
            ar.Fail(std::string("invalid joint (") + e.what() + ")");
        }
        const bool sameBodies = std::visit(
            [&](const auto& d) {
                if constexpr (requires { d.body; }) return d.body.index == static_cast<uint32_t>(j.bodyB);
                else return d.bodyA.index == static_cast<uint32_t>(j.bodyA) && d.bodyB.index == static_cast<uint32_t>(j.bodyB);
            },
            j.def);
        require(sameBodies, "a joint's def names other bodies than the joint");
        j.drives = Drives(j);
        j.plain = IsPlainRevolute(j);
        w.drivingJoints += j.drives ? 1 : 0;
    }

    // Sensors: each live sensor listed once, in range; visitors sorted (the step merges the lists).
    int liveSensors = 0;
    w.hitEventShapes = 0;
    for (int i = 0; i < shapeCount; ++i) {
        const Shape& s = w.shapes[i];
        require(s.alive || s.visitors.empty(), "a destroyed shape keeps sensor visitors");
        require(s.isSensor || s.visitors.empty(), "a shape that is no sensor has visitors");
        liveSensors += s.alive && s.isSensor ? 1 : 0;
        w.hitEventShapes += s.alive && s.enableHitEvents ? 1 : 0;
        for (size_t v = 0; v < s.visitors.size(); ++v) {
            require(s.visitors[v].index < static_cast<uint32_t>(shapeCount), "a sensor visitor is out of range");
            const ShapeId a = v == 0 ? ShapeId{} : s.visitors[v - 1], b = s.visitors[v];
            require(v == 0 || a.index < b.index || (a.index == b.index && a.generation < b.generation), "a sensor's visitors are not sorted");
        }
    }
    std::vector<uint8_t> sensorListed(static_cast<size_t>(shapeCount), 0);
    for (int si : w.sensorShapes) {
        require(si >= 0 && si < shapeCount && w.shapes[si].alive && w.shapes[si].isSensor && !sensorListed[si], "bad sensor list");
        sensorListed[si] = 1;
    }
    require(static_cast<int>(w.sensorShapes.size()) == liveSensors, "a sensor is missing from the sensor list");
    require(w.hitEventThreshold >= 0.0f, "the hit event threshold is negative");
}

} // namespace

} // namespace detail

std::vector<uint8_t> World::Save() const {
    detail::Archive<false> ar;
    for (uint8_t m : detail::kMagic) ar.Out().U8(m);
    ar.Out().U32(detail::kFormatVersion);
    // The archive only reads when saving: one field list serves both directions.
    detail::Transfer(ar, const_cast<WorldImpl&>(*impl_));
    return ar.Out().Take();
}

World World::Load(std::span<const uint8_t> bytes) {
    detail::Archive<true> ar(bytes);
    if (bytes.size() < detail::kMagic.size() || !std::equal(detail::kMagic.begin(), detail::kMagic.end(), bytes.begin()))
        ar.Fail("not a world snapshot (no SENSUWLD header)");
    for (size_t i = 0; i < detail::kMagic.size(); ++i) ar.In().U8();
    const uint32_t version = ar.In().U32();
    if (version != detail::kFormatVersion)
        ar.Fail("format version " + std::to_string(version) + " is not supported (this build reads version " +
                std::to_string(detail::kFormatVersion) + ")");
    World world;
    detail::Transfer(ar, *world.impl_);
    if (ar.In().Remaining() != 0) ar.Fail(std::to_string(ar.In().Remaining()) + " bytes follow the end of the snapshot");
    detail::CheckAndLink(*world.impl_, ar);
    return world;
}

// A field added to one of these structs must be added to its Transfer list above (and kFormatVersion
// raised) if it affects the future, or declared scratch there. Then update the size here. Checked where
// the layout is known (64-bit libstdc++).
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(detail::Body) == 272, "detail::Body changed: update Transfer(Body) in world_snapshot.cpp");
static_assert(sizeof(detail::Shape) == 264, "detail::Shape changed: update Transfer(Shape) in world_snapshot.cpp");
static_assert(sizeof(detail::Contact) == 172, "detail::Contact changed: update Transfer(Contact) in world_snapshot.cpp");
static_assert(sizeof(WorldImpl) == 1928, "WorldImpl changed: update Transfer(WorldImpl) in world_snapshot.cpp");
static_assert(sizeof(detail::Joint) == 192, "detail::Joint changed: update Transfer(Joint) in world_snapshot.cpp");
static_assert(sizeof(SolverSettings) == 76, "SolverSettings changed: update Transfer(SolverSettings) in world_snapshot.cpp");
#endif

} // namespace sensu
