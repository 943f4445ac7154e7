#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "random_cases.h"
#include "sensu/geometry/circle_toi.h"

using namespace sensu;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Distance between the surfaces at time s, in double so the reference does not share float rounding.
double SurfaceGap(const MovingCircle& a, const MovingCircle& b, double s) {
    const double cx = (double(b.start.x) + s * b.displacement.x) - (double(a.start.x) + s * a.displacement.x);
    const double cy = (double(b.start.y) + s * b.displacement.y) - (double(a.start.y) + s * a.displacement.y);
    return std::sqrt(cx * cx + cy * cy) - (double(a.radius) + double(b.radius));
}

// Size of the case, so tolerances scale from 1e-3 m to 1e3 m scenes.
double CaseScale(const MovingCircle& a, const MovingCircle& b) {
    return std::max({double(Length(a.start)), double(Length(b.start)), double(Length(a.displacement)),
                     double(Length(b.displacement)), double(a.radius + b.radius), 1e-30});
}

enum class Kind { General, SameMotion, NoMotion, SameStart, Touching, Points, Grazing, HeadOn, Count };

// One random case of the given kind, scaled by 10^[-3, 3].
void MakeCase(testing::Rng& rng, Kind kind, MovingCircle& a, MovingCircle& b) {
    a = {rng.InBox(-5, 5), rng.InBox(-10, 10), rng.Chance(0.1f) ? 0.0f : rng.Uniform(0, 2)};
    b = {rng.InBox(-5, 5), rng.InBox(-10, 10), rng.Chance(0.1f) ? 0.0f : rng.Uniform(0, 2)};
    switch (kind) {
    case Kind::General: break;
    case Kind::SameMotion: b.displacement = a.displacement; break;
    case Kind::NoMotion: a.displacement = b.displacement = {}; break;
    case Kind::SameStart: b.start = a.start; break;
    case Kind::Touching: b.start = a.start + (a.radius + b.radius) * Rot::FromAngle(rng.Angle()).XAxis(); break;
    case Kind::Points: a.radius = b.radius = 0.0f; b.displacement = a.displacement + (a.start - b.start) * rng.Uniform(0.5f, 2.0f); break;
    case Kind::Grazing: {
        // Relative path tangent to the sum circle: aim at A's centre turned by asin((rA + rB)/|C0|).
        const Vec2 c0 = b.start - a.start;
        const float len = Length(c0);
        const float radiusSum = a.radius + b.radius;
        if (len > radiusSum) {
            const Vec2 aim = Rotate(Rot::FromAngle(std::asin(radiusSum / len)), -(1.0f / len) * c0);
            b.displacement = a.displacement + (2.0f * len) * aim;
        }
        break;
    }
    case Kind::HeadOn: b.displacement = a.displacement + (a.start - b.start) * rng.Uniform(0.2f, 3.0f); break;
    case Kind::Count: break;
    }
    const float scale = std::pow(10.0f, rng.Uniform(-3, 3));
    for (MovingCircle* c : {&a, &b}) {
        c->start *= scale;
        c->displacement *= scale;
        c->radius *= scale;
    }
}

} // namespace

TEST_CASE("TimeOfImpactCircles: head-on worked example", "[toi]") {
    // A at the origin moving 10 m right, B at x = 5 at rest, both r = 1: |5 − 10t| = 2 → t = 0.3.
    const CircleImpact hit = TimeOfImpactCircles({{0, 0}, {10, 0}, 1.0f}, {{5, 0}, {0, 0}, 1.0f});
    REQUIRE(hit.hit);
    CHECK_FALSE(hit.initiallyOverlapping);
    CHECK(hit.t == Approx(0.3f));
    CHECK(hit.centerA.x == Approx(3.0f));
    CHECK(hit.centerB.x == Approx(5.0f));
    CHECK(hit.point.x == Approx(4.0f));
    CHECK(hit.point.y == Approx(0.0f).margin(1e-6));
    CHECK(hit.normal.x == Approx(1.0f));
    CHECK(hit.normal.y == Approx(0.0f).margin(1e-6));
}

TEST_CASE("TimeOfImpactCircles: contact point divides the centre line at rA/(rA+rB)", "[toi]") {
    const CircleImpact hit = TimeOfImpactCircles({{0, 0}, {0, 10}, 3.0f}, {{0, 10}, {0, 0}, 1.0f});
    REQUIRE(hit.hit);
    CHECK(hit.t == Approx(0.6f));
    CHECK(hit.point.y == Approx(9.0f));
    CHECK(hit.normal.y == Approx(1.0f));
}

