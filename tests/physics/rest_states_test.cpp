// Seed 004 §4.3.1–4.3.7 as scenario tests, plus what the seed lacks: whole-pile wake, no frozen body
// without support, never frozen on a moving support.
#include <catch2/catch.hpp>
#include <cmath>

#include "physics_test_util.h"
#include "sensu_scenes/metrics.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr Vec2 kHalf{0.5f, 0.25f};  // the seed's 100 × 50 rectangle, in metres

bool Flat(const World& w, BodyId b) {
    const float a = std::fmod(std::fabs(w.GetAngle(b)), kPi / 2.0f);
    return Min(a, kPi / 2.0f - a) < 0.02f;
}

bool Frozen(const World& w, BodyId b) { return w.GetRestState(b) == RestState::RotationStable && !w.IsAwake(b); }

} // namespace

TEST_CASE("4.3.1 one body: falls spinning, bounces, pivots on a vertex, comes to rest flat", "[physics][rest]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0, 2}, kHalf, 0.3f, {1.5f, 0}, -3.0f, 0.3f);
    CHECK(world.GetRestState(box) == RestState::VerticallyUnstable);
    bool sawVerticallyStable = false;
    int restStep = -1;
    for (int i = 1; i <= 600 && restStep < 0; ++i) {
        world.Step(kDt);
        sawVerticallyStable = sawVerticallyStable || world.GetRestState(box) == RestState::VerticallyStable;
        if (Frozen(world, box)) restStep = i;
    }
    CHECK(sawVerticallyStable);
    REQUIRE(restStep > 0);
    CHECK(Flat(world, box));
    CHECK(world.GetLinearVelocity(box) == Vec2{});
    const float y = world.GetPosition(box).y;
    CHECK((std::fabs(y - 0.25f) < 0.02f || std::fabs(y - 0.5f) < 0.02f));  // lying on a long or a short side
}

TEST_CASE("4.3.2 two vertically unstable bodies collide in the air, land and rest", "[physics][rest]") {
    World world;
    AddGround(world);
    const BodyId left = AddBox(world, {-2, 3}, kHalf, 0.0f, {3, 0}, -2.0f);
    const BodyId right = AddBox(world, {2, 3}, kHalf, 0.0f, {-3, 0}, 2.0f);
    bool collided = false;
    for (int i = 0; i < 60 && !collided; ++i) {
        world.Step(kDt);
        collided = world.GetLinearVelocity(left).x < 1.0f && world.GetPosition(left).y > 0.6f;
    }
    CHECK(collided);
    REQUIRE(StepUntilAllRest(world, 900) > 0);
    CHECK(Flat(world, left));
    CHECK(Flat(world, right));
    CHECK(AllFinite(world));
}

TEST_CASE("4.3.3 two vertically stable bodies rotate into each other and come to rest", "[physics][rest]") {
    World world;
    AddGround(world);
    // Each stands on one corner, tipping towards the other.
    const float tilt = 0.6f;
    const Vec2 cornerL = Rotate(Rot::FromAngle(-tilt), {0.5f, -0.25f});
    const BodyId left = AddBox(world, {-0.9f, -cornerL.y + 0.001f}, kHalf, -tilt);
    const Vec2 cornerR = Rotate(Rot::FromAngle(tilt), {-0.5f, -0.25f});
    const BodyId right = AddBox(world, {0.9f, -cornerR.y + 0.001f}, kHalf, tilt);
    StepN(world, 3);
    CHECK(world.GetRestState(left) == RestState::VerticallyStable);
    CHECK(world.GetRestState(right) == RestState::VerticallyStable);
    REQUIRE(StepUntilAllRest(world, 900) > 0);
    CHECK(Frozen(world, left));
    CHECK(Frozen(world, right));
}

