// Named degenerate cases of the fan overlap tests: zero radius, θ = 0, θ = π, r = 0, touching the
// inner arc from inside and the outer arc from outside, shapes in the hole, shapes containing the
// whole fan, and the same configurations at 1e-3 m and 1e3 m. Values are chosen exactly representable
// so "touching" is exact in float.
#include <catch2/catch.hpp>

#include <vector>

#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/sector_thesis.h"

using namespace sensu;

namespace {

const Transform kIdentity{};

Transform At(Vec2 p, float angle = 0.0f) { return Transform::FromAngle(p, angle); }

/// Fan along +x: r = 1, R = 2, half angle 45° unless given.
Sector Fan(float halfAngle = 0.25f * kPi, float inner = 1.0f, float outer = 2.0f, float scale = 1.0f) {
    return Sector({0.0f, 0.0f}, {1.0f, 0.0f}, halfAngle, scale * inner, scale * outer);
}

ConvexPolygon Triangle(Vec2 a, Vec2 b, Vec2 c) {
    const std::vector<Vec2> v{a, b, c};
    return ConvexPolygon(v);
}

} // namespace

TEST_CASE("Fan degenerate: zero-radius circle behaves as a point", "[sector][degenerate]") {
    const Sector fan = Fan();
    CHECK(Overlap(fan, Circle({1.5f, 0.0f}, 0.0f), kIdentity));
    CHECK(Overlap(fan, Circle({2.0f, 0.0f}, 0.0f), kIdentity));  // on the outer arc
    CHECK(Overlap(fan, Circle({1.0f, 0.0f}, 0.0f), kIdentity));  // on the inner arc
    CHECK_FALSE(Overlap(fan, Circle({2.001f, 0.0f}, 0.0f), kIdentity));
    CHECK_FALSE(Overlap(fan, Circle({0.0f, 1.5f}, 0.0f), kIdentity));
    for (const float x : {0.5f, 1.5f, 2.5f})
        CHECK(Overlap(fan, Circle({x, 0.0f}, 0.0f), kIdentity) == Contains(fan, {x, 0.0f}));
}

TEST_CASE("Fan degenerate: theta = 0 is the radial segment from r to R", "[sector][degenerate]") {
    const Sector fan = Fan(0.0f);
    CHECK(Contains(fan, {1.5f, 0.0f}));
    CHECK_FALSE(Contains(fan, {-1.5f, 0.0f}));  // the backward ray is not part of it
    CHECK_FALSE(Contains(fan, {0.5f, 0.0f}));
    CHECK(Overlap(fan, Circle({1.5f, 0.5f}, 0.5f), kIdentity));   // touches the segment from above
    CHECK_FALSE(Overlap(fan, Circle({1.5f, 0.5f}, 0.49f), kIdentity));
    CHECK(Overlap(fan, Circle({2.5f, 0.0f}, 0.5f), kIdentity));   // touches the tip
    CHECK_FALSE(Overlap(fan, Circle({-1.5f, 0.0f}, 0.4f), kIdentity));
    CHECK(Overlap(fan, Box({0.1f, 0.1f}), At({1.5f, 0.05f})));     // a small box across the segment
    CHECK_FALSE(Overlap(fan, Box({0.1f, 0.1f}), At({-1.5f, 0.0f})));
    CHECK_FALSE(Overlap(fan, Box({0.1f, 0.1f}), At({0.5f, 0.0f})));  // beyond the inner end
    CHECK(Overlap(fan, Capsule({1.5f, -1.0f}, {1.5f, 1.0f}, 0.0f), kIdentity));
    CHECK_FALSE(Overlap(fan, Capsule({-1.5f, -1.0f}, {-1.5f, 1.0f}, 0.2f), kIdentity));
    CHECK(Overlap(fan, Segment({1.2f, -1.0f}, {1.2f, 1.0f}), kIdentity));
    CHECK(Overlap(fan, Triangle({1.2f, -0.2f}, {1.6f, -0.2f}, {1.4f, 0.3f}), kIdentity));
    CHECK(Overlap(fan, Sector({1.5f, 1.0f}, {0.0f, -1.0f}, 0.0f, 0.5f, 2.0f)));  // two crossing segments
    CHECK_FALSE(Overlap(fan, Sector({-1.5f, 1.0f}, {0.0f, -1.0f}, 0.0f, 0.5f, 2.0f)));
    CHECK(thesis::OverlapCircle(fan, Circle({1.5f, 0.5f}, 0.5f), kIdentity));
    CHECK_FALSE(thesis::OverlapCapsule(fan, Capsule({-1.5f, -1.0f}, {-1.5f, 1.0f}, 0.2f), kIdentity));
}

