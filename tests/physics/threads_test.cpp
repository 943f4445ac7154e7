// The wide solver (SolverSettings::threads): colours inside each level share no moving body (checked
// pair by pair on random contact graphs), a step gives the same state bit for bit on 1 to 4 threads,
// and bad thread counts are refused without changing the world.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "../../framework/src/physics/world_access.h"
#include "physics_test_util.h"
#include "random_cases.h"
#include "sensu_scenes/busy.h"
#include "sensu_scenes/joints.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;
using namespace sensu::testing;

using detail::Moves;

namespace {

// A random contact graph: `bodies` solver bodies (about one in eight fixed), contacts mostly between
// nearby indices (piles), some between any two, and one hub body with `hubContacts` contacts (more
// than 64 forces the overflow colour).
WorldImpl RandomGraph(Rng& rng, int bodies, int contacts, int hubContacts) {
    WorldImpl w;
    for (int i = 0; i < bodies; ++i) {
        detail::SolverBody sb;
        sb.body = i;
        if (!rng.Chance(0.125f)) {
            sb.invMass = rng.Uniform(0.1f, 2.0f);
            sb.invInertia = rng.Chance(0.1f) ? 0.0f : rng.Uniform(0.1f, 5.0f);  // fixed rotation now and then
        }
        w.solverBodies.push_back(sb);
    }
    auto addContact = [&](int a, int b) {
        detail::SolverContact sc;
        sc.a = a;
        sc.b = b;
        sc.cold = static_cast<int>(w.solverContacts.size());
        sc.invMassA = w.solverBodies[a].invMass;
        sc.invInertiaA = w.solverBodies[a].invInertia;
        sc.invMassB = w.solverBodies[b].invMass;
        sc.invInertiaB = w.solverBodies[b].invInertia;
        sc.touching = !rng.Chance(0.2f);  // some gaps: the levels leave fixed bodies' gaps for last
        if (!Moves(sc.invMassA, sc.invInertiaA) && !Moves(sc.invMassB, sc.invInertiaB)) return;  // never a solver contact
        w.solverContacts.push_back(sc);
    };
    for (int k = 0; k < contacts; ++k) {
        const int a = rng.Int(0, bodies - 1);
        const int b = rng.Chance(0.8f) ? std::clamp(a + rng.Int(-6, 6), 0, bodies - 1) : rng.Int(0, bodies - 1);
        if (a != b) addContact(a, b);
    }
    const int hub = rng.Int(0, bodies - 1);
    for (int k = 0; k < hubContacts; ++k) {
        const int other = rng.Int(0, bodies - 1);
        if (other != hub) addContact(hub, other);
    }
    return w;
}

// Checks the colouring of an ordered, coloured graph against brute force; `before` is the contact list
// before ordering (by cold index).
void CheckColouring(const WorldImpl& w, const std::vector<detail::SolverContact>& before) {
    // The same contacts, each once.
    std::vector<int> seen(before.size(), 0);
    for (const detail::SolverContact& sc : w.solverContacts) ++seen[sc.cold];
    CHECK(std::count(seen.begin(), seen.end(), 1) == static_cast<long>(before.size()));
    // Bands tile the segments, segments the contacts, colours each segment, all in order.
    int segment = 0;
    for (const detail::PartBand& band : w.partBands) {
        CHECK(band.firstSegment == segment);
        CHECK(band.parts >= 1);
        CHECK(band.levels >= 1);
        segment += (band.parts + 1) * band.levels;
    }
    REQUIRE(segment + 1 == static_cast<int>(w.segmentStart.size()));
    REQUIRE(w.segmentColours.size() == w.segmentStart.size());
    CHECK(w.segmentStart.front() == 0);
    CHECK(w.segmentStart.back() == static_cast<int>(w.solverContacts.size()));
    for (size_t s = 0; s + 1 < w.segmentStart.size(); ++s) {
        int cursor = w.segmentStart[s];
        for (int g = w.segmentColours[s]; g < w.segmentColours[s + 1]; ++g) {
            CHECK(w.colourRanges[g].begin == cursor);
            CHECK(w.colourRanges[g].end > w.colourRanges[g].begin);
            cursor = w.colourRanges[g].end;
        }
        CHECK(cursor == w.segmentStart[s + 1]);
    }
    // No two contacts of an independent colour share a body either of them moves (every pair).
    for (const detail::ColourRange& colour : w.colourRanges) {
        if (!colour.independent) continue;
        for (int i = colour.begin; i < colour.end; ++i) {
            const detail::SolverContact& p = w.solverContacts[i];
            for (int j = i + 1; j < colour.end; ++j) {
                const detail::SolverContact& q = w.solverContacts[j];
                const bool sharesA = (p.a == q.a || p.a == q.b) && Moves(p.invMassA, p.invInertiaA);
                const bool sharesB = (p.b == q.a || p.b == q.b) && Moves(p.invMassB, p.invInertiaB);
                if (sharesA || sharesB) FAIL("contacts " << i << " and " << j << " of one colour share a moving body");
            }
        }
    }
}

uint64_t HashAfter(const scenes::SceneDef& scene, SolverSettings settings, int threads, int steps) {
    settings.threads = threads;
    scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
    size_t next = 0;
    for (int step = 1; step <= steps; ++step) {
        for (; next < scene.spawns.size() && scene.spawns[next].step <= step; ++next) scenes::AddBody(built, scene.spawns[next].body);
        built.world.Step(scene.dt);
    }
    REQUIRE(AllFinite(built.world));
    return built.world.StateHash();
}

} // namespace

