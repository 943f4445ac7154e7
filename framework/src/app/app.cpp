#include "sensu/app/app.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <cmath>
#include <cstring>

#include "video_drivers.h"

namespace sensu {

namespace {

static_assert(static_cast<int>(Key::A) == SDL_SCANCODE_A && static_cast<int>(Key::Z) == SDL_SCANCODE_Z);
static_assert(static_cast<int>(Key::Num1) == SDL_SCANCODE_1 && static_cast<int>(Key::Num0) == SDL_SCANCODE_0);
static_assert(static_cast<int>(Key::RightBracket) == SDL_SCANCODE_RIGHTBRACKET);
static_assert(static_cast<int>(Key::F12) == SDL_SCANCODE_F12 && static_cast<int>(Key::Up) == SDL_SCANCODE_UP);
static_assert(static_cast<int>(Key::RightGui) == SDL_SCANCODE_RGUI && kKeyCount == SDL_NUM_SCANCODES);
static_assert(static_cast<int>(GamepadButton::DPadRight) == SDL_CONTROLLER_BUTTON_DPAD_RIGHT);

// Sticks rest a little off centre; a radial dead zone hides the drift without a cross-shaped notch.
constexpr float kStickDeadZone = 0.1f;
// Worn triggers rest a little pulled too (XInput's own threshold is 30/255 ≈ 12 %): below this a
// trigger reads 0, so a resting controller cannot drive a sample.
constexpr float kTriggerDeadZone = 0.1f;

Vec2 Stick(SDL_GameController* pad, SDL_GameControllerAxis ax, SDL_GameControllerAxis ay) {
    // SDL reports y down; the world (and our Input) is y up.
    const Vec2 raw{static_cast<float>(SDL_GameControllerGetAxis(pad, ax)) / 32767.0f,
                   -static_cast<float>(SDL_GameControllerGetAxis(pad, ay)) / 32767.0f};
    float length = 0.0f;
    const Vec2 dir = GetLengthAndNormalize(length, raw);
    if (length <= kStickDeadZone) return {};
    return Min(1.0f, (length - kStickDeadZone) / (1.0f - kStickDeadZone)) * dir;
}

float Trigger(SDL_GameController* pad, SDL_GameControllerAxis axis) {
    const float raw = static_cast<float>(SDL_GameControllerGetAxis(pad, axis)) / 32767.0f;
    if (raw <= kTriggerDeadZone) return 0.0f;
    return Min(1.0f, (raw - kTriggerDeadZone) / (1.0f - kTriggerDeadZone));
}

int MouseIndex(Uint8 sdlButton) {
    switch (sdlButton) {
    case SDL_BUTTON_LEFT: return 0;
    case SDL_BUTTON_MIDDLE: return 1;
    case SDL_BUTTON_RIGHT: return 2;
    default: return -1;
    }
}

} // namespace

App::App(const AppOptions& options) : headless_(options.headless) {
    if (options.width < 16 || options.height < 16 || options.width > 16384 || options.height > 16384) {
        throw InvalidArgument("App size must be 16…16384 pixels each, got " + std::to_string(options.width) + "×" +
                              std::to_string(options.height));
    }
    try {
        if (headless_) InitHeadless(options);
        else InitWindowed(options);
    } catch (...) {
        Release();
        throw;
    }
}

void App::InitWindowed(const AppOptions& options) {
    if (options.invisibleWindow) {
        // Hints set before SDL_Init; SDL_Quit (Release) clears them again.
        SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "dummy", SDL_HINT_OVERRIDE);
        SDL_SetHintWithPriority(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1", SDL_HINT_OVERRIDE);
    } else {
        detail::SkipUnreachableVideoDrivers();
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        throw DisplayUnavailable(std::string("SDL video could not start: ") + SDL_GetError());
    }
    sdlInitialised_ = true;
    const char* driver = SDL_GetCurrentVideoDriver();
    if (!options.invisibleWindow && driver != nullptr && (std::strcmp(driver, "dummy") == 0 || std::strcmp(driver, "offscreen") == 0)) {
        throw DisplayUnavailable(std::string("the SDL video driver '") + driver + "' shows no window");
    }
    // Controllers are optional: without them (no permissions, no udev) the app still runs.
    SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER);
    Uint32 flags = SDL_WINDOW_RESIZABLE;
    if (options.highDpi) flags |= SDL_WINDOW_ALLOW_HIGHDPI;
    if (options.fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options.width,
                               options.height, flags);
    if (window_ == nullptr) throw DisplayUnavailable(std::string("cannot create a window: ") + SDL_GetError());
    sdlRenderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_ACCELERATED | (options.vsync ? SDL_RENDERER_PRESENTVSYNC : 0));
    if (sdlRenderer_ == nullptr) sdlRenderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
    if (sdlRenderer_ == nullptr) throw DisplayUnavailable(std::string("cannot create a renderer: ") + SDL_GetError());
    MatchPixelDensity();
    renderer_ = std::make_unique<Renderer>(sdlRenderer_);

    imgui_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(imgui_);
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini littering the working directory
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForSDLRenderer(window_);
    imguiPlatform_ = true;
    ImGui_ImplSDLRenderer_Init(sdlRenderer_);
}

