#pragma once
// The "One-way platforms + triggers" game without SDL (the sample draws it, tests/app drives it): a
// ball-shaped player, one-way platforms through World::SetPreSolve, coins that are sensors and vanish
// when the player enters them, a pressure plate (a sensor) that opens a kinematic door, crates that
// report hit events, and counters of every event the World reported.
#include <vector>

#include "sensu/physics/world.h"

namespace sensu::triggers {

/// One step of player intent: from the keys, the gamepad or the autopilot.
struct Controls {
    float move = 0.0f;   ///< −1 … 1, left to right
    bool jump = false;   ///< pressed this step
    bool drop = false;   ///< held: fall through the one-way platform under the player
};

/// Totals of the events the World reported since the game started.
struct EventCounts {
    int contactBegins = 0, contactEnds = 0, hits = 0, sensorBegins = 0, sensorEnds = 0;
};

struct Coin {
    BodyId body;
    ShapeId shape;
    Vec2 position{};
    bool taken = false;
};

/// A hit event kept for a moment so the sample can flash it.
struct Flash {
    Vec2 point{};
    float speed = 0.0f;  ///< m/s
    float age = 0.0f;    ///< s
};

class Game {
public:
    static constexpr float kPlayerRadius = 0.4f;   // m
    static constexpr float kDoorClosedY = 1.5f, kDoorOpenY = 4.5f;  // m, the door's centre
    static constexpr float kDoorHoldTime = 8.0f;   // s the door stays open after the plate is left

    Game();
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    /// One fixed step: player control, World::Step, then the events: coins taken, plate and door.
    void Step(const Controls& controls, float dt);
    /// Collects the coins in a fixed order, stepping on the plate before the coins behind the door.
    Controls Autopilot() const;

    const World& world() const { return world_; }
    /// The world itself, for the browser's mouse grab (moving crates and balls by hand).
    World& world() { return world_; }
    BodyId player() const { return player_; }
    bool grounded() const { return grounded_; }
    const std::vector<Coin>& coins() const { return coins_; }
    int coinsTaken() const { return coinsTaken_; }
    const std::vector<ShapeId>& platforms() const { return platforms_; }
    ShapeId plate() const { return plate_; }
    int plateVisitors() const { return plateVisitors_; }
    BodyId door() const { return door_; }
    bool doorOpen() const { return doorTimer_ > 0.0f; }
    const std::vector<BodyId>& crates() const { return crates_; }
    const EventCounts& counts() const { return counts_; }
    const std::vector<Flash>& flashes() const { return flashes_; }
    /// Steps the player spent standing on a one-way platform (tests: the platforms hold).
    int stepsOnPlatform() const { return stepsOnPlatform_; }

private:
    static bool PreSolve(const PreSolveContact& contact, void* context);
    bool IsPlatform(ShapeId shape) const;
    void ReadEvents(float dt);
    void MoveDoor(float dt);
    void UpdateGrounded();

    World world_;
    BodyId player_;
    ShapeId playerShape_;
    std::vector<ShapeId> platforms_;
    std::vector<Coin> coins_;
    std::vector<BodyId> crates_;
    ShapeId plate_;
    BodyId door_;
    int plateVisitors_ = 0;
    float doorTimer_ = 0.0f;    // s left open
    float dropTimer_ = 0.0f;    // s the player still falls through platforms
    bool grounded_ = false;
    bool onPlatform_ = false;
    int stepsOnPlatform_ = 0;
    int coinsTaken_ = 0;
    EventCounts counts_;
    std::vector<Flash> flashes_;
    std::vector<BodyId> toDestroy_;
};

} // namespace sensu::triggers
