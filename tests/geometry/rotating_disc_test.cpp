// The closed-form fast path of the rotating time of impact (a body turning about a fixed pivot against
// a resting circle) and the swept region's disc test, against fine stepping (4,096 poses), against
// conservative advancement (the generic method, forced by a circle spinning about its own centre) and
// against each other, on random and degenerate cases.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <string>

#include "rotating_cases.h"
#include "sensu/geometry/distance.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/swept_region.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr int kPoses = 4096;

SweptRegion RegionOf(const ConvexShape& body, const RotationalSweep& sweep) {
    return std::visit([&](const auto& b) { return SweptRegion(b, sweep); }, body);
}

// A sweep angle of one of the degenerate families or a random one.
float DrawSweep(Rng& rng) {
    switch (rng.Int(0, 7)) {
    case 0: return 0.0f;
    case 1: return rng.Chance(0.5f) ? kTwoPi : -kTwoPi;
    case 2: return rng.Uniform(kTwoPi, 3.0f * kPi) * (rng.Chance(0.5f) ? 1.0f : -1.0f);
    case 3: return -rng.Uniform(0.0f, kTwoPi);
    default: return rng.Uniform(-kTwoPi, kTwoPi);
    }
}

// The circle just touching the body at its start pose, seen from a random far point.
Circle TouchingCircle(Rng& rng, const ConvexShape& body, const RotationalSweep& sweep, float radius, float scale) {
    const Transform start = SweepPose(sweep, 0.0f);
    const Vec2 far = TransformPoint(start, BoundOf(body).center) + 10.0f * scale * Vec2{std::cos(rng.Angle()), std::sin(rng.Angle())};
    const DistanceResult d = std::visit([&](const auto& b) { return Distance(b, start, Circle(far, 0.0f), Transform{}); }, body);
    return Circle(d.pointA + radius * d.normal, radius);
}

// Counts of a time of impact judged against the fine-stepped first overlap.
struct TruthJudgement {
    int truthHits = 0, missed = 0, late = 0, early = 0;
};

// A hit the truth has must be reported, not later than the truth (within 1e-5 of the step), and the
// body must not already overlap the ball 2e-3 of the step before a reported contact. `truth` < 0: no
// overlap at any stepped pose.
template <class Fail>
void JudgeAgainstTruth(const RotatingImpact& hit, float truth, const ConvexShape& body, const RotationalSweep& sweep,
                       const Circle& ball, TruthJudgement& judged, Fail&& fail) {
    if (truth >= 0.0f) {
        ++judged.truthHits;
        if (!hit.hit()) {
            ++judged.missed;
            fail("missed hit");
        } else if (hit.t > truth + 1e-5f) {
            ++judged.late;
            fail("late hit");
        }
    }
    if (hit.state == RotatingToiState::Hit) {
        const float before = hit.t - 2e-3f;
        if (before > 0.0f && OverlapAt(body, SweepPose(sweep, before), ball, Transform{})) {
            ++judged.early;
            fail("overlap before the reported contact");
        }
    }
}

} // namespace