TEST_CASE("Fan degenerate: theta = pi is the full annulus", "[sector][degenerate]") {
    const Sector fan = Fan(kPi);
    for (int i = 0; i < 16; ++i) {
        const float a = kTwoPi * float(i) / 16.0f;
        const Vec2 u = {std::cos(a), std::sin(a)};
        CHECK(Contains(fan, 1.5f * u));
        CHECK(Overlap(fan, Circle(2.2f * u, 0.25f), kIdentity));
        CHECK(Overlap(fan, Box({0.1f, 0.1f}, {}, a), At(1.5f * u)));
        CHECK_FALSE(Overlap(fan, Box({0.1f, 0.1f}, {}, a), At(0.5f * u)));
        CHECK(Overlap(fan, Capsule(0.2f * u, 1.2f * u, 0.0f), kIdentity));
    }
    CHECK(Overlap(fan, Circle({-1.5f, 0.0f}, 0.1f), kIdentity));  // right behind the axis
    CHECK_FALSE(Overlap(fan, Circle({0.0f, 0.0f}, 0.9f), kIdentity));
    CHECK(Overlap(fan, Circle({0.0f, 0.0f}, 1.0f), kIdentity));  // touches the inner arc from inside
    CHECK(Overlap(fan, Sector({-1.5f, 0.0f}, {-1.0f, 0.0f}, kPi, 0.0f, 0.1f)));
}

TEST_CASE("Fan degenerate: r = 0 pie slice contains its apex", "[sector][degenerate]") {
    const Sector fan = Fan(0.25f * kPi, 0.0f);
    CHECK(Contains(fan, {0.0f, 0.0f}));
    CHECK(thesis::ContainsPoint(fan, {0.0f, 0.0f}));
    CHECK(Overlap(fan, Circle({0.0f, 0.0f}, 0.0f), kIdentity));
    CHECK(Overlap(fan, Circle({-0.5f, 0.0f}, 0.5f), kIdentity));   // touches the apex from behind
    CHECK_FALSE(Overlap(fan, Circle({-0.5f, 0.0f}, 0.49f), kIdentity));
    CHECK(Overlap(fan, Box({0.1f, 0.1f}), At({-0.05f, 0.0f})));    // box around the apex
    CHECK(Overlap(fan, Segment({-1.0f, 0.0f}, {0.0f, 0.0f}), kIdentity));
    CHECK(Overlap(fan, Sector({0.0f, 0.0f}, {-1.0f, 0.0f}, 0.25f * kPi, 0.0f, 1.0f)));  // apex to apex
}

TEST_CASE("Fan degenerate: touching the inner arc from inside the hole", "[sector][degenerate]") {
    const Sector fan = Fan();
    CHECK(Overlap(fan, Circle({0.5f, 0.0f}, 0.5f), kIdentity));
    CHECK_FALSE(Overlap(fan, Circle({0.5f, 0.0f}, 0.4999f), kIdentity));
    CHECK(Overlap(fan, Triangle({1.0f, 0.0f}, {0.5f, 0.25f}, {0.5f, -0.25f}), kIdentity));
    CHECK_FALSE(Overlap(fan, Triangle({0.999f, 0.0f}, {0.5f, 0.25f}, {0.5f, -0.25f}), kIdentity));
    CHECK(Overlap(fan, Segment({0.0f, 0.0f}, {1.0f, 0.0f}), kIdentity));
    CHECK_FALSE(Overlap(fan, Segment({0.0f, 0.0f}, {0.999f, 0.0f}), kIdentity));
    CHECK(Overlap(fan, Capsule({0.0f, 0.0f}, {0.5f, 0.0f}, 0.5f), kIdentity));
    CHECK_FALSE(Overlap(fan, Capsule({0.0f, 0.0f}, {0.5f, 0.0f}, 0.499f), kIdentity));
    CHECK(Overlap(fan, Box({0.25f, 0.1f}), At({0.75f + 1e-4f, 0.0f})));
    CHECK_FALSE(Overlap(fan, Box({0.25f, 0.1f}, {}, 0.0f), At({0.7f, 0.0f})));
}

