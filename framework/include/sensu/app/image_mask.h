#pragma once
/// Sprite PNGs → alpha masks for the circle approximation (sensu/geometry/circle_approximation.h).
#include <cstdint>
#include <string>
#include <vector>

#include "sensu/geometry/alpha_mask.h"

namespace sensu {

/// The alpha channel of an image file: width × height bytes, row 0 at the top.
struct AlphaImage {
    /// The file it was read from (as resolved by ResolveAssetPath).
    std::string path;
    int width = 0;  ///< pixels
    int height = 0;  ///< pixels
    std::vector<uint8_t> alpha;  ///< width × height alpha values, row-major, top row first

    /// The mask of pixels with alpha ≥ threshold (threshold in [1, 255]). Throws InvalidArgument naming
    /// the file when no pixel reaches the threshold.
    AlphaMask Threshold(int threshold) const;
};

/// `path` if it exists; otherwise, for a relative path, the same path below $SENSU_SOURCE_DIR or below
/// the source tree this library was built from (so "assets/sprites/x.png" works from any working
/// directory); otherwise `path` unchanged (the loader then reports it missing).
std::string ResolveAssetPath(const std::string& path);

/// Reads the alpha channel of an image file (PNG or anything stb_image reads) with 2 or 4 channels.
/// Throws InvalidArgument naming the file when it is missing, unreadable or corrupt, has zero size,
/// or has no alpha channel (grey or RGB images: every pixel would be solid).
AlphaImage LoadAlphaImage(const std::string& path);

/// LoadAlphaImage(path).Threshold(threshold): also throws, naming the file, for a threshold outside
/// [1, 255] and for a mask with nothing in it.
AlphaMask LoadAlphaMask(const std::string& path, int threshold = 128);

} // namespace sensu
