// The continuous phase's impact solve (continuous_impacts.cpp): a touching neighbour that supports the
// hit body is held fixed, as shock propagation holds it, instead of taking a share of the momentum into
// the body under it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "../../framework/src/physics/world_access.h"

using namespace sensu;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr Vec2 kHalf{0.5f, 0.25f};

BodyId AddBox(World& world, Vec2 position, Vec2 velocity = {}) {
    const BodyId body = world.CreateBody({.type = BodyType::Dynamic, .position = position, .linearVelocity = velocity});
    world.CreateShape(body, {.geometry = Box(kHalf), .density = 1.0f, .friction = 0.6f, .restitution = 0.0f});
    return body;
}

// Whether the last step's continuous phase swept the body.
bool Swept(const World& world, BodyId body) {
    const std::vector<int>& fast = WorldAccess::Impl(world).fastBodies;
    return std::find(fast.begin(), fast.end(), static_cast<int>(body.index)) != fast.end();
}

} // namespace

TEST_CASE("a box meeting one that lands in the same step stops on it without pushing the column into itself",
          "[physics][continuous]") {
    // Two boxes 0.5 m tall rest on the ground. Box b falls at 10 m/s 5 mm above them (a speculative
    // contact stopped it there last step) and box a at 20 m/s 25 cm above b: their margin (2 cm plus
    // the 10 m/s they close at) does not cover the 33 cm a falls while the solver stops b, so a is
    // swept and meets b three quarters into the step (DropStack(100)'s landings). Shared among a, b and
    // the top box of the column alone, a's momentum moved that box on at ~7 m/s for the rest of the
    // step, 3 cm into the one under it; held by the column as shock propagation holds it, the top box
    // stays, and a and b stop on it.
    WorldDef def{.gravity = {0.0f, -10.0f}};
    def.settings.restStates = false;
    World world(def);
    const BodyId ground = world.CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
    world.CreateShape(ground, {.geometry = Box({20.0f, 0.5f}), .friction = 0.6f});
    BodyId column[2];
    for (int k = 0; k < 2; ++k) column[k] = AddBox(world, {0.0f, kHalf.y + 2.0f * kHalf.y * static_cast<float>(k)});
    for (int i = 0; i < 120; ++i) world.Step(kDt);  // the column settles
    const float topY = world.GetPosition(column[1]).y;
    const BodyId b = AddBox(world, {0.0f, topY + 2.0f * kHalf.y + 0.005f}, {0.0f, -10.0f});
    const BodyId a = AddBox(world, {0.0f, topY + 4.0f * kHalf.y + 0.255f}, {0.0f, -20.0f});
    world.Step(kDt);
    REQUIRE(Swept(world, a));
    const float slop = world.GetSettings().linearSlop;
    const float columnGap = world.GetPosition(column[1]).y - world.GetPosition(column[0]).y - 2.0f * kHalf.y;
    CHECK(columnGap >= -2.0f * slop);
    CHECK(world.GetPosition(b).y - world.GetPosition(column[1]).y >= 2.0f * kHalf.y - 2.0f * slop);
    CHECK(world.GetPosition(a).y - world.GetPosition(b).y >= 2.0f * kHalf.y - 2.0f * slop);
    // Not checked: the impact's rows are solved one point after the other, so this flat landing leaves a
    // and b turning (0.09-0.26 rad/s) and drifting sideways (0.16-0.37 m/s). Solving both points in one
    // block removed that (branch margin2) but changed the fidelity bench for the worse (an energy rise of
    // 2.05 %, bodies left frozen): open in issue 14's notes.
}
