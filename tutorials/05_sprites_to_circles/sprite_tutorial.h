#pragma once
// Shared by the steps of tutorial 05: a sprite from assets/sprites with its threshold and depth
// sliders, and the drawing every step needs (the sprite, its mask, quadtree cells, circles, readouts).
// Each step file teaches its own idea in Rebuild() and DrawStep().
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "sensu/app/camera.h"
#include "sensu/app/image_mask.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/circle_approximation.h"

namespace sensu::tutorial05 {

/// Pixels per metre of every step: a 256-pixel sprite is 8 m wide.
inline constexpr float kPixelsPerMetre = 32.0f;

/// The sprite files of assets/sprites (sorted). Throws InvalidArgument with a clear message when the
/// folder cannot be found from the working directory, $SENSU_SOURCE_DIR or the source tree.
inline std::vector<std::string> SpriteFiles() {
    const std::string dir = ResolveAssetPath("assets/sprites");
    if (!std::filesystem::is_directory(dir))
        throw InvalidArgument("tutorial 05 needs the sprites in assets/sprites: not found from the working directory, "
                              "$SENSU_SOURCE_DIR or the source tree (run from the repository or set SENSU_SOURCE_DIR)");
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".png") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    if (files.empty()) throw InvalidArgument("tutorial 05: no .png sprite in '" + dir + "'");
    return files;
}

/// A step of the tutorial: the sprite picker and the threshold and depth sliders, then its own idea.
class SpriteStep : public Sample {
public:
    /// `sprite`: file stem shown first (e.g. "character"); `depth`: initial quadtree depth.
    SpriteStep(const char* sprite, int depth, int maxDepth) : files_(SpriteFiles()), depth_(depth), maxDepth_(maxDepth) {
        for (size_t i = 0; i < files_.size(); ++i)
            if (std::filesystem::path(files_[i]).stem() == sprite) spriteIndex_ = static_cast<int>(i);
    }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 0.0f};
        camera.viewHeight = 10.5f;
    }

    void Step(const Input&) override {
        if (!built_) Load();
    }

    void Draw(Renderer& r) override {
        if (!built_) Load();
        r.DrawGrid(1.0f);
        DrawStep(r);
        float y = 10.0f;
        for (const std::string& line : lines_) {
            r.DrawScreenText({10.0f, y}, line, y == 10.0f ? colors::kText : colors::kTextDim);
            y += r.LineHeight();
        }
    }

    void Ui() override {
        if (!built_) Load();
        const std::string current = std::filesystem::path(files_[static_cast<size_t>(spriteIndex_)]).stem().string();
        if (ImGui::BeginCombo("sprite", current.c_str())) {
            for (size_t i = 0; i < files_.size(); ++i) {
                const std::string stem = std::filesystem::path(files_[i]).stem().string();
                if (ImGui::Selectable(stem.c_str(), static_cast<int>(i) == spriteIndex_)) {
                    spriteIndex_ = static_cast<int>(i);
                    built_ = false;
                }
            }
            ImGui::EndCombo();
        }
        if (ImGui::SliderInt("alpha threshold", &threshold_, 1, 255)) built_ = false;
        if (ImGui::SliderInt("quadtree depth", &depth_, 0, maxDepth_)) built_ = false;
        StepUi();
    }

