// Basics / Hello shapes
//
// Teaches: the Renderer API. Every shape type of sensu/geometry is drawn through DrawShape with a
//          Transform, next to the raw primitives (points, arrows, text, a PNG sprite), all in
//          metres with y up.
//          The shapes turn at a fixed 60 Hz step; drawing interpolates between the last two steps
//          with renderer.alpha() (Fiedler's "Fix your timestep"), so motion stays smooth at any
//          frame rate or speed setting.
// Keys:    the browser's (P pause, O step, R restart, mouse wheel zoom, right drag pan).
#include <imgui.h>

#include <array>
#include <cmath>
#include <cstdio>

#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/shapes.h"

namespace {

using namespace sensu;

class HelloShapes final : public Sample {
public:
    explicit HelloShapes(const SampleSettings& settings) : dt_(settings.dt) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<HelloShapes>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 1.5f};
        camera.viewHeight = 9.5f;
    }

    void Step(const Input&) override {
        previousAngle_ = angle_;
        angle_ += turnRate_ * dt_;
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        // Render interpolation: between the previous and the current step.
        const float angle = previousAngle_ + r.alpha() * (angle_ - previousAngle_);
        const ShapeStyle style = static_cast<ShapeStyle>(style_);

        const Circle circle({0.0f, 0.0f}, 0.8f);
        const Capsule capsule({-0.7f, 0.0f}, {0.7f, 0.0f}, 0.4f);
        const Box box({0.8f, 0.5f});
        const std::array<Vec2, 5> pentagon = {Vec2{0.9f, 0.0f}, {0.28f, 0.86f}, {-0.73f, 0.53f}, {-0.73f, -0.53f}, {0.28f, -0.86f}};
        const ConvexPolygon polygon(pentagon);
        const Segment segment({-0.9f, -0.4f}, {0.9f, 0.4f});
        const Sector fan({0.0f, -0.6f}, {0.0f, 1.0f}, 0.9f, 0.5f, 1.6f);

        struct Item {
            const char* label;
            Vec2 at;
            Color color;
        };
        const Item items[6] = {{"Circle", {-4.0f, 4.0f}, colors::kBlue},    {"Capsule", {0.0f, 4.0f}, colors::kOrange},
                               {"Box", {4.0f, 4.0f}, colors::kGreen},       {"ConvexPolygon", {-4.0f, 1.0f}, colors::kPurple},
                               {"Segment", {0.0f, 1.0f}, colors::kCyan},    {"Sector", {4.0f, 0.6f}, colors::kPink}};
        for (int i = 0; i < 6; ++i) {
            const Transform xf = Transform::FromAngle(items[i].at, i % 2 == 0 ? angle : -angle);
            switch (i) {
            case 0: r.DrawShape(circle, xf, items[i].color, style); break;
            case 1: r.DrawShape(capsule, xf, items[i].color, style); break;
            case 2: r.DrawShape(box, xf, items[i].color, style); break;
            case 3: r.DrawShape(polygon, xf, items[i].color, style); break;
            case 4: r.DrawShape(segment, xf, items[i].color, style); break;
            default: r.DrawShape(fan, xf, items[i].color, style); break;
            }
            if (showFrames_) r.DrawTransform(xf, 0.4f);
            r.DrawText(items[i].at + Vec2{0.0f, -1.3f}, items[i].label, colors::kText, TextAnchor::Center);
        }

        // A sprite: PNG loaded once by stb_image (a missing file throws InvalidArgument naming the path).
        r.DrawSprite("samples/basics/sensu_fan.png", {7.0f, 2.5f}, {2.4f, 1.8f}, 0.3f * std::sin(angle));
        r.DrawText({7.0f, 1.3f}, "Sprite", colors::kText, TextAnchor::Center);

        // Raw primitives along the bottom row, each labelled with the call that drew it.
        const float y = -1.3f;
        r.DrawSegment({-6.2f, y - 0.3f}, {-5.0f, y + 0.3f}, colors::kGray);
        r.DrawPoint({-3.6f, y}, 6.0f, colors::kContact);
        r.DrawArrow({-2.6f, y - 0.3f}, {-1.4f, y + 0.3f}, colors::kNormal);
        r.FillCircle({0.0f, y}, 0.3f, colors::kYellow.WithAlpha(160));
        r.DrawCircle({0.0f, y}, 0.45f, colors::kYellow);
        r.FillSector({1.8f, y}, {std::cos(angle), std::sin(angle)}, 2.5f, 0.2f, 0.45f, colors::kRed.Faded(0.7f));
        r.FillCapsule({3.1f, y}, {4.1f, y}, 0.2f, colors::kGreen.Faded(0.7f));
        r.DrawAABB({{5.0f, y - 0.3f}, {6.2f, y + 0.3f}}, colors::kGray);
        const char* calls[7] = {"DrawSegment", "DrawPoint", "DrawArrow", "Fill/DrawCircle", "FillSector", "FillCapsule", "DrawAABB"};
        const float xs[7] = {-5.6f, -3.6f, -2.0f, 0.0f, 1.8f, 3.6f, 5.6f};
        for (int i = 0; i < 7; ++i) r.DrawText({xs[i], y - 0.7f}, calls[i], colors::kTextDim, TextAnchor::Center);

        char line[64];
        std::snprintf(line, sizeof line, "step angle %.2f rad, drawn at alpha %.2f", angle_, r.alpha());
        r.DrawScreenText({10.0f, 10.0f}, "Hello shapes: every sensu shape, drawn with Renderer::DrawShape");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, line, colors::kTextDim);
    }

    void Ui() override {
        ImGui::SliderFloat("turn rate (rad/s)", &turnRate_, -3.0f, 3.0f);
        ImGui::RadioButton("solid", &style_, static_cast<int>(ShapeStyle::Solid));
        ImGui::SameLine();
        ImGui::RadioButton("outline", &style_, static_cast<int>(ShapeStyle::Outline));
        ImGui::SameLine();
        ImGui::RadioButton("filled", &style_, static_cast<int>(ShapeStyle::Filled));
        ImGui::Checkbox("show transforms", &showFrames_);
    }

private:
    float dt_;
    float turnRate_ = 0.6f;
    float angle_ = 0.3f;
    float previousAngle_ = 0.3f;
    int style_ = static_cast<int>(ShapeStyle::Solid);
    bool showFrames_ = true;
};

} // namespace

static const int registered = sensu::RegisterSample("Basics", "Hello shapes", &HelloShapes::Create);
