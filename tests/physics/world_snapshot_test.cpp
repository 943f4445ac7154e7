// World snapshot and restore (world.h: Clone, Save, Load): a copy steps bit-identically to its original
// on scenes that exercise every kind of state; leaving out a field that affects the future makes these
// fail (the copy diverges within the steps run).
#include <catch2/catch.hpp>

#include <string>

#include "../../framework/src/physics/world_access.h"
#include "physics_test_util.h"
#include "random_cases.h"
#include "snapshot_scenes.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kStepsAfterSnapshot = 240;

// Steps both worlds with the scene's actions from step `from` on; returns the first step whose
// StateHash differs, or −1.
int FirstDivergence(World& a, World& b, const SnapshotScene& scene, int steps, int from) {
    for (int i = 0; i < steps; ++i) {
        const int step = from + i;
        scene.act(a, step);
        scene.act(b, step);
        a.Step(kDt);
        b.Step(kDt);
        if (a.StateHash() != b.StateHash()) return i;
    }
    return -1;
}

int FirstDivergence(World& a, World& b, const SnapshotScene& scene, int steps) {
    return FirstDivergence(a, b, scene, steps, scene.warmUpSteps);
}

World WarmedUp(const SnapshotScene& scene, int steps) {
    World world = scene.build();
    for (int step = 0; step < steps; ++step) {
        scene.act(world, step);
        world.Step(kDt);
    }
    return world;
}

World WarmedUp(const SnapshotScene& scene) { return WarmedUp(scene, scene.warmUpSteps); }

} // namespace

TEST_CASE("a cloned world steps bit-identically to its original", "[physics][snapshot]") {
    for (const SnapshotScene& scene : SnapshotScenes()) {
        INFO(scene.name);
        World original = WarmedUp(scene);
        World copy = original.Clone();
        CHECK(copy.StateHash() == original.StateHash());
        CHECK(FirstDivergence(original, copy, scene, kStepsAfterSnapshot) == -1);
    }
}

TEST_CASE("the snapshot scenes hold frozen piles, moving bodies and contacts at the snapshot", "[physics][snapshot]") {
    // What the bit-identity tests rely on: the scenes really carry the state they are meant to carry.
    int frozenScenes = 0, movingScenes = 0;
    for (const SnapshotScene& scene : SnapshotScenes()) {
        INFO(scene.name);
        World world = WarmedUp(scene);
        std::vector<BodyId> ids;
        world.GetBodies(ids);
        int dynamic = 0;
        for (BodyId id : ids) dynamic += world.GetType(id) == BodyType::Dynamic ? 1 : 0;
        CHECK(world.GetContactCount() > 0);
        frozenScenes += world.GetAwakeBodyCount() < dynamic ? 1 : 0;
        movingScenes += world.GetAwakeBodyCount() > 0 ? 1 : 0;
    }
    CHECK(frozenScenes >= 2);
    CHECK(movingScenes >= 2);
}

TEST_CASE("a copy nudged by one bit diverges: the comparison can fail", "[physics][snapshot]") {
    const SnapshotScene scene = SnapshotScenes()[2];
    World original = WarmedUp(scene);
    World copy = original.Clone();
    // The fastest body: a resting one may be frozen, or held where a contact sets its velocity outright.
    std::vector<BodyId> ids;
    copy.GetBodies(ids);
    BodyId body = ids.front();
    for (const BodyId id : ids)
        if (Length(copy.GetLinearVelocity(id)) > Length(copy.GetLinearVelocity(body))) body = id;
    REQUIRE(Length(copy.GetLinearVelocity(body)) > 0.1f);
    const Vec2 v = copy.GetLinearVelocity(body);
    copy.SetLinearVelocity(body, {std::nextafter(v.x, 1e9f), v.y});
    CHECK(FirstDivergence(original, copy, scene, kStepsAfterSnapshot) >= 0);
}

TEST_CASE("a clone keeps user data pointers and valid ids; the original is untouched by the copy's steps", "[physics][snapshot]") {
    int tag = 3;
    World world;
    AddGround(world);
    const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {0, 2}, .userData = &tag});
    const ShapeId shape = world.CreateShape(box, {.geometry = Box({0.5f, 0.5f}), .userData = &tag});
    World copy = world.Clone();
    CHECK(copy.GetUserData(box) == &tag);
    CHECK(copy.GetUserData(shape) == &tag);
    StepN(copy, 30);
    CHECK(copy.GetPosition(box).y < 2.0f);
    CHECK(world.GetPosition(box).y == 2.0f);
}

