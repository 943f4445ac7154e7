#pragma once
// Deterministic random inputs for the brute-force comparisons (same cases on every run and machine).
#include <cstdint>
#include <random>

#include "sensu/math.h"

namespace sensu::testing {

class Rng {
public:
    explicit Rng(uint64_t seed) : engine_(seed) {}
    float Uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(engine_); }
    int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
    Vec2 InBox(float lo, float hi) { return {Uniform(lo, hi), Uniform(lo, hi)}; }
    float Angle() { return Uniform(-kPi, kPi); }
    bool Chance(float p) { return Uniform(0.0f, 1.0f) < p; }

private:
    std::mt19937_64 engine_;
};

} // namespace sensu::testing
