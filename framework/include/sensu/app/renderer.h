#pragma once
/// Immediate-mode 2D drawing in world units (metres, y up) through a Camera.
///
/// One Renderer wraps one SDL_Renderer: a window's (accelerated, or software) or, headless, a software
/// renderer drawing into a memory surface. The drawing code is the same in both cases, so what a test
/// renders headless is what the window shows. Fills go through SDL_RenderGeometry; outlines are
/// 1-pixel lines; text uses Dear ImGui's built-in font. Calls draw immediately, in order.
///
/// Sizes given in pixels (point size, arrow heads, text) stay the same size at any zoom; everything
/// else is in metres. Draw* calls are only valid inside a frame (between App::BeginFrame and
/// App::EndFrame) — i.e. from Sample::Draw.
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sensu/app/camera.h"
#include "sensu/app/color.h"
#include "sensu/geometry/alpha_mask.h"
#include "sensu/geometry/shapes.h"
#include "sensu/math.h"

struct SDL_Renderer;
struct SDL_Texture;

namespace sensu {

/// An image on the GPU (or in the software renderer), loaded from a PNG by Renderer::LoadTexture.
/// Owned by the Renderer that loaded it; valid while that Renderer lives.
class Texture {
public:
    /// Takes ownership of `texture` (width × height pixels) loaded from `path`.
    Texture(SDL_Texture* texture, int width, int height, std::string path);
    ~Texture();
    Texture(const Texture&) = delete;
    Texture& operator=(const Texture&) = delete;
    /// Size in pixels.
    ///@{
    int width() const { return width_; }
    int height() const { return height_; }
    ///@}
    /// The file it was loaded from.
    const std::string& path() const { return path_; }
    /// The SDL texture (for code that needs raw SDL).
    SDL_Texture* sdlTexture() const { return texture_; }

private:
    SDL_Texture* texture_;
    int width_, height_;
    std::string path_;
};

/// How DrawShape paints a shape.
enum class ShapeStyle {
    Solid,   ///< translucent fill (alpha × 0.35) plus an opaque outline: the debug-draw look
    Outline, ///< outline only
    Filled,  ///< fill only, with the colour's own alpha
};

/// Where a text's position is anchored.
enum class TextAnchor { TopLeft, Center, BottomLeft };

/// Draws in world units through a Camera, and text, sprites and screen-space overlays
/// (see the top of this header).
class Renderer {
public:
    /// Wraps `renderer` (not owned). Created by App; samples only receive a reference.
    explicit Renderer(SDL_Renderer* renderer);
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    /// The camera every world-space call goes through (samples may move it).
    ///@{
    Camera& camera() { return camera_; }
    const Camera& camera() const { return camera_; }
    ///@}
    /// Size in pixels of the scene area (the whole output unless a left inset is set).
    ///@{
    int width() const { return camera_.viewportWidth(); }
    int height() const { return camera_.viewportHeight(); }
    ///@}

    /// Keeps the `pixels` leftmost columns of the output for a docked UI panel (the browser's item
    /// list): the scene area is the rest. Camera, screen text and every Draw* call then measure from
    /// the area's top-left corner, so a sample's on-screen text is never under the panel; Clear and
    /// screenshots still cover the whole output. Clamped to leave the area ≥ 16 px wide; 0 (the
    /// default) gives the scene the whole output. Takes effect at once.
    void SetLeftInset(int pixels);
    /// The inset in effect (pixels, after clamping).
    int leftInset() const { return leftInset_; }

    /// Render interpolation factor in [0, 1) for this frame (Fiedler's alpha): the fraction of a
    /// fixed step that has elapsed since the last Step. Draw `Lerp(previous, current, alpha())` for
    /// smooth motion; always 0 headless.
    ///@{
    float alpha() const { return alpha_; }
    void SetAlpha(float alpha) { alpha_ = alpha; }
    ///@}

