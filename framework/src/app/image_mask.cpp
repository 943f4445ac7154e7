#include "sensu/app/image_mask.h"

#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <source_location>

namespace sensu {

namespace {

// The source tree, from this file's compiled path (framework/src/app/image_mask.cpp).
std::filesystem::path SourceRoot() {
    return std::filesystem::path(std::source_location::current().file_name()).parent_path().parent_path().parent_path().parent_path();
}

} // namespace

std::string ResolveAssetPath(const std::string& path) {
    const std::filesystem::path given(path);
    if (std::filesystem::exists(given) || !given.is_relative()) return path;
    if (const char* env = std::getenv("SENSU_SOURCE_DIR"); env != nullptr && std::filesystem::exists(std::filesystem::path(env) / given))
        return (std::filesystem::path(env) / given).string();
    if (std::filesystem::exists(SourceRoot() / given)) return (SourceRoot() / given).string();
    return path;
}

AlphaImage LoadAlphaImage(const std::string& path) {
    const std::string resolved = ResolveAssetPath(path);
    if (!std::filesystem::is_regular_file(resolved)) throw InvalidArgument("sprite image '" + path + "' does not exist");
    int width = 0, height = 0, channels = 0;
    const std::unique_ptr<stbi_uc, void (*)(void*)> pixels(stbi_load(resolved.c_str(), &width, &height, &channels, 0), &stbi_image_free);
    if (pixels == nullptr) {
        const char* reason = stbi_failure_reason();
        throw InvalidArgument("cannot read sprite image '" + resolved + "': " + (reason != nullptr ? reason : "unknown error"));
    }
    if (width < 1 || height < 1) throw InvalidArgument("sprite image '" + resolved + "' has zero size");
    // stb gives grey+alpha as 2 channels and RGBA as 4; 1 and 3 have no alpha.
    if (channels != 2 && channels != 4)
        throw InvalidArgument("sprite image '" + resolved + "' has no alpha channel (" + std::to_string(channels) +
                              " channels): save it as RGBA or grey+alpha");
    AlphaImage image{resolved, width, height, std::vector<uint8_t>(static_cast<size_t>(width) * static_cast<size_t>(height))};
    for (size_t i = 0; i < image.alpha.size(); ++i) image.alpha[i] = pixels.get()[i * static_cast<size_t>(channels) + static_cast<size_t>(channels - 1)];
    return image;
}

AlphaMask AlphaImage::Threshold(int threshold) const {
    if (threshold < 1 || threshold > 255)
        throw InvalidArgument("alpha threshold for '" + path + "' must be in [1, 255] (got " + std::to_string(threshold) + ")");
    AlphaMask mask = AlphaMask::FromAlpha(width, height, alpha, threshold);
    if (mask.OccupiedCount() == 0)
        throw InvalidArgument("sprite image '" + path + "' has no pixel with alpha >= " + std::to_string(threshold) +
                              ": its mask is empty");
    return mask;
}

AlphaMask LoadAlphaMask(const std::string& path, int threshold) { return LoadAlphaImage(path).Threshold(threshold); }

} // namespace sensu
