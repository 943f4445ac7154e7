// The samples play their sounds from their own logic: Blade a hit sound in every step in which the
// blade deflected a target, Platformer a jump sound per jump (its autopilot jumps) and a chime per coin. Counted on a
// silent Audio, so the test needs no device; a sample without any Audio still runs.
#include <catch2/catch.hpp>

#include <memory>

#include "../../samples/blade/blade.h"
#include "sensu/app/audio.h"
#include "sensu/app/input.h"
#include "sensu/app/sample.h"

using namespace sensu;

namespace {

std::unique_ptr<Sample> Create(const char* name, Audio* audio) {
    const int index = FindSample(name);
    REQUIRE(index >= 0);
    return Samples()[index].create(SampleSettings{.headless = true, .audio = audio});
}

} // namespace

TEST_CASE("Blade plays the hit sound in exactly the steps that deflect a target", "[app][audio][blade]") {
    Audio audio({.silent = true});
    std::unique_ptr<Sample> sample = Create("Games/Blade", &audio);
    auto* blade = dynamic_cast<blade::BladeSample*>(sample.get());
    REQUIRE(blade != nullptr);
    const Input none;
    int stepsWithHits = 0;
    for (int step = 0; step < 1200; ++step) {
        const int before = blade->game().tally(blade->game().mode()).hits;
        sample->Step(none);
        stepsWithHits += blade->game().tally(blade->game().mode()).hits > before ? 1 : 0;
    }
    REQUIRE(stepsWithHits > 0);  // the autopilot does hit things in 20 s
    CHECK(audio.playCount() == stepsWithHits);
}

TEST_CASE("Platformer plays sounds as its autopilot jumps and lands; no Audio means no sound", "[app][audio][platformer]") {
    Audio audio({.silent = true});
    std::unique_ptr<Sample> sample = Create("Platformer/Platformer", &audio);
    const Input none;
    for (int step = 0; step < 600; ++step) sample->Step(none);
    CHECK(audio.playCount() > 0);
    // LoadSound of a path the sample loaded gives the sample's id back.
    CHECK(audio.playCount(audio.LoadSound("assets/sounds/jump.wav")) > 0);
    CHECK(audio.playCount(audio.LoadSound("assets/sounds/pickup.wav")) > 0);  // the autopilot walks through coins
    CHECK(audio.playCount(SoundId{}) == 0);

    std::unique_ptr<Sample> mute = Create("Platformer/Platformer", nullptr);
    for (int step = 0; step < 60; ++step) mute->Step(none);
}