TEST_CASE("Rotating disc fast path: fine stepping, advancement and the swept region agree", "[rotating_toi][rotating_disc]") {
    Rng rng(5150);
    constexpr int kCases = 12000;
    TruthJudgement judged;
    int regionLost = 0, advanceLate = 0, advanceMissed = 0, advanceOnly = 0;
    int touching = 0, touchingMissed = 0, pivotInside = 0, zeroRadius = 0;
    std::string firstFailure;
    auto fail = [&](const char* what, int c) {
        if (firstFailure.empty()) firstFailure = std::string(what) + " in case " + std::to_string(c);
    };
    for (int c = 0; c < kCases; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        const Vec2 bodyCenter = scale * rng.InBox(-1.5f, 1.5f);
        const ConvexShape body = RandomShape(rng, bodyCenter, scale * rng.Uniform(0.2f, 1.0f));
        RotationalSweep sweep{.pivot = scale * rng.InBox(-2.0f, 2.0f), .startAngle = rng.Angle(), .sweepAngle = DrawSweep(rng)};
        // A third of the bodies turn about a point of their own (the pivot inside the shape).
        if (rng.Chance(0.33f)) {
            sweep.pivot = {};
            ++pivotInside;
        }
        const float radius = rng.Chance(0.1f) ? 0.0f : scale * rng.Uniform(0.01f, 0.5f);
        zeroRadius += radius == 0.0f;
        const bool touch = rng.Chance(0.1f);
        const Circle ball = touch ? TouchingCircle(rng, body, sweep, radius, scale)
                                  : Circle(TransformPoint(SweepPose(sweep, rng.Uniform(0.0f, 1.0f)), BoundOf(body).center) +
                                               scale * rng.InBox(-1.5f, 1.5f),
                                           radius);

        const RotatingImpact hit = TimeOfImpact(body, sweep, ball, {});
        REQUIRE(hit.exact);
        const float truth = FirstOverlapTime(body, sweep, ball, {}, kPoses);
        if (touch) {
            ++touching;
            touchingMissed += hit.state != RotatingToiState::Overlapping;
        }
        JudgeAgainstTruth(hit, truth, body, sweep, ball, judged, [&](const char* what) { fail(what, c); });
        // The region never drops what the time of impact hits: the engine filters with it first.
        if (hit.hit() && !RegionOf(body, sweep).Overlaps(ball, Transform{})) {
            ++regionLost;
            fail("region rejects a hit", c);
        }
        // Conservative advancement on the same problem: a circle spinning about its own centre does not
        // move, but no longer counts as at rest, so the generic method runs.
        const RotatingImpact generic =
            TimeOfImpact(body, sweep, Circle({}, radius), {.pivot = ball.center(), .sweepAngle = 1e-3f});
        REQUIRE(generic.exact == (sweep.sweepAngle == 0.0f)); // a body at rest is the exact path seen from the circle
        if (hit.hit() && !generic.hit()) {
            ++advanceMissed;
            fail("advancement misses an exact hit", c);
        } else if (hit.hit() && generic.t > hit.t + 1e-5f) {
            ++advanceLate;
            fail("advancement later than the exact hit", c);
        }
        advanceOnly += generic.hit() && !hit.hit(); // advancement stops within its tolerance of a graze
    }
    INFO(firstFailure);
    INFO("truth hits " << judged.truthHits << ", touching " << touching << ", pivot inside " << pivotInside << ", zero radius " << zeroRadius
                       << ", advancement-only hits " << advanceOnly);
    CHECK(judged.missed == 0);
    CHECK(judged.late == 0);
    CHECK(judged.early == 0);
    CHECK(regionLost == 0);
    CHECK(advanceMissed == 0);
    CHECK(advanceLate == 0);
    CHECK(touchingMissed == 0);
    CHECK(advanceOnly < kCases / 200);
    CHECK(judged.truthHits > kCases / 5);
    CHECK(touching > 500);
    CHECK(pivotInside > 2000);
    CHECK(zeroRadius > 500);
}

TEST_CASE("Rotating disc fast path: the angle of the contact is exact all round the turn", "[rotating_toi][rotating_disc]") {
    // A zero-radius rod from the pivot to (2, 0) turning CCW by α meets a point at polar angle β (radius
    // 1) at t = β / α exactly: every octant of the inverse tangent is exercised.
    const Capsule rod({0.0f, 0.0f}, {2.0f, 0.0f}, 0.0f);
    const float alpha = 7.0f; // more than a turn: the first contact is found in the first one
    for (int k = 1; k < 720; ++k) {
        const float beta = kTwoPi * static_cast<float>(k) / 720.0f;
        const RotatingImpact hit = TimeOfImpact(rod, {.sweepAngle = alpha}, Circle({std::cos(beta), std::sin(beta)}, 0.0f), {});
        REQUIRE(hit.state == RotatingToiState::Hit);
        CHECK(hit.t == Approx(beta / alpha).margin(2e-7));
        // Clockwise the point is reached after 2π − β.
        const RotatingImpact cw = TimeOfImpact(rod, {.sweepAngle = -alpha}, Circle({std::cos(beta), std::sin(beta)}, 0.0f), {});
        REQUIRE(cw.state == RotatingToiState::Hit);
        CHECK(cw.t == Approx((kTwoPi - beta) / alpha).margin(2e-7));
    }
}