TEST_CASE("colours inside a level share no moving body (random contact graphs)", "[physics][threads]") {
    Rng rng(14);
    int overflowGraphs = 0;
    for (int graph = 0; graph < 300; ++graph) {
        const int bodies = rng.Int(2, 400);
        const int hubContacts = graph % 5 == 0 ? rng.Int(60, 200) : 0;
        WorldImpl w = RandomGraph(rng, bodies, rng.Int(0, 3 * bodies), hubContacts);
        const std::vector<detail::SolverContact> before = w.solverContacts;
        if (graph % 7 == 0) {
            w.levelStart.assign({0, static_cast<int>(w.solverContacts.size())});  // bottom-up order off: one level
        } else {
            w.OrderContactsBottomUp();
        }
        const std::vector<detail::SolverContact> leveled = w.solverContacts;
        const std::vector<int> levels = w.levelStart;
        std::vector<int> levelOf(before.size());
        for (size_t level = 0; level + 1 < levels.size(); ++level)
            for (int k = levels[level]; k < levels[level + 1]; ++k) levelOf[w.solverContacts[k].cold] = static_cast<int>(level);
        w.SplitLevelsIntoParts();
        w.ColourLevels();
        CheckColouring(w, before);
        // Parts and colours only reorder inside a band, and every segment holds one level's contacts.
        int firstLevel = 0;
        for (const detail::PartBand& band : w.partBands) {
            for (int s = 0; s < (band.parts + 1) * band.levels; ++s) {
                const int segment = band.firstSegment + s;
                for (int k = w.segmentStart[segment]; k < w.segmentStart[segment + 1]; ++k)
                    CHECK(levelOf[w.solverContacts[k].cold] == firstLevel + s % band.levels);
            }
            firstLevel += band.levels;
        }
        CHECK(firstLevel == static_cast<int>(levels.size()) - 1);
        for (const detail::ColourRange& colour : w.colourRanges) overflowGraphs += colour.independent ? 0 : 1;
        // Deterministic: the same input gives the same order.
        WorldImpl again;
        again.solverBodies = w.solverBodies;
        again.solverContacts = leveled;
        again.levelStart = levels;
        again.SplitLevelsIntoParts();
        again.ColourLevels();
        for (size_t k = 0; k < w.solverContacts.size(); ++k) CHECK(again.solverContacts[k].cold == w.solverContacts[k].cold);
    }
    CHECK(overflowGraphs > 0);  // the overflow colour was exercised
}

