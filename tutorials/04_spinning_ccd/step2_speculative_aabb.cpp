// Tutorial 04 / 2 Speculative AABB
//
// Teaches: what speculative CCD (PhysX, Unity) does for rotation: one axis-aligned box around the
//          start and the end pose. It is cheap, but a point of the bar whose arc crosses one of the
//          four axis directions (always, beyond 90 degrees per step) bulges out of the box in the
//          middle of the step (red: missed), and the box's corners hold space the bar never visits
//          (orange: over-detected).
// Keys:    drag the balls with the left mouse; the bar's motion and size are in the panel.
#include <array>

#include "sensu/geometry/overlap.h"
#include "spinning_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial04;

class SpeculativeBox final : public RegionStep {
public:
    explicit SpeculativeBox(const SampleSettings& settings) : RegionStep(settings) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<SpeculativeBox>(settings); }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        // snippet-begin: region
        // Speculative CCD: one box around the bar at the start and at the end of the step.
        const AABB box = SpeculativeAABB(bar_.Body(), bar_.Sweep());
        auto detectsPoint = [&](Vec2 p) { return box.Contains(p); };
        auto detectsBall = [&](const Circle& ball) { return Overlap(ball, Transform{}, box); };
        // snippet-end: region
        const std::array<Vec2, 4> corners{box.lower, Vec2{box.upper.x, box.lower.y}, box.upper, Vec2{box.lower.x, box.upper.y}};
        r.FillPolygon(corners, colors::kBlue.WithAlpha(45));
        r.DrawAABB(box, colors::kBlue);
        r.DrawText({box.lower.x, box.lower.y - 0.1f}, "speculative AABB", colors::kBlue);
        Judge(r, detectsPoint, detectsBall, "Speculative CCD: one AABB around the start and end poses",
              "Where the arcs cross an axis direction (always beyond 90 deg) the bar leaves the box; its corners are never swept.",
              "the AABB");
    }
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 04", "2 Speculative AABB", &SpeculativeBox::Create);
