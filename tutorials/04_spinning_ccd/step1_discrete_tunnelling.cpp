// Tutorial 04 / 1 Discrete stepping tunnels
//
// Teaches: why a fast-spinning bar passes through balls between frames. A discrete engine only asks
//          "does the bar touch the ball where this frame put it?". The bar turns by alpha per step, so
//          everything between two consecutive poses is never looked at: red balls and dots were
//          swept by the bar during the step and seen by neither frame. Shown in slow motion; the
//          tally counts the balls the bar really passed through and how many the frames caught.
// Keys:    drag the balls with the left mouse; the bar's speed and size and the slow motion are in
//          the panel (P pauses, O single-steps).
#include <cstdio>

#include "sensu/geometry/overlap.h"
#include "spinning_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial04;

class DiscreteTunnelling final : public RegionStep {
public:
    explicit DiscreteTunnelling(const SampleSettings& settings) : RegionStep(settings) {
        bar_.sweepDegrees = 60.0f;  // 63 rad/s at 60 Hz: a rotor, a flail, a fast swing
        spin_ = true;
        Tally();
    }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<DiscreteTunnelling>(settings); }

    void Step(const Input& input) override {
        balls_.Drag(input);
        if (!spin_ || ++frame_ < framesPerStep_) return;
        frame_ = 0;
        bar_.startDegrees = std::remainder(bar_.startDegrees + bar_.sweepDegrees, 360.0f);
        ++frameNumber_;
        Tally();
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        auto detectsBall = [&](const Circle& ball) { return SeenByAFrame(ball); };
        auto detectsPoint = [&](Vec2 p) { return SeenByAFrame(Circle(p, 0.0f)); };
        char tally[200], startLabel[32], endLabel[32];
        std::snprintf(tally, sizeof tally, "since the start: %d balls swept through, %d caught by a frame, %d tunnelled (%d steps)",
                      swept_, caught_, swept_ - caught_, frameNumber_);
        std::snprintf(startLabel, sizeof startLabel, "frame %d", frameNumber_);
        std::snprintf(endLabel, sizeof endLabel, "frame %d", frameNumber_ + 1);
        Judge(r, detectsPoint, detectsBall, "Discrete stepping: the bar is only tested where each frame puts it",
              "It turns by alpha between two frames; whatever it sweeps in between is never tested.",
              "a frame", tally, startLabel, endLabel);
    }

    void Ui() override {
        RegionStep::Ui();
        ImGui::SliderInt("slow motion (frames per step)", &framesPerStep_, 1, 60);
        if (ImGui::Button("reset the tally")) swept_ = caught_ = frameNumber_ = 0;
    }

private:
    // snippet-begin: discrete
    // The discrete test: does the ball touch the bar where a frame put it? Both ends of the step are
    // tested (the previous frame and this one); the motion in between is never looked at.
    bool SeenByAFrame(const Circle& ball) const {
        const Box body = bar_.Body();
        return Overlap(body, SweepPose(bar_.Sweep(), 0.0f), ball, Transform{}) ||
               Overlap(body, SweepPose(bar_.Sweep(), 1.0f), ball, Transform{});
    }
    // snippet-end: discrete

    // Counts the balls of the step now shown: swept by the bar, and caught by either frame.
    void Tally() {
        const SweptRegion truth(bar_.Body(), bar_.Sweep());
        for (size_t i = 0; i < balls_.centers.size(); ++i) {
            const Circle ball = balls_.Ball(i);
            if (!truth.Overlaps(ball, Transform{})) continue;
            ++swept_;
            caught_ += SeenByAFrame(ball);
        }
    }

    int framesPerStep_ = 20;
    int frame_ = 0;
    int frameNumber_ = 0;
    int swept_ = 0, caught_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 04", "1 Discrete stepping tunnels", &DiscreteTunnelling::Create);
