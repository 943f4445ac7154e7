// The command line of build/bin/sensu-samples, run as a real process (headless: CTest sets
// SDL_VIDEODRIVER=dummy, and every run here is bounded by --frames, --list or an error).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "app_test_support.h"
#include "sensu/app/sample.h"

namespace {

namespace fs = std::filesystem;

struct Result {
    int status = -1;
    std::string output;  // stdout and stderr together
};

fs::path Browser() { return fs::read_symlink("/proc/self/exe").parent_path() / "sensu-samples"; }

Result Run(const std::string& arguments, const std::string& environment = "") {
    const std::string command = environment + " '" + Browser().string() + "' " + arguments + " 2>&1";
    Result result;
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::array<char, 4096> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr) result.output += buffer.data();
    const int raw = ::pclose(pipe);
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return result;
}

} // namespace

TEST_CASE("sensu-samples command line", "[app][cli]") {
    INFO("browser binary " << Browser().string() << " (build the sensu-samples target)");
    REQUIRE(fs::exists(Browser()));

    SECTION("--help lists every flag") {
        const Result r = Run("--help");
        CHECK(r.status == 0);
        for (const char* flag : {"--list", "--sample", "--frames", "--screenshot", "--headless", "--browser-ui", "--fullscreen", "--write-screenshots"}) {
            CHECK(r.output.find(flag) != std::string::npos);
        }
    }
    SECTION("--list prints every registered item, one per line, in order") {
        const Result r = Run("--list");
        CHECK(r.status == 0);
        std::string expected;
        for (int i = 0; i < sensu::SampleCount(); ++i) expected += sensu::SampleFullName(sensu::Samples()[i]) + "\n";
        CHECK(r.output == expected);
    }
    SECTION("unknown flags and bad values exit with status 2 and show the valid choices") {
        const Result unknown = Run("--no-such-flag");
        CHECK(unknown.status == 2);
        CHECK(unknown.output.find("--no-such-flag") != std::string::npos);
        CHECK(unknown.output.find("--list") != std::string::npos);
        CHECK(Run("--frames -3").status == 2);
        CHECK(Run("--frames").status == 2);
        CHECK(Run("--size 10x10").status == 2);
    }
    SECTION("an unknown item name exits with status 2 and lists the valid names") {
        const Result r = Run("--sample 'No/Such item' --headless");
        CHECK(r.status == 2);
        CHECK(r.output.find(sensu::SampleFullName(sensu::Samples()[0])) != std::string::npos);
    }
    SECTION("--headless --screenshot writes the PNG at the requested size") {
        const fs::path png = sensu::test::ScratchFolder() / "cli.png";
        const Result r = Run("--headless --frames 2 --size 320x180 --screenshot '" + png.string() + "'");
        CHECK(r.status == 0);
        REQUIRE(fs::exists(png));
        const sensu::Image image = sensu::ReadImage(png.string());
        CHECK(image.width == 320);
        CHECK(image.height == 180);
        fs::remove_all(png.parent_path());
    }
    SECTION("--headless --browser-ui draws the docked item panel left of the scene") {
        const fs::path png = sensu::test::ScratchFolder() / "panel.png";
        const fs::path bare = sensu::test::ScratchFolder() / "bare.png";
        const std::string common = "--headless --frames 2 --size 640x360 --sample 'Stacking/Stacking' --screenshot '";
        REQUIRE(Run(common + png.string() + "' --browser-ui").status == 0);
        REQUIRE(Run(common + bare.string() + "'").status == 0);
        const sensu::Image panel = sensu::ReadImage(png.string());
        const sensu::Image item = sensu::ReadImage(bare.string());
        REQUIRE(panel.width == 640);
        // The item's own top-left text starts at x = 10 alone and right of the 280 px panel with it.
        auto litInRow = [](const sensu::Image& image, int x0, int x1, int y) {
            int n = 0;
            for (int x = x0; x < x1; ++x) n += image.rgba[(static_cast<size_t>(y) * 640 + static_cast<size_t>(x)) * 4] > 150 ? 1 : 0;
            return n;
        };
        int itemText = 0, shifted = 0;
        for (int y = 10; y < 22; ++y) {
            itemText += litInRow(item, 10, 60, y);
            shifted += litInRow(panel, 290, 340, y);
        }
        CHECK(itemText > 10);
        CHECK(shifted > 10);
        fs::remove_all(png.parent_path());
    }
    SECTION("--fullscreen without a display falls back to headless like a window") {
        const fs::path png = sensu::test::ScratchFolder() / "fullscreen.png";
        const Result r = Run("--fullscreen --frames 1 --size 320x180 --screenshot '" + png.string() + "'", "SDL_VIDEODRIVER=dummy");
        CHECK(r.status == 0);
        CHECK(fs::exists(png));
        fs::remove_all(png.parent_path());
    }
    SECTION("without a display the browser says so and renders headless instead of failing") {
        const fs::path png = sensu::test::ScratchFolder() / "fallback.png";
        const Result r = Run("--frames 1 --size 320x180 --screenshot '" + png.string() + "'", "SDL_VIDEODRIVER=dummy");
        CHECK(r.status == 0);
        CHECK(r.output.find("No display available") != std::string::npos);
        CHECK(r.output.find(png.string()) != std::string::npos);
        CHECK(fs::exists(png));
        fs::remove_all(png.parent_path());
    }
}
