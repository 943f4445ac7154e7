// Tutorial 03 / 1 The fan and a point
//
// Teaches: what the fan of seed 000 is (centre O, axis A, half angle θ, radii r < R; §2.1 fig. 2.4)
//          and the point test (§2.2): r ≤ |q| ≤ R and q·A ≥ |q| cos θ. A grid of points turns red
//          inside the fan and blue outside, as in the thesis' fig. 2.13. Beyond θ = 90° the thesis'
//          cross-product form (eq. 2.20) needs OR instead of AND; orange rings mark the points the AND
//          would wrongly throw out.
// Keys:    drag the white point with the left mouse; edit the fan in the panel.
#include <cstdio>

#include "fan_tutorial.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/sector_frame.h"
#include "sensu/geometry/sector_overlap.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial03;

class FanAndPoint final : public Sample {
public:
    explicit FanAndPoint(const SampleSettings&) { fan_.halfAngleDegrees = 120.0f; }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<FanAndPoint>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 0.0f};
        camera.viewHeight = 8.5f;
    }

    void Step(const Input& input) override { dragger_.Update(input, {&point_, 1}, 0.4f); }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        fan_.Draw(r, true);
        const Sector fan = fan_.Make();
        const Vec2 g = {fan.cosHalfAngle(), fan.sinHalfAngle()};
        int wrongByAnd = 0;
        for (float y = -4.0f; y <= 4.0f; y += 0.25f) {
            for (float x = -6.5f; x <= 6.5f; x += 0.25f) {
                const Vec2 p = {x, y};
                const bool inside = Contains(fan, p);
                r.DrawPoint(p, 4.0f, VerdictColor(inside));
                // snippet-begin: and-trap
                // Eq. (2.20) in the fan's frame: G'z = cross(P, G) >= 0 and H'z = cross(P, H) <= 0.
                // With AND it is the wedge only for theta < 90 deg; beyond, the wedge is their OR.
                const Vec2 q = ToSectorFrame(fan, p);
                const bool andForm = Cross(q, g) >= 0.0f && Cross(q, {g.x, -g.y}) <= 0.0f;
                // snippet-end: and-trap
                const float d2 = LengthSquared(q);
                const bool ring = d2 >= Square(fan.innerRadius()) && d2 <= Square(fan.outerRadius());
                if (inside && !(ring && andForm)) {
                    r.DrawCircle(p, 0.09f, colors::kOrange);
                    ++wrongByAnd;
                }
            }
        }
        const bool inside = Contains(fan, point_);
        r.FillCircle(point_, 0.12f, VerdictColor(inside));
        r.DrawCircle(point_, 0.12f, colors::kWhite);

        const float line = r.LineHeight();
        r.DrawScreenText({10.0f, 10.0f}, "The fan: r <= |q| <= R  and  q.A >= |q| cos(theta)   (seed 000 eq. 2.5, 2.7)");
        r.DrawScreenText({10.0f, 10.0f + line}, "red: inside the fan, blue: outside (thesis fig. 2.13)", colors::kTextDim);
        char text[160];
        std::snprintf(text, sizeof text, "orange rings: %d points the AND of eq. 2.20 would reject (it needs OR beyond 90 deg)", wrongByAnd);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * line}, text, wrongByAnd > 0 ? colors::kOrange : colors::kTextDim);
        std::snprintf(text, sizeof text, "dragged point: %s", inside ? "inside (red)" : "outside (blue)");
        r.DrawScreenText({10.0f, 10.0f + 3.0f * line}, text, VerdictColor(inside));
    }

    void Ui() override {
        fan_.Ui();
        ImGui::TextWrapped("Drag the white point. Set theta above 90 deg to see where the AND form of eq. 2.20 "
                           "fails; q.A >= |q| cos(theta) is right for every theta in [0, 180].");
    }

private:
    FanControls fan_;
    Dragger dragger_;
    Vec2 point_{-1.2f, 1.6f};
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 03", "1 The fan and a point", &FanAndPoint::Create);
