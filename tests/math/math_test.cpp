#include <catch2/catch.hpp>

#include "random_cases.h"
#include "sensu/math.h"

using namespace sensu;

TEST_CASE("Transform round-trips points", "[math]") {
    testing::Rng rng(1);
    for (int i = 0; i < 10000; ++i) {
        const Transform xf = Transform::FromAngle(rng.InBox(-100, 100), rng.Angle());
        const Vec2 p = rng.InBox(-100, 100);
        const Vec2 back = InvTransformPoint(xf, TransformPoint(xf, p));
        REQUIRE(back.x == Approx(p.x).margin(1e-3));
        REQUIRE(back.y == Approx(p.y).margin(1e-3));
    }
}

TEST_CASE("Transform composition matches applying one after the other", "[math]") {
    testing::Rng rng(2);
    for (int i = 0; i < 10000; ++i) {
        const Transform a = Transform::FromAngle(rng.InBox(-10, 10), rng.Angle());
        const Transform b = Transform::FromAngle(rng.InBox(-10, 10), rng.Angle());
        const Vec2 p = rng.InBox(-10, 10);
        const Vec2 direct = TransformPoint(a, TransformPoint(b, p));
        const Vec2 composed = TransformPoint(Mul(a, b), p);
        REQUIRE(Distance(direct, composed) < 1e-4f);
        const Vec2 relative = TransformPoint(InvMul(a, b), p);
        REQUIRE(Distance(InvTransformPoint(a, TransformPoint(b, p)), relative) < 1e-4f);
    }
}

TEST_CASE("Cross products follow the counter-clockwise convention", "[math]") {
    CHECK(Cross(Vec2{1, 0}, Vec2{0, 1}) == 1.0f);
    CHECK(Cross(2.0f, Vec2{1, 0}) == Vec2{0, 2});   // ω × r: CCW spin moves +x arm towards +y
    CHECK(Cross(Vec2{1, 0}, 2.0f) == Vec2{0, -2});
    CHECK(LeftPerp(Vec2{1, 0}) == Vec2{0, 1});
}

TEST_CASE("Normalize never returns NaN", "[math]") {
    CHECK(Normalize(Vec2{0, 0}) == Vec2{0, 0});
    CHECK(Normalize(Vec2{1e-35f, 0}) == Vec2{0, 0});
    CHECK(Length(Normalize(Vec2{3, 4})) == Approx(1.0f));
}

TEST_CASE("AABB overlap counts touching as overlap", "[math]") {
    const AABB a{{0, 0}, {1, 1}};
    CHECK(Overlaps(a, AABB{{1, 0}, {2, 1}}));
    CHECK_FALSE(Overlaps(a, AABB{{1.001f, 0}, {2, 1}}));
    CHECK(Union(a, AABB{{2, 2}, {3, 3}}).upper == Vec2{3, 3});
}
