#pragma once
/// A binary occupancy mask of a sprite: width × height bytes, row 0 at the top of the image.
///
/// Pixel (x, y) covers the square [x, x+1) × [y, y+1) in image coordinates (x right, y down). The
/// physics works y up: the conversion to body-local metres (PixelFrame) flips y.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sensu/math.h"

namespace sensu {

/// Integer pixel rectangle [minX, maxX) × [minY, maxY) in image coordinates.
struct PixelRect {
    int minX = 0;  ///< first column inside
    int minY = 0;  ///< first row inside
    int maxX = 0;  ///< first column past the right edge
    int maxY = 0;  ///< first row past the bottom edge
    /// Width in pixels (≤ 0 when empty).
    constexpr int Width() const { return maxX - minX; }
    /// Height in pixels (≤ 0 when empty).
    constexpr int Height() const { return maxY - minY; }
    /// True when the rectangle holds no pixel.
    constexpr bool IsEmpty() const { return maxX <= minX || maxY <= minY; }
    /// Equal corners.
    constexpr bool operator==(const PixelRect&) const = default;
};

/// Which pixels of an image are solid (see the top of this header).
class AlphaMask {
public:
    /// Occupancy bytes, row-major (index y·width + x): 0 = empty, anything else = occupied.
    /// width ≥ 1, height ≥ 1 and occupancy.size() == width·height, else InvalidArgument.
    AlphaMask(int width, int height, std::vector<uint8_t> occupancy);

    /// Thresholds alpha values: a pixel is occupied when alpha ≥ threshold. threshold in [1, 255]
    /// (0 would mark fully transparent pixels as solid). alpha.size() must be width·height.
    static AlphaMask FromAlpha(int width, int height, std::span<const uint8_t> alpha, int threshold);

    /// Width in pixels (≥ 1).
    int width() const { return width_; }
    /// Height in pixels (≥ 1).
    int height() const { return height_; }
    /// True when (x, y) is inside the image and occupied; false outside the image.
    bool Occupied(int x, int y) const {
        return x >= 0 && y >= 0 && x < width_ && y < height_ && bytes_[static_cast<size_t>(y) * width_ + x] != 0;
    }
    /// The bytes, 0 or 1, row-major.
    std::span<const uint8_t> bytes() const { return bytes_; }
    /// Number of occupied pixels (0 for an empty mask).
    size_t OccupiedCount() const { return occupiedCount_; }
    /// Smallest rectangle holding every occupied pixel; empty rectangle when nothing is occupied.
    PixelRect OccupiedBounds() const { return bounds_; }

private:
    int width_;
    int height_;
    std::vector<uint8_t> bytes_;
    size_t occupiedCount_ = 0;
    PixelRect bounds_{};
};

/// How image pixels map to body-local metres: local = ((px − origin.x), (origin.y − py)) / pixelsPerMetre.
/// y flips because images grow downwards and the world grows upwards.
struct PixelFrame {
    /// Pixels per metre, finite and > 0.
    float pixelsPerMetre = 32.0f;
    /// The body origin in image coordinates (pixels, y down), e.g. the sprite centre.
    Vec2 originPixels{};

    /// Throws InvalidArgument unless pixelsPerMetre is finite and > 0 and the origin is finite.
    void Validate() const;
    /// Image point (pixels, y down) → body-local point (metres, y up).
    Vec2 ToLocal(Vec2 pixel) const {
        return {(pixel.x - originPixels.x) / pixelsPerMetre, (originPixels.y - pixel.y) / pixelsPerMetre};
    }
    /// Body-local point (metres, y up) → image point (pixels, y down).
    Vec2 ToPixels(Vec2 local) const {
        return {originPixels.x + local.x * pixelsPerMetre, originPixels.y - local.y * pixelsPerMetre};
    }
    /// The frame whose origin is the centre of the mask's image.
    static PixelFrame Centered(const AlphaMask& mask, float pixelsPerMetre);
};

} // namespace sensu
