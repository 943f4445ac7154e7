// Tutorial 02 / 2 Three responses side by side
//
// Teaches: what to do once the move hits (seed 002 §5.4), on the same jagged wall three times:
//          shorten the move by ε (§5.4.1, eq. 19–20: the point stops dead), push the hit point off
//          along the normal flipped to the start's side (§5.4.2, eq. 21), and slide the end point
//          onto the surface (§5.4.3, eq. 22–25), re-testing the corrected move until it is free, with
//          an iteration cap and a fallback. Each corrected move is drawn, numbered by iteration.
// Keys:    left mouse drags the end point (in any panel); Space pauses the scripted motion.
#include <imgui.h>

#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/move_response.h"

namespace {

using namespace sensu;

constexpr float kPanelWidth = 6.5f;

// One answered hit: the hit, and the end point before and after the correction.
struct Correction {
    EdgeHit hit;
    Vec2 from, to;
};

class ThreeResponses final : public Sample {
public:
    explicit ThreeResponses(const SampleSettings& settings) : dt_(settings.dt) {
        // A jagged wall: a zigzag floor rising into a step, the same in every panel (local coordinates).
        const Vec2 points[] = {{-3.0f, -0.4f}, {-1.8f, 0.3f}, {-0.9f, -0.6f}, {0.2f, 0.1f}, {0.9f, -0.3f}, {1.4f, 1.6f}, {3.0f, 1.9f}};
        for (size_t i = 0; i + 1 < std::size(points); ++i) wall_.emplace_back(points[i], points[i + 1]);
    }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<ThreeResponses>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 0.4f};
        camera.viewHeight = 11.5f; // the three panels, 19.5 m wide, fit a 16:9 view
    }

    void Step(const Input& input) override {
        if (input.Pressed(Key::Space)) paused_ = !paused_;
        if (input.Down(MouseButton::Left)) {
            // The end point in panel-local coordinates, whichever panel the cursor is over.
            const float panel = std::round(input.mouseWorld.x / kPanelWidth);
            end_ = input.mouseWorld - Vec2{panel * kPanelWidth, 0.0f};
            return;
        }
        if (paused_) return;
        // Scripted: the target sweeps back and forth below the wall, from the zigzag into the step.
        time_ += dt_;
        end_ = {1.2f + 1.8f * std::sin(0.5f * time_ + 0.9f), -1.4f + 0.4f * std::cos(0.9f * time_)};
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        const std::array<HitResponse, 3> responses{HitResponse::Shorten, HitResponse::PushOff, HitResponse::Slide};
        const char* names[3] = {"Shorten by epsilon (5.4.1)", "Push off along N (5.4.2)", "Slide the end point (5.4.3)"};
        for (int panel = 0; panel < 3; ++panel) {
            const Vec2 offset{(panel - 1) * kPanelWidth, 0.0f};
            for (const Segment& s : wall_) r.DrawSegment(s.a() + offset, s.b() + offset, colors::kStatic);
            r.DrawArrow(start_ + offset, end_ + offset, colors::kGray.Faded(0.6f));
            r.FillCircle(start_ + offset, 0.07f, colors::kBlue);
            r.DrawPoint(end_ + offset, 6.0f, colors::kOrange);

            // snippet-begin: resolve-loop
            // Repeat: test the (corrected) move, answer its first hit, until the move is free.
            const HitResponse response = responses[panel];
            Vec2 target = end_;
            std::vector<Correction> corrections;
            int iteration = 0;
            for (; iteration < kMaxIterations; ++iteration) {
                const EdgeHit hit = FirstEdgeHit(start_, target, 0.0f, wall_);
                if (!hit.hit) break;
                const Vec2 corrected = ApplyResponse(response, start_, target, hit, kEpsilon);
                corrections.push_back({hit, target, corrected});
                target = corrected;
                if (response == HitResponse::Shorten) break; // stops before the first hit: free by construction
            }
            // The cap was reached: fall back to the response that always ends free (end of 5.4.3).
            const EdgeHit last = FirstEdgeHit(start_, target, 0.0f, wall_);
            const bool fallback = iteration == kMaxIterations && last.hit;
            if (fallback) target = ApplyResponse(HitResponse::Shorten, start_, target, last, kEpsilon);
            // snippet-end: resolve-loop
            for (size_t i = 0; i < corrections.size(); ++i) {
                const Correction& c = corrections[i];
                r.DrawPoint(c.hit.point + offset, 8.0f, colors::kContact);
                r.DrawArrow(c.hit.point + offset, c.hit.point + 0.5f * c.hit.normal + offset, colors::kContact.Faded(0.7f), 6.0f);
                r.DrawArrow(c.from + offset, c.to + offset, colors::kYellow.Faded(0.8f), 6.0f);
                r.DrawText(c.to + offset + Vec2{0.08f, 0.25f}, std::to_string(i + 1), colors::kYellow);
            }
            r.DrawArrow(start_ + offset, target + offset, colors::kHighlight);
            r.FillCircle(target + offset, 0.07f, colors::kHighlight);

            // The library call that does the same loop, for comparison.
            const ResolvedMove resolved = ResolveMove(start_, end_, 0.0f, wall_, responses[panel], {kEpsilon, kMaxIterations});
            char line[128];
            std::snprintf(line, sizeof line, "%d hit(s)%s, ends %.3f m from the target", resolved.hits,
                          fallback || resolved.usedFallback ? ", FELL BACK" : "", Distance(resolved.end, end_));
            r.DrawText(offset + Vec2{0.0f, 3.2f}, names[panel], colors::kText, TextAnchor::Center);
            r.DrawText(offset + Vec2{0.0f, 2.8f}, line, colors::kTextDim, TextAnchor::Center);
        }
        r.DrawScreenText({10.0f, 10.0f}, "The same move against the same wall, three answers to the hit (seed 002, section 5.4)");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()},
                         "grey: the move asked for   red: hit point and N   yellow: correction, by iteration   pink: the result",
                         colors::kTextDim);
    }

    void Ui() override {
        ImGui::Checkbox("pause the scripted motion (Space)", &paused_);
        ImGui::TextWrapped("Left mouse drags the target. epsilon = %.2f m here (eq. 13 uses 0.001) so the corrections "
                           "are visible. Shorten stops dead; push-off lands just in front of the hit; slide keeps "
                           "the motion along the wall and may need several iterations in the zigzag.", kEpsilon);
    }

private:
    static constexpr float kEpsilon = 0.05f;
    static constexpr int kMaxIterations = 8;
    float dt_;
    float time_ = 0.0f;
    bool paused_ = false;
    std::vector<Segment> wall_;
    Vec2 start_{-2.2f, 2.2f};
    Vec2 end_{1.0f, -1.5f};
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 02", "2 Three responses side by side", &ThreeResponses::Create);