TEST_CASE("a world loaded from its saved bytes steps bit-identically to the original", "[physics][snapshot]") {
    for (const SnapshotScene& scene : SnapshotScenes()) {
        for (int at : {scene.warmUpSteps / 2, scene.warmUpSteps}) {
            INFO(scene.name << ", saved at step " << at);
            World original = WarmedUp(scene, at);
            const std::vector<uint8_t> bytes = original.Save();
            World restored = World::Load(bytes);
            CHECK(restored.StateHash() == original.StateHash());
            CHECK(restored.Save() == bytes);
            CHECK(FirstDivergence(original, restored, scene, kStepsAfterSnapshot, at) == -1);
            // Everything saved (contacts, impulses, the broad phase, counters) is still equal, not only the bodies.
            CHECK(restored.Save() == original.Save());
        }
    }
}

TEST_CASE("a world saved at any step of settling and bouncing steps on as the original", "[physics][snapshot]") {
    // Snapshots every 4 steps while bodies bounce, slow down and freeze, and while a push arrives: rest
    // timers, rest candidates and pending bounces are mid-way at some of them.
    const SnapshotScene scene = SnapshotScenes().back();
    World original = scene.build();
    int diverged = 0, compared = 0;
    for (int step = 0; step < 200; ++step) {
        if (step % 4 == 0) {
            World restored = World::Load(original.Save());
            World reference = original.Clone();
            diverged += FirstDivergence(reference, restored, scene, 30, step) >= 0 ? 1 : 0;
            ++compared;
        }
        scene.act(original, step);
        original.Step(kDt);
    }
    CHECK(compared == 50);
    CHECK(diverged == 0);
}

TEST_CASE("the support record is saved only for frozen floor-held bodies, restHeld never", "[physics][snapshot][rest]") {
    // A frozen three-row pyramid and a box falling beside it. The falling body's support record and
    // restHeld are what an earlier judgement left (rest_states.cpp writes them before it reads them
    // again), so Save must not depend on them; a frozen box's record is what its wake test reads.
    World world;
    AddGround(world, 20.0f);
    for (int row = 0; row < 3; ++row)
        for (int i = 0; i < 3 - row; ++i) AddBox(world, {static_cast<float>(i) - 0.5f * static_cast<float>(2 - row), 0.5f + static_cast<float>(row)}, {0.5f, 0.5f});
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    std::vector<BodyId> boxes;
    world.GetBodies(boxes);
    const BodyId falling = AddBox(world, {10.0f, 5.0f}, {0.5f, 0.5f});
    world.Step(kDt);
    const std::vector<uint8_t> bytes = world.Save();
    auto& impl = const_cast<WorldImpl&>(WorldAccess::Impl(world));
    detail::Body& loose = impl.bodies[falling.index];
    detail::Body& frozen = impl.bodies[boxes[1].index];  // the bottom row's first box
    REQUIRE(!loose.frozen);
    REQUIRE((frozen.frozen && !frozen.jointHeld));
    loose.restHeld = !loose.restHeld;
    loose.supportMinX += 1.0f;
    loose.supportReaction.y += 1.0f;
    frozen.restHeld = !frozen.restHeld;
    CHECK(world.Save() == bytes);
    frozen.supportMaxX += 1.0f;
    CHECK(world.Save() != bytes);
    CHECK(World::Load(bytes).Save() == bytes);
}

TEST_CASE("forces applied before a snapshot act in the copy", "[physics][snapshot]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0, 0.5f}, {0.5f, 0.5f});
    StepN(world, 5);
    world.ApplyForce(box, {30.0f, 5.0f}, world.GetWorldCenter(box) + Vec2{0.0f, 0.4f});
    world.ApplyTorque(box, 2.0f);
    World restored = World::Load(world.Save());
    World copy = world.Clone();
    for (World* w : {&world, &restored, &copy}) w->Step(kDt);
    CHECK(world.GetLinearVelocity(box).x > 0.0f);
    CHECK(restored.StateHash() == world.StateHash());
    CHECK(copy.StateHash() == world.StateHash());
}

