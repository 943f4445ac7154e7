#include <variant>
#include <vector>

#include "arena.h"
#include "sensu/physics/world.h"
#include "sword.h"

namespace sensu::blade {

namespace {

ShapeGeometry ToGeometry(const ConvexShape& shape) {
    return std::visit([](const auto& s) { return ShapeGeometry{s}; }, shape);
}

class SensuArena final : public Arena {
public:
    explicit SensuArena(bool bladeCollides) : world_(MakeWorldDef(bladeCollides)), bladeCollides_(bladeCollides) {
        blade_ = world_.CreateBody({.type = BodyType::Kinematic, .position = kPivot, .bullet = true});
        if (bladeCollides_) world_.CreateShape(blade_, {.geometry = BladeShape(), .friction = kFriction, .restitution = kRestitution});
    }

    int Add(const ConvexShape& shape, const BodyMotion& m) override {
        const BodyId id = world_.CreateBody({.type = BodyType::Dynamic, .position = m.position, .angle = m.angle,
                                             .linearVelocity = m.velocity, .angularVelocity = m.angularVelocity,
                                             .gravityScale = 0.0f});
        world_.CreateShape(id, {.geometry = ToGeometry(shape), .friction = kFriction, .restitution = kRestitution});
        bodies_.push_back(id);
        return static_cast<int>(bodies_.size()) - 1;
    }

    void Remove(int handle) override { world_.DestroyBody(bodies_.at(static_cast<size_t>(handle))); }

    BodyMotion Motion(int handle) const override {
        const BodyId id = bodies_.at(static_cast<size_t>(handle));
        return {world_.GetPosition(id), world_.GetAngle(id), world_.GetLinearVelocity(id), world_.GetAngularVelocity(id)};
    }

    void SetVelocity(int handle, Vec2 velocity, float angularVelocity) override {
        const BodyId id = bodies_.at(static_cast<size_t>(handle));
        world_.SetLinearVelocity(id, velocity);
        world_.SetAngularVelocity(id, angularVelocity);
    }

    void Step(float bladeAngle, float sweepAngle, float dt) override {
        // The blade is placed at the start pose every step (so all engines start each step alike)
        // and given the angular velocity that turns it by exactly sweepAngle over dt.
        world_.SetTransform(blade_, kPivot, bladeAngle);
        world_.SetAngularVelocity(blade_, sweepAngle / dt);
        world_.Step(dt);
        applied_ = world_.GetAngle(blade_) - bladeAngle;
    }

    float AppliedSweep() const override { return applied_; }

private:
    static WorldDef MakeWorldDef(bool bladeCollides) {
        SolverSettings settings;
        settings.continuous = bladeCollides;
        settings.restStates = false;  // nothing ever rests in free flight
        return {.gravity = {0.0f, 0.0f}, .settings = settings};
    }

    World world_;
    bool bladeCollides_;
    BodyId blade_;
    std::vector<BodyId> bodies_;
    float applied_ = 0.0f;
};

} // namespace

std::unique_ptr<Arena> MakeSensuArena(bool bladeCollides) { return std::make_unique<SensuArena>(bladeCollides); }

} // namespace sensu::blade
