// Sprite PNG → alpha mask: every error names the file; the committed sprites meet the approximation's
// quality targets.
#include <catch2/catch.hpp>

#include <stb_image_write.h>

#include <filesystem>
#include <fstream>

#include "sensu/app/image_mask.h"
#include "sensu/geometry/circle_approximation.h"
#include "sensu/geometry/convex_hull.h"

using namespace sensu;

namespace {

// A scratch folder for this test's files, emptied on every run.
std::filesystem::path Scratch() {
    static const std::filesystem::path dir = [] {
        const auto d = std::filesystem::temp_directory_path() / "sensu_image_mask_test";
        std::filesystem::remove_all(d);
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

std::string WritePngFile(const std::string& name, int w, int h, int channels, const std::vector<uint8_t>& pixels) {
    const std::string path = (Scratch() / name).string();
    REQUIRE(stbi_write_png(path.c_str(), w, h, channels, pixels.data(), w * channels) != 0);
    return path;
}

std::string WriteBytes(const std::string& name, const std::vector<uint8_t>& bytes) {
    const std::string path = (Scratch() / name).string();
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path;
}

// Requires that `load` throws InvalidArgument whose message names `path` and contains `words`.
template <class Load>
void RequireErrorNaming(Load&& load, const std::string& path, const std::string& words) {
    try {
        load();
        FAIL("no exception for " << path);
    } catch (const InvalidArgument& e) {
        const std::string what = e.what();
        INFO(what);
        CHECK(what.find(std::filesystem::path(path).filename().string()) != std::string::npos);
        CHECK(what.find(words) != std::string::npos);
    }
}

} // namespace

TEST_CASE("LoadAlphaMask reads the alpha channel of RGBA and grey+alpha PNGs", "[image_mask]") {
    std::vector<uint8_t> rgba(4 * 3 * 2, 255);
    const uint8_t alphas[6] = {0, 50, 127, 128, 200, 255};
    for (int i = 0; i < 6; ++i) rgba[4 * i + 3] = alphas[i];
    const std::string rgbaPath = WritePngFile("rgba.png", 3, 2, 4, rgba);
    const AlphaImage image = LoadAlphaImage(rgbaPath);
    CHECK(image.width == 3);
    CHECK(image.height == 2);
    CHECK(image.alpha == std::vector<uint8_t>(alphas, alphas + 6));
    const AlphaMask mask = LoadAlphaMask(rgbaPath, 128);
    CHECK(mask.OccupiedCount() == 3);
    CHECK(mask.Occupied(0, 1));
    CHECK_FALSE(mask.Occupied(2, 0));
    CHECK(LoadAlphaMask(rgbaPath, 1).OccupiedCount() == 5);

    const std::vector<uint8_t> greyAlpha{10, 0, 20, 255, 30, 255, 40, 0};
    const AlphaMask grey = LoadAlphaMask(WritePngFile("grey_alpha.png", 2, 2, 2, greyAlpha));
    CHECK(grey.OccupiedCount() == 2);
    CHECK(grey.Occupied(1, 0));
    CHECK(grey.Occupied(0, 1));
}

TEST_CASE("LoadAlphaMask errors name the file: missing, corrupt, zero size, no alpha, empty mask", "[image_mask]") {
    const std::string missing = (Scratch() / "no_such_sprite.png").string();
    RequireErrorNaming([&] { LoadAlphaMask(missing); }, missing, "does not exist");

    const std::string emptyFile = WriteBytes("zero_bytes.png", {});
    RequireErrorNaming([&] { LoadAlphaMask(emptyFile); }, emptyFile, "cannot read");

    const std::string garbage = WriteBytes("garbage.png", {0x89, 'P', 'N', 'G', 1, 2, 3, 4, 5, 6, 7, 8, 9});
    RequireErrorNaming([&] { LoadAlphaMask(garbage); }, garbage, "cannot read");

    // A PNG signature and an IHDR chunk declaring 0 × 0 pixels.
    const std::string zeroSize = WriteBytes("zero_size.png", {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                                               0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0});
    RequireErrorNaming([&] { LoadAlphaMask(zeroSize); }, zeroSize, "sprite image");

    const std::string rgb = WritePngFile("rgb.png", 2, 2, 3, std::vector<uint8_t>(12, 200));
    RequireErrorNaming([&] { LoadAlphaMask(rgb); }, rgb, "no alpha channel");
    const std::string grey = WritePngFile("grey.png", 2, 2, 1, std::vector<uint8_t>(4, 200));
    RequireErrorNaming([&] { LoadAlphaMask(grey); }, grey, "no alpha channel");

    const std::string transparent = WritePngFile("transparent.png", 4, 4, 4, std::vector<uint8_t>(64, 0));
    RequireErrorNaming([&] { LoadAlphaMask(transparent); }, transparent, "mask is empty");
    std::vector<uint8_t> faint(64, 255);
    for (int i = 0; i < 16; ++i) faint[4 * i + 3] = 100;
    const std::string faintPath = WritePngFile("faint.png", 4, 4, 4, faint);
    RequireErrorNaming([&] { LoadAlphaMask(faintPath, 128); }, faintPath, "mask is empty");
    CHECK(LoadAlphaMask(faintPath, 100).OccupiedCount() == 16);
    RequireErrorNaming([&] { LoadAlphaMask(faintPath, 0); }, faintPath, "threshold");
    RequireErrorNaming([&] { LoadAlphaMask(faintPath, 256); }, faintPath, "threshold");
}

TEST_CASE("ResolveAssetPath finds the sprites from any working directory", "[image_mask]") {
    const std::string resolved = ResolveAssetPath("assets/sprites/character.png");
    CHECK(std::filesystem::is_regular_file(resolved));
    CHECK(ResolveAssetPath("assets/sprites/not_there.png") == "assets/sprites/not_there.png");
}

TEST_CASE("Every committed sprite: IoU >= 0.9 with <= 64 circles, above the hull where the hull is loose", "[image_mask]") {
    const std::filesystem::path dir = ResolveAssetPath("assets/sprites");
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".png") continue;
        ++count;
        INFO(entry.path().filename().string());
        const AlphaMask mask = LoadAlphaMask(entry.path().string());
        const PixelFrame frame = PixelFrame::Centered(mask, 32.0f);
        const CircleApproximation circles = ApproximateSpriteWithCircles(mask, frame);
        const double iou = CircleCoverageIoU(mask, circles.pixels.circles);
        CHECK(iou >= 0.9);
        CHECK(circles.circles.size() <= 64);
        const double hullIoU = PolygonCoverageIoU(mask, frame, MaskConvexHull(mask, frame));
        if (hullIoU < 0.9) CHECK(iou > hullIoU); // concave sprites: the hull covers their hollows
    }
    CHECK(count >= 6);
}
