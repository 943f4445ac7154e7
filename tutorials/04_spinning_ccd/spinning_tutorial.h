#pragma once
// Shared by the steps of tutorial 04: the spinning bar edited in the panel, the truth it is judged
// against (the exact swept region), the grid of points and the balls coloured by verdict, and the
// on-screen numbers. Each step file builds its own region and teaches only that.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "sensu/app/camera.h"
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/shapes.h"
#include "sensu/geometry/swept_region.h"

namespace sensu::tutorial04 {

inline constexpr float kDegrees = kPi / 180.0f;

/// The bar of every step: a box rotating about a pivot at the origin by α over one step.
/// Body frame: the pivot is the origin, the bar lies along +x with its centre at (along, across).
struct BarControls {
    float length = 3.0f;       ///< along the bar (m)
    float width = 0.9f;        ///< across the bar (m)
    float along = 2.0f;        ///< bar centre from the pivot, along the bar (m); |along| < length/2: pivot inside
    float across = 0.0f;       ///< bar centre from the pivot, across the bar (m)
    float startDegrees = 20.0f;
    float sweepDegrees = 150.0f;  ///< α: rotation over one step, any size (a full turn is 360)

    Box Body() const { return Box({0.5f * length, 0.5f * width}, {along, across}); }
    RotationalSweep Sweep() const {
        return {.pivot = {0.0f, 0.0f}, .startAngle = startDegrees * kDegrees, .sweepAngle = sweepDegrees * kDegrees};
    }
    bool PivotInside() const { return std::abs(along) <= 0.5f * length && std::abs(across) <= 0.5f * width; }
    /// Distance of the farthest corner from the pivot (m): every region of the tutorial lies within it.
    float Reach() const { return std::hypot(std::abs(along) + 0.5f * length, std::abs(across) + 0.5f * width); }

