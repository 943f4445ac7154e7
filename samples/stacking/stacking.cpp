// Stacking / Stacking (seed 004 vs Box2D 2.4)
//
// Teaches: the same SceneDef run by sensu (left) and by Box2D 2.4 (right), side by side: the drop
//          stacks and pyramids of sensu-bench-stacking, live ms/step of both, and seed 004's rest
//          states as colours (free = amber, vertically stable = orange, rotation stable = gray;
//          Box2D: awake = amber, asleep = gray). Every solver switch of sensu is in the panel, so you
//          can watch a pyramid sag without shock propagation or drift without warm starting, and where
//          sensu's step goes (World::GetProfile) as the solver threads change. Scene D is
//          a level at rest while one ball rolls: with rest states a step costs what the ball costs.
// Keys:    left click drops a box into both worlds at the mouse; Shift + left click shoots a ball
//          from the left at the mouse (a pile wakes as a whole, then freezes again).
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu_scenes/stacking.h"
#ifdef SENSU_HAS_BOX2D
#include "sensu_baseline/box2d_world.h"
#endif

namespace {

using namespace sensu;
using Clock = std::chrono::steady_clock;

constexpr const char* kSceneNames[] = {"A 20 boxes", "A 100 boxes", "A 10 x 10 columns", "B 20-row pyramid", "C 100-row pyramid",
                                       "D 100 x 4 columns at rest, a ball rolling"};

scenes::SceneDef MakeScene(int index) {
    switch (index) {
        case 0: return scenes::DropStack(20);
        case 1: return scenes::DropStack(100);
        case 2: return scenes::DropStackGrid(10, 10);
        case 3: return scenes::Pyramid(20);
        case 4: return scenes::Pyramid(100);
        default: return scenes::RestedField(100, 4);
    }
}

Color RestColor(RestState state) {
    switch (state) {
        case RestState::VerticallyUnstable: return colors::kDynamic;
        case RestState::VerticallyStable: return colors::kOrange;
        case RestState::RotationStable: return colors::kResting;
    }
    return colors::kDynamic;
}

void DrawGeometry(Renderer& r, const ShapeGeometry& g, const Transform& xf, Color color) {
    std::visit([&](const auto& shape) { r.DrawShape(shape, xf, color); }, g);
}

// Exponential moving average of a per-step time, so the readout is steady.
struct StepTimer {
    double ms = 0.0;
    void Add(Clock::duration d) { ms = 0.95 * ms + 0.05 * std::chrono::duration<double, std::milli>(d).count(); }
};

// sensu's StepProfile (World::GetProfile) averaged the same way, part by part, for the panel.
struct ProfileAverage {
    StepProfile ms{};
    void Add(const StepProfile& p) {
        auto blend = [](float& average, float value) { average = 0.95f * average + 0.05f * value; };
        blend(ms.step, p.step);
        blend(ms.collide, p.collide);
        blend(ms.solverSetup, p.solverSetup);
        blend(ms.velocities, p.velocities);
        blend(ms.shock, p.shock);
        blend(ms.positions, p.positions);
        blend(ms.continuous, p.continuous);
        blend(ms.proxies, p.proxies);
        blend(ms.restStates, p.restStates);
    }
};

class Stacking final : public Sample {
public:
    explicit Stacking(const SampleSettings&) { Rebuild(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Stacking>(settings); }

    void SetupCamera(Camera& camera) override {
        const float top = scene_.standing.idealTopY + 1.5f;
        camera.Fit({{-halfWidth_ - 1.0f, -1.0f}, {halfWidth_ + offset_ + 1.0f, top}});
    }

    void Step(const Input& input) override {
        if (!input.uiCapturedMouse && input.Pressed(MouseButton::Left)) {
            const bool shoot = input.Down(Key::LeftShift) || input.Down(Key::RightShift);
            // The click lands in whichever panel it is over; both worlds get the same body.
            Vec2 at = input.mouseWorld;
            if (at.x > halfWidth_ + 0.5f * (offset_ - 2.0f * halfWidth_)) at.x -= offset_;
            AddBody(shoot ? Ball(at) : DroppedBox(at));
        }
        auto t0 = Clock::now();
        built_->world.Step(scene_.dt);
        sensuTimer_.Add(Clock::now() - t0);
        profile_.Add(built_->world.GetProfile());
#ifdef SENSU_HAS_BOX2D
        if (box2d_) {
            t0 = Clock::now();
            box2d_->Step();
            box2dTimer_.Add(Clock::now() - t0);
        }
#endif
        ++steps_;
    }

    void Draw(Renderer& r) override {
        r.DrawSegment({-halfWidth_ - 1.0f, 0.0f}, {halfWidth_ + offset_ + 1.0f, 0.0f}, colors::kStatic);
        const World& world = built_->world;
        for (size_t i = 0; i < bodies_.size(); ++i) {
            if (bodies_[i].body.type != BodyType::Dynamic) continue;
            const BodyId id = built_->bodies[i];
            const Transform xf = world.GetTransform(id);
            for (const ShapeDef& shape : bodies_[i].shapes) DrawGeometry(r, shape.geometry, xf, RestColor(world.GetRestState(id)));
        }
#ifdef SENSU_HAS_BOX2D
        if (box2d_) {
            for (size_t i = 0; i < bodies_.size(); ++i) {
                if (bodies_[i].body.type != BodyType::Dynamic) continue;
                Transform xf = box2d_->GetTransform(static_cast<int>(i));
                xf.p.x += offset_;
                const Color color = box2d_->IsAwake(static_cast<int>(i)) ? colors::kDynamic : colors::kResting;
                for (const ShapeDef& shape : bodies_[i].shapes) DrawGeometry(r, shape.geometry, xf, color);
            }
        }
#endif
        const float labelY = scene_.standing.idealTopY + 1.0f;
        r.DrawText({0.0f, labelY}, "sensu", colors::kText, TextAnchor::Center);
        r.DrawText({offset_, labelY}, box2dLabel_, colors::kText, TextAnchor::Center);
        char line[160];
        std::snprintf(line, sizeof line, "%s   step %d   sensu %.3f ms/step (%d awake)   Box2D 2.4 %.3f ms/step (%d awake)",
                      kSceneNames[sceneIndex_], steps_, sensuTimer_.ms, world.GetAwakeBodyCount(), box2dTimer_.ms, Box2DAwake());
        r.DrawScreenText({10.0f, 10.0f}, line);
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, "click: drop a box   shift+click: shoot a ball   colours: amber free, orange one support, gray frozen / asleep",
                         colors::kTextDim);
    }

