#include "sensu/geometry/alpha_mask.h"

#include <string>

namespace sensu {

namespace {

void RequireImageSize(int width, int height, size_t bytes, const char* what) {
    if (width < 1 || height < 1)
        throw InvalidArgument(std::string(what) + " needs width and height >= 1 (got " + std::to_string(width) + " x " +
                              std::to_string(height) + ")");
    const size_t expected = static_cast<size_t>(width) * static_cast<size_t>(height);
    if (bytes != expected)
        throw InvalidArgument(std::string(what) + " needs width * height = " + std::to_string(expected) +
                              " bytes (got " + std::to_string(bytes) + ")");
}

} // namespace

AlphaMask::AlphaMask(int width, int height, std::vector<uint8_t> occupancy)
    : width_(width), height_(height), bytes_(std::move(occupancy)) {
    RequireImageSize(width, height, bytes_.size(), "AlphaMask");
    bounds_ = {width_, height_, 0, 0};
    for (int y = 0; y < height_; ++y) {
        uint8_t* row = bytes_.data() + static_cast<size_t>(y) * width_;
        for (int x = 0; x < width_; ++x) {
            row[x] = row[x] != 0 ? 1 : 0;
            if (row[x] == 0) continue;
            ++occupiedCount_;
            bounds_.minX = x < bounds_.minX ? x : bounds_.minX;
            bounds_.maxX = x + 1 > bounds_.maxX ? x + 1 : bounds_.maxX;
            bounds_.minY = y < bounds_.minY ? y : bounds_.minY;
            bounds_.maxY = y + 1;
        }
    }
    if (occupiedCount_ == 0) bounds_ = {};
}

AlphaMask AlphaMask::FromAlpha(int width, int height, std::span<const uint8_t> alpha, int threshold) {
    RequireImageSize(width, height, alpha.size(), "AlphaMask::FromAlpha");
    if (threshold < 1 || threshold > 255)
        throw InvalidArgument("alpha threshold must be in [1, 255] (got " + std::to_string(threshold) + ")");
    std::vector<uint8_t> occupancy(alpha.size());
    for (size_t i = 0; i < alpha.size(); ++i) occupancy[i] = alpha[i] >= threshold ? 1 : 0;
    return AlphaMask(width, height, std::move(occupancy));
}

void PixelFrame::Validate() const {
    RequireFinite(pixelsPerMetre, "PixelFrame pixelsPerMetre");
    if (!(pixelsPerMetre > 0.0f))
        throw InvalidArgument("PixelFrame pixelsPerMetre must be > 0 (got " + std::to_string(pixelsPerMetre) + ")");
    RequireFinite(originPixels, "PixelFrame originPixels");
}

PixelFrame PixelFrame::Centered(const AlphaMask& mask, float pixelsPerMetre) {
    PixelFrame frame{pixelsPerMetre, {0.5f * static_cast<float>(mask.width()), 0.5f * static_cast<float>(mask.height())}};
    frame.Validate();
    return frame;
}

} // namespace sensu
