// Restitution: a body bounces with e times its approach speed whether the contact that stops it was
// already touching or only speculative (most impacts are caught one step early by a speculative
// contact, which stops the body at the surface; restitution must still act on the approach speed).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "sensu/physics/world.h"

using namespace sensu;

namespace {

constexpr float kDt = 1.0f / 60.0f;

struct Bounce {
    float impactSpeed = 0.0f;   // m/s, fastest approach before the first rebound
    float reboundSpeed = 0.0f;  // m/s, fastest separation right after it
    float apex = -1e30f;        // m, highest centre after the rebound
    float maxSpin = 0.0f;       // rad/s over the whole run
};

// Drops `shape` (centre at `height`) onto a static ground whose top is y = 0 and records the bounce.
Bounce Drop(const ShapeGeometry& shape, float height, float restitution, int steps = 240) {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(ground, {.geometry = Box({20.0f, 0.5f}, {0.0f, -0.5f}), .restitution = restitution});
    const BodyId body = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, height}});
    world.CreateShape(body, {.geometry = shape, .density = 1.0f, .restitution = restitution});
    Bounce out;
    bool rebounding = false;
    for (int i = 0; i < steps; ++i) {
        world.Step(kDt);
        const float vy = world.GetLinearVelocity(body).y;
        out.maxSpin = std::max(out.maxSpin, std::abs(world.GetAngularVelocity(body)));
        if (!rebounding && vy > 0.0f) rebounding = true;
        if (!rebounding) out.impactSpeed = std::max(out.impactSpeed, -vy);
        if (rebounding) {
            out.reboundSpeed = std::max(out.reboundSpeed, vy);
            out.apex = std::max(out.apex, world.GetPosition(body).y);
            if (vy < 0.0f) break;  // past the first apex
        }
    }
    return out;
}

} // namespace

TEST_CASE("a ball dropped with restitution 1 comes back up to its drop height", "[physics][restitution]") {
    const float radius = 0.25f, height = 5.0f;
    const Bounce b = Drop(Circle({0, 0}, radius), height, 1.0f);
    CHECK(b.impactSpeed > 9.0f);
    CHECK(b.reboundSpeed > 0.95f * b.impactSpeed);
    CHECK(b.apex > radius + 0.9f * (height - radius));
    // No energy from nowhere: it turns round at the surface, not in the speculative gap above it
    // (ApplyRestitution), so the apex stays at the drop height, give or take
    // a centimetre for the discrete apex of symplectic Euler.
    CHECK(b.apex < height + 0.01f);
}

TEST_CASE("the rebound speed is e times the impact speed", "[physics][restitution]") {
    for (float e : {0.25f, 0.5f, 0.8f}) {
        INFO("e = " << e);
        const Bounce b = Drop(Circle({0, 0}, 0.25f), 4.0f, e);
        CHECK(b.reboundSpeed == Approx(e * b.impactSpeed).epsilon(0.1));
    }
}

TEST_CASE("restitution 0 and approaches below the threshold do not bounce", "[physics][restitution]") {
    CHECK(Drop(Circle({0, 0}, 0.25f), 4.0f, 0.0f).reboundSpeed < 0.1f);
    // Dropped 2 cm: it lands at about 0.6 m/s, below the default threshold of 1 m/s.
    CHECK(Drop(Circle({0, 0}, 0.25f), 0.27f, 1.0f).reboundSpeed < 0.1f);
}

TEST_CASE("a box landing flat bounces without starting to spin", "[physics][restitution]") {
    const Bounce b = Drop(Box({0.5f, 0.25f}), 3.0f, 0.6f);
    CHECK(b.reboundSpeed == Approx(0.6f * b.impactSpeed).epsilon(0.15));
    CHECK(b.maxSpin < 0.05f);
}

TEST_CASE("a fast ball bounces off a wall with restitution 1", "[physics][restitution]") {
    World world({.gravity = {0.0f, 0.0f}});
    const BodyId wall = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(wall, {.geometry = Box({0.5f, 5.0f}, {10.0f, 0.0f}), .restitution = 1.0f});
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .linearVelocity = {30.0f, 0.0f}});
    world.CreateShape(ball, {.geometry = Circle({0, 0}, 0.1f), .density = 1.0f, .restitution = 1.0f});
    for (int i = 0; i < 60; ++i) world.Step(kDt);
    CHECK(world.GetLinearVelocity(ball).x == Approx(-30.0f).epsilon(0.05));
    CHECK(world.GetPosition(ball).x < 9.5f);
}

TEST_CASE("a ball bouncing with restitution 1 for ten seconds never rises above its drop height", "[physics][restitution]") {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(ground, {.geometry = Box({20.0f, 0.5f}, {0.0f, -0.5f}), .restitution = 1.0f});
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 3.0f}});
    world.CreateShape(ball, {.geometry = Circle({0, 0}, 0.25f), .density = 1.0f, .restitution = 1.0f});
    float highest = 0.0f, lowestApexAfterFirst = 1e30f;
    float previousVy = 0.0f;
    int bounces = 0;
    for (int i = 0; i < 600; ++i) {
        world.Step(kDt);
        const float vy = world.GetLinearVelocity(ball).y;
        if (previousVy > 0.0f && vy <= 0.0f) {  // an apex
            ++bounces;
            lowestApexAfterFirst = std::min(lowestApexAfterFirst, world.GetPosition(ball).y);
        }
        highest = std::max(highest, i > 0 ? world.GetPosition(ball).y : 0.0f);
        previousVy = vy;
    }
    CHECK(bounces >= 5);
    CHECK(highest < 3.0f + 0.02f);
    CHECK(lowestApexAfterFirst > 2.5f);
}
