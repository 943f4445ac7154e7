#include "sensu/geometry/move_and_slide.h"

#include <string>
#include <type_traits>

#include "cast_internal.h"
#include "sensu/geometry/primitives.h"
#include "sensu/geometry/shape_cast.h"

namespace sensu {

namespace {

void Validate(const CharacterShape& character, Vec2 position, Vec2 displacement, const MoveAndSlideSettings& s) {
    RequireFinite(character.radius, "MoveAndSlide: character radius");
    RequireFinite(character.halfHeight, "MoveAndSlide: character halfHeight");
    if (!(character.radius > 0.0f)) throw InvalidArgument("MoveAndSlide: character radius must be > 0 (got " + std::to_string(character.radius) + ")");
    if (character.halfHeight < 0.0f) throw InvalidArgument("MoveAndSlide: character halfHeight must be >= 0");
    RequireFinite(position, "MoveAndSlide: position");
    RequireFinite(displacement, "MoveAndSlide: displacement");
    RequireFinite(s.skin, "MoveAndSlide: skin");
    // A skin of 3.4e38 m pushed the character to infinity (found by fuzzing): it is a small gap.
    if (!(s.skin > 0.0f && s.skin <= 1.0f)) throw InvalidArgument("MoveAndSlide: skin must be in (0, 1] m");
    if (s.maxIterations < 1) throw InvalidArgument("MoveAndSlide: maxIterations must be >= 1");
    RequireFinite(s.maxSlopeAngle, "MoveAndSlide: maxSlopeAngle");
    if (s.maxSlopeAngle < 0.0f || s.maxSlopeAngle > 0.5f * kPi) throw InvalidArgument("MoveAndSlide: maxSlopeAngle must be in [0, pi/2]");
    RequireFinite(s.up, "MoveAndSlide: up");
    if (!(LengthSquared(s.up) > 0.0f)) throw InvalidArgument("MoveAndSlide: up must be non-zero");
    RequireFinite(s.groundProbe, "MoveAndSlide: groundProbe");
    // A probe of 3.4e38 m gave contact normals of length 3 (found by fuzzing).
    if (!(s.groundProbe >= 0.0f && s.groundProbe <= 1e3f)) throw InvalidArgument("MoveAndSlide: groundProbe must be in [0, 1000] m");
}

// The character's core segment in world space (equal ends for a circle).
Vec2 CoreBottom(const CharacterShape& c, Vec2 position) { return position - Vec2{0.0f, c.halfHeight}; }
Vec2 CoreTop(const CharacterShape& c, Vec2 position) { return position + Vec2{0.0f, c.halfHeight}; }

CastOutput CastObstacle(const CharacterShape& character, Vec2 position, Vec2 move, const Obstacle& obstacle) {
    return std::visit(
        [&](const auto& shape) {
            if (character.halfHeight > 0.0f)
                return CapsuleCast(shape, obstacle.xf, {CoreBottom(character, position), CoreTop(character, position), character.radius, move, 1.0f});
            return CircleCast(shape, obstacle.xf, {position, character.radius, move, 1.0f});
        },
        obstacle.shape);
}

// Separation of the core segment p–q (local frame) from a core of 1, 2 or ≥ 3 (polygon) vertices
// inflated by `radius`; the character's own radius is subtracted by the caller.
CharacterSeparation SeparateCore(Vec2 p, Vec2 q, std::span<const Vec2> v, std::span<const Vec2> normals, float radius) {
    CharacterSeparation out;
    Vec2 onCharacter, onObstacle;
    if (v.size() == 1) {
        onObstacle = v[0];
        onCharacter = ClosestPointOnSegment(p, q, v[0]);
    } else if (v.size() == 2) {
        const SegmentClosestPoints c = ClosestPointsSegmentSegment(p, q, v[0], v[1]);
        onCharacter = c.pointA;
        onObstacle = c.pointB;
    } else {
        // Separated: the closest pair over the edges. Overlapping (an end inside, or crossing an edge):
        // the face that needs the smallest push to clear both ends (a separating-axis choice).
        float best = 1e30f;
        for (size_t i = 0; i < v.size(); ++i) {
            const SegmentClosestPoints c = ClosestPointsSegmentSegment(p, q, v[i], v[(i + 1) % v.size()]);
            if (c.distanceSquared < best) {
                best = c.distanceSquared;
                onCharacter = c.pointA;
                onObstacle = c.pointB;
            }
        }
        Vec2 closest;
        const bool endInside = cast_detail::DistancePointPolygon(p, v, normals, closest) <= 0.0f;
        if (endInside || best <= 0.0f) {
            float depth = 1e30f;
            for (size_t i = 0; i < v.size(); ++i) {
                const float behindP = Dot(normals[i], v[i] - p);
                const float behindQ = Dot(normals[i], v[i] - q);
                const float d = Max(behindP, behindQ);
                if (d < depth) {
                    depth = d;
                    out.normal = normals[i];
                    const Vec2 deepest = behindP > behindQ ? p : q;
                    out.point = deepest + d * normals[i];
                }
            }
            out.distance = -depth - radius;
            return out;
        }
    }
    const Vec2 gap = onCharacter - onObstacle;
    const float length = Length(gap);
    if (length > 0.0f) {
        out.normal = length > 1e-15f ? (1.0f / length) * gap : Normalize(gap);  // tiny gaps: see Normalize
    } else if (v.size() == 2 && v[0] != v[1]) {  // a zero-length capsule has no segment normal (fuzzing)
        // Crossing segments: the obstacle segment's normal on the side of the character's middle.
        const Vec2 n = Normalize(RightPerp(v[1] - v[0]));
        out.normal = Dot(n, 0.5f * (p + q) - v[0]) < 0.0f ? -n : n;
    } else {
        out.normal = {0.0f, 1.0f};
    }
    out.distance = length - radius;
    out.point = onObstacle + radius * out.normal;
    return out;
}

// World bounds of an obstacle, for a cheap reject before the exact casts.
AABB Bounds(const Obstacle& obstacle) {
    const Transform& xf = obstacle.xf;
    auto around = [&](std::span<const Vec2> points, float radius) {
        AABB box{TransformPoint(xf, points[0]), TransformPoint(xf, points[0])};
        for (const Vec2 p : points.subspan(1)) {
            const Vec2 w = TransformPoint(xf, p);
            box = {Min(box.lower, w), Max(box.upper, w)};
        }
        return Inflate(box, radius);
    };
    return std::visit(
        [&](const auto& shape) {
            using S = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<S, Circle>) {
                const Vec2 c = shape.center();
                return around({&c, 1}, shape.radius());
            } else if constexpr (std::is_same_v<S, Capsule> || std::is_same_v<S, Segment>) {
                const Vec2 ends[2] = {shape.a(), shape.b()};
                float radius = 0.0f;
                if constexpr (std::is_same_v<S, Capsule>) radius = shape.radius();
                return around(ends, radius);
            } else if constexpr (std::is_same_v<S, Box>) {
                const auto corners = shape.Corners();
                return around(corners, 0.0f);
            } else {
                return around(shape.vertices(), 0.0f);
            }
        },
        obstacle.shape);
}

void AddContact(MoveAndSlideResult& result, int obstacle, Vec2 point, Vec2 normal) {
    for (int i = 0; i < result.contactCount; ++i) {
        if (result.contacts[i].obstacle == obstacle) {
            result.contacts[i] = {obstacle, point, normal};
            return;
        }
    }
    if (result.contactCount < kMaxMoveContacts) result.contacts[result.contactCount++] = {obstacle, point, normal};
}

} // namespace

