#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "cast_reference.h"
#include "sensu/geometry/move_and_slide.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

constexpr float kSkin = 1e-3f;

// Points sampled on an obstacle's boundary (and its centre), world frame.
std::vector<Vec2> SampleBoundary(const Obstacle& o) {
    std::vector<Vec2> out;
    auto edge = [&](Vec2 a, Vec2 b) {
        for (int k = 0; k < 32; ++k) out.push_back(TransformPoint(o.xf, Lerp(a, b, k / 32.0f)));
    };
    auto ring = [&](Vec2 c, float r) {
        for (int k = 0; k < 32; ++k) out.push_back(TransformPoint(o.xf, c + r * Rot::FromAngle(k * kTwoPi / 32).XAxis()));
    };
    std::visit(
        [&](const auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, Circle>) {
                ring(s.center(), s.radius());
            } else if constexpr (std::is_same_v<S, Capsule>) {
                ring(s.a(), s.radius());
                ring(s.b(), s.radius());
                const Vec2 n = s.radius() * Normalize(RightPerp(s.b() - s.a()));
                edge(s.a() + n, s.b() + n);
                edge(s.a() - n, s.b() - n);
            } else if constexpr (std::is_same_v<S, Segment>) {
                edge(s.a(), s.b());
                out.push_back(TransformPoint(o.xf, s.b()));
            } else if constexpr (std::is_same_v<S, Box>) {
                const auto c = s.Corners();
                for (int i = 0; i < 4; ++i) edge(c[i], c[(i + 1) % 4]);
            } else {
                for (int i = 0; i < s.count(); ++i) edge(s.vertex(i), s.vertex((i + 1) % s.count()));
            }
        },
        o.shape);
    return out;
}

// Distance from p to the character's core segment.
float CoreDistance(const CharacterShape& c, Vec2 position, Vec2 p) {
    return float(DistPointSegment(D(p), D(position - Vec2{0, c.halfHeight}), D(position + Vec2{0, c.halfHeight})));
}

// A random world: a jagged floor and ceiling (segment polylines), two jagged walls, and random
// boxes, polygons, circles and capsules in between.
std::vector<Obstacle> JaggedWorld(Rng& rng) {
    std::vector<Obstacle> out;
    auto polyline = [&](Vec2 from, Vec2 step, Vec2 jitter, int count) {
        Vec2 prev = from;
        for (int i = 1; i <= count; ++i) {
            Vec2 next = from + float(i) * step + Vec2{jitter.x * rng.Uniform(-1, 1), jitter.y * rng.Uniform(-1, 1)};
            if (Distance(prev, next) < 0.05f) next = next + 0.1f * step;
            out.push_back({Segment(prev, next), {}});
            prev = next;
        }
    };
    polyline({-6, -4}, {0.5f, 0}, {0.1f, 0.6f}, 24);
    polyline({-6, 4}, {0.5f, 0}, {0.1f, 0.6f}, 24);
    polyline({-6, -5}, {0, 0.5f}, {0.6f, 0.1f}, 20);
    polyline({6, -5}, {0, 0.5f}, {0.6f, 0.1f}, 20);
    for (int k = 0; k < 6; ++k) {
        const Transform xf = Transform::FromAngle(rng.InBox(-4, 3), rng.Angle());
        switch (k % 4) {
        case 0: out.push_back({Box({rng.Uniform(0.1f, 0.8f), rng.Uniform(0.1f, 0.8f)}), xf}); break;
        case 1: out.push_back({RandomPolygon(rng, 0.5f), xf}); break;
        case 2: out.push_back({Circle({}, rng.Uniform(0.1f, 0.6f)), xf}); break;
        case 3: out.push_back({Capsule({-0.5f, 0}, {0.5f, 0}, rng.Uniform(0.05f, 0.3f)), xf}); break;
        }
    }
    return out;
}

// Boundary samples of one obstacle with their bounding box, to skip far obstacles quickly.
struct Samples {
    std::vector<Vec2> points;
    AABB box;
};

Samples MakeSamples(const Obstacle& o) {
    Samples s{SampleBoundary(o), {}};
    s.box = {s.points[0], s.points[0]};
    for (Vec2 p : s.points) s.box = Union(s.box, {p, p});
    return s;
}

