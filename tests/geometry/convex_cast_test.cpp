#include <catch2/catch.hpp>

#include <limits>
#include <sstream>
#include <variant>
#include <string>

#include "convex_cast_reference.h"
#include "sensu/geometry/convex_cast.h"
#include "sensu/geometry/shape_cast.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

enum class Kind { Circle, Capsule, Box, Polygon, Segment };
constexpr Kind kKinds[] = {Kind::Circle, Kind::Capsule, Kind::Box, Kind::Polygon, Kind::Segment};
const char* Name(Kind k) {
    constexpr const char* names[] = {"circle", "capsule", "box", "polygon", "segment"};
    return names[static_cast<int>(k)];
}

// A random shape of size ~scale as a proxy, with a point inside it (its core's mean).
struct RandomShape {
    ShapeProxy proxy;
    Vec2 interior;
};

RandomShape MakeShape(Rng& rng, Kind kind, float scale) {
    ShapeProxy proxy;
    switch (kind) {
    case Kind::Circle: proxy = MakeProxy(Circle(scale * rng.InBox(-0.3f, 0.3f), rng.Chance(0.1f) ? 0.0f : scale * rng.Uniform(0.05f, 1.0f))); break;
    case Kind::Capsule: {
        const Vec2 a = scale * rng.InBox(-1, 1);
        const Vec2 b = rng.Chance(0.05f) ? a : scale * rng.InBox(-1, 1);
        proxy = MakeProxy(Capsule(a, b, rng.Chance(0.1f) ? 0.0f : scale * rng.Uniform(0.05f, 0.6f)));
        break;
    }
    case Kind::Box: {
        // Now and then a very thin box (a plank seen edge-on).
        const float thin = rng.Chance(0.1f) ? 1e-3f : 1.0f;
        proxy = MakeProxy(Box(scale * Vec2{rng.Uniform(0.05f, 1.5f), thin * rng.Uniform(0.05f, 1.5f)}, scale * rng.InBox(-0.3f, 0.3f), rng.Angle()));
        break;
    }
    case Kind::Polygon: proxy = MakeProxy(RandomPolygon(rng, scale)); break;
    case Kind::Segment: {
        const Vec2 a = scale * rng.InBox(-1, 1);
        Vec2 b = scale * rng.InBox(-1, 1);
        if (DistanceSquared(a, b) < Square(0.01f * scale)) b = a + Vec2{0.5f * scale, 0.0f};
        proxy = MakeProxy(Segment(a, b));
        break;
    }
    }
    Vec2 mean{};
    for (int i = 0; i < proxy.count; ++i) mean += proxy.points[i];
    return {proxy, (1.0f / float(proxy.count)) * mean};
}

// World-space outward normals of the proxy's core edges (none for a point).
std::vector<Vec2> EdgeNormals(const ShapeProxy& p, const Transform& xf) {
    std::vector<Vec2> normals;
    if (p.count == 2 && p.points[0] != p.points[1]) {
        const Vec2 n = Rotate(xf.q, Normalize(RightPerp(p.points[1] - p.points[0])));
        normals = {n, -n};
    } else if (p.count >= 3) {
        for (int i = 0; i < p.count; ++i) normals.push_back(Rotate(xf.q, Normalize(RightPerp(p.points[(i + 1) % p.count] - p.points[i]))));
    }
    return normals;
}

float SupportAlong(const ShapeProxy& p, const Transform& xf, Vec2 u) {
    float best = -3.4e38f;
    for (int i = 0; i < p.count; ++i) best = Max(best, Dot(u, TransformPoint(xf, p.points[i])));
    return best + p.radius;
}

std::string Hex(const ShapeProxy& p) {
    std::ostringstream o;
    o << std::hexfloat << p.count << " r " << p.radius;
    for (int i = 0; i < p.count; ++i) o << " {" << p.points[i].x << "f, " << p.points[i].y << "f},";
    return o.str();
}

struct Tally {
    int hits = 0, misses = 0, inside = 0, grazesBetweenSamples = 0;
};

