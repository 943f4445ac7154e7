// Chains in a world (chain.h): smooth sliding across joints where plain segments catch, a ball rolling
// around a loop across its closing joint, one-sidedness, loop closure, invalid input and snapshots.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <variant>
#include <vector>

#include "physics_test_util.h"
#include "sensu/physics/world.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// Flat ground of `segments` 1 m segments at y = 0 from x = +half to −half (right to left: the top
// collides), frictionless so a box keeps its speed.
std::vector<Vec2> FlatPoints(int segments) {
    std::vector<Vec2> points;
    const float half = 0.5f * static_cast<float>(segments);
    for (int i = 0; i <= segments; ++i) points.push_back({half - static_cast<float>(i), 0.0f});
    return points;
}

struct Slide {
    float worstVy = 0.0f;  // m/s, largest |v_y| on the way
    float endX = 0.0f;     // m, where the box was when it arrived or the time ran out
};

// A box sliding at `speed` across the ground from x = −95 towards +95 (given the time it needs plus 2 s).
Slide SlideAcross(bool chain, float speed) {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    const std::vector<Vec2> points = FlatPoints(200);
    if (chain) {
        world.CreateChain(ground, {.points = points, .friction = 0.0f});
    } else {
        for (size_t i = 0; i + 1 < points.size(); ++i)
            world.CreateShape(ground, {.geometry = Segment(points[i], points[i + 1]), .friction = 0.0f});
    }
    const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {-95.0f, 0.25f}, .linearVelocity = {speed, 0.0f}});
    world.CreateShape(box, {.geometry = Box({0.25f, 0.25f}), .density = 1.0f, .friction = 0.0f});
    Slide slide;
    const int steps = static_cast<int>(190.0f / speed / kDt) + 120;
    for (int step = 0; step < steps && world.GetPosition(box).x < 95.0f; ++step) {
        world.Step(kDt);
        slide.worstVy = std::max(slide.worstVy, std::abs(world.GetLinearVelocity(box).y));
    }
    slide.endX = world.GetPosition(box).x;
    return slide;
}

} // namespace

TEST_CASE("A box slides over a 200-segment flat chain without catching; plain segments catch", "[physics][chain]") {
    for (float speed : {1.0f, 2.0f, 5.0f, 10.0f}) {
        INFO("speed " << speed << " m/s");
        const Slide onChain = SlideAcross(true, speed);
        CHECK(onChain.endX >= 95.0f);
        CHECK(onChain.worstVy < 0.01f);
        // The same edges as separate two-sided segments: a shared vertex stops the box or kicks it.
        const Slide onSegments = SlideAcross(false, speed);
        INFO("plain segments: worst |v_y| " << onSegments.worstVy << " m/s, stopped at x = " << onSegments.endX << " m");
        CHECK((onSegments.endX < 95.0f || onSegments.worstVy >= 0.01f));
    }
}

TEST_CASE("A ball rolls inside a loop across every joint, the closing one included", "[physics][chain]") {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    // A clockwise 48-gon of radius 5: its inside collides. Its first point, where the loop closes, is
    // at the bottom, the ball's path.
    constexpr int kCount = 48;
    constexpr float kRadius = 5.0f;
    std::vector<Vec2> points;
    for (int i = 0; i < kCount; ++i) {
        const float angle = -0.5f * kPi - 2.0f * kPi * static_cast<float>(i) / kCount;
        points.push_back({kRadius * std::cos(angle), kRadius * std::sin(angle)});
    }
    const ChainId loop = world.CreateChain(ground, {.points = points, .loop = true});
    const float r = 0.25f;
    // Start on the wall 60° from the bottom, at rest; the inscribed polygon's edges are closer to the
    // centre than its vertices: start on the edge's inside.
    const float apothem = kRadius * std::cos(kPi / kCount);
    const float start = -0.5f * kPi - kPi / 3.0f;
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = (apothem - r) * Vec2{std::cos(start), std::sin(start)}});
    world.CreateShape(ball, {.geometry = Circle({}, r), .density = 1.0f, .friction = 0.6f});
    float innermost = 1e9f, outermost = 0.0f, highestAngle = -kPi;
    for (int step = 0; step < 240; ++step) {
        world.Step(kDt);
        const Vec2 p = world.GetPosition(ball);
        innermost = std::min(innermost, Length(p));
        outermost = std::max(outermost, Length(p));
        highestAngle = std::max(highestAngle, std::atan2(p.y, p.x));
    }
    // Across the bottom (the closing joint) and up the far side nearly as high as it started (60°):
    // the joints took next to no energy.
    CHECK(highestAngle > -0.5f * kPi + 50.0f * kPi / 180.0f);
    // Centre between the edges' and the vertices' inner offsets: never lifted off nor pushed through.
    CHECK(innermost > apothem - r - 0.02f);
    CHECK(outermost < kRadius - r + 0.01f);
    CHECK(world.GetChainShapes(loop).size() == kCount);
}

