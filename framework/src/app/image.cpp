#include "sensu/app/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <cstdlib>
#include <climits>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <unordered_map>

#include "sensu/math/scalar.h"

namespace sensu {

long Image::CountNonBackgroundPixels(int tolerance) const {
    if (Empty() || rgba.size() < static_cast<size_t>(width) * static_cast<size_t>(height) * 4) return 0;
    const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
    std::unordered_map<std::uint32_t, long> histogram;
    auto rgb = [&](size_t i) {
        return static_cast<std::uint32_t>(rgba[4 * i]) << 16 | static_cast<std::uint32_t>(rgba[4 * i + 1]) << 8 |
               static_cast<std::uint32_t>(rgba[4 * i + 2]);
    };
    // The background is by far the most common colour, so a sparse sample finds it (and keeps this
    // fast on full-HD screenshots); the count below still looks at every pixel.
    const size_t stride = n > 65536 ? 7 : 1;
    for (size_t i = 0; i < n; i += stride) ++histogram[rgb(i)];
    std::uint32_t background = 0;
    long best = -1;
    for (const auto& [color, count] : histogram) {
        if (count > best) {
            best = count;
            background = color;
        }
    }
    const int br = static_cast<int>(background >> 16), bg = static_cast<int>((background >> 8) & 0xFF),
              bb = static_cast<int>(background & 0xFF);
    long differing = 0;
    for (size_t i = 0; i < n; ++i) {
        if (std::abs(rgba[4 * i] - br) > tolerance || std::abs(rgba[4 * i + 1] - bg) > tolerance ||
            std::abs(rgba[4 * i + 2] - bb) > tolerance) {
            ++differing;
        }
    }
    return differing;
}

void WritePng(const Image& image, const std::string& path) {
    if (image.Empty() || image.rgba.size() != static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 4) {
        throw InvalidArgument("cannot write '" + path + "': the image is empty");
    }
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) {
        std::error_code ignored;  // a failure surfaces below, when the file cannot be written
        std::filesystem::create_directories(parent, ignored);
    }
    if (stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4) == 0) {
        throw InvalidArgument("cannot write PNG '" + path + "'");
    }
}

Image DecodeImage(std::span<const std::uint8_t> bytes, const std::string& what, long maxPixels) {
    if (maxPixels < 1 || maxPixels > kMaxImagePixels) {
        throw InvalidArgument("DecodeImage: maxPixels " + std::to_string(maxPixels) + " is outside [1, kMaxImagePixels = 16 Mi]");
    }
    if (bytes.empty() || bytes.size() > static_cast<size_t>(INT32_MAX)) throw InvalidArgument("cannot read image " + what + ": empty or over 2 GiB");
    const auto* buffer = reinterpret_cast<const stbi_uc*>(bytes.data());
    const int length = static_cast<int>(bytes.size());
    int w = 0, h = 0, channels = 0;
    // The header first: a hostile size is rejected before any pixel memory is allocated.
    if (stbi_info_from_memory(buffer, length, &w, &h, &channels) == 0) {
        const char* reason = stbi_failure_reason();
        throw InvalidArgument("cannot read image " + what + ": " + (reason ? reason : "unknown format"));
    }
    if (w <= 0 || h <= 0 || w > kMaxImageSide || h > kMaxImageSide || static_cast<long>(w) * h > maxPixels) {
        throw InvalidArgument("image " + what + " is " + std::to_string(w) + " x " + std::to_string(h) +
                              " pixels, over the limit (kMaxImageSide 16384 a side, " + std::to_string(maxPixels) + " pixels in all)");
    }
    stbi_uc* pixels = stbi_load_from_memory(buffer, length, &w, &h, &channels, 4);
    if (pixels == nullptr) {
        const char* reason = stbi_failure_reason();
        throw InvalidArgument("cannot read image " + what + ": " + (reason ? reason : "unknown error"));
    }
    Image image{w, h, std::vector<std::uint8_t>(pixels, pixels + static_cast<size_t>(w) * static_cast<size_t>(h) * 4)};
    stbi_image_free(pixels);
    return image;
}

Image ReadImage(const std::string& path) {
    if (!std::filesystem::is_regular_file(path)) throw InvalidArgument("image file '" + path + "' does not exist");
    std::ifstream file(path, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (!file.good() && !file.eof()) throw InvalidArgument("cannot read image '" + path + "'");
    return DecodeImage(bytes, "'" + path + "'");
}

} // namespace sensu
