// World's joint API: creation from defs (validated before anything changes), destruction, reading and
// the run-time setters. The solver side lives in joint.cpp and the kinds' files.
#include <string>

#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::Joint;
using detail::kNull;

namespace {

void RequireNonNegative(float x, const char* what) {
    RequireFinite(x, what);
    if (x < 0.0f) throw InvalidArgument(std::string(what) + " must be >= 0");
}

void RequireOrdered(float lower, float upper, const char* what) {
    RequireFinite(lower, what);
    RequireFinite(upper, what);
    if (lower > upper) throw InvalidArgument(std::string(what) + ": lower must be <= upper");
}

void RequireAxis(Vec2 axis, const char* what) {
    RequireFinite(axis, what);
    if (LengthSquared(axis) < 1e-12f) throw InvalidArgument(std::string(what) + " must be non-zero");
}

// Checks the two bodies of a def (live ids, distinct, one dynamic) and the anchors.
void RequireBodies(const WorldImpl& w, BodyId a, BodyId b, Vec2 anchorA, Vec2 anchorB, const char* kind) {
    const Body& A = w.BodyAt(a);
    const Body& B = w.BodyAt(b);
    if (a == b) throw InvalidArgument(std::string(kind) + ": a joint needs two different bodies");
    if (A.type != BodyType::Dynamic && B.type != BodyType::Dynamic)
        throw InvalidArgument(std::string(kind) + ": at least one of the two bodies must be dynamic");
    RequireFinite(anchorA, "joint localAnchorA");
    RequireFinite(anchorB, "joint localAnchorB");
}

void RequireSpring(float frequencyHz, float dampingRatio) {
    RequireNonNegative(frequencyHz, "joint frequencyHz");
    RequireNonNegative(dampingRatio, "joint dampingRatio");
}

void Validate(const WorldImpl& w, const RevoluteJointDef& d) {
    RequireBodies(w, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, "RevoluteJointDef");
    RequireFinite(d.referenceAngle, "RevoluteJointDef.referenceAngle");
    RequireOrdered(d.lowerAngle, d.upperAngle, "RevoluteJointDef angle limits");
    RequireFinite(d.motorSpeed, "RevoluteJointDef.motorSpeed");
    RequireNonNegative(d.maxMotorTorque, "RevoluteJointDef.maxMotorTorque");
    RequireSpring(d.frequencyHz, d.dampingRatio);
}

void Validate(const WorldImpl& w, const PrismaticJointDef& d) {
    RequireBodies(w, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, "PrismaticJointDef");
    RequireAxis(d.localAxisA, "PrismaticJointDef.localAxisA");
    RequireFinite(d.referenceAngle, "PrismaticJointDef.referenceAngle");
    RequireOrdered(d.lowerTranslation, d.upperTranslation, "PrismaticJointDef translation limits");
    RequireFinite(d.motorSpeed, "PrismaticJointDef.motorSpeed");
    RequireNonNegative(d.maxMotorForce, "PrismaticJointDef.maxMotorForce");
    RequireSpring(d.frequencyHz, d.dampingRatio);
}

void Validate(const WorldImpl& w, const DistanceJointDef& d) {
    RequireBodies(w, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, "DistanceJointDef");
    RequireFinite(d.length, "DistanceJointDef.length");
    if (d.length <= 0.0f) throw InvalidArgument("DistanceJointDef.length must be > 0");
    RequireNonNegative(d.minLength, "DistanceJointDef.minLength");
    RequireOrdered(d.minLength, d.maxLength, "DistanceJointDef min/max length");
    RequireSpring(d.frequencyHz, d.dampingRatio);
}

void Validate(const WorldImpl& w, const WeldJointDef& d) {
    RequireBodies(w, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, "WeldJointDef");
    RequireFinite(d.referenceAngle, "WeldJointDef.referenceAngle");
    RequireSpring(d.frequencyHz, d.dampingRatio);
}

void Validate(const WorldImpl& w, const WheelJointDef& d) {
    RequireBodies(w, d.bodyA, d.bodyB, d.localAnchorA, d.localAnchorB, "WheelJointDef");
    RequireAxis(d.localAxisA, "WheelJointDef.localAxisA");
    RequireOrdered(d.lowerTranslation, d.upperTranslation, "WheelJointDef translation limits");
    RequireFinite(d.motorSpeed, "WheelJointDef.motorSpeed");
    RequireNonNegative(d.maxMotorTorque, "WheelJointDef.maxMotorTorque");
    RequireSpring(d.frequencyHz, d.dampingRatio);
}

void Validate(const WorldImpl& w, const MouseJointDef& d) {
    if (w.BodyAt(d.body).type != BodyType::Dynamic) throw InvalidArgument("MouseJointDef.body must be dynamic");
    RequireFinite(d.localAnchor, "MouseJointDef.localAnchor");
    RequireFinite(d.target, "MouseJointDef.target");
    RequireNonNegative(d.maxForce, "MouseJointDef.maxForce");
    RequireSpring(d.frequencyHz, d.dampingRatio);
    if (d.frequencyHz <= 0.0f) throw InvalidArgument("MouseJointDef.frequencyHz must be > 0");
}

void Validate(const WorldImpl& w, const MotorJointDef& d) {
    RequireBodies(w, d.bodyA, d.bodyB, {}, {}, "MotorJointDef");
    RequireFinite(d.linearOffset, "MotorJointDef.linearOffset");
    RequireFinite(d.angularOffset, "MotorJointDef.angularOffset");
    RequireNonNegative(d.maxForce, "MotorJointDef.maxForce");
    RequireNonNegative(d.maxTorque, "MotorJointDef.maxTorque");
    RequireFinite(d.correctionFactor, "MotorJointDef.correctionFactor");
    if (d.correctionFactor < 0.0f || d.correctionFactor > 1.0f) throw InvalidArgument("MotorJointDef.correctionFactor must be in [0, 1]");
}

// After validation: a slot, the body lists, woken piles, and no contacts between the two bodies unless
// collideConnected.
JointId AddJoint(WorldImpl& w, JointType type, int bodyA, int bodyB, Vec2 anchorA, Vec2 anchorB, bool collideConnected,
                 detail::JointDefVariant def) {
    uint32_t index;
    if (!w.freeJoints.empty()) {
        index = w.freeJoints.back();
        w.freeJoints.pop_back();
    } else {
        index = static_cast<uint32_t>(w.joints.size());
        w.joints.emplace_back();
    }
    Joint& j = w.joints[index];
    const uint32_t generation = j.generation + 1;
    j = Joint{};
    j.generation = generation;
    j.alive = true;
    j.type = type;
    j.bodyA = bodyA;
    j.bodyB = bodyB;
    j.localAnchorA = anchorA;
    j.localAnchorB = anchorB;
    j.collideConnected = collideConnected;
    j.def = std::move(def);
    w.RefreshJointFlags(static_cast<int>(index));
    for (int body : {bodyA, bodyB}) {
        if (body == kNull) continue;
        w.WakePile(body);
        w.bodies[body].joints.push_back(static_cast<int>(index));
    }
    if (!collideConnected && bodyA != kNull) {
        for (int c = w.bodies[bodyA].contactHead; c != kNull;) {
            const detail::Contact& contact = w.contacts[c];
            const int next = contact.next[contact.bodyA == bodyA ? 0 : 1];
            if (contact.bodyA == bodyB || contact.bodyB == bodyB) w.DestroyContact(c);
            c = next;
        }
    }
    return {index, generation};
}

template <class Def>
JointId CreateTwoBodyJoint(WorldImpl& w, JointType type, const Def& def, Vec2 anchorA, Vec2 anchorB) {
    Validate(w, def);
    return AddJoint(w, type, static_cast<int>(def.bodyA.index), static_cast<int>(def.bodyB.index), anchorA, anchorB, def.collideConnected,
                    def);
}

template <class Def>
Def& DefOf(Joint& joint, const char* what) {
    if (auto* def = std::get_if<Def>(&joint.def)) return *def;
    throw InvalidArgument(std::string(what) + ": not supported by this joint type");
}

} // namespace

