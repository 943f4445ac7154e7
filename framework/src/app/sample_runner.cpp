#include "sensu/app/sample_runner.h"

#include <imgui.h>

#include "sensu/app/app.h"

namespace sensu {

void SampleWindow(const SampleEntry& entry, Sample& sample, int viewportWidth) {
    constexpr float kMargin = 10.0f;
    // Pinned by its top-right corner, so an auto-sized window never runs off the screen.
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(viewportWidth) - kMargin, kMargin), ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.8f);
    // The "###" id keeps the window's position when switching items; the title shows the item's name.
    const std::string title = SampleFullName(entry) + "###sample";
    if (ImGui::Begin(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) sample.Ui();
    ImGui::End();
}

Image RenderSampleHeadless(const SampleEntry& entry, const HeadlessOptions& options) {
    if (options.frames < 0) throw InvalidArgument("RenderSampleHeadless: frames must be ≥ 0");
    App app({.title = SampleFullName(entry), .width = options.width, .height = options.height, .headless = true});
    const SampleSettings settings{.headless = true};
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
        if (options.showUi) SampleWindow(entry, *sample, renderer.width());
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
