// Audio (sensu/app/audio.h) headless: the real mixing path on SDL's dummy audio driver (CTest sets
// SDL_AUDIODRIVER=dummy), the silent mode, and a machine with no usable driver; bad files and bad
// values are InvalidArgument naming the problem, never a crash or a sound.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>

#include "app_test_support.h"
#include "sensu/app/audio.h"

using namespace sensu;

namespace {

std::string Scratch(const std::string& name, const std::string& bytes) {
    const auto path = test::ScratchFolder() / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
}

void CheckBadInputThrows(Audio& audio) {
    const SoundId hit = audio.LoadSound("assets/sounds/hit.wav");
    CHECK_THROWS_AS(audio.Play(hit, 1.5f), InvalidArgument);
    CHECK_THROWS_AS(audio.Play(hit, -0.1f), InvalidArgument);
    CHECK_THROWS_AS(audio.Play(hit, 1.0f, 2.0f), InvalidArgument);
    CHECK_THROWS_AS(audio.Play(hit, std::nanf("")), InvalidArgument);
    CHECK_THROWS_AS(audio.Play(SoundId{}), InvalidArgument);
    CHECK_THROWS_AS(audio.SetMasterVolume(1.01f), InvalidArgument);
    CHECK_THROWS_WITH(audio.LoadSound("assets/sounds/no_such.wav"), Catch::Contains("no_such.wav"));
    CHECK_THROWS_WITH(audio.LoadSound(Scratch("garbage.wav", "RIFF not really a wave file")), Catch::Contains("garbage.wav"));
    CHECK_THROWS_WITH(audio.PlayMusic(Scratch("garbage.ogg", "not an ogg stream at all")), Catch::Contains("garbage.ogg"));
    CHECK(audio.playCount() == 0);  // nothing above was played
}

} // namespace

TEST_CASE("Audio on the dummy driver mixes one-shots and loops music", "[app][audio]") {
    Audio audio;
    INFO(audio.status());
    REQUIRE(audio.available());
    CheckBadInputThrows(audio);

    const SoundId hit = audio.LoadSound("assets/sounds/hit.wav");
    CHECK(audio.LoadSound("assets/sounds/hit.wav").index == hit.index);  // loaded once per path
    const SoundId jump = audio.LoadSound("assets/sounds/jump.wav");
    CHECK(jump.index != hit.index);
    audio.Play(hit, 0.5f, -1.0f);
    audio.Play(jump, 1.0f, 0.25f);
    CHECK(audio.playCount() == 2);
    CHECK(audio.playingVoices() == 2);

    audio.PlayMusic("assets/sounds/music.wav", 0.3f);
    CHECK(audio.musicPlaying());
    audio.SetMasterVolume(0.5f);
    CHECK(audio.masterVolume() == 0.5f);
    audio.StopMusic();
    CHECK_FALSE(audio.musicPlaying());
}

TEST_CASE("Audio never plays more voices than it has; the rest are dropped quietly", "[app][audio]") {
    Audio audio({.voices = 2});
    REQUIRE(audio.available());
    const SoundId pickup = audio.LoadSound("assets/sounds/pickup.wav");
    for (int i = 0; i < 5; ++i) audio.Play(pickup);
    CHECK(audio.playCount() == 5);
    CHECK(audio.playingVoices() == 2);
}

TEST_CASE("Silent audio checks files and counts plays without a device", "[app][audio]") {
    Audio audio({.silent = true});
    CHECK_FALSE(audio.available());
    CHECK(audio.status() == "silent");
    CheckBadInputThrows(audio);
    const SoundId hit = audio.LoadSound("assets/sounds/hit.wav");
    audio.Play(hit);
    audio.PlayMusic("assets/sounds/music.wav");
    CHECK(audio.playCount() == 1);
    CHECK(audio.playingVoices() == 0);
    CHECK(audio.musicPlaying());
}

TEST_CASE("No usable audio driver: Audio says why and stays silent, without throwing", "[app][audio]") {
    const char* old = std::getenv("SDL_AUDIODRIVER");
    const std::string saved = old != nullptr ? old : "";
    ::setenv("SDL_AUDIODRIVER", "no_such_driver", 1);
    {
        Audio audio;
        CHECK_FALSE(audio.available());
        CHECK_FALSE(audio.status().empty());
        audio.Play(audio.LoadSound("assets/sounds/jump.wav"));
        CHECK(audio.playCount() == 1);
    }
    if (old != nullptr) ::setenv("SDL_AUDIODRIVER", saved.c_str(), 1);
    else ::unsetenv("SDL_AUDIODRIVER");
}

TEST_CASE("Audio rejects options out of range", "[app][audio]") {
    CHECK_THROWS_AS(Audio({.silent = true, .frequency = 100}), InvalidArgument);
    CHECK_THROWS_AS(Audio({.silent = true, .voices = 0}), InvalidArgument);
}