namespace {

// Checks every pass schedule of an ordered, coloured world on 2 to 4 threads against brute force: each
// contact is solved once, and no two contacts in different chunks of one step (which may run at the same
// time: the parts of a band, the pieces of a split colour) share a body either of them moves. Returns
// the number of steps whose chunks are parts of a band (a chunk of more than one colour).
int CheckConcurrentContacts(WorldImpl& w, detail::ThreadPool* pools) {
    int partSteps = 0;
    for (int p = 0; p < 3; ++p) {
        w.pool = &pools[p];
        for (const bool backwards : {false, true}) {
            w.colourSchedules.Forget(false);  // schedules are cached per solve, for one thread count
            const detail::ColourSchedule& schedule = w.ScheduleColours(backwards, false);
            std::vector<int> solved(w.solverContacts.size(), 0);
            std::vector<std::vector<int>> chunks;  // contacts of each chunk of the current step
            bool coloursInOneChunk = false;          // the current step has a chunk of several colours
            int currentStep = -1;
            auto checkStep = [&] {
                for (size_t i = 0; i < chunks.size(); ++i) {
                    for (size_t j = i + 1; j < chunks.size(); ++j) {
                        for (const int ki : chunks[i]) {
                            const detail::SolverContact& x = w.solverContacts[ki];
                            for (const int kj : chunks[j]) {
                                const detail::SolverContact& y = w.solverContacts[kj];
                                const bool sharesA = (x.a == y.a || x.a == y.b) && Moves(x.invMassA, x.invInertiaA);
                                const bool sharesB = (x.b == y.a || x.b == y.b) && Moves(x.invMassB, x.invInertiaB);
                                if (sharesA || sharesB) FAIL("contacts " << ki << " and " << kj << " run at the same time and share a moving body");
                            }
                        }
                    }
                }
                partSteps += chunks.size() > 1 && coloursInOneChunk ? 1 : 0;
                chunks.clear();
                coloursInOneChunk = false;
            };
            int currentChunk = -1, chunkColour = -1;
            schedule.ForEachTask([&](int step, int chunk, const detail::ColourTask& task) {
                if (step != currentStep) {
                    checkStep();
                    currentStep = step;
                }
                if (chunk != currentChunk) {
                    chunks.emplace_back();
                    currentChunk = chunk;
                    chunkColour = task.colour;
                }
                coloursInOneChunk = coloursInOneChunk || task.colour != chunkColour;
                const int offset = w.colourRanges[task.colour].begin;
                for (int k = offset + task.begin; k < offset + task.end; ++k) {
                    chunks.back().push_back(k);
                    ++solved[k];
                }
            });
            checkStep();
            CHECK(std::count(solved.begin(), solved.end(), 1) == static_cast<long>(solved.size()));
        }
    }
    w.pool = nullptr;
    return partSteps;
}

} // namespace

TEST_CASE("contacts solved at the same time share no moving body (parts of a band, seam colours; brute force)", "[physics][threads]") {
    detail::ThreadPool pools[] = {detail::ThreadPool(2), detail::ThreadPool(3), detail::ThreadPool(4)};
    Rng rng(2014);
    int partSteps = 0;
    for (int graph = 0; graph < 60; ++graph) {
        const int bodies = rng.Int(2, 1500);
        WorldImpl w = RandomGraph(rng, bodies, rng.Int(0, 3 * bodies), graph % 5 == 0 ? rng.Int(60, 200) : 0);
        if (graph % 7 == 0) {
            w.levelStart.assign({0, static_cast<int>(w.solverContacts.size())});
        } else {
            w.OrderContactsBottomUp();
        }
        w.SplitLevelsIntoParts();
        w.ColourLevels();
        partSteps += CheckConcurrentContacts(w, pools);
    }
    CHECK(partSteps > 0);
    // Real piles: a pyramid's rows cut into parts with a few seam contacts at each cut, and many small
    // pyramids.
    for (const scenes::SceneDef& scene : {scenes::Pyramid(60), scenes::ManyPyramids(10, 4, 6)}) {
        INFO(scene.name);
        SolverSettings settings;
        settings.restStates = false;
        scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
        for (int step = 0; step < 30; ++step) built.world.Step(scene.dt);
        WorldImpl& impl = const_cast<WorldImpl&>(WorldAccess::Impl(built.world));
        CHECK(CheckConcurrentContacts(impl, pools) > 0);
        int seamContacts = 0;
        for (const detail::PartBand& band : impl.partBands) {
            const int seams = band.firstSegment + band.parts * band.levels;
            seamContacts += impl.segmentStart[seams + band.levels] - impl.segmentStart[seams];
        }
        if (scene.name == "C60") CHECK(seamContacts > 0);
    }
}

