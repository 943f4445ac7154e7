#include "sensu/app/camera.h"

#include <algorithm>

namespace sensu {

namespace {
constexpr float kMinViewHeight = 1e-3f;
constexpr float kMaxViewHeight = 1e5f;
} // namespace

void Camera::SetViewport(int widthPixels, int heightPixels) {
    width_ = std::max(1, widthPixels);
    height_ = std::max(1, heightPixels);
}

float Camera::PixelsPerMetre() const {
    // A corrupted view height must not turn every coordinate into NaN/inf: clamp once, here.
    const float h = std::clamp(IsFinite(viewHeight) ? viewHeight : 12.0f, kMinViewHeight, kMaxViewHeight);
    return static_cast<float>(height_) / h;
}

Vec2 Camera::WorldToScreen(Vec2 world) const {
    const float s = PixelsPerMetre();
    // The screen's y axis points down, the world's up: flip here and nowhere else.
    return {0.5f * static_cast<float>(width_) + (world.x - center.x) * s,
            0.5f * static_cast<float>(height_) - (world.y - center.y) * s};
}

Vec2 Camera::ScreenToWorld(Vec2 screen) const {
    const float inv = 1.0f / PixelsPerMetre();
    return {center.x + (screen.x - 0.5f * static_cast<float>(width_)) * inv,
            center.y - (screen.y - 0.5f * static_cast<float>(height_)) * inv};
}

AABB Camera::VisibleBounds() const {
    const Vec2 a = ScreenToWorld({0.0f, static_cast<float>(height_)});
    const Vec2 b = ScreenToWorld({static_cast<float>(width_), 0.0f});
    return {a, b};
}

void Camera::PanPixels(Vec2 screenDelta) {
    const float inv = 1.0f / PixelsPerMetre();
    center.x -= screenDelta.x * inv;
    center.y += screenDelta.y * inv;
}

void Camera::ZoomAt(Vec2 screenPoint, float factor) {
    if (!(factor > 0.0f) || !IsFinite(factor)) return;
    const Vec2 anchor = ScreenToWorld(screenPoint);
    viewHeight = std::clamp(viewHeight / factor, kMinViewHeight, kMaxViewHeight);
    // Keep `anchor` under the cursor: shift the centre by the anchor's new screen displacement.
    const Vec2 moved = ScreenToWorld(screenPoint);
    center += anchor - moved;
}

void Camera::Fit(const AABB& box, float marginFraction) {
    const Vec2 size = box.upper - box.lower;
    if (!IsFinite(size) || size.x < 0.0f || size.y < 0.0f) return;
    const float m = std::max(0.0f, marginFraction);
    const float w = std::max(size.x * (1.0f + 2.0f * m), kMinViewHeight);
    const float h = std::max(size.y * (1.0f + 2.0f * m), kMinViewHeight);
    const float aspect = static_cast<float>(width_) / static_cast<float>(height_);
    center = box.Center();
    viewHeight = std::clamp(std::max(h, w / aspect), kMinViewHeight, kMaxViewHeight);
}

} // namespace sensu
