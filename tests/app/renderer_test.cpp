// Renderer, Camera, images and sprites, checked on pixels of headless frames.
#include <catch2/catch.hpp>

#include <fstream>

#include "app_test_support.h"

using namespace sensu;
using sensu::test::IsBlack;
using sensu::test::PixelAtWorld;
using sensu::test::RenderFrame;

TEST_CASE("Camera maps world (y up) to screen (y down) and back", "[app][camera]") {
    Camera camera;
    camera.SetViewport(200, 100);
    camera.center = {3.0f, -2.0f};
    camera.viewHeight = 10.0f;
    CHECK(camera.PixelsPerMetre() == Approx(10.0f));
    const Vec2 s = camera.WorldToScreen({4.0f, -1.0f});
    CHECK(s.x == Approx(110.0f));
    CHECK(s.y == Approx(40.0f));  // one metre up is ten pixels up
    for (Vec2 p : {Vec2{0, 0}, Vec2{-123.5f, 77.25f}, Vec2{1e3f, -1e3f}}) {
        const Vec2 back = camera.ScreenToWorld(camera.WorldToScreen(p));
        CHECK(back.x == Approx(p.x).margin(1e-3));
        CHECK(back.y == Approx(p.y).margin(1e-3));
    }
    const AABB view = camera.VisibleBounds();
    CHECK(view.lower.x == Approx(-7.0f));
    CHECK(view.upper.y == Approx(3.0f));
}

TEST_CASE("Camera zoom keeps the point under the cursor; pan follows the cursor; Fit frames a box", "[app][camera]") {
    Camera camera;
    camera.SetViewport(640, 480);
    const Vec2 cursor{500.0f, 120.0f};
    const Vec2 anchor = camera.ScreenToWorld(cursor);
    camera.ZoomAt(cursor, 1.7f);
    CHECK(camera.viewHeight == Approx(12.0f / 1.7f));
    CHECK(camera.ScreenToWorld(cursor).x == Approx(anchor.x).margin(1e-4));
    CHECK(camera.ScreenToWorld(cursor).y == Approx(anchor.y).margin(1e-4));

    const Vec2 before = camera.ScreenToWorld({100.0f, 100.0f});
    camera.PanPixels({30.0f, -20.0f});
    const Vec2 after = camera.ScreenToWorld({130.0f, 80.0f});
    CHECK(after.x == Approx(before.x).margin(1e-4));
    CHECK(after.y == Approx(before.y).margin(1e-4));

    camera.Fit({{-50.0f, 0.0f}, {50.0f, 2.0f}}, 0.0f);  // wide box: the width decides
    const AABB view = camera.VisibleBounds();
    CHECK(view.lower.x == Approx(-50.0f));
    CHECK(view.upper.x == Approx(50.0f));
    camera.ZoomAt(cursor, 0.0f);  // ignored, never NaN
    CHECK(IsFinite(camera.viewHeight));
}

TEST_CASE("Fills land where the world coordinates say, y up", "[app][renderer]") {
    const Image img = RenderFrame([](Renderer& r) {
        r.FillCircle({1.0f, 2.0f}, 1.0f, colors::kRed);
        const Vec2 cw[3] = {{-4.0f, -1.0f}, {-3.0f, -3.0f}, {-4.5f, -3.0f}};  // clockwise is filled too
        r.FillPolygon(cw, colors::kGreen);
    });
    const auto red = PixelAtWorld(img, {1.0f, 2.0f});
    CHECK(red.r == colors::kRed.r);
    CHECK(red.g == colors::kRed.g);
    CHECK(IsBlack(PixelAtWorld(img, {1.0f, 3.4f})));
    CHECK(IsBlack(PixelAtWorld(img, {1.0f, -2.0f})));  // mirrored position stays empty
    CHECK(PixelAtWorld(img, {-3.9f, -2.5f}).g == colors::kGreen.g);
}

