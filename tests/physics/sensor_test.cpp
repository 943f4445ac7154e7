// Sensors (contact_events.h): no impulses, begin/end overlap exactly once per entry and exit, for moving,
// frozen and static visitors, visitors destroyed inside and sensors destroyed.
#include <catch2/catch.hpp>
#include <cmath>
#include <span>
#include <vector>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

struct Counts {
    int begins = 0, ends = 0;
};

Counts Count(const World& world, ShapeId sensor) {
    Counts c;
    const SensorEvents e = world.GetSensorEvents();
    for (const auto& b : e.beginEvents) c.begins += b.sensorShape == sensor ? 1 : 0;
    for (const auto& b : e.endEvents) c.ends += b.sensorShape == sensor ? 1 : 0;
    return c;
}

ShapeId AddStaticSensor(World& world, Vec2 center, Vec2 halfExtents, Filter filter = {}) {
    const BodyId body = world.CreateBody({.position = center});
    return world.CreateShape(body, {.geometry = Box(halfExtents), .filter = filter, .isSensor = true});
}

} // namespace

TEST_CASE("a body falling through a sensor enters and leaves once and is not slowed", "[physics][sensor]") {
    World world;
    World free;
    const ShapeId sensor = AddStaticSensor(world, {0, 3}, {1, 0.5f});
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 6}});
    const ShapeId ballShape = world.CreateShape(ball, {.geometry = Circle({0, 0}, 0.2f)});
    const BodyId freeBall = free.CreateBody({.type = BodyType::Dynamic, .position = {0, 6}});
    free.CreateShape(freeBall, {.geometry = Circle({0, 0}, 0.2f)});
    int begins = 0, ends = 0, beginStep = -1, endStep = -1;
    for (int i = 0; i < 90; ++i) {
        world.Step(kDt);
        free.Step(kDt);
        const SensorEvents e = world.GetSensorEvents();
        for (const auto& b : e.beginEvents) {
            CHECK(b.sensorShape == sensor);
            CHECK(b.visitorShape == ballShape);
            ++begins;
            beginStep = i;
        }
        for (const auto& b : e.endEvents) {
            CHECK(b.visitorShape == ballShape);
            ++ends;
            endStep = i;
        }
        CHECK(world.GetPosition(ball).y == free.GetPosition(freeBall).y);  // no impulse, ever
        // Overlap is the true one: inside exactly while the ball's disc crosses [2.5, 3.5].
        const float y = world.GetPosition(ball).y;
        if (y < 3.7f - 0.01f && y > 2.3f + 0.01f) CHECK((begins == 1 && ends == 0));
        if (y > 3.7f + 0.01f) CHECK(begins == 0);
        if (y < 2.3f - 0.01f) CHECK(ends == 1);
    }
    CHECK(begins == 1);
    CHECK(ends == 1);
    CHECK(endStep > beginStep);
    CHECK(world.GetContactCount() == 0);
}

TEST_CASE("a sensor created around a frozen body sees it once and does not wake it", "[physics][sensor][rest]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0, 0.5f}, {0.5f, 0.5f});
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    const ShapeId sensor = AddStaticSensor(world, {0, 1}, {2, 2});
    world.Step(kDt);
    Counts c = Count(world, sensor);
    CHECK(c.begins == 1);
    CHECK(c.ends == 0);
    CHECK_FALSE(world.IsAwake(box));
    for (int i = 0; i < 120; ++i) {
        world.Step(kDt);
        c = Count(world, sensor);
        CHECK(c.begins + c.ends == 0);
    }
    CHECK_FALSE(world.IsAwake(box));
}

TEST_CASE("a kinematic sensor passing static shapes and a frozen pile reports each once", "[physics][sensor][rest]") {
    World world;
    AddGround(world);
    for (int k = 0; k < 3; ++k) {
        const BodyId post = world.CreateBody({.position = {2.0f + 3.0f * k, 1.5f}});
        world.CreateShape(post, {.geometry = Box({0.2f, 0.5f})});
    }
    const BodyId box = AddBox(world, {14, 0.5f}, {0.5f, 0.5f});
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    const BodyId mover = world.CreateBody({.type = BodyType::Kinematic, .position = {-2, 1.5f}, .linearVelocity = {4, 0}});
    const ShapeId sensor = world.CreateShape(mover, {.geometry = Box({0.5f, 0.5f}), .isSensor = true});
    int begins = 0, ends = 0;
    std::vector<uint32_t> order;
    for (int i = 0; i < 300; ++i) {
        world.Step(kDt);
        const SensorEvents e = world.GetSensorEvents();
        for (const auto& b : e.beginEvents) {
            CHECK(b.sensorShape == sensor);
            order.push_back(b.visitorShape.index);
            ++begins;
        }
        ends += static_cast<int>(e.endEvents.size());
        CHECK(world.GetAwakeBodyCount() == 0);  // the sensor wakes nothing
    }
    // Three posts and the frozen box (the ground's top at y 0 stays 0.5 m below the sensor's bottom).
    CHECK(begins == 4);
    CHECK(ends == 4);
    CHECK(order.size() == 4);
    CHECK(world.GetPosition(box).x == Approx(14.0f));
}

