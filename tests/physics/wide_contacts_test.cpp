// The velocity and shock passes four and eight contacts at a time (contact_solver_wide.cpp,
// shock_propagation_wide.cpp; the AVX2 ones in contact_solver_wide8.cpp, shock_propagation_wide8.cpp)
// against the scalar passes on random contact graphs: the same velocities and impulses bit for bit after
// eight velocity passes and the shock pass, with every case of the two-point block solve, contacts the
// batches cannot hold, padded batches, fixed bodies shared inside a colour and friction off; then whole scenes, whose
// StateHash must not depend on the batch width. Portable builds (SENSU_PORTABLE) keep the scalar path:
// there the test checks that no batch is built, and the scalar comparison still runs. Batches of eight
// are tested only where the CPU has AVX2 (DefaultWideLanes() is 8).
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "../../framework/src/physics/contact_rows.h"
#include "../../framework/src/physics/world_access.h"
#include "../../framework/src/physics/world_internal.h"
#include "random_cases.h"
#include "sensu_scenes/busy.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// A float that is sometimes exactly zero (of either sign): the masks must treat it as the scalar
// comparisons do.
float MaybeZero(Rng& rng, float lo, float hi) {
    if (rng.Chance(0.1f)) return 0.0f;
    if (rng.Chance(0.03f)) return -0.0f;
    return rng.Uniform(lo, hi);
}

// Random solver bodies and contacts between nearby bodies (piles), with the solver's own masses.
WorldImpl RandomContacts(Rng& rng) {
    WorldImpl w;
    const int bodies = rng.Int(2, 160);
    for (int i = 0; i < bodies; ++i) {
        detail::SolverBody sb;
        sb.body = i;
        if (!rng.Chance(0.125f)) {
            sb.invMass = rng.Uniform(0.05f, 3.0f);
            sb.invInertia = rng.Chance(0.1f) ? 0.0f : rng.Uniform(0.05f, 8.0f);  // fixed rotation now and then
        }
        w.solverBodies.push_back(sb);
        w.solverVelocities.push_back({{rng.Uniform(-5.0f, 5.0f), rng.Uniform(-5.0f, 5.0f)}, MaybeZero(rng, -3.0f, 3.0f)});
    }
    const int contacts = rng.Int(0, 3 * bodies);
    for (int k = 0; k < contacts; ++k) {
        const int a = rng.Int(0, bodies - 1);
        const int b = rng.Chance(0.85f) ? std::clamp(a + rng.Int(-5, 5), 0, bodies - 1) : rng.Int(0, bodies - 1);
        if (a == b) continue;
        detail::SolverContact sc;
        sc.a = a;
        sc.b = b;
        sc.cold = static_cast<int>(w.solverContacts.size());
        sc.invMassA = w.solverBodies[a].invMass;
        sc.invInertiaA = w.solverBodies[a].invInertia;
        sc.invMassB = w.solverBodies[b].invMass;
        sc.invInertiaB = w.solverBodies[b].invInertia;
        if (sc.invMassA == 0.0f && sc.invInertiaA == 0.0f && sc.invMassB == 0.0f && sc.invInertiaB == 0.0f) continue;
        const float angle = rng.Chance(0.3f) ? 0.5f * kPi * static_cast<float>(rng.Int(0, 3)) : rng.Angle();  // axis-aligned too
        sc.normal = {std::cos(angle), std::sin(angle)};
        sc.friction = rng.Chance(0.15f) ? 0.0f : rng.Uniform(0.0f, 1.0f);
        sc.pointCount = rng.Chance(0.15f) ? 1 : 2;
        for (int p = 0; p < sc.pointCount; ++p) {
            detail::SolverPoint& sp = sc.points[p];
            sp.rnA = MaybeZero(rng, -1.0f, 1.0f);
            sp.rnB = MaybeZero(rng, -1.0f, 1.0f);
            sp.rtA = MaybeZero(rng, -1.0f, 1.0f);
            sp.rtB = MaybeZero(rng, -1.0f, 1.0f);
            sp.normalImpulse = rng.Chance(0.3f) ? 0.0f : rng.Uniform(0.0f, 2.0f);
            sp.tangentImpulse = rng.Chance(0.3f) ? 0.0f : rng.Uniform(-1.0f, 1.0f);
            sp.velocityBias = rng.Chance(0.5f) ? 0.0f : rng.Uniform(-2.0f, 2.0f);
        }
        if (sc.pointCount == 2 && rng.Chance(0.05f)) sc.points[1] = sc.points[0];  // one point twice: K is singular
        detail::PrepareMasses(sc, true);
        w.solverContacts.push_back(sc);
    }
    return w;
}