// One random cast of `casterKind` against `targetKind`, checked against brute force. Kinds of case:
// 0 general, 1 aimed at the target, 2 starting deep inside, 3 zero motion or maxFraction 0, 4 starting
// exactly at a contact found by a first cast, 5 sliding along a face (touching, or 1e-4 of the scale
// off either way), 6 a parallel face dropped flat onto a face.
void CheckOneCast(Rng& rng, Kind casterKind, Kind targetKind, int i, Tally& tally) {
    const float scale = rng.Chance(0.3f) ? std::pow(10.0f, rng.Uniform(-3, 3)) : 1.0f;
    const Vec2 far = rng.Chance(0.1f) ? 1e3f * scale * rng.InBox(-1, 1) : Vec2{};
    const Transform xfB = Transform::FromAngle(far + scale * rng.InBox(-2, 2), rng.Angle());
    const RandomShape target = MakeShape(rng, targetKind, scale);
    const RandomShape caster = MakeShape(rng, casterKind, scale);
    Transform xfA = Transform::FromAngle(xfB.p + scale * rng.InBox(-4, 4), rng.Angle());
    Vec2 translation = scale * rng.InBox(-8, 8);
    float maxFraction = rng.Uniform(0.0f, 1.5f);
    const int kind = i % 7;
    switch (kind) {
    case 0: break;
    case 1:
    case 4: {
        const Vec2 aim = TransformPoint(xfB, target.interior) + scale * rng.InBox(-0.5f, 0.5f) - TransformPoint(xfA, caster.interior);
        translation = rng.Uniform(1.0f, 2.0f) * aim;
        maxFraction = 1.0f;
        if (kind == 4) {
            const CastOutput first = ConvexCast(target.proxy, xfB, {caster.proxy, xfA, translation, maxFraction});
            if (first.hit) xfA.p = xfA.p + first.fraction * translation;
            translation = scale * rng.InBox(-4, 4);
        }
        break;
    }
    case 2: xfA.p = TransformPoint(xfB, target.interior) - Rotate(xfA.q, caster.interior); break;
    case 3:
        if (rng.Chance(0.5f)) translation = {};
        else maxFraction = 0.0f;
        break;
    case 5:
    case 6: {
        // A face of the target (a random direction for a round one) and the caster turned so that one
        // of its faces is anti-parallel to it, placed on the face's supporting line.
        const std::vector<Vec2> targetNormals = EdgeNormals(target.proxy, xfB);
        const Vec2 n = targetNormals.empty() ? Rot::FromAngle(rng.Angle()).XAxis() : targetNormals[rng.Int(0, int(targetNormals.size()) - 1)];
        const std::vector<Vec2> casterNormals = EdgeNormals(caster.proxy, Transform{});
        if (!casterNormals.empty()) {
            const Vec2 m = casterNormals[rng.Int(0, int(casterNormals.size()) - 1)];
            // Rotation taking m to −n.
            xfA.q = Rot{Dot(m, -n), Cross(m, -n)};
        }
        const float offsets[3] = {0.0f, 1e-4f * scale, -1e-4f * scale};
        const float gap = kind == 5 ? offsets[rng.Int(0, 2)] : scale * rng.Uniform(0.01f, 1.0f);
        const float along = Dot(n, TransformPoint(xfB, target.interior)) ;
        xfA.p = xfA.p - (Dot(n, xfA.p) - along) * n;  // on the line through the target's interior
        const float targetTop = SupportAlong(target.proxy, xfB, n);
        const float casterBottom = -SupportAlong(caster.proxy, xfA, -n);
        xfA.p = xfA.p + (targetTop + gap - casterBottom) * n;
        const Vec2 tangent = LeftPerp(n);
        translation = scale * rng.Uniform(-4.0f, 4.0f) * tangent;
        if (kind == 6) translation = translation - 2.0f * gap * n;
        maxFraction = 1.0f;
        break;
    }
    }
    const ConvexCastInput input{caster.proxy, xfA, translation, maxFraction};
    const CastOutput out = ConvexCast(target.proxy, xfB, input);

    const DShape B = Place(target.proxy, xfB), A = Place(caster.proxy, xfA);
    const DVec d = D(translation);
    auto gap = [&](double s) { return SignedGap(A.Moved(s * d), B); };
    auto size = [](const DShape& s) {
        double r = s.radius;
        for (DVec p : s.core) r = std::max(r, Len(p - s.core[0]) + s.radius);
        return r;
    };
    const double caseScale = std::max({size(A), size(B), double(Distance(xfA.p, xfB.p)), double(Length(translation) * maxFraction), double(scale)});
    const double tol = 2e-5 * caseScale + 1e-6 * Length(xfB.p);
    INFO(Name(casterKind) << " cast against " << Name(targetKind) << ", case " << i << " kind " << kind << " scale " << scale
                          << " translation " << translation.x << "," << translation.y << " max " << maxFraction << " -> hit " << out.hit
                          << " inside " << out.startsInside << " fraction " << out.fraction << " point " << out.point.x << ","
                          << out.point.y << " normal " << out.normal.x << "," << out.normal.y);
    INFO("target " << Describe(B) << " caster " << Describe(A));
    INFO(std::hexfloat << "exact input: target " << Hex(target.proxy) << " xfB " << xfB.p.x << " " << xfB.p.y << " " << xfB.q.c << " " << xfB.q.s << " caster " << Hex(caster.proxy) << " xfA " << xfA.p.x << " " << xfA.p.y << " " << xfA.q.c << " " << xfA.q.s << " d " << translation.x << " " << translation.y << " max " << maxFraction);
    const std::string err = CheckCastAgainstStepping(out, maxFraction, gap, tol, true, 128);
    if (!err.empty()) FAIL(err);
    if (!out.hit) {
        ++tally.misses;
        return;
    }
    if (out.startsInside) {
        ++tally.inside;
        // A point in the overlap, the normal against the motion.
        if (SignedDistance(A, D(out.point)) > tol || SignedDistance(B, D(out.point)) > tol) FAIL("the overlap point is outside a shape");
        const Vec2 expected = -Normalize(translation);
        REQUIRE(Distance(out.normal, expected) <= 1e-6f);
        return;
    }
    ++tally.hits;
    // The brute-force first touch: no penetration between it and the reported fraction (finely sampled),
    // and a reported fraction before it only where the path touches between two samples (a graze).
    const double brute = FirstTouch(gap, maxFraction, 256);
    if (brute >= 0 && out.fraction > brute) {
        for (int k = 0; k <= 64; ++k) {
            const double s = brute + (out.fraction - brute) * k / 64.0;
            if (gap(s) < -tol) FAIL("penetrating at " << s << ", after the brute-force first touch " << brute << " but before the reported fraction");
        }
    }
    if (brute < 0 || out.fraction < brute - 1.0 / 256.0) ++tally.grazesBetweenSamples;
    // The point is on both surfaces at the moment of contact.
    const DShape At = A.Moved(double(out.fraction) * d);
    const double onB = std::abs(SignedDistance(B, D(out.point))), onA = std::abs(SignedDistance(At, D(out.point)));
    if (onB > tol || onA > tol) FAIL("the contact point is off the target by " << onB << " and off the caster by " << onA);
    // The unit normal opposes the motion and moving the caster along it separates the shapes.
    REQUIRE(std::abs(Length(out.normal) - 1.0f) <= 1e-5f);
    REQUIRE(Dot(out.normal, Normalize(translation)) <= 1e-3f);
    const double h = 1e-3 * caseScale;
    const double separated = SignedGap(At.Moved(h * D(out.normal)), B);
    if (separated < 0.5 * h - tol) FAIL("the normal does not separate the shapes (gap " << separated << " after moving " << h << ")");
}

