#pragma once
// The Platformer character's sprite animation (assets/animations/runner.png): idle, run, jump and
// fall clips chosen from the character's motion, mirrored when it faces left.
#include "character.h"
#include "sensu/app/animation.h"
#include "sensu/app/renderer.h"

namespace sensu::platformer {

/// Clip choice and facing for one Character.
class RunnerAnimation {
public:
    RunnerAnimation();
    /// Picks the clip the character's last step calls for and advances it by dt seconds.
    void Update(const Character& character, float dt);
    /// The current frame centred on `at` (m), as tall as the character.
    void Draw(Renderer& r, Vec2 at, Color tint) const;

    const Animator& animator() const { return animator_; }
    bool facingRight() const { return facingRight_; }

private:
    Animator animator_;
    bool facingRight_ = true;
};

} // namespace sensu::platformer
