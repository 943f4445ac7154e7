// Contact events (contact_events.h): begin/end touch and hit events counted on scripted scenes.
#include <catch2/catch.hpp>
#include <cmath>
#include <tuple>
#include <vector>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

BodyId AddBall(World& world, Vec2 position, float radius, float restitution = 0.0f, bool hitEvents = false) {
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = position});
    world.CreateShape(ball, {.geometry = Circle({0, 0}, radius), .restitution = restitution, .enableHitEvents = hitEvents});
    return ball;
}

bool Involves(ShapeId a, ShapeId b, ShapeId x, ShapeId y) { return (a == x && b == y) || (a == y && b == x); }

// One event as (step, kind, shape indices) so two runs can be compared.
using Logged = std::tuple<int, char, uint32_t, uint32_t>;

void Log(const World& world, int step, std::vector<Logged>& log) {
    const ContactEvents events = world.GetContactEvents();
    for (const auto& e : events.beginEvents) log.emplace_back(step, 'b', e.shapeA.index, e.shapeB.index);
    for (const auto& e : events.endEvents) log.emplace_back(step, 'e', e.shapeA.index, e.shapeB.index);
}

} // namespace

TEST_CASE("a ball dropped on the ground begins touching exactly once", "[physics][events]") {
    World world;
    const BodyId ground = AddGround(world);
    const BodyId ball = AddBall(world, {0, 3}, 0.25f);
    const ShapeId groundShape = world.GetShapes(ground)[0];
    const ShapeId ballShape = world.GetShapes(ball)[0];
    int begins = 0, ends = 0, firstBegin = -1;
    for (int i = 0; i < 300; ++i) {
        world.Step(kDt);
        const ContactEvents e = world.GetContactEvents();
        for (const auto& b : e.beginEvents) {
            CHECK(Involves(b.shapeA, b.shapeB, groundShape, ballShape));
            CHECK(b.manifold.pointCount > 0);
            if (firstBegin < 0) firstBegin = i;
            ++begins;
        }
        ends += static_cast<int>(e.endEvents.size());
        CHECK(e.hitEvents.empty());  // hit events are off unless a shape asks for them
    }
    CHECK(begins == 1);
    CHECK(ends == 0);
    // The begin comes when the ball reaches the ground (fall of 2.75 m: t = sqrt(2h/g) = 0.74 s = 44 steps).
    CHECK(firstBegin == Approx(44).margin(3));
}

TEST_CASE("a hit event reports the approach speed sqrt(2 g h) within 2 %", "[physics][events]") {
    for (float h : {1.0f, 2.0f, 5.0f, 10.0f, 20.0f}) {
        World world;
        AddGround(world);
        AddBall(world, {0, 0.25f + h}, 0.25f, 0.0f, true);
        std::vector<ContactHitEvent> hits;
        for (int i = 0; i < 240; ++i) {
            world.Step(kDt);
            for (const auto& e : world.GetContactEvents().hitEvents) hits.push_back(e);
        }
        INFO("h = " << h);
        REQUIRE(hits.size() == 1);
        CHECK(hits[0].approachSpeed == Approx(std::sqrt(2.0f * 10.0f * h)).epsilon(0.02));
        CHECK(std::fabs(hits[0].normal.y) == Approx(1.0f));
        CHECK(hits[0].point.y == Approx(0.0f).margin(0.3f));
    }
}

TEST_CASE("hit events obey the world's threshold", "[physics][events]") {
    auto count = [](float threshold) {
        World world({.hitEventThreshold = threshold});
        AddGround(world);
        AddBall(world, {0, 1.25f}, 0.25f, 0.0f, true);  // lands at sqrt(20) = 4.47 m/s
        int n = 0;
        for (int i = 0; i < 120; ++i) {
            world.Step(kDt);
            n += static_cast<int>(world.GetContactEvents().hitEvents.size());
        }
        return n;
    };
    CHECK(count(1.0f) == 1);
    CHECK(count(4.0f) == 1);
    CHECK(count(5.0f) == 0);
}

TEST_CASE("a bouncing ball ends and begins touching at every bounce", "[physics][events]") {
    World world;
    const BodyId ground = AddGround(world);
    AddBall(world, {0, 3}, 0.25f, 0.6f);
    const ShapeId groundShape = world.GetShapes(ground)[0];
    std::vector<char> order;
    for (int i = 0; i < 600; ++i) {
        world.Step(kDt);
        const ContactEvents e = world.GetContactEvents();
        for (const auto& b : e.beginEvents) {
            CHECK((b.shapeA == groundShape || b.shapeB == groundShape));
            order.push_back('b');
        }
        for (size_t k = 0; k < e.endEvents.size(); ++k) order.push_back('e');
    }
    // b e b e … b: alternating, starting with a begin, at least two bounces, ending at rest (touching).
    REQUIRE(order.size() >= 5);
    CHECK(order.size() % 2 == 1);
    for (size_t k = 0; k < order.size(); ++k) CHECK(order[k] == (k % 2 == 0 ? 'b' : 'e'));
}

