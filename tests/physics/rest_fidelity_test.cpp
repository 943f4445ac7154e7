// Rest states are an optimisation: a world with them must move like the same world without them
// (issue 15). Slow slides and creeps must not freeze, bodies created or teleported into a frozen pile
// must be resolved as without rest states, and a pushed pile must move as the load it carries says.
#include <catch2/catch.hpp>
#include <cmath>

#include "physics_test_util.h"
#include "sensu_scenes/fidelity.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kG = 10.0f;

World MakeWorld(bool rest) {
    SolverSettings settings;
    settings.restStates = rest;
    return World({.settings = settings});
}

// A 1 × 0.5 m box resting flat on a static ramp tilted by `slope` rad, both shapes with friction μ;
// returns how far it has moved along the ramp after `steps` steps.
float SlideOnRamp(bool rest, float slope, float mu, int steps) {
    World world = MakeWorld(rest);
    const BodyId ramp = world.CreateBody({.type = BodyType::Static, .angle = slope});
    world.CreateShape(ramp, {.geometry = Box({20.0f, 0.5f}), .friction = mu});
    const Vec2 up{-std::sin(slope), std::cos(slope)};
    const Vec2 start = 0.75f * up;  // the box's half height above the ramp's top face
    const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = start, .angle = slope});
    world.CreateShape(box, {.geometry = Box({0.5f, 0.25f}), .friction = mu});
    StepN(world, steps);
    return Length(world.GetPosition(box) - start);
}

// Deepest overlap (m, ≥ 0) of any contact point of the world.
float DeepestOverlap(const World& world) {
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    float deepest = 0.0f;
    for (const ContactPointInfo& p : points) deepest = Max(deepest, -p.separation);
    return deepest;
}

// A copy of `world`'s bodies (poses, velocities, shapes of the pyramid scene) without rest states: the
// reference a rest-on world must match.
struct Copy {
    World world;
    std::vector<BodyId> bodies;
};

Copy CopyWithoutRest(const World& from, const scenes::SceneDef& scene, const std::vector<BodyId>& bodies) {
    Copy copy{MakeWorld(false), {}};
    for (size_t i = 0; i < bodies.size(); ++i) {
        BodyDef def = scene.bodies[i].body;
        def.position = from.GetPosition(bodies[i]);
        def.angle = from.GetAngle(bodies[i]);
        def.linearVelocity = from.GetLinearVelocity(bodies[i]);
        def.angularVelocity = from.GetAngularVelocity(bodies[i]);
        const BodyId id = copy.world.CreateBody(def);
        for (const ShapeDef& shape : scene.bodies[i].shapes) copy.world.CreateShape(id, shape);
        copy.bodies.push_back(id);
    }
    return copy;
}

// Deepest overlap (m, ≥ 0) of the box `body` (half extents 0.5 × 0.25) with the 1 m boxes `others`,
// from the geometry alone (a missing contact cannot hide it).
float DeepestOverlapWith(const World& world, BodyId body, const std::vector<BodyId>& others) {
    float deepest = 0.0f;
    for (BodyId other : others) {
        if (world.GetType(other) != BodyType::Dynamic) continue;
        const Manifold m = CollideBoxes(Box({0.5f, 0.25f}), world.GetTransform(body), Box({0.5f, 0.5f}), world.GetTransform(other), 0.0f);
        for (int p = 0; p < m.pointCount; ++p) deepest = Max(deepest, -m.points[p].separation);
    }
    return deepest;
}

BodyId AddDroppedBox(World& world, Vec2 at, BodyType type = BodyType::Dynamic) {
    const BodyId box = world.CreateBody({.type = type, .position = at, .angle = 0.2f});
    world.CreateShape(box, {.geometry = Box({0.5f, 0.25f}), .friction = 0.6f});
    return box;
}

// A light pusher (0.02 kg, no gravity, frictionless) placed against the left face of `target` at
// height `y` once the world rests: a force on it pushes the target through their contact, the way
// bodies load a pile (ApplyForce on the pile's own bodies wakes it directly).
BodyId AddPusher(World& world, Vec2 leftFace) {
    const BodyId pusher = world.CreateBody({.type = BodyType::Dynamic, .position = leftFace - Vec2{0.1f + 0.001f, 0.0f}, .gravityScale = 0.0f});
    world.CreateShape(pusher, {.geometry = Box({0.1f, 0.1f}), .density = 0.5f, .friction = 0.0f});
    return pusher;
}

