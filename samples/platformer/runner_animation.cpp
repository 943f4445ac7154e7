#include "runner_animation.h"

#include <cmath>

namespace sensu::platformer {

namespace {

// 8 frames of 64 × 64 px in one row (assets/animations/generate_runner.py draws them).
const SpriteSheet kRunnerSheet{.texture = "assets/animations/runner.png", .frameWidth = 64, .frameHeight = 64, .columns = 8};
// m: a frame's side, so the drawn figure (55 of the 64 px) is as tall as the 1.4 m capsule plus shoes.
constexpr float kFrameSize = 1.8f;
// m/s: slower than this on the ground is standing (idle), faster is running.
constexpr float kRunSpeed = 0.5f;
// m/s: horizontal speed that turns the character around (below it, it keeps facing the same way).
constexpr float kTurnSpeed = 0.1f;

} // namespace

RunnerAnimation::RunnerAnimation()
    : animator_(kRunnerSheet, {{.name = "idle", .frames = {0, 1}, .frameSeconds = 0.5f},
                               {.name = "run", .frames = {2, 3, 4, 5}, .frameSeconds = 0.09f},
                               {.name = "jump", .frames = {6}, .frameSeconds = 0.2f, .loop = false},
                               {.name = "fall", .frames = {7}, .frameSeconds = 0.2f, .loop = false}}) {}

void RunnerAnimation::Update(const Character& character, float dt) {
    const Vec2 v = character.velocity();
    if (v.x > kTurnSpeed) facingRight_ = true;
    if (v.x < -kTurnSpeed) facingRight_ = false;
    if (character.onGround()) animator_.Play(std::fabs(v.x) > kRunSpeed ? "run" : "idle");
    else animator_.Play(v.y > 0.0f ? "jump" : "fall");
    animator_.Update(dt);
}

void RunnerAnimation::Draw(Renderer& r, Vec2 at, Color tint) const {
    const Texture& texture = r.LoadTexture(kRunnerSheet.texture);
    r.DrawSpriteFrame(texture, kRunnerSheet.FrameRect(animator_.frame()), at, {kFrameSize, kFrameSize}, !facingRight_, 0.0f, tint);
}

} // namespace sensu::platformer
