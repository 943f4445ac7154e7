// Box–box manifold, the solver's most frequent pair: separating axes on the four box axes, then the
// incident edge clipped against the reference face, all in the reference box's own frame where the
// reference face and its side planes are axis-aligned (a clip is a clamp of one coordinate).
#include "collide_common.h"

namespace sensu {

namespace {

/// Reference box R (half extents hR, box frame frameR) and incident box I placed in R's frame by rel.
/// K: 0 = R's x faces, 1 = R's y faces (a template so every component access is fixed at compile time).
/// Straight-line code with selects: random poses make the branches of a generic clipper unpredictable.
template <int K>
Manifold ClipBoxes(Vec2 hR, const Transform& frameR, Vec2 hI, const Transform& rel, float margin, bool flipped) {
    auto along = [](Vec2 v) { return K == 0 ? v.x : v.y; };    // normal component
    auto across = [](Vec2 v) { return K == 0 ? v.y : v.x; };   // tangent component
    const float sign = along(rel.p) >= 0.0f ? 1.0f : -1.0f;    // the face of R that looks at I
    const Vec2 n = K == 0 ? Vec2{sign, 0.0f} : Vec2{0.0f, sign};
    const int referenceEdge = K == 0 ? (sign > 0.0f ? 1 : 3) : (sign > 0.0f ? 2 : 0);

    // Incident face: the face of I whose normal is most anti-parallel to n. I's axes in R's frame are
    // ex, ey; its face normals ±ex, ±ey; pick the axis more aligned with n, pointing against it.
    const Vec2 ex = rel.q.XAxis();
    const Vec2 ey = rel.q.YAxis();
    const float nx = sign * along(ex);
    const float ny = sign * along(ey);
    const bool useX = std::abs(nx) >= std::abs(ny);
    const float facing = useX ? nx : ny;
    const float normalSign = facing > 0.0f ? -1.0f : 1.0f;
    const Vec2 faceAxis = useX ? ex : ey;
    const Vec2 edgeAxis = useX ? ey : ex;
    const float faceHalf = useX ? hI.x : hI.y;
    const float edgeHalf = useX ? hI.y : hI.x;
    const Vec2 faceCenter = rel.p + (normalSign * faceHalf) * faceAxis;
    const Vec2 w1 = faceCenter + edgeHalf * edgeAxis;
    const Vec2 w2 = faceCenter - edgeHalf * edgeAxis;
    // Incident feature: face (0 … 3 = +x, −x, +y, −y of I) and end point.
    const uint32_t incidentFace = (useX ? 0u : 2u) | (normalSign > 0.0f ? 0u : 1u);

    // Clip w1–w2 to the reference face's extent [−e, e] along the tangent by sliding each end point along
    // the edge. The incident face is at most 45° from anti-parallel, so |du| ≥ √2·edgeHalf > 0.
    const float e = across(hR);
    const float u1 = across(w1);
    const float u2 = across(w2);
    const float inv = 1.0f / (u2 - u1);
    const Vec2 dw = w2 - w1;
    const float t1 = Clamp(u1, -e, e);
    const float t2 = Clamp(u2, -e, e);
    const Vec2 p1 = w1 + ((t1 - u1) * inv) * dw;
    const Vec2 p2 = w1 + ((t2 - u1) * inv) * dw;
    const bool clipped1 = u1 < -e || u1 > e;
    const bool clipped2 = u2 < -e || u2 > e;
    const uint32_t id1 = clipped1 ? (0x80u | (u1 > e ? 1u : 0u)) : (incidentFace << 1);
    const uint32_t id2 = clipped2 ? (0x80u | (u2 > e ? 1u : 0u)) : ((incidentFace << 1) | 1u);
    // Both ends beyond the same side (a small reference face against a large incident one): one point.
    const bool single = (u1 > e && u2 > e) || (u1 < -e && u2 < -e);

    const float faceOffset = along(hR);
    const float s1 = sign * along(p1) - faceOffset;
    const float s2 = sign * along(p2) - faceOffset;
    Manifold m;
    int count = 0;
    // Each point midway between I's point and its projection onto the reference face.
    m.points[0] = {TransformPoint(frameR, p1 - (0.5f * s1) * n), s1, detail::MakeId(referenceEdge, id1, flipped)};
    count += s1 <= margin ? 1 : 0;
    m.points[count] = {TransformPoint(frameR, p2 - (0.5f * s2) * n), s2, detail::MakeId(referenceEdge, id2, flipped)};
    count += (s2 <= margin && !single) ? 1 : 0;
    m.pointCount = count;
    const Vec2 normal = Rotate(frameR.q, n);
    m.normal = flipped ? -normal : normal;
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
    const Vec2 dA = rel.p;                      // B's centre in A's frame
    const Vec2 dB = InvRotate(rel.q, rel.p);    // A's centre in B's frame, negated (only |·| is used)

    // Separation along each box axis: centre distance minus both projected half widths.
    const float sepAx = std::abs(dA.x) - hA.x - (hB.x * ac + hB.y * as);
    const float sepAy = std::abs(dA.y) - hA.y - (hB.x * as + hB.y * ac);
    const float sepBx = std::abs(dB.x) - hB.x - (hA.x * ac + hA.y * as);
    const float sepBy = std::abs(dB.y) - hB.y - (hA.x * as + hA.y * ac);
    const float sepA = Max(sepAx, sepAy);
    const float sepB = Max(sepBx, sepBy);
    if (Max(sepA, sepB) > margin) return Manifold{};

    // Apart but within the margin: a face normal only bounds the distance from below (corner against
    // corner); the general routine measures it exactly. Never taken for touching or penetrating boxes.
    const float hysteresis = detail::FaceHysteresis(Min(hA.x, hA.y), Min(hB.x, hB.y));
    if (Max(sepA, sepB) > 0.1f * hysteresis) {
        return detail::ManifoldToWorld(detail::CollideRounded(detail::MakeRounded(a, Transform{}), detail::MakeRounded(b, InvMul(xfA, xfB)), margin), xfA);
    }

    // Prefer A's face unless B's is better by the hysteresis (stable reference faces when resting).
    if (sepB > sepA + hysteresis) {
        const Transform relA = InvMul(frameB, frameA);
        return sepBx >= sepBy ? ClipBoxes<0>(hB, frameB, hA, relA, margin, true) : ClipBoxes<1>(hB, frameB, hA, relA, margin, true);
    }
    return sepAx >= sepAy ? ClipBoxes<0>(hA, frameA, hB, rel, margin, false) : ClipBoxes<1>(hA, frameA, hB, rel, margin, false);
}

} // namespace sensu
