// World snapshot and restore: Clone copies the state; Save and Load write and read it as bytes.
//
// One list of fields per struct (the Transfer functions below, and the Transfer members of the broad
// phase) serves both directions: Archive<false> writes each field, Archive<true> reads it back into a
// default-constructed world. Adding a field that affects the future is one more name in its list; the
// size checks at the end of this file fail to compile until the lists have been looked at. State a step
// rebuilds from scratch (the solver's and the continuous phase's arrays and trees, the worker threads) is not
// saved; neither is the contact lookup table, which Load rebuilds from the contacts, nor the solver's
// remembered contact order (orderCache), which is used only for the very graph it was built from, nor the
// step profile (measured times, not state).
//
// Load trusts nothing: counts never exceed what the bytes left can hold, enums and flags are range
// checked, floats must be finite (the Archive, snapshot_archive.h, which also holds the header and format
// version), and every index the world follows without checking (shape and contact ids, body contact
// lists, free lists, the broad phase's trees) is validated before the world is returned (CheckAndLink,
// snapshot_checks.cpp).
#include "sensu/physics/world.h"

#include <algorithm>
#include <string>
#include <type_traits>

#include "snapshot_archive.h"

namespace sensu {

World World::Clone() const {
    World copy;
    copy.impl_ = std::make_unique<WorldImpl>(*impl_);
    return copy;
}

namespace detail::snapshot {

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
    ar(s.solver, s.subSteps, s.contactHertz, s.contactDampingRatio, s.maxPushOutSpeed);
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
    // (restHeld is scratch: UpdateRestStates judges it for a group's members before it reads it.)
    ar(b.type, b.generation, b.alive, b.frozen, b.restTimer, b.restCandidate, b.restStamp);
    ar(b.xf, b.angle, b.localCenter, b.center, b.v, b.w, b.force, b.torque, b.gravityScale, b.bullet, b.sweepRadius, b.turnReach, b.thinnest);
    ar(b.mass, b.invMass, b.inertia, b.invInertia);
    ar(b.shapes, b.contactHead, b.solverIndex, b.integratedStep, b.forceDv, b.forceDw, b.userData);
    ar(b.jointHeld, b.restPreviousV, b.restPreviousW, b.joints);
    ar(b.restV, b.restW, b.load, b.loadMoment, b.loadStamp);
    // The support record is read only while the body is frozen on floor supports (HoldsLoad, PassLoadDown),
    // and written when it freezes so: any other body's record is what an earlier judgement left, not state.
    // (frozen and jointHeld are read above, so Load knows whether the record follows.)
    if (b.frozen && !b.jointHeld) {
        ar(b.supportMinX, b.supportMaxX, b.supportY, b.supportFriction);
        ar(b.supportReaction, b.supportNormal, b.supportPressureX);
    }
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
    if constexpr (std::is_same_v<Ar, Archive<true>>) ResetCarryConstants(c);  // derived, not stored
    // (margin and marginStamp are scratch: the continuous phase reads the margin only of a manifold
    // computed in its own step, and a loaded world's stamps, all 0, name no step.)
}

template <class Ar>
void Transfer(Ar& ar, WorldImpl& w) {
    ar(w.gravity, w.settings, w.stepDt, w.stepIndex);
    ar(w.bodies, w.freeBodies, w.shapes, w.freeShapes);
    ar(w.contacts, w.freeContact, w.contactCount);  // (freshContacts is empty between steps: not state)
    ar(w.broadPhase, w.movedShapes);  // shapes re-inserted last step: the next step looks for their new pairs
    ar(w.restStamp, w.continuousStamp, w.loadStamp);
    ar(w.joints, w.freeJoints);
    ar(w.chains, w.freeChains);
    // Events: the ends caused since the last step (the next step reports them); the sensors in creation
    // order. The last step's own event arrays are output, not state: a loaded world reports none until
    // it steps. The pre-solve hook is a function of this run: Load leaves none set (Clone copies it).
    ar(w.pendingEndEvents, w.pendingSensorEndEvents, w.sensorShapes, w.hitEventThreshold);
}

} // namespace detail::snapshot

std::vector<uint8_t> World::Save() const {
    detail::snapshot::Archive<false> ar;
    for (uint8_t m : detail::snapshot::kMagic) ar.Out().U8(m);
    ar.Out().U32(detail::snapshot::kFormatVersion);
    // The archive only reads when saving: one field list serves both directions.
    detail::snapshot::Transfer(ar, const_cast<WorldImpl&>(*impl_));
    return ar.Out().Take();
}

World World::Load(std::span<const uint8_t> bytes) {
    detail::snapshot::Archive<true> ar(bytes);
    const auto& magic = detail::snapshot::kMagic;
    if (bytes.size() < magic.size() || !std::equal(magic.begin(), magic.end(), bytes.begin()))
        ar.Fail("not a world snapshot (no SENSUWLD header)");
    for (size_t i = 0; i < magic.size(); ++i) ar.In().U8();
    const uint32_t version = ar.In().U32();
    if (version != detail::snapshot::kFormatVersion)
        ar.Fail("format version " + std::to_string(version) + " is not supported (this build reads version " +
                std::to_string(detail::snapshot::kFormatVersion) + ")");
    World world;
    detail::snapshot::Transfer(ar, *world.impl_);
    if (ar.In().Remaining() != 0) ar.Fail(std::to_string(ar.In().Remaining()) + " bytes follow the end of the snapshot");
    detail::snapshot::CheckAndLink(*world.impl_, ar);
    return world;
}

// A field added to one of these structs must be added to its Transfer list above (and kFormatVersion
// raised) if it affects the future, or declared scratch there. Then update the size here. Checked where
// the layout is known (64-bit libstdc++).
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(detail::Body) == 280, "detail::Body changed: update Transfer(Body) in world_snapshot.cpp");
static_assert(sizeof(detail::Shape) == 264, "detail::Shape changed: update Transfer(Shape) in world_snapshot.cpp");
static_assert(sizeof(detail::Contact) == 220, "detail::Contact changed: update Transfer(Contact) in world_snapshot.cpp");
static_assert(sizeof(WorldImpl) == 4224, "WorldImpl changed: update Transfer(WorldImpl) in world_snapshot.cpp");
static_assert(sizeof(detail::Joint) == 192, "detail::Joint changed: update Transfer(Joint) in world_snapshot.cpp");
static_assert(sizeof(SolverSettings) == 96, "SolverSettings changed: update Transfer(SolverSettings) in world_snapshot.cpp");
#endif

} // namespace sensu
