#pragma once
// Cheap bounds the continuous phase rejects candidate pairs with before the exact swept-region test
// and the time of impact (continuous_candidates.cpp). Each is conservative by construction: it only
// says "apart" where the exact tests, float rounding included, would have found no contact either, so
// rejecting with it changes no result, only the cost.
#include <cmath>

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

} // namespace sensu::ccd
