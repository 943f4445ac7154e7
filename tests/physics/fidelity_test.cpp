// The fidelity harness's fast subset (sensu_scenes/fidelity.h): the first 48 scenes of
// sensu-bench-fidelity, which runs 1,000 (bench/fidelity/README.md has today's figures). Rest states
// must change nothing a player can see, energy must not appear from nowhere.
//
// Asserted: no violations in pile, slope, mover, impact, spawn and dominoes scenes (true on these 48
// and on the bench's 1,000, seed 1), no energy rise except in mover scenes (true on these 48).
// Reported (WARN, per kind), not yet asserted: destroy (1 violation in 1 of 125 scenes at 1,000: a
// box left balanced on an edge, whose rest-off copy leaves it a step earlier). Tighten
// AssertViolations as the fixes land.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "sensu_scenes/fidelity.h"

using namespace sensu;
using namespace sensu::scenes;

namespace {

constexpr int kScenesPerKind = 6;

// Kinds whose rest-off copies must never move a frozen body more than 1 cm away, today (0 of 125
// scenes each in sensu-bench-fidelity's 1,000; destroy still has one, and rolling bodies too rarely
// freeze for the check to bite).
bool AssertViolations(FidelityKind kind) { return kind != FidelityKind::Destroy && kind != FidelityKind::Rolling; }
// Kinds whose energy must never rise more than 0.5 % over a quiet second, today.
bool AssertEnergy(FidelityKind kind) { return kind != FidelityKind::Mover; }

// A dominoes scene with rest speeds so loose, and no rest window, that toppling dominoes freeze in
// mid-fall (on level ground and not yet at their friction limit, the other rules let them): a rest-state
// error the harness must catch.
FidelityScene LooseDominoes(uint64_t seed) {
    FidelityScene scene = BuildFidelityScene(FidelityKind::Dominoes, seed);
    SolverSettings loose = scene.world.GetSettings();
    loose.restLinearSpeed = 10.0f;
    loose.restAngularSpeed = 30.0f;
    loose.restTime = 0.0f;
    scene.world.SetSettings(loose);
    return scene;
}

} // namespace

TEST_CASE("fidelity harness: rest-off copies of frozen bodies stay put, energy does not rise", "[physics][fidelity]") {
    std::ostringstream report;
    report << "kind: scenes, frozen bodies checked, violations (> 1 cm), of which still frozen in the rest-on world, max deviation m, "
              "energy rises (> 0.5 %), max rise\n";
    for (int k = 0; k < kFidelityKindCount; ++k) {
        const auto kind = static_cast<FidelityKind>(k);
        int frozen = 0, violations = 0, stillFrozen = 0, energyRises = 0, energyWindows = 0;
        float maxDeviation = 0.0f, maxRise = 0.0f;
        for (int i = 0; i < kScenesPerKind; ++i) {
            // The bench's scene numbering: scene n has kind n mod 8 and seed 1 + n.
            const int n = i * kFidelityKindCount + k;
            FidelityScene scene = BuildFidelityScene(kind, 1 + static_cast<uint64_t>(n));
            const FidelityResult r = RunFidelity(scene);
            frozen += r.frozenChecked;
            violations += r.violations;
            stillFrozen += r.violationsStillFrozen;
            energyRises += r.energyViolation ? 1 : 0;
            energyWindows += r.energyWindows;
            maxDeviation = std::max(maxDeviation, r.maxDeviation);
            maxRise = std::max(maxRise, r.maxEnergyRise);
        }
        report << FidelityKindName(kind) << ": " << kScenesPerKind << ", " << frozen << ", " << violations << ", " << stillFrozen << ", " << maxDeviation << ", "
               << energyRises << ", " << maxRise << "\n";
        INFO(FidelityKindName(kind));
        CHECK(energyWindows > 0);
        if (AssertViolations(kind)) {
            CHECK(frozen > 0);  // or the check below could not fail
            CHECK(violations == 0);
        }
        if (AssertEnergy(kind)) CHECK(energyRises == 0);
    }
    WARN(report.str());
}

TEST_CASE("fidelity harness: freezing moving bodies is caught", "[physics][fidelity]") {
    // Dominoes frozen in mid-fall (LooseDominoes). Freezing stops them; the rest-off copies, started
    // from those tilted poses at rest, must fall on. (A body frozen while it
    // rolls is not caught this way: freezing zeroes its velocity, and a ball at rest on level ground
    // stays put without rest states too.)
    int violations = 0, frozen = 0;
    for (uint64_t seed = 1; seed <= 10; ++seed) {
        FidelityScene scene = LooseDominoes(seed);
        const FidelityResult r = RunFidelity(scene);
        violations += r.violations;
        frozen += r.frozenChecked;
    }
    CHECK(frozen > 0);
    CHECK(violations > 0);
}

