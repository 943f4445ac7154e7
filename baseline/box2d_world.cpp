#include "sensu_baseline/box2d_world.h"

#include <box2d/box2d.h>

#include <string>

namespace sensu::baseline {

namespace {

b2Vec2 ToB2(Vec2 v) { return {v.x, v.y}; }

b2BodyType ToB2(BodyType type) {
    switch (type) {
        case BodyType::Static: return b2_staticBody;
        case BodyType::Kinematic: return b2_kinematicBody;
        case BodyType::Dynamic: return b2_dynamicBody;
    }
    return b2_staticBody;
}

void AddFixture(b2Body* body, const b2Shape& shape, const ShapeDef& def) {
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = def.density;
    fd.friction = def.friction;
    fd.restitution = def.restitution;
    fd.filter.groupIndex = static_cast<int16_t>(def.filter.groupIndex);
    body->CreateFixture(&fd);
}

void AddShape(b2Body* body, const ShapeDef& def) {
    if (const auto* c = std::get_if<Circle>(&def.geometry)) {
        b2CircleShape s;
        s.m_p = ToB2(c->center());
        s.m_radius = c->radius();
        AddFixture(body, s, def);
    } else if (const auto* c = std::get_if<Capsule>(&def.geometry)) {
        const Vec2 axis = c->b() - c->a();
        const float length = Length(axis);
        for (Vec2 end : {c->a(), c->b()}) {
            b2CircleShape s;
            s.m_p = ToB2(end);
            s.m_radius = c->radius();
            AddFixture(body, s, def);
            if (length <= 0.0f) return;  // degenerate capsule: one circle
        }
        b2PolygonShape s;
        s.SetAsBox(0.5f * length, c->radius(), ToB2(0.5f * (c->a() + c->b())), std::atan2(axis.y, axis.x));
        AddFixture(body, s, def);
    } else if (const auto* b = std::get_if<Box>(&def.geometry)) {
        b2PolygonShape s;
        s.SetAsBox(b->halfExtents().x, b->halfExtents().y, ToB2(b->center()), b->rotation().Angle());
        AddFixture(body, s, def);
    } else if (const auto* p = std::get_if<ConvexPolygon>(&def.geometry)) {
        b2Vec2 points[kMaxPolygonVertices];
        for (int i = 0; i < p->count(); ++i) points[i] = ToB2(p->vertex(i));
        b2PolygonShape s;
        s.Set(points, p->count());
        AddFixture(body, s, def);
    } else {
        const auto& seg = std::get<Segment>(def.geometry);
        b2EdgeShape s;
        s.SetTwoSided(ToB2(seg.a()), ToB2(seg.b()));
        AddFixture(body, s, def);
    }
}

// Box2D 2.4 joint defs from ours: the same anchors (body-origin frames), limits, motors; springs by
// frequency and damping ratio through b2LinearStiffness / b2AngularStiffness. Box2D 2.4's revolute and
// prismatic joints have no spring (theirs is ignored).
void FillCommon(b2JointDef& jd, b2Body* a, b2Body* b, bool collideConnected) {
    jd.bodyA = a;
    jd.bodyB = b;
    jd.collideConnected = collideConnected;
}

b2Joint* CreateB2Joint(b2World& world, b2Body* a, b2Body* b, const RevoluteJointDef& d) {
    b2RevoluteJointDef jd;
    FillCommon(jd, a, b, d.collideConnected);
    jd.localAnchorA = ToB2(d.localAnchorA);
    jd.localAnchorB = ToB2(d.localAnchorB);
    jd.referenceAngle = d.referenceAngle;
    jd.enableLimit = d.enableLimit;
    jd.lowerAngle = d.lowerAngle;
    jd.upperAngle = d.upperAngle;
    jd.enableMotor = d.enableMotor;
    jd.motorSpeed = d.motorSpeed;
    jd.maxMotorTorque = d.maxMotorTorque;
    return world.CreateJoint(&jd);
}

b2Joint* CreateB2Joint(b2World& world, b2Body* a, b2Body* b, const PrismaticJointDef& d) {
    b2PrismaticJointDef jd;
    FillCommon(jd, a, b, d.collideConnected);
    jd.localAnchorA = ToB2(d.localAnchorA);
    jd.localAnchorB = ToB2(d.localAnchorB);
    jd.localAxisA = ToB2(Normalize(d.localAxisA));
    jd.referenceAngle = d.referenceAngle;
    jd.enableLimit = d.enableLimit;
    jd.lowerTranslation = d.lowerTranslation;
    jd.upperTranslation = d.upperTranslation;
    jd.enableMotor = d.enableMotor;
    jd.motorSpeed = d.motorSpeed;
    jd.maxMotorForce = d.maxMotorForce;
    return world.CreateJoint(&jd);
}

b2Joint* CreateB2Joint(b2World& world, b2Body* a, b2Body* b, const DistanceJointDef& d) {
    b2DistanceJointDef jd;
    FillCommon(jd, a, b, d.collideConnected);
    jd.localAnchorA = ToB2(d.localAnchorA);
    jd.localAnchorB = ToB2(d.localAnchorB);
    jd.length = d.length;
    jd.minLength = d.enableSpring ? d.minLength : d.length;
    jd.maxLength = d.enableSpring ? d.maxLength : d.length;
    jd.stiffness = jd.damping = 0.0f;
    if (d.enableSpring && d.frequencyHz > 0.0f) b2LinearStiffness(jd.stiffness, jd.damping, d.frequencyHz, d.dampingRatio, a, b);
    return world.CreateJoint(&jd);
}

b2Joint* CreateB2Joint(b2World& world, b2Body* a, b2Body* b, const WeldJointDef& d) {
    b2WeldJointDef jd;
    FillCommon(jd, a, b, d.collideConnected);
    jd.localAnchorA = ToB2(d.localAnchorA);
    jd.localAnchorB = ToB2(d.localAnchorB);
    jd.referenceAngle = d.referenceAngle;
    jd.stiffness = jd.damping = 0.0f;
    if (d.frequencyHz > 0.0f) b2AngularStiffness(jd.stiffness, jd.damping, d.frequencyHz, d.dampingRatio, a, b);
    return world.CreateJoint(&jd);
}

b2Joint* CreateB2Joint(b2World& world, b2Body* a, b2Body* b, const WheelJointDef& d) {
    b2WheelJointDef jd;
    FillCommon(jd, a, b, d.collideConnected);
    jd.localAnchorA = ToB2(d.localAnchorA);
    jd.localAnchorB = ToB2(d.localAnchorB);
    jd.localAxisA = ToB2(Normalize(d.localAxisA));
    jd.enableLimit = d.enableLimit;
    jd.lowerTranslation = d.lowerTranslation;
    jd.upperTranslation = d.upperTranslation;
    jd.enableMotor = d.enableMotor;
    jd.motorSpeed = d.motorSpeed;
    jd.maxMotorTorque = d.maxMotorTorque;
    jd.stiffness = jd.damping = 0.0f;
    if (d.enableSpring && d.frequencyHz > 0.0f) b2LinearStiffness(jd.stiffness, jd.damping, d.frequencyHz, d.dampingRatio, a, b);
    return world.CreateJoint(&jd);
}

b2Joint* CreateB2Joint(b2World& world, b2Body* a, b2Body* b, const MotorJointDef& d) {
    b2MotorJointDef jd;
    FillCommon(jd, a, b, d.collideConnected);
    jd.linearOffset = ToB2(d.linearOffset);
    jd.angularOffset = d.angularOffset;
    jd.maxForce = d.maxForce;
    jd.maxTorque = d.maxTorque;
    jd.correctionFactor = d.correctionFactor;
    return world.CreateJoint(&jd);
}

// Box2D 2.4's mouse joint grabs the point of B under its target at creation; ours names the grabbed
// point (localAnchor) and the target apart, so the joint is made at the anchor and then retargeted.
// Its spring by frequency and damping ratio through b2LinearStiffness, with A the static body.
b2Joint* CreateB2Joint(b2World& world, b2Body* a, b2Body* b, const MouseJointDef& d) {
    b2MouseJointDef jd;
    FillCommon(jd, a, b, false);
    jd.target = b->GetWorldPoint(ToB2(d.localAnchor));
    jd.maxForce = d.maxForce;
    b2LinearStiffness(jd.stiffness, jd.damping, d.frequencyHz, d.dampingRatio, a, b);
    auto* joint = static_cast<b2MouseJoint*>(world.CreateJoint(&jd));
    joint->SetTarget(ToB2(d.target));
    return joint;
}

} // namespace

Box2DWorld::Box2DWorld(const scenes::SceneDef& scene, bool allowSleeping)
    : world_(std::make_unique<b2World>(ToB2(scene.gravity))),
      dt_(scene.dt),
      velocityIterations_(scene.velocityIterations),
      positionIterations_(scene.positionIterations) {
    world_->SetAllowSleeping(allowSleeping);
    for (const scenes::SceneBody& sb : scene.bodies) AddBody(sb);
    for (const scenes::SceneJoint& joint : scene.joints) {
        b2Body* a = BodyAt(joint.bodyA);
        b2Body* b = BodyAt(joint.bodyB);
        joints_.push_back(std::visit([&](const auto& def) { return CreateB2Joint(*world_, a, b, def); }, joint.def));
    }
}

void Box2DWorld::AddBody(const scenes::SceneBody& sb) {
    b2BodyDef bd;
    bd.type = ToB2(sb.body.type);
    bd.position = ToB2(sb.body.position);
    bd.angle = sb.body.angle;
    bd.linearVelocity = ToB2(sb.body.linearVelocity);
    bd.angularVelocity = sb.body.angularVelocity;
    bd.gravityScale = sb.body.gravityScale;
    bd.bullet = sb.body.bullet;
    b2Body* body = world_->CreateBody(&bd);
    for (const ShapeDef& shape : sb.shapes) AddShape(body, shape);
    bodies_.push_back(body);
    if (sb.body.type == BodyType::Dynamic) dynamicBodies_.push_back(body);
}

b2Body* Box2DWorld::BodyAt(int index) const {
    if (index < 0 || index >= static_cast<int>(bodies_.size()) || bodies_[static_cast<size_t>(index)] == nullptr)
        throw InvalidArgument("Box2DWorld: body index " + std::to_string(index) + " is out of range or destroyed");
    return bodies_[static_cast<size_t>(index)];
}

Transform Box2DWorld::GetTransform(int index) const {
    const b2Transform& xf = BodyAt(index)->GetTransform();
    return {{xf.p.x, xf.p.y}, {xf.q.c, xf.q.s}};
}

bool Box2DWorld::IsAwake(int index) const { return BodyAt(index)->IsAwake(); }

Vec2 Box2DWorld::GetJointReactionForce(int index) const {
    const b2Vec2 f = joints_.at(static_cast<size_t>(index))->GetReactionForce(1.0f / dt_);
    return {f.x, f.y};
}

Vec2 Box2DWorld::GetLinearVelocity(int index) const {
    const b2Vec2 v = BodyAt(index)->GetLinearVelocity();
    return {v.x, v.y};
}

float Box2DWorld::GetAngularVelocity(int index) const { return BodyAt(index)->GetAngularVelocity(); }

void Box2DWorld::SetVelocity(int index, Vec2 linear, float angular) {
    RequireFinite(linear, "Box2DWorld::SetVelocity linear");
    RequireFinite(angular, "Box2DWorld::SetVelocity angular");
    b2Body* body = BodyAt(index);
    body->SetLinearVelocity(ToB2(linear));
    body->SetAngularVelocity(angular);
}

void Box2DWorld::SetTransform(int index, Vec2 position, float angle) {
    RequireFinite(position, "Box2DWorld::SetTransform position");
    RequireFinite(angle, "Box2DWorld::SetTransform angle");
    BodyAt(index)->SetTransform(ToB2(position), angle);
}

void Box2DWorld::DestroyBody(int index) {
    b2Body* body = BodyAt(index);
    std::erase(dynamicBodies_, body);
    world_->DestroyBody(body);
    bodies_[static_cast<size_t>(index)] = nullptr;
}

Box2DWorld::~Box2DWorld() = default;

void Box2DWorld::Step() { world_->Step(dt_, velocityIterations_, positionIterations_); }

void Box2DWorld::Sample(std::vector<scenes::BodySample>& out) const {
    out.clear();
    for (const b2Body* body : dynamicBodies_) {
        const b2Vec2 p = body->GetPosition();
        const b2Vec2 v = body->GetLinearVelocity();
        out.push_back({{p.x, p.y}, body->GetAngle(), {v.x, v.y}, body->GetAngularVelocity(), !body->IsAwake()});
    }
}

int Box2DWorld::AwakeBodyCount() const {
    int n = 0;
    for (const b2Body* body : dynamicBodies_) n += body->IsAwake() ? 1 : 0;
    return n;
}

} // namespace sensu::baseline
