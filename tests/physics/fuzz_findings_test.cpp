// World-level regressions of the defects fuzzing found (issue 16).
#include <catch2/catch.hpp>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

TEST_CASE("a ball dropped exactly on top of an upright capsule lands and stays there", "[physics][issue16]") {
    // On the capsule's axis beyond its end the manifold used to report penetration along (1, 0): the ball
    // was thrown 0.24 m sideways in mid-air and rolled off.
    World world;
    const BodyId post = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(post, {.geometry = Capsule({0.0f, 0.0f}, {0.0f, 1.0f}, 0.25f)});
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 2.0f}});
    world.CreateShape(ball, {.geometry = Circle({}, 0.25f)});
    float maxSideways = 0.0f;
    for (int i = 0; i < 120; ++i) {
        world.Step(kDt);
        maxSideways = std::max(maxSideways, std::abs(world.GetPosition(ball).x));
    }
    CHECK(maxSideways < 1e-3f);
    CHECK(world.GetPosition(ball).y == Approx(1.5f).margin(0.01f));
}

namespace {

/// A small scene with a bullet: ground, a box pile and a spinning bar.
struct BulletScene {
    World world;
    BodyId bullet;
    BulletScene() {
        AddGround(world);
        for (int i = 0; i < 3; ++i) AddBox(world, {0.0f, 0.5f + static_cast<float>(i)}, {0.5f, 0.5f});
        bullet = world.CreateBody({.type = BodyType::Dynamic, .position = {-3.0f, 1.0f}, .bullet = true});
        world.CreateShape(bullet, {.geometry = Box({1.0f, 0.05f})});
        StepN(world, 5);
    }
};

template <class Call>
void CheckThrowsUnchanged(World& world, Call call) {
    const uint64_t before = world.StateHash();
    CHECK_THROWS_AS(call(), InvalidArgument);
    CHECK(world.StateHash() == before);
}

} // namespace

TEST_CASE("Step rejects a dt it cannot step before anything changes (issue 16)", "[physics][issue16]") {
    BulletScene scene;
    // Step(1e33) drove positions to −inf; with a bullet Step(1e24) threw half-way.
    for (float dt : {1e33f, 1e24f, kMaxStepDt * 1.001f, -1.0f, NAN, INFINITY})
        CheckThrowsUnchanged(scene.world, [&] { scene.world.Step(dt); });
    scene.world.Step(kMaxStepDt);
    CHECK(AllFinite(scene.world));
}

TEST_CASE("speeds and coordinates beyond the limits are rejected where they are given (issue 16)", "[physics][issue16]") {
    BulletScene scene;
    World& world = scene.world;
    // A bullet at 6.6e29 m/s made Step(1/60) throw "Sector outer radius must be finite" half-way.
    CheckThrowsUnchanged(world, [&] { world.SetLinearVelocity(scene.bullet, {6.6e29f, 0.0f}); });
    CheckThrowsUnchanged(world, [&] { world.SetLinearVelocity(scene.bullet, {kMaxLinearSpeed, 1.0f}); });
    CheckThrowsUnchanged(world, [&] { world.SetAngularVelocity(scene.bullet, -2.0f * kMaxAngularSpeed); });
    CheckThrowsUnchanged(world, [&] { world.SetTransform(scene.bullet, {0.0f, 2e6f}, 0.0f); });
    CheckThrowsUnchanged(world, [&] { world.SetTransform(scene.bullet, {}, 1e30f); });
    CheckThrowsUnchanged(world, [&] { world.CreateBody({.type = BodyType::Dynamic, .linearVelocity = {0.0f, -1e6f}}); });
    CheckThrowsUnchanged(world, [&] { world.CreateBody({.position = {-3e6f, 0.0f}}); });
    CheckThrowsUnchanged(world, [&] { world.CreateShape(scene.bullet, {.geometry = Box({1e20f, 1.0f})}); });
    CheckThrowsUnchanged(world, [&] { world.CreateShape(scene.bullet, {.geometry = Circle({}, 1e-3f), .density = 1e-35f}); });
    CheckThrowsUnchanged(world, [&] { world.CreateShape(scene.bullet, {.geometry = Box({1e5f, 1e5f}), .density = 1e30f}); });
    // Found by the World fuzzer: a dynamic ball of radius 1e-15 m (4e-30 kg) turned NaN in a step.
    CheckThrowsUnchanged(world, [&] { world.CreateShape(scene.bullet, {.geometry = Circle({}, 1e-15f)}); });
    world.ApplyForceToCenter(scene.bullet, {3e38f, 0.0f});
    CheckThrowsUnchanged(world, [&] { world.ApplyForceToCenter(scene.bullet, {3e38f, 0.0f}); });
    CheckThrowsUnchanged(world, [&] { world.ApplyForce(scene.bullet, {0.0f, 1e30f}, {1e30f, 0.0f}); });
    CheckThrowsUnchanged(world, [&] { world.ApplyTorque(scene.bullet, 3e38f); world.ApplyTorque(scene.bullet, 3e38f); });
    world.Step(kDt);
    CHECK(AllFinite(world));
}