// A column of n boxes 0.5 m wide × 1 m tall (0.5 kg) left to rest (frozen with rest states on), then
// pushed to the right at the height of its top box's centre by `force` N through a pusher; returns how
// far the top box moved in `steps` steps.
float PushColumn(bool rest, int n, float force, int steps) {
    World world = MakeWorld(rest);
    AddGround(world);
    std::vector<BodyId> column;
    for (int k = 0; k < n; ++k) column.push_back(AddBox(world, {0.0f, 0.5f + static_cast<float>(k)}, {0.25f, 0.5f}));
    StepN(world, 120);
    if (rest) REQUIRE(world.GetAwakeBodyCount() == 0);
    const BodyId top = column.back();
    const Vec2 start = world.GetPosition(top);
    const BodyId pusher = AddPusher(world, start - Vec2{0.25f, 0.0f});
    for (int i = 0; i < steps; ++i) {
        world.ApplyForceToCenter(pusher, {force, 0.0f});
        world.Step(kDt);
    }
    return Length(world.GetPosition(top) - start);
}

} // namespace

TEST_CASE("a slow slide down a 20 degree slope does not freeze", "[physics][rest][fidelity]") {
    const float slope = 20.0f * kPi / 180.0f;
    const int steps = 300;  // 5 s
    for (float a : {0.05f, 0.1f, 0.2f}) {
        INFO("a = " << a << " m/s^2");
        // a = g (sin θ − μ cos θ)
        const float mu = (kG * std::sin(slope) - a) / (kG * std::cos(slope));
        // Symplectic Euler from rest: s = a dt² n (n + 1) / 2.
        const float expected = a * kDt * kDt * static_cast<float>(steps * (steps + 1)) / 2.0f;
        const float off = SlideOnRamp(false, slope, mu, steps);
        const float on = SlideOnRamp(true, slope, mu, steps);
        CHECK(off == Approx(expected).epsilon(0.01));
        CHECK(on == Approx(off).epsilon(0.02));
    }
}

TEST_CASE("a box at rest on a slope its friction holds still freezes", "[physics][rest][fidelity]") {
    World world = MakeWorld(true);
    const float slope = 10.0f * kPi / 180.0f;
    const BodyId ramp = world.CreateBody({.type = BodyType::Static, .angle = slope});
    world.CreateShape(ramp, {.geometry = Box({20.0f, 0.5f}), .friction = 0.8f});
    const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = 0.75f * Vec2{-std::sin(slope), std::cos(slope)}, .angle = slope});
    world.CreateShape(box, {.geometry = Box({0.5f, 0.25f}), .friction = 0.8f});
    REQUIRE(StepUntilAllRest(world, 120) > 0);
    CHECK(!world.IsAwake(box));
}

TEST_CASE("a box on a slowly tilting kinematic platform creeps as without rest states", "[physics][rest][fidelity]") {
    auto run = [](bool rest) {
        World world = MakeWorld(rest);
        const BodyId platform = world.CreateBody({.type = BodyType::Kinematic, .angularVelocity = 0.06f});
        world.CreateShape(platform, {.geometry = Box({6.0f, 0.25f}), .friction = 0.4f});
        const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 0.5f}});
        world.CreateShape(box, {.geometry = Box({0.5f, 0.25f}), .friction = 0.4f});
        bool everFrozen = false;
        for (int i = 0; i < 420; ++i) {  // 7 s: 24°, past the friction angle atan(0.4) ≈ 21.8° at 6.3 s
            world.Step(kDt);
            everFrozen = everFrozen || !world.IsAwake(box);
        }
        CHECK(!everFrozen);
        return world.GetPosition(box);
    };
    const Vec2 off = run(false);
    const Vec2 on = run(true);
    CHECK(Length(on - off) < 0.01f);
    CHECK(Length(off - Vec2{0.0f, 0.5f}) > 0.05f);  // it did creep
}

TEST_CASE("a rested box pushed just past its friction limit slides as Coulomb says", "[physics][rest][fidelity]") {
    const float mu = 0.6f, mass = 0.5f, factor = 1.05f;
    const int steps = 300;
    for (bool throughContact : {false, true}) {
        INFO((throughContact ? "pushed by a body" : "ApplyForce on the box"));
        auto run = [&](bool rest) {
            World world = MakeWorld(rest);
            AddGround(world);
            const BodyId box = AddBox(world, {0.0f, 0.25f}, {0.5f, 0.25f});
            REQUIRE(world.GetMass(box) == Approx(mass));
            StepN(world, 60);
            if (rest) REQUIRE(!world.IsAwake(box));
            const Vec2 start = world.GetPosition(box);
            const BodyId pusher = AddPusher(world, start - Vec2{0.5f, 0.0f});
            for (int i = 0; i < steps; ++i) {
                const Vec2 force{factor * mu * mass * kG, 0.0f};
                if (throughContact) {
                    world.ApplyForceToCenter(pusher, force);
                } else {
                    world.ApplyForceToCenter(box, force);
                }
                world.Step(kDt);
            }
            return world.GetPosition(box).x - start.x;
        };
        const float pusherMass = 0.02f;  // pushed along with the box: a = (F − μ m g) / (m + m_pusher)
        const float a = (factor - 1.0f) * mu * mass * kG / (mass + (throughContact ? pusherMass : 0.0f));
        const float expected = a * kDt * kDt * static_cast<float>(steps * (steps + 1)) / 2.0f;
        const float off = run(false);
        const float on = run(true);
        CHECK(off == Approx(expected).epsilon(0.05));
        CHECK(on == Approx(off).epsilon(0.02));
    }
}