// Smallest distance from a boundary sample to the character's surface (negative: a sample inside it).
double Clearance(const CharacterShape& c, Vec2 position, const std::vector<Samples>& samples) {
    const float reach = c.radius + c.halfHeight + 0.05f;
    const AABB near{position - Vec2{reach, reach}, position + Vec2{reach, reach}};
    double worst = 0.05;
    for (const Samples& s : samples) {
        if (!Overlaps(s.box, near)) continue;
        for (Vec2 p : s.points) worst = std::min(worst, double(CoreDistance(c, position, p)) - c.radius);
    }
    return worst;
}

// True when the character's centre lies inside a solid obstacle (a body fully inside one would touch
// none of its boundary samples).
bool CentreInsideSolid(Vec2 position, const std::vector<Obstacle>& obstacles) {
    for (const Obstacle& o : obstacles) {
        if (std::holds_alternative<Segment>(o.shape)) continue;
        const WorldShape w = std::visit([&](const auto& s) { return World(s, o.xf); }, o.shape);
        if (w.SignedDistance(D(position)) < 0) return true;
    }
    return false;
}

} // namespace

TEST_CASE("MoveAndSlide never ends inside geometry on random jagged worlds (checked by sampling)", "[moveandslide][brute]") {
    Rng rng(501);
    int contacts = 0, grounded = 0, frames = 0;
    for (int world = 0; world < 2000; ++world) {
        const std::vector<Obstacle> obstacles = JaggedWorld(rng);
        std::vector<Samples> samples;
        for (const Obstacle& o : obstacles) samples.push_back(MakeSamples(o));
        const CharacterShape body{rng.Uniform(0.1f, 0.4f), world % 2 == 0 ? 0.0f : rng.Uniform(0.1f, 0.4f)};
        Vec2 pos = rng.InBox(-3, 2);
        int guard = 0;
        auto free = [&](Vec2 p) { return Clearance(body, p, samples) >= 0.02 && !CentreInsideSolid(p, obstacles); };
        while (!free(pos) && guard++ < 200) pos = rng.InBox(-3, 2);
        if (!free(pos)) continue;
        Vec2 velocity{};
        for (int frame = 0; frame < 20; ++frame) {
            // Gravity plus random running and jumping, sometimes very fast.
            velocity.y -= 9.8f / 60.0f;
            velocity.x = rng.Uniform(-8, 8);
            if (rng.Chance(0.1f)) velocity.y = rng.Uniform(0, 12);
            if (rng.Chance(0.05f)) velocity = rng.InBox(-60, 60);
            const MoveAndSlideResult r = MoveAndSlide(body, pos, velocity * (1.0f / 60.0f), obstacles);
            ++frames;
            contacts += r.contactCount;
            grounded += r.onGround;
            const double clearance = Clearance(body, r.position, samples);
            if (clearance < -1e-4)
                FAIL("world " << world << " frame " << frame << " from " << pos.x << "," << pos.y << " by " << velocity.x / 60
                              << "," << velocity.y / 60 << " ends at " << r.position.x << "," << r.position.y << " clearance " << clearance);
            if (CentreInsideSolid(r.position, obstacles)) FAIL("world " << world << " frame " << frame << " centre inside an obstacle");
            if (r.onGround && velocity.y < 0) velocity.y = 0;
            pos = r.position;
        }
    }
    CHECK(frames > 30000);
    CHECK(contacts > frames / 8);
    CHECK(grounded > frames / 50);
}

