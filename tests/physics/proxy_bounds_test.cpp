// The broad phase's cheap box bound (proxy_bounds.h) against the AABB it stands in front of: on random
// boxes (off-centre, turned, rotations a few ulps off unit length) at random poses from millimetres to
// kilometres, the bound must contain the AABB of the four transformed corners exactly as
// WorldImpl::ShapeAABBAt computes it, and stay within a small fraction of the fat AABB's margin of it
// (else the fast path would fail and fall back every step).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "../../framework/src/physics/proxy_bounds.h"

using namespace sensu;

namespace {

// ShapeAABBAt's box case: PointsAABB over Box::Corners.
AABB CornersAABB(const Box& box, const Transform& xf) {
    const auto corners = box.Corners();
    Vec2 lo = TransformPoint(xf, corners[0]);
    Vec2 hi = lo;
    for (int i = 1; i < 4; ++i) {
        const Vec2 p = TransformPoint(xf, corners[i]);
        lo = Min(lo, p);
        hi = Max(hi, p);
    }
    return {lo, hi};
}

// A rotation of `angle` scaled off unit length by up to `offUnit` (Box::FromRotation accepts |c² + s² − 1| ≤ 1e-5).
Rot OffUnit(float angle, float scale) { return {scale * std::cos(angle), scale * std::sin(angle)}; }

} // namespace

TEST_CASE("BoxAABBBound contains the box's corner AABB, and barely more", "[proxy_bounds]") {
    std::mt19937 rng(20261128);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    auto logUniform = [&](float lo, float hi) { return lo * std::pow(hi / lo, unit(rng)); };
    auto signedLog = [&](float lo, float hi) { return (unit(rng) < 0.5f ? -1.0f : 1.0f) * logUniform(lo, hi); };
    auto angle = [&] { return unit(rng) < 0.1f ? 0.0f : 6.2831853f * unit(rng) - 3.14159265f; };
    int checked = 0;
    for (int i = 0; i < 200000; ++i) {
        const Vec2 h{logUniform(1e-3f, 50.0f), logUniform(1e-3f, 50.0f)};
        const Vec2 c = unit(rng) < 0.5f ? Vec2{} : Vec2{signedLog(1e-3f, 20.0f), signedLog(1e-3f, 20.0f)};
        const Box box = Box::FromRotation(h, c, OffUnit(angle(), 1.0f + 4e-6f * (2.0f * unit(rng) - 1.0f)));
        const Transform xf{{signedLog(1e-4f, 5000.0f), signedLog(1e-4f, 5000.0f)}, OffUnit(angle(), 1.0f + 1e-6f * (2.0f * unit(rng) - 1.0f))};
        const AABB exact = CornersAABB(box, xf);
        const AABB bound = detail::BoxAABBBound(box, xf);
        INFO("box h " << h.x << ", " << h.y << " c " << c.x << ", " << c.y << " at " << xf.p.x << ", " << xf.p.y);
        REQUIRE(bound.Contains(exact));
        // Slack: 1e-5 of the magnitudes plus the few ulps of an off-unit rotation, 1.2e-4 of them in all
        // at most: for a body within 100 m that is under a tenth of the 0.1 m default margin.
        const float magnitude = std::fabs(xf.p.x) + std::fabs(xf.p.y) + std::fabs(c.x) + std::fabs(c.y) + h.x + h.y;
        const float slack = Max(Max(exact.lower.x - bound.lower.x, exact.lower.y - bound.lower.y),
                                Max(bound.upper.x - exact.upper.x, bound.upper.y - exact.upper.y));
        REQUIRE(slack <= 1.2e-4f * magnitude);
        ++checked;
    }
    CHECK(checked == 200000);
}

TEST_CASE("BoxAABBBound of a non-finite pose is held by no finite box", "[proxy_bounds]") {
    const Box box({0.5f, 0.5f});
    const AABB fat{{-1e30f, -1e30f}, {1e30f, 1e30f}};
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    CHECK_FALSE(fat.Contains(detail::BoxAABBBound(box, {{nan, 0.0f}, Rot{}})));
    CHECK_FALSE(fat.Contains(detail::BoxAABBBound(box, {{inf, 0.0f}, Rot{}})));
    CHECK_FALSE(fat.Contains(detail::BoxAABBBound(box, {{0.0f, 0.0f}, Rot{nan, 0.0f}})));
    // A finite pose is held, for contrast.
    CHECK(fat.Contains(detail::BoxAABBBound(box, {{3.0f, -2.0f}, Rot{}})));
}