TEST_CASE("Annular sectors leave the hole and the outside of the wedge empty", "[app][renderer]") {
    const Image img = RenderFrame([](Renderer& r) {
        r.FillSector({0.0f, 0.0f}, {0.0f, 1.0f}, kPi / 4.0f, 2.0f, 4.0f, colors::kWhite);
    });
    CHECK(!IsBlack(PixelAtWorld(img, {0.0f, 3.0f})));
    CHECK(!IsBlack(PixelAtWorld(img, {1.5f, 2.0f})));   // 37° from the axis, radius 2.5: inside
    CHECK(IsBlack(PixelAtWorld(img, {0.0f, 1.0f})));    // the hole
    CHECK(IsBlack(PixelAtWorld(img, {3.0f, 0.2f})));    // 86° from the axis
    CHECK(IsBlack(PixelAtWorld(img, {0.0f, -3.0f})));

    const Image ring = RenderFrame([](Renderer& r) { r.FillSector({0.0f, 0.0f}, {1.0f, 0.0f}, kPi, 1.0f, 2.0f, colors::kWhite); });
    CHECK(!IsBlack(PixelAtWorld(ring, {0.0f, -1.5f})));  // a full annulus has no gap behind the axis
    CHECK(!IsBlack(PixelAtWorld(ring, {-1.5f, 0.0f})));
    CHECK(IsBlack(PixelAtWorld(ring, {0.2f, 0.2f})));

    const Image pie = RenderFrame([](Renderer& r) { r.FillSector({0.0f, 0.0f}, {1.0f, 0.0f}, 2.5f, 0.0f, 3.0f, colors::kWhite); });
    CHECK(!IsBlack(PixelAtWorld(pie, {-1.0f, 1.0f})));  // a pie wider than a half plane is not convex: still filled
    CHECK(IsBlack(PixelAtWorld(pie, {-2.0f, 0.1f})));
}

TEST_CASE("Capsules are rounded at both ends", "[app][renderer]") {
    const Image img = RenderFrame([](Renderer& r) { r.FillCapsule({-2.0f, 0.0f}, {2.0f, 0.0f}, 1.0f, colors::kWhite); });
    CHECK(!IsBlack(PixelAtWorld(img, {2.6f, 0.0f})));
    CHECK(!IsBlack(PixelAtWorld(img, {0.0f, 0.8f})));
    CHECK(IsBlack(PixelAtWorld(img, {2.8f, 0.8f})));   // the corner a box would have
    CHECK(IsBlack(PixelAtWorld(img, {-2.8f, -0.8f})));
}

TEST_CASE("DrawShape places shapes by their transform; Solid is a translucent fill plus outline", "[app][renderer]") {
    const Box box({1.0f, 0.5f});
    const Image img = RenderFrame([&](Renderer& r) {
        r.DrawShape(box, Transform::FromAngle({2.0f, 2.0f}, kPi / 2.0f), colors::kWhite);  // now 1 m wide, 2 m tall
    });
    const auto inside = PixelAtWorld(img, {2.0f, 2.8f});
    CHECK(!IsBlack(inside));
    CHECK(inside.r < 200);                                  // translucent, not the full colour
    CHECK(IsBlack(PixelAtWorld(img, {2.8f, 2.0f})));        // outside after the quarter turn
}

