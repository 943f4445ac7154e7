#include "video_drivers.h"

#include <SDL.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace sensu::detail {

namespace {

bool IsAbsolutePath(const char* path) { return path != nullptr && path[0] == '/'; }

} // namespace

bool WaylandReachable(const char* waylandSocket, const char* waylandDisplay, const char* runtimeDir) {
    if (waylandSocket != nullptr && waylandSocket[0] != '\0') return true;
    return IsAbsolutePath(waylandDisplay) || IsAbsolutePath(runtimeDir);
}

void SkipUnreachableVideoDrivers() {
    const char* chosen = SDL_GetHint(SDL_HINT_VIDEODRIVER);  // the hint, or the environment variable
    if (chosen != nullptr && chosen[0] != '\0') return;
    if (WaylandReachable(std::getenv("WAYLAND_SOCKET"), std::getenv("WAYLAND_DISPLAY"), std::getenv("XDG_RUNTIME_DIR"))) {
        return;
    }
    // SDL 2.0.22 and later read a comma-separated list here and try the drivers in the order given.
    std::string drivers;
    for (int i = 0; i < SDL_GetNumVideoDrivers(); ++i) {
        const char* name = SDL_GetVideoDriver(i);
        if (name == nullptr || std::strcmp(name, "wayland") == 0) continue;
        if (!drivers.empty()) drivers += ',';
        drivers += name;
    }
    // SDL_Quit clears hints again, so this never outlives the App.
    if (!drivers.empty()) SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.c_str());
}

} // namespace sensu::detail