TEST_CASE("a rested column pushed at its top moves as without rest states", "[physics][rest][fidelity]") {
    for (int n : {3, 10}) {
        const float tipping = 1.25f * static_cast<float>(n) / (static_cast<float>(n) - 0.5f);  // N
        for (float factor : {1.3f, 1.8f, 2.5f}) {
            INFO("n = " << n << ", " << factor << " x the tipping force");
            const float off = PushColumn(false, n, factor * tipping, 180);
            const float on = PushColumn(true, n, factor * tipping, 180);
            CHECK(std::fabs(on - off) <= 0.02f + 0.05f * off);
        }
    }
}

TEST_CASE("a box created overlapping a rested pyramid wakes it and is pushed out as without rest states", "[physics][rest][fidelity]") {
    const scenes::SceneDef scene = scenes::Pyramid(20);
    scenes::BuiltWorld built = scenes::BuildWorld(scene);
    World& world = built.world;
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    Copy copy = CopyWithoutRest(world, scene, built.bodies);
    const Vec2 at{0.3f, 10.2f};  // inside the pile, across two rows
    const BodyId dropped = AddDroppedBox(world, at);
    const BodyId reference = AddDroppedBox(copy.world, at);
    world.Step(kDt);
    CHECK(world.GetAwakeBodyCount() > 1);  // the pile reacts
    StepN(world, 119);
    StepN(copy.world, 120);
    const float deepestOff = DeepestOverlap(copy.world);
    CHECK(deepestOff < 0.02f);
    CHECK(DeepestOverlap(world) < deepestOff + 0.01f);
    CHECK(Length(world.GetPosition(dropped) - copy.world.GetPosition(reference)) < 0.25f);
}

TEST_CASE("a body teleported into a rested pyramid wakes it and is pushed out as without rest states", "[physics][rest][fidelity]") {
    for (BodyType type : {BodyType::Dynamic, BodyType::Static}) {
        INFO((type == BodyType::Dynamic ? "dynamic" : "static"));
        const scenes::SceneDef scene = scenes::Pyramid(20);
        scenes::BuiltWorld built = scenes::BuildWorld(scene);
        World& world = built.world;
        const BodyId body = AddDroppedBox(world, {-20.0f, 0.25f}, type);
        REQUIRE(StepUntilAllRest(world, 600) > 0);
        Copy copy = CopyWithoutRest(world, scene, built.bodies);
        const BodyId reference = AddDroppedBox(copy.world, {-20.0f, 0.25f}, type);
        const Vec2 at{0.3f, 5.2f};
        world.SetTransform(body, at, 0.2f);
        copy.world.SetTransform(reference, at, 0.2f);
        world.Step(kDt);
        CHECK(world.GetAwakeBodyCount() > (type == BodyType::Dynamic ? 1 : 0));  // the pile reacts
        StepN(world, 119);
        StepN(copy.world, 120);
        const float deepestOff = DeepestOverlapWith(copy.world, reference, copy.bodies);
        CHECK(DeepestOverlapWith(world, body, built.bodies) < deepestOff + 0.01f);
        CHECK(DeepestOverlap(world) < DeepestOverlap(copy.world) + 0.01f);
        if (type == BodyType::Dynamic) CHECK(deepestOff < 0.02f);
    }
}

TEST_CASE("a plank does not freeze while a ball still rolls on it (islands freeze whole)", "[physics][rest][fidelity]") {
    // The plank lies still under the rolling ball, so on its own it would be a rest candidate; frozen, it
    // would no longer give under the ball (fidelity scenes spawn/254: a pile froze under bodies still
    // settling on it, which then settled differently than without rest states).
    World world = MakeWorld(true);
    AddGround(world);
    const BodyId plank = AddBox(world, {0.0f, 0.1f}, {4.0f, 0.1f});
    const BodyId ball = world.CreateBody({.type = BodyType::Dynamic, .position = {-3.5f, 0.45f}, .linearVelocity = {1.0f, 0.0f},
                                          .angularVelocity = -1.0f / 0.25f});
    world.CreateShape(ball, {.geometry = Circle({0.0f, 0.0f}, 0.25f), .friction = 0.6f});
    for (int step = 0; step < 300; ++step) {  // 5 s: the ball rolls 5 m of the plank's 8
        world.Step(kDt);
        INFO("step " << step);
        REQUIRE(world.IsAwake(ball));
        REQUIRE(world.IsAwake(plank));
    }
    // Once the ball has rolled off and away, the plank rests.
    StepN(world, 300);
    CHECK(world.GetPosition(ball).x > 4.5f);
    CHECK_FALSE(world.IsAwake(plank));
}

