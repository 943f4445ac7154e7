// Which fast bodies the continuous phase leaves to the regular contacts (ContinuousPhase::
// HeldBySpeculativeContacts): one whose velocity the solver changed is held when each of its contacts
// holds the pair's motion at the final velocities (issue #14), and swept when a neighbour whose
// manifold had no point can be reached by the changed motion.
#include <catch2/catch.hpp>

#include <algorithm>

#include "../../framework/src/physics/world_access.h"

using namespace sensu;

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kRadius = 0.1f;

BodyId AddBall(World& world, Vec2 position, Vec2 velocity) {
    const BodyId body = world.CreateBody({.type = BodyType::Dynamic, .position = position, .linearVelocity = velocity});
    world.CreateShape(body, {.geometry = Circle({0.0f, 0.0f}, kRadius), .density = 1.0f, .friction = 0.0f});
    return body;
}

// Whether the last step's continuous phase swept the body (listed it fast, not held).
bool Swept(const World& world, BodyId body) {
    const std::vector<int>& fast = WorldAccess::Impl(world).fastBodies;
    return std::find(fast.begin(), fast.end(), static_cast<int>(body.index)) != fast.end();
}

// Fast by the threshold rule: it moves more than continuousThreshold of its diameter in a step.
bool FastForItsSize(const World& world, BodyId body) {
    return kDt * Length(world.GetLinearVelocity(body)) > SolverSettings{}.continuousThreshold * 2.0f * kRadius;
}

World NoGravity(bool continuous = true) {
    WorldDef def{.gravity = {0.0f, 0.0f}};
    def.settings.continuous = continuous;
    return World(def);
}

} // namespace

TEST_CASE("a fast ball slowed by the contact it hits is held by that contact", "[physics][continuous]") {
    // Ball a at 9 m/s meets ball b at rest 5 cm ahead: their speculative point lets them close the gap
    // and no more, so a goes on at 6 m/s. The old rule swept a (its velocity changed by more than
    // speculativeDistance per step); the pair's contact has points and holds it.
    World world = NoGravity();
    const Vec2 before{9.0f, 0.0f};
    const BodyId a = AddBall(world, {0.0f, 0.0f}, before);
    const BodyId b = AddBall(world, {2.0f * kRadius + 0.05f, 0.0f}, {});
    world.Step(kDt);
    REQUIRE(FastForItsSize(world, a));
    REQUIRE(kDt * Length(world.GetLinearVelocity(a) - before) > world.GetSettings().speculativeDistance);
    CHECK_FALSE(Swept(world, a));
    CHECK(Distance(world.GetPosition(a), world.GetPosition(b)) >= 2.0f * kRadius - world.GetSettings().linearSlop);
}

TEST_CASE("a fast ball pushed towards a neighbour its contacts had no point for is swept", "[physics][continuous]") {
    // Balls a and d rise side by side at 9 m/s, 5 cm apart: moving as one, their margin is
    // speculativeDistance (2 cm) and their manifold has no point. Ball c, rising with them, hits a from
    // the other side at 12 m/s more: the solver gives a about 5 m/s towards d, 9 cm per step. Only the
    // sweep sees that a now closes on d; without it a ends 4 cm inside d.
    auto run = [](bool continuous) {
        World world = NoGravity(continuous);
        const BodyId a = AddBall(world, {0.0f, 0.0f}, {0.0f, 9.0f});
        const BodyId d = AddBall(world, {2.0f * kRadius + 0.05f, 0.0f}, {0.0f, 9.0f});
        AddBall(world, {-2.0f * kRadius - 0.02f, 0.0f}, {12.0f, 9.0f});
        world.Step(kDt);
        const float gap = Distance(world.GetPosition(a), world.GetPosition(d)) - 2.0f * kRadius;
        return std::pair{gap, continuous && Swept(world, a)};
    };
    const float slop = SolverSettings{}.linearSlop;
    const auto [gapWithout, _] = run(false);
    REQUIRE(gapWithout < -slop);  // the case is real: the regular contacts let a into d
    const auto [gap, swept] = run(true);
    CHECK(swept);
    CHECK(gap >= -slop);
}
