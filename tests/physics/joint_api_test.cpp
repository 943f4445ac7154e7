// Joint API: ids with generations, bad input throws with the world unchanged, destroying a body
// destroys its joints, collideConnected.
#include <catch2/catch.hpp>
#include <limits>

#include "joint_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

} // namespace

TEST_CASE("Bad joint input throws InvalidArgument and leaves the world unchanged", "[joint][api]") {
    World world;
    const BodyId ground = AddGround(world);
    const BodyId a = AddBox(world, {0.0f, 1.0f}, {0.5f, 0.5f});
    const BodyId b = AddBox(world, {2.0f, 1.0f}, {0.5f, 0.5f});
    const BodyId otherStatic = AddStaticPoint(world, {5.0f, 5.0f});
    const BodyId stale = AddBox(world, {9.0f, 1.0f}, {0.5f, 0.5f});
    world.DestroyBody(stale);
    const JointId existing = world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = b});
    StepN(world, 5);
    const uint64_t hash = world.StateHash();
    const int jointCount = world.GetJointCount();
    const int contactCount = world.GetContactCount();
    auto unchanged = [&] {
        CHECK(world.StateHash() == hash);
        CHECK(world.GetJointCount() == jointCount);
        CHECK(world.GetContactCount() == contactCount);
    };
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = a}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = ground, .bodyB = otherStatic}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = stale}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = b, .localAnchorA = {kNaN, 0.0f}}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = b, .referenceAngle = kInf}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = b, .lowerAngle = 1.0f, .upperAngle = 0.0f}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = b, .maxMotorTorque = -1.0f}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(RevoluteJointDef{.bodyA = a, .bodyB = b, .frequencyHz = -1.0f}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(DistanceJointDef{.bodyA = a, .bodyB = b, .length = 0.0f}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(DistanceJointDef{.bodyA = a, .bodyB = b, .minLength = 2.0f, .maxLength = 1.0f}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(PrismaticJointDef{.bodyA = a, .bodyB = b, .localAxisA = {0.0f, 0.0f}}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(WheelJointDef{.bodyA = a, .bodyB = b, .dampingRatio = kNaN}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(WeldJointDef{.bodyA = a, .bodyB = b, .frequencyHz = kInf}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(MouseJointDef{.body = ground, .target = {0.0f, 0.0f}}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(MouseJointDef{.body = a, .target = {kNaN, 0.0f}}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(MouseJointDef{.body = a, .maxForce = -1.0f}), InvalidArgument);
    CHECK_THROWS_AS(world.CreateJoint(MotorJointDef{.bodyA = a, .bodyB = b, .correctionFactor = 2.0f}), InvalidArgument);
    CHECK_THROWS_AS(world.SetLimits(existing, 1.0f, -1.0f), InvalidArgument);
    CHECK_THROWS_AS(world.SetMotorSpeed(existing, kNaN), InvalidArgument);
    CHECK_THROWS_AS(world.SetTarget(existing, {0.0f, 0.0f}), InvalidArgument);         // not a mouse joint
    CHECK_THROWS_AS(world.GetJointTranslation(existing), InvalidArgument);           // not a slider
    CHECK_THROWS_AS(world.SetMaxMotorForce(existing, 1.0f), InvalidArgument);
    unchanged();
    world.DestroyJoint(existing);
    CHECK_THROWS_AS(world.DestroyJoint(existing), InvalidArgument);
    CHECK_THROWS_AS(world.GetReactionForce(existing), InvalidArgument);
}

TEST_CASE("Joint ids carry generations; destroying a body destroys its joints", "[joint][api]") {
    World world;
    const BodyId ground = AddStaticPoint(world, {0.0f, 5.0f});
    const BodyId a = AddCircle(world, {1.0f, 5.0f}, 0.2f);
    const BodyId b = AddCircle(world, {2.0f, 5.0f}, 0.2f);
    const JointId ja = world.CreateJoint(AnchoredAt(world, RevoluteJointDef{.bodyA = ground, .bodyB = a}, {0.0f, 5.0f}));
    const JointId jb = world.CreateJoint(DistanceJointDef{.bodyA = a, .bodyB = b, .length = 1.0f});
    CHECK(world.GetJointCount() == 2);
    CHECK(world.GetBodyA(jb) == a);
    CHECK(world.GetBodyB(jb) == b);
    CHECK(world.GetType(ja) == JointType::Revolute);
    world.DestroyBody(a);
    CHECK_FALSE(world.IsValid(ja));
    CHECK_FALSE(world.IsValid(jb));
    CHECK(world.GetJointCount() == 0);
    const JointId reused = world.CreateJoint(DistanceJointDef{.bodyA = ground, .bodyB = b, .length = 1.0f});
    CHECK(reused.index < 2);  // a freed slot is reused with a new generation
    CHECK(reused.generation == 2);
    CHECK(world.IsValid(reused));
    CHECK_FALSE(world.IsValid(jb));
    StepN(world, 60);
    CHECK(AllFinite(world));
}

TEST_CASE("Jointed bodies touch only with collideConnected", "[joint][api]") {
    for (const bool collide : {false, true}) {
        World world;
        AddGround(world);
        const BodyId a = AddBox(world, {0.0f, 0.5f}, {0.5f, 0.5f});
        const BodyId b = AddBox(world, {0.0f, 1.5f}, {0.5f, 0.5f});
        StepN(world, 10);
        REQUIRE(world.GetContactCount() >= 2);  // ground–a and a–b
        const JointId j = world.CreateJoint(
            AnchoredAt(world, RevoluteJointDef{.bodyA = a, .bodyB = b, .collideConnected = collide}, {0.0f, 1.0f}));
        StepN(world, 10);
        std::vector<ContactPointInfo> points;
        world.GetContactPoints(points);
        bool touching = false;
        for (const ContactPointInfo& p : points) touching = touching || ((p.bodyA == a && p.bodyB == b) || (p.bodyA == b && p.bodyB == a));
        CHECK(touching == collide);
        world.DestroyJoint(j);
        StepN(world, 2);
        world.GetContactPoints(points);
        touching = false;
        for (const ContactPointInfo& p : points) touching = touching || ((p.bodyA == a && p.bodyB == b) || (p.bodyA == b && p.bodyB == a));
        CHECK(touching);  // the pair is found again once the joint is gone
    }
}
