// Tutorial 05 / 2 Quadtree over the mask
//
// Teaches: seed 003 §3.1 in 2D. One square root cell around the solid pixels (its side is the longer
//          side of their bounds) is split into four, again and again, `depth` times. A cell that holds
//          at least one solid pixel is occupied (outlined, brighter for deeper levels); the occupied
//          leaves (filled) are a blocky picture of the sprite that sharpens with depth.
// Keys:    none; depth and threshold in the panel.
#include "sprite_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial05;

class QuadtreeStep final : public SpriteStep {
public:
    explicit QuadtreeStep(const SampleSettings&) : SpriteStep("character", 4, 7) {}
    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<QuadtreeStep>(settings); }

private:
    void Rebuild() override {
        // snippet-begin: build
        // One pass over the pixels counts each leaf's solid pixels; the counts are then summed
        // upwards level by level: cell n's children are 4n+1 ... 4n+4 (seed 003 eq. 2 in 2D).
        const QuadtreeLayout layout = SingleRootLayout(mask(), depth());
        tree_ = std::make_unique<MaskQuadtree>(mask(), layout);
        // snippet-end: build
        lines().push_back("2 Quadtree: one square root around the solid pixels, split `depth` times");
        char line[200];
        std::snprintf(line, sizeof line, "root %d px, leaves %d px at depth %d, %u cells in all levels", layout.rootSide,
                      layout.leafSide, layout.depth, layout.CellsPerRoot());
        lines().push_back(line);
        std::string perLevel = "occupied cells per level:";
        for (int level = 0; level <= layout.depth; ++level) {
            int occupied = 0;
            for (uint32_t n = QuadtreeLevelOffset(level); n < QuadtreeLevelOffset(level) + (1u << (2 * level)); ++n)
                occupied += tree_->Occupied(0, n) ? 1 : 0;
            perLevel += "  L" + std::to_string(level) + ": " + std::to_string(occupied) + "/" + std::to_string(1 << (2 * level));
        }
        lines().push_back(perLevel);
    }

    void DrawStep(Renderer& r) override {
        DrawSpriteImage(r, 0.5f);
        const QuadtreeLayout& layout = tree_->layout();
        for (uint32_t n = QuadtreeLevelOffset(layout.depth); n < layout.CellsPerRoot(); ++n)
            if (tree_->Occupied(0, n)) DrawPixelRect(r, layout.CellRect(0, n), colors::kGreen.Faded(0.35f), true);
        for (int level = 0; level <= layout.depth; ++level) {
            const Color color = Lerp(colors::kGray, colors::kYellow, layout.depth > 0 ? float(level) / float(layout.depth) : 1.0f);
            for (uint32_t n = QuadtreeLevelOffset(level); n < QuadtreeLevelOffset(level) + (1u << (2 * level)); ++n)
                if (tree_->Occupied(0, n)) DrawPixelRect(r, layout.CellRect(0, n), color, false);
        }
    }

    std::unique_ptr<MaskQuadtree> tree_;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 05", "2 Quadtree over the mask", &QuadtreeStep::Create);
