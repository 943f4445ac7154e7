#include "sensu/app/sample_runner.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImGui::FindWindowByName: the auto-sized window's size of last frame

#include "sensu/app/app.h"
#include "sensu/app/audio.h"

namespace sensu {

void SampleWindow(const SampleEntry& entry, Sample& sample, const Renderer& renderer) {
    constexpr float kMargin = 10.0f;
    // The "###" id keeps the window's position when switching items; the title shows the item's name.
    const std::string title = SampleFullName(entry) + "###sample";
    // Auto-sized: its size is last frame's (none on the first frame, which ImGui does not show).
    const ImGuiWindow* previous = ImGui::FindWindowByName(title.c_str());
    const Vec2 size = previous != nullptr ? Vec2{previous->Size.x, previous->Size.y} : Vec2{};
    // Pinned by its top-right corner in the scene area, so it never runs off the screen or over a
    // docked panel; then pushed below every line of the item's own text that it would cover.
    const float right = static_cast<float>(renderer.width()) - kMargin;
    float top = kMargin;
    for (bool moved = true; moved;) {
        moved = false;
        const AABB window{{right - size.x, top}, {right, top + size.y}};
        for (const AABB& text : renderer.screenTextBoxes()) {
            if (Overlaps(window, text) && text.upper.y + kMargin > top) {
                top = text.upper.y + kMargin;
                moved = true;
            }
        }
    }
    // Text reaching the bottom leaves no room below it: the window goes back to the top then.
    if (top + size.y > static_cast<float>(renderer.height())) top = kMargin;
    const float inset = static_cast<float>(renderer.leftInset());
    ImGui::SetNextWindowPos(ImVec2(inset + right, top), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.8f);
    if (ImGui::Begin(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) sample.Ui();
    ImGui::End();
}

Image RenderSampleHeadless(const SampleEntry& entry, const HeadlessOptions& options) {
    if (options.frames < 0) throw InvalidArgument("RenderSampleHeadless: frames must be ≥ 0");
    App app({.title = SampleFullName(entry), .width = options.width, .height = options.height, .headless = true});
    Audio silent({.silent = true});
    const SampleSettings settings{.headless = true, .audio = &silent};
    std::unique_ptr<Sample> sample = entry.create(settings);
    if (!sample) throw InvalidArgument("item '" + SampleFullName(entry) + "' created no sample");
    sample->SetupCamera(app.renderer().camera());

    const Input input;  // headless: no devices, every step sees the same empty input
    auto renderFrame = [&](Image* capture) {
        Input ignored;
        app.BeginFrame(ignored);
        Renderer& renderer = app.renderer();
        renderer.Clear();
        sample->Draw(renderer);
        if (options.showUi) SampleWindow(entry, *sample, renderer);
        app.EndFrame(capture);
    };
    for (int frame = 0; frame < options.frames; ++frame) {
        sample->Step(input);
        if (options.drawEveryFrame) renderFrame(nullptr);
    }
    // ImGui hides a new auto-sized window for its first frame and sizes it on the second: warm up.
    for (int i = 0; options.showUi && i < 2; ++i) renderFrame(nullptr);
    Image image;
    renderFrame(&image);
    return image;
}

} // namespace sensu
