#pragma once
/// Which pixels of an image a disc holds, one row at a time, so that code working on the pixels of a
/// circle (rasterising, counting, covering) visits a row span instead of testing every pixel of the
/// circle's bounding square.
///
/// Image coordinates are pixels, x right, y down; pixel (x, y) is the square [x, x+1) × [y, y+1) and
/// belongs to a disc when its centre (x + ½, y + ½) does, by the chord rule of CircleCoverageIoU:
/// |x + ½ − cx| ≤ √(r² − (y + ½ − cy)²), evaluated in float.
#include <cmath>

#include "sensu/math.h"

namespace sensu {

/// Columns (or lattice indices) [first, last] of one row; empty when first > last.
struct PixelSpan {
    int first = 0;  ///< first index in the span
    int last = -1;  ///< last index in the span (inclusive)
    /// True when the span holds no index.
    constexpr bool IsEmpty() const { return first > last; }
    /// Number of indices in the span.
    constexpr int Count() const { return IsEmpty() ? 0 : last - first + 1; }
    /// Same first and last.
    constexpr bool operator==(const PixelSpan&) const = default;
};

/// Rows [first, last] that DiscRowSpan may find pixels in: floor(cy − r) … ceil(cy + r).
/// center and radius finite, radius ≥ 0 (not checked: this is a per-circle hot path).
inline PixelSpan DiscRows(Vec2 center, float radius) {
    return {static_cast<int>(std::floor(center.y - radius)), static_cast<int>(std::ceil(center.y + radius))};
}

/// The pixels of row y whose centres lie in the disc by the chord rule (see the top of this header):
/// x from ceil(cx − h − ½) to floor(cx + h − ½) with h = √(r² − dy²); empty when r² < dy².
/// center and radius finite, radius ≥ 0.
inline PixelSpan DiscRowSpan(Vec2 center, float radius, int y) {
    const float dy = static_cast<float>(y) + 0.5f - center.y;
    const float h2 = radius * radius - dy * dy;
    if (h2 < 0.0f) return {};
    const float half = std::sqrt(h2);
    return {static_cast<int>(std::ceil(center.x - half - 0.5f)), static_cast<int>(std::floor(center.x + half - 0.5f))};
}

} // namespace sensu
