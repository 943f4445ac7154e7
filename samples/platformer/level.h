#pragma once
// Platformer sample: the level. Terrain pieces are sprites from assets/sprites whose collision shape is
// a static compound body of circles approximated from the sprite's alpha mask (seed 003's Morton-order
// quadtree, sensu/geometry/circle_approximation.h); crates are dynamic boxes of the World.
#include <span>
#include <string>
#include <vector>

#include "level_file.h"
#include "sensu/geometry/move_and_slide.h"
#include "sensu/physics/world.h"

namespace sensu::platformer {

/// One sprite placed in the level as a static compound body of circles.
struct TerrainPiece {
    std::string sprite;           ///< resolved path of the PNG
    Vec2 position{};              ///< m, world position of the image centre (the body origin)
    Vec2 size{};                  ///< m, the whole image as drawn
    std::vector<Circle> circles;  ///< body-local circles (m)
    double iou = 0.0;             ///< coverage of the sprite's mask by the circles, [0, 1]
};

/// A coin: a static sensor circle the character takes by entering it (a sensor begin event).
struct Coin {
    BodyId body;
    ShapeId shape;
    Vec2 position{};
    bool taken = false;
};

/// A dynamic box and where it returns to when it falls out of the level.
struct Crate {
    BodyId body;
    Vec2 spawn{};
};

class Level {
public:
    /// Side of a crate (m).
    static constexpr float kCrateSize = 0.8f;

    /// Builds the level file's terrain (each sprite approximated by at most `maxCircles` circles,
    /// 1 … 10000) and crates, then lets the crates settle so the level starts at rest. Throws
    /// InvalidArgument naming the sprite when assets/sprites cannot be read.
    Level(const LevelFile& file, int maxCircles);

    World& world() { return world_; }
    const World& world() const { return world_; }
    std::span<const TerrainPiece> terrain() const { return terrain_; }
    std::span<const Crate> crates() const { return crates_; }
    int TerrainCircleCount() const { return static_cast<int>(terrainCircles_.size()); }
    /// Where the character starts (m).
    Vec2 CharacterSpawn() const { return file_.spawn; }
    /// Anything below this height (m) has fallen out of the level.
    float KillHeight() const { return file_.killHeight; }
    /// x range of the walkable level (m).
    float LeftEnd() const { return file_.leftEnd; }
    float RightEnd() const { return file_.rightEnd; }
    /// The level's name from its file.
    const std::string& name() const { return file_.name; }

    /// Fills `obstacles` with the terrain circles overlapping `region` and every crate near it (as a
    /// box), and `crateOf` with the crate index of each obstacle (−1 for terrain).
    void GatherObstacles(const AABB& region, std::vector<Obstacle>& obstacles, std::vector<int>& crateOf) const;
    /// Steps the world by dt seconds and returns fallen crates to their spawn point. Coins the
    /// character's body entered this step are taken (their bodies destroyed); all come back when the
    /// last one is taken.
    void Step(float dt);
    /// The character is moved by MoveAndSlide, outside the World; a kinematic body of its capsule
    /// follows it (call before Step with the character's new position) so the coins' sensors see it.
    /// Its filter meets only the coins: it pushes nothing.
    void MoveCharacterBody(Vec2 position, float dt);
    std::span<const Coin> coins() const { return coins_; }
    int CoinsTaken() const { return coinsTaken_; }

private:
    void AddPiece(const std::string& spriteStem, Vec2 position, float pixelsPerMetre, int maxCircles);
    void AddCrate(Vec2 position);
    void AddCoins();
    void TakeCoins();

    LevelFile file_;
    World world_;
    std::vector<TerrainPiece> terrain_;
    std::vector<Circle> terrainCircles_;  // world space, for the character's obstacles
    std::vector<Crate> crates_;
    std::vector<Coin> coins_;
    BodyId characterBody_;
    ShapeId characterShape_;
    int coinsTaken_ = 0;
};

} // namespace sensu::platformer