    /// Sliders: the sweep angle up to two full turns either way, the bar's size and the pivot.
    void Ui(float dt) {
        ImGui::SliderFloat("rotation per step alpha (deg)", &sweepDegrees, -720.0f, 720.0f, "%.0f");
        ImGui::Text("  = %.0f rad/s at %.0f Hz", sweepDegrees * kDegrees / dt, 1.0f / dt);
        ImGui::SliderFloat("start angle (deg)", &startDegrees, -180.0f, 180.0f, "%.0f");
        ImGui::SliderFloat("bar length (m)", &length, 0.2f, 6.0f, "%.2f");
        ImGui::SliderFloat("bar width (m)", &width, 0.05f, 3.0f, "%.2f");
        ImGui::SliderFloat("pivot to centre, along (m)", &along, -4.0f, 4.0f, "%.2f");
        ImGui::SliderFloat("pivot to centre, across (m)", &across, -2.0f, 2.0f, "%.2f");
        ImGui::Text("pivot %s the bar", PivotInside() ? "INSIDE" : "outside");
    }
};

/// Where the bar is at fraction t of the step.
inline Transform PoseAt(const BarControls& bar, float t) { return SweepPose(bar.Sweep(), t); }

/// Where a pose's label goes: just beyond the bar's far end, off the dots.
inline Vec2 LabelPoint(const BarControls& bar, const Transform& pose) {
    const float side = bar.along >= 0.0f ? 1.0f : -1.0f;
    return TransformPoint(pose, {bar.along + side * (0.5f * bar.length + 0.45f), bar.across});
}

/// The start pose (outline) and the end pose (filled) with their labels, and the pivot.
inline void DrawPoses(Renderer& r, const BarControls& bar, const char* startLabel = "t = 0", const char* endLabel = "t = 1") {
    const Box body = bar.Body();
    const Transform start = PoseAt(bar, 0.0f), end = PoseAt(bar, 1.0f);
    r.DrawShape(body, start, colors::kText, ShapeStyle::Outline);
    r.DrawShape(body, end, colors::kText);
    r.DrawText(LabelPoint(bar, start), startLabel, colors::kText, TextAnchor::Center);
    r.DrawText(LabelPoint(bar, end), endLabel, colors::kText, TextAnchor::Center);
    r.DrawPoint({0.0f, 0.0f}, 7.0f, colors::kText);
    r.DrawText({0.15f, -0.15f}, "pivot", colors::kTextDim);
}

/// The outline of what the bar truly sweeps: the arcs its four corners trace (the rest of the
/// boundary is the two poses and, with the pivot outside, the arc of the bar's nearest point).
inline void DrawCornerArcs(Renderer& r, const BarControls& bar, float untilT = 1.0f, Color color = colors::kTextDim) {
    const Box body = bar.Body();
    // More than one turn retraces the same circles: draw at most one.
    const float turns = std::abs(bar.sweepDegrees * untilT) / 360.0f;
    const float t1 = turns > 1.0f ? untilT / turns : untilT;
    const int samples = 8 + static_cast<int>(std::abs(bar.sweepDegrees * t1) / 3.0f);
    std::vector<Vec2> arc(static_cast<size_t>(samples) + 1);
    for (const Vec2 corner : body.Corners()) {  // in the body frame
        for (int i = 0; i <= samples; ++i) arc[static_cast<size_t>(i)] = TransformPoint(PoseAt(bar, t1 * i / samples), corner);
        r.DrawPolyline(arc, color);
    }
}

/// A fan (steps 3 and 4): filled, outlined, its axis A as an arrow labelled with θ, r and R.
inline void DrawFan(Renderer& r, const Sector& fan) {
    r.FillSector(fan.center(), fan.axis(), fan.halfAngle(), fan.innerRadius(), fan.outerRadius(), colors::kBlue.WithAlpha(45));
    r.DrawSector(fan.center(), fan.axis(), fan.halfAngle(), fan.innerRadius(), fan.outerRadius(), colors::kBlue);
    r.DrawArrow(fan.center(), fan.center() + (fan.outerRadius() + 0.5f) * fan.axis(), colors::kBlue);
    char label[96];
    std::snprintf(label, sizeof label, "A (theta = %.0f deg, r = %.2f, R = %.2f)", fan.halfAngle() / kDegrees, fan.innerRadius(),
                  fan.outerRadius());
    r.DrawText(fan.center() + (fan.outerRadius() + 0.7f) * fan.axis(), label, colors::kBlue, TextAnchor::Center);
}

/// A verdict of one region on one point or ball, against the exact swept region (the truth).
enum class Verdict { Detected, Missed, OverDetected, Clear };

inline Verdict VerdictOf(bool truth, bool detected) {
    if (truth) return detected ? Verdict::Detected : Verdict::Missed;
    return detected ? Verdict::OverDetected : Verdict::Clear;
}

inline Color VerdictColor(Verdict v) {
    switch (v) {
    case Verdict::Detected: return colors::kGreen;
    case Verdict::Missed: return colors::kRed;
    case Verdict::OverDetected: return colors::kOrange;
    case Verdict::Clear: break;
    }
    return colors::kGray.Faded(0.5f);
}

/// Points per side of the judging grid.
inline constexpr int kGridColumns = 61;

/// Counts over the point grid, with the benchmark's rates (seed 000 eq. 3.1–3.6 as |T∩M|/|T∪M| …).
struct FieldCounts {
    int detected = 0, missed = 0, overDetected = 0;  ///< |T∩M|, |T\M|, |M\T|
    float spacing = 0.0f;
    void Add(Verdict v) {
        detected += v == Verdict::Detected;
        missed += v == Verdict::Missed;
        overDetected += v == Verdict::OverDetected;
    }
    int Union() const { return detected + missed + overDetected; }
    float Percent(int n) const { return Union() > 0 ? 100.0f * n / Union() : 0.0f; }
};

/// The square grid of kGridColumns² points around the pivot that holds every region (half size the
/// bar's reach): calls visit(point) for each and returns the spacing (m).
template <class Visit>
float ForEachGridPoint(const BarControls& bar, Visit&& visit) {
    const float half = bar.Reach() + 0.25f;
    const float spacing = 2.0f * half / (kGridColumns - 1);
    for (int j = 0; j < kGridColumns; ++j)
        for (int i = 0; i < kGridColumns; ++i) visit(Vec2{-half + i * spacing, -half + j * spacing});
    return spacing;
}

/// Judges and draws the grid of points: green = swept and detected, red = swept but missed,
/// orange = detected but never swept. `detects(Vec2)` is the region's point test.
template <class Detects>
FieldCounts DrawPointField(Renderer& r, const BarControls& bar, const SweptRegion& truth, Detects&& detects) {
    FieldCounts counts;
    counts.spacing = ForEachGridPoint(bar, [&](Vec2 p) {
        const Verdict v = VerdictOf(truth.Overlaps(p), detects(p));
        counts.Add(v);
        if (v != Verdict::Clear) r.DrawPoint(p, v == Verdict::Detected ? 3.0f : 4.0f, VerdictColor(v));
    });
    return counts;
}

/// Balls (test circles) scattered around the pivot; drag them with the left mouse.
struct Balls {
    std::vector<Vec2> centers;
    float radius = 0.3f;
    int held = -1;

