// The Platformer's coins (samples/platformer/level.h): sensors taken by the kinematic body that follows
// the MoveAndSlide character, which pushes nothing.
#include <catch2/catch.hpp>

#include "../../samples/platformer/level.h"
#include "../../samples/platformer/level_file.h"

using namespace sensu;
using namespace sensu::platformer;

TEST_CASE("the platformer's character body takes the coins it passes and touches nothing else", "[app][platformer]") {
    constexpr float kDt = 1.0f / 60.0f;
    const LevelFile file = LoadLevelFile("assets/levels/first_steps.json");
    Level level(file, 32);
    Level still(file, 32);  // the same level, its character body left at the spawn
    REQUIRE(level.coins().size() >= 2);
    const Coin first = level.coins()[0];
    // Sweep the character's body from the spawn through the first two coins and the crate pyramid on
    // the plank (x 7.2 … 8.8, up to 2.5 m high), 3 m/s.
    const Vec2 start = level.CharacterSpawn();
    const Vec2 end{9.5f, 1.8f};
    const int steps = static_cast<int>(Length(end - start) / (3.0f * kDt));
    for (int i = 1; i <= steps; ++i) {
        level.MoveCharacterBody(start + (static_cast<float>(i) / static_cast<float>(steps)) * (end - start), kDt);
        level.Step(kDt);
        still.Step(kDt);
    }
    CHECK(level.CoinsTaken() == 2);
    CHECK(level.coins()[0].taken);
    CHECK(level.coins()[1].taken);
    CHECK_FALSE(level.world().IsValid(first.body));
    CHECK_FALSE(level.coins()[2].taken);
    // The crates moved exactly as in the level where the character body stayed put: it pushed nothing.
    for (size_t i = 0; i < level.crates().size(); ++i)
        CHECK(level.world().GetPosition(level.crates()[i].body) == still.world().GetPosition(still.crates()[i].body));
    CHECK(still.CoinsTaken() == 0);
}
