#pragma once
/// Seed 002 in 2D: a point (or circle) moving from `start` to `end` against segment edges, the hit
/// test of §5.1–5.3 and the three responses of §5.4, repeated until the move is free of hits.
///
/// The 3D note intersects a vector with a triangle; in 2D the triangle becomes an edge a–b, its plane
/// the edge's line N·X = d (eq. 4, 9), and the inside test (eq. 17–18) checks that the crossing lies
/// between a and b. A moving circle of radius r uses the circle cast against the edge (seed 001's
/// swept circle) for the hit and the tangent line at the contact as its plane.
#include <span>

#include "sensu/geometry/shapes.h"

namespace sensu {

/// The first hit of a move against edges.
struct EdgeHit {
    bool hit = false;  ///< The move touches or crosses an edge (grazing, w_s·w_e = 0, counts: §5.1).
    int edge = -1;     ///< Index of the edge hit in the span given.
    float t = 1.0f;    ///< t_c of eq. (16): fraction of the move at the hit, in [0, 1].
    Vec2 point{};      ///< V_c of eq. (14): the moving point (circle centre) at the hit (m).
    Vec2 normal{};     ///< Unit plane normal N, flipped to face the side the start is on (§5.4.2).
};

/// Seed 002 §5.1–5.3 for a point moving start → end against the edge a–b (a ≠ b): sign test of
/// w_s, w_e (eq. 10–12), hit parameter t_c (eq. 16), inside test (eq. 17–18). Grazing hits: an end on
/// the edge's line, or a move along the line overlapping the edge (then t_c is the first common point).
/// A start on the line (w_s = 0) gets the normal facing away from the end.
EdgeHit IntersectMoveWithEdge(Vec2 start, Vec2 end, Vec2 a, Vec2 b);

/// The earliest hit over all edges of a point (radius 0) or a circle (radius > 0) moving start → end.
/// Throws InvalidArgument for non-finite points or a negative radius.
EdgeHit FirstEdgeHit(Vec2 start, Vec2 end, float radius, std::span<const Segment> edges);

/// The three corrections of seed 002 §5.4.
enum class HitResponse {
    Shorten, ///< §5.4.1 eq. (19)–(20): stop ε before the hit, along the move (the point "sticks").
    PushOff, ///< §5.4.2 eq. (21): the hit point lifted by ε along the normal facing the start side.
    Slide,   ///< §5.4.3 eq. (22)–(25): the end point moved onto the plane plus ε (slides along it).
};

/// One correction: the new end point for the move start → end that produced `hit`.
/// epsilon: the ε of eq. (13) (m, > 0).
Vec2 ApplyResponse(HitResponse response, Vec2 start, Vec2 end, const EdgeHit& hit, float epsilon);

/// Tuning of ResolveMove.
struct ResponseSettings {
    float epsilon = 1e-3f; ///< ε of eq. (13), the gap kept from surfaces (m); > 0.
    int maxIterations = 8; ///< Re-tests before falling back to Shorten (§5.4.3, last paragraph).
};

/// The result of ResolveMove.
struct ResolvedMove {
    Vec2 end{};                ///< The corrected end point: the straight move start → end is free of hits.
    int hits = 0;              ///< Hits answered (0: the move was free).
    bool usedFallback = false; ///< The cap was reached and the move was shortened instead (§5.4.3).
};

/// Moves start → end, answering every hit with `response` and re-testing the corrected move until it
/// hits nothing, at most settings.maxIterations times; then falls back to Shorten, which always ends
/// free (it stops before the first hit). Throws InvalidArgument for bad input or settings.
ResolvedMove ResolveMove(Vec2 start, Vec2 end, float radius, std::span<const Segment> edges, HitResponse response,
                         const ResponseSettings& settings = {});

} // namespace sensu
