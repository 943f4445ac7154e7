#include "sensu_scenes/tunnelling.h"

#include <cmath>
#include <random>

#include "sensu/geometry/overlap.h"

namespace sensu::scenes {

namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr Vec2 kBladeHalf{1.0f, 0.05f};  // 2 m × 0.1 m
constexpr float kTargetRadius = 0.025f;
constexpr Vec2 kThinBoxHalf{0.01f, 0.1f};

class Draw {
public:
    Draw(uint64_t seed, int index) : engine_(seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(index)) {}
    float Uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(engine_); }
    bool Coin() { return Uniform(0.0f, 1.0f) < 0.5f; }

private:
    std::mt19937_64 engine_;
};

} // namespace

Box BladeInPivotFrame(BladeKind blade) {
    return blade == BladeKind::Sword ? Box(kBladeHalf, {kBladeHalf.x, 0.0f}) : Box(kBladeHalf);
}

TunnellingTrial MakeTunnellingTrial(uint64_t seed, int index, bool bullet) {
    Draw draw(seed, index);
    TunnellingTrial trial;
    trial.blade = draw.Coin() ? BladeKind::Spinner : BladeKind::Sword;
    trial.target = draw.Coin() ? TargetKind::Circle : TargetKind::ThinBox;
    const float turn = draw.Uniform(0.05f, kTwoPi) * (draw.Coin() ? 1.0f : -1.0f);
    const Vec2 pivot{draw.Uniform(-5.0f, 5.0f), draw.Uniform(-5.0f, 5.0f)};
    const float startAngle = draw.Uniform(-kPi, kPi);
    trial.sweep = {.pivot = pivot, .startAngle = startAngle, .sweepAngle = turn};

    const Box blade = BladeInPivotFrame(trial.blade);
    const SweptRegion region(blade, trial.sweep);
    const Transform bladeStart = Transform::FromAngle(pivot, startAngle);
    const float reach = trial.blade == BladeKind::Sword ? 2.0f * kBladeHalf.x : kBladeHalf.x;

    // Rejection sampling: a target whose centre the blade passes over, clear of the blade at the start.
    ShapeGeometry targetShape = Circle({0.0f, 0.0f}, kTargetRadius);
    Transform targetPose{};
    for (;;) {
        const float r = reach * std::sqrt(draw.Uniform(0.0f, 1.0f));
        const float phi = draw.Uniform(-kPi, kPi);
        targetPose = Transform::FromAngle(pivot + Vec2{r * std::cos(phi), r * std::sin(phi)}, draw.Uniform(-kPi, kPi));
        if (!region.Overlaps(targetPose.p)) continue;
        const bool touchesStart = trial.target == TargetKind::Circle
                                      ? Overlap(Circle({0.0f, 0.0f}, kTargetRadius), targetPose, blade, bladeStart)
                                      : Overlap(Box(kThinBoxHalf), targetPose, blade, bladeStart);
        if (!touchesStart) break;
    }
    if (trial.target == TargetKind::ThinBox) targetShape = Box(kThinBoxHalf);

    SceneDef& scene = trial.scene;
    scene.name = "tunnelling";
    scene.gravity = {0.0f, 0.0f};
    scene.dt = kDt;
    scene.steps = 1;
    const BodyType bladeType = trial.blade == BladeKind::Sword ? BodyType::Kinematic : BodyType::Dynamic;
    scene.bodies.push_back({.body = {.type = bladeType, .position = pivot, .angle = startAngle, .angularVelocity = turn / kDt,
                                     .bullet = bullet},
                            .shapes = {{.geometry = blade, .density = 1.0f, .friction = 0.6f}}});
    scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = targetPose.p, .angle = targetPose.q.Angle()},
                            .shapes = {{.geometry = targetShape, .density = 1.0f, .friction = 0.6f}}});
    return trial;
}

bool TargetWasHit(Vec2 linearVelocity, float angularVelocity) {
    return Length(linearVelocity) > 1e-3f || std::abs(angularVelocity) > 1e-3f;
}

} // namespace sensu::scenes
