// World queries (world_queries.h) against brute force: every query on thousands of random cases in
// random worlds (every shape kind, frozen piles, sensors, filters), with both broad-phase kinds,
// including degenerate queries (zero-length rays, rays starting inside, queries exactly touching).
#include <catch2/catch.hpp>
#include <cstring>
#include <optional>
#include <type_traits>
#include <vector>

#include "query_test_world.h"
#include "sensu/geometry/convex_cast.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kWorldsPerKind = 3;
constexpr int kQueriesPerWorld = 1800;  // per query kind: 2 kinds × 3 worlds × 1800 = 10,800

bool SameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool SameHit(const QueryHit& a, const QueryHit& b) {
    return a.shape == b.shape && SameBits(a.fraction, b.fraction) && a.point == b.point && a.normal == b.normal;
}

std::optional<QueryHit> Closest(const std::vector<QueryHit>& hits) {
    if (hits.empty()) return std::nullopt;
    return hits.front();
}

// Brute force: every admitted shape's own cast, sorted by fraction then shape index.
std::vector<QueryHit> BruteRay(const World& world, Vec2 origin, Vec2 translation, const QueryFilter& filter) {
    std::vector<QueryHit> hits;
    for (const WorldShape& s : AdmittedShapes(world, filter)) {
        const CastOutput o = std::visit([&](const auto& g) { return RayCast(g, s.xf, {origin, translation, 1.0f}); }, *s.geometry);
        if (o.hit) hits.push_back({s.id, o.point, o.normal, o.fraction});
    }
    std::stable_sort(hits.begin(), hits.end(), [](const QueryHit& a, const QueryHit& b) { return a.fraction < b.fraction; });
    return hits;
}

std::vector<ShapeId> BruteAABB(const World& world, const AABB& box, const QueryFilter& filter) {
    std::vector<ShapeId> out;
    for (const WorldShape& s : AdmittedShapes(world, filter))
        if (Overlaps(TightAABB(s), box)) out.push_back(s.id);
    return out;
}

std::vector<ShapeId> BruteShape(const World& world, const QueryGeometry& q, const Transform& xf, const QueryFilter& filter) {
    std::vector<ShapeId> out;
    for (const WorldShape& s : AdmittedShapes(world, filter)) {
        const bool touches = std::visit(
            [&](const auto& a, const auto& b) {
                if constexpr (std::is_same_v<std::decay_t<decltype(a)>, Sector>) {
                    return Overlap(Sector(TransformPoint(xf, a.center()), Rotate(xf.q, a.axis()), a.halfAngle(), a.innerRadius(), a.outerRadius()), b,
                                   s.xf);
                } else {
                    return Overlap(a, xf, b, s.xf);
                }
            },
            q, *s.geometry);
        if (touches) out.push_back(s.id);
    }
    return out;
}

std::optional<QueryHit> BruteCast(const World& world, const QueryGeometry& q, const Transform& xf, Vec2 translation, const QueryFilter& filter) {
    std::optional<QueryHit> best;
    for (const WorldShape& s : AdmittedShapes(world, filter)) {
        const CastOutput o = std::visit(
            [&](const auto& g) {
                if (const auto* c = std::get_if<Circle>(&q)) return CircleCast(g, s.xf, {TransformPoint(xf, c->center()), c->radius(), translation, 1.0f});
                if (const auto* k = std::get_if<Capsule>(&q))
                    return CapsuleCast(g, s.xf, {TransformPoint(xf, k->a()), TransformPoint(xf, k->b()), k->radius(), translation, 1.0f});
                const ShapeProxy caster = std::visit(
                    [](const auto& c) -> ShapeProxy {
                        if constexpr (std::is_same_v<std::decay_t<decltype(c)>, Sector>) return {};  // never cast
                        else return MakeProxy(c);
                    },
                    q);
                return ConvexCast(g, s.xf, {caster, xf, translation, 1.0f});
            },
            *s.geometry);
        if (o.hit && (!best || o.fraction < best->fraction)) best = QueryHit{s.id, o.point, o.normal, o.fraction};
    }
    return best;
}

// A random world point: mostly in the scene, sometimes a shape's origin (inside it) or the ground's top.
Vec2 QueryPoint(QueryRandom& r, const World& world, const std::vector<BodyId>& bodies) {
    const int pick = r.Int(0, 9);
    if (pick == 0) return world.GetPosition(bodies[static_cast<size_t>(r.Int(0, static_cast<int>(bodies.size()) - 1))]);
    if (pick == 1) return {r.Uniform(-20, 20), 0.0f};  // exactly on the ground's top face
    return r.Point(-24, 24, -2, 16);
}