TEST_CASE("4.3.4 an unstable body meets a rotation-stable one", "[physics][rest]") {
    SECTION("it lands on the top edge, which acts as floor (§3.5.2); the lower body never wakes") {
        World world;
        AddGround(world);
        const BodyId base = AddBox(world, {0, 0.25f}, kHalf);
        REQUIRE(StepUntilAllRest(world, 120) > 0);
        const BodyId top = AddBox(world, {0.1f, 1.5f}, kHalf);
        for (int i = 0; i < 120; ++i) {
            world.Step(kDt);
            REQUIRE(Frozen(world, base));
        }
        CHECK(Frozen(world, top));
        CHECK(world.GetPosition(top).y == Approx(0.75f).margin(0.01f));
    }
    SECTION("it hits the corner, slides off, lands on the floor; both rest without overlap") {
        World world;
        AddGround(world);
        const BodyId base = AddBox(world, {0, 0.25f}, kHalf);
        REQUIRE(StepUntilAllRest(world, 120) > 0);
        const BodyId falling = AddBox(world, {0.85f, 1.5f}, kHalf, 0.4f);
        REQUIRE(StepUntilAllRest(world, 900) > 0);
        CHECK(world.GetPosition(falling).y < 0.6f);
        CHECK(world.GetPosition(falling).x > 0.9f);  // beside the base, not in it
        CHECK(Frozen(world, base));
    }
}

TEST_CASE("4.3.5 a vertically stable body is hit by an unstable one moving left; all come to rest", "[physics][rest]") {
    World world;
    AddGround(world);
    const float tilt = 0.5f;
    const Vec2 corner = Rotate(Rot::FromAngle(-tilt), {0.5f, -0.25f});
    const BodyId leaning = AddBox(world, {-1.0f, -corner.y + 0.001f}, kHalf, -tilt);
    const BodyId flying = AddBox(world, {2.5f, 1.2f}, kHalf, 0.0f, {-4, 0});
    StepN(world, 2);
    CHECK(world.GetRestState(leaning) == RestState::VerticallyStable);
    CHECK(world.GetRestState(flying) == RestState::VerticallyUnstable);
    REQUIRE(StepUntilAllRest(world, 1200) > 0);
    CHECK(Frozen(world, leaning));
    CHECK(Frozen(world, flying));
}

TEST_CASE("4.3.6 a vertically stable body tips onto a rotation-stable one: both stop (§3.5.1)", "[physics][rest]") {
    World world;
    AddGround(world);
    const BodyId wall = AddBox(world, {1.15f, 0.5f}, {0.5f, 0.5f});
    REQUIRE(StepUntilAllRest(world, 120) > 0);
    // A tall box on its bottom-right corner c, tilted so its centre a is right of c: it tips towards the
    // wall and meets it at b on the same side, (b_x − c_x)(a_x − c_x) > 0.
    const float tilt = -0.4f;
    const Vec2 corner = Rotate(Rot::FromAngle(tilt), {0.25f, -0.75f});
    const BodyId tipping = AddBox(world, Vec2{0.2f, 0.001f} - corner, {0.25f, 0.75f}, tilt);
    for (int i = 0; i < 600 && !Frozen(world, tipping); ++i) {
        world.Step(kDt);
        REQUIRE(Frozen(world, wall));  // the rotation-stable body keeps its state
    }
    CHECK(Frozen(world, tipping));
    CHECK(std::fabs(world.GetAngle(tipping)) > 0.1f);  // it rests leaning on the wall
}

