// Tutorial 06 / 1 One body meets the floor
//
// Teaches: seed 004 §4.3.1. A box thrown to the right with a clockwise spin falls, bounces
//          (restitution 0.3 above the 1 m/s threshold), lands on one corner — vertically stable: it
//          pivots about that vertex — then on two, with its centre of mass between them: rotation
//          stable, frozen. Red dots are contact points, cyan arrows the normal impulses.
// Keys:    none of its own; the throw repeats every 4 s.
#include <imgui.h>

#include <cstdio>
#include <optional>

#include "rest_drawing.h"
#include "sensu/app/sample.h"

namespace {

using namespace sensu;

class OneBody final : public Sample {
public:
    explicit OneBody(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<OneBody>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {1.5f, 1.2f};
        camera.viewHeight = 4.0f;
    }

    World* GrabWorld() override { return world_ ? &*world_ : nullptr; }

    void Step(const Input&) override {
        world_->Step(dt_);
        time_ += dt_;
        if (time_ > 4.0f) Restart();
    }

    void Draw(Renderer& r) override {
        tutorial06::DrawWorld(r, *world_, 0.5f);
        char line[96];
        std::snprintf(line, sizeof line, "t = %.2f s   state: %s", time_, tutorial06::RestName(world_->GetRestState(box_)));
        r.DrawScreenText({10.0f, 10.0f}, line);
        tutorial06::DrawLegend(r, 10.0f + 2.0f * r.LineHeight());
    }

    void Ui() override {
        ImGui::SliderFloat("spin (rad/s)", &spin_, -8.0f, 8.0f);
        ImGui::SliderFloat("restitution", &restitution_, 0.0f, 0.8f);
        if (ImGui::Button("throw again")) Restart();
    }

private:
    void Restart() {
        // snippet-begin: throw
        world_.emplace();  // gravity (0, −10), rest states on
        const BodyId ground = world_->CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
        world_->CreateShape(ground, {.geometry = Box({20.0f, 0.5f})});
        // The seed's 100 × 50 rectangle as 1 × 0.5 m, thrown right and spinning clockwise.
        box_ = world_->CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 2.0f}, .angle = 0.3f,
                                   .linearVelocity = {1.5f, 0.0f}, .angularVelocity = spin_});
        world_->CreateShape(box_, {.geometry = Box({0.5f, 0.25f}), .restitution = restitution_});
        // snippet-end: throw
        time_ = 0.0f;
    }

    float dt_;
    std::optional<World> world_;
    BodyId box_;
    float time_ = 0.0f;
    float spin_ = -3.0f;
    float restitution_ = 0.3f;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 06", "1 One body meets the floor", &OneBody::Create);
