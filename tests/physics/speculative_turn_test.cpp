// Issue 15, energy: the speculative margin of a contact covers how far the pair can close in one step
// turning as well as moving (contact.cpp, marginOf; a body's turnReach, continuous.cpp). Before, a
// domino falling flat hit the ground with its far end outside the margin, sank 4.7 cm into it in one
// step, and the position pass pushing it out gave +1.1 % energy (sensu-bench-fidelity's dominoes/2504;
// 11 rising scenes of 12,000).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

float DeepestOverlap(const World& world) {
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    float deepest = 0.0f;
    for (const ContactPointInfo& p : points) deepest = std::max(deepest, -p.separation);
    return deepest;
}

} // namespace

TEST_CASE("a domino falling flat does not sink into the ground (turning counts in the speculative margin)", "[physics][fidelity]") {
    // Thin tall boxes falling flat, as in the fidelity bench's dominoes, rest states on and off: the far
    // end reaches the ground at ~4–5 m/s turning about the near corner.
    for (const bool rest : {false, true}) {
        for (const float halfHeight : {0.5f, 0.8f}) {
            INFO((rest ? "rest states on, " : "rest states off, ") << "half height " << halfHeight);
            SolverSettings settings;
            settings.restStates = rest;
            World world(WorldDef{.gravity = {0.0f, -10.0f}, .settings = settings});
            AddGround(world);
            // Standing on its right corner, leaning past it: it falls flat from rest.
            const float lean = 0.25f, halfWidth = 0.06f;
            const BodyId domino = AddBox(world, {0.0f, halfHeight * std::cos(lean) + halfWidth * std::sin(lean) + 0.001f},
                                         {halfWidth, halfHeight}, -lean);
            const std::vector<BodyId> bodies{domino};
            float deepest = 0.0f;
            WindowedEnergyRise rise;
            for (int i = 0; i < 240; ++i) {
                world.Step(kDt);
                deepest = std::max(deepest, DeepestOverlap(world));
                rise.Add(EnergyOf(world, bodies));
            }
            CHECK(world.GetAngle(domino) < -1.4f);  // it did fall flat
            CHECK(deepest < 0.02f);
            CHECK(rise.worst < 0.005);
        }
    }
}

TEST_CASE("a spinning disc's margin does not grow: turning never moves its surface", "[physics][fidelity]") {
    // A disc spinning about its centre next to a wall, 3 cm apart: its surface does not move, so no
    // speculative contact appears (a margin grown by the spin would report a contact across the gap).
    World world(WorldDef{.gravity = {0.0f, 0.0f}});
    const BodyId wall = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(wall, {.geometry = Box({0.1f, 2.0f}, {0.6f, 0.0f})});
    const BodyId disc = world.CreateBody({.type = BodyType::Dynamic, .angularVelocity = 20.0f});
    world.CreateShape(disc, {.geometry = Circle({0.0f, 0.0f}, 0.47f)});
    const BodyId bar = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 3.0f}, .angularVelocity = 6.0f});
    world.CreateShape(bar, {.geometry = Box({0.47f, 0.05f})});
    const BodyId wallHigh = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(wallHigh, {.geometry = Box({0.1f, 0.3f}, {0.6f, 3.0f})});
    world.Step(kDt);
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    bool discContact = false, barContact = false;
    for (const ContactPointInfo& p : points) {
        discContact = discContact || p.bodyA == disc || p.bodyB == disc;
        barContact = barContact || p.bodyA == bar || p.bodyB == bar;
    }
    CHECK_FALSE(discContact);
    // The bar of the same reach turning 0.1 rad per step can close the 3 cm gap: it gets a speculative
    // contact.
    CHECK(barContact);
}