TEST_CASE("CompactFlags keeps the flagged indices in order on any thread count (brute force)", "[physics][threads]") {
    Rng rng(41);
    detail::ThreadPool pools[] = {detail::ThreadPool(2), detail::ThreadPool(3), detail::ThreadPool(4)};
    std::vector<int> blockCounts, out;
    for (int trial = 0; trial < 400; ++trial) {
        // Sizes around the block size (2048) and its multiples, and empty or all-set or sparse flags.
        const int sizes[] = {0, 1, 2047, 2048, 2049, 4096, rng.Int(0, 20000)};
        const int count = sizes[trial % 7];
        const float density = trial % 5 == 0 ? 0.0f : trial % 5 == 1 ? 1.0f : rng.Uniform(0.0f, 1.0f);
        std::vector<uint8_t> flags(static_cast<size_t>(count));
        for (uint8_t& f : flags) f = rng.Chance(density) ? static_cast<uint8_t>(rng.Int(1, 255)) : 0;
        std::vector<int> expected;
        for (int i = 0; i < count; ++i)
            if (flags[i] != 0) expected.push_back(i);
        out.assign(3, -7);  // stale contents must go
        detail::CompactFlags(nullptr, flags, blockCounts, out);
        CHECK(out == expected);
        for (detail::ThreadPool& pool : pools) {
            out.clear();
            detail::CompactFlags(&pool, flags, blockCounts, out);
            CHECK(out == expected);
        }
    }
}

TEST_CASE("a colour schedule solves every item once, colour after colour, on any thread count", "[physics][threads]") {
    Rng rng(77);
    detail::ThreadPool pools[] = {detail::ThreadPool(2), detail::ThreadPool(3), detail::ThreadPool(4)};
    detail::ColourSchedule schedule;
    for (int trial = 0; trial < 200; ++trial) {
        detail::ThreadPool* pool = trial % 4 == 0 ? nullptr : &pools[trial % 4 - 1];
        const int threads = pool == nullptr ? 1 : pool->Threads();
        // Colours of every size around the split threshold, some empty, some dependent.
        const int colours = rng.Int(0, 60);
        std::vector<int> items(static_cast<size_t>(colours));
        schedule.Clear(threads);
        for (int g = 0; g < colours; ++g) {
            const int contacts = rng.Chance(0.3f) ? rng.Int(0, 8) : rng.Int(0, 3 * detail::ColourSchedule::kMinSplitContacts);
            items[g] = rng.Chance(0.5f) ? contacts : (contacts + 3) / 4;  // contacts, or batches of four
            schedule.Add(g, items[g], contacts, !rng.Chance(0.1f));
        }
        // Tickets: every item's start and end, in one global order.
        std::atomic<int> ticket{0};
        std::vector<std::atomic<int>> solved(static_cast<size_t>(colours) * 200);
        std::vector<std::atomic<int>> starts(static_cast<size_t>(colours)), ends(static_cast<size_t>(colours));
        for (int g = 0; g < colours; ++g) {
            starts[g] = 1 << 30;
            ends[g] = -1;
        }
        schedule.Run(pool, [&](const detail::ColourTask& task) {
            const int start = ticket.fetch_add(1);
            for (int item = task.begin; item < task.end; ++item) solved[static_cast<size_t>(task.colour) * 200 + item].fetch_add(1);
            const int end = ticket.fetch_add(1);
            for (int seen = starts[task.colour].load(); start < seen && !starts[task.colour].compare_exchange_weak(seen, start);) {
            }
            for (int seen = ends[task.colour].load(); end > seen && !ends[task.colour].compare_exchange_weak(seen, end);) {
            }
        });
        int previousEnd = -1;
        for (int g = 0; g < colours; ++g) {
            int wrong = 0;
            for (int item = 0; item < 200; ++item) wrong += solved[static_cast<size_t>(g) * 200 + item].load() == (item < items[g] ? 1 : 0) ? 0 : 1;
            CHECK(wrong == 0);
            if (items[g] == 0) continue;
            CHECK(starts[g].load() > previousEnd);  // began after every earlier colour ended
            previousEnd = ends[g].load();
        }
    }
}

