#include "character.h"

#include <cmath>

namespace sensu::platformer {

namespace {

constexpr float kMaxFallSpeed = 20.0f;  // m/s: terminal velocity, keeps a long fall readable
constexpr float kGroundSnap = 0.15f;    // m: how far down the character follows bumpy ground instead of hopping off it
constexpr float kWallNormalX = 0.7f;    // |n.x| above this: a wall (or a crate's side), not a floor or ceiling
const MoveAndSlideSettings kMove{};     // MoveAndSlide's defaults: ε skin, 4 slides, 50° slopes

bool Walkable(Vec2 normal) { return normal.y >= std::cos(kMove.maxSlopeAngle); }

} // namespace

void Character::Step(const CharacterIntent& intent, const CharacterTuning& tuning, Level& level, float dt) {
    previous_ = position_;
    const float run = Clamp(intent.run, -1.0f, 1.0f);

    // Run: accelerate towards the wanted speed, more slowly in the air.
    const float accel = (onGround_ ? tuning.groundAccel : tuning.airAccel) * dt;
    velocity_.x += Clamp(run * tuning.runSpeed - velocity_.x, -accel, accel);

    // Jump buffer and coyote time: a jump happens when both windows are open at once.
    bufferLeft_ = intent.jumpPressed ? tuning.jumpBuffer : Max(bufferLeft_ - dt, 0.0f);
    coyoteLeft_ = onGround_ ? tuning.coyoteTime : Max(coyoteLeft_ - dt, 0.0f);
    bool jumped = false;
    if (bufferLeft_ > 0.0f && coyoteLeft_ > 0.0f) {
        velocity_.y = std::sqrt(2.0f * tuning.gravity * tuning.jumpHeight);  // v² = 2 g h at the apex
        bufferLeft_ = 0.0f;
        coyoteLeft_ = 0.0f;
        jumping_ = true;
        jumped = true;
    }
    // Letting go of the button while rising cuts the rise: a short hop.
    if (jumping_ && !intent.jumpHeld && velocity_.y > 0.0f) {
        velocity_.y *= 0.5f;
        jumping_ = false;
    }
    velocity_.y = Max(velocity_.y - tuning.gravity * dt, -kMaxFallSpeed);

    // Move through the terrain circles and crates near the character.
    const Vec2 move = dt * velocity_;
    const float reach = Length(move) + kShape.radius + kShape.halfHeight + kGroundSnap + 0.5f;
    level.GatherObstacles({position_ - Vec2{reach, reach}, position_ + Vec2{reach, reach}}, obstacles_, crateOf_);
    MoveAndSlideResult r = MoveAndSlide(kShape, position_, move, obstacles_, kMove);
    // Walking down a bumpy slope would leave the ground every bump: follow it down a little instead.
    if (!r.onGround && onGround_ && !jumped && velocity_.y <= 0.0f) {
        const MoveAndSlideResult snap = MoveAndSlide(kShape, r.position, {0.0f, -kGroundSnap}, obstacles_, kMove);
        if (snap.onGround) {
            r.position = snap.position;
            r.onGround = true;
            r.groundNormal = snap.groundNormal;
        }
    }
    position_ = r.position;
    landingSpeed_ = r.onGround && !onGround_ ? Max(-velocity_.y, 0.0f) : 0.0f;
    jumpedLastStep_ = jumped;
    onGround_ = r.onGround;
    lastMove_ = r;

    // Walls and ceilings take away the velocity into them; a crate's side does not (it is pushed
    // instead, and the character follows it).
    bool wallAhead = false;
    for (int i = 0; i < r.contactCount; ++i) {
        const MoveContact& c = r.contacts[i];
        if (Walkable(c.normal)) continue;
        const bool side = std::fabs(c.normal.x) > kWallNormalX;
        if (side && c.normal.x * run < 0.0f) wallAhead = true;
        if (side && crateOf_[static_cast<size_t>(c.obstacle)] >= 0) continue;
        const float into = Dot(velocity_, c.normal);
        if (into < 0.0f) velocity_ -= into * c.normal;
    }
    if (onGround_ && velocity_.y < 0.0f) velocity_.y = 0.0f;
    if (onGround_ && !jumped) jumping_ = false;
    blocked_ = wallAhead && std::fabs(position_.x - previous_.x) < 0.25f * std::fabs(run) * tuning.runSpeed * dt;

    PushCrates(intent, tuning, level, dt);

    if (position_.y < level.KillHeight()) {
        position_ = previous_ = spawn_;
        velocity_ = {};
    }
}

void Character::PushCrates(const CharacterIntent& intent, const CharacterTuning& tuning, Level& level, float dt) {
    pushedCrate_ = -1;
    World& world = level.world();
    for (int i = 0; i < lastMove_.contactCount; ++i) {
        const MoveContact& c = lastMove_.contacts[i];
        const int crate = crateOf_[static_cast<size_t>(c.obstacle)];
        if (crate < 0 || std::fabs(c.normal.x) <= kWallNormalX) continue;
        // The normal points from the crate to the character: push the other way, only when running that way.
        const float direction = c.normal.x > 0.0f ? -1.0f : 1.0f;
        if (intent.run * direction <= 0.0f) continue;
        const BodyId body = level.crates()[static_cast<size_t>(crate)].body;
        const float wanted = std::fabs(intent.run) * tuning.pushSpeed;
        const float speedUp = wanted - direction * world.GetLinearVelocity(body).x;
        if (speedUp <= 0.0f) continue;
        // Impulse to bring the crate to the push speed, limited by the character's strength (F·dt).
        const float impulse = Min(world.GetMass(body) * speedUp, tuning.maxPushForce * dt);
        // Applied at the crate's centre height, so a push slides a crate rather than tipping it over.
        const Vec2 at{c.point.x, world.GetWorldCenter(body).y};
        world.ApplyLinearImpulse(body, {direction * impulse, 0.0f}, at);
        pushedCrate_ = crate;
    }
}

} // namespace sensu::platformer