TEST_CASE("fidelity harness: the same scene gives the same result", "[physics][fidelity]") {
    for (int k = 0; k < kFidelityKindCount; ++k) {
        const auto kind = static_cast<FidelityKind>(k);
        FidelityScene a = BuildFidelityScene(kind, 99);
        FidelityScene b = BuildFidelityScene(kind, 99);
        const FidelityResult ra = RunFidelity(a), rb = RunFidelity(b);
        CHECK(ra.frozenChecked == rb.frozenChecked);
        CHECK(ra.violations == rb.violations);
        CHECK(ra.maxEnergyRise == rb.maxEnergyRise);
        CHECK(a.world.StateHash() == b.world.StateHash());
    }
}

// Fidelity bench scene destroy/893: a body froze while another slid down its slanted face onto it, so
// the support reaction it froze with carried that body's push, which every later step added again as
// extra load: counted twice, the lean that tips it (without rest states it tips at once) was judged
// held, and it stayed frozen 8.6 cm from where it should be. Frozen reactions now leave moving bodies'
// pushes out.
TEST_CASE("fidelity harness: a body frozen under a moving one is judged on that load once", "[physics][fidelity]") {
    FidelityScene scene = BuildFidelityScene(FidelityKind::Destroy, 893);
    const FidelityResult r = RunFidelity(scene);
    CHECK(r.frozenChecked > 0);
    CHECK(r.violationsStillFrozen == 0);
    CHECK(r.violations == 0);
}

TEST_CASE("fidelity harness: a spawn lasts until the overlap it made is pushed out", "[physics][fidelity]") {
    // The bench's spawn scene of seed 166 (in its run of 1,000 from seed 1): at step 246 a 0.03 kg body
    // appears wedged 11 cm deep between two 1 kg boxes of a column, and the position pass lifts the
    // upper box over ~2 s. The energy that the overlap released then is the spawn's; with the event
    // ending a second after it (the rule before) it counted as a 1.1 % rise from nowhere.
    FidelityScene oneSecond = BuildFidelityScene(FidelityKind::Spawn, 166);
    const FidelityResult before = RunFidelity(oneSecond, {.maxEventSteps = 1});
    CHECK(before.energyViolation);
    FidelityScene untilResolved = BuildFidelityScene(FidelityKind::Spawn, 166);
    const FidelityResult after = RunFidelity(untilResolved);
    CHECK_FALSE(after.energyViolation);
    // The windows after the push-out are still checked.
    CHECK(after.energyWindows > 0);
    CHECK(after.energyWindows < before.energyWindows);
}

// The chaos floor (FidelityOptions::chaosNudge): a second rest-off copy with every body nudged by
// 1 µm/s tells a violation the physics itself does not determine to 1 cm within 1 s from one the rest
// states made. destroy/149 (seed 1's one violation): the top box of a pyramid left with its centre of
// mass over its remaining support's edge; the nudge alone tips it 3 cm differently. Dominoes frozen in
// mid-fall (rest speeds far too loose) are rest-state errors: the nudge does not make them fall.
TEST_CASE("fidelity harness: the chaos floor tells a knife edge from a rest-state error", "[physics][fidelity]") {
    constexpr float kNudge = 1e-6f;  // m/s
    FidelityScene knifeEdge = BuildFidelityScene(FidelityKind::Destroy, 149);
    const FidelityResult edge = RunFidelity(knifeEdge, {.chaosNudge = kNudge});
    CHECK(edge.violations == 1);
    CHECK(edge.violationsBeyondChaos == 0);

    int violations = 0, beyond = 0;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        FidelityScene scene = LooseDominoes(seed);
        const FidelityResult r = RunFidelity(scene, {.chaosNudge = kNudge});
        violations += r.violations;
        beyond += r.violationsBeyondChaos;
    }
    CHECK(violations > 0);
    CHECK(beyond == violations);

    // Without the floor every violation counts as beyond it, and running the floor leaves the rest-on
    // world as it is.
    FidelityScene plain = BuildFidelityScene(FidelityKind::Destroy, 149);
    const FidelityResult off = RunFidelity(plain);
    CHECK(off.violationsBeyondChaos == off.violations);
    CHECK(plain.world.StateHash() == knifeEdge.world.StateHash());
}
