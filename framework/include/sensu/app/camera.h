#pragma once
/// The 2D camera: maps world coordinates (metres, y up) to screen pixels (origin top-left, y down).
///
/// The view is described resolution-independently by the world point at the centre of the screen and
/// the world height that fits on screen, so a screenshot at any size frames the same scene.
#include "sensu/math.h"

namespace sensu {

/// The view: which world rectangle shows in the viewport (see the top of this header).
class Camera {
public:
    /// World point (metres) shown at the centre of the viewport.
    Vec2 center{0.0f, 4.0f};
    /// World height (metres) that fits the viewport vertically; > 0. Smaller is more zoomed in.
    float viewHeight = 12.0f;

    /// Viewport size in pixels (set by the app every frame; both ≥ 1).
    ///@{
    void SetViewport(int widthPixels, int heightPixels);
    int viewportWidth() const { return width_; }
    int viewportHeight() const { return height_; }
    ///@}

    /// Scale: pixels per metre.
    float PixelsPerMetre() const;
    /// World point (metres, y up) → screen pixel position (y down, origin top-left).
    Vec2 WorldToScreen(Vec2 world) const;
    /// Screen pixel position → world point.
    Vec2 ScreenToWorld(Vec2 screen) const;
    /// A world length (metres) in pixels.
    float WorldToPixels(float metres) const { return metres * PixelsPerMetre(); }
    /// A pixel length in metres (e.g. to size a marker so it stays 6 px wide at any zoom).
    float PixelsToWorld(float pixels) const { return pixels / PixelsPerMetre(); }
    /// The world rectangle currently visible.
    AABB VisibleBounds() const;

    /// Moves the view by a screen-space offset in pixels (a mouse drag moves the scene with the cursor).
    void PanPixels(Vec2 screenDelta);
    /// Zooms by `factor` (> 1 zooms in) keeping the world point under `screenPoint` fixed.
    /// The view height is clamped to [1e-3, 1e5] m.
    void ZoomAt(Vec2 screenPoint, float factor);
    /// Frames `box` (expanded by `marginFraction` of its size on each side) in the viewport.
    void Fit(const AABB& box, float marginFraction = 0.05f);

private:
    int width_ = 1280;
    int height_ = 720;
};

} // namespace sensu
