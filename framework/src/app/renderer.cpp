#include "sensu/app/renderer.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <source_location>

#include "sensu/app/image.h"

namespace sensu {

namespace {

// Geometry further than this outside the output is clipped before it reaches SDL, whose software
// rasteriser converts coordinates to fixed point and misbehaves far outside the surface.
constexpr float kGuardPixels = 256.0f;
// Translucent fill of ShapeStyle::Solid.
constexpr float kSolidFillAlpha = 0.35f;

SDL_Color ToSdl(Color c) { return {c.r, c.g, c.b, c.a}; }

bool AllFinite(std::span<const Vec2> points) {
    return std::all_of(points.begin(), points.end(), [](Vec2 p) { return IsFinite(p); });
}

struct GuardRect {
    float x0, y0, x1, y1;
    bool Contains(Vec2 p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
};

// Liang–Barsky: clips segment a–b to the rectangle; false when nothing is left.
bool ClipSegment(const GuardRect& r, Vec2& a, Vec2& b) {
    const Vec2 d = b - a;
    float t0 = 0.0f, t1 = 1.0f;
    const float p[4] = {-d.x, d.x, -d.y, d.y};
    const float q[4] = {a.x - r.x0, r.x1 - a.x, a.y - r.y0, r.y1 - a.y};
    for (int i = 0; i < 4; ++i) {
        if (std::abs(p[i]) < 1e-12f) {
            if (q[i] < 0.0f) return false;  // parallel to this edge and outside it
            continue;
        }
        const float t = q[i] / p[i];
        if (p[i] < 0.0f) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    const Vec2 start = a;
    a = start + t0 * d;
    b = start + t1 * d;
    return true;
}

// Sutherland–Hodgman against the four sides; a convex input stays convex.
void ClipConvex(const GuardRect& r, std::span<const Vec2> in, std::vector<Vec2>& out, std::vector<Vec2>& tmp) {
    out.assign(in.begin(), in.end());
    for (int side = 0; side < 4 && !out.empty(); ++side) {
        auto inside = [&](Vec2 p) {
            switch (side) {
            case 0: return p.x >= r.x0;
            case 1: return p.x <= r.x1;
            case 2: return p.y >= r.y0;
            default: return p.y <= r.y1;
            }
        };
        auto cross = [&](Vec2 a, Vec2 b) {
            float t = 0.0f;
            switch (side) {
            case 0: t = (r.x0 - a.x) / (b.x - a.x); break;
            case 1: t = (r.x1 - a.x) / (b.x - a.x); break;
            case 2: t = (r.y0 - a.y) / (b.y - a.y); break;
            default: t = (r.y1 - a.y) / (b.y - a.y); break;
            }
            return Lerp(a, b, t);
        };
        tmp.clear();
        for (size_t i = 0; i < out.size(); ++i) {
            const Vec2 a = out[i];
            const Vec2 b = out[(i + 1) % out.size()];
            const bool ina = inside(a), inb = inside(b);
            if (ina) tmp.push_back(a);
            if (ina != inb) tmp.push_back(cross(a, b));
        }
        out.swap(tmp);
    }
}

// Where the source tree is, from this file's own compiled path (framework/src/app/renderer.cpp).
std::filesystem::path SourceRoot() {
    return std::filesystem::path(std::source_location::current().file_name()).parent_path().parent_path().parent_path().parent_path();
}

} // namespace

struct Renderer::Buffers {
    std::vector<Vec2> points, points2, clipped, clipTmp, triangles;
    std::vector<SDL_Vertex> vertices;
    std::vector<int> indices;
    std::vector<SDL_FPoint> linePoints;
    ImDrawList textList{nullptr};
};

Texture::Texture(SDL_Texture* texture, int width, int height, std::string path)
    : texture_(texture), width_(width), height_(height), path_(std::move(path)) {}

Texture::~Texture() {
    if (texture_ != nullptr) SDL_DestroyTexture(texture_);
}

Renderer::Renderer(SDL_Renderer* renderer) : renderer_(renderer), buffers_(std::make_unique<Buffers>()) {
    if (renderer_ == nullptr) throw InvalidArgument("Renderer needs an SDL_Renderer");
    BeginFrame();
}

Renderer::~Renderer() = default;

void Renderer::BeginFrame() {
    screenTextBoxes_.clear();
    ApplySceneArea();
}

void Renderer::ApplySceneArea() {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(renderer_, &w, &h) == 0) {
        // In points: App scales the renderer by the pixels per point on high-DPI screens.
        float sx = 1.0f, sy = 1.0f;
        SDL_RenderGetScale(renderer_, &sx, &sy);
        w = static_cast<int>(std::lround(static_cast<float>(w) / sx));
        h = static_cast<int>(std::lround(static_cast<float>(h) / sy));
        // The scene keeps at least 16 px (a window shrunk below panel + 16 px squeezes the panel's share).
        leftInset_ = std::clamp(requestedLeftInset_, 0, std::max(0, w - 16));
        const SDL_Rect area{leftInset_, 0, w - leftInset_, h};
        // SDL's viewport offsets and clips every draw (fills, lines, the text geometry) to the area.
        SDL_RenderSetViewport(renderer_, leftInset_ > 0 ? &area : nullptr);
        camera_.SetViewport(area.w, area.h);
    }
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
}

void Renderer::SetLeftInset(int pixels) {
    requestedLeftInset_ = std::max(0, pixels);
    ApplySceneArea();
}

void Renderer::UseWholeOutput() { SDL_RenderSetViewport(renderer_, nullptr); }

void Renderer::Clear(Color color) {
    SDL_SetRenderDrawColor(renderer_, color.r, color.g, color.b, color.a);
    SDL_RenderClear(renderer_);
}

// ---- screen-space back end ----

void Renderer::Lines(std::span<const Vec2> pts, bool closed, Color color) {
    if (pts.size() < 2 || !AllFinite(pts)) return;
    const GuardRect guard{-kGuardPixels, -kGuardPixels, static_cast<float>(width()) + kGuardPixels,
                          static_cast<float>(height()) + kGuardPixels};
    SDL_SetRenderDrawColor(renderer_, color.r, color.g, color.b, color.a);
    if (std::all_of(pts.begin(), pts.end(), [&](Vec2 p) { return guard.Contains(p); })) {
        auto& line = buffers_->linePoints;
        line.clear();
        for (Vec2 p : pts) line.push_back({p.x, p.y});
        if (closed) line.push_back(line.front());
        SDL_RenderDrawLinesF(renderer_, line.data(), static_cast<int>(line.size()));
        return;
    }
    const size_t segments = closed ? pts.size() : pts.size() - 1;
    for (size_t i = 0; i < segments; ++i) {
        Vec2 a = pts[i], b = pts[(i + 1) % pts.size()];
        if (ClipSegment(guard, a, b)) SDL_RenderDrawLineF(renderer_, a.x, a.y, b.x, b.y);
    }
}

void Renderer::FillConvexScreen(std::span<const Vec2> pts, Color color) {
    if (pts.size() < 3 || !AllFinite(pts)) return;
    const GuardRect guard{-kGuardPixels, -kGuardPixels, static_cast<float>(width()) + kGuardPixels,
                          static_cast<float>(height()) + kGuardPixels};
    std::span<const Vec2> poly = pts;
    if (!std::all_of(pts.begin(), pts.end(), [&](Vec2 p) { return guard.Contains(p); })) {
        ClipConvex(guard, pts, buffers_->clipped, buffers_->clipTmp);
        poly = buffers_->clipped;
        if (poly.size() < 3) return;
    }
    auto& v = buffers_->vertices;
    auto& idx = buffers_->indices;
    v.clear();
    idx.clear();
    const SDL_Color c = ToSdl(color);
    for (Vec2 p : poly) v.push_back({{p.x, p.y}, c, {0.0f, 0.0f}});
    for (int i = 1; i + 1 < static_cast<int>(poly.size()); ++i) {
        idx.push_back(0);
        idx.push_back(i);
        idx.push_back(i + 1);
    }
    SDL_RenderGeometry(renderer_, nullptr, v.data(), static_cast<int>(v.size()), idx.data(), static_cast<int>(idx.size()));
}

void Renderer::TrianglesScreen(std::span<const Vec2> corners, Color color) {
    if (corners.size() < 3 || !AllFinite(corners)) return;
    const GuardRect guard{-kGuardPixels, -kGuardPixels, static_cast<float>(width()) + kGuardPixels,
                          static_cast<float>(height()) + kGuardPixels};
    auto& v = buffers_->vertices;
    v.clear();
    const SDL_Color c = ToSdl(color);
    for (size_t t = 0; t + 2 < corners.size(); t += 3) {
        const std::span<const Vec2> tri = corners.subspan(t, 3);
        if (std::all_of(tri.begin(), tri.end(), [&](Vec2 p) { return guard.Contains(p); })) {
            for (Vec2 p : tri) v.push_back({{p.x, p.y}, c, {0.0f, 0.0f}});
            continue;
        }
        ClipConvex(guard, tri, buffers_->clipped, buffers_->clipTmp);
        const auto& poly = buffers_->clipped;
        for (size_t i = 1; i + 1 < poly.size(); ++i) {
            for (Vec2 p : {poly[0], poly[i], poly[i + 1]}) v.push_back({{p.x, p.y}, c, {0.0f, 0.0f}});
        }
    }
    if (!v.empty()) SDL_RenderGeometry(renderer_, nullptr, v.data(), static_cast<int>(v.size()), nullptr, 0);
}

int Renderer::ArcSegments(float radius, float sweep) const {
    const float turns = std::abs(sweep) / kTwoPi;
    const float minimum = std::max(1.0f, std::ceil(16.0f * turns));
    const float chords = std::abs(sweep) * camera_.WorldToPixels(radius) / 6.0f;
    if (!IsFinite(chords)) return static_cast<int>(minimum);
    return static_cast<int>(std::clamp(std::ceil(chords), minimum, 256.0f));
}

void Renderer::AppendArc(std::vector<Vec2>& out, Vec2 center, float radius, float startAngle, float sweep, int count) const {
    for (int i = 0; i <= count; ++i) {
        const float a = startAngle + sweep * static_cast<float>(i) / static_cast<float>(count);
        out.push_back(camera_.WorldToScreen(center + radius * Vec2{std::cos(a), std::sin(a)}));
    }
}

// ---- primitives ----

void Renderer::DrawSegment(Vec2 a, Vec2 b, Color color) {
    const Vec2 pts[2] = {camera_.WorldToScreen(a), camera_.WorldToScreen(b)};
    Lines(pts, false, color);
}

void Renderer::DrawPolyline(std::span<const Vec2> points, Color color, bool closed) {
    auto& pts = buffers_->points;
    pts.clear();
    for (Vec2 p : points) pts.push_back(camera_.WorldToScreen(p));
    Lines(pts, closed, color);
}

void Renderer::DrawPoint(Vec2 p, float sizePixels, Color color) {
    const Vec2 s = camera_.WorldToScreen(p);
    const float h = 0.5f * std::clamp(IsFinite(sizePixels) ? sizePixels : 1.0f, 1.0f, 64.0f);
    const Vec2 quad[4] = {{s.x - h, s.y - h}, {s.x + h, s.y - h}, {s.x + h, s.y + h}, {s.x - h, s.y + h}};
    FillConvexScreen(quad, color);
}

void Renderer::DrawArrow(Vec2 from, Vec2 to, Color color, float headPixels) {
    const Vec2 a = camera_.WorldToScreen(from), b = camera_.WorldToScreen(to);
    if (!IsFinite(a) || !IsFinite(b)) return;
    const Vec2 pts[2] = {a, b};
    Lines(pts, false, color);
    float length = 0.0f;
    const Vec2 dir = GetLengthAndNormalize(length, b - a);
    if (length < 1.0f) return;
    const float head = std::min(IsFinite(headPixels) ? std::max(headPixels, 0.0f) : 9.0f, 0.4f * length);
    const Vec2 base = b - head * dir;
    const Vec2 side = 0.45f * head * LeftPerp(dir);
    const Vec2 tri[3] = {b, base + side, base - side};
    FillConvexScreen(tri, color);
}

std::span<const Vec2> Renderer::CircleScreenPoints(Vec2 center, float radius, Color color) {
    if (!(radius >= 0.0f) || !IsFinite(radius)) return {};
    if (camera_.WorldToPixels(radius) < 0.5f) {
        DrawPoint(center, 2.0f, color);
        return {};
    }
    auto& pts = buffers_->points;
    pts.clear();
    AppendArc(pts, center, radius, 0.0f, kTwoPi, ArcSegments(radius, kTwoPi));
    pts.pop_back();  // the last point repeats the first
    return pts;
}

void Renderer::DrawCircle(Vec2 center, float radius, Color color) {
    const std::span<const Vec2> pts = CircleScreenPoints(center, radius, color);
    if (!pts.empty()) Lines(pts, true, color);
}

void Renderer::FillCircle(Vec2 center, float radius, Color color) {
    const std::span<const Vec2> pts = CircleScreenPoints(center, radius, color);
    if (!pts.empty()) FillConvexScreen(pts, color);
}

void Renderer::DrawSolidCircle(Vec2 center, float radius, float angle, Color color) {
    DrawCircle(center, radius, color);
    if (radius > 0.0f && IsFinite(angle)) DrawSegment(center, center + radius * Vec2{std::cos(angle), std::sin(angle)}, color);
}

void Renderer::DrawPolygon(std::span<const Vec2> vertices, Color color) {
    if (vertices.size() < 2) return;
    auto& pts = buffers_->points;
    pts.clear();
    for (Vec2 p : vertices) pts.push_back(camera_.WorldToScreen(p));
    Lines(pts, vertices.size() > 2, color);
}

void Renderer::FillPolygon(std::span<const Vec2> vertices, Color color) {
    auto& pts = buffers_->points;
    pts.clear();
    for (Vec2 p : vertices) pts.push_back(camera_.WorldToScreen(p));
    FillConvexScreen(pts, color);
}

namespace {
// Boundary of a capsule, counter-clockwise: half circle around b, then half circle around a.
void CapsuleOutline(const Camera& camera, Vec2 a, Vec2 b, float radius, int perHalf, std::vector<Vec2>& out) {
    float length = 0.0f;
    Vec2 u = GetLengthAndNormalize(length, b - a);
    if (length <= 0.0f) u = {1.0f, 0.0f};  // a = b: a circle; any direction closes the loop
    const float base = std::atan2(u.y, u.x);
    for (int half = 0; half < 2; ++half) {
        const Vec2 c = half == 0 ? b : a;
        const float start = base - 0.5f * kPi + static_cast<float>(half) * kPi;
        for (int i = 0; i <= perHalf; ++i) {
            const float t = start + kPi * static_cast<float>(i) / static_cast<float>(perHalf);
            out.push_back(camera.WorldToScreen(c + radius * Vec2{std::cos(t), std::sin(t)}));
        }
    }
}
} // namespace

void Renderer::DrawCapsule(Vec2 a, Vec2 b, float radius, Color color) {
    if (!(radius >= 0.0f) || !IsFinite(radius)) return;
    if (camera_.WorldToPixels(radius) < 0.5f) {
        DrawSegment(a, b, color);
        return;
    }
    auto& pts = buffers_->points;
    pts.clear();
    CapsuleOutline(camera_, a, b, radius, ArcSegments(radius, kPi), pts);
    Lines(pts, true, color);
}

void Renderer::FillCapsule(Vec2 a, Vec2 b, float radius, Color color) {
    if (!(radius >= 0.0f) || !IsFinite(radius)) return;
    if (camera_.WorldToPixels(radius) < 0.5f) {
        DrawSegment(a, b, color);
        return;
    }
    auto& pts = buffers_->points;
    pts.clear();
    CapsuleOutline(camera_, a, b, radius, ArcSegments(radius, kPi), pts);
    FillConvexScreen(pts, color);
}

namespace {
struct SectorParams {
    float start, sweep, inner, outer;
    bool full;
};
// Normalises the sector arguments; false when nothing can be drawn (non-finite, outer ≤ 0).
bool MakeSector(Vec2 axis, float halfAngle, float innerRadius, float outerRadius, SectorParams& s) {
    if (!IsFinite(axis) || !IsFinite(halfAngle) || !IsFinite(innerRadius) || !IsFinite(outerRadius)) return false;
    if (!(outerRadius > 0.0f)) return false;
    const Vec2 u = LengthSquared(axis) > 0.0f ? Normalize(axis) : Vec2{1.0f, 0.0f};
    const float h = Clamp(halfAngle, 0.0f, kPi);
    s.inner = Clamp(innerRadius, 0.0f, outerRadius);
    s.outer = outerRadius;
    s.start = std::atan2(u.y, u.x) - h;
    s.sweep = 2.0f * h;
    // Within a millionth of a turn of π the radial edges coincide: draw it as an annulus.
    s.full = h >= kPi * (1.0f - 1e-6f);
    return true;
}
} // namespace

void Renderer::DrawSector(Vec2 center, Vec2 axis, float halfAngle, float innerRadius, float outerRadius, Color color) {
    SectorParams s{};
    if (!IsFinite(center) || !MakeSector(axis, halfAngle, innerRadius, outerRadius, s)) return;
    auto& pts = buffers_->points;
    if (s.full) {
        DrawCircle(center, s.outer, color);
        if (s.inner > 0.0f) DrawCircle(center, s.inner, color);
        return;
    }
    pts.clear();
    AppendArc(pts, center, s.outer, s.start, s.sweep, ArcSegments(s.outer, s.sweep));
    if (camera_.WorldToPixels(s.inner) >= 0.5f) {
        AppendArc(pts, center, s.inner, s.start + s.sweep, -s.sweep, ArcSegments(s.inner, s.sweep));
    } else {
        pts.push_back(camera_.WorldToScreen(center));
    }
    Lines(pts, true, color);
}

void Renderer::FillSector(Vec2 center, Vec2 axis, float halfAngle, float innerRadius, float outerRadius, Color color) {
    SectorParams s{};
    if (!IsFinite(center) || !MakeSector(axis, halfAngle, innerRadius, outerRadius, s)) return;
    if (s.sweep <= 0.0f) {  // zero angle: only the radial segment is left
        DrawSector(center, axis, halfAngle, innerRadius, outerRadius, color);
        return;
    }
    const int n = ArcSegments(s.outer, s.sweep);
    auto& outer = buffers_->points;
    auto& inner = buffers_->points2;
    outer.clear();
    inner.clear();
    AppendArc(outer, center, s.outer, s.start, s.sweep, n);
    auto& tris = buffers_->triangles;
    tris.clear();
    if (camera_.WorldToPixels(s.inner) < 0.5f) {
        // A pie slice is star-shaped around its centre (convex only up to a half angle of π/2): fan.
        const Vec2 c = camera_.WorldToScreen(center);
        for (int i = 0; i < n; ++i) tris.insert(tris.end(), {c, outer[i], outer[i + 1]});
    } else {
        AppendArc(inner, center, s.inner, s.start, s.sweep, n);
        for (int i = 0; i < n; ++i) tris.insert(tris.end(), {inner[i], outer[i], outer[i + 1], inner[i], outer[i + 1], inner[i + 1]});
    }
    TrianglesScreen(tris, color);
}

void Renderer::DrawAABB(const AABB& box, Color color) {
    const Vec2 corners[4] = {box.lower, {box.upper.x, box.lower.y}, box.upper, {box.lower.x, box.upper.y}};
    DrawPolygon(corners, color);
}

void Renderer::DrawTransform(const Transform& xf, float axisLength) {
    DrawSegment(xf.p, xf.p + axisLength * xf.q.XAxis(), colors::kRed);
    DrawSegment(xf.p, xf.p + axisLength * xf.q.YAxis(), colors::kGreen);
}

void Renderer::DrawGrid(float spacing, Color color) {
    if (!(spacing > 0.0f) || !IsFinite(spacing) || camera_.WorldToPixels(spacing) < 4.0f) return;
    const AABB view = camera_.VisibleBounds();
    const float x0 = std::floor(view.lower.x / spacing), x1 = std::ceil(view.upper.x / spacing);
    const float y0 = std::floor(view.lower.y / spacing), y1 = std::ceil(view.upper.y / spacing);
    if (!(x1 - x0 < 2000.0f) || !(y1 - y0 < 2000.0f)) return;
    for (float i = x0; i <= x1; i += 1.0f) DrawSegment({i * spacing, view.lower.y}, {i * spacing, view.upper.y}, color);
    for (float j = y0; j <= y1; j += 1.0f) DrawSegment({view.lower.x, j * spacing}, {view.upper.x, j * spacing}, color);
}

// ---- shapes ----

namespace {
template <class Fill, class Outline>
void Styled(ShapeStyle style, Color color, Fill fill, Outline outline) {
    switch (style) {
    case ShapeStyle::Solid:
        fill(color.Faded(kSolidFillAlpha));
        outline(color);
        break;
    case ShapeStyle::Outline: outline(color); break;
    case ShapeStyle::Filled: fill(color); break;
    }
}
} // namespace

void Renderer::DrawShape(const Circle& shape, const Transform& xf, Color color, ShapeStyle style) {
    const Vec2 c = TransformPoint(xf, shape.center());
    const float r = shape.radius();
    Styled(style, color, [&](Color k) { FillCircle(c, r, k); },
           [&](Color k) {
               if (style == ShapeStyle::Solid) DrawSolidCircle(c, r, xf.q.Angle(), k);
               else DrawCircle(c, r, k);
           });
}

void Renderer::DrawShape(const Capsule& shape, const Transform& xf, Color color, ShapeStyle style) {
    const Vec2 a = TransformPoint(xf, shape.a()), b = TransformPoint(xf, shape.b());
    Styled(style, color, [&](Color k) { FillCapsule(a, b, shape.radius(), k); },
           [&](Color k) { DrawCapsule(a, b, shape.radius(), k); });
}

void Renderer::DrawShape(const Box& shape, const Transform& xf, Color color, ShapeStyle style) {
    const auto local = shape.Corners();
    Vec2 corners[4];
    for (int i = 0; i < 4; ++i) corners[i] = TransformPoint(xf, local[i]);
    Styled(style, color, [&](Color k) { FillPolygon(corners, k); }, [&](Color k) { DrawPolygon(corners, k); });
}

void Renderer::DrawShape(const ConvexPolygon& shape, const Transform& xf, Color color, ShapeStyle style) {
    Vec2 vertices[kMaxPolygonVertices];
    const int n = shape.count();
    for (int i = 0; i < n; ++i) vertices[i] = TransformPoint(xf, shape.vertex(i));
    const std::span<const Vec2> v(vertices, static_cast<size_t>(n));
    Styled(style, color, [&](Color k) { FillPolygon(v, k); }, [&](Color k) { DrawPolygon(v, k); });
}

void Renderer::DrawShape(const Segment& shape, const Transform& xf, Color color, ShapeStyle /*style*/) {
    DrawSegment(TransformPoint(xf, shape.a()), TransformPoint(xf, shape.b()), color);
}

void Renderer::DrawShape(const Sector& shape, const Transform& xf, Color color, ShapeStyle style) {
    const Vec2 c = TransformPoint(xf, shape.center());
    const Vec2 axis = Rotate(xf.q, shape.axis());
    Styled(style, color,
           [&](Color k) { FillSector(c, axis, shape.halfAngle(), shape.innerRadius(), shape.outerRadius(), k); },
           [&](Color k) { DrawSector(c, axis, shape.halfAngle(), shape.innerRadius(), shape.outerRadius(), k); });
}

// ---- text ----

void Renderer::TextAt(Vec2 pixels, std::string_view text, Color color, TextAnchor anchor) {
    if (text.empty() || !IsFinite(pixels) || ImGui::GetCurrentContext() == nullptr) return;
    ImFont* font = ImGui::GetFont();
    const ImTextureID atlas = ImGui::GetIO().Fonts->TexID;
    if (font == nullptr || atlas == nullptr) return;  // outside a frame: no font texture yet
    const float size = ImGui::GetFontSize();
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, begin, end);
    Vec2 p = pixels;
    if (anchor == TextAnchor::Center) p -= 0.5f * Vec2{extent.x, extent.y};
    if (anchor == TextAnchor::BottomLeft) p.y -= extent.y;
    if (std::abs(p.x) > 1e6f || std::abs(p.y) > 1e6f) return;
    p = {std::round(p.x), std::round(p.y)};  // whole pixels keep the bitmap font crisp