    Balls() {
        // A golden-angle spiral: an even scatter at every radius from 0.8 m to 4.4 m, the same each run.
        for (int i = 0; i < 16; ++i) {
            const float rho = 0.8f + 3.6f * (i + 0.5f) / 16.0f;
            const float angle = 2.39996f * i + 0.4f;
            centers.push_back(rho * Vec2{std::cos(angle), std::sin(angle)});
        }
    }

    void Drag(const Input& input) {
        if (input.Pressed(MouseButton::Left)) {
            held = -1;
            for (size_t i = 0; i < centers.size(); ++i)
                if (Distance(centers[i], input.mouseWorld) <= radius + 0.1f) held = static_cast<int>(i);
        }
        if (!input.Down(MouseButton::Left)) held = -1;
        if (held >= 0) centers[static_cast<size_t>(held)] = input.mouseWorld;
    }

    Circle Ball(size_t i) const { return Circle(centers[i], radius); }
};

/// Per-verdict ball counts.
struct BallCounts {
    int detected = 0, missed = 0, overDetected = 0, clear = 0;
};

/// Judges and draws every ball: `detects(const Circle&)` is the region's circle test.
template <class Detects>
BallCounts DrawBalls(Renderer& r, const Balls& balls, const SweptRegion& truth, Detects&& detects) {
    BallCounts counts;
    for (size_t i = 0; i < balls.centers.size(); ++i) {
        const Circle ball = balls.Ball(i);
        const Verdict v = VerdictOf(truth.Overlaps(ball, Transform{}), detects(ball));
        counts.detected += v == Verdict::Detected;
        counts.missed += v == Verdict::Missed;
        counts.overDetected += v == Verdict::OverDetected;
        counts.clear += v == Verdict::Clear;
        r.DrawShape(ball, Transform{}, VerdictColor(v), v == Verdict::Clear ? ShapeStyle::Outline : ShapeStyle::Solid);
    }
    return counts;
}

/// Lines of screen text from the top-left corner down, one after the other.
class TextColumn {
public:
    explicit TextColumn(Renderer& r) : r_(r), line_(r.LineHeight()) {}
    void Line(const char* text, Color color) {
        r_.DrawScreenText({10.0f, y_}, text, color);
        y_ += line_;
    }
    /// Half a line of space.
    void Gap() { y_ += 0.5f * line_; }

private:
    Renderer& r_;
    float line_;
    float y_ = 10.0f;
};

/// Top-left text: a title, a one-line explanation, the legend and the live numbers of this bar.
/// `extra`, when given, is one more line below the numbers.
inline void DrawReport(Renderer& r, const char* title, const char* why, const char* method, const FieldCounts& field,
                       const BallCounts& balls, const char* extra = nullptr) {
    TextColumn column(r);
    auto next = [&](const char* text, Color color) { column.Line(text, color); };
    char text[256];
    next(title, colors::kText);
    next(why, colors::kTextDim);
    column.Gap();
    std::snprintf(text, sizeof text, "%d x %d grid points %.2f m apart, judged against the exact swept region T:",
                  kGridColumns, kGridColumns, field.spacing);
    next(text, colors::kTextDim);
    std::snprintf(text, sizeof text, "  green  swept by the bar and detected by %s: %d", method, field.detected);
    next(text, colors::kGreen);
    std::snprintf(text, sizeof text, "  red    swept by the bar but MISSED (tunnelling): %d", field.missed);
    next(text, field.missed > 0 ? colors::kRed : colors::kTextDim);
    std::snprintf(text, sizeof text, "  orange detected but never swept (wasted work): %d", field.overDetected);
    next(text, field.overDetected > 0 ? colors::kOrange : colors::kTextDim);
    std::snprintf(text, sizeof text, "accuracy |T and M|/|T or M| = %.1f %%   over |M \\ T| = %.1f %%   under |T \\ M| = %.1f %%",
                  field.Percent(field.detected), field.Percent(field.overDetected), field.Percent(field.missed));
    next(text, colors::kText);
    std::snprintf(text, sizeof text, "balls: %d hit and detected, %d missed, %d over-detected, %d clear",
                  balls.detected, balls.missed, balls.overDetected, balls.clear);
    next(text, balls.missed > 0 ? colors::kRed : colors::kText);
    if (extra != nullptr) next(extra, colors::kText);
}

/// What the region steps share: the bar, the balls, the panel, the camera and the optional spin. A
/// step's Draw() draws its region, then hands its point and circle tests to Judge().
class RegionStep : public Sample {
public:
    explicit RegionStep(const SampleSettings& settings) : dt_(settings.dt) {}