bool SameBits(float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; }

// The batch widths to compare with the scalar path: four, and eight where the CPU has AVX2.
std::vector<int> WideLaneCounts() {
    std::vector<int> lanes{detail::kWideLanes};
    if (detail::DefaultWideLanes() == detail::kWide8Lanes) lanes.push_back(detail::kWide8Lanes);
    return lanes;
}

} // namespace

TEST_CASE("the wide velocity and shock passes give the scalar passes' velocities and impulses bit for bit", "[physics][wide]") {
    const int lanes = GENERATE(from_range(WideLaneCounts()));
    INFO("lanes " << lanes);
    Rng rng(1414);
    int batches = 0, padded = 0, onlyFirst = 0, onlySecond = 0, bothPush = 0, neither = 0, shocked = 0;
    for (int graph = 0; graph < 400; ++graph) {
        WorldImpl scalar = RandomContacts(rng);
        scalar.OrderContactsBottomUp();
        scalar.SplitLevelsIntoParts();
        scalar.ColourLevels();
        WorldImpl wide = scalar;
        wide.wideLanes = lanes;
        wide.GatherWideContacts();
        batches += static_cast<int>(lanes == detail::kWide8Lanes ? wide.wideBatches8.size() : wide.wideBatches.size());
        // A colour's last few contacts go into a padded batch: at most one contact that fits a batch is
        // left to the scalar path per colour.
        auto countPadding = [&](const auto& list) {
            for (const auto& batch : list)
                for (const int contact : batch.contact) padded += contact < 0 ? 1 : 0;
        };
        countPadding(wide.wideBatches);
        countPadding(wide.wideBatches8);
        for (const detail::WideColour& colour : wide.wideColours) {
            int fittingAlone = 0;
            for (int r = colour.restBegin; r < colour.restEnd; ++r) {
                const detail::SolverContact& sc = wide.solverContacts[wide.wideRest[r]];
                fittingAlone += sc.pointCount == 2 && sc.useBlock ? 1 : 0;
            }
            CHECK(fittingAlone <= 1);
        }
        if (!SENSU_WIDE_CONTACTS) CHECK((wide.wideBatches.empty() && wide.wideBatches8.empty()));
        for (int it = 0; it < 8; ++it) {
            scalar.SolveContactColours(it);
            wide.SolveContactColours(it);
        }
        wide.ScatterWideImpulses();
        // Then the shock pass, on the batches in the wide world.
        const std::vector<detail::SolverVelocity> beforeShock = scalar.solverVelocities;
        scalar.PropagateShock();
        wide.PropagateShock();
        for (size_t i = 0; i < beforeShock.size(); ++i) shocked += !SameBits(beforeShock[i].w, scalar.solverVelocities[i].w);
        INFO("graph " << graph);
        for (size_t i = 0; i < scalar.solverVelocities.size(); ++i) {
            const detail::SolverVelocity& s = scalar.solverVelocities[i];
            const detail::SolverVelocity& v = wide.solverVelocities[i];
            if (!(SameBits(s.v.x, v.v.x) && SameBits(s.v.y, v.v.y) && SameBits(s.w, v.w)))
                FAIL("body " << i << ": scalar (" << s.v.x << ", " << s.v.y << ", " << s.w << "), wide (" << v.v.x << ", " << v.v.y
                              << ", " << v.w << ")");
        }
        for (size_t k = 0; k < scalar.solverContacts.size(); ++k) {
            for (int p = 0; p < 2; ++p) {
                const detail::SolverPoint& s = scalar.solverContacts[k].points[p];
                const detail::SolverPoint& v = wide.solverContacts[k].points[p];
                if (!(SameBits(s.normalImpulse, v.normalImpulse) && SameBits(s.tangentImpulse, v.tangentImpulse)))
                    FAIL("contact " << k << " point " << p << ": scalar (" << s.normalImpulse << ", " << s.tangentImpulse << "), wide ("
                                    << v.normalImpulse << ", " << v.tangentImpulse << ")");
            }
            const detail::SolverContact& sc = scalar.solverContacts[k];
            if (sc.pointCount != 2 || !sc.useBlock) continue;
            const float x1 = sc.points[0].normalImpulse, x2 = sc.points[1].normalImpulse;
            onlyFirst += x1 > 0.0f && x2 == 0.0f;
            onlySecond += x1 == 0.0f && x2 > 0.0f;
            bothPush += x1 > 0.0f && x2 > 0.0f;
            neither += x1 == 0.0f && x2 == 0.0f;
        }
    }
    // Every case of the block solve ended some contact, and (x86-64) the batches did the work.
    CHECK(onlyFirst > 0);
    CHECK(onlySecond > 0);
    CHECK(bothPush > 0);
    CHECK(neither > 0);
    CHECK(shocked > 1000);  // the shock pass changed bodies
    if (SENSU_WIDE_CONTACTS) CHECK(batches > (lanes == detail::kWide8Lanes ? 400 : 1000));
    if (SENSU_WIDE_CONTACTS) CHECK(padded > 0);  // padded lanes took part, and changed no float
}

