// Morton-ordered linear quadtree broad phase (issue 6): the candidate pairs are exactly the pairs of
// overlapping fat AABBs (checked against all pairs). A world finds the same contacts with either broad
// phase, but creates them in each structure's own visiting order, which changes the solver's order; so
// stepped scenes are compared by outcome (rest, standing), not by StateHash.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "../../framework/src/physics/broad_phase.h"
#include "physics_test_util.h"
#include "random_cases.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

using Pair = std::pair<int, int>;

// A box of a random kind: mostly 0.1–2 m, some tiny (1 mm) or huge (up to 400 m), and with `farKinds` > 0
// some far outside the region the others start in (up to 10 km away).
AABB RandomBox(Rng& rng, int farKinds) {
    const int kind = rng.Int(0, 19 + farKinds);
    const Vec2 centre = kind >= 20 ? rng.InBox(-1.0e4f, 1.0e4f) : rng.InBox(-30.0f, 30.0f);
    Vec2 half{rng.Uniform(0.05f, 1.0f), rng.Uniform(0.05f, 1.0f)};
    if (kind < 2) half = {rng.Uniform(0.0f, 1.0e-3f), rng.Uniform(0.0f, 1.0e-3f)};
    if (kind == 2) half = {rng.Uniform(10.0f, 200.0f), rng.Uniform(0.05f, 200.0f)};
    return {centre - half, centre + half};
}

// Pairs (lower user data first) found by querying every live proxy with its own fat AABB; REQUIREs that
// no query reports a proxy twice.
std::vector<Pair> QueriedPairs(const detail::BroadPhase& bp, const std::vector<int>& proxyOf) {
    std::vector<Pair> pairs;
    std::vector<int> seen;
    for (int i = 0; i < static_cast<int>(proxyOf.size()); ++i) {
        if (proxyOf[i] < 0) continue;
        seen.clear();
        bp.Query(bp.FatAABB(proxyOf[i]), [&](int other) {
            seen.push_back(other);
            if (other > i) pairs.emplace_back(i, other);
        });
        std::sort(seen.begin(), seen.end());
        REQUIRE(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

std::vector<Pair> BruteForcePairs(const std::vector<AABB>& boxes, const std::vector<int>& proxyOf) {
    std::vector<Pair> pairs;
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i)
        for (int j = i + 1; j < static_cast<int>(boxes.size()); ++j)
            if (proxyOf[i] >= 0 && proxyOf[j] >= 0 && Overlaps(boxes[i], boxes[j])) pairs.emplace_back(i, j);
    return pairs;
}

// Random bodies of several shapes and sizes over a wide ground, some fast, one far away.
void BuildRandomScene(World& world, uint64_t seed) {
    Rng rng(seed);
    AddGround(world, 200.0f);
    for (int i = 0; i < 120; ++i) {
        const Vec2 p{rng.Uniform(-15.0f, 15.0f), rng.Uniform(0.5f, 25.0f)};
        const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = p, .angle = rng.Angle(),
                                           .linearVelocity = rng.InBox(-2.0f, 2.0f)});
        const float size = rng.Chance(0.1f) ? rng.Uniform(0.02f, 0.05f) : rng.Uniform(0.2f, 1.0f);
        if (rng.Chance(0.5f)) {
            world.CreateShape(b, {.geometry = Box({size, 0.5f * size}), .density = 1.0f, .friction = 0.6f});
        } else {
            world.CreateShape(b, {.geometry = Circle({0.0f, 0.0f}, size), .density = 1.0f, .friction = 0.6f});
        }
    }
    const BodyId huge = world.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 60.0f}});
    world.CreateShape(huge, {.geometry = Box({20.0f, 1.0f}), .density = 0.1f, .friction = 0.6f});
    const BodyId far = world.CreateBody({.type = BodyType::Dynamic, .position = {5000.0f, 3000.0f}, .linearVelocity = {0.0f, -50.0f}});
    world.CreateShape(far, {.geometry = Circle({0.0f, 0.0f}, 0.5f), .density = 1.0f});
}

