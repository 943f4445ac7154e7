// The position pass reads each contact's rows from WorldImpl::positionRows, a copy in solve order
// (position_solver.cpp): filled by the pre-step straight into the contact's ordered slot when last
// solve's order holds, permuted after the contacts when the order is built anew (solver_order.cpp). Here:
// after every step of scenes whose contact graph changes (landings, rain) and of one that keeps it, row k
// belongs to solverContacts[k], in steps that rebuilt the order with contacts moved as well as in steps
// that reused it.
#include <catch2/catch.hpp>

#include "../../framework/src/physics/world_access.h"
#include "../../framework/src/physics/world_internal.h"
#include "sensu_scenes/busy.h"
#include "sensu_scenes/stacking.h"

using namespace sensu;

TEST_CASE("each position row belongs to the solver contact in its slot, whether the order was rebuilt or reused", "[physics][positions]") {
    const scenes::SceneDef sceneDefs[] = {scenes::DropStack(20), scenes::Rain(40, 8, 2, 5), scenes::Pyramid(8)};
    int rebuiltMoved = 0, reusedMoved = 0;
    for (const scenes::SceneDef& scene : sceneDefs) {
        for (const bool restStates : {false, true}) {
            INFO(scene.name << " rest states " << restStates);
            SolverSettings settings;
            settings.restStates = restStates;
            scenes::BuiltWorld built = scenes::BuildWorld(scene, settings);
            const WorldImpl& impl = WorldAccess::Impl(built.world);
            size_t next = 0;
            for (int step = 1; step <= 150; ++step) {
                for (; next < scene.spawns.size() && scene.spawns[next].step <= step; ++next) scenes::AddBody(built, scene.spawns[next].body);
                const uint64_t reusesBefore = impl.orderCache.reuses;
                built.world.Step(scene.dt);
                if (impl.solverContacts.empty()) continue;
                REQUIRE(impl.positionRows.size() == impl.solverContacts.size());
                bool moved = false;
                for (size_t k = 0; k < impl.solverContacts.size(); ++k) {
                    const detail::SolverContact& sc = impl.solverContacts[k];
                    const detail::PositionRow& row = impl.positionRows[k];
                    moved = moved || sc.cold != static_cast<int>(k);
                    INFO("step " << step << ", slot " << k);
                    REQUIRE(row.a == sc.a);
                    REQUIRE(row.b == sc.b);
                    REQUIRE(row.pointCount == sc.pointCount);
                    REQUIRE(row.upward == Dot(sc.normal, impl.shockUp));
                }
                if (moved) ++(impl.orderCache.reuses == reusesBefore ? rebuiltMoved : reusedMoved);
            }
        }
    }
    // Both ways of placing a row in a permuted slot were exercised.
    CHECK(rebuiltMoved > 0);
    CHECK(reusedMoved > 0);
}
