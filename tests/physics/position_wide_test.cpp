// The position pass eight contacts at a time (position_solver_wide8.cpp) against SolvePositionContact one
// after the other, on random colours: contacts that share no moving body, fixed bodies shared by many,
// one and two points, held supports in both directions, contacts whose bodies cannot move, deep and
// shallow penetrations, batches of 1 to 8. The bodies and the smallest separation must be the same bit
// for bit. Runs only where the CPU has AVX2 (DefaultWideLanes() is 8); the scenes' hashes at 8, 4 and
// 1 lanes (wide_contacts_test.cpp) cover the pass in whole steps.
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "../../framework/src/physics/position_wide.h"
#include "random_cases.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

detail::SolverBody RandomBody(Rng& rng, bool fixed) {
    detail::SolverBody sb;
    if (!fixed) {
        sb.invMass = rng.Chance(0.05f) ? 0.0f : rng.Uniform(0.05f, 3.0f);
        sb.invInertia = rng.Chance(0.1f) ? 0.0f : rng.Uniform(0.05f, 8.0f);
        if (sb.invMass == 0.0f && sb.invInertia == 0.0f) sb.invMass = 1.0f;
    }
    sb.center = rng.InBox(-5.0f, 5.0f);
    sb.angle = rng.Angle();
    sb.q = Rot::FromAngle(sb.angle);
    sb.level = rng.Int(0, 4);
    return sb;
}

bool SameBits(const std::vector<detail::SolverBody>& x, const std::vector<detail::SolverBody>& y) {
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(detail::SolverBody)) == 0;
}

} // namespace

TEST_CASE("the position pass eight at a time gives one-by-one's bodies and separation bit for bit", "[physics][wide][positions]") {
    if (detail::DefaultWideLanes() < detail::kWide8Lanes) return;  // no AVX2, or a portable build
#if SENSU_WIDE8_CONTACTS
    Rng rng(20261128);
    int corrected = 0, held = 0, turned = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        const int count = rng.Int(1, 8);
        // Bodies 0..2 are fixed (static, kinematic, frozen) and may be shared; each contact has its own
        // moving bodies, as in a colour.
        std::vector<detail::SolverBody> bodies;
        for (int i = 0; i < 3; ++i) bodies.push_back(RandomBody(rng, true));
        std::vector<detail::PositionRow> rows;
        for (int k = 0; k < count; ++k) {
            detail::PositionRow row;
            const int own = static_cast<int>(bodies.size());
            bodies.push_back(RandomBody(rng, false));
            bodies.push_back(RandomBody(rng, false));
            row.a = rng.Chance(0.3f) ? rng.Int(0, 2) : own;
            row.b = row.a == own || rng.Chance(0.5f) ? own + 1 : rng.Int(0, 2);
            if (rng.Chance(0.5f)) std::swap(row.a, row.b);
            if (row.a < 3 && row.b < 3) row.b = own;  // two fixed bodies never meet in the solver
            row.pointCount = rng.Int(1, 2);
            const float angle = rng.Chance(0.5f) ? rng.Uniform(-0.3f, 0.3f) : rng.Angle();  // mostly floor-like
            const Vec2 n{-std::sin(angle), std::cos(angle)};
            row.upward = rng.Chance(0.05f) ? 0.9f : n.y;  // exactly at supportNormalY now and then
            if (rng.Chance(0.5f)) row.upward = -row.upward;
            row.localNormal = InvRotate(bodies[row.a].q, n);
            for (int p = 0; p < row.pointCount; ++p) {
                // Anchors that put the points at separations from 2 cm apart to 30 cm deep.
                const Vec2 surface = rng.InBox(-5.0f, 5.0f);
                const float separation = rng.Chance(0.2f) ? rng.Uniform(-0.006f, -0.004f) : rng.Uniform(-0.3f, 0.02f);
                row.localAnchorA[p] = InvRotate(bodies[row.a].q, surface - bodies[row.a].center);
                row.localAnchorB[p] = InvRotate(bodies[row.b].q, surface + separation * n - bodies[row.b].center);
            }
            rows.push_back(row);
        }
        detail::PositionPassSettings settings{.baumgarte = 0.2f,
                                              .linearSlop = 0.005f,
                                              .maxCorrection = rng.Chance(0.5f) ? 0.2f : 0.02f,
                                              .supportNormalY = 0.9f,
                                              .shockPropagation = rng.Chance(0.8f),
                                              .shockHolds = rng.Chance(0.9f)};
        std::vector<detail::SolverBody> scalar = bodies, wide = bodies;
        float scalarMin = 0.0f;
        for (const detail::PositionRow& row : rows) scalarMin = Min(scalarMin, detail::SolvePositionContact(row, scalar.data(), settings));
        const float wideMin = detail::SolvePositionBatch8(rows.data(), count, wide.data(), settings);
        INFO("trial " << trial << ", " << count << " contacts");
        REQUIRE(std::memcmp(&wideMin, &scalarMin, sizeof(float)) == 0);
        REQUIRE(SameBits(scalar, wide));
        for (int i = 0; i < 3; ++i) REQUIRE(std::memcmp(&wide[i], &bodies[i], sizeof(detail::SolverBody)) == 0);  // fixed: untouched
        corrected += SameBits(scalar, bodies) ? 0 : 1;
        for (const detail::PositionRow& row : rows) {
            const detail::SolverBody &a = bodies[row.a], &b = bodies[row.b];
            held += settings.shockPropagation && settings.shockHolds && a.level != b.level && std::abs(row.upward) >= 0.9f ? 1 : 0;
        }
        for (size_t i = 3; i < bodies.size(); ++i) turned += scalar[i].angle != bodies[i].angle ? 1 : 0;
    }
    // The cases were exercised: corrections, held supports, turns.
    CHECK(corrected > 3000);
    CHECK(held > 2000);
    CHECK(turned > 5000);
#endif
}