void App::MatchPixelDensity() {
    int points = 0, pointsHigh = 0, pixels = 0, pixelsHigh = 0;
    SDL_GetWindowSize(window_, &points, &pointsHigh);
    if (points <= 0 || pointsHigh <= 0 || SDL_GetRendererOutputSize(sdlRenderer_, &pixels, &pixelsHigh) != 0) return;
    const float sx = static_cast<float>(pixels) / static_cast<float>(points);
    const float sy = static_cast<float>(pixelsHigh) / static_cast<float>(pointsHigh);
    float currentX = 1.0f, currentY = 1.0f;
    SDL_RenderGetScale(sdlRenderer_, &currentX, &currentY);
    if (sx != currentX || sy != currentY) SDL_RenderSetScale(sdlRenderer_, sx, sy);
}

std::array<int, 2> App::windowSize() const {
    if (window_ == nullptr) return headlessSize_;
    std::array<int, 2> size{};
    SDL_GetWindowSize(window_, &size[0], &size[1]);
    return size;
}

void App::InitHeadless(const AppOptions& options) {
    headlessSize_ = {options.width, options.height};
    // No SDL_Init: a software renderer drawing into a memory surface needs no video driver at all.
    surface_ = SDL_CreateRGBSurfaceWithFormat(0, options.width, options.height, 32, SDL_PIXELFORMAT_RGB888);
    if (surface_ == nullptr) throw InvalidArgument(std::string("cannot create a headless surface: ") + SDL_GetError());
    sdlRenderer_ = SDL_CreateSoftwareRenderer(surface_);
    if (sdlRenderer_ == nullptr) throw InvalidArgument(std::string("cannot create a software renderer: ") + SDL_GetError());
    renderer_ = std::make_unique<Renderer>(sdlRenderer_);

    imgui_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(imgui_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(static_cast<float>(options.width), static_cast<float>(options.height));
    ImGui::StyleColorsDark();
    ImGui_ImplSDLRenderer_Init(sdlRenderer_);
}

App::~App() { Release(); }

void App::Release() {
    if (imgui_ != nullptr) {
        ImGui::SetCurrentContext(imgui_);
        ImGui_ImplSDLRenderer_Shutdown();
        if (imguiPlatform_) ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext(imgui_);
        imgui_ = nullptr;
    }
    renderer_.reset();  // textures before the SDL renderer that owns them
    if (sdlRenderer_ != nullptr) SDL_DestroyRenderer(sdlRenderer_);
    sdlRenderer_ = nullptr;
    if (surface_ != nullptr) SDL_FreeSurface(surface_);
    surface_ = nullptr;
    if (gamepad_ != nullptr) SDL_GameControllerClose(gamepad_);
    gamepad_ = nullptr;
    if (window_ != nullptr) SDL_DestroyWindow(window_);
    window_ = nullptr;
    if (sdlInitialised_) SDL_Quit();
    sdlInitialised_ = false;
}

void App::SetTitle(const std::string& title) {
    if (window_ != nullptr) SDL_SetWindowTitle(window_, title.c_str());
}

bool App::BeginFrame(Input& frame) {
    const Uint64 now = SDL_GetPerformanceCounter();
    frameSeconds_ = lastCounter_ == 0 ? 0.0
                                      : static_cast<double>(now - lastCounter_) / static_cast<double>(SDL_GetPerformanceFrequency());
    lastCounter_ = now;

    ImGui::SetCurrentContext(imgui_);
    if (!headless_) MatchPixelDensity();  // the window may have moved to a screen of another density
    renderer_->BeginFrame();
    frame.ClearEdges();
    if (headless_) {
        ImGuiIO& io = ImGui::GetIO();
        io.DeltaTime = 1.0f / 60.0f;
        ImGui_ImplSDLRenderer_NewFrame();
        ImGui::NewFrame();
        return true;
    }

    ProcessEvents(frame);
    UpdateGamepad(frame);
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();

    // ImGui decided during NewFrame whether its windows own the devices; if so the sample sees nothing.
    const ImGuiIO& io = ImGui::GetIO();
    frame.uiCapturedMouse = io.WantCaptureMouse;
    frame.uiCapturedKeyboard = io.WantCaptureKeyboard;
    if (frame.uiCapturedMouse) {
        frame.mouseDown.fill(false);
        frame.mousePressed.fill(false);
        frame.mouseReleased.fill(false);
        frame.wheel = 0.0f;
    }
    if (frame.uiCapturedKeyboard) {
        frame.keyDown.fill(false);
        frame.keyPressed.fill(false);
        frame.keyReleased.fill(false);
    }
    return !quit_;
}

void App::ProcessEvents(Input& frame) {
    const Camera& camera = renderer_->camera();
    SDL_Event e;
    while (SDL_PollEvent(&e) != 0) {
        ImGui_ImplSDL2_ProcessEvent(&e);
        switch (e.type) {
        case SDL_QUIT: quit_ = true; break;
        case SDL_WINDOWEVENT:
            if (e.window.windowID != SDL_GetWindowID(window_)) break;
            if (e.window.event == SDL_WINDOWEVENT_CLOSE) quit_ = true;
            // A button released while another window has focus sends this one no release: focus
            // lost releases every held button (a held blade would otherwise keep aiming).
            if (e.window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
                for (int i = 0; i < kMouseButtonCount; ++i) {
                    frame.mouseReleased[i] = frame.mouseReleased[i] || mouseHeld_[i];
                    mouseHeld_[i] = false;
                }
            }
            break;
        case SDL_KEYDOWN:
            if (e.key.repeat == 0 && e.key.keysym.scancode < kKeyCount) frame.keyPressed[e.key.keysym.scancode] = true;
            break;
        case SDL_KEYUP:
            if (e.key.keysym.scancode < kKeyCount) frame.keyReleased[e.key.keysym.scancode] = true;
            break;
        case SDL_MOUSEMOTION:
            mousePosition_ = {static_cast<float>(e.motion.x), static_cast<float>(e.motion.y)};
            break;
        case SDL_MOUSEBUTTONDOWN:
            mousePosition_ = {static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
            if (const int i = MouseIndex(e.button.button); i >= 0) {
                mouseHeld_[i] = true;
                frame.mousePressed[i] = true;
                frame.dragStartScreen[i] = mousePosition_ - Vec2{static_cast<float>(renderer_->leftInset()), 0.0f};
                frame.dragStartWorld[i] = camera.ScreenToWorld(frame.dragStartScreen[i]);
            }
            break;
        case SDL_MOUSEBUTTONUP:
            mousePosition_ = {static_cast<float>(e.button.x), static_cast<float>(e.button.y)};
            if (const int i = MouseIndex(e.button.button); i >= 0) {
                mouseHeld_[i] = false;
                frame.mouseReleased[i] = true;
            }
            break;
        case SDL_MOUSEWHEEL:
            frame.wheel += e.wheel.preciseY;
            break;
        case SDL_CONTROLLERDEVICEADDED:
            if (gamepad_ == nullptr) gamepad_ = SDL_GameControllerOpen(e.cdevice.which);
            break;
        case SDL_CONTROLLERDEVICEREMOVED:
            if (gamepad_ != nullptr &&
                SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(gamepad_)) == e.cdevice.which) {
                SDL_GameControllerClose(gamepad_);
                gamepad_ = nullptr;
                // Hot-plug: fall over to any other controller still connected.
                for (int j = 0; j < SDL_NumJoysticks() && gamepad_ == nullptr; ++j) {
                    if (SDL_IsGameController(j)) gamepad_ = SDL_GameControllerOpen(j);
                }
            }
            break;
        default: break;
        }
    }

    // Key levels from SDL's own state, so a key released while another window had focus cannot stick.
    int numKeys = 0;
    const Uint8* keys = SDL_GetKeyboardState(&numKeys);
    for (int k = 0; k < kKeyCount; ++k) frame.keyDown[k] = k < numKeys && keys[k] != 0;
    // The mouse's levels are folded from its events instead. SDL updates SDL_GetMouseState from the
    // very events it queues, so with a real mouse the two agree; events fed in with SDL_PushEvent
    // (tests, automation) change only the queue, and must still act like a device's.
    // Scene coordinates: measured from the scene area's corner, right of a docked panel.
    frame.mouseScreen = mousePosition_ - Vec2{static_cast<float>(renderer_->leftInset()), 0.0f};
    frame.mouseWorld = camera.ScreenToWorld(frame.mouseScreen);
    frame.mouseDown = mouseHeld_;
    for (int i = 0; i < kMouseButtonCount; ++i) {
        if (!frame.mouseDown[i] && !frame.mouseReleased[i]) frame.dragStartWorld[i] = frame.mouseWorld;
    }
}

void App::UpdateGamepad(Input& frame) {
    GamepadState& pad = frame.gamepad;
    if (gamepad_ == nullptr) {
        pad = GamepadState{};
        // Unplugged with a button held: report its release, so no sample waits for it forever.
        for (int b = 0; b < kGamepadButtonCount; ++b) pad.released[b] = previousGamepad_.down[b];
        previousGamepad_ = pad;
        return;
    }
    pad.connected = true;
    pad.leftStick = Stick(gamepad_, SDL_CONTROLLER_AXIS_LEFTX, SDL_CONTROLLER_AXIS_LEFTY);
    pad.rightStick = Stick(gamepad_, SDL_CONTROLLER_AXIS_RIGHTX, SDL_CONTROLLER_AXIS_RIGHTY);
    pad.leftTrigger = Trigger(gamepad_, SDL_CONTROLLER_AXIS_TRIGGERLEFT);
    pad.rightTrigger = Trigger(gamepad_, SDL_CONTROLLER_AXIS_TRIGGERRIGHT);
    for (int b = 0; b < kGamepadButtonCount; ++b) {
        pad.down[b] = SDL_GameControllerGetButton(gamepad_, static_cast<SDL_GameControllerButton>(b)) != 0;
        pad.pressed[b] = pad.down[b] && !previousGamepad_.down[b];
        pad.released[b] = !pad.down[b] && previousGamepad_.down[b];
    }
    previousGamepad_ = pad;
}

void App::EndFrame(Image* capture) {
    ImGui::SetCurrentContext(imgui_);
    ImGui::Render();
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    if (capture != nullptr) {
        renderer_->UseWholeOutput();  // SDL reads back only the viewport: the docked panel too
        int w = 0, h = 0;
        SDL_GetRendererOutputSize(sdlRenderer_, &w, &h);
        capture->width = w;
        capture->height = h;
        capture->rgba.assign(static_cast<size_t>(w) * static_cast<size_t>(h) * 4, 0);
        if (SDL_RenderReadPixels(sdlRenderer_, nullptr, SDL_PIXELFORMAT_RGBA32, capture->rgba.data(), w * 4) != 0) {
            throw InvalidArgument(std::string("cannot read the frame back: ") + SDL_GetError());
        }
        // The output is opaque; some back ends leave alpha undefined.
        for (size_t i = 3; i < capture->rgba.size(); i += 4) capture->rgba[i] = 255;
    }
    if (!headless_) SDL_RenderPresent(sdlRenderer_);
}

} // namespace sensu