protected:
    /// Recomputes what the step shows from mask(), frame(), depth(), and fills lines() (title first).
    virtual void Rebuild() = 0;
    /// Draws the step in world units (the readout lines are drawn after it).
    virtual void DrawStep(Renderer& r) = 0;
    /// Extra controls; set Invalidate() when they change the result.
    virtual void StepUi() {}

    const AlphaMask& mask() const { return *mask_; }
    const PixelFrame& frame() const { return frame_; }
    int depth() const { return depth_; }
    int threshold() const { return threshold_; }
    const std::string& spriteName() const { return spriteName_; }
    std::vector<std::string>& lines() { return lines_; }
    void Invalidate() { built_ = false; }

    // Every helper draws the body (origin at the image centre) shifted by `offset` metres.

    /// The sprite image, `fade` in [0, 1] of its opacity.
    void DrawSpriteImage(Renderer& r, float fade = 0.45f, Vec2 offset = {}) {
        const Vec2 size{static_cast<float>(mask_->width()) / kPixelsPerMetre, static_cast<float>(mask_->height()) / kPixelsPerMetre};
        r.DrawSprite(spritePath_, offset + frame_.ToLocal({0.5f * static_cast<float>(mask_->width()), 0.5f * static_cast<float>(mask_->height())}),
                     size, 0.0f, colors::kWhite.Faded(fade));
    }

    /// A pixel rectangle of the image, filled or outlined.
    void DrawPixelRect(Renderer& r, const PixelRect& rect, Color color, bool filled, Vec2 offset = {}) {
        const Vec2 a = offset + frame_.ToLocal({static_cast<float>(rect.minX), static_cast<float>(rect.minY)});
        const Vec2 b = offset + frame_.ToLocal({static_cast<float>(rect.maxX), static_cast<float>(rect.maxY)});
        const Vec2 corners[4] = {{a.x, b.y}, {b.x, b.y}, {b.x, a.y}, {a.x, a.y}};
        if (filled) r.FillPolygon(corners, color);
        else r.DrawPolygon(corners, color);
    }

    /// The occupied pixels, one quad per horizontal run.
    void DrawMask(Renderer& r, Color color, Vec2 offset = {}) {
        for (int y = 0; y < mask_->height(); ++y)
            for (int x = 0; x < mask_->width();) {
                if (!mask_->Occupied(x, y)) {
                    ++x;
                    continue;
                }
                int end = x;
                while (end < mask_->width() && mask_->Occupied(end, y)) ++end;
                DrawPixelRect(r, {x, y, end, y + 1}, color, true, offset);
                x = end;
            }
    }

    /// Circles given in image pixels, drawn in body-local metres.
    void DrawCircles(Renderer& r, std::span<const PixelCircle> circles, Color color, Vec2 offset = {}) {
        for (const PixelCircle& c : circles) {
            r.FillCircle(offset + frame_.ToLocal(c.center), c.radius / kPixelsPerMetre, color.Faded(0.18f));
            r.DrawCircle(offset + frame_.ToLocal(c.center), c.radius / kPixelsPerMetre, color);
        }
    }

private:
    void Load() {
        const std::string& path = files_[static_cast<size_t>(spriteIndex_)];
        if (path != spritePath_) {
            image_ = LoadAlphaImage(path);
            spritePath_ = path;
            spriteName_ = std::filesystem::path(path).stem().string();
        }
        // A threshold above every alpha of the sprite would leave nothing: keep the last mask then.
        try {
            mask_ = std::make_unique<AlphaMask>(image_.Threshold(threshold_));
        } catch (const InvalidArgument&) {
            if (mask_ == nullptr) throw;
        }
        frame_ = PixelFrame::Centered(*mask_, kPixelsPerMetre);
        lines_.clear();
        Rebuild();
        built_ = true;
    }

    std::vector<std::string> files_;
    int spriteIndex_ = 0;
    int threshold_ = 128;
    int depth_;
    int maxDepth_;
    bool built_ = false;
    std::string spritePath_, spriteName_;
    AlphaImage image_;
    std::unique_ptr<AlphaMask> mask_;
    PixelFrame frame_;
    std::vector<std::string> lines_;
};

/// "12 circles, IoU 0.934" for a set of circles on the step's mask.
inline std::string CirclesReadout(const char* what, const AlphaMask& mask, std::span<const PixelCircle> circles) {
    char numbers[96];
    std::snprintf(numbers, sizeof numbers, ": %zu circles, IoU with the mask %.3f", circles.size(), CircleCoverageIoU(mask, circles));
    return what + std::string(numbers);
}

} // namespace sensu::tutorial05
