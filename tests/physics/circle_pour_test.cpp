// Issue 15, symptom 4: 1,000 circles of radius 0.1 m poured into a 6 m box ended up overlapping by up
// to 0.19 m (909 contacts deeper than 2 cm), worse over time, rest states on and off. Once the pile
// has settled the deepest overlap must be under 2 cm, and stay so.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "physics_test_util.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kRadius = 0.1f;

// Deepest overlap (m) between any two of the circles, brute force over all pairs: it does not trust
// the manifolds it checks.
float DeepestOverlap(const World& world, const std::vector<BodyId>& balls) {
    std::vector<Vec2> centres;
    centres.reserve(balls.size());
    for (BodyId b : balls) centres.push_back(world.GetPosition(b));
    float deepest = 0.0f;
    for (size_t i = 0; i < centres.size(); ++i) {
        for (size_t j = i + 1; j < centres.size(); ++j) {
            const Vec2 d = centres[j] - centres[i];
            if (std::abs(d.x) >= 2.0f * kRadius || std::abs(d.y) >= 2.0f * kRadius) continue;
            deepest = std::max(deepest, 2.0f * kRadius - Length(d));
        }
    }
    return deepest;
}

// Rows of 25 circles every 8 steps from a spout 8 m up, falling at 3 m/s (a row clears the next in
// those 8 steps), with a little sideways jitter, into a 6 m box with 12 m walls (the pile is about 6 m
// high). 40 rows: the pour ends at step 320 (5.3 s). Deepest overlap at the given seconds.
std::vector<float> PourAndMeasure(bool restStates, std::vector<float> seconds) {
    SolverSettings settings;
    settings.restStates = restStates;
    World world(WorldDef{.settings = settings});
    const BodyId box = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(box, {.geometry = Box({3.0f, 0.25f}, {0.0f, -0.25f})});
    for (const float x : {-3.25f, 3.25f}) world.CreateShape(box, {.geometry = Box({0.25f, 6.0f}, {x, 6.0f})});
    std::vector<BodyId> balls;
    std::vector<float> deepest;
    for (int step = 0; deepest.size() < seconds.size(); ++step) {
        if (step % 8 == 0 && balls.size() < 1000) {
            for (int k = 0; k < 25; ++k) {
                const float jitter = 0.004f * static_cast<float>((step * 7 + k * 3) % 11 - 5);
                const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = {-2.64f + 0.22f * static_cast<float>(k) + jitter, 8.0f},
                                                   .linearVelocity = {0.0f, -3.0f}});
                world.CreateShape(b, {.geometry = Circle({0.0f, 0.0f}, kRadius)});
                balls.push_back(b);
            }
        }
        world.Step(1.0f / 60.0f);
        if (static_cast<float>(step + 1) >= seconds[deepest.size()] * 60.0f) deepest.push_back(DeepestOverlap(world, balls));
    }
    REQUIRE(AllFinite(world));
    return deepest;
}

} // namespace

TEST_CASE("1,000 poured circles do not sink into each other", "[physics][fidelity][pour]") {
    for (const bool rest : {false, true}) {
        INFO((rest ? "rest states on" : "rest states off"));
        // Settled: 4.7 s and 6.7 s after the pour ends. (While the pile settles, 2-4 s after the pour,
        // rest states on show one or two pairs up to 2.3 cm deep for a moment: frozen neighbours do not
        // give way, so the awake ball between them takes the whole correction.)
        const std::vector<float> deepest = PourAndMeasure(rest, {10.0f, 12.0f});
        INFO("deepest overlap " << deepest[0] << " m, then " << deepest[1] << " m");
        CHECK(deepest[0] < 0.02f);
        CHECK(deepest[1] < 0.02f);
    }
}