TEST_CASE("Chains are one-sided: bodies pass through from behind and rest on the front", "[physics][chain]") {
    for (bool chain : {true, false}) {
        World world;
        const BodyId ground = world.CreateBody({.type = BodyType::Static});
        if (chain) world.CreateChain(ground, {.points = {{5.0f, 0.0f}, {0.0f, 0.0f}, {-5.0f, 0.0f}}});
        else world.CreateShape(ground, {.geometry = Segment({5.0f, 0.0f}, {-5.0f, 0.0f})});
        // Thrown up from below (its centroid behind the chain) and dropped from above.
        const BodyId up = world.CreateBody({.type = BodyType::Dynamic, .position = {-2.0f, -1.0f}, .linearVelocity = {0.0f, 9.0f}});
        world.CreateShape(up, {.geometry = Box({0.2f, 0.2f}), .density = 1.0f});
        const BodyId down = world.CreateBody({.type = BodyType::Dynamic, .position = {2.0f, 1.0f}});
        world.CreateShape(down, {.geometry = Circle({}, 0.25f), .density = 1.0f});
        // A thin bullet from below, fast enough for the continuous phase (2 m per step).
        const BodyId bullet = world.CreateBody({.type = BodyType::Dynamic, .position = {0.5f, -1.0f}, .linearVelocity = {0.0f, 120.0f}});
        world.CreateShape(bullet, {.geometry = Box({0.05f, 0.05f}), .density = 1.0f});
        world.SetBullet(bullet, true);
        float highest = -1e9f, bulletHighest = -1e9f;
        for (int step = 0; step < 120; ++step) {
            world.Step(kDt);
            highest = std::max(highest, world.GetPosition(up).y);
            bulletHighest = std::max(bulletHighest, world.GetPosition(bullet).y);
        }
        INFO((chain ? "chain" : "plain segment"));
        CHECK(world.GetPosition(down).y == Approx(0.25f).margin(0.01f));
        if (chain) {  // went through and on up
            CHECK(highest > 1.5f);
            CHECK(bulletHighest > 50.0f);
        } else {  // a two-sided segment stops both (the checks can fail)
            CHECK(highest < 0.0f);
            CHECK(bulletHighest < 0.0f);
        }
    }
}

