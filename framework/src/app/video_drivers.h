#pragma once
// Which of SDL's video drivers App lets SDL try (not public API).

namespace sensu::detail {

/// Before SDL_Init(SDL_INIT_VIDEO): when the user chose no video driver (SDL_VIDEODRIVER unset) and
/// Wayland cannot be reached, tells SDL to try its other drivers in its usual order. SDL's Wayland
/// driver loads libwayland-client, which prints "error: XDG_RUNTIME_DIR is invalid or not set in the
/// environment." on every machine without a Wayland session (a server, CI, SSH) although nothing is
/// wrong; skipping a driver that cannot connect keeps that line away from newcomers.
void SkipUnreachableVideoDrivers();

/// True when a Wayland compositor can possibly be reached with this environment: WAYLAND_SOCKET is
/// set, WAYLAND_DISPLAY is an absolute path, or XDG_RUNTIME_DIR is an absolute path (where
/// libwayland-client looks for the socket). Exposed for tests.
bool WaylandReachable(const char* waylandSocket, const char* waylandDisplay, const char* runtimeDir);

} // namespace sensu::detail