TEST_CASE("MoveAndSlide: stops at walls, slides, corners, grazing", "[moveandslide]") {
    const std::vector<Obstacle> room{
        {Box({10, 0.5f}, {0, -0.5f}), {}}, // floor, top at y = 0
        {Box({0.5f, 10}, {2.5f, 0}), {}},  // wall, left face at x = 2
    };
    const CharacterShape ball{0.5f, 0.0f};
    SECTION("straight into a wall stops ε short of it") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {0, 3}, {5, 0}, room);
        CHECK(r.position.x == Approx(1.5f - kSkin).epsilon(1e-5));
        CHECK(r.position.y == Approx(3.0f));
        CHECK(r.contactCount == 1);
        CHECK(r.contacts[0].normal.x == Approx(-1.0f));
        CHECK_FALSE(r.onGround);
    }
    SECTION("diagonally into the floor slides along it and is on the ground") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {-3, 1}, {1, -2}, room);
        CHECK(r.position.x == Approx(-2.0f).epsilon(1e-3));
        CHECK(r.position.y == Approx(0.5f + kSkin).epsilon(1e-4));
        CHECK(r.onGround);
        CHECK(r.groundNormal.y == Approx(1.0f));
    }
    SECTION("into the corner ends in the corner, clear of both") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {0, 1}, {5, -5}, room);
        CHECK(r.position.x == Approx(1.5f - kSkin).epsilon(1e-4));
        CHECK(r.position.y == Approx(0.5f + kSkin).epsilon(1e-4));
        CHECK(r.onGround);
    }
    SECTION("grazing: touching the floor exactly and running along it is free") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {-3, 0.5f}, {1, 0}, room);
        CHECK(r.position.x == Approx(-2.0f));
        CHECK(r.position.y == Approx(0.5f));
        CHECK(r.onGround);
        CHECK_FALSE(r.usedFallback);
    }
    SECTION("grazing: touching the wall exactly and moving up along it is free") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {1.5f, 2}, {0, 1}, room);
        CHECK(r.position.y == Approx(3.0f));
    }
    SECTION("standing still on the floor: the probe finds the ground") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {0, 0.5f + kSkin}, {0, 0}, room);
        CHECK(r.onGround);
        CHECK(r.position.y == Approx(0.5f + kSkin));
    }
    SECTION("starting inside the floor: pushed out first") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {0, 0.2f}, {0, 0}, room);
        CHECK(r.depenetrated);
        CHECK(r.position.y == Approx(0.5f + kSkin).epsilon(1e-4));
    }
    SECTION("a capsule character stops with its bottom cap on the floor") {
        const MoveAndSlideResult r = MoveAndSlide({0.25f, 0.5f}, {0, 2}, {0, -5}, room);
        CHECK(r.position.y == Approx(0.75f + kSkin).epsilon(1e-4));
        CHECK(r.onGround);
    }
    SECTION("huge motion in one frame does not tunnel through a thin wall") {
        const std::vector<Obstacle> thin{{Segment({5, -10}, {5, 10}), {}}};
        const MoveAndSlideResult r = MoveAndSlide(ball, {0, 0}, {1000, 3}, thin);
        CHECK(r.position.x < 4.5f);
    }
}

TEST_CASE("MoveAndSlide: long obstacle lists (beyond the near-mask) behave the same", "[moveandslide]") {
    std::vector<Obstacle> many;
    for (int i = 0; i < 300; ++i) many.push_back({Segment({-100.0f + i, 50}, {-99.5f + i, 50}), {}});
    many.push_back({Box({0.5f, 10}, {2.5f, 0}), {}}); // index 300: past the mask
    const MoveAndSlideResult r = MoveAndSlide({0.5f, 0.0f}, {0, 3}, {5, 0}, many);
    CHECK(r.position.x == Approx(1.5f - kSkin).epsilon(1e-5));
    REQUIRE(r.contactCount == 1);
    CHECK(r.contacts[0].obstacle == 300);
}

TEST_CASE("MoveAndSlide: slopes", "[moveandslide]") {
    const CharacterShape ball{0.5f, 0.0f};
    auto slope = [](float angle) { return std::vector<Obstacle>{{Segment({-10, 0}, {10, 0}), Transform::FromAngle({}, angle)}}; };
    SECTION("a gentle slope is ground") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {0, 1}, {0, -2}, slope(0.3f));
        CHECK(r.onGround);
    }
    SECTION("a steep slope is not ground, and the character slides down it") {
        const MoveAndSlideResult r = MoveAndSlide(ball, {-0.2f, 2}, {0, -3}, slope(1.2f));
        CHECK_FALSE(r.onGround);
        CHECK(r.contactCount == 1);
        CHECK(r.position.x < -0.3f);
    }
}

TEST_CASE("MoveAndSlide rejects invalid input", "[moveandslide][errors]") {
    const std::vector<Obstacle> none;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK_THROWS_WITH(MoveAndSlide({0.0f, 0.0f}, {}, {}, none), Catch::Contains("radius"));
    CHECK_THROWS_WITH(MoveAndSlide({0.5f, -1.0f}, {}, {}, none), Catch::Contains("halfHeight"));
    CHECK_THROWS_WITH(MoveAndSlide({0.5f, 0.0f}, {nan, 0}, {}, none), Catch::Contains("position"));
    CHECK_THROWS_WITH(MoveAndSlide({0.5f, 0.0f}, {}, {0, nan}, none), Catch::Contains("displacement"));
    MoveAndSlideSettings bad;
    bad.skin = 0.0f;
    CHECK_THROWS_WITH(MoveAndSlide({0.5f, 0.0f}, {}, {}, none, bad), Catch::Contains("skin"));
}
