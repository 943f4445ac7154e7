#include "sensu/geometry/move_response.h"

#include <string>

#include "sensu/geometry/primitives.h"
#include "sensu/geometry/shape_cast.h"

namespace sensu {

EdgeHit IntersectMoveWithEdge(Vec2 start, Vec2 end, Vec2 a, Vec2 b) {
    EdgeHit out;
    const Vec2 e = b - a;
    // eq. (8)–(9): the plane (line) N·X = d through the edge; measured from a to keep w small and exact.
    const Vec2 n = Normalize(RightPerp(e));
    const float ws = Dot(n, start - a); // eq. (10)
    const float we = Dot(n, end - a);   // eq. (11)
    // eq. (12) by signs rather than by the product w_s·w_e, which underflows to 0 for tiny values.
    // (A) same side strictly: no hit. (B) w_s·w_e = 0 and (C) w_s·w_e < 0 hit: grazing counts (§5.1).
    if ((ws > 0.0f && we > 0.0f) || (ws < 0.0f && we < 0.0f)) return out;
    const float lineTol = 1e-6f * Max(Length(e), Max(Length(start - a), Length(end - a)));
    float tc = 0.0f;
    if (std::abs(ws) <= lineTol && std::abs(we) <= lineTol) {
        // The move runs along the line (N·V_d = 0 makes eq. 16 0/0): the first common point, if any.
        const SegmentIntersection common = IntersectSegments(start, end, a, b);
        if (!common.hit) return out;
        tc = common.s;
    } else {
        tc = Clamp(-ws / (we - ws), 0.0f, 1.0f); // eq. (16): (d − N·V_s)/(N·V_d) with d − N·V_s = −w_s
    }
    const Vec2 vc = start + tc * (end - start); // eq. (14)
    // eq. (17)–(18) in 2D: V_c lies between a and b when s0 = (b−a)·(V_c−a) and s1 = (a−b)·(V_c−b)
    // have the same sign (compared by sign, with a few-ulp margin so shared vertices are not missed).
    const float ee = Dot(e, e);
    const float s0 = Dot(e, vc - a);
    const float s1 = Dot(-e, vc - b);
    if (s0 < -1e-6f * ee || s1 < -1e-6f * ee) return out;
    out.hit = true;
    out.t = tc;
    out.point = vc;
    // §5.4.2: flip N by the side the start is on; a start on the line faces away from the end.
    const float side = std::abs(ws) > lineTol ? ws : -we;
    out.normal = side < 0.0f ? -n : n;
    return out;
}

EdgeHit FirstEdgeHit(Vec2 start, Vec2 end, float radius, std::span<const Segment> edges) {
    RequireFinite(start, "FirstEdgeHit: start");
    RequireFinite(end, "FirstEdgeHit: end");
    RequireFinite(radius, "FirstEdgeHit: radius");
    if (radius < 0.0f) throw InvalidArgument("FirstEdgeHit: radius must be >= 0 (got " + std::to_string(radius) + ")");
    EdgeHit best;
    for (size_t i = 0; i < edges.size(); ++i) {
        EdgeHit hit;
        if (radius > 0.0f) {
            // A circle: the swept circle against the edge (seed 001 generalised); the plane is the tangent
            // line at the contact, whose normal points from the edge towards the circle.
            const CastOutput cast = CircleCast(edges[i], {}, {start, radius, end - start, 1.0f});
            if (!cast.hit) continue;
            hit.hit = true;
            hit.t = cast.fraction;
            hit.point = start + cast.fraction * (end - start);
            hit.normal = cast.normal;
            if (cast.startsInside) {
                // Already touching: the normal from the closest point on the edge (−d̂ if on it).
                const Vec2 away = start - ClosestPointOnSegment(edges[i].a(), edges[i].b(), start);
                hit.normal = LengthSquared(away) > 0.0f ? Normalize(away) : cast.normal;
            }
        } else {
            hit = IntersectMoveWithEdge(start, end, edges[i].a(), edges[i].b());
            if (!hit.hit) continue;
        }
        if (!best.hit || hit.t < best.t) {
            best = hit;
            best.edge = static_cast<int>(i);
        }
    }
    return best;
}

Vec2 ApplyResponse(HitResponse response, Vec2 start, Vec2 end, const EdgeHit& hit, float epsilon) {
    if (!hit.hit) return end;
    switch (response) {
    case HitResponse::Shorten: {
        // eq. (19)–(20): n = |t_c V_d|, V_n = (n − ε) t_c V_d / n; never past the start (n < ε stays put).
        const Vec2 toHit = hit.point - start;
        const float n = Length(toHit);
        if (!(n > epsilon)) return start;
        return start + ((n - epsilon) / n) * toHit;
    }
    case HitResponse::PushOff:
        // eq. (21): V_n = ε N + V_c, with N already facing the start side.
        return hit.point + epsilon * hit.normal;
    case HitResponse::Slide: {
        // eq. (25): m0 = d − N·V_e, the distance from the end back to the plane N·X = d through V_c;
        // eq. (22)–(23): V_n = V_e + (m0 + ε) N.
        const float m0 = Dot(hit.normal, hit.point) - Dot(hit.normal, end);
        return end + (m0 + epsilon) * hit.normal;
    }
    }
    return end;
}

ResolvedMove ResolveMove(Vec2 start, Vec2 end, float radius, std::span<const Segment> edges, HitResponse response,
                         const ResponseSettings& settings) {
    RequireFinite(settings.epsilon, "ResolveMove: epsilon");
    if (!(settings.epsilon > 0.0f)) throw InvalidArgument("ResolveMove: epsilon must be > 0");
    if (settings.maxIterations < 1) throw InvalidArgument("ResolveMove: maxIterations must be >= 1");
    ResolvedMove out;
    Vec2 target = end;
    for (int i = 0; i < settings.maxIterations; ++i) {
        const EdgeHit hit = FirstEdgeHit(start, target, radius, edges);
        if (!hit.hit) {
            out.end = target;
            return out;
        }
        ++out.hits;
        target = ApplyResponse(response, start, target, hit, settings.epsilon);
        // Shortening stops before the first hit of a straight move, so that move is free by construction.
        if (response == HitResponse::Shorten) {
            out.end = target;
            return out;
        }
    }
    // §5.4.3: the corrected move may keep hitting in a tangle of edges; after the cap, switch to the
    // response that always ends free.
    const EdgeHit hit = FirstEdgeHit(start, target, radius, edges);
    out.end = hit.hit ? ApplyResponse(HitResponse::Shorten, start, target, hit, settings.epsilon) : target;
    out.usedFallback = hit.hit;
    return out;
}

} // namespace sensu
