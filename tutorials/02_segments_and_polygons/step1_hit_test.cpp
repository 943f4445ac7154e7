// Tutorial 02 / 1 The hit test step by step
//
// Teaches: seed 002's test of a moving point against a surface, in 2D: a move V_s → V_e against an
//          edge a–b. (1) The sign test: w_s and w_e, the signed distances of the two ends from the
//          edge's line (eq. 10–12); same sign strictly means no hit, a zero (grazing) counts as a hit.
//          (2) Where the move crosses the line: t_c (eq. 16) and V_c (eq. 14). (3) The inside test:
//          s0 and s1 must not have opposite signs (eq. 17–18), else the crossing is beside the edge.
// Keys:    left mouse drags V_s or V_e (whichever is nearer); Space pauses the scripted motion.
#include <imgui.h>

#include <cstdio>
#include <string>

#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/move_response.h"

namespace {

using namespace sensu;

std::string Format(const char* format, float value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

class HitTestStepByStep final : public Sample {
public:
    explicit HitTestStepByStep(const SampleSettings& settings) : dt_(settings.dt) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<HitTestStepByStep>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 0.5f};
        camera.viewHeight = 8.0f;
    }

    void Step(const Input& input) override {
        if (input.Pressed(Key::Space)) paused_ = !paused_;
        if (input.Pressed(MouseButton::Left))
            dragged_ = Distance(input.mouseWorld, start_) < Distance(input.mouseWorld, end_) ? &start_ : &end_;
        if (!input.Down(MouseButton::Left)) dragged_ = nullptr;
        if (dragged_ != nullptr) *dragged_ = input.mouseWorld;
        if (paused_ || dragged_ != nullptr) return;
        // Scripted motion: the end circles below the edge, so the move crosses it, slides past its
        // ends (the inside test fails) and grazes the line twice per turn (w_e = 0).
        time_ += dt_;
        end_ = Vec2{0.4f, -0.2f} + Vec2{3.2f * std::cos(0.6f * time_ - 1.2f), 1.4f * std::sin(0.6f * time_ - 1.2f)};
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        // snippet-begin: sign-test
        // eq. (8)–(11): the edge's line N·X = d, and the signed distances of the move's two ends.
        const Vec2 n = Normalize(RightPerp(b_ - a_));
        const float ws = Dot(n, start_ - a_);
        const float we = Dot(n, end_ - a_);
        // eq. (12): (A) w_s·w_e > 0 misses; (B) = 0 grazes and (C) < 0 crosses: both are hits.
        const bool sameSide = (ws > 0.0f && we > 0.0f) || (ws < 0.0f && we < 0.0f);
        // snippet-end: sign-test
        const EdgeHit hit = IntersectMoveWithEdge(start_, end_, a_, b_);

        // The edge's line, extended, and its normal N.
        r.DrawSegment(a_ - 10.0f * (b_ - a_), a_ + 10.0f * (b_ - a_), colors::kGray.Faded(0.35f));
        r.DrawSegment(a_, b_, colors::kStatic);
        r.DrawPoint(a_, 6.0f, colors::kStatic);
        r.DrawPoint(b_, 6.0f, colors::kStatic);
        r.DrawText(a_ + Vec2{-0.2f, 0.35f}, "a", colors::kStatic);
        r.DrawText(b_ + Vec2{0.1f, 0.35f}, "b", colors::kStatic);
        const Vec2 mid = 0.5f * (a_ + b_);
        r.DrawArrow(mid, mid + 0.8f * n, colors::kStatic);
        r.DrawText(mid + 0.9f * n, "N", colors::kStatic);

        // w_s and w_e as perpendiculars to the line, coloured by sign.
        auto perpendicular = [&](Vec2 p, float w, const char* name) {
            const Color c = w > 0.0f ? colors::kBlue : (w < 0.0f ? colors::kOrange : colors::kHighlight);
            r.DrawSegment(p, p - w * n, c.Faded(0.8f));
            r.DrawText(p + Vec2{0.15f, 0.0f}, std::string(name) + Format(" = %+.2f", w), c);
        };
        perpendicular(start_, ws, "w_s");
        perpendicular(end_, we, "w_e");

        // The move itself.
        r.DrawArrow(start_, end_, sameSide ? colors::kGray : colors::kWhite);
        r.FillCircle(start_, 0.08f, colors::kBlue);
        r.FillCircle(end_, 0.08f, colors::kOrange);
        r.DrawText(start_ + Vec2{-0.6f, 0.3f}, "V_s", colors::kBlue);
        r.DrawText(end_ + Vec2{-0.6f, -0.1f}, "V_e", colors::kOrange);

        // eq. (16) and (14): where the move meets the line (drawn whether or not it is inside the edge).
        std::string verdict;
        Color verdictColor = colors::kTextDim;
        float s0 = 0.0f, s1 = 0.0f;
        if (sameSide) {
            verdict = "(A) w_s w_e > 0: both ends on one side -> no hit";
        } else {
            const float span = we - ws;
            const float tc = std::abs(span) > 0.0f ? -ws / span : 0.0f;
            const Vec2 vc = start_ + tc * (end_ - start_);
            // snippet-begin: inside-test
            // eq. (17)–(18) in 2D: V_c lies between a and b when s0 and s1 do not have opposite signs.
            s0 = Dot(b_ - a_, vc - a_);
            s1 = Dot(a_ - b_, vc - b_);
            const bool outside = (s0 < 0.0f && s1 > 0.0f) || (s0 > 0.0f && s1 < 0.0f);
            // snippet-end: inside-test
            r.DrawPoint(vc, 9.0f, outside ? colors::kRed : colors::kHighlight);
            r.DrawText(vc + Vec2{0.15f, -0.15f}, Format("V_c, t_c = %.2f", tc), outside ? colors::kRed : colors::kHighlight);
            verdict = outside ? "crosses the line beside the edge (s0 s1 < 0) -> no hit"
                              : ((ws < 0.0f && we > 0.0f) || (ws > 0.0f && we < 0.0f) ? "(C) w_s w_e < 0 and inside -> HIT"
                                                                                        : "(B) w_s w_e = 0, grazing -> HIT");
            verdictColor = outside ? colors::kRed : colors::kHighlight;
        }
        if (hit.hit) {
            r.DrawArrow(hit.point, hit.point + 0.6f * hit.normal, colors::kHighlight);
            r.DrawText(hit.point + 0.7f * hit.normal + Vec2{0.1f, 0.0f}, "N facing the start", colors::kHighlight);
        }

        const float line = r.LineHeight();
        r.DrawScreenText({10.0f, 10.0f}, "Seed 002 in 2D: does the move V_s -> V_e hit the edge a-b?");
        r.DrawScreenText({10.0f, 10.0f + line}, "1 sign test (eq. 10-12)   2 t_c (eq. 16)   3 inside test (eq. 17-18)", colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * line}, Format("w_s = %+.3f", ws) + Format("   w_e = %+.3f", we) +
                                                            (sameSide ? std::string() : Format("   s0 = %+.2f", s0) + Format("   s1 = %+.2f", s1)),
                         colors::kText);
        r.DrawScreenText({10.0f, 10.0f + 3.0f * line}, verdict, verdictColor);
    }

    void Ui() override {
        ImGui::Checkbox("pause the scripted motion (Space)", &paused_);
        ImGui::TextWrapped("Left mouse drags V_s or V_e, whichever is nearer. Put V_e exactly on the line to see the "
                           "grazing case (B): it must count as a hit, or a point stopped on a surface would "
                           "pass through it on the next move (seed 002, section 5.1).");
    }

private:
    float dt_;
    float time_ = 0.0f;
    bool paused_ = false;
    Vec2 a_{-1.5f, 0.5f}, b_{2.0f, 1.2f};
    Vec2 start_{-0.8f, 2.8f};
    Vec2 end_{0.4f, -1.6f};
    Vec2* dragged_ = nullptr;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 02", "1 The hit test step by step", &HitTestStepByStep::Create);
