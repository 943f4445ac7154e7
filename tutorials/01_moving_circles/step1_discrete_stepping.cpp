// Tutorial 01 / 1 Discrete stepping misses
//
// Teaches: why a game that only tests overlap at the end of each step lets fast circles pass through
//          each other ("tunnelling", seed 001 intro). Two circles fly at each other; every fixed step
//          leaves a faded copy where the overlap test looked. No copy of A ever overlaps the copy of
//          B from the same step, so the discrete test says "no collision" even though the paths
//          cross: the highlighted pair shows where they really touched (time of impact, step 2).
// Keys:    none of its own; use the panel to change the speed and watch the test start to work
//          when the relative motion per step falls below the sum of the radii.
#include <imgui.h>

#include <cstdio>
#include <vector>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/circle_toi.h"

namespace {

using namespace sensu;

class DiscreteStepping final : public Sample {
public:
    explicit DiscreteStepping(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<DiscreteStepping>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 0.0f};
        camera.viewHeight = 8.0f;
    }

    void Step(const Input&) override {
        // snippet-begin: discrete
        // The discrete step: move, then ask "do they overlap now?".
        const Vec2 nextA = a_ + dt_ * velocityA_;
        const Vec2 nextB = b_ + dt_ * velocityB_;
        if (Distance(nextA, nextB) < 2.0f * kRadius) discreteHit_ = true;
        // The swept question: "did they touch at any time during the step?" (seed 001).
        const CircleImpact impact = TimeOfImpactCircles({a_, nextA - a_, kRadius}, {b_, nextB - b_, kRadius});
        // snippet-end: discrete
        if (impact.hit && !sweptHit_) {
            sweptHit_ = true;
            impact_ = impact;
            impactStep_ = static_cast<int>(trailA_.size());
        }
        a_ = nextA;
        b_ = nextB;
        trailA_.push_back(a_);
        trailB_.push_back(b_);
        if (a_.x > kStartX + 1.0f) Restart();  // flown across: start the next pass
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        // Faded copies: where the discrete test sampled the motion, one pair per step.
        for (size_t i = 0; i < trailA_.size(); ++i) {
            r.DrawCircle(trailA_[i], kRadius, colors::kBlue.Faded(0.45f));
            r.DrawCircle(trailB_[i], kRadius, colors::kOrange.Faded(0.45f));
            r.DrawText(trailA_[i] + Vec2{0.0f, kRadius + 0.25f}, std::to_string(i), colors::kTextDim, TextAnchor::Center);
        }
        if (sweptHit_) {
            r.FillCircle(impact_.centerA, kRadius, colors::kHighlight.Faded(0.5f));
            r.FillCircle(impact_.centerB, kRadius, colors::kHighlight.Faded(0.5f));
            r.DrawPoint(impact_.point, 7.0f, colors::kContact);
            r.DrawText(impact_.point + Vec2{0.0f, -0.9f}, "they touched here, during step " + std::to_string(impactStep_),
                       colors::kHighlight, TextAnchor::Center);
        }
        r.FillCircle(a_, kRadius, colors::kBlue);
        r.FillCircle(b_, kRadius, colors::kOrange);
        r.DrawArrow(a_, a_ + dt_ * velocityA_, colors::kBlue);
        r.DrawArrow(b_, b_ + dt_ * velocityB_, colors::kOrange);

        char line[160];
        std::snprintf(line, sizeof line, "relative motion per step %.2f m, sum of radii %.2f m", 2.0f * speed_ * dt_, 2.0f * kRadius);
        r.DrawScreenText({10.0f, 10.0f}, "Discrete stepping: overlap is only tested at the end of each step");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, line, colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()},
                         discreteHit_ ? "discrete test: HIT" : "discrete test: no overlap at any step -> missed",
                         discreteHit_ ? colors::kGreen : colors::kRed);
        r.DrawScreenText({10.0f, 10.0f + 3.0f * r.LineHeight()},
                         sweptHit_ ? "swept test (time of impact): HIT" : "swept test (time of impact): no contact yet",
                         sweptHit_ ? colors::kGreen : colors::kTextDim);
    }

    void Ui() override {
        if (ImGui::SliderFloat("speed (m/s)", &speed_, 2.0f, 90.0f, "%.0f")) Restart();
        ImGui::Text("per step each circle moves %.2f m", speed_ * dt_);
        ImGui::TextWrapped("The discrete test can only catch the hit while the relative motion per step "
                           "stays below the sum of the radii (%.1f m) - and even then it sees the overlap "
                           "late, after the circles have sunk into each other.", 2.0f * kRadius);
    }

private:
    static constexpr float kRadius = 0.3f;
    // Chosen so that at the default speed (0.9 m per step each) the sampled gaps are +0.9 m and -0.9 m:
    // both beyond the 0.6 m sum of the radii, so the end-of-step test misses the hit entirely.
    static constexpr float kStartX = 6.75f;

    void Restart() {
        a_ = {-kStartX, -0.1f};
        b_ = {kStartX, 0.1f};
        velocityA_ = {speed_, 0.0f};
        velocityB_ = {-speed_, 0.0f};
        trailA_.assign(1, a_);
        trailB_.assign(1, b_);
        discreteHit_ = sweptHit_ = false;
    }

    float dt_;
    float speed_ = 54.0f;
    Vec2 a_, b_, velocityA_, velocityB_;
    std::vector<Vec2> trailA_, trailB_;
    bool discreteHit_ = false, sweptHit_ = false;
    CircleImpact impact_;
    int impactStep_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 01", "1 Discrete stepping misses", &DiscreteStepping::Create);
