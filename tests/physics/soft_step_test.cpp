// SolverKind::SoftStep (soft_step.cpp): sub-stepped soft contacts. Piles stand, pushed columns tip where
// statics says, Coulomb friction holds and slides where it should, resting bodies stay put, bounces
// keep their restitution, joints hold together, and the result does not depend on the thread count or
// on a snapshot taken between steps. Bad settings throw and leave the world unchanged.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <limits>

#include "physics_test_util.h"
#include "sensu_scenes/busy.h"
#include "sensu_scenes/joints.h"
#include "sensu_scenes/metrics.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kG = 10.0f;

SolverSettings SoftSettings(bool restStates = false) {
    SolverSettings settings;
    settings.solver = SolverKind::SoftStep;
    settings.restStates = restStates;
    return settings;
}

// A column of n boxes 0.5 m wide × 1 m tall (0.5 kg each) on the ground, settled for 2 s, then pushed
// to the right at its top box's centre by `force` N through a light frictionless pusher; returns how
// far the top box moved in `steps` steps. Statics: it tips about the bottom box's right corner at
// F = (n · 0.5 kg · g) · 0.25 m / (n − 0.5) m = 1.25 n / (n − 0.5) N.
float PushColumn(const SolverSettings& settings, int n, float force, int steps) {
    World world({.settings = settings});
    AddGround(world);
    std::vector<BodyId> column;
    for (int k = 0; k < n; ++k) column.push_back(AddBox(world, {0.0f, 0.5f + static_cast<float>(k)}, {0.25f, 0.5f}));
    StepN(world, 120);
    const BodyId top = column.back();
    const Vec2 start = world.GetPosition(top);
    const BodyId pusher =
        world.CreateBody({.type = BodyType::Dynamic, .position = start - Vec2{0.25f + 0.1f + 0.001f, 0.0f}, .gravityScale = 0.0f});
    world.CreateShape(pusher, {.geometry = Box({0.1f, 0.1f}), .density = 0.5f, .friction = 0.0f});
    for (int i = 0; i < steps; ++i) {
        world.ApplyForceToCenter(pusher, {force, 0.0f});
        world.Step(kDt);
    }
    return Length(world.GetPosition(top) - start);
}

uint64_t HashAfter(const scenes::SceneDef& scene, SolverSettings settings, int threads, int steps) {
    settings.threads = threads;
    scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
    for (int i = 0; i < steps; ++i) built.world.Step(scene.dt);
    return built.world.StateHash();
}

} // namespace

TEST_CASE("soft step: a 10-row pyramid stands with its apex within 0.05 m after 5 s", "[physics][softstep]") {
    for (bool rest : {false, true}) {
        INFO("rest states " << rest);
        const scenes::SceneDef scene = scenes::Pyramid(10);
        scenes::BuiltWorld built = scenes::BuildWorld(scene, SoftSettings(rest));
        for (int i = 0; i < 300; ++i) built.world.Step(scene.dt);
        std::vector<scenes::BodySample> samples;
        scenes::SampleWorld(built, scene, samples);
        const scenes::SceneMetrics m = scenes::Measure(scene, samples);
        CHECK(std::fabs(m.topY - scene.standing.idealTopY) < 0.05f);
        CHECK(m.maxDrift < 0.05f);
        CHECK(m.standing);
    }
}

TEST_CASE("soft step: a 20-row pyramid stands", "[physics][softstep]") {
    const scenes::SceneDef scene = scenes::Pyramid(20);
    scenes::BuiltWorld built = scenes::BuildWorld(scene, SoftSettings());
    for (int i = 0; i < scene.steps; ++i) built.world.Step(scene.dt);
    std::vector<scenes::BodySample> samples;
    scenes::SampleWorld(built, scene, samples);
    const scenes::SceneMetrics m = scenes::Measure(scene, samples);
    CHECK(m.standing);
    CHECK(std::fabs(m.topY - scene.standing.idealTopY) < 0.05f);
}

TEST_CASE("soft step: a column pushed at its top holds below and tips above 1.25 n / (n - 0.5) N", "[physics][softstep]") {
    for (int n : {3, 6}) {
        const float tipping = 1.25f * static_cast<float>(n) / (static_cast<float>(n) - 0.5f);
        INFO("n = " << n);
        // Below the tipping force the column may rock (a soft contact gives a little) but stands again
        // within 10 s; above it, it falls.
        CHECK(PushColumn(SoftSettings(), n, 0.9f * tipping, 600) < 0.05f);
        CHECK(PushColumn(SoftSettings(), n, 1.1f * tipping, 600) > 1.0f);
    }
}

