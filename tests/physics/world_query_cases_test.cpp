// World queries (world_queries.h) on hand-built scenes: the exact AABB rather than the fat proxy,
// touching cases, sensors, frozen bodies and filters, the fan, moving shapes, invalid input (world
// unchanged) and queries from inside the pre-solve hook.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "physics_test_util.h"
#include "sensu/physics/world_queries.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

ShapeId AddStaticBox(World& world, Vec2 center, Vec2 half, ShapeDef def = {.geometry = Circle({0, 0}, 0)}) {
    const BodyId body = world.CreateBody({.position = center});
    def.geometry = Box(half);
    return world.CreateShape(body, def);
}

const Transform kIdentity = Transform::FromAngle({0, 0}, 0.0f);

} // namespace

TEST_CASE("OverlapAABB reports the tight AABB, not the broad phase's fat one", "[physics][queries]") {
    for (BroadPhaseKind kind : {BroadPhaseKind::AabbTree, BroadPhaseKind::MortonQuadtree}) {
        WorldDef def;
        def.settings.broadPhase = kind;
        def.settings.aabbMargin = 0.5f;
        World world(def);
        const ShapeId box = AddStaticBox(world, {0, 0}, {1, 1});
        std::vector<ShapeId> found;
        OverlapAABB(world, {{1.2f, -0.1f}, {2.0f, 0.1f}}, {}, found);  // inside the fat AABB only
        CHECK(found.empty());
        OverlapAABB(world, {{1.0f, -0.1f}, {2.0f, 0.1f}}, {}, found);  // touching the face
        CHECK(found == std::vector<ShapeId>{box});
        OverlapAABB(world, {{0.5f, 0.5f}, {0.5f, 0.5f}}, {}, found);  // a point inside
        CHECK(found == std::vector<ShapeId>{box});
    }
}

TEST_CASE("ray casts: grazing, starting inside, zero length, sorted hits and the closest", "[physics][queries]") {
    World world;
    const BodyId ground = AddGround(world);
    const ShapeId groundShape = world.GetShapes(ground)[0];
    const ShapeId near = AddStaticBox(world, {2, 1}, {0.5f, 0.5f});
    const ShapeId far = AddStaticBox(world, {6, 1}, {0.5f, 0.5f});

    std::vector<QueryHit> hits;
    CastRay(world, {0, 1}, {10, 0}, {}, hits);
    REQUIRE(hits.size() == 2);
    CHECK(hits[0].shape == near);
    CHECK(hits[0].fraction == Approx(0.15f));
    CHECK(hits[0].point.x == Approx(1.5f));
    CHECK(hits[0].normal.x == Approx(-1.0f));
    CHECK(hits[1].shape == far);
    const auto closest = CastRayClosest(world, {0, 1}, {10, 0});
    REQUIRE(closest);
    CHECK(closest->shape == near);

    const auto graze = CastRayClosest(world, {-3, 0}, {6, 0});  // along the ground's top face
    REQUIRE(graze);
    CHECK(graze->shape == groundShape);

    const auto inside = CastRayClosest(world, {2, 1}, {0, 0});  // a point query inside a box
    REQUIRE(inside);
    CHECK(inside->shape == near);
    CHECK(inside->fraction == 0.0f);
    CHECK_FALSE(CastRayClosest(world, {4, 1}, {0, 0}));  // a point query in the gap
    CHECK_FALSE(CastRayClosest(world, {0, 3}, {10, 0}));  // passes above everything
}

TEST_CASE("sensors only when asked, frozen bodies unless excluded, filter bits honoured", "[physics][queries]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0, 0.5f}, {0.5f, 0.5f});
    REQUIRE(StepUntilAllRest(world, 600) > 0);
    const ShapeId boxShape = world.GetShapes(box)[0];
    const ShapeId sensor = AddStaticBox(world, {3, 0.5f}, {0.5f, 0.5f}, {.geometry = Circle({0, 0}, 0), .isSensor = true});
    const ShapeId tagged = AddStaticBox(world, {6, 0.5f}, {0.5f, 0.5f}, {.geometry = Circle({0, 0}, 0), .filter = {.categoryBits = 4, .maskBits = 1}});
    const AABB row{{-1, 0.2f}, {7, 0.8f}};
    std::vector<ShapeId> found;
    OverlapAABB(world, row, {}, found);
    CHECK(found == std::vector<ShapeId>{boxShape, tagged});
    OverlapAABB(world, row, {.includeSensors = true}, found);
    CHECK(found == std::vector<ShapeId>{boxShape, sensor, tagged});
    OverlapAABB(world, row, {.includeFrozen = false}, found);
    CHECK(found == std::vector<ShapeId>{tagged});
    OverlapAABB(world, row, {.categoryBits = 1, .maskBits = 4}, found);  // only category 4
    CHECK(found == std::vector<ShapeId>{tagged});
    OverlapAABB(world, row, {.categoryBits = 2, .maskBits = UINT64_MAX}, found);  // tagged's mask is 1 only
    CHECK(found == std::vector<ShapeId>{boxShape});
    CHECK_FALSE(world.IsAwake(box));  // querying a frozen body does not wake it
}

