#pragma once
// Random worlds for the world-query tests: every shape kind on static, kinematic and dynamic bodies,
// random filters and sensors, and a field of piles stepped until many of its bodies are frozen; plus
// the brute-force answers the queries are checked against (every shape of the world, no broad phase).
#include <algorithm>
#include <cmath>
#include <random>
#include <type_traits>
#include <variant>
#include <vector>

#include "physics_test_util.h"
#include "sensu/geometry/overlap.h"
#include "sensu/geometry/raycast.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/shape_cast.h"
#include "sensu/geometry/shape_proxy.h"
#include "sensu/physics/world_queries.h"

namespace sensu::testing {

class QueryRandom {
public:
    explicit QueryRandom(uint32_t seed) : rng_(seed) {}
    float Uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
    int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    bool Chance(float p) { return Uniform(0.0f, 1.0f) < p; }
    Vec2 Point(float lo, float hi, float bottom, float top) { return {Uniform(lo, hi), Uniform(bottom, top)}; }

    /// A random convex polygon: 3 … 8 vertices on an ellipse at jittered, strictly increasing angles.
    ConvexPolygon Polygon(Vec2 center, float size) {
        const int n = Int(3, kMaxPolygonVertices);
        const float rx = Uniform(0.3f, 1.0f) * size, ry = Uniform(0.3f, 1.0f) * size;
        const float start = Uniform(0.0f, kTwoPi);
        std::vector<Vec2> v;
        for (int i = 0; i < n; ++i) {
            const float a = start + kTwoPi * (static_cast<float>(i) + Uniform(-0.3f, 0.3f)) / static_cast<float>(n);
            v.push_back(center + Vec2{rx * std::cos(a), ry * std::sin(a)});
        }
        return ConvexPolygon(v);
    }

    /// Any of the five world shape kinds, about `size` across, near the body origin.
    ShapeGeometry Shape(float size, bool allowSegment) {
        const Vec2 c = Point(-0.3f * size, 0.3f * size, -0.3f * size, 0.3f * size);
        switch (Int(0, allowSegment ? 4 : 3)) {
        case 0: return Circle(c, Uniform(0.2f, 0.6f) * size);
        case 1: return Capsule(c, c + Point(-size, size, -size, size), Uniform(0.05f, 0.4f) * size);
        case 2: return Box({Uniform(0.1f, 0.6f) * size, Uniform(0.1f, 0.6f) * size}, c, Uniform(-kPi, kPi));
        case 3: return Polygon(c, 0.6f * size);
        default: return Segment(c, c + Vec2{Uniform(0.5f, 2.0f) * size, Uniform(-size, size)});
        }
    }

    /// Every query kind, including the fan (Sector), in the query's own frame.
    QueryGeometry Query(float size) {
        if (Int(0, 5) == 5) {
            const float outer = Uniform(0.2f, 1.5f) * size;
            const float inner = Chance(0.3f) ? 0.0f : Uniform(0.0f, 0.9f) * outer;
            const float half = Chance(0.1f) ? (Chance(0.5f) ? 0.0f : kPi) : Uniform(0.05f, kPi);
            const float axis = Uniform(-kPi, kPi);
            return Sector(Point(-0.2f, 0.2f, -0.2f, 0.2f), {std::cos(axis), std::sin(axis)}, half, inner, outer);
        }
        return std::visit([](const auto& g) -> QueryGeometry { return g; }, Shape(size, true));
    }

    Filter RandomShapeFilter() {
        if (Chance(0.5f)) return {};
        return {.categoryBits = uint64_t{1} << Int(0, 3), .maskBits = Chance(0.5f) ? UINT64_MAX : static_cast<uint64_t>(Int(1, 15))};
    }

