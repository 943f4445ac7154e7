// Tutorial 06 / 2 Two bodies and the impulse
//
// Teaches: seed 004 §2.4 and §4.3.2. Two boxes thrown at each other collide in the air. At the first
//          contact the step computes the impulse of eq. (2.31) itself — with the denominator the
//          seed misprints written correctly, 1/Ma + 1/Mb + (ra×n)²/Ia + (rb×n)²/Ib, and −(1+e)·v·n
//          for restitution e — and draws it (pink) beside the impulses the solver applied (cyan).
//          Then both land, pivot on a vertex and freeze.
// Keys:    none of its own; the throw repeats every 5 s.
#include <imgui.h>

#include <cstdio>
#include <optional>

#include "rest_drawing.h"
#include "sensu/app/sample.h"

namespace {

using namespace sensu;

// snippet-begin: impulse
// Seed 004 eq. (2.31), corrected: the impulse magnitude along n (from A to B) at the point p that
// turns the approach speed v_rel·n into −e times itself.
float ImpulseMagnitude(const World& w, BodyId a, BodyId b, Vec2 p, Vec2 n, float e) {
    const Vec2 ra = p - w.GetWorldCenter(a);
    const Vec2 rb = p - w.GetWorldCenter(b);
    const Vec2 va = w.GetLinearVelocity(a) + Cross(w.GetAngularVelocity(a), ra);
    const Vec2 vb = w.GetLinearVelocity(b) + Cross(w.GetAngularVelocity(b), rb);
    const float vn = Dot(vb - va, n);  // < 0: approaching
    const float k = 1.0f / w.GetMass(a) + 1.0f / w.GetMass(b) + Square(Cross(ra, n)) / w.GetInertia(a) +
                    Square(Cross(rb, n)) / w.GetInertia(b);
    return Max(-(1.0f + e) * vn / k, 0.0f);
}
// snippet-end: impulse

class TwoBodies final : public Sample {
public:
    explicit TwoBodies(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<TwoBodies>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 1.8f};
        camera.viewHeight = 5.0f;
    }

    World* GrabWorld() override { return world_ ? &*world_ : nullptr; }

    void Step(const Input&) override {
        if (!predicted_) {
            // Before the solver acts on the first touching contact, predict its impulse by hand.
            std::vector<ContactPointInfo> points;
            world_->GetContactPoints(points);
            for (const ContactPointInfo& c : points) {
                if (c.bodyA == ground_ || c.bodyB == ground_ || c.separation > 0.0f) continue;
                point_ = c.point;
                normal_ = c.normal;
                impulse_ = ImpulseMagnitude(*world_, c.bodyA, c.bodyB, c.point, c.normal, 0.0f);
                predicted_ = true;
                break;
            }
        }
        world_->Step(dt_);
        time_ += dt_;
        if (time_ > 5.0f) Restart();
    }

    void Draw(Renderer& r) override {
        tutorial06::DrawWorld(r, *world_, 0.5f);
        char line[128];
        if (predicted_) {
            r.DrawArrow(point_, point_ + 0.5f * impulse_ * normal_, colors::kHighlight);
            std::snprintf(line, sizeof line, "eq. (2.31) at the first contact point: |P| = %.3f N s (one point of the pair)", impulse_);
        } else {
            std::snprintf(line, sizeof line, "t = %.2f s: not touching yet", time_);
        }
        r.DrawScreenText({10.0f, 10.0f}, line);
        tutorial06::DrawLegend(r, 10.0f + 2.0f * r.LineHeight());
    }

    void Ui() override {
        ImGui::SliderFloat("speed (m/s)", &speed_, 0.5f, 6.0f);
        if (ImGui::Button("throw again")) Restart();
    }

private:
    void Restart() {
        world_.emplace();
        ground_ = world_->CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
        world_->CreateShape(ground_, {.geometry = Box({20.0f, 0.5f})});
        for (float side : {-1.0f, 1.0f}) {
            const BodyId b = world_->CreateBody({.type = BodyType::Dynamic, .position = {1.6f * side, 2.6f},
                                                 .linearVelocity = {-speed_ * side, 0.5f}, .angularVelocity = 2.0f * side});
            world_->CreateShape(b, {.geometry = Box({0.5f, 0.25f})});
        }
        time_ = 0.0f;
        predicted_ = false;
    }

    float dt_;
    std::optional<World> world_;
    BodyId ground_;
    float time_ = 0.0f;
    float speed_ = 3.0f;
    bool predicted_ = false;
    Vec2 point_{}, normal_{};
    float impulse_ = 0.0f;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 06", "2 Two bodies and the impulse", &TwoBodies::Create);