TEST_CASE("4.3.7 rotation-stable bodies hitting each other", "[physics][rest]") {
    SECTION("side by side: the moving one stops, the hit one slides, both come to rest") {
        World world;
        AddGround(world);
        const BodyId left = AddBox(world, {-1, 0.25f}, kHalf);
        const BodyId right = AddBox(world, {1, 0.25f}, kHalf);
        REQUIRE(StepUntilAllRest(world, 120) > 0);
        world.SetLinearVelocity(right, {-4, 0});
        CHECK(world.IsAwake(right));
        REQUIRE(StepUntilAllRest(world, 600) > 0);
        CHECK(world.GetPosition(left).x < -1.05f);  // pushed left: e = 0 shares 2 m/s, μg = 6 m/s² stops it after ≈ 8 cm
        CHECK(Flat(world, left));
        CHECK(Flat(world, right));
    }
    SECTION("stacked: the upper one moves left off the lower, tips, falls and rests on the floor") {
        World world;
        AddGround(world);
        const BodyId lower = AddBox(world, {0, 0.25f}, kHalf);
        const BodyId upper = AddBox(world, {0, 0.75f}, kHalf);
        REQUIRE(StepUntilAllRest(world, 120) > 0);
        world.SetLinearVelocity(upper, {-4, 0});
        bool pivoted = false;
        for (int i = 0; i < 900 && (i < 5 || world.GetAwakeBodyCount() > 0); ++i) {
            world.Step(kDt);
            pivoted = pivoted || world.GetRestState(upper) == RestState::VerticallyStable;
        }
        CHECK(pivoted);
        CHECK(world.GetPosition(upper).y < 0.6f);
        CHECK(Frozen(world, upper));
        CHECK(Frozen(world, lower));
    }
}

TEST_CASE("removing the bottom box of a stack: everything above falls in the same step", "[physics][rest][wake]") {
    World world;
    const BodyId ground = AddGround(world);
    (void)ground;
    std::vector<BodyId> stack;
    for (int k = 0; k < 10; ++k) stack.push_back(AddBox(world, {0, 0.25f + 0.5f * static_cast<float>(k)}, kHalf));
    REQUIRE(StepUntilAllRest(world, 300) > 0);
    world.DestroyBody(stack[0]);
    for (int k = 1; k < 10; ++k) CHECK(world.IsAwake(stack[k]));
    world.Step(kDt);
    for (int k = 1; k < 10; ++k) {
        CHECK(world.GetLinearVelocity(stack[k]).y < -0.05f);
        CHECK(world.GetRestState(stack[k]) != RestState::RotationStable);
    }
    // It lands and rests again, still a stack.
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    CHECK(world.GetPosition(stack[9]).y == Approx(0.25f + 0.5f * 8).margin(0.06f));
}

TEST_CASE("a 10-box stack stands, with and without rest states", "[physics][rest]") {
    for (bool rest : {true, false}) {
        SolverSettings settings;
        settings.restStates = rest;
        World world({.settings = settings});
        AddGround(world);
        std::vector<BodyId> stack;
        for (int k = 0; k < 10; ++k) stack.push_back(AddBox(world, {0, 0.25f + 0.5f * static_cast<float>(k)}, kHalf));
        StepN(world, 300);
        for (BodyId b : stack) {
            CHECK(std::fabs(world.GetPosition(b).x) < 0.02f);
            CHECK(std::fabs(world.GetAngle(b)) < 0.02f);
        }
        CHECK(world.GetPosition(stack[9]).y == Approx(4.75f).margin(0.05f));
        CHECK(world.GetAwakeBodyCount() == (rest ? 0 : 10));
    }
}

TEST_CASE("three and more bodies: a resting pile wakes as a whole and refreezes", "[physics][rest][wake]") {
    World world;
    AddGround(world);
    std::vector<BodyId> pile;
    for (int k = 0; k < 3; ++k) pile.push_back(AddBox(world, {-0.6f + 0.6f * static_cast<float>(k), 0.25f}, {0.3f, 0.25f}));
    pile.push_back(AddBox(world, {-0.3f, 0.75f}, {0.3f, 0.25f}));
    pile.push_back(AddBox(world, {0.3f, 0.75f}, {0.3f, 0.25f}));
    pile.push_back(AddBox(world, {0.0f, 1.25f}, {0.3f, 0.25f}));
    REQUIRE(StepUntilAllRest(world, 300) > 0);
    world.ApplyForceToCenter(pile[0], {1.0f, 0.0f});  // a push on one body of the pile
    for (BodyId b : pile) CHECK(world.IsAwake(b));     // wakes every body, not one by one
    REQUIRE(StepUntilAllRest(world, 300) > 0);
    for (BodyId b : pile) CHECK(Frozen(world, b));
}