void RandomPairCasts(uint64_t seed, Kind caster, int cases) {
    Rng rng(seed);
    for (Kind target : kKinds) {
        Tally tally;
        for (int i = 0; i < cases; ++i) CheckOneCast(rng, caster, target, i, tally);
        INFO(Name(caster) << " against " << Name(target) << ": " << tally.hits << " hits, " << tally.misses << " misses, " << tally.inside
                          << " starting inside, " << tally.grazesBetweenSamples << " grazes between samples");
        CHECK(tally.hits > cases / 8);
        CHECK(tally.misses > cases / 20);
        CHECK(tally.inside > cases / 20);
    }
}

} // namespace

// 5 casters × 5 targets × 500 cases = 12,500 casts compared with brute force.
TEST_CASE("ConvexCast of a circle matches brute force", "[convexcast][brute]") { RandomPairCasts(401, Kind::Circle, 500); }
TEST_CASE("ConvexCast of a capsule matches brute force", "[convexcast][brute]") { RandomPairCasts(402, Kind::Capsule, 500); }
TEST_CASE("ConvexCast of a box matches brute force", "[convexcast][brute]") { RandomPairCasts(403, Kind::Box, 500); }
TEST_CASE("ConvexCast of a polygon matches brute force", "[convexcast][brute]") { RandomPairCasts(404, Kind::Polygon, 500); }
TEST_CASE("ConvexCast of a segment matches brute force", "[convexcast][brute]") { RandomPairCasts(405, Kind::Segment, 500); }

