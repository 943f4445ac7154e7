// World snapshot and restore: Clone copies the state; Save and Load write and read it as bytes.
//
// One list of fields per struct (the Transfer functions below, and the Transfer members of the broad
// phase) serves both directions: Archive<false> writes each field, Archive<true> reads it back into a
// default-constructed world. Adding a field that affects the future is one more name in its list; the
// size checks at the end of this file fail to compile until the lists have been looked at. State a step
// rebuilds from scratch (the solver's and the continuous phase's arrays) is not saved; neither is the
// contact lookup table, which Load rebuilds from the contacts.
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
constexpr uint32_t kFormatVersion = 1;

// Number of values of each enum a snapshot holds (Load rejects larger ones).
template <class E>
constexpr uint32_t kEnumCount = 0;
template <>
constexpr uint32_t kEnumCount<BodyType> = 3;
template <>
constexpr uint32_t kEnumCount<RestState> = 3;
template <>
constexpr uint32_t kEnumCount<BroadPhaseKind> = 2;

template <bool Loading>
class Archive;

template <class Ar> void Transfer(Ar& ar, ShapeId& id);
template <class Ar> void Transfer(Ar& ar, Filter& f);
template <class Ar> void Transfer(Ar& ar, SolverSettings& s);
template <class Ar> void Transfer(Ar& ar, ManifoldPoint& p);
template <class Ar> void Transfer(Ar& ar, Manifold& m);
template <class Ar> void Transfer(Ar& ar, ShapeGeometry& g);
template <class Ar> void Transfer(Ar& ar, Body& b);
template <class Ar> void Transfer(Ar& ar, Shape& s);
template <class Ar> void Transfer(Ar& ar, Contact& c);
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

    // Bytes of the smallest T (a default one: empty lists, the smallest shape), so a count is checked
    // against what the data left can really hold.
    template <class T>
    static size_t MinBytes() {
        static const size_t bytes = [] {
            Archive<false> probe;
            T x{};
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
void Transfer(Ar& ar, Filter& f) {
    ar(f.categoryBits, f.maskBits, f.groupIndex);
}

template <class Ar>
void Transfer(Ar& ar, SolverSettings& s) {
    ar(s.velocityIterations, s.positionIterations, s.accumulateImpulses, s.warmStarting, s.positionCorrection, s.friction,
       s.restitution, s.bottomUpOrder, s.shockPropagation, s.restStates, s.continuous, s.restitutionThreshold, s.linearSlop,
       s.baumgarte, s.maxCorrection, s.speculativeDistance, s.aabbMargin, s.restLinearSpeed, s.restAngularSpeed, s.restTime,
       s.supportNormalY, s.broadPhase, s.continuousThreshold, s.continuousMaxImpacts);
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
}

template <class Ar>
void Transfer(Ar& ar, Shape& s) {
    ar(s.generation, s.alive, s.body, s.geometry, s.density, s.friction, s.restitution, s.filter, s.isSensor, s.userData);
    ar(s.proxy, s.moved);
}

template <class Ar>
void Transfer(Ar& ar, Contact& c) {
    ar(c.alive, c.shapeA, c.shapeB, c.bodyA, c.bodyB, c.prev, c.next, c.manifold, c.normalImpulse, c.tangentImpulse);
    ar(c.pendingApproach, c.friction, c.restitution, c.nextFree);
    ar(c.hasLocalManifold, c.relativePose, c.localPoint, c.localNormal);
}

template <class Ar>
void Transfer(Ar& ar, WorldImpl& w) {
    ar(w.gravity, w.settings, w.stepDt, w.stepIndex);
    ar(w.bodies, w.freeBodies, w.shapes, w.freeShapes);
    ar(w.contacts, w.freeContact, w.contactCount);
    ar(w.broadPhase, w.movedShapes);  // shapes re-inserted last step: the next step looks for their new pairs
    ar(w.restStamp, w.continuousStamp);
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
static_assert(sizeof(detail::Body) == 192, "detail::Body changed: update Transfer(Body) in world_snapshot.cpp");
static_assert(sizeof(detail::Shape) == 216, "detail::Shape changed: update Transfer(Shape) in world_snapshot.cpp");
static_assert(sizeof(detail::Contact) == 160, "detail::Contact changed: update Transfer(Contact) in world_snapshot.cpp");
static_assert(sizeof(WorldImpl) == 1008, "WorldImpl changed: update Transfer(WorldImpl) in world_snapshot.cpp");
static_assert(sizeof(SolverSettings) == 72, "SolverSettings changed: update Transfer(SolverSettings) in world_snapshot.cpp");
#endif

} // namespace sensu