TEST_CASE("a contact-free world and a single contact colour trivially", "[physics][threads]") {
    WorldImpl w;
    w.levelStart.assign({0, 0});
    w.SplitLevelsIntoParts();
    w.ColourLevels();
    CHECK(w.colourRanges.empty());
    Rng rng(3);
    WorldImpl one = RandomGraph(rng, 2, 0, 0);
    detail::SolverContact sc;
    sc.a = 0;
    sc.b = 1;
    sc.cold = 0;
    sc.invMassA = sc.invMassB = 1.0f;
    one.solverContacts.push_back(sc);
    one.OrderContactsBottomUp();
    one.SplitLevelsIntoParts();
    one.ColourLevels();
    REQUIRE(one.colourRanges.size() == 1);
    CHECK(one.colourRanges[0].end - one.colourRanges[0].begin == 1);
}

TEST_CASE("a step gives the same state on 1, 2, 3 and 4 threads", "[physics][threads]") {
    struct Case {
        scenes::SceneDef scene;
        bool restStates;
    };
    const Case cases[] = {
        {scenes::Pyramid(20), false},
        {scenes::Pyramid(20), true},
        {scenes::Pyramid(50), false},  // rows cut into parts, seam contacts at every cut
        {scenes::ManyPyramids(10, 2, 6), false},
        {scenes::ManyPyramids(10, 2, 6), true},
        {scenes::Rain(40, 8, 2, 5), true},
        {scenes::Tumbler(300), false},
        {scenes::Smash(20, 30), false},  // a fast box: the continuous phase's parallel pre-passes
        {scenes::RagdollPile(12), true},
        {scenes::JointGrid(12), false},
    };
    for (const Case& c : cases) {
        SolverSettings settings;
        settings.restStates = c.restStates;
        const uint64_t one = HashAfter(c.scene, settings, 1, 300);
        for (int threads = 2; threads <= 4; ++threads) {
            INFO(c.scene.name << " rest states " << c.restStates << ", " << threads << " threads");
            CHECK(HashAfter(c.scene, settings, threads, 300) == one);
        }
    }
}

// The order of the last solve is reused while the contact graph stays the same (OrderAndColourContacts):
// the state must be the one of building the order every step, also while bodies arrive, freeze and wake,
// and when the ordering settings change between steps.
TEST_CASE("reusing the last contact order gives the state of building it every step", "[physics][threads]") {
    struct Case {
        scenes::SceneDef scene;
        bool restStates;
        int threads;
        uint64_t minReuses;  // piles keep their graph; rain and a tumbler change it nearly every step
    };
    const Case cases[] = {
        {scenes::Pyramid(20), false, 1, 200},
        {scenes::Pyramid(20), true, 2, 10},  // it rests at step 12; from then on its steps are idle (idle_step.cpp)
        {scenes::ManyPyramids(10, 2, 6), false, 2, 200},
        {scenes::Rain(40, 8, 2, 5), true, 1, 1},
        {scenes::Tumbler(300), false, 3, 0},
        {scenes::RagdollPile(12), true, 2, 100},
    };
    for (const Case& c : cases) {
        INFO(c.scene.name << " rest states " << c.restStates << ", " << c.threads << " threads");
        uint64_t hash[2] = {};
        uint64_t reuses[2] = {};
        for (int rebuild = 0; rebuild < 2; ++rebuild) {
            SolverSettings settings;
            settings.restStates = c.restStates;
            settings.threads = c.threads;
            scenes::BuiltWorld built = scenes::BuildWorld(c.scene, settings);
            WorldImpl& impl = const_cast<WorldImpl&>(WorldAccess::Impl(built.world));
            size_t next = 0;
            for (int step = 1; step <= 240; ++step) {
                for (; next < c.scene.spawns.size() && c.scene.spawns[next].step <= step; ++next) scenes::AddBody(built, c.scene.spawns[next].body);
                if (step == 120 || step == 160) {  // levels off, then on again: a graph built the other way is not reused
                    SolverSettings s = built.world.GetSettings();
                    s.bottomUpOrder = s.shockPropagation = step == 160;
                    built.world.SetSettings(s);
                }
                if (rebuild == 1) impl.orderCache.valid = false;
                built.world.Step(c.scene.dt);
            }
            REQUIRE(AllFinite(built.world));
            hash[rebuild] = built.world.StateHash();
            reuses[rebuild] = impl.orderCache.reuses;
        }
        CHECK(hash[0] == hash[1]);
        CHECK(reuses[0] >= c.minReuses);
        CHECK(reuses[1] == 0);
    }
}

