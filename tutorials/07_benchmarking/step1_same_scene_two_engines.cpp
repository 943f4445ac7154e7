// Tutorial 07 / 1 Same scene, two engines
//
// Teaches: how one plain-data SceneDef drives sensu's World and Box2D 2.4 (through sensu_baseline's
//          adapter), how only the step calls are timed, and how the benchmark's metrics are read from
//          both engines the same way: a miniature of sensu-bench-stacking. Four engines step the same
//          scene for scene.steps steps (sensu with and without rest states, Box2D with and without
//          sleeping); the left panel draws sensu with rest states (gray = frozen), the right one Box2D
//          with sleeping (gray = asleep), and the table below is the benchmark's row for each engine.
// Keys:    none of its own; the panel picks the scene and restarts the run.
#include <imgui.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sensu/app/camera.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu_scenes/metrics.h"
#include "sensu_scenes/stacking.h"
#ifdef SENSU_HAS_BOX2D
#include "sensu_baseline/box2d_world.h"
#endif

namespace {

using namespace sensu;
using Clock = std::chrono::steady_clock;

// snippet-begin: scene
// Seed 004's experiment in miniature, written out as plain data: a static ground whose top is y = 0 and
// two columns of eight 1 × 0.5 m boxes, box k centred at y = 1 + k, all falling at once.
scenes::SceneDef HandWrittenDropStack() {
    scenes::SceneDef scene;
    scene.name = "A16";  // gravity (0, −10), 60 Hz, 500 steps, 8 velocity / 3 position iterations
    scene.bodies.push_back({.body = {.type = BodyType::Static, .position = {0.0f, -0.5f}},
                            .shapes = {{.geometry = Box({20.0f, 0.5f}), .friction = 0.6f}}});
    for (const float x : {-1.5f, 1.5f}) {
        for (int k = 0; k < 8; ++k) {
            scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = {x, 1.0f + static_cast<float>(k)}},
                                    .shapes = {{.geometry = Box({0.5f, 0.25f}), .density = 1.0f, .friction = 0.6f}}});
        }
    }
    // Standing: the top box within 1 % + 0.02 m of 0.25 + 7 · 0.5 m, every |angle| ≤ 0.05 rad and
    // every x drift ≤ 0.1 m (the benchmark's criteria for scene A).
    const float ideal = 0.25f + 0.5f * 7.0f;
    scene.standing = {.idealTopY = ideal, .topTolerance = 0.01f * ideal + 0.02f, .maxAngle = 0.05f, .maxDrift = 0.1f};
    return scene;
}
// snippet-end: scene

constexpr const char* kSceneNames[] = {"A16, written out here", "B12, scenes::Pyramid(12)"};

constexpr const char* kEngineNames[] = {"sensu-rest", "sensu-norest", "box2d-sleep", "box2d-nosleep"};

// One engine stepping the scene, and what the benchmark records about it.
struct Lane {
    std::optional<scenes::BuiltWorld> sensu;
#ifdef SENSU_HAS_BOX2D
    std::unique_ptr<baseline::Box2DWorld> box2d;
#endif
    bool built = false;
    double msTotal = 0.0;  // time inside the step calls only
    int lastMoving = 0;    // last step after which some body was awake
    scenes::SceneMetrics metrics;
};

// snippet-begin: drive
// The same three calls for every engine, as in bench/stacking/runs.cpp: step (the only part timed),
// read every dynamic body back into BodySamples, measure them with the one shared function.
template <class StepFn, class SampleFn>
void Advance(Lane& lane, const scenes::SceneDef& scene, int step, StepFn stepOnce, SampleFn sample, std::vector<scenes::BodySample>& samples) {
    const auto t0 = Clock::now();
    stepOnce();
    lane.msTotal += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    sample(samples);
    lane.metrics = scenes::Measure(scene, samples);
    if (!lane.metrics.allResting) lane.lastMoving = step;
}
// snippet-end: drive