    void Ui() override {
        if (ImGui::Combo("scene", &sceneIndex_, kSceneNames, IM_ARRAYSIZE(kSceneNames))) Rebuild();
        bool changed = false;
        changed |= ImGui::Checkbox("rest states (seed 004)", &settings_.restStates);
        changed |= ImGui::Checkbox("accumulate impulses (A)", &settings_.accumulateImpulses);
        changed |= ImGui::Checkbox("warm starting (W)", &settings_.warmStarting);
        changed |= ImGui::Checkbox("position correction (P)", &settings_.positionCorrection);
        changed |= ImGui::Checkbox("friction", &settings_.friction);
        changed |= ImGui::Checkbox("restitution", &settings_.restitution);
        changed |= ImGui::Checkbox("bottom-up order", &settings_.bottomUpOrder);
        changed |= ImGui::Checkbox("shock propagation", &settings_.shockPropagation);
        changed |= ImGui::SliderInt("velocity iterations", &settings_.velocityIterations, 1, 30);
        changed |= ImGui::SliderInt("position iterations", &settings_.positionIterations, 0, 10);
        // Same results on any count (SolverSettings::threads): only the time per step changes.
        changed |= ImGui::SliderInt("solver threads", &settings_.threads, 1, 8, "%d", ImGuiSliderFlags_AlwaysClamp);
        if (changed) built_->world.SetSettings(settings_);
#ifdef SENSU_HAS_BOX2D
        if (ImGui::Checkbox("Box2D sleeping", &box2dSleep_)) Rebuild();
#endif
        if (ImGui::Button("restart scene")) Rebuild();
        // Where sensu's step goes: with more threads, the parts that do not shrink are the ones that
        // run on one thread.
        if (ImGui::CollapsingHeader("sensu step profile (ms, averaged)")) {
            const StepProfile& p = profile_.ms;
            ImGui::Text("step %.3f = collide %.3f + solver setup %.3f + velocities %.3f", p.step, p.collide, p.solverSetup, p.velocities);
            ImGui::Text("  + shock %.3f + positions %.3f + continuous %.3f", p.shock, p.positions, p.continuous);
            ImGui::Text("  + proxies %.3f + rest states %.3f + the rest", p.proxies, p.restStates);
        }
    }

private:
    void Rebuild() {
        scene_ = MakeScene(sceneIndex_);
        bodies_ = scene_.bodies;
        halfWidth_ = 0.0f;
        for (const scenes::SceneBody& b : bodies_) {
            if (b.body.type == BodyType::Dynamic) halfWidth_ = Max(halfWidth_, std::fabs(b.body.position.x) + 1.0f);
        }
        offset_ = 2.0f * halfWidth_ + 2.0f;
        built_.emplace(scenes::BuildWorld(scene_, settings_));
        // BuildWorld takes the iterations from the scene; the panel's values win afterwards.
        settings_.velocityIterations = scene_.velocityIterations;
        settings_.positionIterations = scene_.positionIterations;
#ifdef SENSU_HAS_BOX2D
        box2d_ = std::make_unique<baseline::Box2DWorld>(scene_, box2dSleep_);
        box2dLabel_ = box2dSleep_ ? "Box2D 2.4 (sleep on)" : "Box2D 2.4 (sleep off)";
#else
        box2dLabel_ = "Box2D 2.4 not found at build time";
#endif
        steps_ = 0;
        sensuTimer_ = {};
        box2dTimer_ = {};
        profile_ = {};
    }

