// Tutorial 05 / 5 The two optimisations
//
// Teaches: seed 003 §3.4, second half. From the deepest level up, (a) a cell loses its circle when
//          one of its children is empty (or lost its own), which removes the swallowing parents; then
//          (b) four children that all kept their circles are replaced by their parent's one circle.
//          What is left are the largest "full" cells: fewer circles, still covering every solid
//          pixel, but bulging past the edges by up to 41 % of a cell's side.
// Keys:    none; pick the stage, depth and threshold in the panel.
#include "sprite_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial05;

class OptimisationsStep final : public SpriteStep {
public:
    explicit OptimisationsStep(const SampleSettings&) : SpriteStep("character", 5, 7) {}
    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<OptimisationsStep>(settings); }

private:
    void Rebuild() override {
        const MaskQuadtree tree(mask(), SingleRootLayout(mask(), depth()));
        // snippet-begin: stages
        const CellCircles every = Seed003Circles(tree, Seed003Stage::EveryOccupiedCell);
        const CellCircles dropped = Seed003Circles(tree, Seed003Stage::DropParentsOfEmptyCells);   // (a)
        const CellCircles merged = Seed003Circles(tree, Seed003Stage::MergeFullChildren);          // (a) + (b)
        // snippet-end: stages
        shown_ = stage_ == 0 ? every : (stage_ == 1 ? dropped : merged);
        lines().push_back("5 The two optimisations of seed 003: (a) drop a parent's circle when a child is empty, (b) merge full children");
        lines().push_back(CirclesReadout("every occupied cell", mask(), every.circles));
        lines().push_back(CirclesReadout("(a) parents of empty cells dropped", mask(), dropped.circles));
        lines().push_back(CirclesReadout("(a) + (b) full children merged into their parent", mask(), merged.circles));
    }

    void StepUi() override {
        const char* stages[] = {"every occupied cell", "(a) drop parents of empty cells", "(a) + (b) merge full children"};
        if (ImGui::Combo("stage", &stage_, stages, 3)) Invalidate();
    }

    void DrawStep(Renderer& r) override {
        DrawSpriteImage(r, 0.7f);
        DrawCircles(r, shown_.circles, colors::kHighlight);
    }

    CellCircles shown_;
    int stage_ = 2;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 05", "5 The two optimisations", &OptimisationsStep::Create);
