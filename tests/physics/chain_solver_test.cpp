// Support chains solved exactly (chain_solver.cpp; issue 15, symptom 5): a column of boxes pushed at
// its top tips at the force statics says, rest states on and off, and carries its weight exactly.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "sensu/physics/world.h"

using namespace sensu;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kG = 10.0f;

World MakeWorld(bool rest) {
    SolverSettings settings;
    settings.restStates = rest;
    World world({.settings = settings});
    const BodyId ground = world.CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
    world.CreateShape(ground, {.geometry = Box({50.0f, 0.5f}), .friction = 0.6f});
    return world;
}

// n boxes 0.5 m wide and 1 m tall (0.5 kg each), exactly stacked, left 2 s to settle.
std::vector<BodyId> AddColumn(World& world, int n) {
    std::vector<BodyId> column;
    for (int k = 0; k < n; ++k) {
        const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 0.5f + static_cast<float>(k)}});
        world.CreateShape(box, {.geometry = Box({0.25f, 0.5f}), .density = 1.0f, .friction = 0.6f});
        column.push_back(box);
    }
    for (int i = 0; i < 120; ++i) world.Step(kDt);
    return column;
}

// Pushes the top box to the right at the height of its centre through a light pusher (no gravity, no
// friction) with `force` N for `steps` steps; returns how far the top box moved, m.
float PushColumn(bool rest, int n, float force, int steps) {
    World world = MakeWorld(rest);
    const std::vector<BodyId> column = AddColumn(world, n);
    const Vec2 start = world.GetPosition(column.back());
    const BodyId pusher = world.CreateBody(
        {.type = BodyType::Dynamic, .position = start - Vec2{0.25f + 0.101f, 0.0f}, .gravityScale = 0.0f});
    world.CreateShape(pusher, {.geometry = Box({0.1f, 0.1f}), .density = 0.5f, .friction = 0.0f});
    for (int i = 0; i < steps; ++i) {
        world.ApplyForceToCenter(pusher, {force, 0.0f});
        world.Step(kDt);
    }
    return Length(world.GetPosition(column.back()) - start);
}

} // namespace

TEST_CASE("chains: a column pushed at its top holds below its tipping force and tips above it, within 5 %", "[physics][chains]") {
    // Statics: the column turns about its bottom corner when F (n − 1/2) > n m g w / 2, with the push at
    // the top box's centre: F = 1.25 n / (n − 0.5) N for 0.5 kg boxes 0.5 m wide. Before the chains were
    // solved exactly, shock propagation held a 6-box column up to 1.8 × that force, a 10-box one 2.1 ×.
    for (bool rest : {false, true}) {
        for (int n : {3, 6, 10}) {
            const float tipping = 1.25f * static_cast<float>(n) / (static_cast<float>(n) - 0.5f);
            INFO((rest ? "rest states on" : "rest states off") << ", n = " << n);
            CHECK(PushColumn(rest, n, 0.95f * tipping, 600) < 0.01f);  // 10 s: not a centimetre
            CHECK(PushColumn(rest, n, 1.05f * tipping, 600) > 1.0f);   // 10 s: over
        }
    }
}

TEST_CASE("chains: each box of a resting column carries the weight above it exactly", "[physics][chains]") {
    // Link k (under box k, from 0 at the ground) carries (n − k) m g; per step its normal impulse is that
    // times dt, whatever the passes would have left.
    const int n = 12;
    World world = MakeWorld(false);
    const std::vector<BodyId> column = AddColumn(world, n);
    world.Step(kDt);
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    std::vector<float> carried(static_cast<size_t>(n), 0.0f);
    for (const ContactPointInfo& p : points) {
        const BodyId upper = p.normal.y > 0.0f ? p.bodyB : p.bodyA;  // the normal points from A to B
        for (int k = 0; k < n; ++k)
            if (upper == column[static_cast<size_t>(k)]) carried[static_cast<size_t>(k)] += p.normalImpulse;
    }
    const float boxMass = world.GetMass(column[0]);
    for (int k = 0; k < n; ++k) {
        INFO("link " << k);
        CHECK(carried[static_cast<size_t>(k)] == Approx(static_cast<float>(n - k) * boxMass * kG * kDt).epsilon(1e-3));
    }
    // And the column does not move.
    for (const BodyId box : column) CHECK(Length(world.GetLinearVelocity(box)) < 1e-4f);
}

TEST_CASE("chains: pushed columns tip alike on 1 and 2 threads", "[physics][chains][threads]") {
    auto run = [](int threads) {
        SolverSettings settings;
        settings.threads = threads;
        World world({.settings = settings});
        const BodyId ground = world.CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
        world.CreateShape(ground, {.geometry = Box({50.0f, 0.5f}), .friction = 0.6f});
        std::vector<BodyId> tops;
        for (int c = 0; c < 8; ++c) {
            for (int k = 0; k < 8; ++k) {
                const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {3.0f * static_cast<float>(c), 0.5f + static_cast<float>(k)}});
                world.CreateShape(box, {.geometry = Box({0.25f, 0.5f}), .density = 1.0f, .friction = 0.6f});
                if (k == 7) tops.push_back(box);
            }
        }
        for (int i = 0; i < 300; ++i) {
            for (size_t c = 0; c < tops.size(); ++c) world.ApplyForceToCenter(tops[c], {0.3f * static_cast<float>(c), 0.0f});
            world.Step(kDt);
        }
        return world.StateHash();
    };
    CHECK(run(1) == run(2));
}
