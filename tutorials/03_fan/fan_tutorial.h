#pragma once
// Shared by the steps of tutorial 03: the editable fan (panel sliders, drawing with its labels) and a
// left-mouse drag helper. Only what every step needs; each step file teaches its own idea.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <span>

#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/geometry/shapes.h"

namespace sensu::tutorial03 {

inline constexpr float kDegrees = kPi / 180.0f;

inline Vec2 Polar(float radius, float angle) { return radius * Vec2{std::cos(angle), std::sin(angle)}; }

/// The fan edited in the panel: centre at the origin, angles in degrees for the sliders.
struct FanControls {
    float axisDegrees = 20.0f;
    float halfAngleDegrees = 50.0f;
    float inner = 1.0f;
    float outer = 3.0f;

    Sector Make() const {
        return Sector({0.0f, 0.0f}, Polar(1.0f, axisDegrees * kDegrees), halfAngleDegrees * kDegrees, inner, outer);
    }

    /// Sliders; keeps 0 ≤ r < R. Returns true when something changed.
    bool Ui() {
        bool changed = ImGui::SliderFloat("half angle theta (deg)", &halfAngleDegrees, 0.0f, 180.0f, "%.0f");
        changed |= ImGui::SliderFloat("inner radius r (m)", &inner, 0.0f, 3.9f, "%.2f");
        changed |= ImGui::SliderFloat("outer radius R (m)", &outer, 0.1f, 4.0f, "%.2f");
        changed |= ImGui::SliderFloat("axis A (deg)", &axisDegrees, -180.0f, 180.0f, "%.0f");
        if (inner >= outer) inner = Max(0.0f, outer - 0.05f);
        return changed;
    }

    /// The fan filled, its outline, and (with labels) O, A, θ, r and R as in the thesis' fig. 2.4.
    void Draw(Renderer& r, bool labels) const {
        const Sector fan = Make();
        r.FillSector(fan.center(), fan.axis(), fan.halfAngle(), inner, outer, colors::kGray.WithAlpha(70));
        r.DrawSector(fan.center(), fan.axis(), fan.halfAngle(), inner, outer, colors::kGray);
        if (!labels) return;
        const Vec2 a = fan.axis();
        r.DrawArrow({0.0f, 0.0f}, (outer + 0.6f) * a, colors::kText);
        r.DrawText((outer + 0.75f) * a, "A", colors::kText, TextAnchor::Center);
        r.DrawPoint({0.0f, 0.0f}, 6.0f, colors::kText);
        r.DrawText({-0.25f, -0.2f}, "O", colors::kText, TextAnchor::Center);
        const float axisAngle = axisDegrees * kDegrees;
        const float edgeAngle = axisAngle + halfAngleDegrees * kDegrees;
        r.DrawSegment({0.0f, 0.0f}, outer * Polar(1.0f, edgeAngle), colors::kTextDim.Faded(0.6f));
        char text[48];
        std::snprintf(text, sizeof text, "theta = %.0f deg", halfAngleDegrees);
        r.DrawText(Polar(0.7f, axisAngle + 0.5f * halfAngleDegrees * kDegrees), text, colors::kTextDim, TextAnchor::Center);
        std::snprintf(text, sizeof text, "R = %.2f", outer);
        r.DrawText(Polar(outer + 0.25f, axisAngle - 0.5f * halfAngleDegrees * kDegrees), text, colors::kTextDim, TextAnchor::Center);
        if (inner > 0.0f) {
            std::snprintf(text, sizeof text, "r = %.2f", inner);
            r.DrawText(Polar(inner - 0.3f, axisAngle - 0.5f * halfAngleDegrees * kDegrees), text, colors::kTextDim, TextAnchor::Center);
        }
    }
};

/// Left-drag of a set of anchor points: press near one to pick it, it follows the cursor while held.
class Dragger {
public:
    /// Moves the held anchor; returns its index, or -1 when nothing is held.
    int Update(const Input& input, std::span<Vec2> anchors, float pickRadius) {
        if (input.Pressed(MouseButton::Left)) {
            held_ = -1;
            float best = pickRadius;
            for (size_t i = 0; i < anchors.size(); ++i) {
                const float d = Distance(anchors[i], input.mouseWorld);
                if (d <= best) {
                    best = d;
                    held_ = static_cast<int>(i);
                    offset_ = anchors[i] - input.mouseWorld;
                }
            }
            if (held_ >= 0) last_ = held_;
        }
        if (!input.Down(MouseButton::Left)) held_ = -1;
        if (held_ >= 0) anchors[static_cast<size_t>(held_)] = input.mouseWorld + offset_;
        return held_;
    }
    /// The anchor picked most recently (for keys acting on "the current shape"), or -1.
    int last() const { return last_; }

private:
    int held_ = -1;
    int last_ = -1;
    Vec2 offset_{};
};

/// Overlap colours of the thesis' figures 2.12–2.19: red when touching the fan, blue otherwise.
inline Color VerdictColor(bool overlap) { return overlap ? colors::kRed : colors::kBlue; }

} // namespace sensu::tutorial03
