#include "windowed.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <string>

#include "headless.h"
#include "sensu/app/app.h"
#include "sensu/app/audio.h"
#include "sensu/app/mouse_grab.h"
#include "sensu/app/sample_runner.h"
#include "sensu/app/timestep.h"
#include "sensu/app/window_settings.h"

namespace browser {

namespace {

using namespace sensu;

constexpr float kStepRates[] = {30.0f, 60.0f, 120.0f, 240.0f};
constexpr float kWheelZoomPerNotch = 1.1f;
// The item panel is docked on the left at this width (pixels); the scene gets the rest of the window,
// so no sample's on-screen text is ever under the panel.
constexpr int kPanelWidth = 280;

bool ContainsIgnoringCase(const std::string& text, const char* pattern) {
    std::string a = text, b = pattern;
    auto lower = [](std::string& s) {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    };
    lower(a);
    lower(b);
    return a.find(b) != std::string::npos;
}

class Browser {
public:
    Browser(App& app, const Options& options, int index, Audio& audio) : app_(app), options_(options) {
        settings_.audio = &audio;
        DockPanel();
        Load(index);
    }

    int Run() {
        Input frame;
        long stepsDone = 0;
        while (app_.BeginFrame(frame)) {
            HandleKeys(frame);
            HandleCamera(frame);
            stepInput_.Accumulate(frame);

            // --frames N runs exactly one step per frame, so a windowed run matches a headless one.
            int steps = options_.frames ? (stepsDone < *options_.frames && !clock_.paused() ? 1 : 0)
                                        : clock_.Advance(app_.frameSeconds());
            if (options_.frames && clock_.paused()) steps = clock_.Advance(0.0);
            for (int i = 0; i < steps && sample_; ++i) {
                Guard([&] { StepSample(*sample_, grab_, stepInput_); });
                stepInput_.ClearEdges();
                ++stepsDone;
            }
            if (steps == 0 && clock_.paused()) stepInput_.ClearEdges();  // no stale clicks after a pause

            Renderer& renderer = app_.renderer();
            renderer.SetAlpha(options_.frames || clock_.paused() ? 0.0f : clock_.alpha());
            renderer.Clear();
            if (sample_) Guard([&] { DrawSample(*sample_, grab_, renderer); });
            if (!error_.empty()) renderer.DrawScreenText({10.0f, 10.0f}, error_, colors::kRed);
            if (showUi_) {
                Panel();
                if (sample_) Guard([&] { SampleWindow(Samples()[current_], *sample_, renderer); });
            } else {
                renderer.DrawScreenText({10.0f, static_cast<float>(renderer.height()) - 20.0f}, "Tab: show UI", colors::kTextDim);
            }
            if (!message_.empty() && messageFrames_-- > 0) {
                renderer.DrawScreenText({10.0f, static_cast<float>(renderer.height()) - 40.0f}, message_, colors::kYellow);
            }

            const bool finished = options_.frames && stepsDone >= *options_.frames;
            const bool capture = screenshotRequested_ || (finished && !options_.screenshot.empty());
            Image image;
            app_.EndFrame(capture ? &image : nullptr);
            if (capture) {
                const std::string path = screenshotRequested_ ? NextScreenshotPath() : options_.screenshot;
                screenshotRequested_ = false;
                if (!Save(image, path) && finished) return 1;
            }
            if (finished || quit_) break;
        }
        return 0;
    }

private:
    void Load(int index) {
        current_ = index;
        const SampleEntry& entry = Samples()[index];
        sample_.reset();
        error_.clear();
        clock_.Reset();
        stepInput_ = Input{};
        Guard([&] {
            sample_ = entry.create(settings_);
            if (!sample_) throw InvalidArgument("the item created no sample");
            ResetView();
        });
        app_.SetTitle("sensu samples: " + SampleFullName(entry));
    }

    void ResetView() {
        Camera& camera = app_.renderer().camera();
        Camera fresh;
        fresh.SetViewport(camera.viewportWidth(), camera.viewportHeight());
        camera = fresh;
        if (sample_) sample_->SetupCamera(camera);
    }

