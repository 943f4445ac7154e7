#pragma once
/// Running a registered item without a window: what `sensu-samples --headless/--screenshot` and the
/// app tests use, so every item is rendered the same way everywhere.
#include "sensu/app/image.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"

namespace sensu {

/// How RenderSampleHeadless runs an item.
struct HeadlessOptions {
    /// Fixed steps to run before the image is taken (≥ 0); 0 shows the initial state.
    int frames = 60;
    /// Image size in pixels (≥ 16 each).
    ///@{
    int width = 1280;
    int height = 720;
    ///@}
    /// Also Draw() (and run the UI for) every intermediate frame, not just the last (slower; tests).
    bool drawEveryFrame = false;
    /// Show the item's ImGui window (its Ui() controls and readouts) in the image.
    bool showUi = true;
};

/// Creates the item with SampleSettings{.headless = true}, sets up its camera, runs `frames` fixed
/// steps with empty input, draws the last frame and returns the finished image. Exceptions from the
/// item propagate; no window or SDL video is needed.
Image RenderSampleHeadless(const SampleEntry& entry, const HeadlessOptions& options = {});

/// Draws the item's own ImGui window (titled with its name, its Ui() inside) in the top-right corner
/// of the renderer's scene area, moved down below any of the item's on-screen text it would cover
/// (Renderer::screenTextBoxes, so call it after the item's Draw). Call between App::BeginFrame and
/// App::EndFrame.
void SampleWindow(const SampleEntry& entry, Sample& sample, const Renderer& renderer);

} // namespace sensu
