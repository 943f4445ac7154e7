// Invariants: momentum in free collisions, no energy gained with restitution 0, no NaN, determinism,
// and the broad phase finding every overlapping pair (checked against all pairs).
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "physics_test_util.h"
#include "random_cases.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

struct Momentum {
    Vec2 linear{};
    float angular = 0.0f;  // about the world origin
};

Momentum TotalMomentum(const World& world) {
    std::vector<BodyId> ids;
    world.GetBodies(ids);
    Momentum m;
    for (BodyId id : ids) {
        if (world.GetType(id) != BodyType::Dynamic) continue;
        const float mass = world.GetMass(id);
        const Vec2 v = world.GetLinearVelocity(id);
        m.linear += mass * v;
        m.angular += mass * Cross(world.GetWorldCenter(id), v) + world.GetInertia(id) * world.GetAngularVelocity(id);
    }
    return m;
}

float MechanicalEnergy(const World& world) {
    std::vector<BodyId> ids;
    world.GetBodies(ids);
    float e = 0.0f;
    for (BodyId id : ids) {
        if (world.GetType(id) != BodyType::Dynamic) continue;
        const float m = world.GetMass(id);
        const float w = world.GetAngularVelocity(id);
        e += 0.5f * m * LengthSquared(world.GetLinearVelocity(id)) + 0.5f * world.GetInertia(id) * w * w -
             m * Dot(world.GetGravity(), world.GetWorldCenter(id));
    }
    return e;
}

void AddRandomBody(World& world, Rng& rng, Vec2 position, float restitution) {
    const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = position, .angle = rng.Angle(),
                                       .linearVelocity = rng.InBox(-3, 3), .angularVelocity = rng.Uniform(-3, 3)});
    switch (rng.Int(0, 3)) {
        case 0: world.CreateShape(b, {.geometry = Box({rng.Uniform(0.2f, 0.8f), rng.Uniform(0.2f, 0.8f)}), .restitution = restitution}); break;
        case 1: world.CreateShape(b, {.geometry = Circle({0, 0}, rng.Uniform(0.2f, 0.6f)), .restitution = restitution}); break;
        case 2: world.CreateShape(b, {.geometry = Capsule({-0.4f, 0}, {0.4f, 0}, rng.Uniform(0.1f, 0.3f)), .restitution = restitution}); break;
        default: {
            const Vec2 hexagon[] = {{0.5f, 0}, {0.25f, 0.43f}, {-0.25f, 0.43f}, {-0.5f, 0}, {-0.25f, -0.43f}, {0.25f, -0.43f}};
            world.CreateShape(b, {.geometry = ConvexPolygon(hexagon), .restitution = restitution});
        }
    }
}

} // namespace

TEST_CASE("free collisions keep linear and angular momentum", "[physics][invariant]") {
    Rng rng(4001);
    for (int trial = 0; trial < 40; ++trial) {
        SolverSettings settings;
        settings.positionCorrection = false;  // the position pass moves bodies without momentum
        World world({.gravity = {0, 0}, .settings = settings});
        for (int i = 0; i < 4; ++i) AddRandomBody(world, rng, {2.0f * static_cast<float>(i) - 3.0f, rng.Uniform(-0.5f, 0.5f)}, rng.Uniform(0, 1));
        // Aim them at each other.
        std::vector<BodyId> ids;
        world.GetBodies(ids);
        for (BodyId id : ids) world.SetLinearVelocity(id, -2.0f * world.GetPosition(id));
        const Momentum before = TotalMomentum(world);
        StepN(world, 90);
        const Momentum after = TotalMomentum(world);
        CHECK(after.linear.x == Approx(before.linear.x).margin(1e-3));
        CHECK(after.linear.y == Approx(before.linear.y).margin(1e-3));
        CHECK(after.angular == Approx(before.angular).margin(2e-3));
        CHECK(AllFinite(world));
    }
}

TEST_CASE("with restitution 0 the mechanical energy never grows", "[physics][invariant]") {
    Rng rng(4002);
    for (int trial = 0; trial < 12; ++trial) {
        SolverSettings settings;
        settings.restStates = trial % 2 == 0;
        World world({.settings = settings});
        AddGround(world);
        for (int i = 0; i < 12; ++i) AddRandomBody(world, rng, {rng.Uniform(-4, 4), rng.Uniform(1, 8)}, 0.0f);
        float previous = MechanicalEnergy(world);
        const float scale = 1.0f + std::fabs(previous);
        for (int step = 0; step < 240; ++step) {
            world.Step(kDt);
            const float e = MechanicalEnergy(world);
            INFO("trial " << trial << ", step " << step);
            // The position pass may lift a penetrating body by up to maxCorrection per pass: allow that
            // much potential energy and float noise, nothing like a bounce.
            REQUIRE(e <= previous + 2e-3f * scale);
            previous = e;
        }
        CHECK(AllFinite(world));
    }
}

TEST_CASE("stepping the same scene twice gives the same state hash", "[physics][invariant]") {
    for (bool rest : {true, false}) {
        uint64_t hashes[2];
        for (uint64_t& h : hashes) {
            Rng rng(4003);
            SolverSettings settings;
            settings.restStates = rest;
            World world({.settings = settings});
            AddGround(world);
            for (int i = 0; i < 40; ++i) AddRandomBody(world, rng, {rng.Uniform(-6, 6), rng.Uniform(1, 12)}, rng.Uniform(0, 0.5f));
            StepN(world, 200);
            h = world.StateHash();
        }
        CHECK(hashes[0] == hashes[1]);
    }
}

TEST_CASE("the broad phase finds every overlapping pair (checked against all pairs)", "[physics][broadphase]") {
    Rng rng(4004);
    World world({.gravity = {0, 0}});
    struct Disc {
        BodyId id;
        Vec2 p;
        float r;
    };
    std::vector<Disc> discs;
    for (int i = 0; i < 2000; ++i) {
        const Vec2 p = rng.InBox(-60, 60);
        const float r = rng.Uniform(0.2f, 1.5f);
        const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = p});
        world.CreateShape(b, {.geometry = Circle({0, 0}, r)});
        discs.push_back({b, p, r});
    }
    world.Step(1e-6f);  // contacts are found, bodies barely move
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    std::set<std::pair<uint32_t, uint32_t>> found;
    for (const ContactPointInfo& c : points) found.insert({Min(c.bodyA.index, c.bodyB.index), Max(c.bodyA.index, c.bodyB.index)});
    int overlapping = 0;
    for (size_t i = 0; i < discs.size(); ++i) {
        for (size_t j = i + 1; j < discs.size(); ++j) {
            if (Distance(discs[i].p, discs[j].p) >= discs[i].r + discs[j].r - 1e-3f) continue;
            ++overlapping;
            const uint32_t a = discs[i].id.index, b = discs[j].id.index;
            if (!found.contains({Min(a, b), Max(a, b)})) FAIL("missed pair " << i << ", " << j);
        }
    }
    CHECK(overlapping > 100);
}