TEST_CASE("a body tipping over a pivot is not held by the load resting on it (seed 004 §3.5.1)", "[physics][rest][fidelity]") {
    // §3.5.1 holds a body on one pivot when a neighbour touches it on the centre of mass's side: that
    // neighbour stops the turn only if the turn presses into it. A body resting on top is pressed down
    // with it and tips with it. Fidelity scene destroy/1005 froze such a pair once islands froze only
    // whole (the test above), and the rest-off copy toppled it (4.7 cm, one body still frozen).
    scenes::FidelityScene scene = scenes::BuildFidelityScene(scenes::FidelityKind::Destroy, 1005);
    const scenes::FidelityResult r = scenes::RunFidelity(scene);
    CHECK(r.frozenChecked > 0);
    CHECK(r.violations == 0);
}

TEST_CASE("fidelity dominoes/11152: two leaning dominoes whose stop slips do not freeze (seed 004 §3.5.1)", "[physics][rest][fidelity]") {
    // A domino leaning on its neighbour, which stands on one corner: each is held by §3.5.1's side stop
    // at their contact, whose friction is at its limit (the leaning one slides down its neighbour's
    // face). They froze at a turning point of that slow fall (0.024 m/s, no change of speed over the
    // slow window); without rest states they topple from there, 2.1 cm within a second, while frozen
    // they stood. A stop that slips holds nothing now.
    scenes::FidelityScene scene = scenes::BuildFidelityScene(scenes::FidelityKind::Dominoes, 11152);
    const scenes::FidelityResult r = scenes::RunFidelity(scene);
    CHECK(r.frozenChecked > 0);
    CHECK(r.violationsStillFrozen == 0);
    CHECK(r.violations == 0);
}

TEST_CASE("fidelity spawn/10110: a body the position pass still pushes out does not freeze", "[physics][rest][fidelity]") {
    // A disc spawned into a pile ends wedged 9–10 mm (1.8–2 linearSlop) deep between the body under it
    // and the body on it. The position pass, done only within 1.5 linearSlop, pushes it sideways every
    // step without giving it velocity, so the rest speeds did not see it: frozen there, it stood where
    // without rest states it moves 1.1 cm within a second.
    scenes::FidelityScene scene = scenes::BuildFidelityScene(scenes::FidelityKind::Spawn, 10110);
    const scenes::FidelityResult r = scenes::RunFidelity(scene);
    CHECK(r.frozenChecked > 0);
    CHECK(r.violationsStillFrozen == 0);
    CHECK(r.violations == 0);
}

TEST_CASE("fidelity spawn/5142: a body wedged sideways between two boxes keeps the pile awake", "[physics][rest][fidelity]") {
    // A body spawned between two boxes of a pile ends 5.8–5.9 mm (1.15 linearSlop) deep in both side
    // contacts. The position pass pushes the boxes apart, 30 µm a step, while the load on the wedge
    // presses it back: without rest states the box resting on one of them by a 2 mm corner loses that
    // support within 3 steps and falls (12 cm in a second); frozen, the pile stood. Now the pile stays
    // awake and the box falls as without rest states (after that it leans on a corner too steep for
    // its friction to freeze on, so no body is frozen at the snapshots).
    scenes::FidelityScene scene = scenes::BuildFidelityScene(scenes::FidelityKind::Spawn, 5142);
    const scenes::FidelityResult r = scenes::RunFidelity(scene);
    CHECK(r.snapshots > 0);
    CHECK(r.violationsStillFrozen == 0);
    CHECK(r.violations == 0);
}

TEST_CASE("fidelity spawn/4118: a box resting corner in corner on its neighbour does not freeze", "[physics][rest][fidelity]") {
    // A box rests by its corner 4.9 mm deep in the corner of the box under it, on a patch 4.1 mm wide:
    // narrower than deep, so box-box SAT holds the vertical axis only by its tolerance. Without rest
    // states a creep of 0.2 µrad a step flips it to the horizontal one after 14 steps, the support is
    // gone and the box and the one on it fall (2.2 cm within a second); frozen, both stood.
    scenes::FidelityScene scene = scenes::BuildFidelityScene(scenes::FidelityKind::Spawn, 4118);
    const scenes::FidelityResult r = scenes::RunFidelity(scene);
    CHECK(r.frozenChecked > 0);
    CHECK(r.violationsStillFrozen == 0);
    CHECK(r.violations == 0);
}
