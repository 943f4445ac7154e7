// Box–box manifold, the solver's most frequent pair: separating axes on the four box axes, then the
// incident edge clipped against the reference face, all in the reference box's own frame where the
// reference face and its side planes are axis-aligned (a clip is a clamp of one coordinate).
#include "collide_common.h"

namespace sensu {

namespace {

/// a when f = 1, b when f = 0, without a branch; exact for finite values (0·x + y = y).
inline float Pick(float f, float a, float b) { return f * a + (1.0f - f) * b; }
inline Vec2 Pick(float f, Vec2 a, Vec2 b) { return {Pick(f, a.x, b.x), Pick(f, a.y, b.y)}; }

/// The clipping half of CollideBoxes (separations of A's axes and B's axes given). One return object, so
/// the result is built in place. For boxes that are apart, `apartSlack` (m, ≥ 0) is how far the nearest
/// clipped point may lie beyond the reference separation; +inf for touching or penetrating boxes.
/// `roundOff` (m) is the separations' rounding allowance relative to the pair's coordinates.
Manifold ClipBoxes(const Transform& frameA, const Transform& frameB, const Transform& rel, Vec2 dB, Vec2 hA, Vec2 hB, float sepAx,
                   float sepAy, float sepBx, float sepBy, float hysteresis, float apartSlack, float roundOff, float margin) {
    const float sepA = Max(sepAx, sepAy);
    const float sepB = Max(sepBx, sepBy);
    // Reference box R: A unless B's face is better by the hysteresis (stable faces when resting).
    // From here on the code is straight-line: for random poses the branches of a generic clipper (which
    // box, which axis, which side, which incident face) are unpredictable, so choices are table lookups
    // or blends with an exact 0/1 weight (Pick), and signs come from copysign.
    // Boxes never take a face along which they overlap beyond round-off when the other box's face
    // separates them: its clipped points would report penetration for a gap (1 mm boxes 1.4 µm and
    // 0.4 µm apart got −1.4 µm and −1.2 µm; fuzz findings regression-1mm-boxes-*). Flush boxes, apart or
    // touching by round-off, keep the hysteresis' choice and their ids.
    const int flip = sepB > sepA + hysteresis || (sepA < -roundOff && sepB > 0.0f) ? 1 : 0;
    const float flipped = static_cast<float>(flip);
    const Transform* frames[2] = {&frameA, &frameB};
    const Transform& frameR = *frames[flip];
    const Transform& frameI = *frames[1 - flip];
    const Vec2 halves[2] = {hA, hB};
    const Vec2 hR = halves[flip];
    const Vec2 hI = halves[1 - flip];
    const Vec2 centreI = Pick(flipped, -dB, rel.p);  // I's centre in R's frame
    const float xFace = Pick(flipped, sepBx >= sepBy ? 1.0f : 0.0f, sepAx >= sepAy ? 1.0f : 0.0f);
    const float sign = std::copysign(1.0f, Pick(xFace, centreI.x, centreI.y));
    const Vec2 n{xFace * sign, (1.0f - xFace) * sign};  // reference normal in R's frame
    const int referenceEdge = xFace > 0.5f ? (sign > 0.0f ? 1 : 3) : (sign > 0.0f ? 2 : 0);

    // Work in the reference face's frame F (R's frame turned so x runs along n): the face is x = depthR,
    // y in [−e, e]. F is also the frame the contact points are returned from.
    const Transform face{frameR.p, Mul(frameR.q, Rot{n.x, n.y})};
    const Transform inc = InvMul(face, frameI);  // I in F
    const float depthR = Pick(xFace, hR.x, hR.y);
    const float e = Pick(xFace, hR.y, hR.x);

    // Incident face: I's face whose normal is most anti-parallel to +x. I's axes in F are ex, ey.
    const Vec2 ex = inc.q.XAxis();
    const Vec2 ey = inc.q.YAxis();
    const int useY = std::abs(ex.x) >= std::abs(ey.x) ? 0 : 1;
    const Vec2 axes[2] = {ex, ey};
    const float halfExtentsI[2] = {hI.x, hI.y};
    const Vec2 faceAxis = axes[useY];
    const Vec2 edgeAxis = axes[1 - useY];
    const float faceHalf = halfExtentsI[useY];
    const float edgeHalf = halfExtentsI[1 - useY];
    const float normalSign = -std::copysign(1.0f, faceAxis.x);
    const Vec2 faceCenter = inc.p + (normalSign * faceHalf) * faceAxis;
    const Vec2 w1 = faceCenter + edgeHalf * edgeAxis;
    const Vec2 w2 = faceCenter - edgeHalf * edgeAxis;
    const uint32_t incidentFace = (useY != 0 ? 2u : 0u) | (normalSign > 0.0f ? 0u : 1u);  // +x, −x, +y, −y of I

    // Clip w1–w2 to [−e, e] in y by sliding each end point along the edge. The incident face is at most
    // 45° from anti-parallel, so |w2.y − w1.y| ≥ √2·edgeHalf > 0, but not in float for an edge below
    // float's spacing at its position (a box 7e-43 m thick: w1 = w2, or a denormal difference whose
    // reciprocal overflows, and 0·inf made the contact points NaN; fuzz finding
    // world-bullet-denormal-box-nan). Such an edge is a point: both ends stay where they are.
    const float dy = w2.y - w1.y;
    const float inv = std::abs(dy) > 1e-30f ? 1.0f / dy : 0.0f;
    const Vec2 dw = w2 - w1;
    const Vec2 p1 = w1 + ((Min(Max(w1.y, -e), e) - w1.y) * inv) * dw;
    const Vec2 p2 = w1 + ((Min(Max(w2.y, -e), e) - w1.y) * inv) * dw;
    // An end within round-off of a side plane (equal boxes stacked flush) keeps its vertex id, so the id
    // does not flip between poses that differ only by round-off (e.g. apart and touching); the point
    // itself is still clamped.
    const float clipSlack = 1e-5f * (e + edgeHalf + std::abs(inc.p.y));
    const bool clipped1 = w1.y < -e - clipSlack || w1.y > e + clipSlack;
    const bool clipped2 = w2.y < -e - clipSlack || w2.y > e + clipSlack;
    const uint32_t id1 = clipped1 ? (0x80u | (w1.y > e ? 1u : 0u)) : (incidentFace << 1);
    const uint32_t id2 = clipped2 ? (0x80u | (w2.y > e ? 1u : 0u)) : ((incidentFace << 1) | 1u);
    // Both ends beyond the same side (a small reference face against a large incident one): one point.
    const bool single = (w1.y > e && w2.y > e) || (w1.y < -e && w2.y < -e);

    const float s1 = p1.x - depthR;
    const float s2 = p2.x - depthR;
    // Each point midway between I's point and its projection onto the reference face. Both slots are
    // written by constant index (a variable index defeats store forwarding when the result is copied).
    const ManifoldPoint point1{TransformPoint(face, {p1.x - 0.5f * s1, p1.y}), s1, detail::MakeId(referenceEdge, id1, flip != 0)};
    const ManifoldPoint point2{TransformPoint(face, {p2.x - 0.5f * s2, p2.y}), s2, detail::MakeId(referenceEdge, id2, flip != 0)};
    // Apart boxes: the reference face is a closest feature (and its clipped points measure the distance)
    // only when part of the incident face lies over it at the face's own separation, the lower bound of
    // the distance; otherwise the closest features are corners and the caller measures them exactly.
    const float sepR = Pick(flipped, Max(sepBx, sepBy), Max(sepAx, sepAy));
    const bool faceClosest = apartSlack > 1e30f || (!single && Min(s1, s2) <= sepR + apartSlack);
    const bool keep1 = s1 <= margin && faceClosest;
    const bool keep2 = s2 <= margin && !single && faceClosest;
    Manifold m;
    m.normal = (1.0f - 2.0f * flipped) * face.q.XAxis();
    m.points[0] = keep1 ? point1 : point2;
    m.points[1] = point2;
    m.pointCount = (keep1 ? 1 : 0) + (keep2 ? 1 : 0);
    return m;
}

} // namespace

Manifold CollideBoxes(const Box& a, const Transform& xfA, const Box& b, const Transform& xfB, float margin) {
    detail::RequireMargin(margin);
    const Transform frameA = Mul(xfA, Transform{a.center(), a.rotation()});
    const Transform frameB = Mul(xfB, Transform{b.center(), b.rotation()});
    const Transform rel = InvMul(frameA, frameB);  // B's box frame in A's box frame
    const Vec2 hA = a.halfExtents();
    const Vec2 hB = b.halfExtents();
    const float ac = std::abs(rel.q.c);
    const float as = std::abs(rel.q.s);
    const Vec2 dB = InvRotate(rel.q, rel.p);  // minus A's centre in B's frame

    // Separation along each box axis: centre distance minus both projected half widths.
    const float sepAx = std::abs(rel.p.x) - hA.x - (hB.x * ac + hB.y * as);
    const float sepAy = std::abs(rel.p.y) - hA.y - (hB.x * as + hB.y * ac);
    const float sepBx = std::abs(dB.x) - hB.x - (hA.x * ac + hA.y * as);
    const float sepBy = std::abs(dB.y) - hB.y - (hA.x * as + hA.y * ac);
    const float sepA = Max(sepAx, sepAy);
    const float sepB = Max(sepBx, sepBy);
    if (Max(sepA, sepB) > margin) return Manifold{};

    const float hysteresis = detail::FaceHysteresis(Min(hA.x, hA.y), Min(hB.x, hB.y));
    const float slack = 1e-5f * (std::abs(rel.p.x) + std::abs(rel.p.y) + hA.x + hA.y + hB.x + hB.y);
    if (Max(sepA, sepB) > 0.1f * hysteresis) {
        // Apart but within the margin: face against face (or a corner over a face) gets the same clipped
        // two-point manifold and feature ids as when touching, so a landing box keeps its warm-start ids;
        // the slack absorbs round-off relative to the pair's size. A face normal only bounds the distance
        // from below, so when no clipped point attains it (corner against corner) the general routine
        // measures the distance exactly.
        const Manifold m = ClipBoxes(frameA, frameB, rel, dB, hA, hB, sepAx, sepAy, sepBx, sepBy, hysteresis, slack, slack, margin);
        if (m.pointCount > 0) return m;
        return detail::CollideGeneric(a, xfA, b, xfB, margin);
    }
    return ClipBoxes(frameA, frameB, rel, dB, hA, hB, sepAx, sepAy, sepBx, sepBy, hysteresis, 3.4e38f, slack, margin);
}

} // namespace sensu