TEST_CASE("a ball hitting a resting pyramid wakes it and is deflected", "[physics][rest][wake]") {
    const scenes::SceneDef scene = scenes::Pyramid(6);
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    World& world = built.world;
    REQUIRE(StepUntilAllRest(world, 300) > 0);
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {-8, 1.5f}, .linearVelocity = {15, 0}});
    world.CreateShape(ball, {.geometry = Circle({0, 0}, 0.3f), .density = 5.0f});
    int wokeAt = -1;
    for (int i = 1; i <= 120 && wokeAt < 0; ++i) {
        world.Step(kDt);
        if (world.GetAwakeBodyCount() > 1) wokeAt = i;
    }
    REQUIRE(wokeAt > 0);
    // The whole pyramid woke in that one step.
    CHECK(world.GetAwakeBodyCount() == static_cast<int>(built.bodies.size()));
    world.Step(kDt);
    CHECK(world.GetLinearVelocity(ball).x < 15.0f);
    StepN(world, 600);
    CHECK(AllFinite(world));
}

TEST_CASE("supports: none frozen without one, none frozen on a moving one", "[physics][rest][wake]") {
    SECTION("destroying the ground wakes everything that rested on it") {
        World world;
        const BodyId ground = AddGround(world);
        const BodyId a = AddBox(world, {0, 0.25f}, kHalf);
        const BodyId b = AddBox(world, {0, 0.75f}, kHalf);
        REQUIRE(StepUntilAllRest(world, 300) > 0);
        world.DestroyBody(ground);
        CHECK(world.IsAwake(a));
        CHECK(world.IsAwake(b));
        StepN(world, 30);
        CHECK(world.GetPosition(b).y < 0.5f);
    }
    SECTION("a box on a moving platform never freezes; the platform starting wakes a frozen box") {
        World world;
        const BodyId platform = world.CreateBody({.type = BodyType::Kinematic, .position = {0, -0.5f}});
        world.CreateShape(platform, {.geometry = Box({5, 0.5f})});
        const BodyId box = AddBox(world, {0, 0.25f}, kHalf);
        REQUIRE(StepUntilAllRest(world, 300) > 0);
        world.SetLinearVelocity(platform, {1, 0});
        CHECK(world.IsAwake(box));
        for (int i = 0; i < 120; ++i) {
            world.Step(kDt);
            REQUIRE(world.IsAwake(box));
        }
        CHECK(world.GetPosition(box).x > 1.0f);  // carried along by friction
    }
    SECTION("teleport, impulse and turning rest states off wake the pile") {
        World world;
        AddGround(world);
        const BodyId a = AddBox(world, {0, 0.25f}, kHalf);
        const BodyId b = AddBox(world, {0, 0.75f}, kHalf);
        REQUIRE(StepUntilAllRest(world, 300) > 0);
        world.SetTransform(b, {3, 2}, 0);
        CHECK(world.IsAwake(a));
        REQUIRE(StepUntilAllRest(world, 300) > 0);
        world.ApplyLinearImpulse(a, {0.1f, 0}, world.GetWorldCenter(a));
        CHECK(world.IsAwake(a));
        REQUIRE(StepUntilAllRest(world, 300) > 0);
        SolverSettings off = world.GetSettings();
        off.restStates = false;
        world.SetSettings(off);
        CHECK(world.GetAwakeBodyCount() == 2);
    }
}

TEST_CASE("benchmark scenes: sizes and the drop stack standing with rest states", "[physics][scenes]") {
    CHECK(scenes::DropStack(5).bodies.size() == 6);
    CHECK(scenes::DropStackGrid(50, 20).bodies.size() == 1001);
    CHECK(scenes::Pyramid(20).bodies.size() == 211);
    CHECK(scenes::Pyramid(100).bodies.size() == 5051);
    const scenes::SceneDef scene = scenes::DropStack(20);
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    StepN(built.world, scene.steps);
    std::vector<scenes::BodySample> samples;
    scenes::SampleWorld(built, scene, samples);
    const scenes::SceneMetrics m = scenes::Measure(scene, samples);
    CHECK(m.standing);
    CHECK(m.allResting);
}