TEST_CASE("the thread count changes between steps and survives Clone, Save and Load", "[physics][threads]") {
    const scenes::SceneDef scene = scenes::ManyPyramids(10, 2, 6);
    SolverSettings settings;
    settings.restStates = false;
    const uint64_t reference = HashAfter(scene, settings, 1, 120);
    scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
    for (int step = 0; step < 120; ++step) {
        if (step % 30 == 0) {
            SolverSettings s = built.world.GetSettings();
            s.threads = 1 + (step / 30) % 3;
            built.world.SetSettings(s);
        }
        if (step == 60) {
            World copy = built.world.Clone();
            built.world = World::Load(copy.Save());
            CHECK(built.world.GetSettings().threads == 3);
        }
        built.world.Step(scene.dt);
    }
    CHECK(built.world.StateHash() == reference);
}

TEST_CASE("bad thread counts throw InvalidArgument and leave the world unchanged", "[physics][threads]") {
    World world;
    AddGround(world);
    for (int k = 0; k < 5; ++k) AddBox(world, {0.0f, 0.5f + static_cast<float>(k)}, {0.5f, 0.5f});
    StepN(world, 10);
    const uint64_t before = world.StateHash();
    for (int threads : {0, -1, 65, 1000}) {
        SolverSettings s = world.GetSettings();
        s.threads = threads;
        CHECK_THROWS_AS(world.SetSettings(s), InvalidArgument);
        CHECK_THROWS_AS(World(WorldDef{.settings = s}), InvalidArgument);
        CHECK(world.GetSettings().threads == 1);
        CHECK(world.StateHash() == before);
    }
    for (int threads : {1, 64}) {
        SolverSettings s = world.GetSettings();
        s.threads = threads;
        CHECK_NOTHROW(world.SetSettings(s));
    }

    // A snapshot's thread count is validated on Load: find its bytes by saving two counts, then write
    // out-of-range ones there.
    SolverSettings s = world.GetSettings();
    s.threads = 7;
    world.SetSettings(s);
    const std::vector<uint8_t> seven = world.Save();
    s.threads = 9;
    world.SetSettings(s);
    std::vector<uint8_t> bytes = world.Save();
    REQUIRE(bytes.size() == seven.size());
    std::vector<size_t> differing;
    for (size_t i = 0; i < bytes.size(); ++i)
        if (bytes[i] != seven[i]) differing.push_back(i);
    REQUIRE(differing.size() == 1);
    CHECK(World::Load(bytes).GetSettings().threads == 9);
    for (uint8_t bad : {uint8_t{0}, uint8_t{65}}) {
        bytes[differing[0]] = bad;
        try {
            World::Load(bytes);
            FAIL("a snapshot with threads = " << int{bad} << " loaded");
        } catch (const InvalidArgument& e) {
            CHECK(std::string(e.what()).find("threads") != std::string::npos);
        }
    }
}
