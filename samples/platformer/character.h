#pragma once
// Platformer sample: the character controller. A capsule moved by MoveAndSlide each fixed step, with
// the platformer habits players expect: acceleration, gravity, a jump buffer (a jump pressed shortly
// before landing still happens), coyote time (a jump shortly after walking off a ledge still counts),
// a shorter jump when the button is let go early, and crates pushed by impulses.
#include <vector>

#include "level.h"

namespace sensu::platformer {

/// What the player (or the autopilot) asks for this step.
struct CharacterIntent {
    float run = 0.0f;          ///< −1 … 1 (left … right)
    bool jumpPressed = false;  ///< the jump button went down since the last step
    bool jumpHeld = false;     ///< the jump button is down
};

/// Tuning, in SI units; the sample's panel edits it live.
struct CharacterTuning {
    float runSpeed = 6.0f;       ///< m/s
    float groundAccel = 60.0f;   ///< m/s², towards the run speed on the ground
    float airAccel = 30.0f;      ///< m/s², in the air
    float gravity = 30.0f;       ///< m/s², stronger than the world's: platformer jumps feel snappy
    float jumpHeight = 2.4f;     ///< m, apex above the take-off with the button held
    float coyoteTime = 0.10f;    ///< s after leaving the ground in which a jump still counts
    float jumpBuffer = 0.12f;    ///< s before landing in which a pressed jump is remembered
    float pushSpeed = 3.0f;      ///< m/s a pushed crate is brought to, at most
    float maxPushForce = 120.0f; ///< N: the character cannot shove a heavy pile at once
};

class Character {
public:
    /// The character's collision shape: a capsule 0.6 m wide and 1.4 m tall.
    static constexpr CharacterShape kShape{.radius = 0.3f, .halfHeight = 0.4f};

    explicit Character(Vec2 spawn) : spawn_(spawn), position_(spawn), previous_(spawn) {}

    /// One fixed step: gravity and run acceleration, jump rules, MoveAndSlide against the level's
    /// terrain circles and crates, then impulses on the crates it walks into.
    void Step(const CharacterIntent& intent, const CharacterTuning& tuning, Level& level, float dt);

    Vec2 position() const { return position_; }
    /// Position at the previous step (for render interpolation).
    Vec2 previousPosition() const { return previous_; }
    Vec2 velocity() const { return velocity_; }
    bool onGround() const { return onGround_; }
    /// True while a wall (a non-walkable surface) blocked the last move sideways.
    bool blocked() const { return blocked_; }
    /// Seconds left of coyote time / of the buffered jump (0 when none).
    float coyoteLeft() const { return coyoteLeft_; }
    float bufferLeft() const { return bufferLeft_; }
    /// True when the last step started a jump (for the jump sound).
    bool jumpedLastStep() const { return jumpedLastStep_; }
    /// Falling speed (m/s, > 0) with which the last step landed on the ground; 0 when it did not land.
    float landingSpeed() const { return landingSpeed_; }
    /// Crate pushed in the last step (−1 when none).
    int pushedCrate() const { return pushedCrate_; }
    /// Contacts of the last MoveAndSlide, for drawing.
    const MoveAndSlideResult& lastMove() const { return lastMove_; }
    const std::vector<Obstacle>& lastObstacles() const { return obstacles_; }

private:
    void PushCrates(const CharacterIntent& intent, const CharacterTuning& tuning, Level& level, float dt);

    Vec2 spawn_;
    Vec2 position_;
    Vec2 previous_;
    Vec2 velocity_{};
    bool onGround_ = false;
    bool blocked_ = false;
    bool jumping_ = false;
    bool jumpedLastStep_ = false;
    float landingSpeed_ = 0.0f;
    float coyoteLeft_ = 0.0f;
    float bufferLeft_ = 0.0f;
    int pushedCrate_ = -1;
    MoveAndSlideResult lastMove_;
    std::vector<Obstacle> obstacles_;
    std::vector<int> crateOf_;
};

} // namespace sensu::platformer