TEST_CASE("Fan degenerate: touching the outer arc from outside", "[sector][degenerate]") {
    const Sector fan = Fan();
    CHECK(Overlap(fan, Circle({2.5f, 0.0f}, 0.5f), kIdentity));
    CHECK_FALSE(Overlap(fan, Circle({2.5f, 0.0f}, 0.4999f), kIdentity));
    CHECK(Overlap(fan, Box({0.5f, 0.5f}), At({2.5f, 0.0f})));  // left edge touches at (2, 0)
    CHECK_FALSE(Overlap(fan, Box({0.5f, 0.5f}), At({2.501f, 0.0f})));
    CHECK(Overlap(fan, Segment({2.0f, -1.0f}, {2.0f, 1.0f}), kIdentity));  // tangent line
    CHECK_FALSE(Overlap(fan, Segment({2.001f, -1.0f}, {2.001f, 1.0f}), kIdentity));
    CHECK(Overlap(fan, Capsule({2.5f, -1.0f}, {2.5f, 1.0f}, 0.5f), kIdentity));
    CHECK(thesis::OverlapRectangle(fan, Box({0.5f, 0.5f}), At({2.5f, 0.0f})));
    CHECK(Overlap(fan, Sector({4.0f, 0.0f}, {-1.0f, 0.0f}, 0.25f * kPi, 1.0f, 2.0f)));  // arcs kiss at (2, 0)
    CHECK_FALSE(Overlap(fan, Sector({4.01f, 0.0f}, {-1.0f, 0.0f}, 0.25f * kPi, 1.0f, 2.0f)));
}

TEST_CASE("Fan degenerate: shapes entirely inside the hole do not overlap", "[sector][degenerate]") {
    for (const float halfAngle : {0.0f, 0.25f * kPi, 0.75f * kPi, kPi}) {
        const Sector fan = Fan(halfAngle, 1.0f, 2.0f);
        CHECK_FALSE(Overlap(fan, Circle({0.1f, 0.1f}, 0.8f), kIdentity));
        CHECK_FALSE(Overlap(fan, Box({0.5f, 0.5f}, {}, 0.3f), At({0.05f, -0.05f})));
        CHECK_FALSE(Overlap(fan, Capsule({-0.6f, 0.2f}, {0.6f, 0.2f}, 0.3f), kIdentity));
        CHECK_FALSE(Overlap(fan, Segment({-0.9f, 0.0f}, {0.9f, 0.0f}), kIdentity));
        CHECK_FALSE(Overlap(fan, Triangle({-0.5f, -0.5f}, {0.8f, 0.0f}, {-0.5f, 0.5f}), kIdentity));
        CHECK_FALSE(Overlap(fan, Sector({0.1f, 0.0f}, {0.0f, 1.0f}, kPi, 0.2f, 0.8f)));
        CHECK_FALSE(thesis::OverlapCircle(fan, Circle({0.1f, 0.1f}, 0.8f), kIdentity));
        CHECK_FALSE(thesis::OverlapRectangle(fan, Box({0.5f, 0.5f}, {}, 0.3f), At({0.05f, -0.05f})));
        CHECK_FALSE(thesis::OverlapCapsule(fan, Capsule({-0.6f, 0.2f}, {0.6f, 0.2f}, 0.3f), kIdentity));
    }
}