    scenes::SceneBody DroppedBox(Vec2 at) const {
        return {.body = {.type = BodyType::Dynamic, .position = at, .angle = 0.2f},
                .shapes = {{.geometry = Box({0.5f, 0.25f}), .friction = 0.6f}}};
    }

    scenes::SceneBody Ball(Vec2 target) const {
        const Vec2 from{-halfWidth_, target.y + 1.0f};
        return {.body = {.type = BodyType::Dynamic, .position = from, .linearVelocity = 12.0f * Normalize(target - from)},
                .shapes = {{.geometry = Circle({0.0f, 0.0f}, 0.3f), .density = 4.0f, .friction = 0.6f}}};
    }

    void AddBody(const scenes::SceneBody& body) {
        bodies_.push_back(body);
        const BodyId id = built_->world.CreateBody(body.body);
        for (const ShapeDef& shape : body.shapes) built_->world.CreateShape(id, shape);
        built_->bodies.push_back(id);
#ifdef SENSU_HAS_BOX2D
        box2d_->AddBody(body);
#endif
    }

    int Box2DAwake() const {
#ifdef SENSU_HAS_BOX2D
        if (box2d_) return box2d_->AwakeBodyCount();
#endif
        return 0;
    }

    int sceneIndex_ = 3;
    scenes::SceneDef scene_;
    std::vector<scenes::SceneBody> bodies_;  // scene bodies, then dropped ones (index = body index in both worlds)
    std::optional<scenes::BuiltWorld> built_;
    SolverSettings settings_{};
#ifdef SENSU_HAS_BOX2D
    std::unique_ptr<baseline::Box2DWorld> box2d_;
    bool box2dSleep_ = true;
#endif
    const char* box2dLabel_ = "";
    float halfWidth_ = 1.0f;
    float offset_ = 4.0f;
    int steps_ = 0;
    StepTimer sensuTimer_, box2dTimer_;
    ProfileAverage profile_;
};

} // namespace

static const int registered = sensu::RegisterSample("Stacking", "Stacking", &Stacking::Create);
