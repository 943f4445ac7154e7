#include "game.h"

#include <algorithm>
#include <cmath>

namespace sensu::triggers {

namespace {

constexpr float kRunSpeed = 5.0f;        // m/s
constexpr float kJumpSpeed = 10.0f;      // m/s: apex 5 m at g = 10 m/s²
constexpr float kDropTime = 0.25f;       // s a drop-through lasts
constexpr float kDoorSpeed = 3.0f;       // m/s
constexpr float kDoorX = 8.0f;           // m
constexpr float kFlashTime = 0.5f;       // s

struct PlatformDef {
    Vec2 center;
    float halfWidth;
};
constexpr PlatformDef kPlatforms[] = {{{-6.0f, 2.2f}, 1.8f}, {{-1.5f, 4.2f}, 1.8f}, {{3.0f, 2.4f}, 1.8f}};
constexpr float kPlatformHalfHeight = 0.1f;

// Coins in the autopilot's order: on the first platform, on the ground, on the high platform, on the
// low platform, then the two behind the door.
constexpr Vec2 kCoins[] = {{-6.0f, 2.8f}, {-9.5f, 0.5f}, {-0.5f, 4.8f}, {2.5f, 3.0f}, {10.0f, 0.5f}, {11.2f, 0.5f}};

} // namespace

Game::Game() : world_({.gravity = {0.0f, -10.0f}}) {
    // Ground and the two end walls.
    const BodyId ground = world_.CreateBody({.position = {0.0f, -0.5f}});
    world_.CreateShape(ground, {.geometry = Box({13.0f, 0.5f})});
    for (float x : {-12.5f, 12.5f}) {
        const BodyId wall = world_.CreateBody({.position = {x, 5.0f}});
        world_.CreateShape(wall, {.geometry = Box({0.5f, 5.0f})});
    }
    // One-way platforms: ordinary static boxes; the pre-solve hook decides which contacts hold.
    for (const PlatformDef& p : kPlatforms) {
        const BodyId body = world_.CreateBody({.position = p.center});
        platforms_.push_back(world_.CreateShape(body, {.geometry = Box({p.halfWidth, kPlatformHalfHeight})}));
    }
    world_.SetPreSolve(&Game::PreSolve, this);

    player_ = world_.CreateBody({.type = BodyType::Dynamic, .position = {-6.0f, kPlayerRadius}});
    playerShape_ = world_.CreateShape(player_, {.geometry = Circle({0, 0}, kPlayerRadius), .friction = 0.2f, .enableHitEvents = true});

    for (Vec2 c : kCoins) {
        const BodyId body = world_.CreateBody({.position = c});
        coins_.push_back({body, world_.CreateShape(body, {.geometry = Circle({0, 0}, 0.3f), .isSensor = true}), c});
    }
    // The pressure plate: a sensor lying on the high platform's left end. Anything on it (the player,
    // a crate) keeps the door open.
    const BodyId plateBody = world_.CreateBody({.position = {-2.7f, 4.55f}});
    plate_ = world_.CreateShape(plateBody, {.geometry = Box({0.5f, 0.25f}), .isSensor = true});
    // The door: a kinematic box the plate slides up.
    door_ = world_.CreateBody({.type = BodyType::Kinematic, .position = {kDoorX, kDoorClosedY}});
    world_.CreateShape(door_, {.geometry = Box({0.25f, 1.5f})});

    for (Vec2 c : {Vec2{-3.5f, 0.35f}, Vec2{4.2f, 2.85f}, Vec2{5.5f, 0.35f}, Vec2{5.5f, 1.05f}}) {
        const BodyId crate = world_.CreateBody({.type = BodyType::Dynamic, .position = c});
        world_.CreateShape(crate, {.geometry = Box({0.35f, 0.35f}), .enableHitEvents = true});
        crates_.push_back(crate);
    }
}

bool Game::IsPlatform(ShapeId shape) const { return std::find(platforms_.begin(), platforms_.end(), shape) != platforms_.end(); }

// The one-way rule, inside World::Step (it only reads): a contact with a platform holds while the
// normal from the platform to the other shape points up and that shape is not sunk into the platform
// (then it is coming up through it), and not while the player drops through.
bool Game::PreSolve(const PreSolveContact& contact, void* context) {
    const Game& game = *static_cast<const Game*>(context);
    const bool platformA = game.IsPlatform(contact.shapeA);
    if (!platformA && !game.IsPlatform(contact.shapeB)) return true;
    const ShapeId other = platformA ? contact.shapeB : contact.shapeA;
    if (other == game.playerShape_ && game.dropTimer_ > 0.0f) return false;
    const float up = (platformA ? 1.0f : -1.0f) * contact.manifold.normal.y;
    if (up < 0.7f) return false;
    for (int p = 0; p < contact.manifold.pointCount; ++p)
        if (contact.manifold.points[p].separation < -0.05f) return false;
    return true;
}

void Game::Step(const Controls& controls, float dt) {
    Vec2 v = world_.GetLinearVelocity(player_);
    v.x = kRunSpeed * std::clamp(controls.move, -1.0f, 1.0f);
    if (controls.jump && grounded_) v.y = kJumpSpeed;
    world_.SetLinearVelocity(player_, v);
    if (controls.drop && grounded_) dropTimer_ = kDropTime;
    MoveDoor(dt);

    world_.Step(dt);

    dropTimer_ = std::max(dropTimer_ - dt, 0.0f);
    ReadEvents(dt);
    UpdateGrounded();
    stepsOnPlatform_ += onPlatform_ ? 1 : 0;
}

// Events are arrays read after the step: taking a coin destroys its body, which is only allowed here,
// outside the step (and after the loop: a destroy invalidates the spans).
void Game::ReadEvents(float dt) {
    const ContactEvents contacts = world_.GetContactEvents();
    counts_.contactBegins += static_cast<int>(contacts.beginEvents.size());
    counts_.contactEnds += static_cast<int>(contacts.endEvents.size());
    counts_.hits += static_cast<int>(contacts.hitEvents.size());
    for (Flash& f : flashes_) f.age += dt;
    std::erase_if(flashes_, [](const Flash& f) { return f.age > kFlashTime; });
    for (const ContactHitEvent& hit : contacts.hitEvents) flashes_.push_back({hit.point, hit.approachSpeed, 0.0f});

    const SensorEvents sensors = world_.GetSensorEvents();
    counts_.sensorBegins += static_cast<int>(sensors.beginEvents.size());
    counts_.sensorEnds += static_cast<int>(sensors.endEvents.size());
    toDestroy_.clear();
    for (const SensorBeginTouchEvent& e : sensors.beginEvents) {
        if (e.sensorShape == plate_) ++plateVisitors_;
        if (e.visitorShape != playerShape_) continue;
        for (Coin& coin : coins_) {
            if (coin.taken || coin.shape != e.sensorShape) continue;
            coin.taken = true;
            ++coinsTaken_;
            toDestroy_.push_back(coin.body);
        }
    }
    for (const SensorEndTouchEvent& e : sensors.endEvents)
        if (e.sensorShape == plate_) --plateVisitors_;
    for (BodyId body : toDestroy_) world_.DestroyBody(body);
    if (plateVisitors_ > 0) doorTimer_ = kDoorHoldTime;
    doorTimer_ = std::max(doorTimer_ - dt, 0.0f);
}

void Game::MoveDoor(float dt) {
    const float target = doorOpen() ? kDoorOpenY : kDoorClosedY;
    const float y = world_.GetPosition(door_).y;
    const float gap = std::fabs(target - y);
    const float speed = gap < 1e-4f ? 0.0f : std::min(kDoorSpeed, gap / dt);  // arrives, then stops
    world_.SetLinearVelocity(door_, {0.0f, target > y ? speed : -speed});
}

// Standing: a contact point under the player (normal up into it, touching) while not moving up.
void Game::UpdateGrounded() {
    grounded_ = false;
    onPlatform_ = false;
    if (world_.GetLinearVelocity(player_).y > 0.5f) return;
    std::vector<ContactPointInfo> points;
    world_.GetContactPoints(points);
    for (const ContactPointInfo& p : points) {
        if (!(p.bodyA == player_ || p.bodyB == player_)) continue;
        const Vec2 up = p.bodyB == player_ ? p.normal : -p.normal;
        if (up.y < 0.6f || p.separation > 0.03f) continue;
        grounded_ = true;
        const BodyId other = p.bodyA == player_ ? p.bodyB : p.bodyA;
        for (ShapeId platform : platforms_) onPlatform_ = onPlatform_ || world_.GetBody(platform) == other;
    }
}

Controls Game::Autopilot() const {
    Controls c;
    const Coin* next = nullptr;
    for (const Coin& coin : coins_) {
        if (!coin.taken) {
            next = &coin;
            break;
        }
    }
    if (next == nullptr) return c;
    Vec2 target = next->position;
    // Coins behind a closed door: the plate first.
    if (target.x > kDoorX && !doorOpen()) target = {-2.7f, 4.7f};
    const Vec2 p = world_.GetPosition(player_);
    const float dx = target.x - p.x;
    c.move = std::clamp(2.0f * dx, -1.0f, 1.0f);
    c.jump = target.y > p.y + 1.0f && std::fabs(dx) < 1.0f;
    c.drop = target.y < p.y - 1.0f;
    return c;
}

} // namespace sensu::triggers