TEST_CASE("a resting pile reports no events, with rest states on or off", "[physics][events]") {
    for (bool rest : {true, false}) {
        World world({.settings = {.restStates = rest}});
        AddGround(world);
        for (int row = 0; row < 6; ++row)
            for (int k = 0; k < 6 - row; ++k) AddBox(world, {-2.5f + k + 0.5f * row, 0.5f + row * 1.0f}, {0.5f, 0.5f});
        StepN(world, 300);
        int events = 0;
        for (int i = 0; i < 600; ++i) {
            world.Step(kDt);
            events += static_cast<int>(world.GetContactEvents().beginEvents.size() + world.GetContactEvents().endEvents.size());
        }
        INFO("rest states " << rest);
        CHECK(events == 0);
        CHECK(world.GetContactCount() >= 21);
    }
}

TEST_CASE("rest states on and off report the same contact events", "[physics][events][rest]") {
    auto run = [](bool rest) {
        World world({.settings = {.restStates = rest}});
        AddGround(world);
        AddBall(world, {-3, 2}, 0.3f);
        AddBall(world, {3, 4}, 0.3f, 0.5f);
        AddBox(world, {0, 1}, {0.5f, 0.5f});
        AddBox(world, {0.2f, 3}, {0.4f, 0.4f});
        std::vector<Logged> log;
        for (int i = 0; i < 600; ++i) {
            world.Step(kDt);
            Log(world, i, log);
        }
        return log;
    };
    const std::vector<Logged> on = run(true);
    const std::vector<Logged> off = run(false);
    CHECK(on.size() >= 4);
    CHECK(on == off);
}

TEST_CASE("destroying a touching body ends its contacts at the next step", "[physics][events]") {
    World world;
    const BodyId ground = AddGround(world);
    const BodyId box = AddBox(world, {0, 0.5f}, {0.5f, 0.5f});
    const ShapeId boxShape = world.GetShapes(box)[0];
    StepN(world, 30);
    world.DestroyBody(box);
    // The step's events stay readable as they were; the end comes with the next step.
    CHECK(world.GetContactEvents().endEvents.empty());
    world.Step(kDt);
    const ContactEvents e = world.GetContactEvents();
    REQUIRE(e.endEvents.size() == 1);
    CHECK(Involves(e.endEvents[0].shapeA, e.endEvents[0].shapeB, world.GetShapes(ground)[0], boxShape));
    CHECK_FALSE(world.IsValid(boxShape));
    world.Step(kDt);
    CHECK(world.GetContactEvents().endEvents.empty());
}

TEST_CASE("shapes without contact events report none", "[physics][events]") {
    World world;
    AddGround(world);
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 1}});
    world.CreateShape(ball, {.geometry = Circle({0, 0}, 0.25f), .enableContactEvents = false});
    int events = 0;
    for (int i = 0; i < 120; ++i) {
        world.Step(kDt);
        events += static_cast<int>(world.GetContactEvents().beginEvents.size());
    }
    // The ground asks (default true): a pair reports when either shape asks.
    CHECK(events == 1);

    World quiet;
    const BodyId g = quiet.CreateBody({});
    quiet.CreateShape(g, {.geometry = Box({5, 0.5f}, {0, -0.5f}), .enableContactEvents = false});
    const BodyId b = quiet.CreateBody({.type = BodyType::Dynamic, .position = {0, 1}});
    quiet.CreateShape(b, {.geometry = Circle({0, 0}, 0.25f), .enableContactEvents = false});
    events = 0;
    for (int i = 0; i < 120; ++i) {
        quiet.Step(kDt);
        events += static_cast<int>(quiet.GetContactEvents().beginEvents.size());
    }
    CHECK(events == 0);
    CHECK(quiet.GetPosition(b).y == Approx(0.25f).margin(0.02f));  // still collides
}

TEST_CASE("a fast-spinning bar reports its impact through the continuous phase", "[physics][events][continuous]") {
    // A 2 m bar turning 60 rad/s (1 rad per step) about its centre, a static post 0.8 m from the
    // centre in its path: the tip region there moves at 48 m/s, far beyond what speculative contacts
    // see in one step.
    World world({.gravity = {0, 0}});
    const BodyId post = world.CreateBody({.position = {0.0f, 0.8f}});
    const ShapeId postShape = world.CreateShape(post, {.geometry = Circle({0, 0}, 0.05f)});
    const BodyId bar = world.CreateBody({.type = BodyType::Dynamic, .angularVelocity = 60.0f});
    const ShapeId barShape = world.CreateShape(bar, {.geometry = Box({1.0f, 0.05f}), .enableHitEvents = true});
    std::vector<ContactHitEvent> hits;
    for (int i = 0; i < 3 && hits.empty(); ++i) {
        world.Step(kDt);
        for (const auto& e : world.GetContactEvents().hitEvents) hits.push_back(e);
    }
    REQUIRE(hits.size() == 1);
    CHECK(Involves(hits[0].shapeA, hits[0].shapeB, barShape, postShape));
    // Approach at the impact point: ω·r, the bar's edge meeting the post's side (r ≈ 0.8 m). With
    // continuous collision off the bar passes through the post and nothing is reported.
    CHECK(hits[0].approachSpeed == Approx(60.0f * Length(hits[0].point)).epsilon(0.05));
    CHECK(Length(hits[0].point) == Approx(0.8f).margin(0.06f));
}
