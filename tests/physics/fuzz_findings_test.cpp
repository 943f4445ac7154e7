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
