// Tutorial 01 / 2 The relative-motion quadratic
//
// Teaches: seed 001's idea. Watch B from A: the vector C(t) = B(t) - A(t) moves on a straight line
//          C(t) = C0 + t D, and the circles touch when |C(t)| = rA + rB. Squaring gives the quadratic
//          P t^2 + 2 Q t + R = (rA + rB)^2 with P = D.D, Q = C0.D, R = C0.C0; its smaller root is the
//          time of impact. Three views of the same numbers: the world (left), the relative motion
//          around A (top right) and the quadratic itself (bottom right).
// Keys:    none of its own; the panel sets the radii and B's direction, and can stop the animation.
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/circle_toi.h"

namespace {

using namespace sensu;

// The three views share one camera; each lives in its own region of the world.
constexpr Vec2 kRelativeOrigin{2.4f, 2.4f};  // where A sits in the relative-motion view
constexpr float kRelativeScale = 0.45f;      // relative view: metres drawn per metre
constexpr Vec2 kGraphOrigin{1.2f, -5.2f};    // bottom-left of the graph
constexpr Vec2 kGraphSize{8.8f, 3.4f};

class Quadratic final : public Sample {
public:
    explicit Quadratic(const SampleSettings& settings) : dt_(settings.dt) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Quadratic>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, -0.3f};
        camera.viewHeight = 12.5f;
    }

    void Step(const Input&) override {
        if (!animate_) return;
        clock_ += dt_;
        aimDegrees_ = 112.0f + 22.0f * std::sin(0.4f * clock_);
        cursor_ = std::fmod(0.45f * clock_, 1.3f);  // sweeps 0 → 1, then rests at the end a little
    }

    void Draw(Renderer& r) override {
        const float aim = aimDegrees_ * kPi / 180.0f;
        const MovingCircle a{{-8.5f, -1.5f}, {7.0f, 2.5f}, radiusA_};
        const MovingCircle b{{-2.5f, -4.8f}, {7.0f * std::cos(aim), 7.0f * std::sin(aim)}, radiusB_};

        // snippet-begin: quadratic
        const Vec2 c0 = b.start - a.start;               // C(0): from A to B at the start
        const Vec2 d = b.displacement - a.displacement;  // D = C(1) - C(0): the relative motion
        const float P = Dot(d, d), Q = Dot(c0, d), R = Dot(c0, c0);
        const float rAB = a.radius + b.radius;
        // |C(t)|^2 = (rA + rB)^2  <=>  P t^2 + 2 Q t + R - (rA + rB)^2 = 0   (seed 001 §B)
        const float discriminant = Q * Q - P * (R - rAB * rAB);
        // snippet-end: quadratic
        const bool real = discriminant >= 0.0f && P > 0.0f;
        const float tMinus = real ? (-Q - std::sqrt(discriminant)) / P : 0.0f;
        const float tPlus = real ? (-Q + std::sqrt(discriminant)) / P : 0.0f;
        const CircleImpact impact = TimeOfImpactCircles(a, b);
        const float s = std::fmin(cursor_, 1.0f);

        // ---- the world ----
        r.DrawText({-9.8f, 5.4f}, "world: A and B over one step", colors::kText);
        r.FillCapsule(a.start, a.start + a.displacement, a.radius, colors::kBlue.Faded(0.12f));
        r.FillCapsule(b.start, b.start + b.displacement, b.radius, colors::kOrange.Faded(0.12f));
        r.DrawCircle(a.start, a.radius, colors::kBlue.Faded(0.6f));
        r.DrawCircle(b.start, b.radius, colors::kOrange.Faded(0.6f));
        r.DrawArrow(a.start, a.start + a.displacement, colors::kBlue.Faded(0.6f));
        r.DrawArrow(b.start, b.start + b.displacement, colors::kOrange.Faded(0.6f));
        r.DrawText(a.start + Vec2{-0.3f, -a.radius - 0.2f}, "A(0)", colors::kBlue);
        r.DrawText(b.start + Vec2{0.3f, 0.0f}, "B(0)", colors::kOrange);
        if (impact.hit) {
            r.DrawCircle(impact.centerA, a.radius, colors::kHighlight);
            r.DrawCircle(impact.centerB, b.radius, colors::kHighlight);
            r.DrawArrow(impact.point, impact.point + 1.2f * impact.normal, colors::kNormal);
            r.DrawPoint(impact.point, 7.0f, colors::kContact);
        }
        const Vec2 aNow = a.start + s * a.displacement, bNow = b.start + s * b.displacement;
        r.FillCircle(aNow, a.radius, colors::kBlue.Faded(0.8f));
        r.FillCircle(bNow, b.radius, colors::kOrange.Faded(0.8f));
        r.DrawSegment(aNow, bNow, colors::kGreen);  // C(s), the vector the whole method is about

        // ---- relative motion: A stays put, B moves along C0 + t D ----
        auto rel = [](Vec2 c) { return kRelativeOrigin + kRelativeScale * c; };
        r.DrawText(kRelativeOrigin + Vec2{-1.6f, 3.2f}, "relative to A: C(t) = C0 + t D", colors::kText);
        r.FillCircle(kRelativeOrigin, kRelativeScale * rAB, colors::kBlue.Faded(0.25f));
        r.DrawCircle(kRelativeOrigin, kRelativeScale * rAB, colors::kBlue);
        r.DrawText(kRelativeOrigin + Vec2{0.0f, -kRelativeScale * rAB - 0.3f}, "radius rA + rB", colors::kTextDim, TextAnchor::Center);
        r.DrawArrow(rel(c0), rel(c0 + d), colors::kOrange);
        r.DrawText(rel(c0) + Vec2{0.15f, 0.0f}, "C0", colors::kOrange);
        r.DrawText(rel(c0 + d) + Vec2{-0.2f, 0.35f}, "C0 + D", colors::kOrange);
        r.DrawSegment(kRelativeOrigin, rel(c0 + s * d), colors::kGreen);
        r.DrawPoint(rel(c0 + s * d), 6.0f, colors::kGreen);
        if (real) {
            r.DrawPoint(rel(c0 + tMinus * d), 7.0f, colors::kHighlight);
            r.DrawPoint(rel(c0 + tPlus * d), 5.0f, colors::kHighlight.Faded(0.6f));
        }

        // ---- the quadratic f(t) = P t^2 + 2 Q t + R - (rA + rB)^2 on t in [0, 1] ----
        auto f = [&](float t) { return P * t * t + 2.0f * Q * t + R - rAB * rAB; };
        float lo = 0.0f, hi = 0.0f;
        for (int i = 0; i <= 64; ++i) {
            lo = std::fmin(lo, f(static_cast<float>(i) / 64.0f));
            hi = std::fmax(hi, f(static_cast<float>(i) / 64.0f));
        }
        const float span = std::fmax(hi - lo, 1e-6f);
        auto plot = [&](float t, float value) {
            return kGraphOrigin + Vec2{kGraphSize.x * t, kGraphSize.y * (value - lo) / span};
        };
        r.DrawText(kGraphOrigin + Vec2{0.0f, kGraphSize.y + 0.7f}, "|C(t)|^2 - (rA+rB)^2 = P t^2 + 2Q t + R - (rA+rB)^2", colors::kText);
        r.DrawSegment(plot(0.0f, 0.0f), plot(1.0f, 0.0f), colors::kGray);  // f = 0: touching
        r.DrawSegment(plot(0.0f, lo), plot(0.0f, hi), colors::kGray);
        r.DrawText(plot(1.0f, 0.0f) + Vec2{0.1f, 0.2f}, "t = 1", colors::kTextDim);
        r.DrawText(plot(0.0f, 0.0f) + Vec2{-0.9f, 0.2f}, "t = 0", colors::kTextDim);
        Vec2 curve[65];
        for (int i = 0; i <= 64; ++i) curve[i] = plot(static_cast<float>(i) / 64.0f, f(static_cast<float>(i) / 64.0f));
        r.DrawPolyline(curve, colors::kYellow);
        r.DrawPoint(plot(s, f(s)), 6.0f, colors::kGreen);
        const float roots[2] = {tMinus, tPlus};
        for (int k = 0; k < 2; ++k) {
            const float root = roots[k];
            if (!real || root < 0.0f || root > 1.0f) continue;
            const bool first = k == 0;  // the entry (the impact) labelled below the axis, the exit above
            r.DrawPoint(plot(root, 0.0f), first ? 7.0f : 5.0f, first ? colors::kHighlight : colors::kHighlight.Faded(0.6f));
            char label[32];
            std::snprintf(label, sizeof label, first ? "t- = %.3f" : "t+ = %.3f", root);
            r.DrawText(plot(root, 0.0f) + Vec2{0.0f, first ? -0.45f : 0.45f}, label, colors::kHighlight, TextAnchor::Center);
        }

        std::snprintf(readout_, sizeof readout_, "P = %.2f  Q = %.2f  R = %.2f  discriminant = %.2f\nTimeOfImpactCircles: %s t = %.4f",
                      P, Q, R, discriminant, impact.hit ? "hit," : "miss,", impact.t);
        r.DrawScreenText({10.0f, static_cast<float>(r.height()) - 3.0f * r.LineHeight()}, readout_, colors::kText);
    }

    void Ui() override {
        ImGui::SliderFloat("radius A (m)", &radiusA_, 0.0f, 2.0f);
        ImGui::SliderFloat("radius B (m)", &radiusB_, 0.0f, 2.0f);
        ImGui::SliderFloat("B direction (deg)", &aimDegrees_, 0.0f, 360.0f, "%.0f");
        ImGui::SliderFloat("time cursor", &cursor_, 0.0f, 1.0f);
        ImGui::Checkbox("animate", &animate_);
        ImGui::TextWrapped("No real root (discriminant < 0): the line misses the circle. Roots outside "
                           "[0, 1]: the circles meet before or after this step, not in it.");
    }

private:
    float dt_;
    float clock_ = 0.0f;
    float radiusA_ = 0.8f, radiusB_ = 0.6f;
    float aimDegrees_ = 112.0f;
    float cursor_ = 0.0f;
    bool animate_ = true;
    char readout_[192] = {};
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 01", "2 The relative-motion quadratic", &Quadratic::Create);