struct Counts {
    int rays = 0, rayHits = 0, aabbs = 0, aabbFound = 0, shapes = 0, shapeFound = 0, sectors = 0, sectorFound = 0, casts = 0, castHits = 0;
    int convexCasts = 0, convexCastHits = 0;
    int frozenBodies = 0;
};

void CheckWorld(uint32_t seed, BroadPhaseKind kind, Counts& counts) {
    const World world = MakeQueryWorld(seed, kind);
    std::vector<BodyId> bodies;
    world.GetBodies(bodies);
    for (BodyId b : bodies) counts.frozenBodies += world.GetType(b) == BodyType::Dynamic && !world.IsAwake(b) ? 1 : 0;
    const uint64_t hash = world.StateHash();
    const std::vector<uint8_t> bytes = world.Save();
    QueryRandom r(seed * 7919u + 1u);
    // The convex casts draw from their own stream, so the other queries' cases stay as they were.
    QueryRandom rc(seed * 104729u + 3u);
    std::vector<QueryHit> hits;
    std::vector<ShapeId> found;
    for (int i = 0; i < kQueriesPerWorld; ++i) {
        INFO("seed " << seed << " query " << i);
        // Rays: zero-length ones (point queries), along the ground's top (grazing), ending on it.
        {
            const QueryFilter f = r.RandomQueryFilter();
            const Vec2 origin = QueryPoint(r, world, bodies);
            Vec2 translation = r.Point(-15, 15, -15, 15);
            const int kind = r.Int(0, 9);
            if (kind == 0) translation = {};
            if (kind == 1 && origin.y == 0.0f) translation = {r.Uniform(-10, 10), 0.0f};
            if (kind == 2) translation = Vec2{0.0f, -origin.y};
            CastRay(world, origin, translation, f, hits);
            const std::vector<QueryHit> expected = BruteRay(world, origin, translation, f);
            REQUIRE(hits.size() == expected.size());
            for (size_t k = 0; k < hits.size(); ++k) REQUIRE(SameHit(hits[k], expected[k]));
            const std::optional<QueryHit> closest = CastRayClosest(world, origin, translation, f);
            REQUIRE(closest.has_value() == !expected.empty());
            if (closest) REQUIRE(SameHit(*closest, *Closest(expected)));
            ++counts.rays;
            counts.rayHits += static_cast<int>(hits.size());
        }
        // AABBs: random, points, and boxes exactly touching a shape's tight AABB from outside.
        {
            const QueryFilter f = r.RandomQueryFilter();
            const Vec2 a = QueryPoint(r, world, bodies);
            AABB box{a, a + Vec2{r.Uniform(0, 6), r.Uniform(0, 4)}};
            const int kind = r.Int(0, 9);
            if (kind == 0) box.upper = box.lower;
            if (kind == 1) {
                const std::vector<WorldShape> all = AdmittedShapes(world, {.includeSensors = true});
                const AABB t = TightAABB(all[static_cast<size_t>(r.Int(0, static_cast<int>(all.size()) - 1))]);
                box = {{t.upper.x, t.lower.y - 1.0f}, {t.upper.x + 1.0f, t.lower.y}};  // shares the corner only
            }
            OverlapAABB(world, box, f, found);
            REQUIRE(found == BruteAABB(world, box, f));
            ++counts.aabbs;
            counts.aabbFound += static_cast<int>(found.size());
        }
        // Shapes: every kind and the fan, some resting exactly on the ground's top.
        {
            const QueryFilter f = r.RandomQueryFilter();
            QueryGeometry q = r.Query(r.Uniform(0.2f, 4.0f));
            Transform xf = Transform::FromAngle(QueryPoint(r, world, bodies), r.Uniform(-4, 4));
            if (r.Chance(0.1f)) {  // a box standing exactly on the ground's top face (y = 0)
                const float half = 0.25f * static_cast<float>(r.Int(1, 8));
                q = Box({half, half});
                xf = Transform::FromAngle({r.Uniform(-20, 20), half}, 0.0f);
            }
            OverlapShape(world, q, xf, f, found);
            REQUIRE(found == BruteShape(world, q, xf, f));
            const bool sector = std::holds_alternative<Sector>(q);
            counts.sectors += sector ? 1 : 0;
            counts.sectorFound += sector ? static_cast<int>(found.size()) : 0;
            ++counts.shapes;
            counts.shapeFound += static_cast<int>(found.size());
        }
        // Fans (sword swings) on their own as well, so they too get over 10,000 cases.
        {
            const QueryFilter f = r.RandomQueryFilter();
            const float outer = r.Uniform(0.3f, 6.0f);
            const float axis = r.Uniform(-kPi, kPi);
            const Sector fan({0, 0}, {std::cos(axis), std::sin(axis)}, r.Uniform(0.0f, kPi), r.Chance(0.3f) ? 0.0f : r.Uniform(0.0f, 0.9f) * outer, outer);
            const Transform xf = Transform::FromAngle(QueryPoint(r, world, bodies), r.Uniform(-4, 4));
            OverlapShape(world, fan, xf, f, found);
            REQUIRE(found == BruteShape(world, fan, xf, f));
            ++counts.sectors;
            counts.sectorFound += static_cast<int>(found.size());
        }
        // Shape casts: circles and capsules, zero motion included.
        {
            const QueryFilter f = r.RandomQueryFilter();
            const float size = r.Uniform(0.05f, 1.5f);
            const Vec2 c = r.Point(-0.2f, 0.2f, -0.2f, 0.2f);
            const QueryGeometry q = r.Chance(0.5f) ? QueryGeometry(Circle(c, r.Chance(0.1f) ? 0.0f : size))
                                                   : QueryGeometry(Capsule(c, c + r.Point(-size, size, -size, size), size * 0.5f));
            const Transform xf = Transform::FromAngle(QueryPoint(r, world, bodies), r.Uniform(-4, 4));
            const Vec2 translation = r.Chance(0.1f) ? Vec2{} : r.Point(-12, 12, -12, 12);
            const std::optional<QueryHit> hit = CastShape(world, q, xf, translation, f);
            const std::optional<QueryHit> expected = BruteCast(world, q, xf, translation, f);
            REQUIRE(hit.has_value() == expected.has_value());
            if (hit) REQUIRE(SameHit(*hit, *expected));
            ++counts.casts;
            counts.castHits += hit ? 1 : 0;
        }
        // Shape casts of every kind (boxes, polygons and segments through the convex cast), some sliding
        // along the ground's top at contact, some without motion.
        {
            const QueryFilter f = rc.RandomQueryFilter();
            QueryGeometry q = std::visit([](const auto& g) -> QueryGeometry { return g; }, rc.Shape(rc.Uniform(0.2f, 3.0f), true));
            Transform xf = Transform::FromAngle(QueryPoint(rc, world, bodies), rc.Uniform(-4, 4));
            Vec2 translation = rc.Chance(0.1f) ? Vec2{} : rc.Point(-12, 12, -12, 12);
            if (rc.Chance(0.1f)) {  // a box standing exactly on the ground's top face (y = 0), pushed sideways
                const float half = 0.25f * static_cast<float>(rc.Int(1, 8));
                q = Box({half, half});
                xf = Transform::FromAngle({rc.Uniform(-20, 20), half}, 0.0f);
                translation = {rc.Uniform(-12, 12), 0.0f};
            }
            const std::optional<QueryHit> hit = CastShape(world, q, xf, translation, f);
            const std::optional<QueryHit> expected = BruteCast(world, q, xf, translation, f);
            REQUIRE(hit.has_value() == expected.has_value());
            if (hit) REQUIRE(SameHit(*hit, *expected));
            const bool convex = !std::holds_alternative<Circle>(q) && !std::holds_alternative<Capsule>(q);
            counts.convexCasts += convex ? 1 : 0;
            counts.convexCastHits += convex && hit ? 1 : 0;
        }
    }
    // Queries are const: the state and even the broad phase's structure (in the snapshot) are untouched.
    REQUIRE(world.StateHash() == hash);
    REQUIRE(world.Save() == bytes);
}

} // namespace

TEST_CASE("world queries match brute force over every shape, with both broad phases", "[physics][queries]") {
    for (BroadPhaseKind kind : {BroadPhaseKind::AabbTree, BroadPhaseKind::MortonQuadtree}) {
        Counts counts;
        for (int w = 0; w < kWorldsPerKind; ++w) CheckWorld(1000u + static_cast<uint32_t>(w), kind, counts);
        // The random cases are not vacuous: every query finds things, frozen piles included.
        CHECK(counts.rays == kWorldsPerKind * kQueriesPerWorld);
        CHECK(counts.rayHits > counts.rays / 2);
        CHECK(counts.aabbFound > counts.aabbs);
        CHECK(counts.shapeFound > counts.shapes / 2);
        CHECK(counts.sectorFound > counts.sectors / 2);
        CHECK(counts.castHits > counts.casts / 4);
        CHECK(counts.convexCasts > counts.casts / 2);
        CHECK(counts.convexCastHits > counts.convexCasts / 4);
        CHECK(counts.frozenBodies >= kWorldsPerKind * 8);
    }
}
