// Joints / Bridge
//
// Teaches: revolute joints holding a chain of planks between two posts, loaded by crates; the
//          joints' reaction forces (N) read after each step, so a game can break a joint that is
//          pulled harder than its strength; the whole bridge freezes and wakes as one pile.
// Keys:    left click on empty space drops a crate at the mouse; left-drag any crate or plank to
//          grab it (mouse joint); B toggles breakable joints. Headless, six crates fall in the first second.
#include <imgui.h>

#include <cstdio>
#include <memory>

#include "joint_view.h"
#include "sensu/app/input.h"
#include "sensu/app/sample.h"
#include "sensu/physics/joint_anchor.h"

namespace {

using namespace sensu;
using namespace sensu::joint_samples;

constexpr int kPlanks = 24;
constexpr float kPlankLength = 0.5f;  // m
constexpr float kSpan = kPlanks * kPlankLength;

class Bridge final : public Sample {
public:
    explicit Bridge(const SampleSettings& settings) : dt_(settings.dt), headless_(settings.headless) { Build(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Bridge>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 3.0f};
        camera.viewHeight = 11.0f;
    }

    World* GrabWorld() override { return world_.get(); }

    void Step(const Input& input) override {
        if (input.Pressed(Key::B)) breakable_ = !breakable_;
        if (!input.uiCapturedMouse && input.Pressed(MouseButton::Left)) DropCrate(input.mouseWorld);
        if (headless_ && step_ % 8 == 0 && crates_ < 6) DropCrate({-3.0f + 1.2f * static_cast<float>(crates_), 7.0f});
        world_->Step(dt_);
        ++step_;
        // Breaking: a joint pulled beyond its strength is destroyed (the reaction of the last step).
        if (breakable_) {
            for (JointId& joint : planksJoints_) {
                if (world_->IsValid(joint) && Length(world_->GetReactionForce(joint)) > strength_) {
                    world_->DestroyJoint(joint);
                    ++broken_;
                }
            }
        }
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        DrawBodies(r, *world_);
        DrawJoints(r, *world_, 0.8f * strength_);
        float most = 0.0f;
        for (JointId joint : planksJoints_)
            if (world_->IsValid(joint)) most = Max(most, Length(world_->GetReactionForce(joint)));
        char line[160];
        std::snprintf(line, sizeof line, "%d crates, %d of %d bodies awake, largest joint force %.0f N, %s (strength %.0f N), %d broken", crates_,
                      world_->GetAwakeBodyCount(), world_->GetBodyCount(), most, breakable_ ? "breakable" : "unbreakable", strength_, broken_);
        r.DrawScreenText({10.0f, 10.0f}, "Bridge: 24 planks on revolute joints; joints in red carry > 80 % of their strength");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, "click: drop a crate   drag: grab a body   B: breakable joints", colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        ImGui::Checkbox("breakable joints (B)", &breakable_);
        ImGui::SliderFloat("joint strength (N)", &strength_, 100.0f, 5000.0f);
        ImGui::SliderFloat("crate size (m)", &crateSize_, 0.2f, 1.5f);
        if (ImGui::Button("rebuild")) Build();
    }

private:
    void Build() {
        world_ = std::make_unique<World>();
        planksJoints_.clear();
        crates_ = broken_ = 0;
        const BodyId ground = world_->CreateBody({.type = BodyType::Static});
        world_->CreateShape(ground, {.geometry = Segment({-20.0f, 0.0f}, {20.0f, 0.0f})});
        const float deck = 4.0f;
        for (const float x : {-0.5f * kSpan - 0.5f, 0.5f * kSpan + 0.5f})
            world_->CreateShape(ground, {.geometry = Box({0.5f, 0.5f * deck}, {x, 0.5f * deck})});
        // Planks 0.5 × 0.125 m, each hinged to the last at their shared end; the ends hinge to the posts.
        BodyId previous = ground;
        for (int i = 0; i < kPlanks; ++i) {
            const float x = -0.5f * kSpan + kPlankLength * (static_cast<float>(i) + 0.5f);
            const BodyId plank = world_->CreateBody({.type = BodyType::Dynamic, .position = {x, deck - 0.0625f}});
            world_->CreateShape(plank, {.geometry = Box({0.5f * kPlankLength, 0.0625f}), .density = 20.0f, .friction = 0.6f});
            planksJoints_.push_back(
                world_->CreateJoint(AnchoredAt(*world_, RevoluteJointDef{.bodyA = previous, .bodyB = plank}, {x - 0.5f * kPlankLength, deck - 0.0625f})));
            previous = plank;
        }
        planksJoints_.push_back(
            world_->CreateJoint(AnchoredAt(*world_, RevoluteJointDef{.bodyA = previous, .bodyB = ground}, {0.5f * kSpan, deck - 0.0625f})));
    }

    void DropCrate(Vec2 at) {
        const BodyId crate = world_->CreateBody({.type = BodyType::Dynamic, .position = at});
        world_->CreateShape(crate, {.geometry = Box({0.5f * crateSize_, 0.5f * crateSize_}), .density = 50.0f, .friction = 0.6f});
        ++crates_;
    }

    float dt_;
    bool headless_;
    std::unique_ptr<World> world_;
    std::vector<JointId> planksJoints_;
    bool breakable_ = false;
    float strength_ = 3000.0f;
    float crateSize_ = 0.6f;
    int crates_ = 0, broken_ = 0, step_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Joints", "Bridge", &Bridge::Create);
