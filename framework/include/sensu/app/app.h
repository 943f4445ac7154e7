#pragma once
/// The application shell: an SDL2 window (or a headless memory surface), its Renderer, Dear ImGui,
/// input collection and screenshots. One App per program run (or per headless render in tests).
///
/// A frame:
///   Input frame;
///   while (app.BeginFrame(frame)) {          // events → input, ImGui::NewFrame
///       ... Step() n times (see FixedTimestep), Draw(app.renderer()), ImGui windows ...
///       app.EndFrame();                       // ImGui render, optional capture, present
///   }
///
/// Windowed: SDL video + an accelerated renderer with vsync, falling back to the software renderer.
/// Headless: no SDL video at all — a software renderer drawing into an RGB surface; ImGui runs without
/// its SDL platform backend. The same Renderer and ImGui code draw in both modes.
#include <array>
#include <memory>
#include <stdexcept>
#include <string>

#include "sensu/app/image.h"
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"

struct SDL_Window;
struct SDL_Surface;
struct _SDL_GameController;
struct ImGuiContext;

namespace sensu {

/// How an App starts.
struct AppOptions {
    std::string title = "sensu";  ///< window title
    /// Window or image size in pixels (≥ 16 each).
    ///@{
    int width = 1280;
    int height = 720;
    ///@}
    /// Draw into memory instead of a window (tests, screenshots, machines without a display).
    bool headless = false;
    /// Windowed only: wait for the display's refresh.
    bool vsync = true;
    /// Windowed only: cover the whole screen (the desktop's resolution) instead of a window.
    bool fullscreen = false;
    /// Windowed only: on high-DPI screens render at the display's full pixel density. Sizes stay in
    /// screen points (width, height, the camera viewport, screen text, mouse positions): the renderer
    /// is scaled by the pixels per point, so a sample looks the same size on every screen.
    bool highDpi = true;
    /// Windowed only, for tests of the input path on machines without a display: run the whole
    /// windowed path (SDL video and events, game controllers with hot-plug, ImGui's SDL backend, a
    /// software renderer) on SDL's invisible "dummy" video driver instead of throwing
    /// DisplayUnavailable. Nothing is shown and no real device reaches the window; input comes from
    /// what the test feeds SDL: SDL_PushEvent, SDL_WarpMouseInWindow, virtual joysticks
    /// (SDL_JoystickAttachVirtual). The window never gets keyboard focus, so controller input is
    /// accepted without it (SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS). Keys still come from SDL's
    /// keyboard state, which pushed events do not change: injected keys give edges only.
    bool invisibleWindow = false;
};

/// Thrown by App in windowed mode when no window can be shown: SDL video fails to start, the window
/// or renderer cannot be created, or the video driver is SDL's invisible "dummy"/"offscreen" one.
/// The message says which; callers typically fall back to headless.
class DisplayUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The application shell: a window (or a headless memory surface), its Renderer, Dear ImGui
/// and input (see the top of this header for a frame).
class App {
public:
    /// Throws DisplayUnavailable (windowed) or sensu::InvalidArgument (bad size) on failure.
    explicit App(const AppOptions& options = {});
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    /// True when drawing into memory instead of a window.
    bool headless() const { return headless_; }
    /// The SDL window (nullptr headless): for tests that feed it events (e.g. SDL_WarpMouseInWindow).
    SDL_Window* window() const { return window_; }
    /// The renderer samples draw with.
    Renderer& renderer() { return *renderer_; }

    /// Starts a frame: polls SDL events (windowed), fills `frame` with this frame's input (edges are
    /// this frame's only; headless input is always empty), starts the ImGui frame and syncs the camera
    /// viewport with the output size. Returns false when the user closed the window.
    bool BeginFrame(Input& frame);
    /// Real seconds between the last two BeginFrame calls (0 on the first frame).
    double frameSeconds() const { return frameSeconds_; }
    /// Ends the frame: renders the ImGui windows over the scene, copies the finished image into
    /// `capture` if given, then presents (windowed).
    void EndFrame(Image* capture = nullptr);
    /// Window title (windowed; ignored headless).
    void SetTitle(const std::string& title);
    /// The window's size in screen points (the image size headless), e.g. to remember it between runs.
    std::array<int, 2> windowSize() const;

private:
    void InitWindowed(const AppOptions& options);
    void InitHeadless(const AppOptions& options);
    void ProcessEvents(Input& frame);
    void UpdateGamepad(Input& frame);
    /// Scales the SDL renderer by the window's pixels per point (high-DPI), so drawing stays in points.
    void MatchPixelDensity();
    /// Releases everything created so far (destructor, and a constructor that failed half-way).
    void Release();

    bool headless_;
    SDL_Window* window_ = nullptr;
    SDL_Surface* surface_ = nullptr;
    SDL_Renderer* sdlRenderer_ = nullptr;
    _SDL_GameController* gamepad_ = nullptr;
    std::unique_ptr<Renderer> renderer_;
    ImGuiContext* imgui_ = nullptr;
    bool imguiPlatform_ = false;
    bool sdlInitialised_ = false;
    std::array<int, 2> headlessSize_{};
    bool quit_ = false;
    unsigned long long lastCounter_ = 0;
    double frameSeconds_ = 0.0;
    GamepadState previousGamepad_;
    /// Mouse levels folded from the event stream (see ProcessEvents).
    Vec2 mousePosition_{};
    std::array<bool, kMouseButtonCount> mouseHeld_{};
};

} // namespace sensu