TEST_CASE("ConvexCast agrees with CircleCast and CapsuleCast", "[convexcast][brute]") {
    Rng rng(406);
    int compared = 0;
    for (int i = 0; i < 4000; ++i) {
        const Kind targetKind = kKinds[i % 5];
        const bool capsule = (i / 5) % 2 == 1;
        const float scale = rng.Chance(0.3f) ? std::pow(10.0f, rng.Uniform(-2, 2)) : 1.0f;
        const Transform xf = Transform::FromAngle(scale * rng.InBox(-2, 2), rng.Angle());
        const RandomShape target = MakeShape(rng, targetKind, scale);
        const Vec2 a = xf.p + scale * rng.InBox(-4, 4);
        const Vec2 b = capsule ? a + scale * rng.InBox(-1, 1) : a;
        const float radius = scale * rng.Uniform(0.0f, 1.0f);
        Vec2 translation = scale * rng.InBox(-8, 8);
        if (i % 3 == 0) translation = 1.5f * (TransformPoint(xf, target.interior) - a);
        const Vec2 ends[2] = {a, b};
        const ConvexCastInput input{MakeProxy({ends, capsule ? 2u : 1u}, radius), {}, translation, 1.0f};
        const CastOutput general = ConvexCast(target.proxy, xf, input);
        CastOutput special;
        std::visit([&](const auto& shape) {
            special = capsule ? CapsuleCast(shape, xf, {a, b, radius, translation, 1.0f}) : CircleCast(shape, xf, {a, radius, translation, 1.0f});
        }, [&]() -> std::variant<Circle, Capsule, Box, ConvexPolygon, Segment> {
            const ShapeProxy& p = target.proxy;
            switch (targetKind) {
            case Kind::Circle: return Circle(p.points[0], p.radius);
            case Kind::Capsule: return Capsule(p.points[0], p.points[1], p.radius);
            case Kind::Segment: return Segment(p.points[0], p.points[1]);
            default: return ConvexPolygon({p.points.data(), size_t(p.count)});
            }
        }());
        const double tol = 2e-5 * std::max({double(scale), double(Length(translation)), double(Distance(a, xf.p))});
        INFO("case " << i << " target " << Name(targetKind) << (capsule ? " capsule" : " circle") << " general " << general.hit << "/"
                     << general.startsInside << " " << general.fraction << " special " << special.hit << "/" << special.startsInside << " "
                     << special.fraction);
        // Both are exact, so they differ only where the path grazes within round-off; the tolerance in
        // fraction is the distance tolerance over the speed.
        const double fractionTol = tol / std::max(double(Length(translation)), 1e-30);
        if (general.hit != special.hit || general.startsInside != special.startsInside) {
            const DShape B = Place(target.proxy, xf), A = Place(input.caster, {});
            const double at = SignedGap(A.Moved(double(general.hit ? general.fraction : special.fraction) * D(translation)), B);
            if (std::abs(at) > tol) FAIL("the casts disagree on hitting beyond a graze (gap " << at << ")");
            continue;
        }
        if (!general.hit) continue;
        ++compared;
        CHECK(std::abs(general.fraction - special.fraction) <= fractionTol);
        if (general.startsInside) continue;
        CHECK(Distance(general.point, special.point) <= 1e-3 * std::max(1.0, tol / 2e-5));
        CHECK(Dot(general.normal, special.normal) >= 0.999f);
    }
    CHECK(compared > 1000);
}