void detail::ValidateJointDef(const WorldImpl& w, const JointDefVariant& def) {
    std::visit([&](const auto& d) { Validate(w, d); }, def);
}

JointId World::CreateJoint(const RevoluteJointDef& d) {
    return CreateTwoBodyJoint(*impl_, JointType::Revolute, d, d.localAnchorA, d.localAnchorB);
}
JointId World::CreateJoint(const PrismaticJointDef& d) {
    return CreateTwoBodyJoint(*impl_, JointType::Prismatic, d, d.localAnchorA, d.localAnchorB);
}
JointId World::CreateJoint(const DistanceJointDef& d) {
    return CreateTwoBodyJoint(*impl_, JointType::Distance, d, d.localAnchorA, d.localAnchorB);
}
JointId World::CreateJoint(const WeldJointDef& d) { return CreateTwoBodyJoint(*impl_, JointType::Weld, d, d.localAnchorA, d.localAnchorB); }
JointId World::CreateJoint(const WheelJointDef& d) { return CreateTwoBodyJoint(*impl_, JointType::Wheel, d, d.localAnchorA, d.localAnchorB); }
JointId World::CreateJoint(const MotorJointDef& d) { return CreateTwoBodyJoint(*impl_, JointType::Motor, d, {}, {}); }

JointId World::CreateJoint(const MouseJointDef& d) {
    Validate(*impl_, d);
    return AddJoint(*impl_, JointType::Mouse, kNull, static_cast<int>(d.body.index), {}, d.localAnchor, true, d);
}