TEST_CASE("saving twice gives the same bytes", "[physics][snapshot]") {
    World world = WarmedUp(SnapshotScenes()[3]);
    const std::vector<uint8_t> first = world.Save();
    CHECK(world.Save() == first);
    CHECK(World::Load(first).Save() == first);
    world.Step(kDt);
    CHECK(world.Save() != first);  // and the bytes do change with the state
}

TEST_CASE("loading keeps ids valid and sets user data to nullptr", "[physics][snapshot]") {
    int tag = 5;
    World world;
    AddGround(world);
    const BodyId gone = AddBox(world, {0, 1}, {0.5f, 0.5f});
    const BodyId box = world.CreateBody({.type = BodyType::Dynamic, .position = {2, 1}, .userData = &tag});
    const ShapeId shape = world.CreateShape(box, {.geometry = Box({0.5f, 0.5f}), .userData = &tag});
    world.DestroyBody(gone);
    StepN(world, 10);
    World restored = World::Load(world.Save());
    CHECK(restored.IsValid(box));
    CHECK(restored.IsValid(shape));
    CHECK_FALSE(restored.IsValid(gone));
    CHECK(restored.GetUserData(box) == nullptr);
    CHECK(restored.GetUserData(shape) == nullptr);
    CHECK(world.GetUserData(box) == &tag);
    // The free slots and generations came along: the next body gets the same id in both worlds.
    const BodyId again = world.CreateBody({.type = BodyType::Dynamic});
    CHECK(restored.CreateBody({.type = BodyType::Dynamic}) == again);
    CHECK(again.index == gone.index);
    CHECK(again.generation != gone.generation);
}

namespace {

std::string LoadError(std::span<const uint8_t> bytes) {
    try {
        World::Load(bytes);
    } catch (const InvalidArgument& e) {
        return e.what();
    }
    return "";
}

// A small world with every kind of shape, contacts and a destroyed body, for the corruption tests.
World SmallWorld() {
    World world;
    AddGround(world, 5.0f);
    const Vec2 tri[3] = {{-0.3f, -0.2f}, {0.3f, -0.2f}, {0.0f, 0.3f}};
    const ShapeGeometry shapes[] = {Circle({0, 0}, 0.3f), Capsule({-0.2f, 0}, {0.2f, 0}, 0.15f), Box({0.3f, 0.2f}, {0.1f, 0}, 0.3f),
                                    ConvexPolygon(tri)};
    for (int i = 0; i < 8; ++i) {
        const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = {-2.0f + 0.6f * static_cast<float>(i), 0.5f + 0.3f * static_cast<float>(i % 3)}});
        world.CreateShape(b, {.geometry = shapes[i % 4]});
    }
    const BodyId wall = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(wall, {.geometry = Segment({3, 0}, {4, 2})});
    world.DestroyBody(NthBody(world, 3));
    StepN(world, 40);
    return world;
}

} // namespace