TEST_CASE("soft step: a box pushed past its friction limit slides as Coulomb says, below it holds", "[physics][softstep]") {
    const float mu = 0.6f;
    const int steps = 300;
    auto slide = [&](float factor) {
        World world({.settings = SoftSettings()});
        AddGround(world);
        const BodyId box = AddBox(world, {0.0f, 0.25f}, {0.5f, 0.25f});
        const float mass = world.GetMass(box);
        StepN(world, 60);
        const Vec2 start = world.GetPosition(box);
        for (int i = 0; i < steps; ++i) {
            world.ApplyForceToCenter(box, {factor * mu * mass * kG, 0.0f});
            world.Step(kDt);
        }
        return world.GetPosition(box).x - start.x;
    };
    // Symplectic Euler from rest under a = (factor − 1) μ g: s = a dt² n (n + 1) / 2 (≈ 2.5 m in 5 s).
    const float a = 0.05f * mu * kG;
    const float expected = a * kDt * kDt * static_cast<float>(steps * (steps + 1)) / 2.0f;
    CHECK(slide(1.05f) == Approx(expected).epsilon(0.05));
    CHECK(std::fabs(slide(0.95f)) < 0.001f);
}

TEST_CASE("soft step: resting bodies do not drift", "[physics][softstep]") {
    SECTION("a box on the ground") {
        World world({.settings = SoftSettings()});
        AddGround(world);
        const BodyId box = AddBox(world, {0.0f, 0.5f}, {0.5f, 0.5f});
        StepN(world, 60);
        const Vec2 settled = world.GetPosition(box);
        StepN(world, 600);
        CHECK(Length(world.GetPosition(box) - settled) < 1e-3f);
        CHECK(std::fabs(world.GetAngle(box)) < 1e-3f);
        CHECK(std::fabs(settled.y - 0.5f) < 0.005f);  // penetration within a few mm
    }
    SECTION("a 5-box stack on a 5 degree slope (friction 0.6 holds it)") {
        const float slope = 5.0f * kPi / 180.0f;
        World world({.settings = SoftSettings()});
        const BodyId ramp = world.CreateBody({.type = BodyType::Static, .angle = slope});
        world.CreateShape(ramp, {.geometry = Box({20.0f, 0.5f}), .friction = 0.6f});
        const Vec2 up{-std::sin(slope), std::cos(slope)};
        std::vector<BodyId> stack;
        for (int k = 0; k < 5; ++k) {
            const Vec2 at = (0.5f + 0.25f + 0.5f * static_cast<float>(k)) * up;
            const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = at, .angle = slope});
            world.CreateShape(b, {.geometry = Box({0.5f, 0.25f}), .friction = 0.6f});
            stack.push_back(b);
        }
        StepN(world, 60);
        const Vec2 settled = world.GetPosition(stack.back());
        StepN(world, 300);
        CHECK(Length(world.GetPosition(stack.back()) - settled) < 0.005f);  // < 1 mm/s over 5 s
    }
}

TEST_CASE("soft step: a bouncing ball keeps its restitution and gains no energy", "[physics][softstep]") {
    World world({.settings = SoftSettings()});
    AddGround(world);
    const float e = 0.5f, drop = 2.0f;
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 0.5f + drop}});
    world.CreateShape(ball, {.geometry = Circle({0.0f, 0.0f}, 0.5f), .restitution = e});
    float apex = 0.0f;
    bool bounced = false;
    for (int i = 0; i < 180; ++i) {
        world.Step(kDt);
        const float vy = world.GetLinearVelocity(ball).y;
        if (vy > 0.0f) bounced = true;
        if (bounced) apex = Max(apex, world.GetPosition(ball).y - 0.5f);
    }
    REQUIRE(bounced);
    CHECK(apex == Approx(e * e * drop).epsilon(0.1));
}

TEST_CASE("soft step: a rolling ball keeps its speed within 1 % over 10 s", "[physics][softstep][energy]") {
    // rolling_ball_test.cpp's case (issue 15): a 0.5 m ball set rolling (ω = −v/r) on a box ground.
    for (bool rest : {false, true}) {
        for (float speed : {0.06f, 0.3f, 3.0f, 10.0f}) {
            INFO("rest states " << rest << ", " << speed << " m/s");
            World world({.settings = SoftSettings(rest)});
            const BodyId floor = world.CreateBody({.type = BodyType::Static});
            world.CreateShape(floor, {.geometry = Box({600.0f, 0.5f}, {0.0f, -0.5f})});
            const BodyId ball = world.CreateBody(
                {.type = BodyType::Dynamic, .position = {-100.0f, 0.5f}, .linearVelocity = {speed, 0.0f}, .angularVelocity = -speed / 0.5f});
            world.CreateShape(ball, {.geometry = Circle({0.0f, 0.0f}, 0.5f)});
            StepN(world, 600);
            CHECK(world.GetLinearVelocity(ball).x == Approx(speed).epsilon(0.01));
        }
    }
}