// Only rest candidates have their supports judged in the step (rest_states.cpp); the vertical state of
// every other body is read from its contacts when asked, so a body sliding fast along the floor still
// reports the floor under it, and one thrown up reports none.
TEST_CASE("a moving body reports its support: sliding VerticallyStable, thrown VerticallyUnstable", "[physics][rest]") {
    World world;
    AddGround(world);
    const BodyId slider = AddBox(world, {0, kHalf.y}, kHalf, 0.0f, {4.0f, 0}, 0.0f, 0.3f);
    const BodyId thrown = AddBox(world, {-6, kHalf.y}, kHalf, 0.0f, {0, 0}, 0.0f, 0.3f);
    for (int i = 0; i < 10; ++i) world.Step(kDt);
    REQUIRE(world.GetLinearVelocity(slider).x > 1.0f);  // still sliding: not a rest candidate
    CHECK(world.GetRestState(slider) == RestState::VerticallyStable);
    CHECK(world.GetRestState(thrown) == RestState::VerticallyStable);
    world.SetLinearVelocity(thrown, {0, 5});
    for (int i = 0; i < 10; ++i) world.Step(kDt);
    CHECK(world.GetPosition(thrown).y > 0.5f);
    CHECK(world.GetRestState(thrown) == RestState::VerticallyUnstable);
    SolverSettings off = world.GetSettings();
    off.restStates = false;
    world.SetSettings(off);
    CHECK(world.GetRestState(slider) == RestState::VerticallyUnstable);
}

// A body balanced on one point straight under its centre of mass freezes only where that balance is
// stable (rest_states.cpp, BalancedStably): without rest states an unstable balance topples from the
// smallest disturbance (fidelity bench destroy/701: a capsule upright on its end froze while it fell
// in the rest-off world), so it must stay awake; a ball on the ground still rests.
TEST_CASE("a body balanced unstably on one point never freezes; a ball on the ground does", "[physics][rest]") {
    World world;
    AddGround(world);
    const BodyId capsule = world.CreateBody({.type = BodyType::Dynamic, .position = {-4, 0.6f}});
    world.CreateShape(capsule, {.geometry = Capsule({0, -0.4f}, {0, 0.4f}, 0.2f), .density = 1.0f, .friction = 0.6f});
    const BodyId corner = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 0.5f * std::sqrt(2.0f)}, .angle = kPi / 4.0f});
    world.CreateShape(corner, {.geometry = Box({0.5f, 0.5f}), .density = 1.0f, .friction = 0.6f});
    const BodyId lowBall = world.CreateBody({.type = BodyType::Dynamic, .position = {4, 0.3f}});
    world.CreateShape(lowBall, {.geometry = Circle({0, 0}, 0.3f), .density = 1.0f, .friction = 0.6f});
    const BodyId topBall = world.CreateBody({.type = BodyType::Dynamic, .position = {4, 0.9f}});
    world.CreateShape(topBall, {.geometry = Circle({0, 0}, 0.3f), .density = 1.0f, .friction = 0.6f});
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {8, 0.3f}});
    world.CreateShape(ball, {.geometry = Circle({0, 0}, 0.3f), .density = 1.0f, .friction = 0.6f});
    bool capsuleFroze = false, cornerFroze = false, topFroze = false;
    for (int i = 0; i < 180; ++i) {
        world.Step(kDt);
        capsuleFroze = capsuleFroze || Frozen(world, capsule);
        cornerFroze = cornerFroze || Frozen(world, corner);
        topFroze = topFroze || Frozen(world, topBall);
    }
    CHECK_FALSE(capsuleFroze);
    CHECK_FALSE(cornerFroze);
    CHECK_FALSE(topFroze);
    CHECK(Frozen(world, ball));
}