TEST_CASE("Rotating disc fast path: named degenerate cases", "[rotating_toi][rotating_disc]") {
    const Box bar({1.0f, 0.1f}, {0.5f, 0.0f}); // the pivot (origin) lies inside the bar
    const Circle ball({0.0f, 1.0f}, 0.05f);
    // Zero sweep: no contact without an overlap at the start.
    CHECK(TimeOfImpact(bar, {.startAngle = 0.3f}, ball, {}).state == RotatingToiState::Separated);
    // Full turn: anything within the ring is reached; beyond the far corner nothing is.
    CHECK(TimeOfImpact(bar, {.sweepAngle = kTwoPi}, Circle({-1.2f, -0.7f}, 0.05f), {}).hit());
    CHECK_FALSE(TimeOfImpact(bar, {.sweepAngle = kTwoPi}, Circle({1.6f, 0.0f}, 0.05f), {}).hit());
    // Several turns give the first turn's contact, scaled to the longer step.
    const RotatingImpact one = TimeOfImpact(bar, {.sweepAngle = 3.0f}, ball, {});
    const RotatingImpact three = TimeOfImpact(bar, {.sweepAngle = 9.0f}, ball, {});
    REQUIRE(one.hit());
    REQUIRE(three.hit());
    CHECK(three.t * 9.0f == Approx(one.t * 3.0f).epsilon(1e-5));
    // A clockwise turn is the mirror image of a counter-clockwise one.
    const RotatingImpact cw = TimeOfImpact(bar, {.sweepAngle = -3.0f}, Circle({0.0f, -1.0f}, 0.05f), {});
    REQUIRE(cw.hit());
    CHECK(cw.t == Approx(one.t).epsilon(1e-5));
    CHECK(cw.normal.x == Approx(one.normal.x).margin(1e-5));
    CHECK(cw.normal.y == Approx(-one.normal.y).margin(1e-5));
    // Touching at the start is an overlap at t = 0; a point at the pivot never moves.
    CHECK(TimeOfImpact(bar, {.sweepAngle = 1.0f}, Circle({1.5f, 0.15f}, 0.05f), {}).state == RotatingToiState::Overlapping);
    CHECK(TimeOfImpact(Box({0.5f, 0.1f}, {2.0f, 0.0f}), {.sweepAngle = 1.0f}, Circle({0.0f, 0.0f}, 0.0f), {}).state ==
          RotatingToiState::Separated);
    // A zero-radius circle (a point) is hit by the bar's far edge.
    const RotatingImpact point = TimeOfImpact(bar, {.sweepAngle = 3.0f}, Circle({0.0f, 1.2f}, 0.0f), {});
    REQUIRE(point.hit());
    CHECK(Distance(point.point, Vec2{0.0f, 1.2f}) == Approx(0.0f).margin(1e-5));
    // The region agrees on all of them.
    CHECK(SweptRegion(bar, {.sweepAngle = kTwoPi}).Overlaps(Circle({-1.2f, -0.7f}, 0.05f), Transform{}));
    CHECK_FALSE(SweptRegion(bar, {.sweepAngle = kTwoPi}).Overlaps(Circle({1.6f, 0.0f}, 0.05f), Transform{}));
    CHECK_FALSE(SweptRegion(bar, {.startAngle = 0.3f}).Overlaps(ball, Transform{}));
}

TEST_CASE("Rotating disc fast path: pieces skipped by their distance range never hide the first contact",
          "[rotating_toi][rotating_disc]") {
    // The polygon path skips every edge and vertex circle whose range of distances from the pivot
    // (for the arc's direction) does not contain the circle centre's: so put the centre next to
    // those boundaries, where a wrong range would drop the contact: at a vertex's distance, and 1 %
    // of the radius inside and outside its circle's ring (the ends of the ring and of the
    // neighbouring edges' spans; 1 % of |v| for a point), for boxes and polygons, pivots inside and
    // outside, radius 0, |α| ≥ 2π and clockwise turns. (Exactly on a ring's end the contact is a
    // graze of zero depth, which float stepping reports or not by rounding.)
    Rng rng(10010);
    constexpr int kCases = 6000;
    TruthJudgement judged;
    int pivotInside = 0, zeroRadius = 0, multiTurn = 0, clockwise = 0;
    std::string firstFailure;
    auto fail = [&](const char* what, int c) {
        if (firstFailure.empty()) firstFailure = std::string(what) + " in case " + std::to_string(c);
    };
    for (int c = 0; c < kCases; ++c) {
        const float scale = std::pow(10.0f, rng.Uniform(-3.0f, 3.0f));
        const ConvexShape body = RandomShape(rng, scale * rng.InBox(-1.5f, 1.5f), scale * rng.Uniform(0.2f, 1.0f), rng.Int(2, 3));
        RotationalSweep sweep{.pivot = scale * rng.InBox(-2.0f, 2.0f), .startAngle = rng.Angle(), .sweepAngle = DrawSweep(rng)};
        if (rng.Chance(0.33f)) {
            sweep.pivot = {};
            ++pivotInside;
        }
        multiTurn += std::abs(sweep.sweepAngle) >= kTwoPi;
        clockwise += sweep.sweepAngle < 0.0f;
        const float radius = rng.Chance(0.15f) ? 0.0f : scale * rng.Uniform(0.001f, 0.3f);
        zeroRadius += radius == 0.0f;
        // A vertex of the body in its frame, and the centre at that vertex's distance from the pivot
        // (± a fraction of the radius, or exactly) in a random direction.
        const RoundedCore core = std::visit([](const auto& s) { return ToRoundedCore(s); }, body);
        const Vec2 v = core.points[static_cast<size_t>(rng.Int(0, core.count - 1))];
        const float ring = radius > 0.0f ? radius : 1e-2f * Length(v);
        const float offsets[] = {0.0f, 1.01f * ring, -1.01f * ring, 0.99f * ring, -0.99f * ring, rng.Uniform(-1.2f, 1.2f) * ring};
        const float rho = Max(Length(v) + offsets[rng.Int(0, 5)], 0.0f);
        const float direction = rng.Angle();
        const Circle ball(sweep.pivot + rho * Vec2{std::cos(direction), std::sin(direction)}, radius);

        const RotatingImpact hit = TimeOfImpact(body, sweep, ball, {});
        REQUIRE(hit.exact);
        const float truth = FirstOverlapTime(body, sweep, ball, {}, kPoses);
        JudgeAgainstTruth(hit, truth, body, sweep, ball, judged, [&](const char* what) { fail(what, c); });
    }
    INFO(firstFailure);
    INFO("truth hits " << judged.truthHits << ", pivot inside " << pivotInside << ", zero radius " << zeroRadius << ", multi-turn " << multiTurn
                       << ", clockwise " << clockwise);
    CHECK(judged.missed == 0);
    CHECK(judged.late == 0);
    CHECK(judged.early == 0);
    CHECK(judged.truthHits > kCases / 5);
    CHECK(pivotInside > 1500);
    CHECK(zeroRadius > 600);
    CHECK(multiTurn > 800);
    CHECK(clockwise > 1500);
}

