#include "sensu_scenes/busy.h"

#include <string>

namespace sensu::scenes {

namespace {

constexpr float kFriction = 0.6f;

// SplitMix64: a seeded, portable sequence, so a scene is the same on every machine and engine.
struct SceneRandom {
    uint64_t state;
    float Uniform(float lo, float hi) {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        return lo + (hi - lo) * static_cast<float>(z >> 40) * (1.0f / 16777216.0f);
    }
};

ShapeDef Solid(ShapeGeometry geometry, float density = 1.0f) {
    return {.geometry = std::move(geometry), .density = density, .friction = kFriction, .restitution = 0.0f};
}

SceneBody DynamicBody(Vec2 position, float angle, ShapeGeometry geometry, float density = 1.0f) {
    return {.body = {.type = BodyType::Dynamic, .position = position, .angle = angle}, .shapes = {Solid(std::move(geometry), density)}};
}

std::string Name(const char* prefix, int count) {
    std::string name(prefix);
    name.append(std::to_string(count));
    return name;
}

} // namespace

SceneDef Rain(int batches, int perBatch, int interval, uint64_t seed) {
    if (batches < 1 || perBatch < 1 || interval < 1) throw InvalidArgument("Rain needs batches, perBatch and interval >= 1");
    SceneDef scene;
    scene.name = Name("Rain", batches * perBatch);
    // The bin: floor top at y = 0, walls to y = 20 with inner faces at x = ±20.
    scene.bodies.push_back({.body = {.type = BodyType::Static},
                            .shapes = {Solid(Box({20.5f, 0.5f}, {0.0f, -0.5f})), Solid(Box({0.25f, 10.0f}, {-20.25f, 10.0f})),
                                       Solid(Box({0.25f, 10.0f}, {20.25f, 10.0f}))}});
    SceneRandom random{seed};
    for (int b = 0; b < batches; ++b) {
        for (int i = 0; i < perBatch; ++i) {
            const Vec2 at{random.Uniform(-18.0f, 18.0f), random.Uniform(25.0f, 30.0f)};
            const float angle = random.Uniform(-kPi, kPi);
            const float size = random.Uniform(0.1f, 0.25f);
            ShapeGeometry geometry = Circle({0.0f, 0.0f}, size);
            switch ((b * perBatch + i) % 3) {
                case 0: break;
                case 1: geometry = Box({size, random.Uniform(0.1f, 0.25f)}); break;
                default: geometry = Capsule({-size, 0.0f}, {size, 0.0f}, 0.1f); break;
            }
            scene.spawns.push_back({.step = 1 + b * interval, .body = DynamicBody(at, angle, std::move(geometry))});
        }
    }
    // Long enough for the last batch to land (a 30 m fall takes 2.4 s).
    scene.steps = batches * interval + 150;
    // Contained: no body ends above the bin's rim or below its floor.
    scene.standing = {.idealTopY = 10.0f, .topTolerance = 10.0f};
    return scene;
}

SceneDef Tumbler(int count, float omega) {
    if (count < 1 || count > 63 * 60) throw InvalidArgument("Tumbler needs 1 <= count <= 3,780 (63 per row, 60 rows)");
    RequireFinite(omega, "Tumbler omega");
    SceneDef scene;
    scene.name = Name("Tumbler", count);
    const Vec2 centre{0.0f, 10.0f};
    scene.bodies.push_back({.body = {.type = BodyType::Kinematic, .position = centre, .angularVelocity = omega},
                            .shapes = {Solid(Box({10.0f, 0.5f}, {0.0f, -10.0f})), Solid(Box({10.0f, 0.5f}, {0.0f, 10.0f})),
                                       Solid(Box({0.5f, 10.0f}, {-10.0f, 0.0f})), Solid(Box({0.5f, 10.0f}, {10.0f, 0.0f}))}});
    // A grid 0.3 m apart from the inner floor up (63 per row: 2,000 boxes fill 32 rows, 9.6 m).
    constexpr float kSpacing = 0.3f;
    constexpr int kPerRow = 63;
    for (int k = 0; k < count; ++k) {
        const float x = -9.3f + kSpacing * static_cast<float>(k % kPerRow);
        const float y = 0.65f + kSpacing * static_cast<float>(k / kPerRow);
        scene.bodies.push_back(DynamicBody({x, y}, 0.0f, Box({0.125f, 0.125f})));
    }
    // Contained: every box stays inside the tumbler (its corners reach 10√2 m from the centre).
    scene.standing = {.idealTopY = centre.y, .topTolerance = 14.2f};
    return scene;
}

SceneDef Smash(int columns, int rows) {
    if (columns < 1 || rows < 1 || columns * rows > 100000) throw InvalidArgument("Smash needs 1 <= columns × rows <= 100,000");
    SceneDef scene;
    scene.name = Name("Smash", columns * rows);
    scene.gravity = {0.0f, 0.0f};
    constexpr float kHalf = 0.2f;
    const float bottom = -kHalf * static_cast<float>(rows);
    for (int c = 0; c < columns; ++c) {
        for (int r = 0; r < rows; ++r) {
            const Vec2 at{kHalf + 2.0f * kHalf * static_cast<float>(c), bottom + kHalf + 2.0f * kHalf * static_cast<float>(r)};
            scene.bodies.push_back(DynamicBody(at, 0.0f, Box({kHalf, kHalf})));
        }
    }
    SceneBody ram = DynamicBody({-11.0f, 0.0f}, 0.0f, Box({1.0f, 1.0f}), 8.0f);
    ram.body.linearVelocity = {40.0f, 0.0f};
    scene.bodies.push_back(std::move(ram));
    // No target shape to keep: the check is that every body is still finite.
    scene.standing = {.idealTopY = 0.0f, .topTolerance = 1e30f};
    return scene;
}

SceneDef ManyPyramids(int across, int down, int rows) {
    if (across < 1 || down < 1 || rows < 1) throw InvalidArgument("ManyPyramids needs across, down and rows >= 1");
    SceneDef scene;
    scene.name = Name("Pyramids", across * down * rows * (rows + 1) / 2);
    scene.steps = 200;
    const float pitchX = static_cast<float>(rows + 2);
    const float pitchY = static_cast<float>(rows + 2);
    const float halfWidth = 0.5f * pitchX * static_cast<float>(across);
    for (int d = 0; d < down; ++d) {
        const float floorTop = pitchY * static_cast<float>(d);
        scene.bodies.push_back({.body = {.type = BodyType::Static, .position = {0.0f, floorTop - 0.5f}},
                                .shapes = {Solid(Box({halfWidth + 1.0f, 0.5f}))}});
        for (int a = 0; a < across; ++a) {
            const float centreX = -halfWidth + pitchX * (static_cast<float>(a) + 0.5f);
            for (int i = 0; i < rows; ++i) {
                const int count = rows - i;
                for (int j = 0; j < count; ++j) {
                    const float x = centreX + static_cast<float>(j) - 0.5f * static_cast<float>(count - 1);
                    scene.bodies.push_back(DynamicBody({x, floorTop + static_cast<float>(i) + 0.5f}, 0.0f, Box({0.5f, 0.5f})));
                }
            }
        }
    }
    // The apexes of the top row of pyramids within 0.1 m of their ideal height.
    scene.standing = {.idealTopY = pitchY * static_cast<float>(down - 1) + static_cast<float>(rows) - 0.5f, .topTolerance = 0.1f};
    return scene;
}

} // namespace sensu::scenes