CharacterSeparation SeparationFromObstacle(const CharacterShape& character, Vec2 position, const Obstacle& obstacle) {
    const Vec2 p = InvTransformPoint(obstacle.xf, CoreBottom(character, position));
    const Vec2 q = InvTransformPoint(obstacle.xf, CoreTop(character, position));
    CharacterSeparation local = std::visit(
        [&](const auto& shape) {
            using S = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<S, Circle>) {
                const Vec2 c = shape.center();
                return SeparateCore(p, q, {&c, 1}, {}, shape.radius());
            } else if constexpr (std::is_same_v<S, Capsule>) {
                const Vec2 ends[2] = {shape.a(), shape.b()};
                return SeparateCore(p, q, ends, {}, shape.radius());
            } else if constexpr (std::is_same_v<S, Segment>) {
                const Vec2 ends[2] = {shape.a(), shape.b()};
                return SeparateCore(p, q, ends, {}, 0.0f);
            } else if constexpr (std::is_same_v<S, Box>) {
                const cast_detail::BoxCore box(shape);
                return SeparateCore(p, q, box.vertices, box.normals, 0.0f);
            } else {
                return SeparateCore(p, q, shape.vertices(), shape.normals(), 0.0f);
            }
        },
        obstacle.shape);
    local.distance -= character.radius;
    local.normal = Rotate(obstacle.xf.q, local.normal);
    local.point = TransformPoint(obstacle.xf, local.point);
    return local;
}

