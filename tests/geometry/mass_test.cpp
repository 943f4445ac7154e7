#include <catch2/catch.hpp>

#include <functional>
#include <vector>

#include "random_cases.h"
#include "sensu/geometry/mass.h"
#include "sensu/geometry/primitives.h"

using namespace sensu;

namespace {

// Brute force: integrate density over a fine grid of cell centres inside the bounds.
MassData SampledMass(const std::function<bool(Vec2)>& inside, AABB bounds, float density, int n) {
    const Vec2 size = bounds.upper - bounds.lower;
    const float cellArea = size.x * size.y / float(n * n);
    float mass = 0.0f;
    Vec2 moment{};
    std::vector<Vec2> points;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const Vec2 p = bounds.lower + Vec2{(i + 0.5f) * size.x / n, (j + 0.5f) * size.y / n};
            if (!inside(p)) continue;
            points.push_back(p);
            mass += density * cellArea;
            moment += density * cellArea * p;
        }
    const Vec2 center = (1.0f / mass) * moment;
    float inertia = 0.0f;
    for (Vec2 p : points) inertia += density * cellArea * DistanceSquared(p, center);
    return {mass, center, inertia};
}

void RequireClose(const MassData& exact, const MassData& sampled, float scale) {
    REQUIRE(exact.mass == Approx(sampled.mass).epsilon(0.01));
    REQUIRE(Distance(exact.center, sampled.center) < 0.01f * scale);
    REQUIRE(exact.inertia == Approx(sampled.inertia).epsilon(0.02));
}

} // namespace

TEST_CASE("Mass properties match grid integration", "[mass][bruteforce]") {
    testing::Rng rng(11);
    for (int k = 0; k < 40; ++k) {
        const float density = rng.Uniform(0.1f, 5.0f);
        const Vec2 c = rng.InBox(-3, 3);
        const float r = rng.Uniform(0.2f, 2.0f);
        const Circle circle(c, r);
        RequireClose(ComputeMass(circle, density),
                     SampledMass([&](Vec2 p) { return DistanceSquared(p, c) <= r * r; }, {c - Vec2{r, r}, c + Vec2{r, r}}, density, 300), r);

        const Vec2 a = rng.InBox(-2, 2), b = rng.InBox(-2, 2);
        const Capsule capsule(a, b, r);
        const AABB capsuleBounds{Min(a, b) - Vec2{r, r}, Max(a, b) + Vec2{r, r}};
        RequireClose(ComputeMass(capsule, density),
                     SampledMass([&](Vec2 p) { return DistanceSquaredPointSegment(p, a, b) <= r * r; }, capsuleBounds, density, 400), r);

        const Box box({rng.Uniform(0.1f, 2.0f), rng.Uniform(0.1f, 2.0f)}, c, rng.Angle());
        const float reach = Length(box.halfExtents());
        RequireClose(ComputeMass(box, density),
                     SampledMass([&](Vec2 p) { return PointInBox(p, box.center(), box.rotation(), box.halfExtents()); },
                                 {c - Vec2{reach, reach}, c + Vec2{reach, reach}}, density, 400), reach);

        const ConvexPolygon polygon = ConvexPolygon::FromBox(box);
        const MassData fromBox = ComputeMass(box, density);
        const MassData fromPolygon = ComputeMass(polygon, density);
        REQUIRE(fromPolygon.mass == Approx(fromBox.mass).epsilon(1e-4));
        REQUIRE(fromPolygon.inertia == Approx(fromBox.inertia).epsilon(1e-3));
        REQUIRE(Distance(fromPolygon.center, fromBox.center) < 1e-4f);
    }
}

TEST_CASE("Triangle inertia far from the origin keeps precision", "[mass]") {
    const Vec2 offset{1000.0f, -1000.0f};
    const std::vector<Vec2> near{{0, 0}, {1, 0}, {0, 1}};
    const std::vector<Vec2> far{offset + near[0], offset + near[1], offset + near[2]};
    const MassData a = ComputeMass(ConvexPolygon(near), 1.0f);
    const MassData b = ComputeMass(ConvexPolygon(far), 1.0f);
    CHECK(b.mass == Approx(a.mass).epsilon(1e-4));
    CHECK(b.inertia == Approx(a.inertia).epsilon(1e-3));
    CHECK(a.inertia == Approx(1.0f / 18.0f).epsilon(1e-4));  // right triangle, legs 1: m(a² + b²)/18 with m = 1/2
}