class SameSceneTwoEngines final : public Sample {
public:
    // Headless (the committed screenshot, the app tests) the run is stepped 10× per frame, so 60 frames
    // show its finished table; in a window one step per frame, adjustable in the panel.
    explicit SameSceneTwoEngines(const SampleSettings& settings) : stepsPerFrame_(settings.headless ? 10 : 1) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<SameSceneTwoEngines>(settings); }

    void SetupCamera(Camera& camera) override {
        // Room below the ground for the table (drawn in screen space).
        camera.Fit({{-halfWidth_ - 0.5f, -0.45f * (scene_.standing.idealTopY + 2.0f)}, {halfWidth_ + offset_ + 0.5f, scene_.standing.idealTopY + 1.5f}});
    }

    void Step(const Input&) override {
        for (int i = 0; i < stepsPerFrame_ && step_ < scene_.steps; ++i) {
            ++step_;
            for (Lane& lane : lanes_) {
                if (lane.sensu) {
                    Advance(
                        lane, scene_, step_, [&] { lane.sensu->world.Step(scene_.dt); },
                        [&](std::vector<scenes::BodySample>& out) { scenes::SampleWorld(*lane.sensu, scene_, out); }, samples_);
                }
#ifdef SENSU_HAS_BOX2D
                if (lane.box2d) {
                    Advance(
                        lane, scene_, step_, [&] { lane.box2d->Step(); }, [&](std::vector<scenes::BodySample>& out) { lane.box2d->Sample(out); },
                        samples_);
                }
#endif
            }
        }
    }

    void Draw(Renderer& r) override {
        r.DrawSegment({-halfWidth_ - 0.5f, 0.0f}, {halfWidth_ + offset_ + 0.5f, 0.0f}, colors::kStatic);
        DrawSensu(r, lanes_[0]);
#ifdef SENSU_HAS_BOX2D
        if (lanes_[2].box2d) DrawBox2D(r, lanes_[2]);
#endif
        // Labels under the ground, clear of the panel window at the top right.
        r.DrawText({0.0f, -0.3f}, "sensu, rest states on", colors::kText, TextAnchor::Center);
        r.DrawText({offset_, -0.3f}, box2dLabel_, colors::kText, TextAnchor::Center);
        DrawTable(r);
    }

    void Ui() override {
        if (ImGui::Combo("scene", &sceneIndex_, kSceneNames, IM_ARRAYSIZE(kSceneNames))) Restart();
        ImGui::SliderInt("steps per frame", &stepsPerFrame_, 1, 20);
        if (ImGui::Button("restart run")) Restart();
    }

private:
    void Restart() {
        scene_ = sceneIndex_ == 0 ? HandWrittenDropStack() : scenes::Pyramid(12);
        halfWidth_ = 0.0f;
        for (const scenes::SceneBody& b : scene_.bodies) {
            if (b.body.type == BodyType::Dynamic) halfWidth_ = Max(halfWidth_, std::fabs(b.body.position.x) + 1.0f);
        }
        offset_ = 2.0f * halfWidth_ + 1.0f;
        lanes_.clear();
        lanes_.resize(4);
        // snippet-begin: engines
        SolverSettings settings;  // every switch at its default but the one compared
        settings.restStates = true;
        lanes_[0].sensu.emplace(scenes::BuildWorld(scene_, settings));
        settings.restStates = false;
        lanes_[1].sensu.emplace(scenes::BuildWorld(scene_, settings));
        // snippet-end: engines
#ifdef SENSU_HAS_BOX2D
        // snippet-begin: box2d
        lanes_[2].box2d = std::make_unique<baseline::Box2DWorld>(scene_, /*allowSleeping=*/true);
        lanes_[3].box2d = std::make_unique<baseline::Box2DWorld>(scene_, /*allowSleeping=*/false);
        // snippet-end: box2d
        box2dLabel_ = "Box2D 2.4, sleeping on";
#else
        box2dLabel_ = "Box2D 2.4 not found at build time";
#endif
        for (Lane& lane : lanes_) {
            lane.built = lane.sensu.has_value();
#ifdef SENSU_HAS_BOX2D
            lane.built = lane.built || lane.box2d != nullptr;
#endif
        }
        step_ = 0;
    }

    void DrawSensu(Renderer& r, const Lane& lane) const {
        const World& world = lane.sensu->world;
        for (size_t i = 0; i < scene_.bodies.size(); ++i) {
            if (scene_.bodies[i].body.type != BodyType::Dynamic) continue;
            const BodyId id = lane.sensu->bodies[i];
            const Color color = world.IsAwake(id) ? colors::kDynamic : colors::kResting;
            for (const ShapeDef& shape : scene_.bodies[i].shapes) {
                std::visit([&](const auto& s) { r.DrawShape(s, world.GetTransform(id), color); }, shape.geometry);
            }
        }
    }