TEST_CASE("Chain shapes, ghosts and loop closure", "[physics][chain]") {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    const std::vector<Vec2> points = {{2, 0}, {1, 0.5f}, {0, 0}, {-1, 0.5f}};
    const ChainId open = world.CreateChain(ground, {.points = points, .friction = 0.3f, .restitution = 0.2f});
    const ChainId loop = world.CreateChain(ground, {.points = points, .loop = true});
    // A copy: the span is valid only until the next CreateChain or DestroyChain (world.h), and the chain
    // is destroyed below.
    const std::span<const ShapeId> openSpan = world.GetChainShapes(open);
    const std::vector<ShapeId> openShapes(openSpan.begin(), openSpan.end());
    REQUIRE(openShapes.size() == 3);
    REQUIRE(world.GetChainShapes(loop).size() == 4);
    for (size_t i = 0; i < 3; ++i) {
        const ChainSegment s = world.GetChainSegment(openShapes[i]);
        CHECK(s.a() == points[i]);
        CHECK(s.b() == points[i + 1]);
        CHECK(world.GetChain(openShapes[i]) == open);
        CHECK(world.GetFriction(openShapes[i]) == 0.3f);
        CHECK(world.GetRestitution(openShapes[i]) == 0.2f);
        CHECK(std::holds_alternative<Segment>(world.GetGeometry(openShapes[i])));
    }
    CHECK(world.GetChainSegment(openShapes[1]).ghost1() == points[0]);
    CHECK(world.GetChainSegment(openShapes[1]).ghost2() == points[3]);
    // Open ends: a ghost behind the surface, making a 90° convex end.
    const ChainSegment first = world.GetChainSegment(openShapes[0]);
    CHECK(Dot(first.ghost1() - first.a(), first.normal()) < 0.0f);
    CHECK(std::abs(Dot(first.ghost1() - first.a(), first.b() - first.a())) < 1e-6f);
    // The loop closes: the last segment runs back to the first point, with the first ones as ghosts.
    const auto loopShapes = world.GetChainShapes(loop);
    const ChainSegment last = world.GetChainSegment(loopShapes[3]);
    CHECK(last.a() == points[3]);
    CHECK(last.b() == points[0]);
    CHECK(last.ghost1() == points[2]);
    CHECK(last.ghost2() == points[1]);
    CHECK(world.GetChainSegment(loopShapes[0]).ghost1() == points[3]);
    // A plain shape is no chain's.
    const ShapeId plain = world.CreateShape(ground, {.geometry = Segment({0, -1}, {1, -1})});
    CHECK(world.GetChain(plain) == ChainId{});
    CHECK_THROWS_AS(world.GetChainSegment(plain), InvalidArgument);
    // Destroying the chain destroys its shapes; destroying the body its chains.
    world.DestroyChain(open);
    CHECK_FALSE(world.IsValid(open));
    CHECK_FALSE(world.IsValid(openShapes[0]));
    CHECK(world.GetShapes(ground).size() == 5);
    world.DestroyBody(ground);
    CHECK_FALSE(world.IsValid(loop));
}

TEST_CASE("Invalid chains are refused and leave the world unchanged", "[physics][chain]") {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    const ChainId chain = world.CreateChain(ground, {.points = {{1, 0}, {0, 0}, {-1, 0}}});
    const BodyId box = AddBox(world, {0.0f, 0.3f}, {0.25f, 0.25f});
    StepN(world, 5);
    const uint64_t hash = world.StateHash();
    const auto bytes = world.Save();
    const float nan = std::nanf("");
    const std::vector<ChainDef> bad = {
        {.points = {}},
        {.points = {{0, 0}}},
        {.points = {{0, 0}, {1, 0}}, .loop = true},
        {.points = {{0, 0}, {nan, 0}, {2, 0}}},
        {.points = {{0, 0}, {1, std::numeric_limits<float>::infinity()}}},
        {.points = {{0, 0}, {1, 0}, {1, 0}, {2, 0}}},
        {.points = {{0, 0}, {1, 0}, {1, 1}, {0, 0}}, .loop = true},
        {.points = {{0, 0}, {2e6f, 0}}},
        {.points = {{1, 0}, {0, 0}}, .friction = -1.0f},
        {.points = {{1, 0}, {0, 0}}, .restitution = 1.5f},
        {.points = {{1, 0}, {0, 0}}, .friction = nan},
    };
    for (size_t i = 0; i < bad.size(); ++i) {
        INFO("bad def " << i);
        CHECK_THROWS_AS(world.CreateChain(ground, bad[i]), InvalidArgument);
    }
    CHECK_THROWS_AS(world.CreateChain(BodyId{99, 1}, {.points = {{1, 0}, {0, 0}}}), InvalidArgument);
    CHECK_THROWS_AS(world.DestroyShape(world.GetChainShapes(chain)[0]), InvalidArgument);
    CHECK_THROWS_AS(world.DestroyChain(ChainId{chain.index, chain.generation + 1}), InvalidArgument);
    CHECK_THROWS_AS(world.GetChainShapes(ChainId{7, 1}), InvalidArgument);
    CHECK(world.StateHash() == hash);
    CHECK(world.Save() == bytes);
    CHECK(world.GetShapes(ground).size() == 2);
    // A destroyed chain's id is stale.
    world.DestroyChain(chain);
    CHECK_THROWS_AS(world.DestroyChain(chain), InvalidArgument);
    CHECK_THROWS_AS(world.GetChainShapes(chain), InvalidArgument);
    CHECK(world.IsValid(box));
}

