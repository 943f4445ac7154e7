// World queries / Explosions
//
// Teaches: the World's queries (sensu/physics/world_queries.h) and Explode (explosion.h): a rested
//          pyramid blown apart by a radial impulse that falls off with distance (it wakes the frozen
//          pile it pushes), a ray cast showing its hit point and surface normal, and a fan (Sector)
//          overlap query highlighting every shape a sword swing touches.
// Keys:    left click: an explosion at the mouse; the ray runs from the top-left corner to the mouse;
//          the browser's R restarts the sample (a rested pyramid again). Headless, a blast goes off at frame 5 and the ray sweeps by itself.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "sensu/app/camera.h"
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/physics/explosion.h"
#include "sensu/physics/world_queries.h"

namespace {

using namespace sensu;

constexpr int kRows = 8;                      // pyramid rows (36 boxes)
constexpr float kBoxHalf = 0.4f;              // m
constexpr int kHeadlessBlastStep = 5;         // the scripted explosion's step
constexpr Vec2 kHeadlessBlast{-2.2f, 0.6f};   // m: low on the pyramid's left flank
constexpr Vec2 kRayOrigin{-9.0f, 9.0f};       // m
constexpr Vec2 kFanCenter{7.0f, 1.2f};        // m: the sword's pivot, right of the pyramid
constexpr float kBlastShownFor = 0.5f;        // s the blast rings stay on screen

class Explosions final : public Sample {
public:
    explicit Explosions(const SampleSettings& settings) : dt_(settings.dt), headless_(settings.headless) { Build(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Explosions>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 4.0f};
        camera.viewHeight = 12.0f;
    }

    World* GrabWorld() override { return world_.get(); }

    void Step(const Input& input) override {
        if (!input.uiCapturedMouse && input.Pressed(MouseButton::Left)) Blast(input.mouseWorld);
        if (headless_ && step_ == kHeadlessBlastStep) Blast(kHeadlessBlast);
        world_->Step(dt_);
        ++step_;
        time_ += dt_;
        // The ray follows the mouse; headless it sweeps down across the pyramid. The sword swings back and forth.
        const Vec2 target = headless_ ? Vec2{-4.0f + 8.0f * std::sin(0.9f * time_), 0.5f} : input.mouseWorld;
        rayTranslation_ = 1.5f * (target - kRayOrigin);
        rayHit_ = CastRayClosest(*world_, kRayOrigin, rayTranslation_);
        const float swing = 0.5f * kPi + 0.9f * std::sin(1.7f * time_);
        fan_ = Sector(kFanCenter, {std::cos(swing), std::sin(swing)}, 0.35f, 1.0f, 4.5f);
        OverlapShape(*world_, *fan_, Transform{}, {}, swordTouches_);
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        DrawBodies(r);
        r.FillSector(fan_->center(), fan_->axis(), fan_->halfAngle(), fan_->innerRadius(), fan_->outerRadius(), colors::kPurple.WithAlpha(60));
        r.DrawSector(fan_->center(), fan_->axis(), fan_->halfAngle(), fan_->innerRadius(), fan_->outerRadius(), colors::kPurple);
        if (time_ - blastTime_ < kBlastShownFor) {
            const float fade = 1.0f - (time_ - blastTime_) / kBlastShownFor;
            r.FillCircle(blast_.position, blast_.radius, colors::kOrange.WithAlpha(static_cast<std::uint8_t>(110.0f * fade)));
            r.DrawCircle(blast_.position, blast_.radius + blast_.falloff, colors::kOrange.Faded(fade));
        }
        if (rayHit_) {
            r.DrawSegment(kRayOrigin, rayHit_->point, colors::kYellow);
            r.DrawPoint(rayHit_->point, 7.0f, colors::kHighlight);
            r.DrawArrow(rayHit_->point, rayHit_->point + 0.8f * rayHit_->normal, colors::kNormal);
        } else {
            r.DrawSegment(kRayOrigin, kRayOrigin + rayTranslation_, colors::kYellow.Faded(0.5f));
        }
        char line[160];
        std::snprintf(line, sizeof line, "%d blasts (last pushed %d shapes), %d of %d bodies awake, the sword touches %d shapes", blasts_,
                      lastPushed_, world_->GetAwakeBodyCount(), world_->GetBodyCount(), static_cast<int>(swordTouches_.size()));
        r.DrawScreenText({10.0f, 10.0f}, "Explosions: Explode() on a rested pyramid, a ray cast with its normal, a fan overlap query");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, "click: explode at the mouse   ray: to the mouse   R: restart", colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        ImGui::SliderFloat("radius (m)", &radius_, 0.1f, 5.0f);
        ImGui::SliderFloat("falloff (m)", &falloff_, 0.0f, 5.0f);
        ImGui::SliderFloat("impulse per length (N s/m)", &impulsePerLength_, -20.0f, 40.0f);
        if (ImGui::Button("rebuild the pyramid")) Build();
    }

private:
    void Build() {
        world_ = std::make_unique<World>();
        const BodyId ground = world_->CreateBody({.type = BodyType::Static});
        world_->CreateShape(ground, {.geometry = Segment({-30.0f, 0.0f}, {30.0f, 0.0f})});
        world_->CreateShape(ground, {.geometry = Box({0.3f, 1.5f}, {-7.0f, 1.5f})});
        for (int row = 0; row < kRows; ++row) {
            for (int i = 0; i < kRows - row; ++i) {
                const float x = (static_cast<float>(i) - 0.5f * static_cast<float>(kRows - row - 1)) * 2.0f * kBoxHalf;
                const BodyId box = world_->CreateBody({.type = BodyType::Dynamic, .position = {x, kBoxHalf * (1.0f + 2.0f * static_cast<float>(row))}});
                world_->CreateShape(box, {.geometry = Box({kBoxHalf, kBoxHalf}), .density = 1.0f, .friction = 0.6f});
            }
        }
        for (int i = 0; i < 3; ++i) {
            const BodyId ball = world_->CreateBody({.type = BodyType::Dynamic, .position = {5.0f + 1.2f * static_cast<float>(i), 0.35f}});
            world_->CreateShape(ball, {.geometry = Circle({0.0f, 0.0f}, 0.35f), .friction = 0.6f});
        }
        // Let the pile come to rest (freeze) before the first frame: the blast is what wakes it.
        for (int i = 0; i < 900 && world_->GetAwakeBodyCount() > 0; ++i) world_->Step(dt_);
        step_ = 0;
        time_ = 0.0f;
        blastTime_ = -kBlastShownFor;
        blasts_ = lastPushed_ = 0;
        fan_ = Sector(kFanCenter, {0.0f, 1.0f}, 0.35f, 1.0f, 4.5f);
    }