void World::DestroyJoint(JointId id) {
    impl_->JointAt(id);
    impl_->DestroyJointAt(static_cast<int>(id.index));
}

bool World::IsValid(JointId id) const {
    return id.index < impl_->joints.size() && impl_->joints[id.index].alive && impl_->joints[id.index].generation == id.generation;
}

JointType World::GetType(JointId id) const { return impl_->JointAt(id).type; }

BodyId World::GetBodyA(JointId id) const {
    const Joint& j = impl_->JointAt(id);
    return impl_->IdOf(j.bodyA == kNull ? j.bodyB : j.bodyA);
}

BodyId World::GetBodyB(JointId id) const { return impl_->IdOf(impl_->JointAt(id).bodyB); }
Vec2 World::GetReactionForce(JointId id) const {
    const Joint& j = impl_->JointAt(id);
    return j.solvedStep == impl_->stepIndex && impl_->stepIndex != 0 ? j.reactionForce : Vec2{};
}

float World::GetReactionTorque(JointId id) const {
    const Joint& j = impl_->JointAt(id);
    return j.solvedStep == impl_->stepIndex && impl_->stepIndex != 0 ? j.reactionTorque : 0.0f;
}

float World::GetMotorReaction(JointId id) const {
    const Joint& j = impl_->JointAt(id);
    return j.solvedStep == impl_->stepIndex && impl_->stepIndex != 0 ? j.motorReaction : 0.0f;
}

float World::GetJointAngle(JointId id) const {
    Joint& j = impl_->JointAt(id);
    const auto& def = DefOf<RevoluteJointDef>(j, "GetJointAngle");
    return impl_->bodies[j.bodyB].angle - impl_->bodies[j.bodyA].angle - def.referenceAngle;
}

float World::GetJointTranslation(JointId id) const {
    Joint& j = impl_->JointAt(id);
    Vec2 localAxis;
    if (j.type == JointType::Prismatic) {
        localAxis = std::get<PrismaticJointDef>(j.def).localAxisA;
    } else if (j.type == JointType::Wheel) {
        localAxis = std::get<WheelJointDef>(j.def).localAxisA;
    } else {
        throw InvalidArgument("GetJointTranslation: not supported by this joint type");
    }
    const Body& A = impl_->bodies[j.bodyA];
    const Body& B = impl_->bodies[j.bodyB];
    const Vec2 d = TransformPoint(B.xf, j.localAnchorB) - TransformPoint(A.xf, j.localAnchorA);
    return Dot(Rotate(A.xf.q, Normalize(localAxis)), d);
}

Vec2 World::GetAnchorA(JointId id) const {
    const Joint& j = impl_->JointAt(id);
    return j.bodyA == kNull ? std::get<MouseJointDef>(j.def).target : TransformPoint(impl_->bodies[j.bodyA].xf, j.localAnchorA);
}

Vec2 World::GetAnchorB(JointId id) const {
    const Joint& j = impl_->JointAt(id);
    return TransformPoint(impl_->bodies[j.bodyB].xf, j.localAnchorB);
}

float World::GetJointLength(JointId id) const { return Distance(GetAnchorA(id), GetAnchorB(id)); }

namespace {

// Wakes the joint's piles after a setter changed what it does.
void WakeJoint(WorldImpl& w, const Joint& j) {
    w.RefreshJointFlags(static_cast<int>(&j - w.joints.data()));
    if (j.bodyA != kNull) w.WakePile(j.bodyA);
    w.WakePile(j.bodyB);
}

} // namespace

void World::EnableMotor(JointId id, bool enable) {
    Joint& j = impl_->JointAt(id);
    if (auto* d = std::get_if<RevoluteJointDef>(&j.def)) d->enableMotor = enable;
    else if (auto* p = std::get_if<PrismaticJointDef>(&j.def)) p->enableMotor = enable;
    else DefOf<WheelJointDef>(j, "EnableMotor").enableMotor = enable;
    WakeJoint(*impl_, j);
}

