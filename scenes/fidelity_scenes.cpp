// The random scenes of the fidelity harness (fidelity.h): one builder per kind, all drawn from a seed.
#include <algorithm>
#include <cmath>
#include <random>
#include <span>

#include "sensu_scenes/fidelity.h"

namespace sensu::scenes {

namespace {

// Uniform draws from the raw 64-bit generator (the standard distributions differ between libraries).
class Draw {
public:
    explicit Draw(uint64_t seed) : engine_(seed * 0x9e3779b97f4a7c15ull + 15) {}
    float Uniform(float lo, float hi) { return lo + (hi - lo) * static_cast<float>(engine_() >> 40) * 0x1p-24f; }
    int Int(int lo, int hi) { return lo + static_cast<int>(engine_() % static_cast<uint64_t>(hi - lo + 1)); }
    bool Chance(float p) { return Uniform(0.0f, 1.0f) < p; }

private:
    std::mt19937_64 engine_;
};

constexpr float kFriction = 0.6f;

World RestOnWorld() { return World({.gravity = {0.0f, -10.0f}}); }

void AddGround(World& world) {
    const BodyId ground = world.CreateBody({.type = BodyType::Static, .position = {0.0f, -0.5f}});
    world.CreateShape(ground, {.geometry = Box({40.0f, 0.5f}), .friction = kFriction});
}

// A random small body: box, triangle-to-hexagon polygon, disc or capsule of about `size` m.
ShapeGeometry RandomShape(Draw& d, float size) {
    switch (d.Int(0, 3)) {
        case 0: return Box({size * d.Uniform(0.5f, 1.0f), size * d.Uniform(0.3f, 0.8f)});
        case 1: {
            const int n = d.Int(3, 6);
            Vec2 v[8];
            for (int i = 0; i < n; ++i) {
                const float a = kTwoPi * static_cast<float>(i) / static_cast<float>(n);
                v[i] = size * Vec2{std::cos(a), std::sin(a)};
            }
            return ConvexPolygon(std::span<const Vec2>(v, static_cast<size_t>(n)));
        }
        case 2: return Circle({0, 0}, size * d.Uniform(0.5f, 0.9f));
        default: return Capsule({-0.5f * size, 0}, {0.5f * size, 0}, size * d.Uniform(0.3f, 0.5f));
    }
}

BodyId AddBody(World& world, Vec2 at, const ShapeGeometry& g, float friction = kFriction, Vec2 v = {}, float angle = 0.0f) {
    const BodyId b = world.CreateBody({.type = BodyType::Dynamic, .position = at, .angle = angle, .linearVelocity = v});
    world.CreateShape(b, {.geometry = g, .density = 1.0f, .friction = friction});
    return b;
}

// A heap of 8–24 bodies dropped from a few metres around x = cx.
void DropPile(World& world, Draw& d, float cx) {
    const int n = d.Int(8, 24);
    for (int i = 0; i < n; ++i) {
        const Vec2 at{cx + d.Uniform(-1.5f, 1.5f), 0.5f + 0.6f * static_cast<float>(i) + d.Uniform(0.0f, 0.3f)};
        AddBody(world, at, RandomShape(d, d.Uniform(0.15f, 0.4f)), kFriction, {}, d.Uniform(-kPi, kPi));
    }
}

// A stack or pyramid of boxes, exactly touching, that rests soon.
void StackPile(World& world, Draw& d, float cx) {
    const float h = d.Uniform(0.2f, 0.5f);
    if (d.Chance(0.5f)) {
        const int rows = d.Int(2, 6);
        for (int row = 0; row < rows; ++row)
            for (int i = 0; i < rows - row; ++i)
                AddBody(world, {cx + 2.0f * h * (static_cast<float>(i) - 0.5f * static_cast<float>(rows - row - 1)), h + 2.0f * h * static_cast<float>(row)},
                        Box({h, h}));
    } else {
        const int n = d.Int(2, 8);
        for (int i = 0; i < n; ++i) AddBody(world, {cx, h + 2.0f * h * static_cast<float>(i)}, Box({1.5f * h, h}));
    }
}

void BuildPile(FidelityScene& s, Draw& d) {
    if (d.Chance(0.5f)) DropPile(s.world, d, 0.0f);
    else StackPile(s.world, d, 0.0f);
}

// A static slope of θ ∈ [0°, 40°] through the origin with bodies laid on it; their friction ranges
// from well below tan θ (they slide) to well above (they stay).
void BuildSlope(FidelityScene& s, Draw& d) {
    const float theta = d.Uniform(0.0f, 40.0f) * kPi / 180.0f;
    // The slope's surface runs from the ground (y = 0 at x = −8 cos θ) upwards through (0, 8 sin θ).
    const BodyId slope = s.world.CreateBody({.type = BodyType::Static, .position = {0.0f, 8.0f * std::sin(theta)}, .angle = theta});
    s.world.CreateShape(slope, {.geometry = Box({8.0f, 0.25f}, {0.0f, -0.25f}), .friction = 1.0f});
    const Vec2 along{std::cos(theta), std::sin(theta)}, up{-std::sin(theta), std::cos(theta)};
    const int n = d.Int(1, 5);
    for (int i = 0; i < n; ++i) {
        const float hx = d.Uniform(0.2f, 0.6f), hy = d.Uniform(0.1f, 0.3f);
        const float mu = Max(0.05f, std::tan(theta) * d.Uniform(0.6f, 1.6f));  // the pair uses sqrt(μ · 1)
        const Vec2 at = Vec2{0.0f, 8.0f * std::sin(theta)} + (-5.0f + 2.2f * static_cast<float>(i)) * along + (hy + 0.002f) * up;
        AddBody(s.world, at, Box({hx, hy}), mu * mu, {}, theta);
    }
}

void BuildMover(FidelityScene& s, Draw& d) {
    StackPile(s.world, d, 0.0f);
    const float speed = d.Uniform(0.2f, 1.0f);
    const float height = d.Uniform(0.2f, 0.6f);
    const BodyId mover = s.world.CreateBody({.type = BodyType::Kinematic, .position = {-6.0f, height + 0.01f}});
    s.world.CreateShape(mover, {.geometry = Box({0.3f, height}), .friction = kFriction});
    const int start = d.Int(60, 180), stop = start + d.Int(120, 300);
    s.events.push_back({start, [mover, speed](World& w) { w.SetLinearVelocity(mover, {speed, 0.0f}); }});
    s.events.push_back({stop, [mover](World& w) { w.SetLinearVelocity(mover, {}); }});
}

void BuildImpact(FidelityScene& s, Draw& d) {
    StackPile(s.world, d, 0.0f);
    const int shots = d.Int(1, 3);
    for (int k = 0; k < shots; ++k) {
        const int step = d.Int(90, 300);
        const float y = d.Uniform(0.3f, 2.5f), speed = d.Uniform(3.0f, 15.0f), r = d.Uniform(0.1f, 0.3f);
        s.events.push_back({step, [y, speed, r](World& w) { AddBody(w, {-7.0f, y}, Circle({0, 0}, r), kFriction, {speed, 1.0f}); }});
    }
}

// Removes the body created `index`-th (counted over live bodies at the time) if any.
void DestroyNth(World& w, int index) {
    std::vector<BodyId> ids;
    w.GetBodies(ids);
    if (ids.size() > 1) w.DestroyBody(ids[1 + static_cast<size_t>(index) % (ids.size() - 1)]);  // never the ground
}

void BuildDestroy(FidelityScene& s, Draw& d) {
    BuildPile(s, d);
    const int count = d.Int(1, 3);
    for (int k = 0; k < count; ++k) {
        const int step = d.Int(90, 300), index = d.Int(0, 1000);
        s.events.push_back({step, [index](World& w) { DestroyNth(w, index); }});
    }
}

void BuildSpawn(FidelityScene& s, Draw& d) {
    StackPile(s.world, d, 0.0f);
    const int count = d.Int(1, 3);
    for (int k = 0; k < count; ++k) {
        const int step = d.Int(90, 300);
        const Vec2 at{d.Uniform(-1.0f, 1.0f), d.Uniform(0.2f, 2.0f)};
        const float size = d.Uniform(0.15f, 0.4f);
        const uint64_t shapeSeed = static_cast<uint64_t>(d.Int(0, 1 << 30));
        s.events.push_back({step, [at, size, shapeSeed](World& w) {
                                Draw shapeDraw(shapeSeed);
                                AddBody(w, at, RandomShape(shapeDraw, size));
                            }});
    }
}

void BuildRolling(FidelityScene& s, Draw& d) {
    const int n = d.Int(1, 4);
    for (int i = 0; i < n; ++i) {
        const float r = d.Uniform(0.1f, 0.6f), v = d.Chance(0.5f) ? d.Uniform(0.04f, 0.2f) : d.Uniform(0.2f, 2.0f);
        const BodyId b = s.world.CreateBody({.type = BodyType::Dynamic, .position = {-10.0f + 5.0f * static_cast<float>(i), r},
                                             .linearVelocity = {v, 0.0f}, .angularVelocity = -v / r});
        s.world.CreateShape(b, {.geometry = Circle({0, 0}, r), .friction = kFriction});
    }
}

void BuildDominoes(FidelityScene& s, Draw& d) {
    const int n = d.Int(4, 14);
    const float hx = d.Uniform(0.05f, 0.12f), hy = d.Uniform(0.4f, 0.8f), gap = d.Uniform(0.6f, 1.4f) * hy;
    for (int i = 0; i < n; ++i) {
        const BodyId b = AddBody(s.world, {gap * static_cast<float>(i), hy}, Box({hx, hy}));
        if (i == 0) s.world.SetAngularVelocity(b, -d.Uniform(0.5f, 2.0f));
    }
}

} // namespace

const char* FidelityKindName(FidelityKind kind) {
    static const char* const names[kFidelityKindCount] = {"pile", "slope", "mover", "impact", "destroy", "spawn", "rolling", "dominoes"};
    return names[static_cast<int>(kind)];
}

FidelityScene BuildFidelityScene(FidelityKind kind, uint64_t seed) {
    FidelityScene s{.kind = kind, .seed = seed, .world = RestOnWorld()};
    Draw d(seed * kFidelityKindCount + static_cast<uint64_t>(kind));
    AddGround(s.world);
    switch (kind) {
        case FidelityKind::Pile: BuildPile(s, d); break;
        case FidelityKind::Slope: BuildSlope(s, d); break;
        case FidelityKind::Mover: BuildMover(s, d); break;
        case FidelityKind::Impact: BuildImpact(s, d); break;
        case FidelityKind::Destroy: BuildDestroy(s, d); break;
        case FidelityKind::Spawn: BuildSpawn(s, d); break;
        case FidelityKind::Rolling: BuildRolling(s, d); break;
        case FidelityKind::Dominoes: BuildDominoes(s, d); break;
    }
    std::stable_sort(s.events.begin(), s.events.end(), [](const FidelityEvent& a, const FidelityEvent& b) { return a.step < b.step; });
    s.steps = 480;  // 8 s
    return s;
}

} // namespace sensu::scenes