    void Blast(Vec2 at) {
        blast_ = {.position = at, .radius = radius_, .falloff = falloff_, .impulsePerLength = impulsePerLength_};
        lastPushed_ = Explode(*world_, blast_);
        blastTime_ = time_;
        ++blasts_;
    }

    bool TouchedBySword(ShapeId shape) const {
        for (ShapeId s : swordTouches_)
            if (s == shape) return true;
        return false;
    }

    // Frozen bodies gray, awake amber, static green; whatever the sword touches in the highlight colour.
    void DrawBodies(Renderer& r) const {
        std::vector<BodyId> bodies;
        world_->GetBodies(bodies);
        for (BodyId body : bodies) {
            const Transform xf = world_->GetTransform(body);
            const BodyType type = world_->GetType(body);
            const Color base = type == BodyType::Static ? colors::kStatic : (world_->IsAwake(body) ? colors::kDynamic : colors::kResting);
            for (ShapeId shape : world_->GetShapes(body)) {
                const Color color = TouchedBySword(shape) ? colors::kHighlight : base;
                std::visit([&](const auto& g) { r.DrawShape(g, xf, color); }, world_->GetGeometry(shape));
            }
        }
    }

    float dt_;
    bool headless_;
    std::unique_ptr<World> world_;
    float radius_ = 1.5f, falloff_ = 2.0f, impulsePerLength_ = 12.0f;
    ExplosionDef blast_{};
    float blastTime_ = 0.0f, time_ = 0.0f;
    int step_ = 0, blasts_ = 0, lastPushed_ = 0;
    Vec2 rayTranslation_{};
    std::optional<QueryHit> rayHit_;
    std::optional<Sector> fan_;
    std::vector<ShapeId> swordTouches_;
};

} // namespace

static const int registered = sensu::RegisterSample("World queries", "Explosions", &Explosions::Create);
