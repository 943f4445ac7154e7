#include "arena.h"

#ifdef SENSU_HAS_BOX2D
#include <variant>

#include "sensu_baseline/box2d_world.h"
#include "sword.h"
#endif

namespace sensu::blade {

#ifdef SENSU_HAS_BOX2D
namespace {

ShapeGeometry ToGeometry(const ConvexShape& shape) {
    return std::visit([](const auto& s) { return ShapeGeometry{s}; }, shape);
}

scenes::SceneDef BladeScene(float dt) {
    scenes::SceneDef scene;
    scene.name = "blade";
    scene.gravity = {0.0f, 0.0f};
    scene.dt = dt;
    scene.bodies.push_back({.body = {.type = BodyType::Kinematic, .position = kPivot, .bullet = true},
                            .shapes = {{.geometry = BladeShape(), .friction = kFriction, .restitution = kRestitution}}});
    return scene;
}

class Box2DArena final : public Arena {
public:
    explicit Box2DArena(float dt) : world_(BladeScene(dt), false) {}

    int Add(const ConvexShape& shape, const BodyMotion& m) override {
        world_.AddBody({.body = {.type = BodyType::Dynamic, .position = m.position, .angle = m.angle, .linearVelocity = m.velocity,
                                 .angularVelocity = m.angularVelocity, .gravityScale = 0.0f},
                        .shapes = {{.geometry = ToGeometry(shape), .friction = kFriction, .restitution = kRestitution}}});
        return nextIndex_++;
    }

    void Remove(int handle) override { world_.DestroyBody(handle); }

    BodyMotion Motion(int handle) const override {
        const Transform xf = world_.GetTransform(handle);
        return {xf.p, xf.q.Angle(), world_.GetLinearVelocity(handle), world_.GetAngularVelocity(handle)};
    }

    void SetVelocity(int handle, Vec2 velocity, float angularVelocity) override { world_.SetVelocity(handle, velocity, angularVelocity); }

    void Step(float bladeAngle, float sweepAngle, float dt) override {
        // As in sensu_arena.cpp: start pose, then the angular velocity of the whole sweep. Box2D 2.4
        // clamps any body's rotation to b2_maxRotation (π/2) per step, so a faster swing is cut short.
        world_.SetTransform(kBladeIndex, kPivot, bladeAngle);
        world_.SetVelocity(kBladeIndex, {0.0f, 0.0f}, sweepAngle / dt);
        world_.Step();
        // The clamped rotation is at most π/2, so the wrapped angle difference is the rotation itself.
        applied_ = WrapAngle(world_.GetTransform(kBladeIndex).q.Angle() - bladeAngle);
    }

    float AppliedSweep() const override { return applied_; }

private:
    static constexpr int kBladeIndex = 0;  // first body of BladeScene
    baseline::Box2DWorld world_;
    int nextIndex_ = 1;
    float applied_ = 0.0f;
};

} // namespace

std::unique_ptr<Arena> MakeBox2DArena(float dt) { return std::make_unique<Box2DArena>(dt); }
#else
std::unique_ptr<Arena> MakeBox2DArena(float) { return nullptr; }
#endif

} // namespace sensu::blade
