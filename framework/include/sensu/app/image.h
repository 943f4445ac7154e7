#pragma once
/// RGBA images in memory and PNG files (stb_image / stb_image_write): screenshots and test checks.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sensu {

/// 8-bit RGBA pixels, rows top to bottom, 4 bytes per pixel.
struct Image {
    int width = 0;  ///< pixels
    int height = 0;  ///< pixels
    std::vector<std::uint8_t> rgba;  ///< width × height × 4 bytes

    /// True when the image has no pixels.
    bool Empty() const { return width <= 0 || height <= 0; }
    /// Number of pixels whose RGB differs from the background (the most common colour, estimated
    /// from a sample of the pixels in large images) by more than `tolerance` in any channel:
    /// 0 for a blank (single-colour) image.
    long CountNonBackgroundPixels(int tolerance = 8) const;
};

/// Writes `image` as a PNG, creating missing parent folders. Throws sensu::InvalidArgument naming the
/// path when the image is empty or the file cannot be written.
void WritePng(const Image& image, const std::string& path);
/// Largest image ReadImage and DecodeImage accept: at most kMaxImageSide pixels a side and
/// kMaxImagePixels in all (64 MiB of RGBA). Checked from the header before anything is decoded, so a
/// file claiming 20000 × 20000 pixels is rejected without allocating gigabytes.
///@{
inline constexpr int kMaxImageSide = 16384;                 ///< pixels along either side
inline constexpr long kMaxImagePixels = 16L * 1024 * 1024;  ///< pixels in all
///@}

/// Reads an image file (PNG, JPEG, ... whatever stb_image reads) as RGBA. Throws
/// sensu::InvalidArgument naming the path when it is missing, not a readable image or too large.
Image ReadImage(const std::string& path);
/// Decodes an image file's bytes as RGBA. Throws sensu::InvalidArgument (naming `what`) when they are
/// not a readable image or the image exceeds kMaxImageSide a side or `maxPixels` in all (pixels, in
/// [1, kMaxImagePixels]; a smaller limit suits callers that expect small images, such as sprites from
/// untrusted files, and the fuzz target, which keeps each decode small and fast). The limit is checked
/// from the header, before any pixel memory is allocated.
Image DecodeImage(std::span<const std::uint8_t> bytes, const std::string& what, long maxPixels = kMaxImagePixels);

} // namespace sensu