#ifdef SENSU_HAS_BOX2D
    void DrawBox2D(Renderer& r, const Lane& lane) const {
        for (size_t i = 0; i < scene_.bodies.size(); ++i) {
            if (scene_.bodies[i].body.type != BodyType::Dynamic) continue;
            Transform xf = lane.box2d->GetTransform(static_cast<int>(i));
            xf.p.x += offset_;
            const Color color = lane.box2d->IsAwake(static_cast<int>(i)) ? colors::kDynamic : colors::kResting;
            for (const ShapeDef& shape : scene_.bodies[i].shapes) {
                std::visit([&](const auto& s) { r.DrawShape(s, xf, color); }, shape.geometry);
            }
        }
    }
#endif

    // The run's progress at the top; the benchmark's columns below, one row per engine (the built-in font
    // is monospace, so the widths line up).
    void DrawTable(Renderer& r) const {
        char line[200];
        float y = 10.0f;
        std::snprintf(line, sizeof line, "%s   step %d of %d%s", scene_.name.c_str(), step_, scene_.steps, step_ == scene_.steps ? "   (run finished)" : "");
        r.DrawScreenText({10.0f, y}, line);
        // The table sits at the bottom of the view, under the ground (the camera leaves room there).
        y = static_cast<float>(r.height()) - 10.0f - 7.5f * r.LineHeight();
        std::snprintf(line, sizeof line, "%-14s %9s %9s %5s %9s %9s %9s %7s %7s %s", "engine", "ms_total", "ms/step", "rest", "max_speed",
                      "max_angle", "max_drift", "top_y", "ideal_y", "standing");
        r.DrawScreenText({10.0f, y}, line, colors::kTextDim);
        for (size_t e = 0; e < lanes_.size(); ++e) {
            const Lane& lane = lanes_[e];
            y += r.LineHeight();
            if (!lane.built) {
                std::snprintf(line, sizeof line, "%-14s (not built)", kEngineNames[e]);
                r.DrawScreenText({10.0f, y}, line, colors::kTextDim);
                continue;
            }
            const scenes::SceneMetrics& m = lane.metrics;
            // rest: the first step from which every body stayed frozen or asleep; −1 while it moves.
            const int restStep = step_ > 0 && lane.lastMoving < step_ ? lane.lastMoving + 1 : -1;
            const double msPerStep = step_ > 0 ? lane.msTotal / step_ : 0.0;
            std::snprintf(line, sizeof line, "%-14s %9.2f %9.4f %5d %9.3f %9.3f %9.3f %7.3f %7.3f %s", kEngineNames[e],
                          lane.msTotal, msPerStep, restStep, m.maxSpeed, m.maxAngle, m.maxDrift, m.topY, scene_.standing.idealTopY,
                          m.standing ? "yes" : "no");
            r.DrawScreenText({10.0f, y}, line, m.standing ? colors::kText : colors::kRed);
        }
        y += 1.5f * r.LineHeight();
        r.DrawScreenText({10.0f, y}, "gray: frozen (sensu rest states) / asleep (Box2D); compare ratios of one run, not absolute times",
                         colors::kTextDim);
    }

    int sceneIndex_ = 0;
    int stepsPerFrame_;
    scenes::SceneDef scene_;
    std::vector<Lane> lanes_;
    std::vector<scenes::BodySample> samples_;
    const char* box2dLabel_ = "";
    float halfWidth_ = 1.0f;
    float offset_ = 4.0f;
    int step_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 07", "1 Same scene, two engines", &SameSceneTwoEngines::Create);