    ImDrawList& list = buffers_->textList;
    list._Data = ImGui::GetDrawListSharedData();
    list._ResetForNewFrame();
    list.PushClipRect(ImVec2(0.0f, 0.0f), ImVec2(static_cast<float>(width()), static_cast<float>(height())));
    list.PushTextureID(atlas);
    // A dark shadow one pixel down-right keeps text readable over any fill.
    list.AddText(font, size, ImVec2(p.x + 1.0f, p.y + 1.0f), IM_COL32(0, 0, 0, color.a * 3 / 4), begin, end);
    list.AddText(font, size, ImVec2(p.x, p.y), IM_COL32(color.r, color.g, color.b, color.a), begin, end);
    const ImDrawVert* vtx = list.VtxBuffer.Data;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        if (cmd.ElemCount == 0 || cmd.UserCallback != nullptr) continue;
        const ImDrawVert* base = vtx + cmd.VtxOffset;
        SDL_RenderGeometryRaw(renderer_, static_cast<SDL_Texture*>(cmd.GetTexID()), &base->pos.x, sizeof(ImDrawVert),
                              reinterpret_cast<const SDL_Color*>(reinterpret_cast<const char*>(base) + offsetof(ImDrawVert, col)),
                              sizeof(ImDrawVert), &base->uv.x, sizeof(ImDrawVert), list.VtxBuffer.Size - static_cast<int>(cmd.VtxOffset),
                              list.IdxBuffer.Data + cmd.IdxOffset, static_cast<int>(cmd.ElemCount), sizeof(ImDrawIdx));
    }
}