MoveAndSlideResult MoveAndSlide(const CharacterShape& character, Vec2 position, Vec2 displacement,
                                std::span<const Obstacle> obstacles, const MoveAndSlideSettings& settings) {
    Validate(character, position, displacement, settings);
    MoveAndSlideResult result;
    Vec2 pos = position;
    const int count = static_cast<int>(obstacles.size());

    // Everything this call can touch lies within reach of a disc of radius |displacement| about the
    // start: sliding only shortens the rest of the move. Obstacles outside that box are skipped; the
    // mask is rebuilt about the new position after a push-out. (No allocation: a fixed bit set for the
    // common small lists, a direct test beyond it.)
    const float reach = 2.0f * (character.radius + character.halfHeight + settings.skin) + settings.groundProbe;
    AABB region{};
    constexpr int kMaskBits = 256;
    std::array<bool, kMaskBits> nearby{};
    auto relevant = [&](int k) { return Overlaps(Bounds(obstacles[k]), region); };
    auto buildMask = [&](Vec2 centre) {
        const float half = Length(displacement) + reach;
        region = {centre - Vec2{half, half}, centre + Vec2{half, half}};
        for (int k = 0; k < Min(count, kMaskBits); ++k) nearby[k] = relevant(k);
    };
    auto isNear = [&](int k) { return k < kMaskBits ? nearby[k] : relevant(k); };
    buildMask(pos);

    // Started overlapping (spawned inside, or something moved into us): push out along the separating
    // normal of the deepest overlap, ε clear (seed 002 §5.4.2's push-off), a few passes for corners.
    for (int pass = 0; pass < settings.maxIterations; ++pass) {
        CharacterSeparation deepest;
        int index = -1;
        for (int k = 0; k < count; ++k) {
            if (!isNear(k)) continue;
            const CharacterSeparation s = SeparationFromObstacle(character, pos, obstacles[k]);
            if (s.distance < deepest.distance) {
                deepest = s;
                index = k;
            }
        }
        if (index < 0) break;
        pos += (settings.skin - deepest.distance) * deepest.normal;
        result.depenetrated = true;
        AddContact(result, index, deepest.point, deepest.normal);
        buildMask(pos);
    }

    Vec2 remaining = displacement;
    Vec2 previousNormal{};
    bool hasPrevious = false;
    const float negligible = 1e-3f * settings.skin;
    for (int iteration = 0; iteration < settings.maxIterations; ++iteration) {
        const float length = Length(remaining);
        if (!(length > negligible)) {
            remaining = {};
            break;
        }
        ++result.iterations;
        // The earliest contact along the move over all obstacles.
        int hitIndex = -1;
        float hitFraction = 2.0f;
        Vec2 hitNormal{}, hitPoint{};
        for (int k = 0; k < count; ++k) {
            if (!isNear(k)) continue;
            CastOutput cast = CastObstacle(character, pos, remaining, obstacles[k]);
            if (!cast.hit) continue;
            if (cast.startsInside) {
                // Touching at the start (we keep an ε gap, so only after rounding): only a move into the
                // surface is blocked. Counting a touch as a hit for every move, as seed 002's grazing rule
                // does for points, would glue the character to the floor it stands on.
                const CharacterSeparation s = SeparationFromObstacle(character, pos, obstacles[k]);
                if (Dot(s.normal, remaining) >= 0.0f) continue;
                cast.fraction = 0.0f;
                cast.normal = s.normal;
                cast.point = s.point;
            }
            if (cast.fraction < hitFraction) {
                hitIndex = k;
                hitFraction = cast.fraction;
                hitNormal = cast.normal;
                hitPoint = cast.point;
            }
        }
        if (hitIndex < 0) {
            pos += remaining;
            remaining = {};
            break;
        }
        AddContact(result, hitIndex, hitPoint, hitNormal);
        // seed 002 §5.4.1: stop short of the contact, by ε measured along the normal (a shallow approach
        // backs off further along the move; never behind the start).
        const Vec2 direction = (1.0f / length) * remaining;
        const float approach = Max(-Dot(hitNormal, direction), 1e-3f);
        const float advance = Max(hitFraction * length - settings.skin / approach, 0.0f);
        pos += advance * direction;
        // seed 002 §5.4.3: slide the end along the surface, i.e. drop the part of the rest of the move
        // that goes into it.
        Vec2 rest = remaining - advance * direction;
        const float into = Dot(rest, hitNormal);
        if (into < 0.0f) rest -= into * hitNormal;
        // In 2D two surfaces meeting at a crease leave no direction that enters neither: stop there.
        if (hasPrevious && Dot(rest, previousNormal) < 0.0f) rest = {};
        previousNormal = hitNormal;
        hasPrevious = true;
        remaining = rest;
    }
    result.usedFallback = Length(remaining) > negligible;
    result.position = pos;

    // Ground: a walkable contact from the move, else a short probe straight down.
    const Vec2 up = Normalize(settings.up);
    const float walkable = std::cos(settings.maxSlopeAngle);
    auto considerGround = [&](Vec2 normal) {
        if (Dot(normal, up) >= walkable && (!result.onGround || Dot(normal, up) > Dot(result.groundNormal, up))) {
            result.onGround = true;
            result.groundNormal = normal;
        }
    };
    for (int i = 0; i < result.contactCount; ++i) considerGround(result.contacts[i].normal);
    if (!result.onGround && settings.groundProbe > 0.0f) {
        const Vec2 probe = -(settings.groundProbe + settings.skin) * up;
        for (int k = 0; k < count; ++k) {
            if (!isNear(k)) continue;
            const CastOutput cast = CastObstacle(character, pos, probe, obstacles[k]);
            if (!cast.hit) continue;
            Vec2 normal = cast.normal, point = cast.point;
            if (cast.startsInside) {
                const CharacterSeparation s = SeparationFromObstacle(character, pos, obstacles[k]);
                normal = s.normal;
                point = s.point;
            }
            if (Dot(normal, up) >= walkable) {
                considerGround(normal);
                AddContact(result, k, point, normal);
            }
        }
    }
    return result;
}

} // namespace sensu
