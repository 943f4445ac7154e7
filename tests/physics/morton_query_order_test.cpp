// The Morton quadtree finds a query's cells level by level (MortonQuadtree::Query); it must visit
// exactly the proxies, in exactly the order, of the descent from the root it replaces, because the world
// creates contacts in visiting order and that order feeds the solver.
#include <catch2/catch.hpp>

#include <vector>

#include "../../framework/src/physics/morton_quadtree.h"
#include "random_cases.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// Mostly stack-like boxes of 0.2–1.5 m, some tiny, some huge, a few far away (overflow list).
AABB RandomBox(Rng& rng) {
    const int kind = rng.Int(0, 39);
    const Vec2 centre = kind == 0 ? rng.InBox(-1.0e4f, 1.0e4f) : rng.InBox(-40.0f, 40.0f);
    Vec2 half{rng.Uniform(0.1f, 0.75f), rng.Uniform(0.1f, 0.75f)};
    if (kind < 3) half = {rng.Uniform(0.0f, 1.0e-3f), rng.Uniform(0.0f, 1.0e-3f)};
    if (kind == 3) half = {rng.Uniform(5.0f, 200.0f), rng.Uniform(0.05f, 20.0f)};
    return {centre - half, centre + half};
}

std::vector<int> Visits(const detail::MortonQuadtree& tree, const AABB& box, bool descent) {
    std::vector<int> order;
    if (descent)
        tree.QueryByDescent(box, [&](int id) { order.push_back(id); });
    else
        tree.Query(box, [&](int id) { order.push_back(id); });
    return order;
}

} // namespace

TEST_CASE("Morton quadtree queries visit the same proxies in the same order as the descent from the root",
          "[physics][broadphase][morton]") {
    size_t queries = 0, crowded = 0;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        Rng rng(100 + seed);
        detail::MortonQuadtree tree;
        const int n = 200 + 150 * static_cast<int>(seed);
        std::vector<AABB> boxes(n);
        std::vector<int> proxy(n);
        for (int i = 0; i < n; ++i) {
            boxes[i] = RandomBox(rng);
            proxy[i] = tree.CreateProxy(boxes[i], i);
        }
        for (int round = 0; round < 4; ++round) {
            tree.Update();
            // Every proxy's own box (the world's queries), then arbitrary boxes of every size.
            for (int i = 0; i < n; ++i) {
                const std::vector<int> got = Visits(tree, boxes[i], false);
                REQUIRE(got == Visits(tree, boxes[i], true));
                crowded += got.size() >= 2 ? 1 : 0;
                ++queries;
            }
            for (int q = 0; q < 300; ++q) {
                const AABB box = RandomBox(rng);
                REQUIRE(Visits(tree, box, false) == Visits(tree, box, true));
                ++queries;
            }
            // Drift, jumps and replacements between rounds.
            for (int i = 0; i < n; ++i) {
                const int action = rng.Int(0, 9);
                if (action < 3) {
                    const Vec2 d = action == 0 ? rng.InBox(-30.0f, 30.0f) : rng.InBox(-0.3f, 0.3f);
                    boxes[i] = {boxes[i].lower + d, boxes[i].upper + d};
                    tree.MoveProxy(proxy[i], boxes[i]);
                } else if (action == 3) {
                    tree.DestroyProxy(proxy[i]);
                    boxes[i] = RandomBox(rng);
                    proxy[i] = tree.CreateProxy(boxes[i], i);
                }
            }
        }
    }
    CHECK(queries > 10000);
    CHECK(crowded > 1000); // many boxes overlap others, not only themselves
}
