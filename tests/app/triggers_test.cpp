// The "One-way platforms + triggers" sample's game (samples/triggers/game.h), played by its autopilot:
// it jumps up through one-way platforms and stands on them, takes every coin (sensors), opens the
// door with the plate (a sensor) and the events add up.
#include <catch2/catch.hpp>

#include "../../samples/triggers/game.h"

using namespace sensu;
using namespace sensu::triggers;

TEST_CASE("the triggers autopilot takes every coin through one-way platforms and the plate's door", "[app][triggers]") {
    Game game;
    constexpr float kDt = 1.0f / 60.0f;
    bool doorOpened = false;
    float maxDoorY = 0.0f;
    for (int i = 0; i < 60 * 30 && game.coinsTaken() < static_cast<int>(game.coins().size()); ++i) {
        game.Step(game.Autopilot(), kDt);
        doorOpened = doorOpened || game.doorOpen();
        maxDoorY = std::max(maxDoorY, game.world().GetPosition(game.door()).y);
        REQUIRE(game.world().GetPosition(game.player()).y > 0.0f);  // never through the ground
    }
    CHECK(game.coinsTaken() == static_cast<int>(game.coins().size()));
    for (const Coin& coin : game.coins()) CHECK_FALSE(game.world().IsValid(coin.body));  // destroyed on touch
    CHECK(doorOpened);
    CHECK(maxDoorY == Approx(Game::kDoorOpenY).margin(0.01f));
    CHECK(game.stepsOnPlatform() > 10);   // stood on one-way platforms it jumped up through
    const EventCounts& n = game.counts();
    CHECK(n.sensorBegins >= game.coinsTaken() + 1);  // every coin and the plate at least once
    CHECK(n.sensorEnds <= n.sensorBegins);
    CHECK(n.contactEnds <= n.contactBegins);
    CHECK(n.hits >= 3);                              // landings of the player
}
