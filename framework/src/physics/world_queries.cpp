// World queries (world_queries.h): the broad phase proposes, the geometry layer decides.
//
// Every query first collects its candidates (shapes whose fat proxy overlaps the query's bounds and
// that the filter admits) into a local list, sorted by shape index, and only then runs the exact tests:
// the broad phase's search stack is shared, so nothing that might query again runs during a search, and
// the sorted list makes the answer independent of the broad phase's visiting order.
#include "sensu/physics/world_queries.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "sensu/geometry/convex_cast.h"
#include "sensu/geometry/overlap.h"
#include "sensu/geometry/raycast.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/shape_cast.h"
#include "sensu/geometry/shape_proxy.h"
#include "world_access.h"

namespace sensu {

using detail::Body;
using detail::Shape;

namespace {

// The query bounds are widened by this fraction of their coordinates' size (plus an absolute floor):
// the exact tests and the proxies' AABBs round differently, and a shape exactly touching the query must
// not be lost to the last bit of a bound. The exact test afterwards decides, so widening costs nothing
// but a few more candidates.
constexpr float kBoundsPadRelative = 1e-5f;
constexpr float kBoundsPadAbsolute = 1e-6f;

AABB Padded(const AABB& box) {
    const float size = std::max({std::abs(box.lower.x), std::abs(box.lower.y), std::abs(box.upper.x), std::abs(box.upper.y)});
    return Inflate(box, kBoundsPadAbsolute + kBoundsPadRelative * size);
}

bool IsFinite(const AABB& box) { return sensu::IsFinite(box.lower) && sensu::IsFinite(box.upper); }

void RequireTransform(const Transform& xf, const char* what) {
    RequireFinite(xf.p, what);
    RequireFinite(xf.q.c, what);
    RequireFinite(xf.q.s, what);
    if (std::abs(xf.q.c * xf.q.c + xf.q.s * xf.q.s - 1.0f) > 1e-4f)
        throw InvalidArgument(std::string(what) + ": the rotation must be of unit length");
}

bool Admits(const WorldImpl& w, const Shape& s, const QueryFilter& filter) {
    if (s.isSensor && !filter.includeSensors) return false;
    if (!filter.includeFrozen && w.bodies[s.body].frozen) return false;
    return ShouldQuery(filter, s.filter);
}

// Shapes the filter admits whose proxy overlaps `bounds`, by shape index.
std::vector<int> Candidates(const WorldImpl& w, const AABB& bounds, const QueryFilter& filter) {
    std::vector<int> found;
    w.broadPhase.Query(Padded(bounds), [&](int shapeIndex) {
        if (Admits(w, w.shapes[shapeIndex], filter)) found.push_back(shapeIndex);
    });
    std::sort(found.begin(), found.end());
    return found;
}

// The query geometry's world AABB. A sector is bounded by its outer circle (the exact test follows).
AABB QueryBounds(const QueryGeometry& geometry, const Transform& xf) {
    if (const auto* sector = std::get_if<Sector>(&geometry)) {
        const Vec2 c = TransformPoint(xf, sector->center());
        const Vec2 r{sector->outerRadius(), sector->outerRadius()};
        return {c - r, c + r};
    }
    const ShapeProxy proxy = std::visit(
        [](const auto& g) -> ShapeProxy {
            if constexpr (std::is_same_v<std::decay_t<decltype(g)>, Sector>) return {};  // handled above
            else return MakeProxy(g);
        },
        geometry);
    Vec2 lo = TransformPoint(xf, proxy.points[0]);
    Vec2 hi = lo;
    for (int i = 1; i < proxy.count; ++i) {
        const Vec2 p = TransformPoint(xf, proxy.points[i]);
        lo = Min(lo, p);
        hi = Max(hi, p);
    }
    const Vec2 r{proxy.radius, proxy.radius};
    return {lo - r, hi + r};
}

AABB SegmentBounds(Vec2 a, Vec2 b) { return {Min(a, b), Max(a, b)}; }

QueryHit HitOf(const WorldImpl& w, int shapeIndex, const CastOutput& out) {
    return {w.ShapeIdOf(shapeIndex), out.point, out.normal, out.fraction};
}

// Keeps the closest hit; candidates come by increasing shape index, so a tie keeps the lower index.
void KeepCloser(std::optional<QueryHit>& best, const QueryHit& hit) {
    if (!best || hit.fraction < best->fraction) best = hit;
}

template <class Visit>
void ForEachRayHit(const WorldImpl& w, Vec2 origin, Vec2 translation, const QueryFilter& filter, Visit&& visit) {
    RequireFinite(origin, "CastRay origin");
    RequireFinite(translation, "CastRay translation");
    const Vec2 end = origin + translation;
    if (!sensu::IsFinite(end)) throw InvalidArgument("CastRay: origin + translation overflows float");
    const RayCastInput input{origin, translation, 1.0f};
    for (int si : Candidates(w, SegmentBounds(origin, end), filter)) {
        const Shape& s = w.shapes[si];
        const Transform& xf = w.bodies[s.body].xf;
        const CastOutput out = std::visit([&](const auto& g) { return RayCast(g, xf, input); }, s.geometry);
        if (out.hit) visit(HitOf(w, si, out));
    }
}

bool Touches(const QueryGeometry& query, const Transform& queryXf, const Shape& s, const Transform& shapeXf) {
    return std::visit(
        [&](const auto& q, const auto& g) {
            if constexpr (std::is_same_v<std::decay_t<decltype(q)>, Sector>) {
                // The fan lives in world space: place it by the query's transform first.
                const Sector placed(TransformPoint(queryXf, q.center()), Rotate(queryXf.q, q.axis()), q.halfAngle(), q.innerRadius(),
                                    q.outerRadius());
                return Overlap(placed, g, shapeXf);
            } else {
                return Overlap(q, queryXf, g, shapeXf);
            }
        },
        query, s.geometry);
}

} // namespace

std::optional<QueryHit> CastRayClosest(const World& world, Vec2 origin, Vec2 translation, const QueryFilter& filter) {
    std::optional<QueryHit> best;
    ForEachRayHit(WorldAccess::Impl(world), origin, translation, filter, [&](const QueryHit& hit) { KeepCloser(best, hit); });
    return best;
}

void CastRay(const World& world, Vec2 origin, Vec2 translation, const QueryFilter& filter, std::vector<QueryHit>& out) {
    std::vector<QueryHit> hits;
    ForEachRayHit(WorldAccess::Impl(world), origin, translation, filter, [&](const QueryHit& hit) { hits.push_back(hit); });
    // Stable: equal fractions keep the candidates' order, increasing shape index.
    std::stable_sort(hits.begin(), hits.end(), [](const QueryHit& a, const QueryHit& b) { return a.fraction < b.fraction; });
    out = std::move(hits);
}

void OverlapAABB(const World& world, const AABB& box, const QueryFilter& filter, std::vector<ShapeId>& out) {
    RequireFinite(box.lower, "OverlapAABB box.lower");
    RequireFinite(box.upper, "OverlapAABB box.upper");
    if (box.lower.x > box.upper.x || box.lower.y > box.upper.y) throw InvalidArgument("OverlapAABB: box.lower must not exceed box.upper");
    const WorldImpl& w = WorldAccess::Impl(world);
    std::vector<ShapeId> found;
    for (int si : Candidates(w, box, filter)) {
        const Shape& s = w.shapes[si];
        if (Overlaps(w.ComputeShapeAABB(s, w.bodies[s.body]), box)) found.push_back(w.ShapeIdOf(si));
    }
    out = std::move(found);
}

void OverlapShape(const World& world, const QueryGeometry& geometry, const Transform& transform, const QueryFilter& filter,
                  std::vector<ShapeId>& out) {
    RequireTransform(transform, "OverlapShape transform");
    const AABB bounds = QueryBounds(geometry, transform);
    if (!IsFinite(bounds)) throw InvalidArgument("OverlapShape: the geometry placed by the transform overflows float");
    const WorldImpl& w = WorldAccess::Impl(world);
    std::vector<ShapeId> found;
    for (int si : Candidates(w, bounds, filter)) {
        const Shape& s = w.shapes[si];
        if (Touches(geometry, transform, s, w.bodies[s.body].xf)) found.push_back(w.ShapeIdOf(si));
    }
    out = std::move(found);
}

std::optional<QueryHit> CastShape(const World& world, const QueryGeometry& geometry, const Transform& transform, Vec2 translation,
                                  const QueryFilter& filter) {
    RequireTransform(transform, "CastShape transform");
    RequireFinite(translation, "CastShape translation");
    if (std::holds_alternative<Sector>(geometry)) throw InvalidArgument("CastShape: a Sector cannot be cast (it is no convex proxy)");
    const auto* circle = std::get_if<Circle>(&geometry);
    const auto* capsule = std::get_if<Capsule>(&geometry);
    // Boxes, polygons and segments go through the general convex cast; circles and capsules keep their
    // dedicated casts (same answers within round-off, and their start-inside point stays the documented one).
    ShapeProxy caster;
    if (!circle && !capsule)
        caster = std::visit(
            [](const auto& g) -> ShapeProxy {
                if constexpr (std::is_same_v<std::decay_t<decltype(g)>, Sector>) return {};  // rejected above
                else return MakeProxy(g);
            },
            geometry);
    const AABB start = QueryBounds(geometry, transform);
    const AABB bounds = Union(start, AABB{start.lower + translation, start.upper + translation});
    if (!IsFinite(bounds)) throw InvalidArgument("CastShape: the swept geometry overflows float");
    // A capsule cast 4e33 m long squared its length to inf and returned fraction NaN (fuzz finding
    // world-capsule-cast-nan-fraction): reject what the casts cannot compute, where it is given.
    if (Max(Max(std::abs(bounds.lower.x), std::abs(bounds.lower.y)), Max(std::abs(bounds.upper.x), std::abs(bounds.upper.y))) > kMaxQueryReach)
        throw InvalidArgument("CastShape: the swept geometry reaches farther than kMaxQueryReach (1e7 m) from the origin");
    const WorldImpl& w = WorldAccess::Impl(world);
    std::optional<QueryHit> best;
    for (int si : Candidates(w, bounds, filter)) {
        const Shape& s = w.shapes[si];
        const Transform& xf = w.bodies[s.body].xf;
        const CastOutput out = std::visit(
            [&](const auto& g) {
                if (circle) return CircleCast(g, xf, {TransformPoint(transform, circle->center()), circle->radius(), translation, 1.0f});
                if (!capsule) return ConvexCast(g, xf, {caster, transform, translation, 1.0f});
                return CapsuleCast(g, xf, {TransformPoint(transform, capsule->a()), TransformPoint(transform, capsule->b()), capsule->radius(),
                                           translation, 1.0f});
            },
            s.geometry);
        if (out.hit) KeepCloser(best, HitOf(w, si, out));
    }
    return best;
}

} // namespace sensu
