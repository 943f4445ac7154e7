#include "sensu/geometry/convex_hull.h"

#include <algorithm>
#include <string>

namespace sensu {

std::vector<Vec2> ConvexHull(std::span<const Vec2> points) {
    std::vector<Vec2> sorted(points.begin(), points.end());
    for (const Vec2& p : sorted) RequireFinite(p, "ConvexHull point");
    std::sort(sorted.begin(), sorted.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted.size() < 3) return sorted;
    // Lower then upper chain; a point is popped unless the chain turns strictly left there, which also
    // drops collinear points. Exact for the integer pixel corners this is used with.
    std::vector<Vec2> hull(2 * sorted.size());
    size_t k = 0;
    for (const Vec2& p : sorted) {
        while (k >= 2 && Cross(hull[k - 1] - hull[k - 2], p - hull[k - 2]) <= 0.0f) --k;
        hull[k++] = p;
    }
    for (size_t i = sorted.size() - 1, lower = k + 1; i-- > 0;) {
        const Vec2 p = sorted[i];
        while (k >= lower && Cross(hull[k - 1] - hull[k - 2], p - hull[k - 2]) <= 0.0f) --k;
        hull[k++] = p;
    }
    hull.resize(k - 1); // the last point repeats the first
    return hull;
}

std::vector<Vec2> MaskConvexHull(const AlphaMask& mask, const PixelFrame& frame) {
    frame.Validate();
    if (mask.OccupiedCount() == 0) throw InvalidArgument("alpha mask has no occupied pixels: no convex hull");
    // Only the outermost pixel of each row can be a hull corner: its square's two outer corners.
    std::vector<Vec2> corners;
    const PixelRect b = mask.OccupiedBounds();
    for (int y = b.minY; y < b.maxY; ++y) {
        int first = -1, last = -1;
        for (int x = b.minX; x < b.maxX; ++x)
            if (mask.Occupied(x, y)) {
                if (first < 0) first = x;
                last = x;
            }
        if (first < 0) continue;
        for (const float py : {static_cast<float>(y), static_cast<float>(y + 1)}) {
            corners.push_back(frame.ToLocal({static_cast<float>(first), py}));
            corners.push_back(frame.ToLocal({static_cast<float>(last + 1), py}));
        }
    }
    return ConvexHull(corners);
}

ConvexPolygon SimplifyConvexHull(std::span<const Vec2> hull, int maxVertices) {
    if (maxVertices < 3 || maxVertices > kMaxPolygonVertices)
        throw InvalidArgument("maxVertices must be in [3, " + std::to_string(kMaxPolygonVertices) + "] (got " +
                              std::to_string(maxVertices) + ")");
    if (hull.size() < 3) throw InvalidArgument("SimplifyConvexHull needs at least 3 vertices (got " + std::to_string(hull.size()) + ")");
    std::vector<Vec2> p(hull.begin(), hull.end());
    for (const Vec2& v : p) RequireFinite(v, "SimplifyConvexHull vertex");
    while (p.size() > static_cast<size_t>(maxVertices)) {
        // Removing edge b→c: extend a→b beyond b and d→c beyond c to their meeting point q; the polygon
        // grows by the triangle b q c. Possible when both extensions go forwards (t, s > 0); a convex
        // polygon with more than 4 vertices always has such an edge (its exterior angles sum to 2π).
        const size_t n = p.size();
        double bestArea = -1.0;
        size_t bestEdge = 0;
        Vec2 bestPoint{};
        for (size_t i = 0; i < n; ++i) {
            const Vec2 a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n], d = p[(i + 2) % n];
            const Vec2 u = b - a, v = c - d;
            const float denom = Cross(u, v);
            if (!(std::abs(denom) > 1e-12f * LengthSquared(u) + 1e-30f)) continue;
            const float t = Cross(c - b, v) / denom;
            const float s = Cross(c - b, u) / denom;
            if (!(t > 0.0f) || !(s > 0.0f)) continue;
            const Vec2 q = b + t * u;
            const double area = 0.5 * std::abs(static_cast<double>(Cross(q - b, c - b)));
            if (bestArea < 0.0 || area < bestArea) {
                bestArea = area;
                bestEdge = i;
                bestPoint = q;
            }
        }
        if (bestArea < 0.0) throw InvalidArgument("SimplifyConvexHull needs a convex counter-clockwise polygon");
        p[bestEdge] = bestPoint;
        p.erase(p.begin() + static_cast<std::ptrdiff_t>((bestEdge + 1) % n));
    }
    // Drop vertices that barely turn (ConvexPolygon rejects collinear ones).
    float extent = 0.0f;
    for (const Vec2& v : p) extent = Max(extent, Max(std::abs(v.x - p[0].x), std::abs(v.y - p[0].y)));
    const float tolerance = 1e-5f * extent;
    for (size_t i = 0; p.size() > 3 && i < p.size();) {
        const size_t n = p.size();
        const Vec2 a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n];
        if (Cross(Normalize(b - a), c - b) <= tolerance) {
            p.erase(p.begin() + static_cast<std::ptrdiff_t>(i));
            i = 0;
        } else {
            ++i;
        }
    }
    return ConvexPolygon(p);
}

double PolygonCoverageIoU(const AlphaMask& mask, const PixelFrame& frame, std::span<const Vec2> polygon) {
    frame.Validate();
    if (polygon.size() < 3) throw InvalidArgument("PolygonCoverageIoU needs at least 3 vertices");
    PixelRect domain{0, 0, mask.width(), mask.height()};
    for (const Vec2& v : polygon) {
        RequireFinite(v, "PolygonCoverageIoU vertex");
        const Vec2 px = frame.ToPixels(v);
        domain.minX = std::min(domain.minX, static_cast<int>(std::floor(px.x)));
        domain.minY = std::min(domain.minY, static_cast<int>(std::floor(px.y)));
        domain.maxX = std::max(domain.maxX, static_cast<int>(std::ceil(px.x)) + 1);
        domain.maxY = std::max(domain.maxY, static_cast<int>(std::ceil(px.y)) + 1);
    }
    const size_t n = polygon.size();
    size_t intersection = 0, unionCount = 0;
    for (int y = domain.minY; y < domain.maxY; ++y)
        for (int x = domain.minX; x < domain.maxX; ++x) {
            const Vec2 p = frame.ToLocal({static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f});
            bool inside = true;
            for (size_t i = 0; i < n && inside; ++i) inside = Cross(polygon[(i + 1) % n] - polygon[i], p - polygon[i]) >= 0.0f;
            const bool inMask = mask.Occupied(x, y);
            intersection += (inMask && inside) ? 1 : 0;
            unionCount += (inMask || inside) ? 1 : 0;
        }
    return unionCount == 0 ? 1.0 : static_cast<double>(intersection) / static_cast<double>(unionCount);
}

} // namespace sensu
