// Tutorial 06 / 3 Rest states and whole piles
//
// Teaches: seed 004 §3.4–3.5 on many bodies, plus what the seed lacks. Boxes freeze from the floor
//          up: a frozen box's top edge is floor for the box above (§3.5.2). Every 3 s a ball hits
//          the pile; the pile its supports cannot hold wakes as a whole, in the same step, and
//          freezes again. The panel turns rest states off to compare the cost (awake bodies).
// Keys:    none of its own.
#include <imgui.h>

#include <cstdio>
#include <optional>

#include "rest_drawing.h"
#include "sensu/app/sample.h"
#include "sensu_scenes/stacking.h"

namespace {

using namespace sensu;

class Piles final : public Sample {
public:
    explicit Piles(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Piles>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.5f, 4.2f};
        camera.viewHeight = 10.0f;
    }

    World* GrabWorld() override { return built_ ? &built_->world : nullptr; }

    void Step(const Input&) override {
        time_ += dt_;
        if (time_ > 3.0f) {
            time_ = 0.0f;
            // snippet-begin: shoot
            // A heavy ball flies into the pyramid from the left: the frozen pile takes the push as a
            // wall would, finds that its supports cannot hold it (slide, lift or tip), wakes as a
            // whole and the step is solved again with the pile moving.
            const BodyId ball = world_->CreateBody({.type = BodyType::Dynamic, .position = {-9.0f, 1.0f + static_cast<float>(shots_ % 3)},
                                                    .linearVelocity = {14.0f, 2.0f}});
            world_->CreateShape(ball, {.geometry = Circle({0.0f, 0.0f}, 0.3f), .density = 3.0f});
            // snippet-end: shoot
            ++shots_;
            if (shots_ % 4 == 0) Restart();
        }
        world_->Step(dt_);
    }

    void Draw(Renderer& r) override {
        tutorial06::DrawWorld(r, *world_, 0.0f);
        char line[96];
        std::snprintf(line, sizeof line, "awake dynamic bodies: %d of %d", world_->GetAwakeBodyCount(), world_->GetBodyCount() - 1);
        r.DrawScreenText({10.0f, 10.0f}, line);
        tutorial06::DrawLegend(r, 10.0f + 2.0f * r.LineHeight());
    }

    void Ui() override {
        if (ImGui::Checkbox("rest states", &restStates_)) {
            SolverSettings s = world_->GetSettings();
            s.restStates = restStates_;
            world_->SetSettings(s);
        }
        if (ImGui::Button("restart")) Restart();
    }

private:
    void Restart() {
        SolverSettings settings;
        settings.restStates = restStates_;
        scenes::SceneDef scene = scenes::Pyramid(8);
        for (int k = 0; k < 6; ++k) {  // and a column of the seed's rectangles to the right
            scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = {6.5f, 0.25f + 0.5f * static_cast<float>(k)}},
                                    .shapes = {{.geometry = Box({0.5f, 0.25f}), .friction = 0.6f}}});
        }
        built_.emplace(scenes::BuildWorld(scene, settings));
        world_ = &built_->world;
    }

    float dt_;
    std::optional<scenes::BuiltWorld> built_;
    World* world_ = nullptr;
    float time_ = 0.0f;
    int shots_ = 0;
    bool restStates_ = true;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 06", "3 Rest states and whole piles", &Piles::Create);
