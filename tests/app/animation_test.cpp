// Sprite sheets and animation (sensu/app/animation.h): frame rectangles of the grid, clip timing
// (exact frame boundaries, long steps, loops, one-shots), validation, and DrawSpriteFrame's flip.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "app_test_support.h"
#include "sensu/app/animation.h"

using namespace sensu;

namespace {

const SpriteSheet kSheet{.texture = "assets/animations/runner.png", .frameWidth = 64, .frameHeight = 64, .columns = 4, .rows = 2};

Animator TwoClips() {
    return Animator(kSheet, {{.name = "run", .frames = {2, 3, 4}, .frameSeconds = 0.1f},
                             {.name = "jump", .frames = {6, 7}, .frameSeconds = 0.25f, .loop = false}});
}

} // namespace

TEST_CASE("Sprite sheet frames are numbered row by row from the top left", "[app][animation]") {
    CHECK(kSheet.FrameCount() == 8);
    CHECK(kSheet.FrameRect(0) == PixelRect{0, 0, 64, 64});
    CHECK(kSheet.FrameRect(3) == PixelRect{192, 0, 256, 64});
    CHECK(kSheet.FrameRect(5) == PixelRect{64, 64, 128, 128});
    CHECK_THROWS_AS(kSheet.FrameRect(8), InvalidArgument);
    CHECK_THROWS_AS(kSheet.FrameRect(-1), InvalidArgument);
}

TEST_CASE("A looping clip changes frame at each multiple of its frame time and wraps", "[app][animation]") {
    Animator a = TwoClips();
    CHECK(a.clip() == "run");
    CHECK(a.frame() == 2);
    a.Update(0.099f);
    CHECK(a.frame() == 2);
    a.Update(0.002f);  // 0.101 s
    CHECK(a.frame() == 3);
    a.Update(0.1f);
    CHECK(a.frame() == 4);
    a.Update(0.1f);
    CHECK(a.frame() == 2);  // wrapped
    a.Update(0.75f);        // seven whole frames in one long step: 7 % 3 = 1, the remainder kept
    CHECK(a.clipFrame() == 1);
    a.Update(0.05f);
    CHECK(a.clipFrame() == 2);
    CHECK_FALSE(a.finished());
}

TEST_CASE("A one-shot clip holds its last frame and reports finished", "[app][animation]") {
    Animator a = TwoClips();
    a.Play("jump");
    CHECK(a.frame() == 6);
    a.Update(0.3f);
    CHECK(a.frame() == 7);
    CHECK_FALSE(a.finished());
    a.Update(0.25f);  // 0.55 s ≥ 2 × 0.25 s
    CHECK(a.frame() == 7);
    CHECK(a.finished());
    a.Update(10.0f);
    CHECK(a.frame() == 7);

    a.Play("jump");  // already playing: nothing changes
    CHECK(a.finished());
    a.Play("jump", true);
    CHECK(a.frame() == 6);
    CHECK_FALSE(a.finished());
    a.Play("run");
    CHECK(a.frame() == 2);
}

TEST_CASE("Animator rejects bad sheets, clips and steps, naming the problem", "[app][animation]") {
    CHECK_THROWS_WITH(Animator(kSheet, {}), Catch::Contains("at least one clip"));
    CHECK_THROWS_WITH(Animator(kSheet, {{.name = "a", .frames = {8}}}), Catch::Contains("frame 8"));
    CHECK_THROWS_WITH(Animator(kSheet, {{.name = "a", .frames = {}}}), Catch::Contains("no frames"));
    CHECK_THROWS_WITH(Animator(kSheet, {{.name = "a", .frames = {0}, .frameSeconds = 0.0f}}), Catch::Contains("frameSeconds"));
    CHECK_THROWS_WITH(Animator(kSheet, {{.name = "a", .frames = {0}}, {.name = "a", .frames = {1}}}), Catch::Contains("two animation clips"));
    CHECK_THROWS_WITH(Animator(kSheet, {{.name = "", .frames = {0}}}), Catch::Contains("no name"));
    CHECK_THROWS_AS(Animator({.texture = "x.png", .frameWidth = 0, .frameHeight = 8}, {{.name = "a", .frames = {0}}}), InvalidArgument);
    Animator a = TwoClips();
    CHECK_THROWS_WITH(a.Play("swim"), Catch::Contains("swim"));
    CHECK_THROWS_AS(a.Update(-0.1f), InvalidArgument);
    CHECK_THROWS_AS(a.Update(std::nanf("")), InvalidArgument);
    CHECK(a.clip() == "run");  // unchanged by the failures
}

TEST_CASE("DrawSpriteFrame draws one frame; flipX mirrors it left to right", "[app][animation][renderer]") {
    const SpriteSheet runner{.texture = "assets/animations/runner.png", .frameWidth = 64, .frameHeight = 64, .columns = 8};
    auto draw = [&](bool flip) {
        return test::RenderFrame([&](Renderer& r) {
            r.DrawSpriteFrame(r.LoadTexture(runner.texture), runner.FrameRect(6), {0.0f, 0.0f}, {8.0f, 8.0f}, flip);
        });
    };
    const Image plain = draw(false);
    const Image flipped = draw(true);
    // Colour distance of pixel x of `a` and pixel x2 of `b` on row y (RGB, summed).
    auto distance = [](const Image& a, int x, const Image& b, int x2, int y) {
        const size_t i = (static_cast<size_t>(y) * 200 + static_cast<size_t>(x)) * 4;
        const size_t j = (static_cast<size_t>(y) * 200 + static_cast<size_t>(x2)) * 4;
        return std::abs(a.rgba[i] - b.rgba[j]) + std::abs(a.rgba[i + 1] - b.rgba[j + 1]) + std::abs(a.rgba[i + 2] - b.rgba[j + 2]);
    };
    int lit = 0, mirrored = 0, differ = 0;
    for (int y = 0; y < plain.height; ++y) {
        for (int x = 0; x < plain.width; ++x) {
            const size_t i = (static_cast<size_t>(y) * 200 + static_cast<size_t>(x)) * 4;
            if (plain.rgba[i] + plain.rgba[i + 1] + plain.rgba[i + 2] < 60) continue;
            ++lit;
            mirrored += distance(plain, x, flipped, plain.width - 1 - x, y) < 60 ? 1 : 0;
            differ += distance(plain, x, flipped, x, y) >= 60 ? 1 : 0;
        }
    }
    REQUIRE(lit > 500);
    CHECK(mirrored > 0.9 * lit);
    CHECK(differ > 0.05 * lit);  // the jump frame is not symmetric (arms, knees, the eye), so the flip shows
    CHECK_THROWS_AS(test::RenderFrame([&](Renderer& r) {
        r.DrawSpriteFrame(r.LoadTexture(runner.texture), PixelRect{500, 0, 600, 64}, {0.0f, 0.0f}, {1.0f, 1.0f});
    }), InvalidArgument);
}
