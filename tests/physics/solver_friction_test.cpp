// Friction in the contact solver: the Coulomb bound of a two-point contact (one friction row at the
// middle of the two points) and the sticking solve of shock propagation, which keeps tall stacks from
// creeping sideways without rest states.
#include <catch2/catch.hpp>
#include <cmath>

#include "physics_test_util.h"
#include "sensu_scenes/metrics.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A box resting flat on a static ramp tilted by `slope` rad (both friction 0.6); returns how far it has
// moved along the ramp after `steps` steps.
float SlideOnRamp(float slope, int steps) {
    SolverSettings settings;
    settings.restStates = false;
    World world({.settings = settings});
    const BodyId ramp = world.CreateBody({.type = BodyType::Static, .angle = slope});
    world.CreateShape(ramp, {.geometry = Box({10.0f, 0.5f}), .friction = 0.6f});
    const Vec2 up{-std::sin(slope), std::cos(slope)};
    const Vec2 start = 0.75f * up;  // the box's half height 0.25 m above the ramp's top face
    const BodyId box = AddBox(world, start, {0.5f, 0.25f}, slope);
    StepN(world, steps);
    return Length(world.GetPosition(box) - start);
}

} // namespace

TEST_CASE("a box on a ramp sticks below the friction angle and slides above it", "[physics][friction]") {
    // μ = 0.6: the friction angle is atan(0.6) ≈ 31°.
    SECTION("25 degrees: static friction holds") { CHECK(SlideOnRamp(25.0f * kPi / 180.0f, 120) < 0.01f); }
    SECTION("40 degrees: slides with a = g (sin θ − μ cos θ)") {
        const float slope = 40.0f * kPi / 180.0f;
        const float a = 10.0f * (std::sin(slope) - 0.6f * std::cos(slope));
        const int n = 60;
        // Symplectic Euler from rest: s = a dt² n (n + 1) / 2.
        const float expected = a * kDt * kDt * static_cast<float>(n * (n + 1)) / 2.0f;
        CHECK(SlideOnRamp(slope, n) == Approx(expected).epsilon(0.1));
    }
}

TEST_CASE("drop stacks of 80 and 100 boxes stand without rest states", "[physics][friction][scenes]") {
    for (int n : {80, 100}) {
        INFO("A" << n);
        const scenes::SceneDef scene = scenes::DropStack(n);
        SolverSettings settings;
        settings.restStates = false;
        scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
        StepN(built.world, scene.steps);
        std::vector<scenes::BodySample> samples;
        scenes::SampleWorld(built, scene, samples);
        const scenes::SceneMetrics m = scenes::Measure(scene, samples);
        CHECK(m.maxDrift <= scene.standing.maxDrift);
        CHECK(m.maxAngle <= scene.standing.maxAngle);
        CHECK(m.standing);
        CHECK(m.maxSpeed < 0.05f);
    }
}