void Renderer::DrawText(Vec2 world, std::string_view text, Color color, TextAnchor anchor) {
    TextAt(camera_.WorldToScreen(world), text, color, anchor);
}

void Renderer::DrawScreenText(Vec2 pixels, std::string_view text, Color color, TextAnchor anchor) {
    TextAt(pixels, text, color, anchor);
    if (text.empty() || !IsFinite(pixels)) return;
    const Vec2 extent = MeasureText(text) + Vec2{1.0f, 1.0f};  // with the shadow
    Vec2 corner = pixels;
    if (anchor == TextAnchor::Center) corner -= 0.5f * extent;
    if (anchor == TextAnchor::BottomLeft) corner.y -= extent.y;
    screenTextBoxes_.push_back({corner, corner + extent});
}

Vec2 Renderer::MeasureText(std::string_view text) const {
    if (ImGui::GetCurrentContext() == nullptr || ImGui::GetFont() == nullptr) return {};
    const ImVec2 s = ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0.0f, text.data(), text.data() + text.size());
    return {s.x, s.y};
}

float Renderer::LineHeight() const {
    if (ImGui::GetCurrentContext() == nullptr || ImGui::GetFont() == nullptr) return 13.0f;
    return ImGui::GetFontSize();
}

// ---- sprites ----

