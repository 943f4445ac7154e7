// Tutorial 05 / 6 Past the seed: thin shapes
//
// Teaches: seed 003 §5's weakness and three fixes. The root is a square of the longest side, so a
//          plank 8 m long and 0.7 m thick gets cells far wider than the plank until the tree is deep
//          (top: the seed). Ours (bottom): several roots the size of the short side along the long
//          axis; each circle fitted to its cell's solid pixels (centroid, and the radius that gets the
//          fewest pixels wrong) instead of circumscribing the cell; and a greedy merge of the four
//          children whose single parent circle adds the least error, within a 3 % budget and then
//          down to 64 circles, refitted against the union at the end. Switch each fix off to see its part.
// Keys:    none; depth (0 = automatic for ours), threshold and the three fixes in the panel.
#include "sprite_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial05;

class ThinShapesStep final : public SpriteStep {
public:
    explicit ThinShapesStep(const SampleSettings&) : SpriteStep("thin_plank", 3, 7) {}
    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<ThinShapesStep>(settings); }

private:
    void Rebuild() override {
        seed_ = ApproximateSpriteSeed003(mask(), frame(), depth());
        // snippet-begin: ours
        CircleApproximationSettings settings;
        settings.depth = depth();                // 0: automatic
        settings.severalRoots = severalRoots_;   // roots of the short side along the long axis
        settings.fitCircles = fitCircles_;       // centroid + least-wrong radius, not the cell's corners
        settings.greedyMerge = greedyMerge_;     // cheapest merges first, 3 % error budget, <= 64 circles
        ours_ = ApproximateSpriteWithCircles(mask(), frame(), settings);
        // snippet-end: ours
        lines().push_back("6 Past the seed: several roots, fitted circles, greedy merging");
        char line[200];
        std::snprintf(line, sizeof line, "seed 003 at depth %d (one root of %d px)", seed_.layout.depth, seed_.layout.rootSide);
        lines().push_back(CirclesReadout(line, mask(), seed_.pixels.circles));
        std::snprintf(line, sizeof line, "ours at depth %d (%d roots of %d px)", ours_.layout.depth, ours_.layout.rootCount, ours_.layout.rootSide);
        lines().push_back(CirclesReadout(line, mask(), ours_.pixels.circles));
    }

    void StepUi() override {
        bool changed = ImGui::Checkbox("several roots", &severalRoots_);
        changed |= ImGui::Checkbox("fitted circles", &fitCircles_);
        changed |= ImGui::Checkbox("greedy merge", &greedyMerge_);
        if (changed) Invalidate();
    }

    void DrawStep(Renderer& r) override {
        // The seed above (or left of) ours, the sprite under both.
        const float w = static_cast<float>(mask().width()) / kPixelsPerMetre, h = static_cast<float>(mask().height()) / kPixelsPerMetre;
        const Vec2 shift = w >= 2.0f * h ? Vec2{0.0f, 0.5f * h + 1.2f} : Vec2{0.5f * w + 0.3f, 0.0f};
        const Vec2 seedAt = w >= 2.0f * h ? shift : -shift, oursAt = -seedAt;
        DrawSpriteImage(r, 0.8f, seedAt);
        DrawSpriteImage(r, 0.8f, oursAt);
        DrawCircles(r, seed_.pixels.circles, colors::kOrange, seedAt);
        DrawCircles(r, ours_.pixels.circles, colors::kHighlight, oursAt);
        const Vec2 label{-0.5f * w, 0.5f * h + 0.15f};
        r.DrawText(seedAt + label, "seed 003", colors::kOrange, TextAnchor::BottomLeft);
        r.DrawText(oursAt + label, "ours", colors::kHighlight, TextAnchor::BottomLeft);
    }

    CircleApproximation seed_, ours_;
    bool severalRoots_ = true, fitCircles_ = true, greedyMerge_ = true;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 05", "6 Past the seed: thin shapes", &ThinShapesStep::Create);
