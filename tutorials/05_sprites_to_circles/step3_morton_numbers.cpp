// Tutorial 05 / 3 Morton numbers
//
// Teaches: seed 003 §3.3. Interleaving the bits of a cell's column (x) and row (y) gives its Morton
//          code; listing a level's cells by code traces the Z curve (drawn). All levels go into one
//          array, the linear quadtree: level L starts at (4^L - 1)/3, so every cell has one number n,
//          its parent is (n - 1)/4 and its children are 4n+1 ... 4n+4, with no pointers at all.
//          The walk highlights one leaf after another with its parent and grandparent.
// Keys:    none; depth (2 to 4: the numbers must fit) and threshold in the panel.
#include "sprite_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial05;

class MortonStep final : public SpriteStep {
public:
    explicit MortonStep(const SampleSettings&) : SpriteStep("concave_star", 3, 4) {}
    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<MortonStep>(settings); }

    void Step(const Input& input) override {
        SpriteStep::Step(input);
        ++ticks_;
    }

private:
    void Rebuild() override {
        tree_ = std::make_unique<MaskQuadtree>(mask(), SingleRootLayout(mask(), std::max(depth(), 2)));
        lines().push_back("3 Morton numbers: n = (4^L - 1)/3 + code, parent (n - 1)/4, children 4n+1 ... 4n+4");
        lines().push_back("numbers on the occupied leaves; the Z curve visits the leaves in Morton order");
    }

    void DrawStep(Renderer& r) override {
        DrawSpriteImage(r, 0.35f);
        const QuadtreeLayout& layout = tree_->layout();
        const uint32_t first = QuadtreeLevelOffset(layout.depth), end = layout.CellsPerRoot();
        auto centre = [&](uint32_t n) {
            const PixelRect c = layout.CellRect(0, n);
            return frame().ToLocal({0.5f * float(c.minX + c.maxX), 0.5f * float(c.minY + c.maxY)});
        };
        std::vector<Vec2> curve;
        std::vector<uint32_t> occupied;
        for (uint32_t n = first; n < end; ++n) {
            curve.push_back(centre(n));
            if (tree_->Occupied(0, n)) occupied.push_back(n);
        }
        r.DrawPolyline(curve, colors::kBlue.Faded(0.6f));
        for (uint32_t n : occupied) DrawPixelRect(r, layout.CellRect(0, n), colors::kGreen.Faded(0.6f), false);

        // The walk: one occupied leaf after another, with its ancestors found by (n - 1)/4.
        const uint32_t leaf = occupied[static_cast<size_t>(ticks_ / 20) % occupied.size()];
        // snippet-begin: ancestors
        const int level = QuadtreeLevel(leaf);                    // from the level offsets (4^L - 1)/3
        const MortonCell cell = MortonDecode(QuadtreeMortonCode(leaf));
        const uint32_t parent = QuadtreeParent(leaf);             // (n - 1) / 4
        const uint32_t grandparent = QuadtreeParent(parent);
        // snippet-end: ancestors
        DrawPixelRect(r, layout.CellRect(0, grandparent), colors::kOrange, false);
        DrawPixelRect(r, layout.CellRect(0, parent), colors::kYellow, false);
        DrawPixelRect(r, layout.CellRect(0, leaf), colors::kHighlight.Faded(0.5f), true);
        for (uint32_t n : occupied) r.DrawText(centre(n), std::to_string(n), n == leaf ? colors::kWhite : colors::kText, TextAnchor::Center);

        char line[200];
        std::snprintf(line, sizeof line, "leaf n = %u: level %d, column %u, row %u, code %u;  parent (n-1)/4 = %u (yellow);  grandparent %u (orange)",
                      leaf, level, cell.x, cell.y, QuadtreeMortonCode(leaf), parent, grandparent);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()}, line, colors::kHighlight);
    }

    std::unique_ptr<MaskQuadtree> tree_;
    long ticks_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 05", "3 Morton numbers", &MortonStep::Create);
