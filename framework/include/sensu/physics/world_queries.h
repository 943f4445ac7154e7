#pragma once
/// World queries (Box2D v3's b2World_CastRay… family): ray casts, overlap tests and shape casts against
/// the shapes of a World, as free functions taking the world.
///
/// Every query goes through the world's broad phase (whichever kind SolverSettings::broadPhase picks)
/// and then tests the candidates exactly with the geometry layer (raycast.h, overlap.h,
/// sector_overlap.h, shape_cast.h), so the answer is the same as testing every shape of the world, only
/// faster. Which shapes a query sees:
///  - QueryFilter's bits (filter.h): (query.categoryBits & shape.maskBits) and (query.maskBits &
///    shape.categoryBits) both non-zero; the default filter sees every shape with a default Filter;
///  - sensors only with QueryFilter::includeSensors (a trigger volume is usually not "in the way");
///  - frozen (rested) bodies' shapes unless QueryFilter::includeFrozen is cleared: a resting pile is
///    still there for a ray;
///  - static, kinematic and dynamic bodies alike.
///
/// Results are deterministic and independent of the broad-phase kind: lists are sorted (hits by
/// fraction, then shape index; overlaps by shape index), and ties of a closest hit go to the lower
/// shape index. Touching counts: a ray grazing a shape hits it, a query shape touching a shape overlaps
/// it. Shapes are solid (a cast starting inside hits at fraction 0), except Segment, which has no
/// inside.
///
/// Queries are const: they never change the world (StateHash, Save bytes). They may be called between
/// steps and from the pre-solve hook (contact_events.h; the poses there are the step's start poses, and
/// the broad phase is not being searched at that point). They are not thread-safe: the broad phase
/// keeps one search stack per world, so two queries on the same world must not run at the same time.
///
/// Invalid input throws InvalidArgument (the world is unchanged, as always for a query): non-finite
/// numbers, a transform whose rotation is not of unit length, an AABB with lower > upper, a shape cast
/// of a Sector.
#include <optional>
#include <variant>
#include <vector>

#include "sensu/geometry/shapes.h"
#include "sensu/physics/world.h"

namespace sensu {

/// A query's geometry, in its own frame and placed by the query's transform: every shape kind of the
/// world plus the fan (Sector: "what did this sword swing touch"; its centre and axis are transformed).
using QueryGeometry = std::variant<Circle, Capsule, Box, ConvexPolygon, Segment, Sector>;

/// One hit of a ray or shape cast.
struct QueryHit {
    ShapeId shape{};      ///< the shape hit
    Vec2 point{};         ///< m, world: the first contact point on the shape's surface (for a cast that
                          ///< starts inside: the ray's origin, the circle's centre, the capsule's end a,
                          ///< or for a box, polygon or segment a point in the overlap)
    Vec2 normal{};        ///< unit surface normal at `point`, out of the shape (towards the caster); for a
                          ///< cast that starts inside: opposite the translation, (0, 0) for none
    float fraction = 0.0f;  ///< in [0, 1]: the hit is at origin + fraction·translation (0: starts inside)
};

/// The first shape the ray origin → origin + translation (m, world) meets, or nothing. A zero
/// translation is a point query (hits the shapes containing the origin). Ties go to the lower shape
/// index. Throws InvalidArgument for non-finite input.
std::optional<QueryHit> CastRayClosest(const World& world, Vec2 origin, Vec2 translation, const QueryFilter& filter = {});

/// Every shape the ray origin → origin + translation (m, world) meets, each once with its first hit,
/// sorted by fraction (then shape index); replaces the contents of `out`. A list rather than Box2D's
/// clipping callback: the order does not depend on the broad phase, the callback cannot re-enter a
/// running search, and the closest-hit case (the callback's main use) is CastRayClosest. Throws
/// InvalidArgument for non-finite input.
void CastRay(const World& world, Vec2 origin, Vec2 translation, const QueryFilter& filter, std::vector<QueryHit>& out);

/// The shapes whose actual (tight) world AABB touches or overlaps `box` (m, world), not merely the
/// broad phase's fattened one, sorted by shape index; replaces the contents of `out`. A box of zero size
/// (lower = upper) is a point query. Throws InvalidArgument for non-finite corners or lower > upper.
void OverlapAABB(const World& world, const AABB& box, const QueryFilter& filter, std::vector<ShapeId>& out);

/// The shapes that truly touch or overlap `geometry` placed by `transform` (exact tests of overlap.h and
/// sector_overlap.h), sorted by shape index; replaces the contents of `out`. Throws InvalidArgument for a
/// non-finite transform or one whose rotation is not of unit length (within 1e-4), and when the placed
/// geometry overflows float.
void OverlapShape(const World& world, const QueryGeometry& geometry, const Transform& transform, const QueryFilter& filter,
                  std::vector<ShapeId>& out);

/// The first shape met by `geometry` placed by `transform` and moved (without rotating) by
/// `translation` (m, world), or nothing (Box2D's b2World_CastShape); exact up to float round-off.
/// Moving shapes: Circle and Capsule (shape_cast.h), Box, ConvexPolygon and Segment (convex_cast.h, a
/// ray cast against the Minkowski difference); a Sector throws InvalidArgument, as do non-finite input,
/// a transform whose rotation is not of unit length and a swept geometry reaching farther than
/// kMaxQueryReach (1e7 m, ten times the world's kMaxCoordinate) from the origin, where the casts' squared
/// lengths overflow float. A shape already touching at the start hits at
/// fraction 0; its point is then the circle's centre or the capsule's end a, and for the other kinds a
/// point in the overlap. Chain segments are cast against as their (two-sided) segments. Ties go to the
/// lower shape index.
std::optional<QueryHit> CastShape(const World& world, const QueryGeometry& geometry, const Transform& transform, Vec2 translation,
                                  const QueryFilter& filter = {});

/// m: how far from the origin a CastShape's swept geometry may reach (the geometry layer's casts are
/// verified against brute force out to this distance).
inline constexpr float kMaxQueryReach = 1e7f;

} // namespace sensu