// Body pairs of the contacts with points, sorted.
std::vector<Pair> ContactBodyPairs(const World& world) {
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    std::vector<Pair> pairs;
    for (const ContactPointInfo& p : points) {
        const auto a = static_cast<int>(p.bodyA.index);
        const auto b = static_cast<int>(p.bodyB.index);
        pairs.emplace_back(std::min(a, b), std::max(a, b));
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    return pairs;
}

// Steps a world while creating, destroying and teleporting bodies (some far outside the scene).
void StepWithChurn(World& world, uint64_t seed, int steps) {
    Rng rng(seed);
    std::vector<BodyId> ids;
    for (int step = 0; step < steps; ++step) {
        world.GetBodies(ids);
        if (step % 20 == 10) {
            world.DestroyBody(ids[rng.Int(1, static_cast<int>(ids.size()) - 1)]);
            AddBox(world, {rng.Uniform(-10.0f, 10.0f), rng.Uniform(5.0f, 15.0f)}, {0.4f, 0.3f});
        }
        if (step % 25 == 5) world.SetTransform(ids[rng.Int(1, static_cast<int>(ids.size()) - 1)], rng.InBox(-2000.0f, 2000.0f), 0.0f);
        world.Step(kDt);
    }
}

} // namespace

TEST_CASE("Morton quadtree candidate pairs equal all overlapping pairs, through creates, moves and destroys",
          "[physics][broadphase][morton]") {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
        Rng rng(seed);
        const int farKinds = seed % 2 == 0 ? 2 : 0;  // odd seeds keep the root small (deep, busy cells)
        detail::BroadPhase morton, tree;
        morton.SetKind(BroadPhaseKind::MortonQuadtree);
        tree.SetKind(BroadPhaseKind::AabbTree);
        const int n = 250;
        std::vector<AABB> boxes(n);
        std::vector<int> mortonProxy(n, -1), treeProxy(n, -1);
        for (int i = 0; i < n; ++i) {
            boxes[i] = RandomBox(rng, farKinds);
            mortonProxy[i] = morton.CreateProxy(boxes[i], i);
            treeProxy[i] = tree.CreateProxy(boxes[i], i);
        }
        for (int round = 0; round < 6; ++round) {
            // Alternate rounds leave the proxies that moved out of the root in the overflow list.
            if (round % 2 == 0) morton.Update();
            const std::vector<Pair> expected = BruteForcePairs(boxes, mortonProxy);
            REQUIRE(QueriedPairs(morton, mortonProxy) == expected);
            REQUIRE(QueriedPairs(tree, treeProxy) == expected);
            for (int i = 0; i < n; ++i) {
                const int action = rng.Int(0, 9);
                if (mortonProxy[i] < 0) {
                    if (action < 5) continue;
                    boxes[i] = RandomBox(rng, farKinds);
                    mortonProxy[i] = morton.CreateProxy(boxes[i], i);
                    treeProxy[i] = tree.CreateProxy(boxes[i], i);
                } else if (action == 0) {
                    morton.DestroyProxy(mortonProxy[i]);
                    tree.DestroyProxy(treeProxy[i]);
                    mortonProxy[i] = treeProxy[i] = -1;
                } else if (action < 4) {
                    // Small drift, a jump, or a jump far away (drives overflow and root rebuilds).
                    const Vec2 d = action == 1                   ? rng.InBox(-0.5f, 0.5f)
                                   : action == 2 || farKinds == 0 ? rng.InBox(-40.0f, 40.0f)
                                                                  : rng.InBox(-5.0e4f, 5.0e4f);
                    boxes[i] = {boxes[i].lower + d, boxes[i].upper + d};
                    morton.MoveProxy(mortonProxy[i], boxes[i]);
                    tree.MoveProxy(treeProxy[i], boxes[i]);
                }
            }
        }
        // Arbitrary query boxes (not proxies) see exactly the overlapping proxies too.
        morton.Update();
        for (int q = 0; q < 200; ++q) {
            const AABB box = RandomBox(rng, farKinds);
            std::vector<int> got;
            morton.Query(box, [&](int id) { got.push_back(id); });
            std::sort(got.begin(), got.end());
            std::vector<int> want;
            for (int i = 0; i < n; ++i)
                if (mortonProxy[i] >= 0 && Overlaps(boxes[i], box)) want.push_back(i);
            REQUIRE(got == want);
        }
    }
}

