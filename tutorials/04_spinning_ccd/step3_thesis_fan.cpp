// Tutorial 04 / 3 The thesis fan
//
// Teaches: seed 000's swept shape, eq. (2.1)-(2.2): an annular sector about the pivot with half angle
//          alpha/2 and radii d -/+ Wy/2, built from the bar's extent along the radius only. It follows
//          the rotation, so it is far better than the AABB, but it ignores the bar's width: the half
//          width that sticks out sideways at the start and end poses, and the far corners beyond R, are
//          missed (red) - about a third of the swept area. Widen the bar to watch the misses grow.
// Keys:    drag the balls with the left mouse; the bar's motion and size are in the panel.

#include "sensu/geometry/sector_overlap.h"
#include "spinning_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial04;

class ThesisFanStep final : public RegionStep {
public:
    explicit ThesisFanStep(const SampleSettings& settings) : RegionStep(settings) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<ThesisFanStep>(settings); }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        // snippet-begin: region
        // seed 000 eq. (2.1)-(2.2): about the pivot O, theta = alpha/2, r = d - Wy/2, R = d + Wy/2 with
        // d = |P - O| and Wy the bar's extent along the radius; the axis A is the start direction
        // turned by alpha/2. The bar's width Wx appears nowhere.
        const Transform start = SweepPose(bar_.Sweep(), 0.0f);
        const Vec2 toCentre = TransformPoint(start, bar_.Body().center()) - start.p;  // P - O at t = 0
        // With the pivot at the bar's centre there is no direction P - O: take the bar's axis.
        const Vec2 direction = LengthSquared(toCentre) > 1e-8f ? toCentre : start.q.XAxis();
        const Sector fan = ThesisFan(start.p, direction, Length(toCentre), bar_.length, bar_.Sweep().sweepAngle);
        auto detectsPoint = [&](Vec2 p) { return Overlap(fan, p); };
        auto detectsBall = [&](const Circle& ball) { return Overlap(fan, ball, Transform{}); };
        // snippet-end: region
        DrawFan(r, fan);
        Judge(r, detectsPoint, detectsBall, "The thesis fan (seed 000 eq. 2.1-2.2): theta = alpha/2, r = d - Wy/2, R = d + Wy/2",
              "It ignores the bar's width Wx: the sides at the start and end poses and the far corners are missed.",
              "the fan");
    }
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 04", "3 The thesis fan", &ThesisFanStep::Create);
