#include "sensu_scenes/joints.h"

#include <string>

namespace sensu::scenes {

namespace {

constexpr float kFriction = 0.6f;

int AddPart(SceneDef& scene, Vec2 center, ShapeGeometry geometry, Vec2 velocity, int group) {
    scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = center, .linearVelocity = velocity},
                            .shapes = {{.geometry = std::move(geometry), .density = 1000.0f * 0.2f, .friction = kFriction,
                                        .filter = {.groupIndex = group}}}});
    return static_cast<int>(scene.bodies.size()) - 1;
}

// A vertical capsule limb from y0 (bottom) to y1 (top) at x, as a body centred between its ends.
int AddLimb(SceneDef& scene, float x, float y0, float y1, float radius, Vec2 velocity, int group) {
    const float half = 0.5f * (y1 - y0) - radius;
    return AddPart(scene, {x, 0.5f * (y0 + y1)}, Capsule({0.0f, -half}, {0.0f, half}, radius), velocity, group);
}

// A revolute joint at world point p between two parts built unrotated (anchors relative to their centres).
void AddHinge(SceneDef& scene, int a, int b, Vec2 p, float lower, float upper) {
    const Vec2 ca = scene.bodies[static_cast<size_t>(a)].body.position;
    const Vec2 cb = scene.bodies[static_cast<size_t>(b)].body.position;
    scene.joints.push_back({a, b,
                            RevoluteJointDef{.localAnchorA = p - ca, .localAnchorB = p - cb, .enableLimit = true, .lowerAngle = lower,
                                             .upperAngle = upper, .enableMotor = true, .maxMotorTorque = 2.0f}});
}

SceneDef Ground(std::string name) {
    SceneDef scene;
    scene.name = std::move(name);
    scene.bodies.push_back({.body = {.type = BodyType::Static, .position = {0.0f, -0.5f}},
                            .shapes = {{.geometry = Box({50.0f, 0.5f}), .friction = kFriction}}});
    return scene;
}

} // namespace

RagdollParts AddRagdoll(SceneDef& scene, Vec2 feet, float s, Vec2 velocity, int group) {
    if (!(s > 0.0f) || !IsFinite(s)) throw InvalidArgument("AddRagdoll needs a finite scale > 0");
    RagdollParts r;
    r.first = static_cast<int>(scene.bodies.size());
    const float x = feet.x, y = feet.y;
    for (int side = 0; side < 2; ++side) {
        const float legX = x + s * (side == 0 ? -0.08f : 0.08f);
        r.lowerLeg[side] = AddLimb(scene, legX, y, y + s * 0.48f, s * 0.06f, velocity, group);
        r.upperLeg[side] = AddLimb(scene, legX, y + s * 0.48f, y + s * 0.95f, s * 0.075f, velocity, group);
    }
    r.torso = AddLimb(scene, x, y + s * 0.9f, y + s * 1.5f, s * 0.14f, velocity, group);
    r.head = AddPart(scene, {x, y + s * 1.65f}, Circle({0.0f, 0.0f}, s * 0.12f), velocity, group);
    for (int side = 0; side < 2; ++side) {
        const float armX = x + s * (side == 0 ? -0.2f : 0.2f);
        r.upperArm[side] = AddLimb(scene, armX, y + s * 1.12f, y + s * 1.45f, s * 0.05f, velocity, group);
        r.lowerArm[side] = AddLimb(scene, armX, y + s * 0.8f, y + s * 1.12f, s * 0.045f, velocity, group);
    }
    r.count = static_cast<int>(scene.bodies.size()) - r.first;
    // Limits in rad relative to the standing pose; the small motor torques act as joint friction.
    AddHinge(scene, r.torso, r.head, {x, y + s * 1.53f}, -0.5f, 0.5f);
    for (int side = 0; side < 2; ++side) {
        const float legX = x + s * (side == 0 ? -0.08f : 0.08f);
        const float armX = x + s * (side == 0 ? -0.2f : 0.2f);
        AddHinge(scene, r.torso, r.upperLeg[side], {legX, y + s * 0.95f}, -0.6f, 1.8f);
        AddHinge(scene, r.upperLeg[side], r.lowerLeg[side], {legX, y + s * 0.48f}, -2.3f, 0.0f);
        AddHinge(scene, r.torso, r.upperArm[side], {armX, y + s * 1.42f}, -2.8f, 2.8f);
        AddHinge(scene, r.upperArm[side], r.lowerArm[side], {armX, y + s * 1.12f}, 0.0f, 2.5f);
    }
    return r;
}

SceneDef RagdollPile(int count) {
    if (count < 1) throw InvalidArgument("RagdollPile needs count >= 1");
    SceneDef scene = Ground("ragdolls" + std::to_string(count));
    for (const float x : {-6.0f, 6.0f}) {
        scene.bodies.push_back({.body = {.type = BodyType::Static, .position = {x, 12.5f}},
                                .shapes = {{.geometry = Box({0.25f, 12.5f}), .friction = kFriction}}});
    }
    // Rows of 10, 1 m apart, each row 2.2 m above the last, lying turned by a different angle per row.
    for (int i = 0; i < count; ++i) {
        const int row = i / 10, column = i % 10;
        AddRagdoll(scene, {-4.5f + static_cast<float>(column), 2.0f + 2.2f * static_cast<float>(row)}, 1.0f, {0.0f, 0.0f}, -1 - i);
    }
    return scene;
}

SceneDef JointGrid(int n) {
    if (n < 2) throw InvalidArgument("JointGrid needs n >= 2");
    SceneDef scene;
    scene.name = "joint-grid" + std::to_string(n);
    constexpr float kSpacing = 0.5f;
    const float top = 1.0f + kSpacing * static_cast<float>(n);
    scene.bodies.push_back({.body = {.type = BodyType::Static, .position = {0.0f, top}}, .shapes = {}});
    auto index = [&](int row, int column) { return 1 + row * n + column; };
    for (int row = 0; row < n; ++row) {
        for (int column = 0; column < n; ++column) {
            const Vec2 p{kSpacing * static_cast<float>(column), top - kSpacing * static_cast<float>(row)};
            scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = p},
                                    .shapes = {{.geometry = Circle({0.0f, 0.0f}, 0.2f), .density = 1.0f, .friction = kFriction}}});
        }
    }
    const Vec2 half{0.5f * kSpacing, 0.0f};
    for (int row = 0; row < n; ++row) {
        for (int column = 0; column < n; ++column) {
            const int self = index(row, column);
            const Vec2 p = scene.bodies[static_cast<size_t>(self)].body.position;
            if (row == 0) scene.joints.push_back({0, self, RevoluteJointDef{.localAnchorA = p - Vec2{0.0f, top}, .localAnchorB = {}}});
            if (column + 1 < n) scene.joints.push_back({self, index(row, column + 1), RevoluteJointDef{.localAnchorA = half, .localAnchorB = -half}});
            if (row + 1 < n) {
                const Vec2 down{0.0f, -0.5f * kSpacing};
                scene.joints.push_back({self, index(row + 1, column), RevoluteJointDef{.localAnchorA = down, .localAnchorB = -down}});
            }
        }
    }
    scene.steps = 500;
    return scene;
}

float JointGridSag(int n, std::span<const BodySample> dynamicBodies) {
    const int bottomMiddle = (n - 1) * n + n / 2;
    const float built = 1.0f + 0.5f * static_cast<float>(n) - 0.5f * static_cast<float>(n - 1);
    return built - dynamicBodies[static_cast<size_t>(bottomMiddle)].position.y;
}

} // namespace sensu::scenes