TEST_CASE("Morton quadtree handles degenerate placements", "[physics][broadphase][morton]") {
    detail::BroadPhase bp;
    bp.SetKind(BroadPhaseKind::MortonQuadtree);
    std::vector<AABB> boxes;
    std::vector<int> proxies;
    // Forty coincident zero-size boxes, forty touching unit boxes in a row (shared edges overlap), and
    // boxes exactly on the root's borders after it is derived.
    for (int i = 0; i < 40; ++i) boxes.push_back({{1.0f, 1.0f}, {1.0f, 1.0f}});
    for (int i = 0; i < 40; ++i) boxes.push_back({{static_cast<float>(i), 0.0f}, {static_cast<float>(i + 1), 1.0f}});
    boxes.push_back({{-1.0e3f, -1.0e3f}, {-1.0e3f, -1.0e3f}});
    boxes.push_back({{1.0e3f, 1.0e3f}, {1.0e3f, 1.0e3f}});
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i) proxies.push_back(bp.CreateProxy(boxes[i], i));
    CHECK(QueriedPairs(bp, proxies) == BruteForcePairs(boxes, proxies));  // all in the overflow list
    bp.Update();
    CHECK(QueriedPairs(bp, proxies) == BruteForcePairs(boxes, proxies));
}

TEST_CASE("a world finds the same contacts with the Morton quadtree as with the AABB tree",
          "[physics][broadphase][morton]") {
    for (uint64_t seed : {11u, 12u, 13u, 14u}) {
        SolverSettings mortonSettings;
        mortonSettings.broadPhase = BroadPhaseKind::MortonQuadtree;
        World tree;
        World morton({.settings = mortonSettings});
        BuildRandomScene(tree, seed);
        BuildRandomScene(morton, seed);
        // Both start from the same state, so the first step's narrow phase sees the same pairs.
        tree.Step(kDt);
        morton.Step(kDt);
        const std::vector<Pair> pairs = ContactBodyPairs(tree);
        CHECK(pairs.size() > 20);
        CHECK(ContactBodyPairs(morton) == pairs);
    }
}

TEST_CASE("a Morton world keeps finding contacts while bodies are created, destroyed and teleported",
          "[physics][broadphase][morton]") {
    SolverSettings mortonSettings;
    mortonSettings.broadPhase = BroadPhaseKind::MortonQuadtree;
    World world({.settings = mortonSettings});
    BuildRandomScene(world, 31);
    StepWithChurn(world, 31, 300);
    REQUIRE(AllFinite(world));
    // Switching to the tree moves the proxies and keeps every contact.
    const std::vector<Pair> pairs = ContactBodyPairs(world);
    CHECK(pairs.size() > 50);
    SolverSettings treeSettings = world.GetSettings();
    treeSettings.broadPhase = BroadPhaseKind::AabbTree;
    world.SetSettings(treeSettings);
    CHECK(ContactBodyPairs(world) == pairs);
    // Nothing fell through the ground (top y = 0): no dynamic body over the ground is below it.
    std::vector<BodyId> ids;
    world.GetBodies(ids);
    for (BodyId id : ids) {
        const Vec2 p = world.GetPosition(id);
        if (world.GetType(id) == BodyType::Dynamic && std::abs(p.x) < 190.0f && std::abs(p.y) < 100.0f) CHECK(p.y > -0.05f);
    }
}

TEST_CASE("a stack comes to rest standing with either broad phase", "[physics][broadphase][morton]") {
    for (BroadPhaseKind kind : {BroadPhaseKind::AabbTree, BroadPhaseKind::MortonQuadtree}) {
        SolverSettings settings;
        settings.broadPhase = kind;
        World world({.settings = settings});
        AddGround(world);
        BodyId top{};
        for (int k = 0; k < 10; ++k) top = AddBox(world, {0.0f, 0.3f + 0.55f * static_cast<float>(k)}, {0.5f, 0.25f});
        CHECK(StepUntilAllRest(world, 600) > 0);
        CHECK(world.GetPosition(top).y == Approx(4.75f).margin(0.05f));  // centre of the tenth 0.5 m box
        CHECK(std::abs(world.GetPosition(top).x) < 0.05f);
        CHECK(std::abs(world.GetAngle(top)) < 0.02f);
    }
}

TEST_CASE("an invalid broad-phase kind is rejected", "[physics][broadphase][morton]") {
    SolverSettings bad;
    bad.broadPhase = static_cast<BroadPhaseKind>(7);
    CHECK_THROWS_AS(World({.settings = bad}), InvalidArgument);
    World world;
    CHECK_THROWS_AS(world.SetSettings(bad), InvalidArgument);
    CHECK(world.GetSettings().broadPhase == BroadPhaseKind::AabbTree);
}
