// Tutorial 08 / 3 Sensors and events
//
// Teaches: what a game reads back from a step. A sensor is a shape the solver never sees: after the
//          step its overlaps are tested and entries and exits reported once each. Contacts report
//          begin and end of touching, and hit events for points that stopped an approach faster than
//          the world's threshold. All are arrays read after World::Step, never callbacks inside it.
//          Balls and boxes drop through a sensor band onto a floor: the band lights what is inside,
//          every hit flashes with its approach speed, the counters show begin = end + touching.
// Keys:    none of its own; bodies drop every 8 steps (40 in all), the panel sets the hit threshold.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/physics/world.h"

namespace {

using namespace sensu;

// A hit shown for a while after it happened.
struct Flash {
    Vec2 point{};
    float speed = 0.0f;  // m/s
    float age = 0.0f;    // s
};

class SensorsAndEvents final : public Sample {
public:
    explicit SensorsAndEvents(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<SensorsAndEvents>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 2.2f};
        camera.viewHeight = 5.5f;
    }

    World* GrabWorld() override { return world_ ? &*world_ : nullptr; }

    void Step(const Input&) override {
        if (step_ % 8 == 0 && dropped_ < 40) Drop();
        world_->Step(dt_);
        ++step_;
        ReadEvents();
        for (Flash& f : flashes_) f.age += dt_;
        std::erase_if(flashes_, [](const Flash& f) { return f.age > 0.6f; });
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        r.DrawShape(kBand, Transform{}, band_.empty() ? colors::kCyan.Faded(0.4f) : colors::kCyan, ShapeStyle::Outline);
        std::vector<BodyId> bodies;
        world_->GetBodies(bodies);
        for (BodyId body : bodies) {
            const Transform xf = world_->GetTransform(body);
            for (ShapeId shape : world_->GetShapes(body)) {
                if (world_->IsSensor(shape)) continue;
                const bool inside = std::find(band_.begin(), band_.end(), shape) != band_.end();
                const Color color = world_->GetType(body) == BodyType::Static ? colors::kStatic
                                    : inside                                   ? colors::kCyan
                                    : world_->IsAwake(body)                    ? colors::kDynamic
                                                                               : colors::kResting;
                std::visit([&](const auto& g) { r.DrawShape(g, xf, color); }, world_->GetGeometry(shape));
            }
        }
        for (const Flash& f : flashes_) {
            r.DrawCircle(f.point, 0.05f + 0.04f * f.speed * (1.0f - f.age / 0.6f), colors::kHighlight);
        }
        char line[200];
        std::snprintf(line, sizeof line, "sensor: %d entered, %d left, %zu inside   contacts: %d began, %d ended   hits: %d (last %.1f m/s)",
                      sensorBegins_, sensorEnds_, band_.size(), touchBegins_, touchEnds_, hits_, lastHitSpeed_);
        r.DrawScreenText({10.0f, 10.0f}, "Sensors and events: read after Step (cyan band: a sensor; pink: hit events)");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        float threshold = world_->GetHitEventThreshold();
        if (ImGui::SliderFloat("hit threshold (m/s)", &threshold, 0.0f, 8.0f)) world_->SetHitEventThreshold(threshold);
        if (ImGui::Button("restart")) Restart();
    }

private:
    // The band the bodies fall through: 0.8 m tall, across the whole drop zone.
    static inline const Box kBand{{3.0f, 0.4f}, {0.0f, 1.8f}};

    void Restart() {
        world_.emplace(WorldDef{.hitEventThreshold = 2.0f});
        const BodyId ground = world_->CreateBody({.type = BodyType::Static});
        world_->CreateShape(ground, {.geometry = Box({4.0f, 0.25f}, {0.0f, -0.25f})});
        // snippet-begin: sensor
        // A sensor: the shape takes no part in contacts (no impulse, no support); after each step the
        // world tests its overlaps and reports every entry and exit once.
        world_->CreateShape(ground, {.geometry = kBand, .isSensor = true});
        // snippet-end: sensor
        band_.clear();
        flashes_.clear();
        step_ = dropped_ = sensorBegins_ = sensorEnds_ = touchBegins_ = touchEnds_ = hits_ = 0;
        lastHitSpeed_ = 0.0f;
    }

    void Drop() {
        const float x = -2.5f + 0.45f * static_cast<float>((dropped_ * 7) % 12);
        const BodyId body = world_->CreateBody({.type = BodyType::Dynamic, .position = {x, 3.8f}, .angle = 0.3f * static_cast<float>(dropped_)});
        const ShapeGeometry geometry = dropped_ % 2 == 0 ? ShapeGeometry{Circle({0.0f, 0.0f}, 0.2f)} : ShapeGeometry{Box({0.2f, 0.15f})};
        world_->CreateShape(body, {.geometry = geometry, .restitution = 0.3f, .enableHitEvents = true});
        ++dropped_;
    }

    void ReadEvents() {
        // snippet-begin: read-events
        // After Step: arrays, valid until the next Step or Create/Destroy call. A game plays a sound per
        // hit, counts what is inside a trigger, spawns and destroys bodies here, outside the step.
        const SensorEvents sensor = world_->GetSensorEvents();
        for (const SensorBeginTouchEvent& e : sensor.beginEvents) band_.push_back(e.visitorShape);
        for (const SensorEndTouchEvent& e : sensor.endEvents) std::erase(band_, e.visitorShape);
        const ContactEvents contacts = world_->GetContactEvents();
        for (const ContactHitEvent& hit : contacts.hitEvents) flashes_.push_back({hit.point, hit.approachSpeed, 0.0f});
        // snippet-end: read-events
        sensorBegins_ += static_cast<int>(sensor.beginEvents.size());
        sensorEnds_ += static_cast<int>(sensor.endEvents.size());
        touchBegins_ += static_cast<int>(contacts.beginEvents.size());
        touchEnds_ += static_cast<int>(contacts.endEvents.size());
        hits_ += static_cast<int>(contacts.hitEvents.size());
        if (!contacts.hitEvents.empty()) lastHitSpeed_ = contacts.hitEvents.back().approachSpeed;
    }

    float dt_;
    std::optional<World> world_;
    std::vector<ShapeId> band_;  // shapes inside the sensor now, from its events alone
    std::vector<Flash> flashes_;
    int step_ = 0, dropped_ = 0;
    int sensorBegins_ = 0, sensorEnds_ = 0, touchBegins_ = 0, touchEnds_ = 0, hits_ = 0;
    float lastHitSpeed_ = 0.0f;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 08", "3 Sensors and events", &SensorsAndEvents::Create);