TEST_CASE("Text and screen text draw pixels; far-away and non-finite input never crashes", "[app][renderer]") {
    const Image text = RenderFrame([](Renderer& r) {
        r.DrawText({-4.0f, 4.0f}, "sensu", colors::kWhite);
        r.DrawScreenText({10.0f, 150.0f}, "line one\nline two", colors::kWhite);
    });
    CHECK(text.CountNonBackgroundPixels() > 100);

    const Image wild = RenderFrame([](Renderer& r) {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        r.DrawSegment({0.0f, 0.0f}, {1e30f, -1e30f}, colors::kWhite);
        r.DrawSegment({nan, 0.0f}, {1.0f, 1.0f}, colors::kWhite);
        const Vec2 bad[3] = {{0.0f, 0.0f}, {nan, 1.0f}, {1.0f, 0.0f}};
        r.FillPolygon(bad, colors::kWhite);
        r.DrawCircle({0.0f, 0.0f}, -1.0f, colors::kWhite);
        r.FillCircle({0.0f, 0.0f}, nan, colors::kWhite);
        r.FillSector({0.0f, 0.0f}, {0.0f, 0.0f}, 9.0f, -1.0f, 1e9f, colors::kRed);
        r.DrawText({nan, 0.0f}, "x");
        r.FillCircle({3.0f, 3.0f}, 1e6f, colors::kBlue);  // a huge circle is clipped, not skipped
    });
    CHECK(PixelAtWorld(wild, {-4.0f, -4.0f}).b == colors::kBlue.b);
}

TEST_CASE("Sprites load from PNG; a missing or corrupt file is an InvalidArgument naming the path", "[app][renderer][sprite]") {
    const auto folder = sensu::test::ScratchFolder();
    const std::string good = (folder / "sprite.png").string();
    Image red{4, 2, std::vector<std::uint8_t>(4 * 2 * 4, 0)};
    for (size_t i = 0; i < red.rgba.size(); i += 4) {
        red.rgba[i] = 250;
        red.rgba[i + 3] = 255;
    }
    WritePng(red, good);
    const std::string corrupt = (folder / "corrupt.png").string();
    std::ofstream(corrupt) << "this is not a PNG";
    const std::string missing = (folder / "missing.png").string();

    const Image img = RenderFrame([&](Renderer& r) {
        const Texture& t = r.LoadTexture(good);
        CHECK(t.width() == 4);
        CHECK(t.height() == 2);
        CHECK(&r.LoadTexture(good) == &t);  // cached
        r.DrawSprite(t, {-2.0f, -2.0f}, {2.0f, 1.0f}, 0.0f);
        CHECK_THROWS_AS(r.LoadTexture(missing), InvalidArgument);
        CHECK_THROWS_WITH(r.LoadTexture(missing), Catch::Contains(missing));
        CHECK_THROWS_AS(r.DrawSprite(corrupt, {0.0f, 0.0f}, {1.0f, 1.0f}), InvalidArgument);
        CHECK_THROWS_WITH(r.LoadTexture(corrupt), Catch::Contains(corrupt));
    });
    CHECK(PixelAtWorld(img, {-2.0f, -2.0f}).r > 240);
    CHECK(IsBlack(PixelAtWorld(img, {-2.0f, -2.8f})));
    std::filesystem::remove_all(folder);
}

TEST_CASE("PNG round trip, blank detection and write errors", "[app][image]") {
    const auto folder = sensu::test::ScratchFolder();
    Image image{8, 8, std::vector<std::uint8_t>(8 * 8 * 4, 30)};
    CHECK(image.CountNonBackgroundPixels() == 0);
    image.rgba[4 * 9] = 200;
    CHECK(image.CountNonBackgroundPixels() == 1);
    const std::string path = (folder / "sub" / "dot.png").string();  // parent folders are created
    WritePng(image, path);
    const Image back = ReadImage(path);
    CHECK(back.width == 8);
    CHECK(back.rgba == image.rgba);
    CHECK_THROWS_AS(WritePng(Image{}, (folder / "empty.png").string()), InvalidArgument);
    CHECK_THROWS_WITH(WritePng(image, "/proc/no/such/dir/x.png"), Catch::Contains("/proc/no/such/dir/x.png"));
    CHECK_THROWS_AS(ReadImage((folder / "nothing.png").string()), InvalidArgument);
    std::filesystem::remove_all(folder);
}

TEST_CASE("App rejects absurd sizes", "[app]") {
    CHECK_THROWS_AS(App({.width = 0, .height = 100, .headless = true}), InvalidArgument);
    CHECK_THROWS_AS(App({.width = 100, .height = 100000, .headless = true}), InvalidArgument);
}
