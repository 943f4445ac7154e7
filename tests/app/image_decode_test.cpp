// DecodeImage with hostile bytes (issue 16): empty, truncated and over-size headers throw
// InvalidArgument before any pixel memory is allocated; a valid image round-trips.
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "sensu/app/image.h"
#include "sensu/math.h"

using namespace sensu;

namespace {

/// The PNG signature and an IHDR chunk claiming width × height RGBA pixels, and nothing else.
std::vector<std::uint8_t> PngHeader(uint32_t width, uint32_t height) {
    std::vector<std::uint8_t> b{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    for (uint32_t v : {width, height})
        for (int shift = 24; shift >= 0; shift -= 8) b.push_back(static_cast<std::uint8_t>(v >> shift));
    for (std::uint8_t v : {8, 6, 0, 0, 0, 0, 0, 0, 0}) b.push_back(v);  // depth, RGBA, methods, CRC (unchecked)
    return b;
}

} // namespace

TEST_CASE("DecodeImage rejects a 20000 x 20000 header before decoding (no memory bomb)", "[app][image]") {
    // stb_image itself refuses more than 2^30 bytes from the header; our limit catches the sizes below
    // that (10000 x 10000 RGBA is 400 MB) before anything is allocated.
    CHECK_THROWS_AS(DecodeImage(PngHeader(20000, 20000), "bomb.png"), InvalidArgument);
    try {
        DecodeImage(PngHeader(10000, 10000), "big.png");
        FAIL("no exception");
    } catch (const InvalidArgument& e) {
        CHECK(std::string(e.what()).find("over the limit") != std::string::npos);
    }
    CHECK_THROWS_AS(DecodeImage(PngHeader(kMaxImageSide + 1, 1), "wide.png"), InvalidArgument);
}

TEST_CASE("DecodeImage honours a smaller pixel limit and rejects a limit outside [1, kMaxImagePixels]", "[app][image]") {
    Image image{5, 4, std::vector<std::uint8_t>(5 * 4 * 4, 7)};
    const std::string path = (std::filesystem::temp_directory_path() / "sensu_decode_limit_test.png").string();
    WritePng(image, path);
    std::ifstream file(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    CHECK(DecodeImage(bytes, path, 20).width == 5);  // exactly at the limit
    try {
        DecodeImage(bytes, path, 19);
        FAIL("no exception");
    } catch (const InvalidArgument& e) {
        CHECK(std::string(e.what()).find("19 pixels in all") != std::string::npos);
    }
    CHECK_THROWS_AS(DecodeImage(bytes, path, 0), InvalidArgument);
    CHECK_THROWS_AS(DecodeImage(bytes, path, kMaxImagePixels + 1), InvalidArgument);
}

TEST_CASE("DecodeImage rejects zero bytes, truncated and garbage input", "[app][image]") {
    CHECK_THROWS_AS(DecodeImage({}, "empty"), InvalidArgument);
    const auto header = PngHeader(4, 4);  // a valid size, but no image data follows
    CHECK_THROWS_AS(DecodeImage(header, "truncated"), InvalidArgument);
    const std::array<std::uint8_t, 5> garbage{1, 2, 3, 4, 5};
    CHECK_THROWS_AS(DecodeImage(garbage, "garbage"), InvalidArgument);
}

TEST_CASE("DecodeImage reads what WritePng wrote", "[app][image]") {
    Image image{3, 2, std::vector<std::uint8_t>(3 * 2 * 4, 0)};
    image.rgba[4] = 200;
    const std::string path = (std::filesystem::temp_directory_path() / "sensu_decode_test.png").string();
    WritePng(image, path);
    std::ifstream file(path, std::ios::binary);
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const Image back = DecodeImage(bytes, path);
    CHECK(back.width == 3);
    CHECK(back.height == 2);
    CHECK(back.rgba == image.rgba);
}