void World::SetMotorSpeed(JointId id, float speed) {
    RequireFinite(speed, "SetMotorSpeed speed");
    Joint& j = impl_->JointAt(id);
    if (auto* d = std::get_if<RevoluteJointDef>(&j.def)) d->motorSpeed = speed;
    else if (auto* p = std::get_if<PrismaticJointDef>(&j.def)) p->motorSpeed = speed;
    else DefOf<WheelJointDef>(j, "SetMotorSpeed").motorSpeed = speed;
    WakeJoint(*impl_, j);
}

void World::SetMaxMotorTorque(JointId id, float torque) {
    RequireNonNegative(torque, "SetMaxMotorTorque torque");
    Joint& j = impl_->JointAt(id);
    if (auto* d = std::get_if<RevoluteJointDef>(&j.def)) d->maxMotorTorque = torque;
    else DefOf<WheelJointDef>(j, "SetMaxMotorTorque").maxMotorTorque = torque;
    WakeJoint(*impl_, j);
}

void World::SetMaxMotorForce(JointId id, float force) {
    RequireNonNegative(force, "SetMaxMotorForce force");
    Joint& j = impl_->JointAt(id);
    DefOf<PrismaticJointDef>(j, "SetMaxMotorForce").maxMotorForce = force;
    WakeJoint(*impl_, j);
}

void World::EnableLimit(JointId id, bool enable) {
    Joint& j = impl_->JointAt(id);
    if (auto* d = std::get_if<RevoluteJointDef>(&j.def)) d->enableLimit = enable;
    else if (auto* p = std::get_if<PrismaticJointDef>(&j.def)) p->enableLimit = enable;
    else DefOf<WheelJointDef>(j, "EnableLimit").enableLimit = enable;
    WakeJoint(*impl_, j);
}

void World::SetLimits(JointId id, float lower, float upper) {
    RequireOrdered(lower, upper, "SetLimits");
    Joint& j = impl_->JointAt(id);
    if (auto* d = std::get_if<RevoluteJointDef>(&j.def)) {
        d->lowerAngle = lower;
        d->upperAngle = upper;
    } else if (auto* p = std::get_if<PrismaticJointDef>(&j.def)) {
        p->lowerTranslation = lower;
        p->upperTranslation = upper;
    } else {
        auto& wheel = DefOf<WheelJointDef>(j, "SetLimits");
        wheel.lowerTranslation = lower;
        wheel.upperTranslation = upper;
    }
    WakeJoint(*impl_, j);
}

void World::SetSpring(JointId id, float frequencyHz, float dampingRatio) {
    RequireSpring(frequencyHz, dampingRatio);
    Joint& j = impl_->JointAt(id);
    if (j.type == JointType::Mouse && frequencyHz <= 0.0f) throw InvalidArgument("SetSpring: a mouse joint needs frequencyHz > 0");
    std::visit(
        [&](auto& def) {
            if constexpr (requires { def.frequencyHz; }) {
                def.frequencyHz = frequencyHz;
                def.dampingRatio = dampingRatio;
            } else {
                throw InvalidArgument("SetSpring: not supported by this joint type");
            }
        },
        j.def);
    WakeJoint(*impl_, j);
}

void World::SetTarget(JointId id, Vec2 target) {
    RequireFinite(target, "SetTarget target");
    Joint& j = impl_->JointAt(id);
    DefOf<MouseJointDef>(j, "SetTarget").target = target;
    WakeJoint(*impl_, j);
}

void World::SetMotorOffsets(JointId id, Vec2 linearOffset, float angularOffset) {
    RequireFinite(linearOffset, "SetMotorOffsets linearOffset");
    RequireFinite(angularOffset, "SetMotorOffsets angularOffset");
    Joint& j = impl_->JointAt(id);
    auto& def = DefOf<MotorJointDef>(j, "SetMotorOffsets");
    def.linearOffset = linearOffset;
    def.angularOffset = angularOffset;
    WakeJoint(*impl_, j);
}

void* World::GetUserData(JointId id) const {
    return std::visit([](const auto& def) { return def.userData; }, impl_->JointAt(id).def);
}

void World::GetJoints(std::vector<JointId>& out) const {
    out.clear();
    for (size_t i = 0; i < impl_->joints.size(); ++i)
        if (impl_->joints[i].alive) out.push_back({static_cast<uint32_t>(i), impl_->joints[i].generation});
}

int World::GetJointCount() const { return static_cast<int>(impl_->joints.size() - impl_->freeJoints.size()); }

} // namespace sensu