    /// Fills the whole output with `color`.
    void Clear(Color color = colors::kBackground);

    // ---- primitives, world units ----
    /// Segment a–b (m), one pixel wide.
    void DrawSegment(Vec2 a, Vec2 b, Color color);
    /// Connected segments through `points` (closed adds the segment back to the first point).
    void DrawPolyline(std::span<const Vec2> points, Color color, bool closed = false);
    /// A square dot `sizePixels` wide centred on p.
    void DrawPoint(Vec2 p, float sizePixels, Color color);
    /// Segment from → to with a head of `headPixels` at `to` (shrinks for very short arrows).
    void DrawArrow(Vec2 from, Vec2 to, Color color, float headPixels = 9.0f);
    /// radius ≥ 0 metres (0 draws a point).
    void DrawCircle(Vec2 center, float radius, Color color);
    /// Filled disc, radius ≥ 0 metres.
    void FillCircle(Vec2 center, float radius, Color color);
    /// Circle outline plus a radius line at `angle` (radians, CCW from +x) showing its rotation.
    void DrawSolidCircle(Vec2 center, float radius, float angle, Color color);
    /// Convex polygon, either winding; 2+ vertices (fewer draws nothing).
    void DrawPolygon(std::span<const Vec2> vertices, Color color);
    /// Filled convex polygon, either winding.
    void FillPolygon(std::span<const Vec2> vertices, Color color);
    /// All points within `radius` of segment a–b.
    void DrawCapsule(Vec2 a, Vec2 b, float radius, Color color);
    /// Filled capsule: all points within `radius` (m) of segment a–b.
    void FillCapsule(Vec2 a, Vec2 b, float radius, Color color);
    /// Annular sector: points at distance [innerRadius, outerRadius] from `center` within `halfAngle`
    /// (radians, [0, π]; π = full annulus) of the unit direction `axis`. innerRadius 0 is a pie slice.
    void DrawSector(Vec2 center, Vec2 axis, float halfAngle, float innerRadius, float outerRadius, Color color);
    /// Filled annular sector (arguments as DrawSector).
    void FillSector(Vec2 center, Vec2 axis, float halfAngle, float innerRadius, float outerRadius, Color color);
    /// Axis-aligned box outline.
    void DrawAABB(const AABB& box, Color color);
    /// The frame of `xf`: red x axis, green y axis, `axisLength` metres long.
    void DrawTransform(const Transform& xf, float axisLength = 0.5f);
    /// Grid lines every `spacing` metres over the visible area (skipped when closer than 4 px).
    void DrawGrid(float spacing, Color color = colors::kGrid);

    // ---- shapes of sensu/geometry placed by a transform ----
    ///@{
    /// The shape placed by `xf` (its body's pose), painted as `style` says.
    void DrawShape(const Circle& shape, const Transform& xf, Color color, ShapeStyle style = ShapeStyle::Solid);
    void DrawShape(const Capsule& shape, const Transform& xf, Color color, ShapeStyle style = ShapeStyle::Solid);
    void DrawShape(const Box& shape, const Transform& xf, Color color, ShapeStyle style = ShapeStyle::Solid);
    void DrawShape(const ConvexPolygon& shape, const Transform& xf, Color color, ShapeStyle style = ShapeStyle::Solid);
    void DrawShape(const Segment& shape, const Transform& xf, Color color, ShapeStyle style = ShapeStyle::Solid);
    void DrawShape(const Sector& shape, const Transform& xf, Color color, ShapeStyle style = ShapeStyle::Solid);
    ///@}