TEST_CASE("OverlapShape with a fan: what a sword swing touches", "[physics][queries]") {
    World world;
    const ShapeId front = AddStaticBox(world, {2, 0}, {0.3f, 0.3f});
    const ShapeId behind = AddStaticBox(world, {-2, 0}, {0.3f, 0.3f});
    const ShapeId tooClose = AddStaticBox(world, {0, 0.5f}, {0.25f, 0.25f});
    const Sector swing({0, 0}, {1, 0}, 0.6f, 1.0f, 2.5f);  // a blade from 1 m to 2.5 m, ±0.6 rad
    std::vector<ShapeId> found;
    OverlapShape(world, swing, kIdentity, {}, found);
    CHECK(found == std::vector<ShapeId>{front});
    // Turned half a turn by the transform, the same swing hits the box behind instead.
    OverlapShape(world, swing, Transform::FromAngle({0, 0}, kPi), {}, found);
    CHECK(found == std::vector<ShapeId>{behind});
    // A circle query exactly touching the small box's bottom face (inside the inner radius: no swing hit).
    OverlapShape(world, Circle({0, 0}, 0.25f), kIdentity, {}, found);
    CHECK(found == std::vector<ShapeId>{tooClose});
}

TEST_CASE("CastShape moves every convex kind and rejects a sector", "[physics][queries]") {
    World world;
    AddGround(world);
    const ShapeId wall = AddStaticBox(world, {5, 2}, {0.5f, 2.0f});
    const auto hit = CastShape(world, Circle({0, 0}, 0.5f), Transform::FromAngle({0, 2}, 0.0f), {10, 0});
    REQUIRE(hit);
    CHECK(hit->shape == wall);
    CHECK(hit->fraction == Approx(0.4f));
    CHECK(hit->point.x == Approx(4.5f));
    const auto capsule = CastShape(world, Capsule({0, -0.5f}, {0, 0.5f}, 0.25f), Transform::FromAngle({0, 2}, kPi / 2), {10, 0});
    REQUIRE(capsule);
    CHECK(capsule->shape == wall);
    CHECK(capsule->fraction == Approx(0.375f));
    CHECK_FALSE(CastShape(world, Circle({0, 0}, 0.5f), Transform::FromAngle({0, 2}, 0.0f), {-10, 0}));
    // A crate pushed into the wall stops flat against it; the point is on the touching interval.
    const auto crate = CastShape(world, Box({0.5f, 0.5f}), Transform::FromAngle({0, 2}, 0.0f), {10, 0});
    REQUIRE(crate);
    CHECK(crate->shape == wall);
    CHECK(crate->fraction == Approx(0.4f));
    CHECK(crate->normal.x == Approx(-1.0f));
    CHECK(crate->point.x == Approx(4.5f));
    CHECK(std::abs(crate->point.y - 2.0f) <= 0.5f + 1e-5f);
    // A diamond (a polygon) turned corner-first, and a plank (a segment) held vertically.
    const Vec2 diamond[4] = {{0, -0.5f}, {0.5f, 0}, {0, 0.5f}, {-0.5f, 0}};
    const auto corner = CastShape(world, ConvexPolygon(diamond), Transform::FromAngle({0, 2}, 0.0f), {10, 0});
    REQUIRE(corner);
    CHECK(corner->fraction == Approx(0.4f));
    CHECK(corner->point.x == Approx(4.5f));
    CHECK(corner->point.y == Approx(2.0f));
    const auto plank = CastShape(world, Segment({0, -1}, {0, 1}), Transform::FromAngle({0, 2}, 0.0f), {10, 0});
    REQUIRE(plank);
    CHECK(plank->fraction == Approx(0.45f));
    // A box resting on the ground touches it at fraction 0 (a point in the overlap, the normal against
    // the motion); a box lifted off the ground by 1 mm and pushed sideways misses it.
    const auto resting = CastShape(world, Box({0.5f, 0.5f}), Transform::FromAngle({-3, 0.5f}, 0.0f), {-1, 0});
    REQUIRE(resting);
    CHECK(resting->fraction == 0.0f);
    CHECK(resting->normal.x == Approx(1.0f));
    CHECK(std::abs(resting->point.y) <= 1e-5f);
    CHECK_FALSE(CastShape(world, Box({0.5f, 0.5f}), Transform::FromAngle({-3, 0.501f}, 0.0f), {-1, 0}));
    CHECK_THROWS_AS(CastShape(world, Sector({0, 0}, {1, 0}, 0.5f, 0.0f, 1.0f), kIdentity, {1, 0}), InvalidArgument);
}