const Texture& Renderer::LoadTexture(const std::string& path) {
    std::filesystem::path resolved(path);
    if (!std::filesystem::exists(resolved) && resolved.is_relative()) {
        // Relative asset paths work from any working directory: try the source tree too.
        if (const char* env = std::getenv("SENSU_SOURCE_DIR"); env != nullptr && std::filesystem::exists(std::filesystem::path(env) / path)) {
            resolved = std::filesystem::path(env) / path;
        } else if (std::filesystem::exists(SourceRoot() / path)) {
            resolved = SourceRoot() / path;
        }
    }
    const std::string key = resolved.string();
    if (auto it = textures_.find(key); it != textures_.end()) return *it->second;

    const Image image = ReadImage(key);  // throws InvalidArgument naming the path
    SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormatFrom(const_cast<std::uint8_t*>(image.rgba.data()), image.width,
                                                              image.height, 32, image.width * 4, SDL_PIXELFORMAT_RGBA32);
    if (surface == nullptr) throw InvalidArgument("cannot use image '" + key + "': " + SDL_GetError());
    SDL_Texture* texture = SDL_CreateTextureFromSurface(renderer_, surface);
    SDL_FreeSurface(surface);
    if (texture == nullptr) throw InvalidArgument("cannot create a texture from '" + key + "': " + SDL_GetError());
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear);
    auto [it, inserted] = textures_.emplace(key, std::make_unique<Texture>(texture, image.width, image.height, key));
    return *it->second;
}

} // namespace sensu
