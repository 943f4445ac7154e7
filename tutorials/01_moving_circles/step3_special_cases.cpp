// Tutorial 01 / 3 Special cases
//
// Teaches: where the plain quadratic breaks and what TimeOfImpactCircles answers instead
//          (seed 001 §D, made robust): parallel motion (P = 0: the formula divides by zero),
//          circles that already overlap at t = 0, coincident centres (no centre line to take a
//          normal from), zero radius (a point), zero motion, and a grazing touch (discriminant 0).
//          Each panel is one case: start (outline), end (faded), the contact (highlight), the
//          normal from A to B (arrow) and the answer. The table in the panel reruns every case at
//          1e-3 and 1e3 times the size: the answers must not change.
// Keys:    none of its own.
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/circle_toi.h"

namespace {

using namespace sensu;

struct Case {
    const char* title;
    MovingCircle a, b;
};

// Panel-local coordinates (metres); each panel is 4.2 m × 4.4 m.
const Case kCases[8] = {
    {"general: head-on", {{-1.3f, -0.1f}, {2.2f, 0.0f}, 0.4f}, {{1.3f, 0.2f}, {-2.2f, 0.0f}, 0.4f}},
    {"parallel motion, apart (P = 0)", {{-1.2f, -0.6f}, {2.0f, 0.8f}, 0.4f}, {{-1.2f, 0.4f}, {2.0f, 0.8f}, 0.4f}},
    {"parallel motion, overlapping", {{-1.2f, -0.3f}, {2.0f, 0.8f}, 0.4f}, {{-0.9f, 0.1f}, {2.0f, 0.8f}, 0.4f}},
    {"overlapping at t = 0", {{-0.3f, -0.2f}, {1.0f, 1.0f}, 0.5f}, {{0.3f, 0.0f}, {-1.2f, 0.4f}, 0.4f}},
    {"coincident centres", {{0.0f, 0.0f}, {1.4f, 0.0f}, 0.5f}, {{0.0f, 0.0f}, {-1.0f, 0.8f}, 0.4f}},
    {"zero radius (a point)", {{-1.5f, -0.5f}, {2.8f, 0.9f}, 0.0f}, {{0.3f, 0.1f}, {0.0f, 0.0f}, 0.6f}},
    {"zero motion", {{-0.8f, 0.0f}, {0.0f, 0.0f}, 0.5f}, {{0.8f, 0.3f}, {0.0f, 0.0f}, 0.5f}},
    {"grazing (discriminant = 0)", {{-1.5f, 0.8f}, {3.0f, 0.0f}, 0.4f}, {{0.0f, 0.0f}, {0.0f, 0.0f}, 0.4f}},
};

constexpr float kPanelWidth = 4.2f, kPanelHeight = 4.4f;

Vec2 PanelCenter(int i) {
    const int column = i % 4, row = i / 4;
    return {(static_cast<float>(column) - 1.5f) * kPanelWidth, 1.9f - static_cast<float>(row) * kPanelHeight};
}

MovingCircle Scaled(const MovingCircle& c, float s) { return {s * c.start, s * c.displacement, s * c.radius}; }

// Time of impact is scale-free: shrinking or growing the whole case must not change t or the normal.
bool SameAtAllScales(const Case& c) {
    const CircleImpact reference = TimeOfImpactCircles(c.a, c.b);
    for (const float scale : {1e-3f, 1e3f}) {
        const CircleImpact scaled = TimeOfImpactCircles(Scaled(c.a, scale), Scaled(c.b, scale));
        if (scaled.hit != reference.hit || std::abs(scaled.t - reference.t) > 1e-4f ||
            Distance(scaled.normal, reference.normal) > 1e-4f) {
            return false;
        }
    }
    return true;
}

class SpecialCases final : public Sample {
public:
    explicit SpecialCases(const SampleSettings& settings) : dt_(settings.dt) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<SpecialCases>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 0.3f};
        camera.viewHeight = 11.5f;
    }

    void Step(const Input&) override {
        clock_ += dt_;
        cursor_ = std::fmin(std::fmod(0.5f * clock_, 1.3f), 1.0f);
    }

    void Draw(Renderer& r) override {
        for (int i = 0; i < 8; ++i) {
            const Vec2 o = PanelCenter(i);
            const MovingCircle a{o + kCases[i].a.start, kCases[i].a.displacement, kCases[i].a.radius};
            const MovingCircle b{o + kCases[i].b.start, kCases[i].b.displacement, kCases[i].b.radius};
            const CircleImpact hit = TimeOfImpactCircles(a, b);

            r.DrawAABB({o - 0.5f * Vec2{kPanelWidth - 0.1f, kPanelHeight - 0.1f}, o + 0.5f * Vec2{kPanelWidth - 0.1f, kPanelHeight - 0.1f}},
                       colors::kGrid);
            r.DrawText(o + Vec2{0.0f, 0.5f * kPanelHeight - 0.3f}, kCases[i].title, colors::kText, TextAnchor::Center);
            for (const auto& [c, color] : {std::pair{a, colors::kBlue}, std::pair{b, colors::kOrange}}) {
                r.FillCapsule(c.start, c.start + c.displacement, c.radius, color.Faded(0.1f));
                r.DrawCircle(c.start, c.radius, color);
                r.DrawCircle(c.start + c.displacement, c.radius, color.Faded(0.35f));
                if (LengthSquared(c.displacement) > 0.0f) r.DrawArrow(c.start, c.start + c.displacement, color.Faded(0.6f), 7.0f);
                // Where the circle is now; it stops at the impact, as a simulation clamped to the TOI would.
                const float s = hit.hit ? std::fmin(cursor_, hit.t) : cursor_;
                r.FillCircle(c.start + s * c.displacement, c.radius, color.Faded(0.7f));
            }
            char answer[96];
            if (hit.hit) {
                r.DrawCircle(hit.centerA, a.radius, colors::kHighlight);
                r.DrawCircle(hit.centerB, b.radius, colors::kHighlight);
                r.DrawArrow(hit.point, hit.point + 0.7f * hit.normal, colors::kNormal, 7.0f);
                r.DrawPoint(hit.point, 6.0f, colors::kContact);
                std::snprintf(answer, sizeof answer, "%s t = %.3f, n = (%.2f, %.2f)", hit.initiallyOverlapping ? "overlap," : "hit,",
                              hit.t, hit.normal.x, hit.normal.y);
            } else {
                std::snprintf(answer, sizeof answer, "no contact in [0, 1]");
            }
            r.DrawText(o + Vec2{0.0f, -0.5f * kPanelHeight + 0.65f}, answer, hit.hit ? colors::kHighlight : colors::kTextDim,
                       TextAnchor::Center);
            const bool same = SameAtAllScales(kCases[i]);
            r.DrawText(o + Vec2{0.0f, -0.5f * kPanelHeight + 0.3f}, same ? "same answer at x1e-3 and x1e3" : "CHANGES with scale",
                       same ? colors::kGreen : colors::kRed, TextAnchor::Center);
        }
    }

    void Ui() override {
        if (!ImGui::CollapsingHeader("t and normal at three scales")) return;
        if (ImGui::BeginTable("scales", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
            ImGui::TableSetupColumn("case");
            ImGui::TableSetupColumn("x 1e-3");
            ImGui::TableSetupColumn("x 1");
            ImGui::TableSetupColumn("x 1e3");
            ImGui::TableHeadersRow();
            for (const Case& c : kCases) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(c.title);
                for (const float scale : {1e-3f, 1.0f, 1e3f}) {
                    ImGui::TableNextColumn();
                    const CircleImpact hit = TimeOfImpactCircles(Scaled(c.a, scale), Scaled(c.b, scale));
                    if (hit.hit) ImGui::Text("t=%.4f n=(%.2f,%.2f)", hit.t, hit.normal.x, hit.normal.y);
                    else ImGui::TextDisabled("miss");
                }
            }
            ImGui::EndTable();
        }
    }

private:
    float dt_;
    float clock_ = 0.0f;
    float cursor_ = 0.0f;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 01", "3 Special cases", &SpecialCases::Create);
