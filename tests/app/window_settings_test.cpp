// The remembered window size (sensu/app/window_settings.h): where the file lives, a round trip, and
// every malformed file read as "nothing saved" without throwing.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app_test_support.h"
#include "sensu/app/window_settings.h"

using namespace sensu;

namespace {

namespace fs = std::filesystem;

fs::path Write(const std::string& name, const std::string& text) {
    const fs::path path = test::ScratchFolder() / name;
    std::ofstream(path) << text;
    return path;
}

// Sets an environment variable for one scope and restores it after.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old, hadOld_ = true;
        if (value != nullptr) ::setenv(name, value, 1);
        else ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (hadOld_) ::setenv(name_, old_.c_str(), 1);
        else ::unsetenv(name_);
    }

private:
    const char* name_;
    std::string old_;
    bool hadOld_ = false;
};

} // namespace

TEST_CASE("Window settings live in the user's config folder", "[app][window]") {
    SECTION("XDG_CONFIG_HOME first") {
        const ScopedEnv config("XDG_CONFIG_HOME", "/tmp/cfg");
        const ScopedEnv home("HOME", "/home/someone");
        CHECK(WindowSettingsPath("sensu-samples") == fs::path("/tmp/cfg/sensu/sensu-samples.ini"));
    }
    SECTION("else ~/.config") {
        const ScopedEnv config("XDG_CONFIG_HOME", nullptr);
        const ScopedEnv home("HOME", "/home/someone");
        CHECK(WindowSettingsPath("sensu-samples") == fs::path("/home/someone/.config/sensu/sensu-samples.ini"));
    }
    SECTION("relative or missing folders and odd names give no path") {
        const ScopedEnv config("XDG_CONFIG_HOME", "relative");
        const ScopedEnv home("HOME", nullptr);
        CHECK(WindowSettingsPath("sensu-samples").empty());
        const ScopedEnv home2("HOME", "/home/someone");
        CHECK(WindowSettingsPath("../escape").empty());
        CHECK(WindowSettingsPath("").empty());
    }
}

TEST_CASE("Window settings round trip; a failed write is reported, never thrown", "[app][window]") {
    const fs::path path = test::ScratchFolder() / "nested" / "folder" / "game.ini";
    fs::remove_all(path.parent_path());
    REQUIRE(SaveWindowSettings(path, {.width = 1600, .height = 900}));
    const auto loaded = LoadWindowSettings(path);
    REQUIRE(loaded.has_value());
    CHECK(loaded->width == 1600);
    CHECK(loaded->height == 900);
    REQUIRE(SaveWindowSettings(path, {.width = 640, .height = 480}));  // overwritten, not appended
    CHECK(LoadWindowSettings(path)->width == 640);

    CHECK_FALSE(SaveWindowSettings(path, {.width = 8, .height = 480}));     // out of range
    CHECK_FALSE(SaveWindowSettings({}, {.width = 640, .height = 480}));      // no path (no HOME)
    const fs::path blocked = Write("a-file", "x");                          // its "folder" is a file
    CHECK_FALSE(SaveWindowSettings(blocked / "game.ini", {.width = 640, .height = 480}));
}

TEST_CASE("Malformed window settings read as nothing saved", "[app][window]") {
    CHECK_FALSE(LoadWindowSettings(test::ScratchFolder() / "missing.ini").has_value());
    CHECK(LoadWindowSettings(Write("crlf.ini", "width=800\r\nheight=600\r\n"))->height == 600);
    CHECK(LoadWindowSettings(Write("blank-lines.ini", "\nwidth=800\n\nheight=600\n"))->width == 800);
    for (const char* text : {"", "width=800\n", "height=600\n", "width=800\nheight\n", "width=800\nheight=abc\n",
                             "width=800\nheight=600x\n", "width=800\nheight=-600\n", "width=99999\nheight=600\n",
                             "width=800\nheight=600\ncolour=blue\n", "width = 800\nheight = 600\n", "\x01\x02\x03"}) {
        INFO("file: " << text);
        CHECK_FALSE(LoadWindowSettings(Write("bad.ini", text)).has_value());
    }
    CHECK_FALSE(LoadWindowSettings(test::ScratchFolder()).has_value());  // a folder, not a file
}

TEST_CASE("App::windowSize reports the size to remember, windowed and headless", "[app][window]") {
    const App headless({.width = 320, .height = 200, .headless = true});
    CHECK(headless.windowSize() == std::array<int, 2>{320, 200});
    App windowed({.width = 400, .height = 300, .vsync = false, .invisibleWindow = true});
    CHECK(windowed.windowSize() == std::array<int, 2>{400, 300});
    // Sizes are in points: on the dummy driver one point is one pixel, so the scene is the window.
    CHECK(windowed.renderer().width() == 400);
    CHECK(windowed.renderer().height() == 300);
}
