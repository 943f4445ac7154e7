// Collision filter semantics (Box2D's): categories against masks both ways, groups override.
#include <catch2/catch.hpp>

#include "sensu/physics/filter.h"

using namespace sensu;

TEST_CASE("filters: categories must meet masks both ways, groups override", "[physics][filter]") {
    const Filter player{.categoryBits = 0b01, .maskBits = ~uint64_t{0b10}};
    const Filter playerBullet{.categoryBits = 0b10, .maskBits = ~uint64_t{0b01}};
    const Filter wall{.categoryBits = 0b100};
    CHECK(ShouldCollide(Filter{}, Filter{}));
    CHECK_FALSE(ShouldCollide(player, playerBullet));
    CHECK_FALSE(ShouldCollide(playerBullet, player));
    CHECK(ShouldCollide(playerBullet, wall));
    CHECK(ShouldCollide(player, wall));
    // One-way masks are not enough: both directions must agree.
    CHECK_FALSE(ShouldCollide(Filter{.maskBits = 0}, wall));
    CHECK_FALSE(ShouldCollide(wall, Filter{.maskBits = 0}));
    // Shared negative group never touches, shared positive group always does, whatever the masks say.
    CHECK_FALSE(ShouldCollide(Filter{.groupIndex = -3}, Filter{.groupIndex = -3}));
    CHECK(ShouldCollide(Filter{.maskBits = 0, .groupIndex = 2}, Filter{.maskBits = 0, .groupIndex = 2}));
    // Different groups fall back to the bits.
    CHECK(ShouldCollide(Filter{.groupIndex = -1}, Filter{.groupIndex = -2}));
    CHECK_FALSE(ShouldCollide(Filter{.maskBits = 0, .groupIndex = 1}, Filter{.groupIndex = 2}));
}

TEST_CASE("query filters see a shape when both sides agree", "[physics][filter]") {
    CHECK(ShouldQuery(QueryFilter{}, Filter{}));
    CHECK_FALSE(ShouldQuery(QueryFilter{.maskBits = 0b10}, Filter{.categoryBits = 0b01}));
    CHECK(ShouldQuery(QueryFilter{.maskBits = 0b10}, Filter{.categoryBits = 0b11}));
    CHECK_FALSE(ShouldQuery(QueryFilter{.categoryBits = 0b100}, Filter{.maskBits = 0b011}));
}