TEST_CASE("a visitor destroyed inside, or the sensor destroyed, ends the visit at the next step", "[physics][sensor]") {
    World world;
    AddGround(world);
    const ShapeId sensor = AddStaticSensor(world, {0, 1}, {3, 1});
    const BodyId a = AddBox(world, {-1, 0.5f}, {0.4f, 0.4f});
    const BodyId b = AddBox(world, {1, 0.5f}, {0.4f, 0.4f});
    const ShapeId aShape = world.GetShapes(a)[0];
    world.Step(kDt);
    CHECK(Count(world, sensor).begins == 2);
    CHECK(world.GetSensorOverlaps(sensor).size() == 2);
    CHECK_THROWS_AS(world.GetSensorOverlaps(aShape), InvalidArgument);  // not a sensor
    StepN(world, 30);
    world.DestroyBody(a);
    const BodyId c = AddBox(world, {-1, 0.5f}, {0.4f, 0.4f});  // may take the destroyed shape's slot
    world.Step(kDt);
    const SensorEvents e = world.GetSensorEvents();
    REQUIRE(e.endEvents.size() == 1);
    CHECK(e.endEvents[0].visitorShape == aShape);
    CHECK_FALSE(world.IsValid(e.endEvents[0].visitorShape));
    REQUIRE(e.beginEvents.size() == 1);
    CHECK(e.beginEvents[0].visitorShape == world.GetShapes(c)[0]);
    REQUIRE(world.GetSensorOverlaps(sensor).size() == 2);
    // By shape index: c took the destroyed shape's slot, before b's.
    const std::span<const ShapeId> overlaps = world.GetSensorOverlaps(sensor);
    CHECK((overlaps[0] == world.GetShapes(c)[0] && overlaps[1] == world.GetShapes(b)[0]));
    // Destroying the sensor ends both remaining visits, once, at the next step.
    world.DestroyShape(sensor);
    CHECK_THROWS_AS(world.GetSensorOverlaps(sensor), InvalidArgument);
    world.Step(kDt);
    CHECK(world.GetSensorEvents().endEvents.size() == 2);
    CHECK(world.GetSensorEvents().beginEvents.empty());
    world.Step(kDt);
    CHECK(world.GetSensorEvents().endEvents.empty());
    CHECK(world.IsValid(b));
}

TEST_CASE("sensors obey filters and ignore other sensors", "[physics][sensor][filter]") {
    World world;
    const ShapeId picky = AddStaticSensor(world, {0, 1}, {1, 1}, {.categoryBits = 1, .maskBits = 2});
    const ShapeId all = AddStaticSensor(world, {0, 1}, {1, 1}, {.categoryBits = 8});
    const BodyId other = world.CreateBody({.type = BodyType::Kinematic, .position = {0, 1}});
    world.CreateShape(other, {.geometry = Circle({0, 0}, 0.3f), .isSensor = true});  // a sensor: unseen
    const BodyId visitor = world.CreateBody({.type = BodyType::Kinematic, .position = {0, 1}});
    const ShapeId v = world.CreateShape(visitor, {.geometry = Circle({0, 0}, 0.3f), .filter = {.categoryBits = 4}});
    world.Step(kDt);
    CHECK(Count(world, picky).begins == 0);
    CHECK(Count(world, all).begins == 1);
    // Both sides must agree (filter.h): now the visitor is what the picky sensor looks for and looks for
    // it, and no longer looks for the other's category: it enters one and leaves the other.
    world.SetFilter(v, {.categoryBits = 2, .maskBits = 1});
    world.Step(kDt);
    CHECK(Count(world, picky).begins == 1);
    CHECK(Count(world, all).ends == 1);
}
