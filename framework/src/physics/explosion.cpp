// Explode (explosion.h): one overlap query for the blast circle, then an impulse per dynamic shape.
// Every impulse is computed and checked before the first is applied, so a rejected explosion leaves
// the world as it was.
#include "sensu/physics/explosion.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>
#include <vector>

#include "sensu/geometry/distance.h"
#include "sensu/geometry/shape_proxy.h"
#include "sensu/physics/world_queries.h"

namespace sensu {

namespace {

void RequireValid(const ExplosionDef& def) {
    RequireFinite(def.position, "ExplosionDef.position");
    RequireFinite(def.radius, "ExplosionDef.radius");
    RequireFinite(def.falloff, "ExplosionDef.falloff");
    RequireFinite(def.impulsePerLength, "ExplosionDef.impulsePerLength");
    if (def.radius < 0.0f) throw InvalidArgument("ExplosionDef.radius must be >= 0 m");
    if (def.falloff < 0.0f) throw InvalidArgument("ExplosionDef.falloff must be >= 0 m");
    if (!(def.radius + def.falloff > 0.0f) || !IsFinite(def.radius + def.falloff))
        throw InvalidArgument("ExplosionDef.radius + falloff must be > 0 m and finite");
}

// The shape's middle in its body frame: where a blast from inside the shape pushes it from.
Vec2 LocalCentroid(const ShapeGeometry& geometry) {
    return std::visit(
        [](const auto& g) -> Vec2 {
            using T = std::decay_t<decltype(g)>;
            if constexpr (std::is_same_v<T, Circle> || std::is_same_v<T, Box>) return g.center();
            else if constexpr (std::is_same_v<T, ConvexPolygon>) return g.centroid();
            else return 0.5f * (g.a() + g.b());  // capsule, segment
        },
        geometry);
}

// m: length of the shape's projection on the unit direction `across` (its width seen along the blast).
float ProjectedWidth(const ShapeGeometry& geometry, const Transform& xf, Vec2 across) {
    const ShapeProxy proxy = std::visit([](const auto& g) { return MakeProxy(g); }, geometry);
    const Vec2 localAcross = InvRotate(xf.q, across);
    float lo = Dot(proxy.points[0], localAcross);
    float hi = lo;
    for (int i = 1; i < proxy.count; ++i) {
        const float d = Dot(proxy.points[i], localAcross);
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
    return hi - lo + 2.0f * proxy.radius;
}

struct Push {
    BodyId body;
    Vec2 impulse;  // N·s
    Vec2 point;    // m, world
};

} // namespace

int Explode(World& world, const ExplosionDef& def) {
    RequireValid(def);
    const float reach = def.radius + def.falloff;
    const Transform blast{def.position, Rot{}};
    std::vector<ShapeId> shapes;
    OverlapShape(world, Circle({0.0f, 0.0f}, reach), blast, QueryFilter{.categoryBits = UINT64_MAX, .maskBits = def.maskBits}, shapes);

    std::vector<Push> pushes;
    const Circle centre({0.0f, 0.0f}, 0.0f);
    for (ShapeId id : shapes) {
        const BodyId body = world.GetBody(id);
        if (world.GetType(body) != BodyType::Dynamic) continue;
        const ShapeGeometry& geometry = world.GetGeometry(id);
        const Transform xf = world.GetTransform(body);
        const DistanceResult d = std::visit([&](const auto& g) { return Distance(centre, blast, g, xf); }, geometry);
        if (d.distance > reach) continue;  // the exact overlap and GJK may round apart at the rim
        const float scale = d.distance <= def.radius ? 1.0f : Clamp((reach - d.distance) / def.falloff, 0.0f, 1.0f);
        if (scale == 0.0f) continue;
        const Vec2 point = d.distance > 0.0f ? d.pointB : TransformPoint(xf, LocalCentroid(geometry));
        Vec2 direction = Normalize(point - def.position);
        if (direction == Vec2{}) direction = {1.0f, 0.0f};
        // In double: impulsePerLength times a width may exceed float; such a blast is rejected below.
        const double magnitude = static_cast<double>(def.impulsePerLength) * ProjectedWidth(geometry, xf, LeftPerp(direction)) * scale;
        if (!(std::abs(magnitude) <= std::numeric_limits<float>::max())) throw InvalidArgument("Explode: the impulse on a shape overflows float");
        const Vec2 impulse{static_cast<float>(magnitude * direction.x), static_cast<float>(magnitude * direction.y)};
        pushes.push_back({body, impulse, point});
    }
    for (const Push& p : pushes) world.ApplyLinearImpulse(p.body, p.impulse, p.point);  // wakes the pile
    return static_cast<int>(pushes.size());
}

} // namespace sensu
