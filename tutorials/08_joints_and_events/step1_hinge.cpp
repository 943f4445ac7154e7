// Tutorial 08 / 1 A hinge is an impulse
//
// Teaches: a revolute joint holds two anchor points together with an impulse P, derived like seed
//          004's contact impulse (eq. 2.31) but in two directions at once: P = −K⁻¹ Ċ, with K the
//          2×2 form of eq. (2.31)'s denominator. The step computes P by hand before each step and
//          draws it (pink) beside the impulse the solver applied (cyan, reaction force × dt).
// Keys:    none of its own; the bar is released again every 6 s.
#include <imgui.h>

#include <cstdio>
#include <optional>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/physics/joint_anchor.h"

namespace {

using namespace sensu;

// snippet-begin: hinge-impulse
// The impulse at a hinge between a fixed pin and body b (arm r from b's centre of mass to the
// anchor) that makes the anchor's velocity zero after this step's gravity: P = −K⁻¹ Ċ with
// K = (1/M) 𝟙 + (1/I) [r.y², −r.x r.y; −r.x r.y, r.x²] (seed 004 eq. 2.31's denominator in 2D).
Vec2 HingeImpulse(const World& w, BodyId b, Vec2 anchor, float dt) {
    const Vec2 r = anchor - w.GetWorldCenter(b);
    const float invM = 1.0f / w.GetMass(b), invI = 1.0f / w.GetInertia(b);
    const Vec2 v = w.GetLinearVelocity(b) + dt * w.GetGravity();  // after the forces of the step
    const Vec2 Cdot = v + Cross(w.GetAngularVelocity(b), r);        // velocity of the anchor
    const float k11 = invM + invI * r.y * r.y, k12 = -invI * r.x * r.y, k22 = invM + invI * r.x * r.x;
    const float det = k11 * k22 - k12 * k12;
    return {-(k22 * Cdot.x - k12 * Cdot.y) / det, -(k11 * Cdot.y - k12 * Cdot.x) / det};
}
// snippet-end: hinge-impulse

class Hinge final : public Sample {
public:
    explicit Hinge(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Hinge>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 2.0f};
        camera.viewHeight = 6.0f;
    }

    World* GrabWorld() override { return world_ ? &*world_ : nullptr; }

    void Step(const Input&) override {
        byHand_ = HingeImpulse(*world_, bar_, world_->GetAnchorB(hinge_), dt_);
        world_->Step(dt_);
        bySolver_ = dt_ * world_->GetReactionForce(hinge_);
        time_ += dt_;
        if (time_ > 6.0f) Restart();
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        const Transform xf = world_->GetTransform(bar_);
        r.DrawShape(Box({1.0f, 0.1f}), xf, colors::kDynamic);
        const Vec2 anchor = world_->GetAnchorB(hinge_);
        r.DrawPoint(kPin, 7.0f, colors::kStatic);
        const float scale = 2.0f / Max(Length(byHand_), 1e-3f);  // the longer arrow 2 m
        r.DrawArrow(anchor, anchor + scale * byHand_, colors::kHighlight);
        r.DrawArrow(anchor + Vec2{0.05f, 0.0f}, anchor + Vec2{0.05f, 0.0f} + scale * bySolver_, colors::kNormal);
        char line[160];
        std::snprintf(line, sizeof line, "P by hand (%.4f, %.4f) N s   solver (%.4f, %.4f) N s   anchor gap %.2e m", byHand_.x, byHand_.y,
                      bySolver_.x, bySolver_.y, Distance(world_->GetAnchorA(hinge_), anchor));
        r.DrawScreenText({10.0f, 10.0f}, "A hinge is an impulse: P = -K^-1 Cdot at the anchor (pink by hand, cyan by the solver)");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        ImGui::SliderFloat("release speed (rad/s)", &spin_, -6.0f, 6.0f);
        if (ImGui::Button("release again")) Restart();
    }

private:
    static constexpr Vec2 kPin{0.0f, 3.0f};

    void Restart() {
        world_.emplace();
        const BodyId pin = world_->CreateBody({.type = BodyType::Static, .position = kPin});
        // snippet-begin: hinge-create
        // A 2 m bar hinged at its left end to a static pin, released horizontally and spinning.
        bar_ = world_->CreateBody({.type = BodyType::Dynamic, .position = kPin + Vec2{1.0f, 0.0f}, .angularVelocity = spin_});
        world_->CreateShape(bar_, {.geometry = Box({1.0f, 0.1f})});
        hinge_ = world_->CreateJoint(AnchoredAt(*world_, RevoluteJointDef{.bodyA = pin, .bodyB = bar_}, kPin));
        // snippet-end: hinge-create
        time_ = 0.0f;
    }

    float dt_;
    std::optional<World> world_;
    BodyId bar_;
    JointId hinge_;
    float spin_ = 1.0f, time_ = 0.0f;
    Vec2 byHand_{}, bySolver_{};
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 08", "1 A hinge is an impulse", &Hinge::Create);