    QueryFilter RandomQueryFilter() {
        QueryFilter f;
        if (Chance(0.5f)) {
            f.categoryBits = uint64_t{1} << Int(0, 3);
            f.maskBits = static_cast<uint64_t>(Int(1, 15));
        }
        f.includeSensors = Chance(0.3f);
        f.includeFrozen = !Chance(0.2f);
        return f;
    }

private:
    std::mt19937 rng_;
};

/// A random world of about 150 shapes over x in [−20, 20], y in [0, 12], with `kind`'s broad phase:
/// a ground, static shapes of every kind, piles on the ground (stepped until many freeze), floating
/// dynamic bodies and moving kinematic ones. Random filters; one shape in ten is a sensor.
inline World MakeQueryWorld(uint32_t seed, BroadPhaseKind kind) {
    QueryRandom r(seed);
    WorldDef def;
    def.settings.broadPhase = kind;
    World world(def);
    AddGround(world, 25.0f);
    auto addShape = [&](BodyId body, ShapeGeometry g) {
        world.CreateShape(body, {.geometry = std::move(g), .filter = r.RandomShapeFilter(), .isSensor = r.Chance(0.1f)});
    };
    for (int i = 0; i < 30; ++i) {
        const BodyId b = world.CreateBody({.position = r.Point(-20, 20, 1, 12), .angle = r.Uniform(-3, 3)});
        addShape(b, r.Shape(r.Uniform(0.3f, 2.0f), true));
    }
    for (int pile = 0; pile < 8; ++pile) {
        const float x = -18.0f + 5.0f * static_cast<float>(pile);
        for (int level = 0; level < 3; ++level) {
            const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = {x, 0.5f + 1.0f * static_cast<float>(level)}});
            world.CreateShape(b, {.geometry = Box({r.Uniform(0.5f, 0.9f), 0.5f}), .filter = r.RandomShapeFilter()});
        }
    }
    for (int i = 0; i < 40; ++i) {
        const bool kinematic = r.Chance(0.25f);
        const BodyId b = world.CreateBody({.type = kinematic ? BodyType::Kinematic : BodyType::Dynamic,
                                           .position = r.Point(-20, 20, 4, 14),
                                           .angle = r.Uniform(-3, 3),
                                           .linearVelocity = kinematic ? r.Point(-1, 1, -1, 1) : Vec2{},
                                           .angularVelocity = r.Uniform(-1, 1),
                                           .gravityScale = 0.0f});
        addShape(b, r.Shape(r.Uniform(0.3f, 1.5f), false));
        if (r.Chance(0.2f)) addShape(b, r.Shape(r.Uniform(0.3f, 1.0f), false));  // compounds
    }
    StepN(world, 150);
    return world;
}

/// One shape of the world as the brute force sees it.
struct WorldShape {
    ShapeId id;
    const ShapeGeometry* geometry;
    Transform xf;
};

/// Every shape the filter admits (the rules of world_queries.h), by shape index.
inline std::vector<WorldShape> AdmittedShapes(const World& world, const QueryFilter& filter) {
    std::vector<WorldShape> out;
    std::vector<BodyId> bodies;
    world.GetBodies(bodies);
    for (BodyId b : bodies) {
        const bool frozen = world.GetType(b) != BodyType::Static && !world.IsAwake(b);
        for (ShapeId s : world.GetShapes(b)) {
            if (world.IsSensor(s) && !filter.includeSensors) continue;
            if (frozen && !filter.includeFrozen) continue;
            if (!ShouldQuery(filter, world.GetFilter(s))) continue;
            out.push_back({s, &world.GetGeometry(s), world.GetTransform(b)});
        }
    }
    std::sort(out.begin(), out.end(), [](const WorldShape& a, const WorldShape& b) { return a.id.index < b.id.index; });
    return out;
}

/// The shape's tight world AABB from its proxy points (independent of the world's own computation).
inline AABB TightAABB(const WorldShape& s) {
    const ShapeProxy p = std::visit([](const auto& g) { return MakeProxy(g); }, *s.geometry);
    Vec2 lo = TransformPoint(s.xf, p.points[0]), hi = lo;
    for (int i = 1; i < p.count; ++i) {
        lo = Min(lo, TransformPoint(s.xf, p.points[i]));
        hi = Max(hi, TransformPoint(s.xf, p.points[i]));
    }
    return {lo - Vec2{p.radius, p.radius}, hi + Vec2{p.radius, p.radius}};
}

} // namespace sensu::testing