TEST_CASE("Fan degenerate: shapes containing the whole fan overlap", "[sector][degenerate]") {
    for (const float halfAngle : {0.0f, 0.25f * kPi, 0.75f * kPi, kPi}) {
        const Sector fan = Fan(halfAngle, 1.0f, 2.0f);
        CHECK(Overlap(fan, Circle({0.3f, 0.0f}, 5.0f), kIdentity));
        CHECK(Overlap(fan, Box({4.0f, 4.0f}, {}, 0.4f), At({0.5f, 0.5f})));
        CHECK(Overlap(fan, Capsule({-1.0f, 0.0f}, {1.0f, 0.0f}, 4.0f), kIdentity));
        CHECK(Overlap(fan, Triangle({-10.0f, -10.0f}, {10.0f, -10.0f}, {0.0f, 10.0f}), kIdentity));
        CHECK(Overlap(fan, Sector({0.0f, 0.0f}, {0.0f, 1.0f}, kPi, 0.0f, 5.0f)));  // a disc around it
        CHECK(Overlap(Sector({0.0f, 0.0f}, {0.0f, 1.0f}, kPi, 0.0f, 5.0f), fan));
        CHECK(thesis::OverlapCircle(fan, Circle({0.3f, 0.0f}, 5.0f), kIdentity));
        CHECK(thesis::OverlapRectangle(fan, Box({4.0f, 4.0f}, {}, 0.4f), At({0.5f, 0.5f})));
        CHECK(thesis::OverlapCapsule(fan, Capsule({-1.0f, 0.0f}, {1.0f, 0.0f}, 4.0f), kIdentity));
    }
}

TEST_CASE("Fan degenerate: the same configurations at 1e-3 m and 1e3 m", "[sector][degenerate]") {
    for (const float scale : {1e-3f, 1.0f, 1e3f}) {
        INFO("scale " << scale);
        const Sector fan(scale * Vec2{0.3f, -0.2f}, {0.6f, 0.8f}, 0.6f, scale * 1.0f, scale * 2.0f);
        const Vec2 o = fan.center();
        const Vec2 a = fan.axis();
        const Vec2 n = LeftPerp(a);
        CHECK(Overlap(fan, o + scale * 1.5f * a));
        CHECK(Overlap(fan, Circle(o + scale * 2.3f * a, scale * 0.31f), kIdentity));
        CHECK_FALSE(Overlap(fan, Circle(o + scale * 2.3f * a, scale * 0.29f), kIdentity));
        CHECK_FALSE(Overlap(fan, Circle(o, scale * 0.99f), kIdentity));
        CHECK(Overlap(fan, Box(scale * Vec2{0.1f, 0.1f}), At(o + scale * (1.5f * a + 0.95f * n), 0.2f)));
        CHECK_FALSE(Overlap(fan, Box(scale * Vec2{0.1f, 0.1f}), At(o + scale * (1.5f * a + 1.25f * n), 0.2f)));
        CHECK(Overlap(fan, Capsule(o - scale * n, o + scale * (2.1f * a - n), scale * 0.05f), kIdentity));
        CHECK_FALSE(Overlap(fan, Capsule(o - scale * n, o + scale * (0.5f * a - n), scale * 0.05f), kIdentity));
        CHECK(Overlap(fan, Segment(o + scale * (1.5f * a - n), o + scale * (1.5f * a + n)), kIdentity));
        CHECK(Overlap(fan, Sector(o + scale * 3.0f * a, -1.0f * a, 0.3f, 0.0f, scale * 1.1f)));
        CHECK_FALSE(Overlap(fan, Sector(o + scale * 3.0f * a, -1.0f * a, 0.3f, 0.0f, scale * 0.9f)));
    }
}

TEST_CASE("Fan degenerate: coincident fans and fans sharing an edge", "[sector][degenerate]") {
    const Sector fan = Fan();
    CHECK(Overlap(fan, fan));
    // The fan turned by 90° shares the edge at 45° only (axis (0, 1) keeps that edge bit-identical).
    const Sector turned({0.0f, 0.0f}, {0.0f, 1.0f}, 0.25f * kPi, 1.0f, 2.0f);
    CHECK(Overlap(fan, turned));
    CHECK(Overlap(turned, fan));
    const Sector apart({0.0f, 0.0f}, {-0.01f, 1.0f}, 0.25f * kPi, 1.0f, 2.0f);
    CHECK_FALSE(Overlap(fan, apart));
    // Same centre, one fan in the other's hole.
    CHECK_FALSE(Overlap(fan, Sector({0.0f, 0.0f}, {1.0f, 0.0f}, 0.25f * kPi, 0.0f, 0.99f)));
    CHECK(Overlap(fan, Sector({0.0f, 0.0f}, {0.0f, 1.0f}, kPi, 0.5f, 1.0f)));  // ring touching the inner arc
}