TEST_CASE("soft step: a tower toppling off a ledge gains no energy", "[physics][softstep][energy]") {
    // toppling_tower_energy_test.cpp's case: boxes overhanging a ledge by a tenth of their width.
    for (int n : {3, 5, 7, 10}) {
        for (bool rest : {false, true}) {
            INFO(n << " boxes, rest states " << rest);
            World world({.settings = SoftSettings(rest)});
            AddGround(world);
            const float hx = 0.54f, hy = 0.36f;
            const BodyId ledge = world.CreateBody({.type = BodyType::Static, .position = {0.0f, hy}});
            world.CreateShape(ledge, {.geometry = Box({hx, hy}), .friction = 0.6f});
            std::vector<BodyId> tower;
            for (int i = 1; i <= n; ++i) tower.push_back(AddBox(world, {1.1f * hx, hy + 2.0f * hy * static_cast<float>(i)}, {hx, hy}));
            auto energy = [&] {
                double e = 0.0;
                for (BodyId b : tower) {
                    const double m = world.GetMass(b);
                    const double w = world.GetAngularVelocity(b);
                    e += 0.5 * m * LengthSquared(world.GetLinearVelocity(b)) + 0.5 * world.GetInertia(b) * w * w + m * kG * world.GetWorldCenter(b).y;
                }
                return e;
            };
            const double start = energy();
            double highest = start;
            bool fell = false;
            for (int step = 0; step < 240; ++step) {
                world.Step(kDt);
                highest = std::max(highest, energy());
                fell = fell || world.GetAngle(tower.front()) < -0.5f;
            }
            CHECK(fell);
            CHECK(highest <= start * (1.0 + 1e-4));
        }
    }
}

TEST_CASE("soft step: a swinging chain of revolute joints holds together as with sequential impulses", "[physics][softstep]") {
    // Ten 1 m links hinged end to end from a ground anchor, released horizontally; returns the widest
    // gap between the two anchors of any joint over 5 s, and the first joint's reaction at the end.
    auto swing = [](const SolverSettings& settings) {
        World world({.settings = settings});
        const BodyId ground = AddGround(world);
        const Vec2 pivot{0.0f, 12.0f};
        std::vector<BodyId> links;
        JointId first{};
        BodyId previous = ground;
        for (int k = 0; k < 10; ++k) {
            const BodyId link = world.CreateBody({.type = BodyType::Dynamic, .position = pivot + Vec2{0.5f + static_cast<float>(k), 0.0f}});
            world.CreateShape(link, {.geometry = Box({0.5f, 0.1f}), .density = 1.0f});
            const Vec2 localA = previous == ground ? pivot + Vec2{0.0f, 0.5f} : Vec2{0.5f, 0.0f};  // the ground's origin is 0.5 m down
            const JointId j =
                world.CreateJoint(RevoluteJointDef{.bodyA = previous, .bodyB = link, .localAnchorA = localA, .localAnchorB = {-0.5f, 0.0f}});
            if (k == 0) first = j;
            links.push_back(link);
            previous = link;
        }
        float widest = 0.0f;
        for (int i = 0; i < 300; ++i) {
            world.Step(kDt);
            Vec2 end = pivot;
            for (BodyId link : links) {
                widest = Max(widest, Length(TransformPoint(world.GetTransform(link), {-0.5f, 0.0f}) - end));
                end = TransformPoint(world.GetTransform(link), {0.5f, 0.0f});
            }
        }
        REQUIRE(AllFinite(world));
        return std::pair{widest, world.GetReactionForce(first)};
    };
    SolverSettings si;
    si.restStates = false;
    const auto [siGap, siReaction] = swing(si);
    const auto [softGap, softReaction] = swing(SoftSettings());
    CHECK(softGap < 0.05f);
    CHECK(softGap <= 1.25f * siGap + 0.001f);
    // The joint at the pivot carries the chain (10 kg): its reaction points up, as with sequential impulses.
    CHECK(softReaction.y > 0.0f);
    CHECK(siReaction.y > 0.0f);
}

TEST_CASE("soft step: a hanging box's joint reports its weight", "[physics][softstep]") {
    // The joints' impulses are per sub-step in the soft step: the reaction (impulse / h) must still be
    // the force, here the weight m g of a 2 kg box hanging still from a revolute joint.
    World world({.settings = SoftSettings()});
    const BodyId ceiling = world.CreateBody({.type = BodyType::Static, .position = {0.0f, 10.0f}});
    const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 9.0f}});
    world.CreateShape(box, {.geometry = Box({0.5f, 1.0f}), .density = 1.0f});
    const JointId joint = world.CreateJoint(RevoluteJointDef{.bodyA = ceiling, .bodyB = box, .localAnchorA = {}, .localAnchorB = {0.0f, 1.0f}});
    StepN(world, 120);
    const Vec2 reaction = world.GetReactionForce(joint);
    CHECK(reaction.y == Approx(world.GetMass(box) * kG).epsilon(0.01));
    CHECK(std::fabs(reaction.x) < 0.01f);
    CHECK(Length(world.GetPosition(box) - Vec2{0.0f, 9.0f}) < 0.005f);
}

