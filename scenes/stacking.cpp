#include "sensu_scenes/stacking.h"

#include <string>

namespace sensu::scenes {

namespace {

// Built with append: GCC 12 warns falsely (-Wrestrict) on `"A" + std::to_string(n)`.
std::string Name(const char* prefix, int a, int b = -1) {
    std::string name(prefix);
    name.append(std::to_string(a));
    if (b >= 0) name.append("x").append(std::to_string(b));
    return name;
}

constexpr float kFriction = 0.6f;
constexpr float kGroundHalfWidth = 200.0f;

SceneDef BaseScene(std::string name) {
    SceneDef scene;
    scene.name = std::move(name);
    // Ground: a static box whose top face is y = 0.
    scene.bodies.push_back({.body = {.type = BodyType::Static, .position = {0.0f, -0.5f}},
                            .shapes = {{.geometry = Box({kGroundHalfWidth, 0.5f}), .friction = kFriction}}});
    return scene;
}

void AddBox(SceneDef& scene, Vec2 center, Vec2 halfExtents) {
    scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = center},
                            .shapes = {{.geometry = Box(halfExtents), .density = 1.0f, .friction = kFriction, .restitution = 0.0f}}});
}

// A column of `count` drop-stack boxes at x, box k centred at y = 1 + k.
void AddDropColumn(SceneDef& scene, float x, int count) {
    for (int k = 0; k < count; ++k) AddBox(scene, {x, 1.0f + static_cast<float>(k)}, {0.5f, 0.25f});
}

// A drop column of n boxes 0.5 m tall ends with its top box centred at 0.25 + 0.5 (n − 1).
// Target: within 1 % of that height + 0.02 m, |angle| ≤ 0.05 rad, x drift ≤ 0.1 m.
StandingCriteria DropCriteria(int tallestColumn) {
    const float ideal = 0.25f + 0.5f * static_cast<float>(tallestColumn - 1);
    return {.idealTopY = ideal, .topTolerance = 0.01f * ideal + 0.02f, .maxAngle = 0.05f, .maxDrift = 0.1f};
}

} // namespace

// snippet-begin: drop-stack
SceneDef DropStack(int n) {
    if (n < 1) throw InvalidArgument("DropStack needs n >= 1");
    SceneDef scene = BaseScene(Name("A", n));
    const int left = (n + 1) / 2;
    AddDropColumn(scene, -1.5f, left);
    AddDropColumn(scene, 1.5f, n - left);
    scene.standing = DropCriteria(left);
    return scene;
}
// snippet-end: drop-stack

SceneDef DropStackGrid(int columns, int perColumn) {
    if (columns < 1 || perColumn < 1) throw InvalidArgument("DropStackGrid needs columns >= 1 and perColumn >= 1");
    SceneDef scene = BaseScene(Name("A", columns, perColumn));
    for (int c = 0; c < columns; ++c) AddDropColumn(scene, 3.0f * (static_cast<float>(c) - 0.5f * static_cast<float>(columns - 1)), perColumn);
    scene.standing = DropCriteria(perColumn);
    return scene;
}

SceneDef Pyramid(int rows) {
    if (rows < 1) throw InvalidArgument("Pyramid needs rows >= 1");
    SceneDef scene = BaseScene(Name(rows <= 20 ? "B" : "C", rows));
    for (int i = 0; i < rows; ++i) {
        const int count = rows - i;
        for (int j = 0; j < count; ++j) {
            const float x = static_cast<float>(j) - 0.5f * static_cast<float>(count - 1);
            AddBox(scene, {x, static_cast<float>(i) + 0.5f}, {0.5f, 0.5f});
        }
    }
    // Target: the apex within 0.1 m of its ideal height.
    scene.standing = {.idealTopY = static_cast<float>(rows) - 0.5f, .topTolerance = 0.1f};
    return scene;
}

SceneDef RestedField(int columns, int perColumn) {
    if (columns < 1 || perColumn < 1 || columns > 400) throw InvalidArgument("RestedField needs 1 <= columns <= 400 and perColumn >= 1");
    SceneDef scene = BaseScene(Name("D", columns, perColumn));
    const float firstX = -0.25f * static_cast<float>(columns - 1);
    for (int c = 0; c < columns; ++c)
        for (int k = 0; k < perColumn; ++k)
            AddBox(scene, {firstX + 0.5f * static_cast<float>(c), 0.25f + 0.5f * static_cast<float>(k)}, {0.2f, 0.25f});
    const float ballX = 0.25f * static_cast<float>(columns) + 2.0f;
    scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = {ballX, 0.5f}, .linearVelocity = {3.0f, 0.0f}},
                            .shapes = {{.geometry = Circle({}, 0.5f), .density = 1.0f, .friction = kFriction}}});
    // 2,000 steps: the columns rest within the first few dozen, what the scene measures is the rest.
    // Target: the columns' top boxes within 0.1 m of their height, as the pyramids' apex (angle and drift
    // are not checked: the ball rolls). With one row of boxes the ball is the highest body, 0.5 m up.
    scene.steps = 2000;
    const float top = perColumn == 1 ? 0.5f : 0.25f + 0.5f * static_cast<float>(perColumn - 1);
    scene.standing = {.idealTopY = top, .topTolerance = 0.1f};
    return scene;
}

} // namespace sensu::scenes