TEST_CASE("TimeOfImpactCircles: tunnelling pair that discrete stepping misses is caught", "[toi]") {
    // Both end positions are separated and the start positions too: only the sweep sees the hit.
    const CircleImpact hit = TimeOfImpactCircles({{-10, 0}, {20, 0}, 0.5f}, {{10, 0}, {-20, 0}, 0.5f});
    REQUIRE(hit.hit);
    CHECK(hit.t == Approx(0.475f));
}

TEST_CASE("TimeOfImpactCircles: degenerate cases", "[toi][degenerate]") {
    SECTION("equal motion (P = 0), separated: never hit") {
        CHECK_FALSE(TimeOfImpactCircles({{0, 0}, {3, 1}, 1.0f}, {{3, 0}, {3, 1}, 1.0f}).hit);
    }
    SECTION("equal motion (P = 0), overlapping: t = 0 along the centre line") {
        const CircleImpact hit = TimeOfImpactCircles({{0, 0}, {3, 1}, 1.0f}, {{0, 1.5f}, {3, 1}, 1.0f});
        REQUIRE(hit.hit);
        CHECK(hit.initiallyOverlapping);
        CHECK(hit.t == 0.0f);
        CHECK(hit.normal.y == Approx(1.0f));
        CHECK(hit.point.y == Approx(0.75f));
    }
    SECTION("coincident centres with relative motion: normal is −D") {
        const CircleImpact hit = TimeOfImpactCircles({{1, 1}, {0, 0}, 1.0f}, {{1, 1}, {0, 2}, 0.5f});
        REQUIRE(hit.initiallyOverlapping);
        CHECK(hit.normal.x == Approx(0.0f).margin(1e-6));
        CHECK(hit.normal.y == Approx(-1.0f));
        CHECK(hit.point.x == Approx(1.0f));
        CHECK(hit.point.y == Approx(1.0f));
    }
    SECTION("coincident centres, no motion: a fixed unit normal") {
        const CircleImpact hit = TimeOfImpactCircles({{1, 1}, {0, 0}, 1.0f}, {{1, 1}, {0, 0}, 1.0f});
        REQUIRE(hit.initiallyOverlapping);
        CHECK(Length(hit.normal) == Approx(1.0f));
    }
    SECTION("touching at t = 0 counts as contact at t = 0") {
        const CircleImpact hit = TimeOfImpactCircles({{0, 0}, {0, 0}, 1.0f}, {{2, 0}, {1, 0}, 1.0f});
        CHECK(hit.hit);
        CHECK(hit.t == 0.0f);
        CHECK(hit.normal.x == Approx(1.0f));
    }
    SECTION("moving apart: no hit") {
        CHECK_FALSE(TimeOfImpactCircles({{0, 0}, {-1, 0}, 1.0f}, {{3, 0}, {1, 0}, 1.0f}).hit);
    }
    SECTION("two points crossing: meet at t = 0.5 with normal −D") {
        const CircleImpact hit = TimeOfImpactCircles({{0, 0}, {2, 0}, 0.0f}, {{2, 0}, {-2, 0}, 0.0f});
        REQUIRE(hit.hit);
        CHECK(hit.t == Approx(0.5f));
        CHECK(hit.normal.x == Approx(1.0f));
        CHECK(hit.point.x == Approx(1.0f));
    }
    SECTION("two points passing side by side: no hit") {
        CHECK_FALSE(TimeOfImpactCircles({{0, 0}, {2, 0}, 0.0f}, {{2, 0.001f}, {-2, 0}, 0.0f}).hit);
    }
    SECTION("zero motion, separated: no hit, t = 1") {
        const CircleImpact miss = TimeOfImpactCircles({{0, 0}, {0, 0}, 1.0f}, {{5, 0}, {0, 0}, 1.0f});
        CHECK_FALSE(miss.hit);
        CHECK(miss.t == 1.0f);
        CHECK(miss.centerB.x == 5.0f);
    }
    SECTION("contact exactly at t = 1 counts") {
        const CircleImpact hit = TimeOfImpactCircles({{0, 0}, {0, 0}, 1.0f}, {{4, 0}, {-2, 0}, 1.0f});
        CHECK(hit.hit);
        CHECK(hit.t == Approx(1.0f));
    }
    SECTION("tiny and huge scales give the same fraction") {
        for (float s : {1e-3f, 1.0f, 1e3f}) {
            const CircleImpact hit = TimeOfImpactCircles({{0, 0}, {10 * s, 0}, s}, {{5 * s, 0}, {0, 0}, s});
            REQUIRE(hit.hit);
            CHECK(hit.t == Approx(0.3f).epsilon(1e-5));
        }
    }
}