TEST_CASE("Rotating time of impact stays finite for bodies of 1e-19 m and below (found by fuzzing, issue 16)",
          "[rotating_toi][rotating_disc][regression]") {
    // The fuzz input: a point 7e-23 m from the pivot of a 1e-19 m capsule turning 512 rad. ρ² was
    // denormal and 1/ρ² overflowed: the hit's point and normal came out NaN.
    const Capsule needle({0.0f, 1.08420217e-19f}, {0.0f, 0.0f}, 0.0f);
    const RotationalSweep spin{.pivot = {7.02069545e-23f, 1.34524653e-43f}, .sweepAngle = 512.0f};
    const RotatingImpact found = TimeOfImpact(needle, spin, Circle({0.0f, 0.0f}, 0.0f), {});
    REQUIRE(found.hit());
    CHECK(std::isfinite(found.point.x));
    CHECK(std::isfinite(found.point.y));
    CHECK(Length(found.normal) == Approx(1.0f).margin(1e-3));
    CHECK(Length(found.point) <= 1e-18f);
    // The same hit at every power-of-two scale down to 2^-140: scaling is exact, so the closed form
    // gives the unscaled t while the squares of the lengths stay normal (scale 2^-64: ρ² ≈ 3e-39), and
    // finite output with unit normals below that, where float's squares lose their bits.
    const float beta = 1.1f, alpha = 3.0f;
    std::array<float, 4> unscaled{};
    for (int k = 0; k <= 140; k += 2) {
        const float scale = std::ldexp(1.0f, -k);
        const std::array<ConvexShape, 4> bodies{Capsule({0.0f, 0.0f}, {scale, 0.0f}, 0.0f), Capsule({0.0f, 0.0f}, {scale, 0.0f}, 0.05f * scale),
                                                 Box({0.5f * scale, 0.05f * scale}, {0.5f * scale, 0.0f}),
                                                 Box({0.5f * scale, 0.05f * scale}, {0.5f * scale, 0.0f})};
        for (size_t kind = 0; kind < bodies.size(); ++kind) {
            INFO("scale 2^-" << k << ", body " << kind);
            const Circle ball(0.7f * scale * Vec2{std::cos(beta), std::sin(beta)}, kind == 3 ? 0.02f * scale : 0.0f);
            for (const bool resting : {true, false}) {
                // Either body at rest: the closed form both ways round.
                const RotatingImpact hit = resting ? TimeOfImpact(bodies[kind], {.sweepAngle = alpha}, ball, {})
                                                   : TimeOfImpact(ball, {}, bodies[kind], {.sweepAngle = alpha});
                REQUIRE(std::isfinite(hit.t));
                if (k == 0) unscaled[kind] = hit.t;
                if (k <= 64) {
                    REQUIRE(hit.state == RotatingToiState::Hit);
                    CHECK(hit.t == Approx(unscaled[kind]).epsilon(1e-6));
                }
                if (!hit.hit()) continue;
                CHECK(std::isfinite(hit.point.x));
                CHECK(std::isfinite(hit.point.y));
                CHECK(Length(hit.normal) == Approx(1.0f).margin(1e-3));
            }
        }
    }
}
