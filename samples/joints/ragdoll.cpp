// Joints / Ragdoll
//
// Teaches: revolute joints with angle limits (knees and elbows bend one way) and a little joint
//          friction (a motor held at speed 0 with a small torque) make a ragdoll; ragdolls dropped
//          and thrown pile up and the pile rests: a pile is bodies connected by contacts or joints
//          (seed 004 generalised), so a frozen ragdoll hit anywhere wakes whole.
// Keys:    left click on empty space drops a ragdoll at the mouse; Space throws one from the left;
//          left-drag any part to grab it (mouse joint). Headless, ragdolls drop and one is thrown.
#include <imgui.h>

#include <cstdio>
#include <memory>

#include "joint_view.h"
#include "sensu/app/input.h"
#include "sensu/app/sample.h"
#include "sensu_scenes/joints.h"

namespace {

using namespace sensu;
using namespace sensu::joint_samples;

class Ragdoll final : public Sample {
public:
    explicit Ragdoll(const SampleSettings& settings) : dt_(settings.dt), headless_(settings.headless) { Build(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Ragdoll>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 4.0f};
        camera.viewHeight = 10.0f;
    }

    World* GrabWorld() override { return world_.get(); }

    void Step(const Input& input) override {
        if (!input.uiCapturedMouse && input.Pressed(MouseButton::Left)) Drop(input.mouseWorld - Vec2{0.0f, 0.9f}, {});
        if (input.Pressed(Key::Space)) Drop({-5.0f, 2.5f}, {9.0f, 6.0f});
        if (headless_) {
            if (step_ % 10 == 0 && step_ < 50) Drop({-3.0f + 1.5f * static_cast<float>(step_ / 10), 1.0f + 0.4f * static_cast<float>(step_ / 10)}, {});
            if (step_ == 30) Drop({-5.0f, 2.5f}, {9.0f, 6.0f});
        }
        world_->Step(dt_);
        ++step_;
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        DrawBodies(r, *world_);
        if (showJoints_) DrawJoints(r, *world_);
        char line[120];
        std::snprintf(line, sizeof line, "%d ragdolls, %d of %d parts awake (gray: frozen)", ragdolls_, world_->GetAwakeBodyCount(),
                      world_->GetBodyCount() - 1);
        r.DrawScreenText({10.0f, 10.0f}, "Ragdoll: revolute joints with limits; the pile rests and wakes as a whole");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, "click: drop a ragdoll   Space: throw one   drag: grab a part", colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        ImGui::Checkbox("show joints", &showJoints_);
        if (ImGui::Button("throw one (Space)")) Drop({-5.0f, 2.5f}, {9.0f, 6.0f});
        if (ImGui::Button("clear")) Build();
    }

private:
    void Build() {
        world_ = std::make_unique<World>();
        ragdolls_ = 0;
        const BodyId ground = world_->CreateBody({.type = BodyType::Static});
        world_->CreateShape(ground, {.geometry = Box({8.0f, 0.5f}, {0.0f, -0.5f})});
        for (const float x : {-7.75f, 7.75f}) world_->CreateShape(ground, {.geometry = Box({0.25f, 4.0f}, {x, 4.0f})});
    }

    // One ragdoll from the shared scene builder (scenes/joints.cpp), added to the live world.
    void Drop(Vec2 feet, Vec2 velocity) {
        scenes::SceneDef scene;
        scenes::AddRagdoll(scene, feet, 1.0f, velocity, -1 - ragdolls_);
        std::vector<BodyId> bodies;
        std::vector<JointId> joints;
        scenes::AddToWorld(*world_, scene, bodies, joints);
        ++ragdolls_;
    }

    float dt_;
    bool headless_;
    std::unique_ptr<World> world_;
    bool showJoints_ = true;
    int ragdolls_ = 0, step_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Joints", "Ragdoll", &Ragdoll::Create);
