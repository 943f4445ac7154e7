// Tutorial 08 / 2 Limits and motors are clamped impulses
//
// Teaches: a joint's extra rows are the contact's clamps in another place. A limit is a row that
//          only pushes (accumulated impulse ≥ 0, like a contact's normal impulse); a motor is a row
//          toward a speed whose accumulated impulse stays within ± maxMotorTorque·dt (like friction
//          within μ·normal impulse). An arm driven by a motor swings between two limits; the motor
//          reverses every 2 s, and its torque readout never exceeds the maximum.
// Keys:    none of its own; the panel sets the motor's speed and torque and the limits.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <optional>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/physics/joint_anchor.h"

namespace {

using namespace sensu;

class LimitsAndMotors final : public Sample {
public:
    explicit LimitsAndMotors(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<LimitsAndMotors>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 2.5f};
        camera.viewHeight = 6.0f;
    }

    World* GrabWorld() override { return world_ ? &*world_ : nullptr; }

    void Step(const Input&) override {
        time_ += dt_;
        if (time_ > 2.0f) {
            time_ = 0.0f;
            direction_ = -direction_;
        }
        world_->SetMotorSpeed(arm_, direction_ * speed_);
        world_->SetMaxMotorTorque(arm_, maxTorque_);
        world_->SetLimits(arm_, lower_, upper_);
        world_->Step(dt_);
        mostMotor_ = Max(mostMotor_, std::fabs(world_->GetMotorReaction(arm_)));
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        const Vec2 pivot{0.0f, 1.0f};
        for (const float limit : {lower_, upper_}) r.DrawSegment(pivot, pivot + 2.2f * Vec2{std::cos(limit + 1.5708f), std::sin(limit + 1.5708f)}, colors::kGray);
        r.DrawShape(Box({0.1f, 1.0f}, {0.0f, 1.0f}), world_->GetTransform(body_), colors::kDynamic);
        r.DrawPoint(pivot, 7.0f, colors::kStatic);
        const float angle = world_->GetJointAngle(arm_);
        const bool atLimit = angle <= lower_ + 0.01f || angle >= upper_ - 0.01f;
        char line[220];
        std::snprintf(line, sizeof line, "angle %+.3f rad in [%.2f, %.2f]%s   motor %.2f N m (max %.2f, most seen %.2f)   motor + limit %.2f N m",
                      angle, lower_, upper_, atLimit ? " AT LIMIT" : "", world_->GetMotorReaction(arm_), maxTorque_, mostMotor_,
                      world_->GetReactionTorque(arm_));
        r.DrawScreenText({10.0f, 10.0f}, "Limits and motors are clamped impulses: the limit only pushes, the motor stays within its torque");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        ImGui::SliderFloat("motor speed (rad/s)", &speed_, 0.0f, 6.0f);
        ImGui::SliderFloat("max motor torque (N m)", &maxTorque_, 0.0f, 50.0f);
        ImGui::SliderFloat("lower limit (rad)", &lower_, -2.5f, 0.0f);
        ImGui::SliderFloat("upper limit (rad)", &upper_, 0.0f, 2.5f);
        if (ImGui::Button("restart")) Restart();
    }

private:
    void Restart() {
        world_.emplace();
        const BodyId base = world_->CreateBody({.type = BodyType::Static, .position = {0.0f, 1.0f}});
        body_ = world_->CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 1.0f}});
        world_->CreateShape(body_, {.geometry = Box({0.1f, 1.0f}, {0.0f, 1.0f}), .density = 5.0f});
        // snippet-begin: arm
        // An upright arm on a motorised hinge with limits: the motor's impulse per step is clamped to
        // ± maxMotorTorque·dt, each limit's accumulated impulse to ≥ 0.
        arm_ = world_->CreateJoint(AnchoredAt(*world_,
                                              RevoluteJointDef{.bodyA = base, .bodyB = body_, .enableLimit = true, .lowerAngle = lower_,
                                                               .upperAngle = upper_, .enableMotor = true, .motorSpeed = speed_,
                                                               .maxMotorTorque = maxTorque_},
                                              {0.0f, 1.0f}));
        // snippet-end: arm
        time_ = 0.0f;
        direction_ = 1.0f;
        mostMotor_ = 0.0f;
    }

    float dt_;
    std::optional<World> world_;
    BodyId body_;
    JointId arm_;
    float speed_ = 2.0f, maxTorque_ = 15.0f, lower_ = -1.0f, upper_ = 1.0f;
    float time_ = 0.0f, direction_ = 1.0f, mostMotor_ = 0.0f;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 08", "2 Limits and motors are clamped impulses", &LimitsAndMotors::Create);
