// GJK distance (Gilbert–Johnson–Keerthi) in 2D: the closest point to the origin of the Minkowski
// difference M = B − A is found on a simplex of at most three support points of M; each step solves the
// simplex for its closest point by barycentric Voronoi regions and adds the support point of M in the
// direction of the origin. Computed in A's frame so large world coordinates keep their precision.
#include "sensu/geometry/distance.h"

namespace sensu {

namespace {

constexpr int kMaxIterations = 32;

struct SimplexVertex {
    Vec2 wA;         // support point of A
    Vec2 wB;         // support point of B
    Vec2 w;          // wB − wA
    float a = 0.0f;  // barycentric weight of w in the closest point
    int indexA = 0;
    int indexB = 0;
};

struct Simplex {
    SimplexVertex v[3];
    int count = 0;

    Vec2 ClosestPoint() const {
        Vec2 p{};
        for (int i = 0; i < count; ++i) p += v[i].a * v[i].w;
        return p;
    }

    /// Reduces the simplex to the smallest sub-simplex holding the point closest to the origin and sets
    /// the barycentric weights. Region tests use the (unnormalised) barycentric coordinates of the
    /// origin's projection on each edge and on the triangle.
    void Solve() {
        if (count == 2) SolveSegment();
        else if (count == 3) SolveTriangle();
    }

    void SolveSegment() {
        const Vec2 w1 = v[0].w, w2 = v[1].w;
        const Vec2 e = w2 - w1;
        const float u = Dot(w2, e);   // weight of w1 (unnormalised)
        const float t = -Dot(w1, e);  // weight of w2
        if (t <= 0.0f) {
            v[0].a = 1.0f;
            count = 1;
        } else if (u <= 0.0f) {
            v[0] = v[1];
            v[0].a = 1.0f;
            count = 1;
        } else {
            const float inv = 1.0f / (u + t);
            v[0].a = u * inv;
            v[1].a = t * inv;
        }
    }

