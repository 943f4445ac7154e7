#pragma once
// The rotating time of impact's shared parts (rotating_toi.h describes the query and its methods): the
// turning rotation of an arc's entry point, the result for shapes that already touch at t = 0, and the
// entry points of the methods, which live in one file each by method:
//   rotating_toi.cpp          the query (TimeOfImpact) and the closed form against a resting disc, the
//                             common case, whose helpers stay in its file so they inline into the query
//   rotating_toi_polygons.cpp the closed form for two cores, one turning about a fixed pivot
//   rotating_toi_advance.cpp  conservative advancement, for any pair of motions (the root finder)
#include "sensu/geometry/rotating_toi.h"
#include "swept_internal.h"

// Its own namespace, not swept: unqualified names inside it resolve exactly as they did when all of
// this was rotating_toi.cpp's anonymous namespace in sensu.
namespace sensu::rotating {

// The helpers below take a RoundedCore or Advance's PosedPoints: they read points, count and radius.
template <class Core>
Vec2 FallbackNormal(const Core& a, const Core& b) {
    Vec2 ca{}, cb{};
    for (int i = 0; i < a.count; ++i) ca += (1.0f / a.count) * a.points[i];
    for (int i = 0; i < b.count; ++i) cb += (1.0f / b.count) * b.points[i];
    const Vec2 n = Normalize(cb - ca);
    return n == Vec2{} ? Vec2{1.0f, 0.0f} : n;
}

// Touching or overlapping at t = 0: normal and point from the closest points of the cores. The point
// is midway between the two surfaces along the normal, or the common point when the cores overlap.
template <class Core>
RotatingImpact Overlapping(const Core& a, const Core& b, const swept::CoreClosestPoints& cp) {
    RotatingImpact out;
    out.state = RotatingToiState::Overlapping;
    out.t = 0.0f;
    const Vec2 n = Normalize(cp.onB - cp.onA);
    out.normal = n == Vec2{} ? FallbackNormal(a, b) : n;
    out.point = n == Vec2{} ? cp.onA : 0.5f * ((cp.onA + a.radius * n) + (cp.onB - b.radius * n));
    return out;
}

// An arc's start and a point on it, and 1/ρ² (ρ their distance from the pivot), for the rotation
// taking one to the other, (start·x, start×x)/ρ². Below ρ = 2^-60 m (8.7e-19 m) ρ² and those products
// are denormal or 0 and 1/ρ² overflows: 0·inf made a rotating hit's normal and point NaN (fuzz finding
// toi-rotating-impact-non-finite: a point 7e-23 m from the pivot of a 1e-19 m capsule). Such arcs are
// scaled by 2^100 first: a power of two, so every product keeps its bits and the rotation is the same.
// Their 1/ρ² is then 1/(|start|·|x|): the entry point, found from squares that did lose their bits,
// lies off the arc by up to a few per cent, and this keeps the rotation (and the normal) unit.
struct ArcEnds {
    Vec2 start, x;
    float invRho2;
};
inline ArcEnds ScaledArcEnds(Vec2 start, Vec2 x, float invRho2) {
    if (invRho2 < 0x1p120f) [[likely]] return {start, x, invRho2};
    constexpr float kScale = 0x1p100f;
    const Vec2 scaledStart = kScale * start, scaledX = kScale * x;
    const float lengths = Length(scaledStart) * Length(scaledX);
    // An entry point rounded onto the pivot itself is taken as the arc's start (no turn).
    if (!(lengths > 0.0f)) return {scaledStart, scaledStart, 1.0f / LengthSquared(scaledStart)};
    return {scaledStart, scaledX, 1.0f / lengths};
}

// Overlap at t = 0 reported in world space (A's start frame → world).
RotatingImpact OverlappingInWorld(const RoundedCore& coreA, const Transform& startA, const RoundedCore& coreB,
                                  const swept::CoreClosestPoints& cp);

// Conservative advancement for any pair of motions (see the header): the answer when neither body
// turns about a fixed pivot while the other rests.
RotatingImpact Advance(const RoundedCore& coreA, const RotationalSweep& sweepA, const RoundedCore& coreB,
                       const RotationalSweep& sweepB, const RotatingToiSettings& settings);

} // namespace sensu::rotating
