// Joints / Car
//
// Teaches: wheel joints (a suspension spring along an axis fixed in the chassis, a motor on the
//          wheel's spin with a bounded torque) make a car; it drives over hilly terrain made of
//          static segments, and the camera follows it.
// Keys:    D/Right drive forward, A/Left backward, S/Down brake (motor held at speed 0); left-drag
//          any dynamic body to grab it (mouse joint). Until you press a key an autopilot drives right.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "joint_view.h"
#include "sensu/app/input.h"
#include "sensu/app/sample.h"
#include "sensu/physics/joint_anchor.h"

namespace {

using namespace sensu;
using namespace sensu::joint_samples;

// Terrain height (m) at x: rolling hills that get steeper to the right, flat at the start.
float TerrainHeight(float x) {
    if (x < 5.0f) return 0.0f;
    const float u = x - 5.0f;
    return 0.6f * std::sin(0.35f * u) * Min(u / 20.0f, 1.5f) + 0.25f * std::sin(0.9f * u) * Min(u / 40.0f, 1.0f);
}

class Car final : public Sample {
public:
    explicit Car(const SampleSettings& settings) : dt_(settings.dt) { Build(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Car>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = world_->GetPosition(chassis_) + Vec2{3.0f, 1.0f};
        camera.viewHeight = 10.0f;
    }

    World* GrabWorld() override { return world_.get(); }

    void Step(const Input& input) override {
        float drive = 0.0f;
        bool brake = false;
        for (Key key : {Key::A, Key::D, Key::S, Key::Left, Key::Right, Key::Down})
            if (input.Pressed(key)) autopilot_ = false;
        if (autopilot_) {
            drive = 1.0f;
        } else {
            if (input.Down(Key::D) || input.Down(Key::Right)) drive += 1.0f;
            if (input.Down(Key::A) || input.Down(Key::Left)) drive -= 1.0f;
            brake = input.Down(Key::S) || input.Down(Key::Down);
        }
        for (JointId wheel : wheels_) {
            // Wheels turn clockwise (negative) to drive right.
            world_->EnableMotor(wheel, brake || drive != 0.0f);
            world_->SetMotorSpeed(wheel, -drive * speed_);
            world_->SetMaxMotorTorque(wheel, torque_);
        }
        world_->Step(dt_);
    }

    void Draw(Renderer& r) override {
        if (follow_) r.camera().center = world_->GetPosition(chassis_) + Vec2{3.0f, 1.0f};
        r.DrawGrid(1.0f);
        DrawBodies(r, *world_);
        DrawJoints(r, *world_);
        char line[160];
        std::snprintf(line, sizeof line, "x %.1f m, speed %.1f m/s, suspension %.2f / %.2f m%s", world_->GetPosition(chassis_).x,
                      Length(world_->GetLinearVelocity(chassis_)), world_->GetJointTranslation(wheels_[0]), world_->GetJointTranslation(wheels_[1]),
                      autopilot_ ? "   AUTOPILOT (press a key to drive)" : "");
        r.DrawScreenText({10.0f, 10.0f}, "Car: two wheel joints (suspension spring + motor) on hilly terrain");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, "D/Right forward, A/Left back, S/Down brake, drag: grab a body", colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        ImGui::SliderFloat("motor speed (rad/s)", &speed_, 5.0f, 60.0f);
        ImGui::SliderFloat("motor torque (N m)", &torque_, 10.0f, 400.0f);
        float hz = frequency_, zeta = damping_;
        if (ImGui::SliderFloat("suspension (Hz)", &hz, 0.5f, 10.0f) | ImGui::SliderFloat("damping ratio", &zeta, 0.0f, 2.0f)) {
            frequency_ = hz;
            damping_ = zeta;
            for (JointId wheel : wheels_) world_->SetSpring(wheel, frequency_, damping_);
        }
        ImGui::Checkbox("autopilot", &autopilot_);
        ImGui::SameLine();
        ImGui::Checkbox("camera follows", &follow_);
        if (ImGui::Button("restart")) Build();
    }

private:
    void Build() {
        world_ = std::make_unique<World>();
        // Terrain: one chain of 0.5 m segments on a static body, so the wheels roll over the joints
        // without bumps. Points run right to left: a chain collides on the right of its direction.
        const BodyId ground = world_->CreateBody({.type = BodyType::Static});
        std::vector<Vec2> hills;
        for (int i = 440; i >= 0; --i) {
            const float x = -20.0f + 0.5f * static_cast<float>(i);
            hills.push_back({x, TerrainHeight(x)});
        }
        world_->CreateChain(ground, {.points = std::move(hills), .friction = 0.9f});
        world_->CreateShape(ground, {.geometry = Box({0.5f, 2.0f}, {-20.5f, 2.0f})});
        // The car: a 2.4 × 0.5 m chassis with a cabin, two 0.4 m wheels on vertical suspension axes.
        chassis_ = world_->CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 1.0f}});
        world_->CreateShape(chassis_, {.geometry = Box({1.2f, 0.2f}), .density = 100.0f});
        world_->CreateShape(chassis_, {.geometry = Box({0.5f, 0.2f}, {-0.1f, 0.4f}), .density = 50.0f});
        for (int i = 0; i < 2; ++i) {
            const Vec2 at{i == 0 ? -0.8f : 0.8f, 0.45f};
            const BodyId wheel = world_->CreateBody({.type = BodyType::Dynamic, .position = at});
            world_->CreateShape(wheel, {.geometry = Circle({0.0f, 0.0f}, 0.4f), .density = 30.0f, .friction = 0.9f});
            wheels_[i] = world_->CreateJoint(AnchoredAt(*world_,
                                                        WheelJointDef{.bodyA = chassis_, .bodyB = wheel, .frequencyHz = frequency_,
                                                                      .dampingRatio = damping_, .enableLimit = true, .lowerTranslation = -0.25f,
                                                                      .upperTranslation = 0.25f},
                                                        at));
        }
    }

    float dt_;
    std::unique_ptr<World> world_;
    BodyId chassis_;
    JointId wheels_[2];
    bool autopilot_ = true, follow_ = true;
    float speed_ = 25.0f, torque_ = 120.0f, frequency_ = 4.0f, damping_ = 0.7f;
};

} // namespace

static const int registered = sensu::RegisterSample("Joints", "Car", &Car::Create);
