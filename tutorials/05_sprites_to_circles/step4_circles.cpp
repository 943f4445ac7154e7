// Tutorial 05 / 4 A circle around every occupied cell
//
// Teaches: seed 003 §3.4, first half. Each occupied cell gets the circle through its corners
//          (radius = side/sqrt 2), so every solid pixel is covered. Done for every level at once,
//          the big circles of the shallow levels swallow everything (the seed's Fig. 5): the union
//          is a blob, not the sprite. Step 5 removes them.
// Keys:    none; depth and threshold in the panel; "show levels" limits which levels are drawn.
#include "sprite_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial05;

class CirclesStep final : public SpriteStep {
public:
    explicit CirclesStep(const SampleSettings&) : SpriteStep("character", 4, 7) {}
    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<CirclesStep>(settings); }

private:
    void Rebuild() override {
        tree_ = std::make_unique<MaskQuadtree>(mask(), SingleRootLayout(mask(), depth()));
        // snippet-begin: every
        circles_ = Seed003Circles(*tree_, Seed003Stage::EveryOccupiedCell);  // one per occupied cell, all levels
        // snippet-end: every
        lines().push_back("4 A circle around every occupied cell, at every level (seed 003 Fig. 5)");
        lines().push_back(CirclesReadout("every occupied cell", mask(), circles_.circles));
        lines().push_back("the root's circle alone covers the whole sprite: the union is a blob");
    }

    void StepUi() override { ImGui::SliderInt("show levels from", &fromLevel_, 0, 7); }

    void DrawStep(Renderer& r) override {
        DrawSpriteImage(r, 0.6f);
        for (size_t i = 0; i < circles_.circles.size(); ++i) {
            const int level = QuadtreeLevel(circles_.cells[i].index);
            if (level < fromLevel_) continue;
            const PixelCircle& c = circles_.circles[i];
            r.DrawCircle(frame().ToLocal(c.center), c.radius / kPixelsPerMetre, colors::Categorical(level));
        }
    }

    std::unique_ptr<MaskQuadtree> tree_;
    CellCircles circles_;
    int fromLevel_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 05", "4 A circle around every occupied cell", &CirclesStep::Create);