    // A throwing sample must not take the browser down: show the message, drop the instance.
    template <class F>
    void Guard(F&& f) {
        try {
            f();
        } catch (const std::exception& e) {
            error_ = SampleFullName(Samples()[current_]) + " failed: " + e.what() + "  (R restarts)";
            std::fprintf(stderr, "sensu-samples: %s\n", error_.c_str());
            sample_.reset();
        }
    }

    void HandleKeys(const Input& in) {
        const int n = SampleCount();
        if (in.Pressed(Key::P)) clock_.SetPaused(!clock_.paused());
        if (in.Pressed(Key::O)) {
            clock_.SetPaused(true);
            clock_.RequestSingleStep();
        }
        if (in.Pressed(Key::R)) Load(current_);
        if (in.Pressed(Key::LeftBracket)) Load((current_ + n - 1) % n);
        if (in.Pressed(Key::RightBracket)) Load((current_ + 1) % n);
        if (in.Pressed(Key::Tab)) {
            showUi_ = !showUi_;
            DockPanel();
        }
        if (in.Pressed(Key::F12)) screenshotRequested_ = true;
        if (in.Pressed(Key::Home)) ResetView();
        if (in.Pressed(Key::Escape)) quit_ = true;
    }

    void HandleCamera(const Input& in) {
        Camera& camera = app_.renderer().camera();
        if (in.wheel != 0.0f) camera.ZoomAt(in.mouseScreen, std::pow(kWheelZoomPerNotch, in.wheel));
        if (in.Down(MouseButton::Right) && !in.Pressed(MouseButton::Right)) camera.PanPixels(in.mouseScreen - lastMouse_);
        lastMouse_ = in.mouseScreen;
    }

    // The scene starts right of the panel (or at the window's edge with the UI hidden).
    void DockPanel() { app_.renderer().SetLeftInset(showUi_ ? kPanelWidth : 0); }

    void Panel() {
        const Renderer& renderer = app_.renderer();
        ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f), ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(static_cast<float>(renderer.leftInset()), static_cast<float>(renderer.height())), ImGuiCond_Always);
        constexpr ImGuiWindowFlags kDocked = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
        if (ImGui::Begin("sensu samples", nullptr, kDocked)) {
            ImGui::SetNextItemWidth(-1.0f);
            ImGui::InputTextWithHint("##search", "search", filter_, sizeof filter_);
            ImGui::BeginChild("items", ImVec2(0.0f, -9.0f * ImGui::GetFrameHeightWithSpacing()), true);
            ItemList();
            ImGui::EndChild();
            Controls();
        }
        ImGui::End();
    }

