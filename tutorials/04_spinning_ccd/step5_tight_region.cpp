// Tutorial 04 / 5 Poses plus a narrower fan
//
// Teaches: the start pose and the end pose already cover the widening that step 4 added, so the fan
//          between them only has to span the angles the poses leave open: at each radius the bar
//          covers an angle interval [a, b]; the sweep covers [a, b + alpha], and the poses cover
//          [a, b] and [a + alpha, b + alpha], leaving [b, a + alpha]. The union of the three is still
//          conservative (no red); orange is gone with the pivot on the bar's axis, thin slivers with
//          the pivot off it, and the whole disc with the pivot inside the bar.
// Keys:    drag the balls with the left mouse; the bar's motion and size are in the panel.
#include "spinning_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial04;

class TightRegionStep final : public RegionStep {
public:
    explicit TightRegionStep(const SampleSettings& settings) : RegionStep(settings) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<TightRegionStep>(settings); }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        // snippet-begin: region
        // Start pose, end pose, and a fan spanning [min over radii of b, max over radii of a + alpha].
        const TightSweptRegion region(bar_.Body(), bar_.Sweep());
        auto detectsPoint = [&](Vec2 p) { return region.Overlaps(p); };
        auto detectsBall = [&](const Circle& ball) { return region.Overlaps(ball, Transform{}); };
        // snippet-end: region
        const Color fill = colors::kBlue.WithAlpha(45);
        if (const auto& fan = region.fan()) {
            r.FillSector(fan->center(), fan->axis(), fan->halfAngle(), fan->innerRadius(), fan->outerRadius(), fill);
            r.DrawSector(fan->center(), fan->axis(), fan->halfAngle(), fan->innerRadius(), fan->outerRadius(), colors::kBlue);
            r.DrawText(fan->center() + (fan->outerRadius() + 0.3f) * fan->axis(), "narrower fan", colors::kBlue, TextAnchor::Center);
        }
        for (const ConvexPolygon* pose : {&region.startPose(), &region.endPose()}) {
            r.FillPolygon(pose->vertices(), fill);
            r.DrawPolygon(pose->vertices(), colors::kBlue);
        }
        Judge(r, detectsPoint, detectsBall, "Start pose + end pose + a fan over only the angles the poses leave open",
              "Still conservative (no red). Pivot on the bar's axis: no orange; across it: slivers; inside: the whole disc.",
              "the region");
    }
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 04", "5 Poses plus a narrower fan", &TightRegionStep::Create);