TEST_CASE("TimeOfImpactCircles: invalid input throws", "[toi][errors]") {
    CHECK_THROWS_WITH(TimeOfImpactCircles({{0, 0}, {0, 0}, -1.0f}, {{1, 0}, {0, 0}, 1.0f}), Catch::Contains("radius"));
    CHECK_THROWS_AS(TimeOfImpactCircles({{kNaN, 0}, {0, 0}, 1.0f}, {{1, 0}, {0, 0}, 1.0f}), InvalidArgument);
    CHECK_THROWS_AS(TimeOfImpactCircles({{0, 0}, {0, 0}, 1.0f}, {{1, 0}, {0, kNaN}, 1.0f}), InvalidArgument);
    CHECK_THROWS_AS(TimeOfImpactCircles({{0, 0}, {0, 0}, 1.0f}, {{1, 0}, {0, 0}, kNaN}), InvalidArgument);
}

TEST_CASE("TimeOfImpactCircles matches fine stepping on 100,000 random cases", "[toi][brute]") {
    testing::Rng rng(1001);
    constexpr int kCases = 100000;
    constexpr int kSteps = 256;
    int hits = 0, misses = 0, overlaps = 0;
    for (int i = 0; i < kCases; ++i) {
        MovingCircle a{}, b{};
        const Kind kind = static_cast<Kind>(i % static_cast<int>(Kind::Count));
        MakeCase(rng, kind, a, b);
        const CircleImpact out = TimeOfImpactCircles(a, b);
        const double scale = CaseScale(a, b);
        const double tol = 2e-5 * scale;
        INFO("case " << i << " kind " << int(kind) << " A " << a.start.x << "," << a.start.y << " d " << a.displacement.x
                     << "," << a.displacement.y << " r " << a.radius << " B " << b.start.x << "," << b.start.y << " d "
                     << b.displacement.x << "," << b.displacement.y << " r " << b.radius << " -> hit " << out.hit
                     << " t " << out.t);
        // No stepped sample before the reported time (or at all, for a miss) may be penetrating.
        const double limit = out.hit ? out.t : 1.0;
        for (int k = 0; k <= kSteps; ++k) {
            const double s = double(k) / kSteps;
            if (s >= limit) break;
            if (SurfaceGap(a, b, s) < -tol) FAIL_CHECK("penetrating at s = " << s << " before the reported time");
        }
        if (!out.hit) {
            if (SurfaceGap(a, b, 1.0) < -tol) FAIL_CHECK("penetrating at the end but reported a miss");
            ++misses;
            continue;
        }
        REQUIRE(out.t >= 0.0f);
        REQUIRE(out.t <= 1.0f);
        // At the reported time the circles touch (or, at t = 0, already overlap).
        const double gap = SurfaceGap(a, b, out.t);
        if (out.initiallyOverlapping) {
            ++overlaps;
            REQUIRE(out.t == 0.0f);
            REQUIRE(gap <= tol);
        } else {
            ++hits;
            REQUIRE(std::abs(gap) <= tol);
        }
        // Centres, normal and point agree with the reported time and the A → B contract.
        const Vec2 ca = a.start + out.t * a.displacement;
        const Vec2 cb = b.start + out.t * b.displacement;
        REQUIRE(Distance(ca, out.centerA) <= tol);
        REQUIRE(Distance(cb, out.centerB) <= tol);
        REQUIRE(std::abs(Length(out.normal) - 1.0f) <= 1e-4f);
        if (Distance(ca, cb) > 1e-3 * scale) REQUIRE(Dot(out.normal, Normalize(cb - ca)) >= 0.999f);
        const float ratio = a.radius + b.radius > 0.0f ? a.radius / (a.radius + b.radius) : 0.0f;
        REQUIRE(Distance(out.point, ca + ratio * (cb - ca)) <= tol);
    }
    // Every branch is exercised many times.
    CHECK(hits > 10000);
    CHECK(misses > 10000);
    CHECK(overlaps > 5000);
}
