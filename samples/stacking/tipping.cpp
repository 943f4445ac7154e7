// Stacking / Tipping columns
//
// Teaches: statics. A column of n boxes (0.5 × 1 m, 0.5 kg) pushed sideways at its top box's centre
//          turns about its bottom corner once the push's moment beats the weight's:
//          F (n − 1/2) > n m g w / 2, so F_tip = 1.25 n / (n − 0.5) N. Columns of 3, 6 and 10 boxes
//          are pushed by the same multiple of their own F_tip: below 1 they stand, above 1 they fall.
//          sensu solves each column's contacts together, exactly (chain_solver.cpp), so the answer
//          is the statics one within a few per cent, with rest states on or off.
// Keys:    the panel's slider sets the multiple; R restarts.
#include <imgui.h>

#include <cstdio>
#include <memory>
#include <vector>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/physics/world.h"

namespace {

using namespace sensu;

constexpr int kHeights[] = {3, 6, 10};
constexpr float kSpacing = 4.0f;  // m between the columns

// The push that tips a column of n boxes 0.5 m wide of 0.5 kg at g = 10 m/s², N.
float TippingForce(int n) { return 1.25f * static_cast<float>(n) / (static_cast<float>(n) - 0.5f); }

class TippingColumns final : public Sample {
public:
    explicit TippingColumns(const SampleSettings& settings) : dt_(settings.dt) { Rebuild(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<TippingColumns>(settings); }

    void SetupCamera(Camera& camera) override { camera.Fit({{-3.0f, -1.0f}, {2.0f * kSpacing + 6.0f, 11.5f}}); }

    void Step(const Input&) override {
        // Each pusher pushes until it has gone 1.5 m (its column is down by then), so a pusher set free
        // by a fallen column does not fly on into the next one.
        for (size_t c = 0; c < pushers_.size(); ++c)
            if (world_->GetPosition(pushers_[c]).x - kSpacing * static_cast<float>(c) < 1.5f)
                world_->ApplyForceToCenter(pushers_[c], {factor_ * TippingForce(kHeights[c]), 0.0f});
        world_->Step(dt_);
        ++steps_;
    }

    void Draw(Renderer& r) override {
        r.DrawSegment({-3.0f, 0.0f}, {2.0f * kSpacing + 6.0f, 0.0f}, colors::kStatic);
        for (size_t c = 0; c < columns_.size(); ++c) {
            for (const BodyId box : columns_[c]) r.DrawShape(Box({0.25f, 0.5f}), world_->GetTransform(box), colors::kDynamic);
            r.DrawShape(Box({0.1f, 0.1f}), world_->GetTransform(pushers_[c]), colors::kOrange);
            const Vec2 at = world_->GetPosition(pushers_[c]);
            if (at.x - kSpacing * static_cast<float>(c) < 1.5f) r.DrawArrow(at - Vec2{0.9f, 0.0f}, at - Vec2{0.15f, 0.0f}, colors::kNormal);
            char label[64];
            std::snprintf(label, sizeof label, "n = %d: %.2f N", kHeights[c], factor_ * TippingForce(kHeights[c]));
            r.DrawText({kSpacing * static_cast<float>(c), -0.6f}, label, colors::kText, TextAnchor::Center);
        }
        char line[160];
        std::snprintf(line, sizeof line, "push = %.2f x each column's tipping force 1.25 n / (n - 0.5) N   step %d   rest states %s", factor_,
                      steps_, settings_.restStates ? "on" : "off");
        r.DrawScreenText({10.0f, 10.0f}, line);
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, "below 1.00 every column stands; above 1.00 every column falls", colors::kTextDim);
    }

    void Ui() override {
        if (ImGui::SliderFloat("push / tipping force", &factor_, 0.5f, 1.5f, "%.2f")) Rebuild();
        if (ImGui::Checkbox("rest states (seed 004)", &settings_.restStates)) Rebuild();
        if (ImGui::Button("restart")) Rebuild();
    }

    World* GrabWorld() override { return world_.get(); }

private:
    void Rebuild() {
        world_ = std::make_unique<World>(WorldDef{.settings = settings_});
        const BodyId ground = world_->CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
        world_->CreateShape(ground, {.geometry = Box({30.0f, 0.5f}), .friction = 0.6f});
        columns_.clear();
        pushers_.clear();
        for (size_t c = 0; c < std::size(kHeights); ++c) {
            const float x = kSpacing * static_cast<float>(c);
            std::vector<BodyId> column;
            for (int k = 0; k < kHeights[c]; ++k) {
                const BodyId box = world_->CreateBody({.type = BodyType::Dynamic, .position = {x, 0.5f + static_cast<float>(k)}});
                world_->CreateShape(box, {.geometry = Box({0.25f, 0.5f}), .density = 1.0f, .friction = 0.6f});
                column.push_back(box);
            }
            // A light frictionless pusher without gravity, against the top box's left face.
            const Vec2 top{x, 0.5f + static_cast<float>(kHeights[c] - 1)};
            const BodyId pusher = world_->CreateBody({.type = BodyType::Dynamic, .position = top - Vec2{0.25f + 0.101f, 0.0f}, .gravityScale = 0.0f});
            world_->CreateShape(pusher, {.geometry = Box({0.1f, 0.1f}), .density = 0.5f, .friction = 0.0f});
            columns_.push_back(std::move(column));
            pushers_.push_back(pusher);
        }
        steps_ = 0;
    }

    float dt_;
    float factor_ = 1.05f;
    SolverSettings settings_{};
    std::unique_ptr<World> world_;
    std::vector<std::vector<BodyId>> columns_;
    std::vector<BodyId> pushers_;
    int steps_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Stacking", "Tipping columns", &TippingColumns::Create);