TEST_CASE("invalid queries throw InvalidArgument and leave the world unchanged", "[physics][queries]") {
    World world;
    AddGround(world);
    AddBox(world, {0, 2}, {0.5f, 0.5f});
    StepN(world, 10);
    const uint64_t hash = world.StateHash();
    const std::vector<uint8_t> bytes = world.Save();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const float big = std::numeric_limits<float>::max();
    std::vector<QueryHit> hits;
    std::vector<ShapeId> found;
    CHECK_THROWS_AS(CastRayClosest(world, {nan, 0}, {1, 0}), InvalidArgument);
    CHECK_THROWS_AS(CastRayClosest(world, {0, 0}, {inf, 0}), InvalidArgument);
    CHECK_THROWS_AS(CastRay(world, {big, 0}, {big, 0}, {}, hits), InvalidArgument);  // the end overflows
    CHECK_THROWS_AS(OverlapAABB(world, {{1, 0}, {0, 1}}, {}, found), InvalidArgument);  // lower > upper
    CHECK_THROWS_AS(OverlapAABB(world, {{0, nan}, {1, 1}}, {}, found), InvalidArgument);
    CHECK_THROWS_AS(OverlapShape(world, Circle({0, 0}, 1), Transform{{0, 0}, Rot{2.0f, 0.0f}}, {}, found), InvalidArgument);
    CHECK_THROWS_AS(OverlapShape(world, Circle({0, 0}, 1), Transform{{nan, 0}, Rot{}}, {}, found), InvalidArgument);
    CHECK_THROWS_AS(OverlapShape(world, Circle({big, 0}, 1), Transform{{big, 0}, Rot{}}, {}, found), InvalidArgument);
    CHECK_THROWS_AS(CastShape(world, Circle({0, 0}, 1), kIdentity, {0, nan}), InvalidArgument);
    CHECK_THROWS_AS(CastShape(world, Circle({0, 0}, 1), Transform{{0, 0}, Rot{0.5f, 0.5f}}, {1, 0}), InvalidArgument);
    CHECK_THROWS_AS(CastShape(world, Circle({0, 0}, 1), Transform{{big, 0}, Rot{}}, {big, 0}), InvalidArgument);  // swept bounds overflow
    CHECK(world.StateHash() == hash);
    CHECK(world.Save() == bytes);
}

namespace {

struct HookProbe {
    const World* world = nullptr;
    int calls = 0, hits = 0;
};

bool QueryingHook(const PreSolveContact&, void* context) {
    auto& probe = *static_cast<HookProbe*>(context);
    ++probe.calls;
    // A query from inside Step: the ground is below the falling box at the step's start poses.
    if (CastRayClosest(*probe.world, {0, 5}, {0, -10})) ++probe.hits;
    return true;
}

} // namespace

TEST_CASE("queries are safe from the pre-solve hook and see teleports at once", "[physics][queries]") {
    World world;
    AddGround(world);
    const BodyId box = AddBox(world, {0, 0.6f}, {0.5f, 0.5f});
    HookProbe probe{&world};
    world.SetPreSolve(QueryingHook, &probe);
    StepN(world, 30);
    CHECK(probe.calls > 0);
    CHECK(probe.hits == probe.calls);
    world.SetTransform(box, {10, 5}, 0.0f);  // no step: the broad phase is already up to date
    const auto hit = CastRayClosest(world, {10, 8}, {0, -10});
    REQUIRE(hit);
    CHECK(hit->shape == world.GetShapes(box)[0]);
    CHECK(hit->point.y == Approx(5.5f));
}

TEST_CASE("CastShape rejects a sweep beyond kMaxQueryReach and leaves the world unchanged (fuzz finding world-capsule-cast-nan-fraction)", "[physics][queries]") {
    World world;
    const BodyId ground = world.CreateBody({.type = BodyType::Static});
    world.CreateShape(ground, {.geometry = Segment({-10, 0}, {10, 0})});
    const uint64_t before = world.StateHash();
    // The finding: a capsule cast 4.4e33 m long returned fraction NaN.
    CHECK_THROWS_AS(CastShape(world, Capsule({0, -0.5f}, {0, 0.5f}, 0.25f), Transform::FromAngle({0, 2}, 0.0f), {-4.4e33f, 0}),
                    InvalidArgument);
    CHECK_THROWS_AS(CastShape(world, Box({0.5f, 0.5f}), Transform::FromAngle({0, 2}, 0.0f), {0, -2e7f}), InvalidArgument);
    CHECK(world.StateHash() == before);
    // Within the reach the cast works as always.
    const auto hit = CastShape(world, Capsule({0, -0.5f}, {0, 0.5f}, 0.25f), Transform::FromAngle({0, 2}, 0.0f), {0, -9e6f});
    REQUIRE(hit);
    CHECK(hit->fraction >= 0.0f);
    CHECK(hit->fraction <= 1.0f);
}
