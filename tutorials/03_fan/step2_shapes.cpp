// Tutorial 03 / 2 Shapes against the fan
//
// Teaches: the exact overlap tests of sensu/geometry/sector_overlap.h. A point, a circle, a box, a
//          capsule, a polygon and a second fan sit around the fan; each turns red while it touches
//          the fan and blue otherwise, like the thesis' figures 2.12–2.19 (which have no polygon and
//          no fan–fan test). A shape inside the hole is blue: it is near the centre but not in the fan.
// Keys:    drag a shape by its centre with the left mouse; Q / E turn the last dragged shape; edit the
//          fan in the panel.
#include <array>
#include <cstdio>

#include "fan_tutorial.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/sector_overlap.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial03;

enum Item { kPoint, kCircle, kBox, kCapsule, kPolygon, kFan, kItemCount };

ConvexPolygon Pentagon() {
    std::array<Vec2, 5> v{};
    for (int i = 0; i < 5; ++i) v[i] = Polar(0.55f, kTwoPi * float(i) / 5.0f + 0.3f);
    return ConvexPolygon(v);
}

class ShapesAgainstFan final : public Sample {
public:
    explicit ShapesAgainstFan(const SampleSettings&) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<ShapesAgainstFan>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.5f, 0.3f};
        camera.viewHeight = 8.5f;
    }

    void Step(const Input& input) override {
        dragger_.Update(input, anchors_, 0.6f);
        const int current = dragger_.last();
        if (current >= 0) {
            if (input.Down(Key::Q)) angles_[current] += 0.04f;
            if (input.Down(Key::E)) angles_[current] -= 0.04f;
        }
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        fan_.Draw(r, true);
        const Sector fan = fan_.Make();
        std::array<bool, kItemCount> hit{};
        // snippet-begin: overlaps
        // The fan is in world space; every other shape is given in its own frame and placed by a transform.
        hit[kPoint] = Overlap(fan, anchors_[kPoint]);
        hit[kCircle] = Overlap(fan, circle_, Pose(kCircle));
        hit[kBox] = Overlap(fan, box_, Pose(kBox));
        hit[kCapsule] = Overlap(fan, capsule_, Pose(kCapsule));
        hit[kPolygon] = Overlap(fan, polygon_, Pose(kPolygon));
        hit[kFan] = Overlap(fan, OtherFan());
        // snippet-end: overlaps
        r.FillCircle(anchors_[kPoint], 0.1f, VerdictColor(hit[kPoint]));
        r.DrawShape(circle_, Pose(kCircle), VerdictColor(hit[kCircle]));
        r.DrawShape(box_, Pose(kBox), VerdictColor(hit[kBox]));
        r.DrawShape(capsule_, Pose(kCapsule), VerdictColor(hit[kCapsule]));
        r.DrawShape(polygon_, Pose(kPolygon), VerdictColor(hit[kPolygon]));
        const Sector other = OtherFan();
        const Color otherColor = VerdictColor(hit[kFan]);
        r.FillSector(other.center(), other.axis(), other.halfAngle(), other.innerRadius(), other.outerRadius(), otherColor.WithAlpha(90));
        r.DrawSector(other.center(), other.axis(), other.halfAngle(), other.innerRadius(), other.outerRadius(), otherColor);

        static constexpr const char* kNames[kItemCount] = {"point", "circle", "box", "capsule", "polygon", "fan"};
        int touching = 0;
        for (int i = 0; i < kItemCount; ++i) {
            r.DrawText(anchors_[i] + Vec2{0.0f, -0.75f}, kNames[i], colors::kText, TextAnchor::Center);
            touching += hit[i];
        }
        const float line = r.LineHeight();
        r.DrawScreenText({10.0f, 10.0f}, "Shapes against the fan: red touches it, blue does not (thesis fig. 2.12-2.19)");
        char text[120];
        std::snprintf(text, sizeof text, "%d of %d shapes touch the fan; the polygon sits in the hole and does not",
                      touching, int(kItemCount));
        r.DrawScreenText({10.0f, 10.0f + line}, text, colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * line}, "drag a shape by its centre, Q / E turn it", colors::kTextDim);
    }

    void Ui() override {
        fan_.Ui();
        ImGui::TextWrapped("Every test is exact: touching counts, and a shape in the hole (|q| < r everywhere "
                           "in the wedge) is not an overlap even though it is near the centre.");
    }

private:
    Transform Pose(int item) const { return Transform::FromAngle(anchors_[item], angles_[item]); }
    Sector OtherFan() const {
        return Sector(anchors_[kFan], Polar(1.0f, angles_[kFan]), 0.5f, 0.0f, 1.3f);
    }

    FanControls fan_;
    Dragger dragger_;
    // Anchors are the shapes' centres in the world. The defaults show both answers: point, circle and
    // capsule touch the fan; box, polygon (in the hole) and the second fan do not.
    std::array<Vec2, kItemCount> anchors_{Vec2{2.0f, 0.2f}, Polar(3.35f, 0.75f), Vec2{-2.2f, 1.6f},
                                          Vec2{1.8f, -1.75f}, Vec2{-0.15f, 0.2f}, Vec2{-2.6f, -1.9f}};
    std::array<float, kItemCount> angles_{0.0f, 0.0f, 0.5f, 0.9f, 0.0f, 0.4f};
    const Circle circle_{{0.0f, 0.0f}, 0.5f};
    const Box box_{{0.5f, 0.3f}};
    const Capsule capsule_{{-0.9f, 0.0f}, {0.9f, 0.0f}, 0.25f};
    const ConvexPolygon polygon_ = Pentagon();
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 03", "2 Shapes against the fan", &ShapesAgainstFan::Create);