TEST_CASE("soft step: the same state on 1, 2 and 3 threads", "[physics][softstep][threads]") {
    const scenes::SceneDef scenesToRun[] = {scenes::Pyramid(20), scenes::ManyPyramids(10, 2, 6), scenes::JointGrid(12)};
    for (const scenes::SceneDef& scene : scenesToRun) {
        for (bool rest : {false, true}) {
            INFO(scene.name << " rest states " << rest);
            const uint64_t one = HashAfter(scene, SoftSettings(rest), 1, 200);
            for (int threads : {2, 3}) CHECK(HashAfter(scene, SoftSettings(rest), threads, 200) == one);
        }
    }
}

TEST_CASE("soft step: Save, Load and Clone between steps continue bit for bit", "[physics][softstep]") {
    const scenes::SceneDef scene = scenes::Pyramid(10);
    SolverSettings settings = SoftSettings(true);
    settings.subSteps = 6;
    settings.contactHertz = 45.0f;
    settings.contactDampingRatio = 3.0f;
    settings.maxPushOutSpeed = 2.0f;
    const uint64_t reference = HashAfter(scene, settings, 1, 120);
    scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
    for (int i = 0; i < 60; ++i) built.world.Step(scene.dt);
    World loaded = World::Load(built.world.Save());
    const SolverSettings& s = loaded.GetSettings();
    CHECK(s.solver == SolverKind::SoftStep);
    CHECK(s.subSteps == 6);
    CHECK(s.contactHertz == 45.0f);
    CHECK(s.contactDampingRatio == 3.0f);
    CHECK(s.maxPushOutSpeed == 2.0f);
    World cloned = built.world.Clone();
    for (int i = 0; i < 60; ++i) {
        loaded.Step(scene.dt);
        cloned.Step(scene.dt);
    }
    CHECK(loaded.StateHash() == reference);
    CHECK(cloned.StateHash() == reference);
}

TEST_CASE("soft step: bad settings throw InvalidArgument and leave the world unchanged", "[physics][softstep]") {
    World world({.settings = SoftSettings()});
    AddGround(world);
    for (int k = 0; k < 5; ++k) AddBox(world, {0.0f, 0.5f + static_cast<float>(k)}, {0.5f, 0.5f});
    StepN(world, 10);
    const uint64_t before = world.StateHash();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<SolverSettings> bad;
    for (int n : {0, -1, 65}) bad.push_back(SoftSettings()), bad.back().subSteps = n;
    for (float f : {0.0f, -1.0f, nan, inf}) bad.push_back(SoftSettings()), bad.back().contactHertz = f;
    for (float f : {-0.1f, nan, inf}) bad.push_back(SoftSettings()), bad.back().contactDampingRatio = f;
    for (float f : {0.0f, -3.0f, nan, inf}) bad.push_back(SoftSettings()), bad.back().maxPushOutSpeed = f;
    bad.push_back(SoftSettings()), bad.back().solver = static_cast<SolverKind>(2);
    for (const SolverSettings& s : bad) {
        CHECK_THROWS_AS(world.SetSettings(s), InvalidArgument);
        CHECK_THROWS_AS(World(WorldDef{.settings = s}), InvalidArgument);
        CHECK(world.GetSettings().subSteps == SolverSettings{}.subSteps);
        CHECK(world.StateHash() == before);
    }
    SolverSettings edge = SoftSettings();
    edge.subSteps = 64;
    edge.contactDampingRatio = 0.0f;
    CHECK_NOTHROW(world.SetSettings(edge));
    edge.subSteps = 1;
    CHECK_NOTHROW(world.SetSettings(edge));
    StepN(world, 10);
    CHECK(AllFinite(world));
}

TEST_CASE("soft step: switching solvers between steps keeps a pile standing", "[physics][softstep]") {
    const scenes::SceneDef scene = scenes::Pyramid(10);
    scenes::BuiltWorld built = scenes::BuildWorld(scene, SoftSettings());
    for (int i = 0; i < 300; ++i) {
        if (i % 60 == 30) {
            SolverSettings s = built.world.GetSettings();
            s.solver = s.solver == SolverKind::SoftStep ? SolverKind::SequentialImpulses : SolverKind::SoftStep;
            built.world.SetSettings(s);
        }
        built.world.Step(scene.dt);
    }
    std::vector<scenes::BodySample> samples;
    scenes::SampleWorld(built, scene, samples);
    CHECK(scenes::Measure(scene, samples).standing);
}
