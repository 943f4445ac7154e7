#include "level.h"

#include "sensu/app/image_mask.h"
#include "sensu/geometry/circle_approximation.h"

namespace sensu::platformer {

namespace {

// Seconds the crates get to fall into place and freeze (seed 004 rest states) before play starts.
constexpr float kSettleSeconds = 2.0f;
constexpr float kSettleStep = 1.0f / 60.0f;

} // namespace

Level::Level(const LevelFile& file, int maxCircles) : file_(file), world_(WorldDef{}) {
    for (const TerrainDef& t : file_.terrain) AddPiece(t.sprite, t.position, t.pixelsPerMetre, maxCircles);
    for (const Vec2 crate : file_.crates) AddCrate(crate);
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
    for (const Crate& crate : crates_) {
        if (world_.GetPosition(crate.body).y > KillHeight()) continue;
        world_.SetTransform(crate.body, crate.spawn + Vec2{0.0f, 2.0f}, 0.0f);
        world_.SetLinearVelocity(crate.body, {});
        world_.SetAngularVelocity(crate.body, 0.0f);
    }
}

} // namespace sensu::platformer