    void SolveTriangle() {
        const Vec2 w1 = v[0].w, w2 = v[1].w, w3 = v[2].w;
        const Vec2 e12 = w2 - w1, e13 = w3 - w1, e23 = w3 - w2;
        const float u12 = Dot(w2, e12), t12 = -Dot(w1, e12);
        const float u13 = Dot(w3, e13), t13 = -Dot(w1, e13);
        const float u23 = Dot(w3, e23), t23 = -Dot(w2, e23);
        const float area = Cross(e12, e13);
        const float b1 = area * Cross(w2, w3);
        const float b2 = area * Cross(w3, w1);
        const float b3 = area * Cross(w1, w2);
        if (t12 <= 0.0f && t13 <= 0.0f) {  // vertex w1
            v[0].a = 1.0f;
            count = 1;
        } else if (u12 > 0.0f && t12 > 0.0f && b3 <= 0.0f) {  // edge w1–w2
            const float inv = 1.0f / (u12 + t12);
            v[0].a = u12 * inv;
            v[1].a = t12 * inv;
            count = 2;
        } else if (u13 > 0.0f && t13 > 0.0f && b2 <= 0.0f) {  // edge w1–w3
            const float inv = 1.0f / (u13 + t13);
            v[0].a = u13 * inv;
            v[2].a = t13 * inv;
            v[1] = v[2];
            count = 2;
        } else if (u12 <= 0.0f && t23 <= 0.0f) {  // vertex w2
            v[0] = v[1];
            v[0].a = 1.0f;
            count = 1;
        } else if (u13 <= 0.0f && u23 <= 0.0f) {  // vertex w3
            v[0] = v[2];
            v[0].a = 1.0f;
            count = 1;
        } else if (u23 > 0.0f && t23 > 0.0f && b1 <= 0.0f) {  // edge w2–w3
            const float inv = 1.0f / (u23 + t23);
            v[1].a = u23 * inv;
            v[2].a = t23 * inv;
            v[0] = v[1];
            v[1] = v[2];
            count = 2;
        } else if (!(b1 + b2 + b3 > 0.0f)) {  // degenerate (collinear) triangle: fall back to one edge
            count = 2;
            SolveSegment();
        } else {  // inside the triangle: the origin is in M, the cores overlap
            const float inv = 1.0f / (b1 + b2 + b3);
            v[0].a = b1 * inv;
            v[1].a = b2 * inv;
            v[2].a = b3 * inv;
        }
    }
};

inline int Support(const Vec2* points, int count, Vec2 d) {
    int best = 0;
    float bestValue = Dot(points[0], d);
    for (int i = 1; i < count; ++i) {
        const float value = Dot(points[i], d);
        if (value > bestValue) {
            bestValue = value;
            best = i;
        }
    }
    return best;
}

} // namespace

DistanceResult ShapeDistance(const ShapeProxy& a, const Transform& xfA, const ShapeProxy& b, const Transform& xfB) {
    if (a.count < 1 || a.count > kMaxPolygonVertices || b.count < 1 || b.count > kMaxPolygonVertices)
        throw InvalidArgument("ShapeDistance: a proxy needs 1 to 8 points (use MakeProxy)");
    const Transform rel = InvMul(xfA, xfB);
    const Vec2* pointsA = a.points.data();
    Vec2 pointsB[kMaxPolygonVertices];
    for (int i = 0; i < b.count; ++i) pointsB[i] = TransformPoint(rel, b.points[i]);

    // Scale of the problem, for the relative tolerances below.
    float extent = 0.0f;
    for (int i = 0; i < a.count; ++i) extent = Max(extent, LengthSquared(pointsA[i]));
    for (int i = 0; i < b.count; ++i) extent = Max(extent, LengthSquared(pointsB[i]));
    const float tinySquared = 1e-12f * Max(extent, 1e-30f);

    Simplex simplex;
    simplex.v[0] = {pointsA[0], pointsB[0], pointsB[0] - pointsA[0], 1.0f, 0, 0};
    simplex.count = 1;
    bool overlap = false;
    int iteration = 0;
    while (iteration < kMaxIterations) {
        int savedA[3], savedB[3];
        const int savedCount = simplex.count;
        for (int i = 0; i < savedCount; ++i) {
            savedA[i] = simplex.v[i].indexA;
            savedB[i] = simplex.v[i].indexB;
        }
        simplex.Solve();
        if (simplex.count == 3) {
            overlap = true;
            break;
        }
        // Search direction d towards the origin and the origin's distance from the simplex. On an edge
        // simplex d is the edge's perpendicular, not −(closest point): that point is a difference of
        // two long vectors when M is long and thin (a thin box across a segment) and its round-off turns
        // the direction by far more than the remaining gap, so GJK stopped short of the origin and
        // reported overlapping shapes apart (issue 16).
        Vec2 d;
        float gap;
        if (simplex.count == 1) {
            d = -simplex.v[0].w;
            gap = Length(d);
        } else {
            const Vec2 w1 = simplex.v[0].w, e = simplex.v[1].w - w1;
            const float side = Cross(e, -w1);  // > 0: the origin is left of w1 → w2
            d = side > 0.0f ? LeftPerp(e) : RightPerp(e);
            gap = std::abs(side) / Length(e);
        }
        if (gap * gap <= tinySquared || !(LengthSquared(d) > 0.0f)) {
            overlap = true;  // touching (or overlapping by round-off)
            break;
        }
        // Support point of M = B − A in the direction d.
        const int iA = Support(pointsA, a.count, -d);
        const int iB = Support(pointsB, b.count, d);
        ++iteration;
        bool duplicate = false;
        for (int i = 0; i < savedCount; ++i) duplicate = duplicate || (savedA[i] == iA && savedB[i] == iB);
        if (duplicate) break;  // no new support point: the simplex holds the closest point
        const Vec2 w = pointsB[iB] - pointsA[iA];
        // No progress towards the origin beyond round-off: converged. (Were the origin in M, the new
        // point would pass it: a gain of at least the gap.)
        const float gain = Dot(w - simplex.v[0].w, d) / Length(d);
        if (gain <= 1e-6f * gap + 1e-7f * std::sqrt(extent)) break;
        simplex.v[simplex.count++] = {pointsA[iA], pointsB[iB], w, 0.0f, iA, iB};
    }

    Vec2 localA{}, localB{};
    for (int i = 0; i < simplex.count; ++i) {
        localA += simplex.v[i].a * simplex.v[i].wA;
        localB += simplex.v[i].a * simplex.v[i].wB;
    }
    DistanceResult result;
    result.iterations = iteration;
    const float total = a.radius + b.radius;
    const float coreDistance = overlap ? 0.0f : Distance(localA, localB);
    if (overlap || !(coreDistance > 0.0f)) {
        const Vec2 mid = 0.5f * (localA + localB);
        result.pointA = result.pointB = TransformPoint(xfA, mid);
        return result;
    }
    const Vec2 normal = coreDistance > 1e-15f ? (1.0f / coreDistance) * (localB - localA) : Normalize(localB - localA);
    result.normal = Rotate(xfA.q, normal);
    if (coreDistance > total) {
        result.distance = coreDistance - total;
        result.pointA = TransformPoint(xfA, localA + a.radius * normal);
        result.pointB = TransformPoint(xfA, localB - b.radius * normal);
    } else {
        // The rounded shapes overlap: report the middle of their common interval on the line through
        // the closest core points (A covers [−rA, rA] around localA, B covers [d − rB, d + rB]).
        const float lower = Max(-a.radius, coreDistance - b.radius);
        const float upper = Min(a.radius, coreDistance + b.radius);
        const Vec2 mid = localA + (0.5f * (lower + upper)) * normal;
        result.pointA = result.pointB = TransformPoint(xfA, mid);
    }
    return result;
}

} // namespace sensu
