#pragma once
// Cheap bounds the continuous phase rejects candidate pairs with before the exact swept-region test
// and the time of impact (continuous_candidates.cpp). Each is conservative by construction: it only
// says "apart" where the exact tests, float rounding included, would have found no contact either, so
// rejecting with it changes no result, only the cost.
#include <cmath>
#include <utility>

#include "sensu/geometry/rounded_core.h"
#include "sensu/math.h"

namespace sensu::ccd {

// Whether two bodies stay apart over the rest of a step, judged by their bounding discs alone. Each
// body lies within `radius` (m, Body::sweepRadius) of its centre of mass, which moves in a straight
// line from `start` by `travel` (m) while the body turns about it by any amount: turning never moves a
// point farther from that centre. So the bodies can touch only where the two centres come within
// radiusA + radiusB, and the centres' distance over the motion is that of B's centre relative to A's,
// which runs from d = startB − startA to d + e, e = travelB − travelA: the relative sweep, so two
// bodies flying side by side at any common velocity are never close. The nearest point of that segment
// to the origin decides.
//
// Float rounding: the nearest point computed with a rounded parameter is still a point of the segment
// (clamped to it), so rounding there can only overstate the distance by a few ulps of |d| + |e|. The
// time of impact declares contact within a tolerance of 1e-4 of the shapes' size (rotating_toi.h) and
// poses shapes with a few ulps of their coordinates; the exact swept-region tests allow 1e-6 of their
// radii. The slack below, 1e-3 of the radii and of the relative motion plus 4e-6 of the coordinates,
// covers all of them with room to spare, so a pair rejected here is one those tests call apart.
inline bool BoundingDiscsStayApart(Vec2 startA, Vec2 travelA, float radiusA, Vec2 startB, Vec2 travelB, float radiusB) {
    const Vec2 d = startB - startA, e = travelB - travelA;
    const float ee = Dot(e, e);
    const float s = ee > 0.0f ? Clamp(-Dot(d, e) / ee, 0.0f, 1.0f) : 0.0f;
    const Vec2 nearest = d + s * e;
    const float coordinates = Max(Max(std::abs(startA.x), std::abs(startA.y)), Max(std::abs(startB.x), std::abs(startB.y)));
    const float slack = 1e-3f * (radiusA + radiusB + Length(d) + std::sqrt(ee)) + 4e-6f * coordinates;
    const float reach = radiusA + radiusB + slack;
    // Written so that NaN (never from a valid world) keeps the pair: the exact tests then decide.
    return LengthSquared(nearest) > reach * reach;
}

// The support of a core's points along `direction` (a unit vector in the core's own frame): the
// largest projection of a point.
inline float Support(const RoundedCore& core, Vec2 direction) {
    float h = Dot(core.points[0], direction);
    for (int i = 1; i < core.count; ++i) h = Max(h, Dot(core.points[i], direction));
    return h;
}

// A lower bound on Support(core, u) over every direction u: a polygon around its centre holds the disc
// of radius min over its edges of n_i·p_i (all positive then); otherwise any point's projection is at
// least −|p|.
inline float SupportFloor(const RoundedCore& core) {
    if (core.count >= 3) {
        float inner = Dot(core.normals[0], core.points[0]);
        for (int i = 1; i < core.count; ++i) inner = Min(inner, Dot(core.normals[i], core.points[i]));
        if (inner > 0.0f) return inner;
    }
    float floor = -Length(core.points[0]);
    for (int i = 1; i < core.count; ++i) floor = Max(floor, -Length(core.points[i]));
    return floor;
}

// Whether the edge normal of polygon core `a` that b's centre lies farthest beyond separates a from
// core `b` by more than `needed` (m), with b's centre at `offset` and b turned by `turn`, both in a's
// frame. Only that edge is tried (skipping an axis only ever keeps a pair): for a core around its
// centre it is the edge of a's that faces b. Trying every edge rejected the same pairs in Tumbler2000
// and Smash9600 (96 more of 12,284 in Rain2000) at 1 % more of Tumbler2000's step.
inline bool EdgeNormalSeparates(const RoundedCore& a, const RoundedCore& b, Vec2 offset, Rot turn, float needed) {
    int facing = 0;
    float beyond = Dot(a.normals[0], offset - a.points[0]);
    for (int i = 1; i < a.count; ++i) {
        const float e = Dot(a.normals[i], offset - a.points[i]);
        if (e > beyond) {
            beyond = e;
            facing = i;
        }
    }
    if (!(beyond > needed)) return false;
    const Vec2 n = a.normals[facing];
    const float face = Dot(n, a.points[facing]);
    float nearest = Dot(n, offset + Rotate(turn, b.points[0]));
    for (int j = 1; j < b.count; ++j) nearest = Min(nearest, Dot(n, offset + Rotate(turn, b.points[j])));
    return nearest - face > needed;
}

// Whether two rounded cores (rounded_core.h, each in its body's centre-of-mass frame, placed at
// `centerA`/`centerB` turned by `angleA`/`angleB`, rad) stay apart over the rest of a step in which the centres
// travel `travelA`/`travelB` (m) and the bodies turn by `turnA`/`turnB` (rad, any size). For a pair
// whose bounding discs come close but whose shapes do not (two boxes diagonally apart, or side by
// side one box apart), so it fails BoundingDiscsStayApart but never meets.
//
// The gap between the cores is at least their separation along any unit axis u: the centres' offset
// along u less each core's support towards the other, less the rounding radii (a projection never
// lengthens a distance). The axes tried: the line of centres, then the edge normals of polygon cores
// (for two polygons apart one of those separates them best). A pair too close for any axis to pass
// (the centres' distance less each core's SupportFloor: touching neighbours) is kept without turning
// the cores at all. No point of a core moves farther than
// |travel| + |turn|·maxRadius (an arc is no longer than its angle times its radius), so the gap
// shrinks over the motion by at most |travelB − travelA| + |turnA|·maxRadiusA + |turnB|·maxRadiusB:
// the very bound conservative advancement (rotating_toi_advance.cpp) steps by, so when the gap
// exceeds it the time of impact's first step already ends past the step and it reports no contact;
// its exact paths, which declare contact within 1e-6 of the sizes, find none either, as the shapes
// never come within the slack.
//
// Float rounding: as in BoundingDiscsStayApart, the slack (1e-3 of the sizes, the centres' distance
// and the motion, plus 4e-6 of the coordinates) exceeds by far the rounding of these few products and
// of the posed points the time of impact measures, and the time of impact's own tolerance (1e-4 of
// the shapes' size), so a pair rejected here is one it calls apart.
//
// CoresStayApartWith takes each core's SupportFloor (`floorA`, `floorB`) ready and gets the two turns
// from `rotations()`, a pair of Rot called only past the floors' test: the continuous phase keeps a
// shape's floor with its core and reuses the fast body's sine and cosine across its candidates (the
// same numbers, so the same answers).
template <class Rotations>
inline bool CoresStayApartWith(Vec2 centerA, const RoundedCore& a, float floorA, Vec2 travelA, float turnA, Vec2 centerB,
                               const RoundedCore& b, float floorB, Vec2 travelB, float turnB, const Rotations& rotations) {
    const Vec2 d = centerB - centerA;
    const float distance = Length(d);
    if (!(distance > 0.0f)) return false;
    const float motion = Length(travelB - travelA) + std::abs(turnA) * a.maxRadius + std::abs(turnB) * b.maxRadius;
    const float coordinates = Max(Max(std::abs(centerA.x), std::abs(centerA.y)), Max(std::abs(centerB.x), std::abs(centerB.y)));
    const float sizes = a.maxRadius + a.radius + b.maxRadius + b.radius;
    const float slack = 1e-3f * (sizes + distance + motion) + 4e-6f * coordinates;
    // What the separation of the cores along an axis must exceed. Written so that NaN keeps the pair
    // (no axis passes): the time of impact then decides.
    const float needed = motion + slack + a.radius + b.radius;
    if (!(distance - floorA - floorB > needed)) return false;
    const auto [qA, qB] = rotations();
    const Vec2 u = (1.0f / distance) * d;
    if (distance - Support(a, InvRotate(qA, u)) - Support(b, InvRotate(qB, -u)) > needed) return true;
    if (a.count >= 3 && EdgeNormalSeparates(a, b, InvRotate(qA, d), InvMul(qA, qB), needed)) return true;
    return b.count >= 3 && EdgeNormalSeparates(b, a, InvRotate(qB, -d), InvMul(qB, qA), needed);
}

inline bool CoresStayApart(Vec2 centerA, float angleA, const RoundedCore& a, Vec2 travelA, float turnA, Vec2 centerB, float angleB,
                           const RoundedCore& b, Vec2 travelB, float turnB) {
    return CoresStayApartWith(centerA, a, SupportFloor(a), travelA, turnA, centerB, b, SupportFloor(b), travelB, turnB,
                              [&] { return std::pair{Rot::FromAngle(angleA), Rot::FromAngle(angleB)}; });
}

} // namespace sensu::ccd