TEST_CASE("a scene's state is the same bit for bit with batches of eight, four or none", "[physics][wide]") {
    struct Case {
        scenes::SceneDef scene;
        int steps;
    };
    // Columns and rain have support chains (chain_solver.cpp), which change impulses after the batches
    // were filled: the shock pass must see the chains' impulses in the batches as well.
    const Case cases[] = {{scenes::Pyramid(20), 120}, {scenes::DropStackGrid(8, 10), 200}, {scenes::Rain(32, 10), 200}};
    for (const Case& c : cases) {
        INFO(c.scene.name);
        uint64_t scalarHash = 0;
        for (const int lanes : {1, detail::kWideLanes, detail::kWide8Lanes}) {
            if (lanes > detail::DefaultWideLanes()) continue;  // no AVX2 (or a portable build)
            INFO("lanes " << lanes);
            SolverSettings settings;
            settings.restStates = false;
            scenes::BuiltWorld built = scenes::BuildWorld(c.scene, settings);
            WorldImpl& impl = const_cast<WorldImpl&>(WorldAccess::Impl(built.world));
            impl.wideLanes = lanes;
            size_t spawn = 0;
            size_t batches4 = 0, batches8 = 0;  // the widths that ran
            for (int step = 1; step <= c.steps; ++step) {
                while (spawn < c.scene.spawns.size() && c.scene.spawns[spawn].step <= step) scenes::AddBody(built, c.scene.spawns[spawn++].body);
                built.world.Step(c.scene.dt);
                batches4 += impl.wideBatches.size();
                batches8 += impl.wideBatches8.size();
            }
            CHECK((batches4 + batches8 > 0) == (lanes > 1));
            CHECK((batches8 > 0) == (lanes == detail::kWide8Lanes));
            if (lanes == 1) {
                scalarHash = built.world.StateHash();
                continue;
            }
            CHECK(built.world.StateHash() == scalarHash);
        }
    }
}