TEST_CASE("malformed snapshots throw InvalidArgument naming the problem", "[physics][snapshot]") {
    const std::vector<uint8_t> bytes = SmallWorld().Save();
    CHECK(LoadError({}).find("no SENSUWLD header") != std::string::npos);
    const std::vector<uint8_t> text = {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', '!', '!'};
    CHECK(LoadError(text).find("no SENSUWLD header") != std::string::npos);

    std::vector<uint8_t> newer = bytes;
    newer[8] = static_cast<uint8_t>(bytes[8] + 1);  // the version, little-endian after the magic: one this build does not know
    CHECK(LoadError(newer).find("format version " + std::to_string(bytes[8] + 1) + " is not supported") != std::string::npos);

    std::vector<uint8_t> longer = bytes;
    longer.push_back(0);
    CHECK(LoadError(longer).find("1 bytes follow the end") != std::string::npos);

    // Every truncation, cut anywhere.
    int truncatedThrows = 0;
    for (size_t n = 0; n < bytes.size(); ++n) {
        const std::string error = LoadError(std::span(bytes).first(n));
        truncatedThrows += error.empty() ? 0 : 1;
    }
    CHECK(truncatedThrows == static_cast<int>(bytes.size()));
    CHECK(LoadError(std::span(bytes).first(bytes.size() - 3)).find("truncated") != std::string::npos);

    // 0xffffffff written over every 4 bytes in turn: each count it hits is refused before anything is
    // allocated; whatever it hits, Load throws InvalidArgument or loads (never another exception).
    int hugeCounts = 0;
    for (size_t at = 12; at + 4 <= bytes.size(); ++at) {
        std::vector<uint8_t> bad = bytes;
        std::fill_n(bad.begin() + static_cast<std::ptrdiff_t>(at), 4, uint8_t{0xff});
        hugeCounts += LoadError(bad).find("exceeds the data left") != std::string::npos ? 1 : 0;
    }
    CHECK(hugeCounts >= 8);  // the world's lists, the broad phase's, the bodies' shape lists
}

TEST_CASE("randomly corrupted snapshots either throw InvalidArgument or load a world that steps", "[physics][snapshot]") {
    const std::vector<uint8_t> bytes = SmallWorld().Save();
    Rng rng(15003);
    int thrown = 0, loaded = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<uint8_t> bad = bytes;
        const int flips = rng.Int(1, 4);
        for (int k = 0; k < flips; ++k) {
            const auto at = static_cast<size_t>(rng.Int(12, static_cast<int>(bad.size()) - 1));
            bad[at] = rng.Chance(0.5f) ? static_cast<uint8_t>(rng.Int(0, 255)) : static_cast<uint8_t>(bad[at] ^ (1u << rng.Int(0, 7)));
        }
        try {
            World world = World::Load(bad);
            // A flipped iteration count is valid but may ask for a billion passes: step only sane ones.
            const SolverSettings& st = world.GetSettings();
            if (st.velocityIterations <= 50 && st.positionIterations <= 50 && st.continuousMaxImpacts <= 50) StepN(world, 5);
            ++loaded;
        } catch (const InvalidArgument&) {
            ++thrown;
        }
    }
    // Both outcomes occur: bit flips in numbers load, flips in ids, counts and lists are caught.
    CHECK(thrown > 300);
    CHECK(loaded > 300);
}

TEST_CASE("a loaded world reports the same contact and sensor events as the original", "[physics][snapshot]") {
    const SnapshotScene scene = SnapshotScenes().back();
    REQUIRE(scene.name == "joints, a sensor, events");
    for (int at : {40, 65, 95, 119}) {
        INFO("saved at step " << at);
        World original = WarmedUp(scene, at);
        World restored = World::Load(original.Save());
        CHECK(restored.GetJointCount() == original.GetJointCount());
        int events = 0;
        for (int step = at; step < at + 120; ++step) {
            scene.act(original, step);
            scene.act(restored, step);
            original.Step(kDt);
            restored.Step(kDt);
            const ContactEvents a = original.GetContactEvents(), b = restored.GetContactEvents();
            const SensorEvents sa = original.GetSensorEvents(), sb = restored.GetSensorEvents();
            REQUIRE(a.beginEvents.size() == b.beginEvents.size());
            REQUIRE(a.endEvents.size() == b.endEvents.size());
            REQUIRE(a.hitEvents.size() == b.hitEvents.size());
            REQUIRE(sa.beginEvents.size() == sb.beginEvents.size());
            REQUIRE(sa.endEvents.size() == sb.endEvents.size());
            for (size_t i = 0; i < sa.endEvents.size(); ++i) CHECK(sa.endEvents[i].visitorShape == sb.endEvents[i].visitorShape);
            events += static_cast<int>(a.beginEvents.size() + a.endEvents.size() + a.hitEvents.size() + sa.beginEvents.size() + sa.endEvents.size());
        }
        CHECK(events > 0);
    }
}

TEST_CASE("loaded joints keep their ids, kinds and reactions", "[physics][snapshot]") {
    const SnapshotScene scene = SnapshotScenes().back();
    World original = WarmedUp(scene, 80);
    World restored = World::Load(original.Save());
    std::vector<JointId> a, b;
    original.GetJoints(a);
    restored.GetJoints(b);
    REQUIRE(a == b);
    REQUIRE(a.size() >= 9);  // 6 links, 2 wheels, the rope, the mouse joint
    for (size_t i = 0; i < a.size(); ++i) {
        CHECK(restored.GetType(b[i]) == original.GetType(a[i]));
        CHECK(restored.GetReactionForce(b[i]) == original.GetReactionForce(a[i]));
    }
}