    // ---- text (Dear ImGui's built-in 13 px font) ----
    /// Text at a world point; the size is in pixels, independent of zoom.
    void DrawText(Vec2 world, std::string_view text, Color color = colors::kText, TextAnchor anchor = TextAnchor::TopLeft);
    /// Text at a pixel position (origin top-left, y down). Newlines start new lines.
    void DrawScreenText(Vec2 pixels, std::string_view text, Color color = colors::kText, TextAnchor anchor = TextAnchor::TopLeft);
    /// The pixel boxes (scene area, y down: lowerBound top-left) of every DrawScreenText call of this
    /// frame: a sample's on-screen instructions, which UI windows keep clear of.
    std::span<const AABB> screenTextBoxes() const { return screenTextBoxes_; }
    /// Size of `text` in pixels.
    Vec2 MeasureText(std::string_view text) const;
    /// Height of one line of text in pixels.
    float LineHeight() const;

    // ---- sprites ----
    /// Loads a PNG (or any format stb_image reads) once and caches it by path. A relative path that
    /// does not exist from the working directory is also tried below the source tree (so
    /// "assets/x.png" works from any folder). Throws sensu::InvalidArgument naming the path when the
    /// file is missing or is not a readable image; nothing is cached then.
    const Texture& LoadTexture(const std::string& path);
    /// Draws `texture` centred on `center`, `size` metres wide/high, rotated by `angle` radians (CCW),
    /// multiplied by `tint`.
    void DrawSprite(const Texture& texture, Vec2 center, Vec2 size, float angle = 0.0f, Color tint = colors::kWhite);
    /// LoadTexture(path) then DrawSprite.
    void DrawSprite(const std::string& path, Vec2 center, Vec2 size, float angle = 0.0f, Color tint = colors::kWhite);
    /// One frame of a sprite sheet (`frame`: its pixel rectangle, e.g. SpriteSheet::FrameRect), drawn
    /// like DrawSprite; flipX mirrors it left–right (a character facing the other way). Throws
    /// InvalidArgument when the rectangle is empty or reaches outside the texture.
    void DrawSpriteFrame(const Texture& texture, const PixelRect& frame, Vec2 center, Vec2 size, bool flipX = false,
                         float angle = 0.0f, Color tint = colors::kWhite);

    /// The wrapped SDL renderer (for code that needs raw SDL).
    SDL_Renderer* sdlRenderer() const { return renderer_; }
    /// Called by App at the start of each frame: syncs the camera viewport with the scene area.
    void BeginFrame();
    /// Called by App before reading a frame back: drawing goes to the whole output again until the
    /// next BeginFrame.
    void UseWholeOutput();

private:
    struct Buffers;
    void Lines(std::span<const Vec2> screenPoints, bool closed, Color color);
    void FillConvexScreen(std::span<const Vec2> screenPoints, Color color);
    /// Screen points around a circle, or empty after drawing a dot when it is under half a pixel
    /// (or invalid, then nothing is drawn).
    std::span<const Vec2> CircleScreenPoints(Vec2 center, float radius, Color color);
    void TrianglesScreen(std::span<const Vec2> screenTriangleCorners, Color color);
    void TextAt(Vec2 pixels, std::string_view text, Color color, TextAnchor anchor);
    /// The part `source` of `texture` (all of it when nullptr) as a quad in the world.
    void DrawTexturePart(const Texture& texture, const PixelRect* source, Vec2 center, Vec2 size, float angle, bool flipX, Color tint);
    /// Number of segments for an arc of `radius` metres sweeping `sweep` radians (≈ 6 px chords).
    int ArcSegments(float radius, float sweep) const;
    /// Appends the arc's screen points (count + 1 of them) to `out`.
    void AppendArc(std::vector<Vec2>& out, Vec2 center, float radius, float startAngle, float sweep, int count) const;

    /// Sets the SDL viewport and the camera viewport to the scene area.
    void ApplySceneArea();

    SDL_Renderer* renderer_;
    Camera camera_;
    float alpha_ = 0.0f;
    int requestedLeftInset_ = 0;
    int leftInset_ = 0;
    std::vector<AABB> screenTextBoxes_;
    std::map<std::string, std::unique_ptr<Texture>> textures_;
    std::unique_ptr<Buffers> buffers_;
};

} // namespace sensu