    void SetupCamera(Camera& camera) override {
        camera.center = {1.2f, 1.1f};  // the pivot left of and below the middle: text top left, panel top right
        camera.viewHeight = 11.0f;
    }

    void Step(const Input& input) override {
        balls_.Drag(input);
        if (spin_) bar_.startDegrees = std::remainder(bar_.startDegrees + bar_.sweepDegrees, 360.0f);
    }

    void Ui() override {
        bar_.Ui(dt_);
        ImGui::SliderFloat("ball radius (m)", &balls_.radius, 0.02f, 1.0f, "%.2f");
        if (canSpin_) ImGui::Checkbox("spin: each step starts where the last ended", &spin_);
        ImGui::TextWrapped("Drag the balls. Try alpha above 180 and above 360, the pivot inside the bar, "
                           "and a wide bar.");
    }

protected:
    /// The truth, the corner arcs, the grid of points, the balls, the poses and the report, in that
    /// order (the step has drawn its region underneath).
    template <class DetectsPoint, class DetectsBall>
    void Judge(Renderer& r, DetectsPoint&& point, DetectsBall&& ball, const char* title, const char* why, const char* method,
               const char* extra = nullptr, const char* startLabel = "t = 0", const char* endLabel = "t = 1") {
        const SweptRegion truth(bar_.Body(), bar_.Sweep());
        DrawCornerArcs(r, bar_);
        const FieldCounts field = DrawPointField(r, bar_, truth, point);
        const BallCounts balls = DrawBalls(r, balls_, truth, ball);
        DrawPoses(r, bar_, startLabel, endLabel);
        DrawReport(r, title, why, method, field, balls, extra);
    }

    float dt_;
    BarControls bar_;
    Balls balls_;
    bool spin_ = false;
    bool canSpin_ = true;  ///< false hides the spin checkbox
};

} // namespace sensu::tutorial04
