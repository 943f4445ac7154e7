// A newcomer's first run prints nothing that reads as an error: on a bare machine (no display, no
// XDG_RUNTIME_DIR, no SDL_VIDEODRIVER) the browser falls back to headless without a word on stderr,
// and opening audio on a machine without a sound card is just as quiet.
// SDL's Wayland driver used to make libwayland-client print "error: XDG_RUNTIME_DIR is invalid or not
// set in the environment." there (see framework/src/app/video_drivers.h).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "../../framework/src/app/video_drivers.h"
#include "app_test_support.h"
#include "sensu/app/audio.h"

namespace {

namespace fs = std::filesystem;

fs::path Browser() { return fs::read_symlink("/proc/self/exe").parent_path() / "sensu-samples"; }

struct Streams {
    int status = -1;
    std::string out, err;
};

std::string Contents(const fs::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs the browser in the environment `environment` (arguments of env(1)), stdout and stderr apart.
Streams RunBrowser(const std::string& environment, const std::string& arguments) {
    const fs::path folder = sensu::test::ScratchFolder();
    const fs::path out = folder / "startup.out", err = folder / "startup.err";
    const std::string command = "env " + environment + " '" + Browser().string() + "' " + arguments + " >'" + out.string() +
                                "' 2>'" + err.string() + "'";
    Streams result;
    const int raw = std::system(command.c_str());
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = Contents(out);
    result.err = Contents(err);
    return result;
}

} // namespace

TEST_CASE("the browser on a bare machine prints nothing on stderr", "[app][cli][startup]") {
    REQUIRE(fs::exists(Browser()));
    const fs::path png = sensu::test::ScratchFolder() / "bare.png";
    const std::string bare = "-u DISPLAY -u WAYLAND_DISPLAY -u WAYLAND_SOCKET -u XDG_RUNTIME_DIR -u SDL_VIDEODRIVER";

    SECTION("windowed request: falls back to headless quietly") {
        const Streams r = RunBrowser(bare, "--frames 3 --screenshot '" + png.string() + "'");
        CHECK(r.status == 0);
        CHECK(r.err.empty());
        INFO(r.err);
        CHECK(r.out.find("headless") != std::string::npos);
        CHECK(fs::exists(png));
    }
    SECTION("asking for Wayland by name still reports why it fails") {
        // The user's choice is never overridden: with SDL_VIDEODRIVER=wayland SDL tries Wayland, so
        // libwayland's own complaint shows: the noise the test above checks for is real here.
        const Streams r = RunBrowser(bare + " SDL_VIDEODRIVER=wayland", "--frames 3 --screenshot '" + png.string() + "'");
        CHECK(r.status == 0);
        CHECK(r.out.find("wayland not available") != std::string::npos);
        CHECK(r.err.find("XDG_RUNTIME_DIR") != std::string::npos);
    }
}

TEST_CASE("Wayland counts as reachable only where libwayland-client can look for it", "[app][startup]") {
    using sensu::detail::WaylandReachable;
    CHECK_FALSE(WaylandReachable(nullptr, nullptr, nullptr));
    CHECK_FALSE(WaylandReachable("", "wayland-0", nullptr));
    CHECK_FALSE(WaylandReachable(nullptr, "wayland-0", "relative/dir"));
    CHECK(WaylandReachable(nullptr, "wayland-0", "/run/user/1000"));
    CHECK(WaylandReachable(nullptr, nullptr, "/run/user/1000"));
    CHECK(WaylandReachable(nullptr, "/run/user/1000/wayland-0", nullptr));
    CHECK(WaylandReachable("5", nullptr, nullptr));
}

TEST_CASE("Opening audio with the default drivers prints nothing on stderr, sound card or not", "[app][startup][audio]") {
    // This machine may have no sound card: libasound then complains in eight "ALSA lib ..." lines
    // unless Audio quiets it. Whatever happens, Audio reports through status(), not stderr.
#ifdef __SANITIZE_ADDRESS__
    // The system's audio back ends (ALSA, PulseAudio) keep caches LeakSanitizer would report as ours.
    WARN("real audio drivers are not opened under AddressSanitizer");
    return;
#endif
    const fs::path log = sensu::test::ScratchFolder() / "audio.err";
    const char* driver = std::getenv("SDL_AUDIODRIVER");
    const std::string savedDriver = driver != nullptr ? driver : "";
    ::unsetenv("SDL_AUDIODRIVER");
    std::fflush(stderr);
    const int savedStderr = ::dup(2);
    const int file = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE(file >= 0);
    ::dup2(file, 2);
    {
        const sensu::Audio audio;
        INFO(audio.status());
    }
    std::fflush(stderr);
    ::dup2(savedStderr, 2);
    ::close(savedStderr);
    ::close(file);
    if (driver != nullptr) ::setenv("SDL_AUDIODRIVER", savedDriver.c_str(), 1);
    CHECK(Contents(log).empty());
}