TEST_CASE("a bullet at the speed limits, huge impulses, forces and gravity step to a finite world (issue 16)", "[physics][issue16]") {
    for (int variant = 0; variant < 4; ++variant) {
        BulletScene scene;
        World& world = scene.world;
        if (variant == 0) {
            world.SetLinearVelocity(scene.bullet, {kMaxLinearSpeed, 0.0f});
            world.SetAngularVelocity(scene.bullet, kMaxAngularSpeed);
        } else if (variant == 1) {
            world.ApplyLinearImpulse(scene.bullet, {3e38f, 3e38f}, {1e6f, -1e6f});
        } else if (variant == 2) {
            world.ApplyForce(scene.bullet, {-3e37f, 1e37f}, world.GetWorldCenter(scene.bullet) + Vec2{0.5f, 0.02f});
            world.ApplyTorque(scene.bullet, -3e38f);
        } else {
            world.SetGravity({3e38f, -3e38f});
        }
        for (float dt : {kDt, kMaxStepDt, kDt, 0.5f}) {
            REQUIRE_NOTHROW(world.Step(dt));
            REQUIRE(AllFinite(world));
            CHECK(Length(world.GetLinearVelocity(scene.bullet)) <= kMaxLinearSpeed * 1.0001f);
            CHECK(std::abs(world.GetAngularVelocity(scene.bullet)) <= kMaxAngularSpeed * 1.0001f);
        }
    }
}

TEST_CASE("a 1e19 kg body spinning against static boxes stays finite (fuzz finding world-spinning-heavy-box-nan)", "[physics][issue16]") {
    // The flat-contact block solve inverted K = J M⁻¹ Jᵀ through 1/det; for a body this heavy K's entries
    // are near 1e-20, det near 1e-40 (below float's normal range) and 1/det infinite, so the body's
    // velocity turned NaN in the first velocity pass. Such a K is now inverted scaled by 1/k11.
    for (float density : {1e10f, 1e13f, 3e16f}) {
        INFO("density " << density);
        World world;
        const BodyId body = world.CreateBody({.type = BodyType::Dynamic, .angularVelocity = 1e4f});
        world.CreateShape(body, {.geometry = Box({24.25f, 24.25f}, {0.5f, 0.0f}, 0.0f), .density = density});
        world.CreateShape(body, {.geometry = Box({0.5f, 0.5f}, {0.5f, 0.5f}, 0.5f), .density = density});
        const BodyId wall = world.CreateBody({.type = BodyType::Static, .angle = 0.5f});
        world.CreateShape(wall, {.geometry = Box({24.25f, 0.5f})});
        const BodyId block = world.CreateBody({.type = BodyType::Static, .angle = -0.001425f});
        world.CreateShape(block, {.geometry = Box({0.5f, 0.5f}, {0.5f, 0.5f}, 0.5f)});
        for (int i = 0; i < 10; ++i) {
            world.Step(0.025f);
            REQUIRE(AllFinite(world));
        }
    }
}
