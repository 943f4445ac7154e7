// Tutorial 01 / 4 Hundreds of fast particles
//
// Teaches: time of impact in a simulation. Hundreds of small, fast particles bounce elastically in a
//          box; each moves several of its own radii per step. With "time of impact" on, every step
//          is cut at the first impact anywhere (TimeOfImpactCircles for pairs, a linear solve for
//          walls): everything advances to that moment, the two colliding velocities are reflected,
//          and the rest of the step is searched again. Nothing can pass through anything, and the
//          kinetic energy stays constant. Switch to "discrete" to see what the same scene does when
//          overlap is only tested at the end of the step: pairs that tunnel flash in pink.
// Keys:    none of its own; the panel switches the method, the count and the speed.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/circle_toi.h"

namespace {

using namespace sensu;

constexpr Vec2 kHalfBox{7.5f, 4.0f};  // the box: [-7.5, 7.5] × [-4, 4] m
// Impacts handled per step at most. If a step ever needs more, the rest of that step is dropped
// (time is lost, never a collision), and the panel shows it.
constexpr int kMaxImpactsPerStep = 4000;

struct Particle {
    Vec2 p, v;
    float radius, mass;
};

// The earliest event in the part of the step being searched: a pair (i, j ≥ 0) or a wall (j < 0).
struct Event {
    float t = 2.0f;  // fraction of the remaining time; > 1 means none
    int i = -1, j = -1;
    Vec2 normal{};   // from i to j (pairs) or out of the box (walls)
};

class Particles final : public Sample {
public:
    explicit Particles(const SampleSettings& settings) : dt_(settings.dt) { Restart(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Particles>(settings); }

    void SetupCamera(Camera& camera) override {
        // The box sits bottom-left, clear of the panel in the top-right corner.
        camera.center = {2.0f, 0.8f};
        camera.viewHeight = 11.2f;
    }

    void Step(const Input&) override {
        for (auto& f : flashes_) f.z -= 1.0f;
        std::erase_if(flashes_, [](const Flash& f) { return f.z <= 0.0f; });
        if (useToi_) StepWithTimeOfImpact();
        else StepDiscrete();
        ++steps_;
    }

    void Draw(Renderer& r) override {
        r.DrawAABB({-kHalfBox, kHalfBox}, colors::kStatic);
        for (const Particle& q : particles_) {
            const float speed = Length(q.v) / (maxSpeed_ * speedScale_);
            r.FillCircle(q.p, q.radius, Lerp(colors::kBlue, colors::kRed, speed));
        }
        for (const Flash& f : flashes_) r.DrawCircle(f.at, 0.15f, colors::kHighlight.Faded(f.z / kFlashSteps));

        char text[256];
        std::snprintf(text, sizeof text,
                      "%s: %d particles, %.2f to %.2f m per step (radii %.2f to %.2f m)\n"
                      "impacts this step %d, tunnelled %ld, escaped %d, deepest overlap %.4f m, kinetic energy %.1f J",
                      useToi_ ? "time of impact" : "discrete", count_, minSpeed_ * speedScale_ * dt_, maxSpeed_ * speedScale_ * dt_,
                      kMinRadius, kMaxRadius, impactsThisStep_, tunnelled_, Escaped(), DeepestOverlap(), KineticEnergy());
        r.DrawScreenText({10.0f, static_cast<float>(r.height()) - 2.5f * r.LineHeight()}, text);
    }

    void Ui() override {
        if (ImGui::RadioButton("time of impact", useToi_)) useToi_ = true;
        ImGui::SameLine();
        if (ImGui::RadioButton("discrete", !useToi_)) useToi_ = false;
        if (ImGui::SliderInt("particles", &count_, 10, 1000)) Restart();
        if (ImGui::SliderFloat("speed x", &speedScale_, 0.25f, 3.0f)) Restart();
        if (ImGui::Button("restart")) Restart();
        ImGui::Text("steps %ld, impacts per step %d, dropped time %.4f s", steps_, impactsThisStep_, droppedTime_);
    }

private:
    static constexpr float kMinRadius = 0.05f, kMaxRadius = 0.12f;
    static constexpr float kFlashSteps = 10.0f;  // how long a tunnelling marker stays

    struct Flash {
        Vec2 at;
        float z;  // steps left
    };

    void Restart() {
        // A tiny deterministic generator: the same scene (and screenshot) on every machine.
        std::uint32_t state = 12345u;
        auto uniform = [&state](float lo, float hi) {
            state = state * 1664525u + 1013904223u;
            return lo + (hi - lo) * static_cast<float>(state >> 8) / 16777216.0f;
        };
        particles_.clear();
        const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<float>(count_) * kHalfBox.x / kHalfBox.y)));
        const int rows = (count_ + columns - 1) / columns;
        const Vec2 cell{2.0f * kHalfBox.x / static_cast<float>(columns), 2.0f * kHalfBox.y / static_cast<float>(rows)};
        for (int k = 0; k < count_; ++k) {
            const float radius = std::min(uniform(kMinRadius, kMaxRadius), 0.45f * std::min(cell.x, cell.y));
            const Vec2 slack = 0.5f * cell - Vec2{radius, radius};
            const Vec2 center = -kHalfBox + Vec2{(static_cast<float>(k % columns) + 0.5f) * cell.x, (static_cast<float>(k / columns) + 0.5f) * cell.y};
            const float angle = uniform(0.0f, kTwoPi);
            const float speed = speedScale_ * uniform(minSpeed_, maxSpeed_);
            particles_.push_back({center + Vec2{uniform(-slack.x, slack.x), uniform(-slack.y, slack.y)},
                                  speed * Vec2{std::cos(angle), std::sin(angle)}, radius, radius * radius});
        }
        order_.resize(particles_.size());
        for (size_t k = 0; k < order_.size(); ++k) order_[k] = static_cast<int>(k);
        flashes_.clear();
        tunnelled_ = 0;
        steps_ = 0;
        droppedTime_ = 0.0f;
        impactsThisStep_ = 0;
    }

    // Calls visit(i, j) for every pair whose bounding boxes, swept over `h` seconds, overlap:
    // sort and sweep on x (the order is kept between calls, so insertion sort is nearly linear).
    template <class Visit>
    void ForCandidatePairs(float h, Visit&& visit) {
        auto lowerX = [&](int k) { return std::min(particles_[k].p.x, particles_[k].p.x + h * particles_[k].v.x) - particles_[k].radius; };
        auto upperX = [&](int k) { return std::max(particles_[k].p.x, particles_[k].p.x + h * particles_[k].v.x) + particles_[k].radius; };
        for (size_t a = 1; a < order_.size(); ++a) {
            for (size_t b = a; b > 0 && lowerX(order_[b - 1]) > lowerX(order_[b]); --b) std::swap(order_[b - 1], order_[b]);
        }
        for (size_t a = 0; a < order_.size(); ++a) {
            const int i = order_[a];
            const float end = upperX(i);
            const Particle& pi = particles_[i];
            const float yLo = std::min(pi.p.y, pi.p.y + h * pi.v.y) - pi.radius, yHi = std::max(pi.p.y, pi.p.y + h * pi.v.y) + pi.radius;
            for (size_t b = a + 1; b < order_.size() && lowerX(order_[b]) <= end; ++b) {
                const Particle& pj = particles_[order_[b]];
                if (std::max(pj.p.y, pj.p.y + h * pj.v.y) + pj.radius < yLo || std::min(pj.p.y, pj.p.y + h * pj.v.y) - pj.radius > yHi) continue;
                visit(i, order_[b]);
            }
        }
    }

    // snippet-begin: first-impact
    // The earliest impact within the next h seconds, as a fraction t of h.
    Event FirstImpact(float h) {
        Event first;
        ForCandidatePairs(h, [&](int i, int j) {
            const Particle &a = particles_[i], &b = particles_[j];
            const CircleImpact hit = TimeOfImpactCircles({a.p, h * a.v, a.radius}, {b.p, h * b.v, b.radius});
            // Touching pairs that already move apart (just resolved) are not an impact.
            if (!hit.hit || (hit.initiallyOverlapping && Dot(b.v - a.v, hit.normal) >= 0.0f)) return;
            if (hit.t < first.t) first = {hit.t, i, j, hit.normal};
        });
        for (int i = 0; i < static_cast<int>(particles_.size()); ++i) {
            const Particle& q = particles_[i];
            for (int axis = 0; axis < 2; ++axis) {
                const float x = axis == 0 ? q.p.x : q.p.y, v = axis == 0 ? q.v.x : q.v.y;
                const float wall = (axis == 0 ? kHalfBox.x : kHalfBox.y) - q.radius;  // centre limit
                if (!(std::abs(v) > 0.0f)) continue;  // not moving along this axis: never reaches that wall
                const float side = v > 0.0f ? 1.0f : -1.0f;
                const float t = std::max(0.0f, (wall - side * x) / (side * v * h));
                const Vec2 n = axis == 0 ? Vec2{side, 0.0f} : Vec2{0.0f, side};
                if (t < first.t && t <= 1.0f) first = {t, i, -1, n};
            }
        }
        return first;
    }

    void StepWithTimeOfImpact() {
        float remaining = dt_;
        impactsThisStep_ = 0;
        while (remaining > 0.0f) {
            const Event e = FirstImpact(remaining);
            const float h = e.t <= 1.0f ? e.t * remaining : remaining;
            for (Particle& q : particles_) q.p += h * q.v;  // everyone advances to the first impact
            remaining -= h;
            if (e.t > 1.0f) break;
            Resolve(e);
            if (++impactsThisStep_ >= kMaxImpactsPerStep) {
                droppedTime_ += remaining;  // give up the rest of the step rather than risk a miss
                break;
            }
        }
    }
    // snippet-end: first-impact

    // Perfectly elastic response along the normal (momentum and kinetic energy are kept).
    void Resolve(const Event& e) {
        Particle& a = particles_[e.i];
        if (e.j < 0) {
            const float vn = Dot(a.v, e.normal);
            if (vn > 0.0f) a.v -= 2.0f * vn * e.normal;
            return;
        }
        Particle& b = particles_[e.j];
        const float vn = Dot(b.v - a.v, e.normal);
        if (vn >= 0.0f) return;
        const float impulse = -2.0f * vn / (1.0f / a.mass + 1.0f / b.mass);
        a.v -= (impulse / a.mass) * e.normal;
        b.v += (impulse / b.mass) * e.normal;
    }

    // The naive step: move, clamp to the box, then resolve whatever overlaps now.
    void StepDiscrete() {
        // Before moving: which pairs will touch during this step (the ground truth to compare with)?
        std::vector<std::pair<int, int>> willTouch;
        ForCandidatePairs(dt_, [&](int i, int j) {
            const Particle &a = particles_[i], &b = particles_[j];
            const CircleImpact hit = TimeOfImpactCircles({a.p, dt_ * a.v, a.radius}, {b.p, dt_ * b.v, b.radius});
            if (hit.hit && !hit.initiallyOverlapping) willTouch.emplace_back(i, j);
        });
        for (Particle& q : particles_) {
            q.p += dt_ * q.v;
            for (int axis = 0; axis < 2; ++axis) {
                float& x = axis == 0 ? q.p.x : q.p.y;
                float& v = axis == 0 ? q.v.x : q.v.y;
                const float wall = (axis == 0 ? kHalfBox.x : kHalfBox.y) - q.radius;
                if (std::abs(x) > wall) {
                    x = std::clamp(x, -wall, wall);
                    v = x > 0.0f ? -std::abs(v) : std::abs(v);
                }
            }
        }
        impactsThisStep_ = 0;
        for (const auto& [i, j] : willTouch) {
            const Particle &a = particles_[i], &b = particles_[j];
            if (Distance(a.p, b.p) < a.radius + b.radius) {
                Resolve({0.0f, i, j, Normalize(b.p - a.p)});
                ++impactsThisStep_;
            } else {
                ++tunnelled_;  // they met during the step, but the end-of-step test cannot see it
                flashes_.push_back({0.5f * (a.p + b.p), kFlashSteps});
            }
        }
    }

    int Escaped() const {
        return static_cast<int>(std::count_if(particles_.begin(), particles_.end(), [](const Particle& q) {
            return std::abs(q.p.x) > kHalfBox.x || std::abs(q.p.y) > kHalfBox.y;
        }));
    }

    float DeepestOverlap() {
        float deepest = 0.0f;
        ForCandidatePairs(0.0f, [&](int i, int j) {
            const Particle &a = particles_[i], &b = particles_[j];
            deepest = std::max(deepest, a.radius + b.radius - Distance(a.p, b.p));
        });
        return deepest;
    }

    float KineticEnergy() const {
        float e = 0.0f;
        for (const Particle& q : particles_) e += 0.5f * q.mass * LengthSquared(q.v);
        return e;
    }

    float dt_;
    int count_ = 400;
    float speedScale_ = 1.0f;
    float minSpeed_ = 10.0f, maxSpeed_ = 40.0f;  // m/s: 0.17 to 0.67 m per 60 Hz step
    bool useToi_ = true;
    std::vector<Particle> particles_;
    std::vector<int> order_;
    std::vector<Flash> flashes_;
    long tunnelled_ = 0;
    long steps_ = 0;
    int impactsThisStep_ = 0;
    float droppedTime_ = 0.0f;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 01", "4 Hundreds of fast particles", &Particles::Create);
