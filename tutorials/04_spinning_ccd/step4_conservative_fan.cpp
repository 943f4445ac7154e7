// Tutorial 04 / 4 A fan that never misses
//
// Teaches: how to make the fan conservative for any convex shape and any pivot: the radii run from
//          the shape's nearest point to its farthest corner, and the angle is widened by the shape's
//          angular extent seen from the pivot (a full ring once the span reaches 360 degrees; the
//          whole disc when the pivot is inside the shape). Nothing is red any more; the price is the
//          orange wedge corners beside the two poses, which the bar never visits.
// Keys:    drag the balls with the left mouse; the bar's motion and size are in the panel.

#include "sensu/geometry/sector_overlap.h"
#include "spinning_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial04;

class ConservativeFanStep final : public RegionStep {
public:
    explicit ConservativeFanStep(const SampleSettings& settings) : RegionStep(settings) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<ConservativeFanStep>(settings); }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        // snippet-begin: region
        // r = distance to the bar's nearest point, R = to its farthest corner; the half angle is
        // (|alpha| + the bar's angular extent seen from the pivot) / 2, at most 180 degrees.
        const Sector fan = ConservativeFan(bar_.Body(), bar_.Sweep());
        auto detectsPoint = [&](Vec2 p) { return Overlap(fan, p); };
        auto detectsBall = [&](const Circle& ball) { return Overlap(fan, ball, Transform{}); };
        // snippet-end: region
        DrawFan(r, fan);
        Judge(r, detectsPoint, detectsBall, "A conservative fan: r to the nearest point, R to the farthest corner, angle widened",
              "It holds the bar at every angle of the step, so it never misses; beside the poses it over-detects.",
              "the fan");
    }
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 04", "4 A fan that never misses", &ConservativeFanStep::Create);
