#pragma once
// Helpers shared by the app-layer tests: headless frames, pixel probes, scratch files.
#include <filesystem>
#include <functional>
#include <string>

#include <unistd.h>

#include "sensu/app/app.h"
#include "sensu/app/image.h"
#include "sensu/app/renderer.h"

namespace sensu::test {

/// Draws one headless frame of `width`×`height` on black through a camera centred on (0, 0) showing
/// 10 m vertically (so with the default 200×200 frame: 20 px per metre, world (x, y) at pixel
/// (100 + 20x, 100 − 20y)), and returns the image.
inline Image RenderFrame(const std::function<void(Renderer&)>& draw, int width = 200, int height = 200) {
    App app({.width = width, .height = height, .headless = true});
    Input ignored;
    app.BeginFrame(ignored);
    Renderer& r = app.renderer();
    r.camera().center = {0.0f, 0.0f};
    r.camera().viewHeight = 10.0f;
    r.Clear(colors::kBlack);
    draw(r);
    Image image;
    app.EndFrame(&image);
    return image;
}

struct Rgb {
    int r, g, b;
};

/// Pixel colour at the world point `p` in a frame made by RenderFrame (default size).
inline Rgb PixelAtWorld(const Image& image, Vec2 p) {
    const int x = static_cast<int>(100.0f + 20.0f * p.x);
    const int y = static_cast<int>(100.0f - 20.0f * p.y);
    const std::uint8_t* px = &image.rgba[(static_cast<size_t>(y) * static_cast<size_t>(image.width) + static_cast<size_t>(x)) * 4];
    return {px[0], px[1], px[2]};
}

inline bool IsBlack(Rgb c) { return c.r < 8 && c.g < 8 && c.b < 8; }

/// A fresh scratch folder for this test process.
inline std::filesystem::path ScratchFolder() {
    const std::filesystem::path folder = std::filesystem::temp_directory_path() / ("sensu-tests-app-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    return folder;
}

} // namespace sensu::test
