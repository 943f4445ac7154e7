#include "level.h"

#include "sensu/app/image_mask.h"
#include "sensu/geometry/circle_approximation.h"

namespace sensu::platformer {

namespace {

// Seconds the crates get to fall into place and freeze (seed 004 rest states) before play starts.
constexpr float kSettleSeconds = 2.0f;
constexpr float kSettleStep = 1.0f / 60.0f;

// Collision categories: the character's body meets only coins, coins only the character.
constexpr uint64_t kCharacterBit = 1 << 1, kCoinBit = 1 << 2;
constexpr float kCoinRadius = 0.25f;

} // namespace

Level::Level(const LevelFile& file, int maxCircles) : file_(file), world_(WorldDef{}) {
    for (const TerrainDef& t : file_.terrain) AddPiece(t.sprite, t.position, t.pixelsPerMetre, maxCircles);
    for (const Vec2 crate : file_.crates) AddCrate(crate);
    AddCoins();
    characterBody_ = world_.CreateBody({.type = BodyType::Kinematic, .position = CharacterSpawn()});
    // Character::kShape is 0.3 m round, 0.4 m half height (character.h).
    characterShape_ = world_.CreateShape(characterBody_, {.geometry = Capsule({0.0f, -0.4f}, {0.0f, 0.4f}, 0.3f),
                                                          .filter = {.categoryBits = kCharacterBit, .maskBits = kCoinBit}});

    for (float t = 0.0f; t < kSettleSeconds; t += kSettleStep) world_.Step(kSettleStep);
}

void Level::AddPiece(const std::string& spriteStem, Vec2 position, float pixelsPerMetre, int maxCircles) {
    const AlphaImage image = LoadAlphaImage("assets/sprites/" + spriteStem + ".png");
    const AlphaMask mask = image.Threshold(128);
    const PixelFrame frame = PixelFrame::Centered(mask, pixelsPerMetre);
    CircleApproximationSettings settings;
    settings.maxCircles = maxCircles;
    const CircleApproximation approx = ApproximateSpriteWithCircles(mask, frame, settings);

    TerrainPiece piece{.sprite = image.path,
                       .position = position,
                       .size = {static_cast<float>(mask.width()) / pixelsPerMetre, static_cast<float>(mask.height()) / pixelsPerMetre},
                       .circles = approx.circles,
                       .iou = CircleCoverageIoU(mask, approx.pixels.circles)};
    const BodyId body = world_.CreateBody({.type = BodyType::Static, .position = position});
    for (const Circle& c : piece.circles) {
        world_.CreateShape(body, {.geometry = c, .friction = 0.8f});
        terrainCircles_.emplace_back(c.center() + position, c.radius());
    }
    terrain_.push_back(std::move(piece));
}

void Level::AddCrate(Vec2 position) {
    const BodyId body = world_.CreateBody({.type = BodyType::Dynamic, .position = position});
    world_.CreateShape(body, {.geometry = Box({0.5f * kCrateSize, 0.5f * kCrateSize}), .density = 2.0f, .friction = 0.6f});
    crates_.push_back({body, position});
}

void Level::AddCoins() {
    coins_.clear();
    for (Vec2 spot : file_.coins) {
        const BodyId body = world_.CreateBody({.position = spot});
        const ShapeId shape = world_.CreateShape(
            body, {.geometry = Circle({0, 0}, kCoinRadius), .filter = {.categoryBits = kCoinBit, .maskBits = kCharacterBit}, .isSensor = true});
        coins_.push_back({body, shape, spot});
    }
}

void Level::MoveCharacterBody(Vec2 position, float dt) {
    world_.SetLinearVelocity(characterBody_, (1.0f / dt) * (position - world_.GetPosition(characterBody_)));
}

// Sensor events are read after the step; bodies are destroyed after the loop (a destroy invalidates
// the event spans).
void Level::TakeCoins() {
    std::vector<BodyId> taken;
    for (const SensorBeginTouchEvent& e : world_.GetSensorEvents().beginEvents) {
        if (e.visitorShape != characterShape_) continue;
        for (Coin& coin : coins_) {
            if (coin.taken || coin.shape != e.sensorShape) continue;
            coin.taken = true;
            ++coinsTaken_;
            taken.push_back(coin.body);
        }
    }
    for (BodyId body : taken) world_.DestroyBody(body);
    for (const Coin& coin : coins_)
        if (!coin.taken) return;
    AddCoins();  // all taken: a new round
}

void Level::GatherObstacles(const AABB& region, std::vector<Obstacle>& obstacles, std::vector<int>& crateOf) const {
    obstacles.clear();
    crateOf.clear();
    for (const Circle& c : terrainCircles_) {
        const Vec2 r{c.radius(), c.radius()};
        if (!Overlaps(AABB{c.center() - r, c.center() + r}, region)) continue;
        obstacles.push_back({c, Transform{}});
        crateOf.push_back(-1);
    }
    // A crate's bounding circle: half its diagonal.
    const float reach = 0.75f * kCrateSize;
    for (size_t i = 0; i < crates_.size(); ++i) {
        const Transform xf = world_.GetTransform(crates_[i].body);
        if (!Overlaps(AABB{xf.p - Vec2{reach, reach}, xf.p + Vec2{reach, reach}}, region)) continue;
        obstacles.push_back({Box({0.5f * kCrateSize, 0.5f * kCrateSize}), xf});
        crateOf.push_back(static_cast<int>(i));
    }
}

void Level::Step(float dt) {
    world_.Step(dt);
    TakeCoins();
    for (const Crate& crate : crates_) {
        if (world_.GetPosition(crate.body).y > KillHeight()) continue;
        world_.SetTransform(crate.body, crate.spawn + Vec2{0.0f, 2.0f}, 0.0f);
        world_.SetLinearVelocity(crate.body, {});
        world_.SetAngularVelocity(crate.body, 0.0f);
    }
}

} // namespace sensu::platformer
