// sensu-bench-soak: a long run of a busy World that must neither leak nor turn non-finite (issue 16,
// item 4).
//
//   sensu-bench-soak [--bodies N] [--steps N] [--seed S] [--csv FILE] [--quick]
//
// N dynamic bodies (circles, boxes, capsules, polygons of 0.1–2 m) spawn at random: half falling onto a
// ground near the origin (N/2 m wide: 1 km for 2,000 bodies, 10 km for 20,000) (so there are contacts, rest states and wakes), half from 1 km out to
// 1e5 m with speeds up to 1e4 m/s and spins up to 100 rad/s (so the continuous phase and the broad phase
// see far, fast bodies). The far ones start beyond 1 km so that few of them cross the pile: fast bodies
// sweeping through a crowd cost the continuous phase 1–18 s per step with 2,000 bodies (measured with
// far bodies from 10 m on, and with a pile 10 times as dense), which would turn the soak into hours. Every step 1 % of the bodies, picked at random, are destroyed and as many spawn,
// so the body count stays at N while every slot is reused many times. The run is seeded: the same
// arguments give the same world (its StateHash() is printed at the end).
//
// Memory: the resident set size (/proc/self/statm) is read every step. The first fifth of the steps is
// the warm-up (the world's arrays and the allocator's pools grow to their working size); after it the
// RSS may grow by at most kLeakBoundFraction of its warm-up value plus kLeakBoundBytes, else the run
// fails. Every body is checked finite (position, angle, velocities) every step.
// Exit code: 0 pass, 1 leak or non-finite body, 2 bad arguments.
// --quick: 2,000 bodies for 200 steps (CI). --csv FILE: one row per step.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "csv_file.h"
#include "sensu/physics/world.h"

using namespace sensu;

namespace {

// The RSS may grow after the warm-up by this fraction of the warm-up RSS plus this many bytes: room for
// the allocator's fragmentation and the contact count's drift, far below what a per-step leak of even
// one small allocation per spawned body (200 k spawns in the full run) would add.
constexpr double kLeakBoundFraction = 0.10;
constexpr double kLeakBoundBytes = 8.0 * 1024 * 1024;

constexpr float kFarReach = 1e5f;    // m: the far bodies spawn within this of the origin
constexpr float kFarStart = 1e3f;    // m: and beyond this
constexpr float kMaxSpeed = 1e4f;    // m/s
constexpr float kMaxSpin = 100.0f;   // rad/s
// m of ground per body (half width): the pile's density stays that of 2,000 bodies on 1 km at any N.
constexpr float kGroundPerBody = 0.25f;

/// Resident set size in bytes, from /proc/self/statm (its second field, in pages).
double ResidentBytes() {
    FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0.0;
    unsigned long long size = 0, resident = 0;
    const int read = std::fscanf(f, "%llu %llu", &size, &resident);
    std::fclose(f);
    return read == 2 ? static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) : 0.0;
}

class Soak {
public:
    Soak(uint64_t seed, int bodyCount) : rng_(seed), pileHalfWidth_(kGroundPerBody * static_cast<float>(bodyCount)) {
        const BodyId ground = world_.CreateBody({.type = BodyType::Static});
        world_.CreateShape(ground, {.geometry = Box({pileHalfWidth_, 1.0f}, {0.0f, -1.0f}, 0.0f)});
    }

    /// One dynamic body at a random place: in the pile or far and fast.
    void Spawn() {
        BodyDef def{.type = BodyType::Dynamic};
        if (Uniform(0.0f, 1.0f) < 0.5f) {
            def.position = {Uniform(-pileHalfWidth_, pileHalfWidth_), Uniform(2.0f, 100.0f)};
            def.linearVelocity = {Uniform(-2.0f, 2.0f), Uniform(-2.0f, 0.0f)};
        } else {
            // Log-uniform distance and speed: as many bodies at 1 km as at 1e5 m, at 1 m/s as at 1e4 m/s.
            const float distance = std::pow(10.0f, Uniform(std::log10(kFarStart), std::log10(kFarReach)));
            const float speed = std::pow(10.0f, Uniform(0.0f, std::log10(kMaxSpeed)));
            def.position = distance * Direction();
            def.linearVelocity = speed * Direction();
            def.angularVelocity = Uniform(-kMaxSpin, kMaxSpin);
            def.bullet = Uniform(0.0f, 1.0f) < 0.05f;
        }
        def.angle = Uniform(-kPi, kPi);
        const BodyId body = world_.CreateBody(def);
        world_.CreateShape(body, {.geometry = RandomGeometry(), .restitution = Uniform(0.0f, 0.5f)});
        bodies_.push_back(body);
    }

    /// Destroys `count` bodies picked at random and spawns as many.
    void Churn(int count) {
        for (int i = 0; i < count && !bodies_.empty(); ++i) {
            const size_t k = std::uniform_int_distribution<size_t>(0, bodies_.size() - 1)(rng_);
            world_.DestroyBody(bodies_[k]);
            bodies_[k] = bodies_.back();
            bodies_.pop_back();
        }
        for (int i = 0; i < count; ++i) Spawn();
    }