TEST_CASE("Chains survive snapshots: a loaded world steps like the original", "[physics][chain][snapshot]") {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    world.CreateChain(ground, {.points = {{6, 1}, {3, 0}, {0, 0}, {-3, 0.5f}, {-6, 2}}});
    const ChainId loop = world.CreateChain(ground, {.points = {{8, -1}, {9, -1}, {9, 0}}, .loop = true});
    for (int i = 0; i < 4; ++i) AddBox(world, {-4.0f + 2.0f * static_cast<float>(i), 2.0f}, {0.3f, 0.2f}, 0.3f * static_cast<float>(i), {2.0f, 0.0f});
    StepN(world, 30);
    World loaded = World::Load(world.Save());
    World cloned = world.Clone();
    CHECK(loaded.GetChainShapes(loop).size() == 3);
    StepN(world, 60);
    StepN(loaded, 60);
    StepN(cloned, 60);
    CHECK(loaded.StateHash() == world.StateHash());
    CHECK(cloned.StateHash() == world.StateHash());
    CHECK(loaded.Save() == world.Save());
    // A destroyed chain's slot goes through a snapshot too.
    loaded.DestroyChain(loop);
    CHECK(World::Load(loaded.Save()).GetBodyCount() == 5);
}

namespace {

// A wheel rolling at 10 m/s and 25 rad/s (fast for its size: the continuous phase sweeps it) on flat
// ground, pressed down hard enough to end steps more than linearSlop into it. Returns the distance it
// covered in 1 s.
float PressedWheelDistance(bool chain) {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    const std::vector<Vec2> points = FlatPoints(40);
    if (chain) {
        world.CreateChain(ground, {.points = points});
    } else {
        for (size_t i = 0; i + 1 < points.size(); ++i) world.CreateShape(ground, {.geometry = Segment(points[i], points[i + 1])});
    }
    const BodyId wheel = world.CreateBody(
        {.type = BodyType::Dynamic, .position = {-15.0f, 0.4f}, .linearVelocity = {10.0f, 0.0f}, .angularVelocity = -25.0f});
    world.CreateShape(wheel, {.geometry = Circle({}, 0.4f), .density = 30.0f, .friction = 0.9f});
    for (int step = 0; step < 60; ++step) {
        world.ApplyForceToCenter(wheel, {0.0f, -400.0f * world.GetMass(wheel)});
        world.Step(kDt);
    }
    return world.GetPosition(wheel).x + 15.0f;
}

} // namespace

TEST_CASE("The continuous phase lets a fast wheel pressed into a chain roll on", "[physics][chain]") {
    // Only a centre going through a chain segment to its back counts as crossing it (chain.h): a wheel
    // ending a step deeper than linearSlop in front is pushed out by the contact, not held at its start.
    // (The same on plain two-sided segments covered 6.0 m when this was written: the phase's rule for
    // thin two-sided statics holds it back; before the chain rule, chains did the same.)
    INFO("plain segments: " << PressedWheelDistance(false) << " m");
    CHECK(PressedWheelDistance(true) > 9.5f);
}