    void ItemList() {
        const SampleEntry* entries = Samples();
        const int n = SampleCount();
        for (int i = 0; i < n;) {
            const std::string category = entries[i].category;
            int end = i;
            bool any = false;
            for (; end < n && category == entries[end].category; ++end) {
                any = any || ContainsIgnoringCase(SampleFullName(entries[end]), filter_);
            }
            if (any) {
                if (filter_[0] != '\0') ImGui::SetNextItemOpen(true);
                if (ImGui::TreeNodeEx(category.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
                    for (int k = i; k < end; ++k) {
                        if (!ContainsIgnoringCase(SampleFullName(entries[k]), filter_)) continue;
                        ImGui::PushID(k);
                        if (ImGui::Selectable(entries[k].name, k == current_)) Load(k);
                        ImGui::PopID();
                    }
                    ImGui::TreePop();
                }
            }
            i = end;
        }
    }

    void Controls() {
        bool paused = clock_.paused();
        if (ImGui::Checkbox("Pause [P]", &paused)) clock_.SetPaused(paused);
        ImGui::SameLine();
        if (ImGui::Button("Step [O]")) {
            clock_.SetPaused(true);
            clock_.RequestSingleStep();
        }
        ImGui::SameLine();
        if (ImGui::Button("Restart [R]")) Load(current_);
        float speed = clock_.speed();
        if (ImGui::SliderFloat("speed", &speed, 1.0f / 16.0f, 4.0f, "%.3gx", ImGuiSliderFlags_Logarithmic)) clock_.SetSpeed(speed);
        int rate = 0;
        for (int i = 0; i < 4; ++i) {
            if (std::abs(1.0f / kStepRates[i] - settings_.dt) < 1e-6f) rate = i;
        }
        if (ImGui::Combo("step rate", &rate, "30 Hz\0" "60 Hz\0" "120 Hz\0" "240 Hz\0")) {
            settings_.dt = 1.0f / kStepRates[rate];
            const FixedTimestep previous = clock_;
            clock_ = FixedTimestep(settings_.dt);
            clock_.SetSpeed(previous.speed());
            clock_.SetPaused(previous.paused());
            Load(current_);
        }
        if (ImGui::Button("Reset view [Home]")) ResetView();
        ImGui::SameLine();
        if (ImGui::Button("Screenshot [F12]")) screenshotRequested_ = true;
        ImGui::Text("%.1f ms/frame, alpha %.2f", 1000.0 * app_.frameSeconds(), clock_.alpha());
        ImGui::TextDisabled("[ ] prev/next  Tab hide UI  Esc quit");
        ImGui::TextDisabled("wheel zoom  right drag pan");
    }

    std::string NextScreenshotPath() {
        const std::string base = DefaultScreenshotPath(current_);
        const std::filesystem::path p(base);
        for (int i = 1;; ++i) {
            char suffix[16];
            std::snprintf(suffix, sizeof suffix, "-%03d", i);
            const std::filesystem::path candidate = p.parent_path() / (p.stem().string() + suffix + ".png");
            if (!std::filesystem::exists(candidate) || i >= 999) return candidate.string();
        }
    }

    bool Save(const Image& image, const std::string& path) {
        try {
            WritePng(image, path);
        } catch (const std::exception& e) {
            message_ = e.what();
            messageFrames_ = 300;
            std::fprintf(stderr, "sensu-samples: %s\n", e.what());
            return false;
        }
        message_ = "screenshot: " + std::filesystem::absolute(path).string();
        messageFrames_ = 300;
        std::printf("%s\n", message_.c_str());
        return true;
    }

    App& app_;
    const Options& options_;
    SampleSettings settings_;
    FixedTimestep clock_{settings_.dt};
    int current_ = 0;
    std::unique_ptr<Sample> sample_;
    std::string error_;
    Input stepInput_;
    MouseGrab grab_;  // left-drag of dynamic bodies in every item with a GrabWorld()
    Vec2 lastMouse_{};
    char filter_[128] = {};
    bool showUi_ = true;
    bool screenshotRequested_ = false;
    bool quit_ = false;
    std::string message_;
    int messageFrames_ = 0;
};

} // namespace

int RunWindowed(const Options& options, int index) {
    // The window opens at the size it had when it was last closed (a file in the user's config folder).
    const std::filesystem::path settingsPath = WindowSettingsPath("sensu-samples");
    WindowSettings size{.width = options.width, .height = options.height};
    if (!options.sizeGiven) size = LoadWindowSettings(settingsPath).value_or(size);
    App app({.title = "sensu samples", .width = size.width, .height = size.height, .fullscreen = options.fullscreen});
    Audio audio;  // after the App: it must close before App's SDL_Quit; silent when there is no device
    Browser browser(app, options, index, audio);
    const int status = browser.Run();
    // Scripted runs (--frames) and full-screen runs leave the remembered size alone.
    if (!options.fullscreen && !options.frames) {
        const auto [width, height] = app.windowSize();
        SaveWindowSettings(settingsPath, {.width = width, .height = height});
    }
    return status;
}

int RunBrowserHeadless(const Options& options, int index) {
    Options bounded = options;
    if (!bounded.frames) bounded.frames = kDefaultHeadlessFrames;
    if (bounded.screenshot.empty()) bounded.screenshot = DefaultScreenshotPath(index);
    App app({.title = "sensu samples", .width = options.width, .height = options.height, .headless = true});
    Audio silent({.silent = true});
    Browser browser(app, bounded, index, silent);
    return browser.Run();
}

} // namespace browser