    /// True when every body's pose and velocities are finite.
    bool AllFinite() const {
        for (const BodyId b : bodies_) {
            const Vec2 p = world_.GetPosition(b), v = world_.GetLinearVelocity(b);
            if (!IsFinite(p) || !IsFinite(v) || !std::isfinite(world_.GetAngle(b)) || !std::isfinite(world_.GetAngularVelocity(b))) return false;
        }
        return true;
    }

    World& world() { return world_; }

private:
    float Uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
    Vec2 Direction() { return Rot::FromAngle(Uniform(-kPi, kPi)).XAxis(); }

    ShapeGeometry RandomGeometry() {
        const float size = Uniform(0.1f, 2.0f);
        switch (std::uniform_int_distribution<int>(0, 3)(rng_)) {
        case 0: return Circle({}, size);
        case 1: return Box({size, Uniform(0.1f, 2.0f)});
        case 2: return Capsule({-size, 0.0f}, {size, 0.0f}, Uniform(0.05f, 1.0f));
        default: {
            const int count = std::uniform_int_distribution<int>(3, kMaxPolygonVertices)(rng_);
            std::vector<Vec2> points;
            for (int i = 0; i < count; ++i) points.push_back(size * Rot::FromAngle(2.0f * kPi * static_cast<float>(i) / static_cast<float>(count)).XAxis());
            return ConvexPolygon(points);
        }
        }
    }

    World world_;
    std::mt19937_64 rng_;
    float pileHalfWidth_;  // m
    std::vector<BodyId> bodies_;
};

} // namespace

int main(int argc, char** argv) {
    int bodyCount = 20000, steps = 1000;
    uint64_t seed = 1;
    std::string csvPath;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--bodies") == 0 && i + 1 < argc) {
            bodyCount = std::max(1, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--steps") == 0 && i + 1 < argc) {
            steps = std::max(5, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
            csvPath = argv[++i];
        } else if (std::strcmp(argv[i], "--quick") == 0) {
            bodyCount = 2000;
            steps = 200;
        } else {
            std::fprintf(stderr, "usage: %s [--bodies N] [--steps N] [--seed S] [--csv FILE] [--quick]\n", argv[0]);
            return 2;
        }
    }
    FILE* csv = csvPath.empty() ? nullptr
                                : bench::OpenCsv(csvPath, "step,bodies,awake,contacts,rss_mib,step_ms");
    if (!csvPath.empty() && !csv) return 2;

    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const double rssBefore = ResidentBytes();
    Soak soak(seed, bodyCount);
    for (int i = 0; i < bodyCount; ++i) soak.Spawn();
    const int churn = std::max(1, bodyCount / 100);
    const int warmUp = steps / 5;
    double rssWarm = 0.0, rssPeak = 0.0, rssEnd = 0.0;
    int failedStep = -1;
    std::printf("sensu-bench-soak: %d bodies, %d steps, seed %llu, RSS at start %.1f MiB\n", bodyCount, steps,
                static_cast<unsigned long long>(seed), rssBefore / 1048576.0);
    std::printf("%6s %7s %7s %9s %9s %9s\n", "step", "bodies", "awake", "contacts", "RSS MiB", "step ms");
    for (int step = 1; step <= steps; ++step) {
        const auto stepStart = Clock::now();
        soak.Churn(churn);
        soak.world().Step(1.0f / 60.0f);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - stepStart).count();
        if (!soak.AllFinite()) {
            failedStep = step;
            std::printf("FAIL: a body is non-finite after step %d\n", step);
            break;
        }
        const double rss = ResidentBytes();
        if (step == warmUp) rssWarm = rss;
        if (step >= warmUp) rssPeak = std::max(rssPeak, rss);
        rssEnd = rss;
        World& w = soak.world();
        if (csv) std::fprintf(csv, "%d,%d,%d,%d,%.3f,%.3f\n", step, w.GetBodyCount(), w.GetAwakeBodyCount(), w.GetContactCount(), rss / 1048576.0, ms);
        if (step % std::max(1, steps / 10) == 0 || step == warmUp)
            std::printf("%6d %7d %7d %9d %9.1f %9.2f%s\n", step, w.GetBodyCount(), w.GetAwakeBodyCount(), w.GetContactCount(), rss / 1048576.0, ms,
                        step == warmUp ? "  (end of warm-up)" : "");
        std::fflush(stdout);
    }
    if (csv) std::fclose(csv);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (failedStep >= 0) return 1;
    const double bound = rssWarm * (1.0 + kLeakBoundFraction) + kLeakBoundBytes;
    std::printf("RSS: start %.1f MiB, after warm-up (step %d) %.1f MiB, peak after warm-up %.1f MiB, end %.1f MiB; bound %.1f MiB; "
                "%.1f s; StateHash %016llx\n",
                rssBefore / 1048576.0, warmUp, rssWarm / 1048576.0, rssPeak / 1048576.0, rssEnd / 1048576.0, bound / 1048576.0, seconds,
                static_cast<unsigned long long>(soak.world().StateHash()));
    if (rssPeak > bound) {
        std::printf("FAIL: RSS grew past the bound after the warm-up (a leak?)\n");
        return 1;
    }
    std::printf("PASS: no body non-finite, RSS within the bound\n");
    return 0;
}
