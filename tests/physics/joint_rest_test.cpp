// Rest states with joints (seed 004 generalised, issue 13): a pile is bodies connected by contacts or
// joints. Jointed bodies freeze together and wake together; a running motor or a joint to a moving
// body keeps the pile awake; a frozen ragdoll hit anywhere wakes whole.
#include <catch2/catch.hpp>
#include <cmath>

#include "joint_test_util.h"
#include "sensu_scenes/joints.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A chain of `links` boxes hanging straight down from a static pin at (0, 10), built at rest; a
// joint friction torque (N·m, a motor held at speed 0) lets a swinging chain come to rest.
std::vector<BodyId> HangingChain(World& world, int links, float jointFriction = 0.0f) {
    std::vector<BodyId> chain;
    BodyId previous = AddStaticPoint(world, {0.0f, 10.0f});
    for (int i = 0; i < links; ++i) {
        const Vec2 center{0.0f, 10.0f - 0.5f * (static_cast<float>(i) + 0.5f)};
        const BodyId link = AddBox(world, center, {0.05f, 0.25f});
        world.CreateJoint(AnchoredAt(world,
                                     RevoluteJointDef{.bodyA = previous, .bodyB = link, .enableMotor = jointFriction > 0.0f,
                                                      .maxMotorTorque = jointFriction},
                                     center + Vec2{0.0f, 0.25f}));
        chain.push_back(link);
        previous = link;
    }
    return chain;
}

int AwakeCount(const World& world, const std::vector<BodyId>& bodies) {
    int n = 0;
    for (BodyId b : bodies) n += world.IsAwake(b) ? 1 : 0;
    return n;
}

} // namespace

TEST_CASE("A hanging chain freezes as a whole and wakes as a whole", "[joint][rest]") {
    World world;
    const std::vector<BodyId> chain = HangingChain(world, 6);
    const int restedAfter = StepUntilAllRest(world, 600);
    REQUIRE(restedAfter > 0);
    CHECK(AwakeCount(world, chain) == 0);
    // A push on the last link wakes every link at once, and the push travels up the chain.
    world.ApplyLinearImpulse(chain.back(), {0.5f, 0.0f}, world.GetWorldCenter(chain.back()));
    CHECK(AwakeCount(world, chain) == 6);
    world.Step(kDt);
    CHECK(AwakeCount(world, chain) == 6);
    CHECK(world.GetLinearVelocity(chain.front()).x > 0.0f);
}

TEST_CASE("A chain at rest with rest states sits where it sits without them", "[joint][rest]") {
    World on;
    World off(WorldDef{.settings = {.restStates = false}});
    const std::vector<BodyId> a = HangingChain(on, 8, 0.05f);
    const std::vector<BodyId> b = HangingChain(off, 8, 0.05f);
    for (World* w : {&on, &off}) w->ApplyLinearImpulse(w == &on ? a.back() : b.back(), {0.01f, 0.0f}, w->GetWorldCenter(w == &on ? a.back() : b.back()));
    StepN(on, 900);
    StepN(off, 900);
    INFO("speed of the last link without rest states " << Length(off.GetLinearVelocity(b.back())));
    CHECK(on.GetAwakeBodyCount() == 0);
    for (size_t i = 0; i < a.size(); ++i) CHECK(Distance(on.GetPosition(a[i]), off.GetPosition(b[i])) < 0.01f);
}

TEST_CASE("A running motor keeps its pile awake; a stopped one lets it rest", "[joint][rest]") {
    for (const float speed : {0.0f, 1.0f}) {
        World world;
        AddGround(world);
        const BodyId a = AddBox(world, {-0.5f, 0.25f}, {0.5f, 0.25f});
        const BodyId b = AddBox(world, {0.5f, 0.25f}, {0.5f, 0.25f});
        // Stalled: far too weak to turn the boxes, but running.
        world.CreateJoint(AnchoredAt(world, RevoluteJointDef{.bodyA = a, .bodyB = b, .enableMotor = true, .motorSpeed = speed,
                                                             .maxMotorTorque = 0.01f},
                                     {0.0f, 0.5f}));
        StepN(world, 300);
        INFO("motor speed " << speed);
        CHECK(world.IsAwake(a) == (speed != 0.0f));
        CHECK(world.IsAwake(b) == (speed != 0.0f));
    }
}

TEST_CASE("A body jointed to a moving kinematic body stays awake; to a resting one it rests", "[joint][rest]") {
    for (const float speed : {0.0f, 0.01f}) {
        World world;
        AddGround(world);
        const BodyId box = AddBox(world, {0.0f, 0.25f}, {0.5f, 0.25f});
        const BodyId mover = world.CreateBody({.type = BodyType::Kinematic, .position = {0.0f, 5.0f}, .linearVelocity = {speed, 0.0f}});
        // A slack rope: no force on the box, only the link.
        world.CreateJoint(DistanceJointDef{.bodyA = mover, .bodyB = box, .length = 10.0f, .maxLength = 10.0f, .enableSpring = true});
        StepN(world, 300);
        INFO("kinematic speed " << speed);
        CHECK(world.IsAwake(box) == (speed != 0.0f));
    }
}

TEST_CASE("A frozen ragdoll hit anywhere wakes whole, in the same step", "[joint][rest]") {
    for (const bool hitFoot : {false, true}) {
        scenes::SceneDef scene;
        scene.bodies.push_back({.body = {.type = BodyType::Static, .position = {0.0f, -0.5f}}, .shapes = {{.geometry = Box({20.0f, 0.5f})}}});
        const scenes::RagdollParts parts = scenes::AddRagdoll(scene, {0.0f, 0.3f});
        scenes::BuiltWorld built = scenes::BuildWorld(scene);
        World& world = built.world;
        std::vector<BodyId> ragdoll(built.bodies.begin() + parts.first, built.bodies.begin() + parts.first + parts.count);
        REQUIRE(StepUntilAllRest(world, 1200) > 0);
        REQUIRE(AwakeCount(world, ragdoll) == 0);
        // A ball thrown at the head or at a foot.
        const BodyId target = built.bodies[static_cast<size_t>(hitFoot ? parts.lowerLeg[0] : parts.head)];
        const Vec2 aim = world.GetWorldCenter(target);
        const BodyId ball = AddCircle(world, aim + Vec2{-3.0f, 0.3f}, 0.15f, 5.0f);
        world.SetLinearVelocity(ball, {15.0f, 0.0f});
        int firstAwake = 0;
        for (int step = 1; step <= 60 && firstAwake == 0; ++step) {
            world.Step(kDt);
            const int awake = AwakeCount(world, ragdoll);
            if (awake > 0) {
                firstAwake = step;
                CHECK(awake == static_cast<int>(ragdoll.size()));
            }
        }
        INFO("hit at the " << (hitFoot ? "foot" : "head"));
        CHECK(firstAwake > 0);
    }
}
