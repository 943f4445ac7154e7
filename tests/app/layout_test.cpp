// What is on screen stays readable: a docked panel (Renderer::SetLeftInset, the browser's item list)
// moves the scene, its text and its mouse coordinates right of it, and the item's own window
// (SampleWindow) never covers the item's on-screen instructions, for every registered item.
#include <catch2/catch.hpp>

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <memory>

#include "app_test_support.h"
#include "sensu/app/sample_runner.h"

using namespace sensu;

namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 360;
constexpr int kInset = 200;

bool Lit(const Image& image, int x, int y) {
    const std::uint8_t* px = &image.rgba[(static_cast<size_t>(y) * static_cast<size_t>(image.width) + static_cast<size_t>(x)) * 4];
    return px[0] > 100 || px[1] > 100 || px[2] > 100;
}

// Lit pixels in the columns [x0, x1) of the rows [y0, y1).
int LitPixels(const Image& image, int x0, int x1, int y0, int y1) {
    int n = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) n += Lit(image, x, y) ? 1 : 0;
    }
    return n;
}

} // namespace

TEST_CASE("A left inset moves drawing, screen text and the camera right of it; screenshots keep the whole output", "[app][layout]") {
    App app({.width = kWidth, .height = kHeight, .headless = true});
    Renderer& r = app.renderer();
    r.SetLeftInset(kInset);
    CHECK(r.leftInset() == kInset);
    CHECK(r.width() == kWidth - kInset);
    CHECK(r.camera().viewportWidth() == kWidth - kInset);

    Input ignored;
    app.BeginFrame(ignored);
    r.Clear(colors::kBlack);
    r.DrawScreenText({0.0f, 0.0f}, "WWWWWWWW", colors::kWhite);
    r.camera().center = {0.0f, 0.0f};
    r.FillCircle({0.0f, 0.0f}, r.camera().PixelsToWorld(20.0f), colors::kWhite);  // the area's centre
    Image image;
    app.EndFrame(&image);

    REQUIRE(image.width == kWidth);  // the whole output, panel column included
    CHECK(LitPixels(image, 0, kInset, 0, kHeight) == 0);
    CHECK(LitPixels(image, kInset, kInset + 60, 0, 14) > 20);  // the text, right of the inset
    const int centreX = kInset + (kWidth - kInset) / 2;
    CHECK(Lit(image, centreX, kHeight / 2));
    CHECK_FALSE(Lit(image, kWidth / 2 - 40, kHeight / 2));  // not at the window's centre

    SECTION("clamped so the scene keeps 16 pixels; 0 gives the scene everything back") {
        r.SetLeftInset(100000);
        CHECK(r.width() == 16);
        r.SetLeftInset(0);
        CHECK(r.width() == kWidth);
        CHECK(r.leftInset() == 0);
    }
}

TEST_CASE("Mouse positions are measured from the scene area's corner", "[app][layout][input]") {
    App app({.width = kWidth, .height = kHeight, .vsync = false, .invisibleWindow = true});
    app.renderer().SetLeftInset(kInset);
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = kInset + 50;
    e.motion.y = 70;
    REQUIRE(SDL_PushEvent(&e) == 1);
    Input frame;
    REQUIRE(app.BeginFrame(frame));
    app.EndFrame();
    CHECK(frame.mouseScreen.x == Approx(50.0f));
    CHECK(frame.mouseScreen.y == Approx(70.0f));
    const Vec2 world = app.renderer().camera().ScreenToWorld({50.0f, 70.0f});
    CHECK(frame.mouseWorld.x == Approx(world.x));
    CHECK(frame.mouseWorld.y == Approx(world.y));
}

TEST_CASE("No item's window covers the item's on-screen text, docked panel or not", "[app][layout][items]") {
    for (const int inset : {0, 280}) {
        for (int i = 0; i < SampleCount(); ++i) {
            const SampleEntry& entry = Samples()[i];
            INFO(SampleFullName(entry) << " with a left inset of " << inset);
            App app({.width = 1280, .height = 720, .headless = true});
            Renderer& r = app.renderer();
            r.SetLeftInset(inset);
            std::unique_ptr<Sample> sample = entry.create(SampleSettings{.headless = true});
            REQUIRE(sample);
            sample->SetupCamera(r.camera());
            const Input input;
            for (int frame = 0; frame < 4; ++frame) {  // auto-sized windows take two frames to size
                sample->Step(input);
                Input ignored;
                app.BeginFrame(ignored);
                r.Clear();
                sample->Draw(r);
                SampleWindow(entry, *sample, r);
                const ImGuiWindow* window = ImGui::FindWindowByName("###sample");
                REQUIRE(window != nullptr);
                if (frame == 3) {
                    const float left = static_cast<float>(r.leftInset());
                    const AABB box{{window->Pos.x - left, window->Pos.y},
                                   {window->Pos.x + window->Size.x - left, window->Pos.y + window->Size.y}};
                    CHECK(box.lower.x >= 0.0f);  // right of the panel
                    CHECK(box.upper.x <= static_cast<float>(r.width()));
                    for (const AABB& text : r.screenTextBoxes()) {
                        CHECK(text.lower.x >= 0.0f);  // the item's text is in the scene area
                        // Text that reaches the bottom of the screen is the one case the window may
                        // cover (it goes back to the top then); no item has such text today.
                        CHECK_FALSE(Overlaps(Inflate(box, -1.0f), text));
                    }
                }
                app.EndFrame();
            }
        }
    }
}
