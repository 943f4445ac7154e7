// DynamicTree::Rebuild (the broad-phase tree rebuilt top down once many proxies moved): a rebuilt tree
// answers every query exactly as brute force over the fat AABBs, keeps every proxy's id, box and user
// data, and is as low as a binary tree can be; RebuildIfWorn rebuilds only after as many changes as
// there are proxies.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "../../framework/src/physics/dynamic_tree.h"
#include "random_cases.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A box of a random kind: mostly 0.1–2 m near the origin, some empty (a point), some sharing one centre,
// some huge (up to 10 km), some far (up to 1e5 m out) — the mix of the soak's pile and far bodies.
AABB RandomBox(Rng& rng) {
    const int kind = rng.Int(0, 9);
    Vec2 centre = rng.InBox(-50.0f, 50.0f);
    Vec2 half{rng.Uniform(0.05f, 1.0f), rng.Uniform(0.05f, 1.0f)};
    if (kind == 0) half = {0.0f, 0.0f};
    if (kind == 1) centre = {3.0f, -2.0f};
    if (kind == 2) half = {rng.Uniform(100.0f, 1.0e4f), rng.Uniform(0.0f, 2.0f)};
    if (kind == 3) centre = rng.InBox(-1.0e5f, 1.0e5f);
    return {centre - half, centre + half};
}

std::vector<int> Queried(const detail::DynamicTree& tree, const AABB& box) {
    std::vector<int> found;
    tree.Query(box, [&](int userData) { found.push_back(userData); });
    std::sort(found.begin(), found.end());
    return found;
}

int BalancedHeight(int leaves) { return static_cast<int>(std::ceil(std::log2(static_cast<double>(leaves)))); }

} // namespace

TEST_CASE("a rebuilt dynamic tree answers queries as brute force and keeps its proxies", "[physics][broadphase][tree]") {
    for (uint64_t seed = 0; seed < 40; ++seed) {
        Rng rng(seed);
        detail::DynamicTree tree;
        const int count = seed < 4 ? static_cast<int>(seed) + 1 : rng.Int(5, 600);  // 1–4 leaves: the smallest trees
        std::vector<AABB> boxes(static_cast<size_t>(count));
        std::vector<int> proxyOf(static_cast<size_t>(count));
        for (int i = 0; i < count; ++i) {
            boxes[i] = RandomBox(rng);
            proxyOf[i] = tree.CreateProxy(boxes[i], i);
        }
        // Moves and removals first, so the tree rebuilt is a worn one with free nodes.
        for (int k = 0; k < count; ++k) {
            const int i = rng.Int(0, count - 1);
            if (proxyOf[i] < 0) continue;
            if (rng.Chance(0.1f) && count > 1) {
                tree.DestroyProxy(proxyOf[i]);
                proxyOf[i] = -1;
            } else {
                boxes[i] = RandomBox(rng);
                tree.MoveProxy(proxyOf[i], boxes[i]);
            }
        }
        tree.Rebuild();
        REQUIRE(tree.CheckStructure() == nullptr);
        int live = 0;
        for (int i = 0; i < count; ++i) {
            if (proxyOf[i] < 0) continue;
            ++live;
            REQUIRE(tree.IsProxy(proxyOf[i]));
            CHECK(tree.UserData(proxyOf[i]) == i);
            CHECK(tree.FatAABB(proxyOf[i]).lower == boxes[i].lower);
            CHECK(tree.FatAABB(proxyOf[i]).upper == boxes[i].upper);
        }
        CHECK(tree.ProxyCount() == live);
        if (live > 0) CHECK(tree.Height() == BalancedHeight(live));
        for (int q = 0; q < 60; ++q) {
            const AABB box = q < 5 && proxyOf[q % count] >= 0 ? boxes[q % count] : RandomBox(rng);  // touching edges too
            std::vector<int> expected;
            for (int i = 0; i < count; ++i)
                if (proxyOf[i] >= 0 && Overlaps(boxes[i], box)) expected.push_back(i);
            REQUIRE(Queried(tree, box) == expected);  // sorted: also no proxy reported twice
        }
        // The rebuilt tree keeps working incrementally.
        for (int i = 0; i < count; ++i) {
            if (proxyOf[i] < 0) continue;
            boxes[i] = RandomBox(rng);
            tree.MoveProxy(proxyOf[i], boxes[i]);
        }
        REQUIRE(tree.CheckStructure() == nullptr);
        const AABB everything{{-2.0e5f, -2.0e5f}, {2.0e5f, 2.0e5f}};
        CHECK(static_cast<int>(Queried(tree, everything).size()) == live);
    }
}

TEST_CASE("RebuildIfWorn rebuilds once there were as many changes as proxies, not before", "[physics][broadphase][tree]") {
    Rng rng(7);
    detail::DynamicTree tree;
    constexpr int kCount = 1024;  // 2,047 nodes: the rebuild comes at 1,024 changes
    std::vector<int> proxies;
    for (int i = 0; i < kCount; ++i) proxies.push_back(tree.CreateProxy(RandomBox(rng), i));
    tree.RebuildIfWorn();  // 1,024 creations
    REQUIRE(tree.Height() == 10);
    // A perfect tree of 1,024 leaves: any re-insertion puts a leaf at depth 11.
    for (int k = 0; k < 1023; ++k) {
        tree.MoveProxy(proxies[static_cast<size_t>(k)], RandomBox(rng));
        tree.RebuildIfWorn();
        REQUIRE(tree.Height() > 10);
    }
    tree.MoveProxy(proxies[1023], RandomBox(rng));
    tree.RebuildIfWorn();
    CHECK(tree.Height() == 10);
    CHECK(tree.CheckStructure() == nullptr);
    // An unchanged tree is left alone (nothing to rebuild, no proxies changed).
    detail::DynamicTree empty;
    empty.RebuildIfWorn();
    CHECK(empty.Height() == 0);
    CHECK(empty.CheckStructure() == nullptr);
}
