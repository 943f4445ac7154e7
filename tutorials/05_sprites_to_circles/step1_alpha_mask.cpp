// Tutorial 05 / 1 Alpha mask
//
// Teaches: a sprite becomes collision geometry through its alpha channel. Pixels whose alpha reaches
//          the threshold are solid (the mask, green); the rest is air. Antialiased edges make the
//          threshold matter: lower it and the shape grows by the soft edge pixels.
// Keys:    none; pick the sprite and move the threshold in the panel (depth is used from step 2 on).
#include "sprite_tutorial.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial05;

class AlphaMaskStep final : public SpriteStep {
public:
    explicit AlphaMaskStep(const SampleSettings&) : SpriteStep("character", 0, 0) {}
    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<AlphaMaskStep>(settings); }

private:
    void Rebuild() override {
        const PixelRect b = mask().OccupiedBounds();
        char line[200];
        lines().push_back("1 Alpha mask: a pixel is solid when its alpha >= the threshold");
        std::snprintf(line, sizeof line, "%s: %d x %d pixels, %zu solid at threshold %d (%.0f %%), solid bounds %d x %d",
                      spriteName().c_str(), mask().width(), mask().height(), mask().OccupiedCount(), threshold(),
                      100.0 * static_cast<double>(mask().OccupiedCount()) / (static_cast<double>(mask().width()) * mask().height()),
                      b.Width(), b.Height());
        lines().push_back(line);
        lines().push_back("left: the sprite; right: its mask (green), 32 pixels per metre, body origin at the image centre");
    }

    void DrawStep(Renderer& r) override {
        // The sprite on the left, its mask on the right, both 32 pixels per metre.
        const float shift = 0.5f * static_cast<float>(mask().width()) / kPixelsPerMetre + 0.25f;
        const Vec2 left{-shift, 0.0f}, right{shift, 0.0f};
        const Vec2 size{static_cast<float>(mask().width()) / kPixelsPerMetre, static_cast<float>(mask().height()) / kPixelsPerMetre};
        r.DrawAABB({left - 0.5f * size, left + 0.5f * size}, colors::kGray);
        DrawSpriteImage(r, 1.0f, left);
        r.DrawAABB({right - 0.5f * size, right + 0.5f * size}, colors::kGray);
        DrawMask(r, colors::kGreen, right);
        r.DrawPoint(right, 6.0f, colors::kHighlight);
        r.DrawText(right + Vec2{0.1f, -0.1f}, "origin", colors::kHighlight);
    }
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 05", "1 Alpha mask", &AlphaMaskStep::Create);
