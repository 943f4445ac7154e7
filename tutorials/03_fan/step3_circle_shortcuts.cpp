// Tutorial 03 / 3 The circle test and its shortcuts
//
// Teaches: the thesis' circle test (seed 000 §2.4) with its two fixes, and why the tempting shortcuts
//          are wrong. Every dot of the grid is the centre of a circle of radius rc: faint red where
//          that circle touches the fan. For the shortcut chosen in the panel, orange dots are circles
//          it wrongly reports as touching and purple dots circles it wrongly misses. The dragged circle
//          lists the verdict of every variant.
// Keys:    drag the circle with the left mouse; choose the shortcut and rc in the panel.
#include <array>
#include <cstdio>

#include "fan_tutorial.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/sector_thesis.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial03;

using CircleTest = bool (*)(const Sector&, const Circle&, const Transform&);

struct Variant {
    const char* name;
    const char* why;
    CircleTest test;
};

// snippet-begin: variants
constexpr std::array<Variant, 5> kVariants{{
    {"thesis 2.4, fixed", "(2.8) with max(0, r - rc) inside the wedge, else the edges from r to R: exact",
     &thesis::OverlapCircle},
    {"thesis 2.4 as written", "edges only when (2.5) is false: circles beside the wedge inside the ring are missed",
     &thesis::naive::CircleAsWritten},
    {"lower bound (r - rc)^2", "a circle covering the hole with its centre in the wedge is missed",
     &thesis::naive::CircleUnclampedInnerBound},
    {"widen theta by asin(rc/|c|)", "the widened wedge and ring overlap in corner boxes farther than rc from the fan",
     &thesis::naive::CircleAsinWidening},
    {"radial edges from O", "with r > 0 the edges start at r: circles in the hole beside the wedge are not touching",
     &thesis::naive::CircleEdgesFromCenter},
}};
// snippet-end: variants

class CircleShortcuts final : public Sample {
public:
    explicit CircleShortcuts(const SampleSettings&) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<CircleShortcuts>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.3f, 0.6f};
        camera.viewHeight = 9.0f;
    }

    void Step(const Input& input) override { dragger_.Update(input, {&center_, 1}, radius_ + 0.2f); }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        const Sector fan = fan_.Make();
        const Variant& variant = kVariants[static_cast<size_t>(chosen_)];
        int phantom = 0, missed = 0;
        for (float y = -4.5f; y <= 5.5f; y += 0.1f) {
            for (float x = -6.5f; x <= 7.0f; x += 0.1f) {
                const Circle circle({x, y}, radius_);
                const bool exact = Overlap(fan, circle, Transform{});
                const bool shortcut = variant.test(fan, circle, Transform{});
                if (exact && shortcut) r.DrawPoint({x, y}, 2.0f, colors::kRed.Faded(0.45f));
                if (shortcut && !exact) {
                    r.DrawPoint({x, y}, 3.0f, colors::kOrange);
                    ++phantom;
                }
                if (exact && !shortcut) {
                    r.DrawPoint({x, y}, 3.0f, colors::kPurple);
                    ++missed;
                }
            }
        }
        fan_.Draw(r, true);
        const Circle circle(center_, radius_);
        const bool exact = Overlap(fan, circle, Transform{});
        r.DrawShape(circle, Transform{}, VerdictColor(exact));

        const float line = r.LineHeight();
        char text[200];
        r.DrawScreenText({10.0f, 10.0f}, "Circle against the fan (seed 000 sec. 2.4): each dot is the centre of a circle of radius rc");
        std::snprintf(text, sizeof text, "shortcut shown: %s", variant.name);
        r.DrawScreenText({10.0f, 10.0f + line}, text);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * line}, variant.why, colors::kTextDim);
        std::snprintf(text, sizeof text, "orange: %d centres reported touching that do not touch", phantom);
        r.DrawScreenText({10.0f, 10.0f + 3.0f * line}, text, phantom > 0 ? colors::kOrange : colors::kTextDim);
        std::snprintf(text, sizeof text, "purple: %d touching centres missed", missed);
        r.DrawScreenText({10.0f, 10.0f + 4.0f * line}, text, missed > 0 ? colors::kPurple : colors::kTextDim);
        for (size_t i = 0; i < kVariants.size(); ++i) {
            const bool says = kVariants[i].test(fan, circle, Transform{});
            std::snprintf(text, sizeof text, "%-30s says %s%s", kVariants[i].name, says ? "touching" : "apart",
                          says == exact ? "" : "   <- wrong for the dragged circle");
            r.DrawScreenText({10.0f, 10.0f + float(6 + i) * line}, text, says == exact ? colors::kTextDim : colors::kOrange);
        }
    }

    void Ui() override {
        fan_.Ui();
        ImGui::SliderFloat("circle radius rc (m)", &radius_, 0.0f, 2.0f, "%.2f");
        for (size_t i = 0; i < kVariants.size(); ++i)
            ImGui::RadioButton(kVariants[i].name, &chosen_, static_cast<int>(i));
        ImGui::TextWrapped("Try rc > r with the lower-bound variant, r = 0 with the edges-from-O variant "
                           "(it becomes right), and a wide theta with the as-written variant.");
    }

private:
    FanControls fan_;
    Dragger dragger_;
    float radius_ = 0.6f;
    int chosen_ = 3;  // asin widening: its corner errors are the least obvious
    // Beyond the outer corner, inside the asin-widened wedge and ring: the widening calls it touching.
    static constexpr float kStartDistance = 3.0f + 0.9f * 0.6f;
    Vec2 center_ = Polar(kStartDistance, (20.0f + 50.0f) * kDegrees + 0.9f * std::asin(0.6f / kStartDistance));
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 03", "3 The circle test and its shortcuts", &CircleShortcuts::Create);