TEST_CASE("ConvexCast degenerate cases", "[convexcast][degenerate]") {
    const ShapeProxy floor = MakeProxy(Box({5, 0.5f}, {0, -0.5f}));
    const ShapeProxy crate = MakeProxy(Box({0.5f, 0.5f}));
    SECTION("a box dropped flat onto a floor stops on it; the point lies on the touching interval") {
        const CastOutput out = ConvexCast(floor, {}, {crate, Transform{{1, 2}, {}}, {0, -4}, 1});
        REQUIRE(out.hit);
        CHECK_FALSE(out.startsInside);
        CHECK(out.fraction == Approx(1.5f / 4.0f));
        CHECK(out.normal.y == Approx(1.0f));
        CHECK(out.point.y == Approx(0.0f).margin(1e-6));
        CHECK(out.point.x >= 0.5f - 1e-5f);
        CHECK(out.point.x <= 1.5f + 1e-5f);
    }
    SECTION("a rotated box lands on its corner") {
        const CastOutput out = ConvexCast(floor, {}, {crate, Transform::FromAngle({1, 2}, kPi / 4), {0, -4}, 1});
        REQUIRE(out.hit);
        CHECK(out.fraction == Approx((2.0f - std::sqrt(0.5f)) / 4.0f));
        CHECK(out.point.x == Approx(1.0f));
    }
    SECTION("a box sliding along the floor at contact touches from the start, 1e-4 above it misses") {
        CHECK(ConvexCast(floor, {}, {crate, Transform{{1, 0.5f}, {}}, {3, 0}, 1}).startsInside);
        CHECK_FALSE(ConvexCast(floor, {}, {crate, Transform{{1, 0.5001f}, {}}, {3, 0}, 1}).hit);
    }
    SECTION("a start in overlap reports a point in both shapes and the normal against the motion") {
        const CastOutput out = ConvexCast(floor, {}, {crate, Transform{{1, 0.25f}, {}}, {0, 3}, 1});
        REQUIRE(out.startsInside);
        CHECK(out.fraction == 0.0f);
        CHECK(out.normal.y == Approx(-1.0f));
        CHECK(out.point.y <= 1e-6f);
        CHECK(out.point.y >= -0.25f - 1e-6f);
        CHECK(std::abs(out.point.x - 1.0f) <= 0.5f + 1e-6f);
    }
    SECTION("zero translation is an overlap test") {
        CHECK_FALSE(ConvexCast(floor, {}, {crate, Transform{{1, 2}, {}}, {}, 1}).hit);
        const CastOutput inside = ConvexCast(floor, {}, {crate, Transform{{1, 0}, {}}, {}, 1});
        CHECK(inside.startsInside);
        CHECK(inside.normal == Vec2{});
    }
    SECTION("rounded boxes (proxies with a radius) stop one radius early") {
        ShapeProxy rounded = crate;
        rounded.radius = 0.25f;
        const CastOutput out = ConvexCast(floor, {}, {rounded, Transform{{1, 2}, {}}, {0, -4}, 1});
        CHECK(out.fraction == Approx(1.25f / 4.0f));
    }
    SECTION("tiny and huge scales, far from the origin") {
        // (Not a millimetre box at 10 km: float's spacing there is a millimetre.)
        for (float s : {1e-3f, 1.0f, 1e3f})
            for (Vec2 at : {Vec2{}, Vec2{1e4f, -1e4f}}) {
                if (s < 1.0f && at != Vec2{}) continue;
                const ShapeProxy f = MakeProxy(Box({5 * s, 0.5f * s}, {0, -0.5f * s}));
                const ShapeProxy c = MakeProxy(Box({0.5f * s, 0.5f * s}));
                const CastOutput out = ConvexCast(f, Transform{at, {}}, {c, Transform{at + Vec2{s, 2 * s}, {}}, {0, -4 * s}, 1});
                REQUIRE(out.hit);
                CHECK(out.fraction == Approx(1.5f / 4.0f).epsilon(1e-4 + 1e-5 * double(Length(at)) / s));
                CHECK(out.normal.y == Approx(1.0f));
            }
    }
}

TEST_CASE("ConvexCast rejects invalid input", "[convexcast][errors]") {
    const ShapeProxy box = MakeProxy(Box({1, 1}));
    ShapeProxy empty;
    CHECK_THROWS_WITH(ConvexCast(empty, {}, {box, {}, {1, 0}, 1}), Catch::Contains("shape"));
    CHECK_THROWS_WITH(ConvexCast(box, {}, {empty, {}, {1, 0}, 1}), Catch::Contains("caster"));
    ShapeProxy negative = box;
    negative.radius = -1.0f;
    CHECK_THROWS_WITH(ConvexCast(box, {}, {negative, {}, {1, 0}, 1}), Catch::Contains("caster"));
    ShapeProxy notFinite = box;
    notFinite.points[2].x = kNaN;
    CHECK_THROWS_WITH(ConvexCast(notFinite, {}, {box, {}, {1, 0}, 1}), Catch::Contains("shape"));
    CHECK_THROWS_WITH(ConvexCast(box, {}, {box, Transform{{kNaN, 0}, {}}, {1, 0}, 1}), Catch::Contains("caster transform"));
    CHECK_THROWS_WITH(ConvexCast(box, Transform{{0, 0}, {kNaN, 0}}, {box, {}, {1, 0}, 1}), Catch::Contains("shape transform"));
    CHECK_THROWS_WITH(ConvexCast(box, {}, {box, {}, {kNaN, 0}, 1}), Catch::Contains("translation"));
    CHECK_THROWS_WITH(ConvexCast(box, {}, {box, {}, {1, 0}, -1}), Catch::Contains("maxFraction"));
}
