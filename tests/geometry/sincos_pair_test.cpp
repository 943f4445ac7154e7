// swept::SinCosPair, the branch-free sine and cosine of two angles used by the rotating time of impact,
// against double-precision std::sin / std::cos: within 1 ulp of the true value on 1,000,000 random
// angle pairs (typical angles, the whole reduced range, log-uniform magnitudes, random bit patterns)
// and on the hard cases: ±0, denormals, multiples of π/4 and their neighbours, the fallback boundary,
// huge and non-finite angles.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "../../framework/src/geometry/sincos_pair.h"
#include "random_cases.h"

using namespace sensu;
using namespace sensu::testing;

namespace {

// |got − exact| in units of the float spacing at |exact| (the spacing below it at a power of two, so
// the stricter one; 2^-149 among the denormals).
double UlpError(float got, double exact) {
    if (exact == 0.0) return got == 0.0f ? 0.0 : std::numeric_limits<double>::infinity();
    const double ulp = std::ldexp(1.0, std::max(std::ilogb(exact), -126) - 23);
    return std::abs(static_cast<double>(got) - exact) / ulp;
}

struct Worst {
    double ulp = 0.0;
    float angle = 0.0f;
    void Check(float angle_, float sinGot, float cosGot) {
        const double x = angle_;
        for (const double e : {UlpError(sinGot, std::sin(x)), UlpError(cosGot, std::cos(x))})
            if (!(e <= ulp)) {
                ulp = e;
                angle = angle_;
            }
    }
};

// Both lanes of one call checked against double precision.
void CheckPair(Worst& worst, float a, float b) {
    const swept::RotPair r = swept::SinCosPair(a, b);
    worst.Check(a, r.first.s, r.first.c);
    worst.Check(b, r.second.s, r.second.c);
}

float FromBits(uint32_t bits) { return std::bit_cast<float>(bits); }

} // namespace

TEST_CASE("SinCosPair: within 1 ulp on a million random angle pairs", "[sincos_pair]") {
    Rng rng(0x51c05);
    std::mt19937 bits(0x51c05);
    const float max = swept::kSinCosPairMaxAngle;
    const uint32_t maxBits = std::bit_cast<uint32_t>(max);
    Worst worst;
    const auto draw = [&](int kind) {
        switch (kind) {
        case 0: return rng.Uniform(-2.0f * kTwoPi, 2.0f * kTwoPi);              // angles a body has
        case 1: return rng.Uniform(-max, max);                                   // the whole reduced range
        case 2: return (rng.Chance(0.5f) ? -1.0f : 1.0f) * std::exp2(rng.Uniform(-140.0f, 20.0f)); // magnitudes
        default: {                                                                // any float up to the bound
            const float f = FromBits(bits() % (maxBits + 1u));
            return rng.Chance(0.5f) ? -f : f;
        }
        }
    };
    for (int i = 0; i < 1000000; ++i) CheckPair(worst, draw(i & 3), draw((i >> 2) & 3));
    INFO("worst angle " << worst.angle);
    CHECK(worst.ulp <= 1.0);
}

TEST_CASE("SinCosPair: hard cases", "[sincos_pair]") {
    Worst worst;
    const float max = swept::kSinCosPairMaxAngle;
    SECTION("signed zero and denormals: sin x = x, cos x = 1") {
        for (const float x : {0.0f, -0.0f, std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::denorm_min(), 1e-40f,
                              -3e-39f, std::numeric_limits<float>::min(), 1e-20f}) {
            const swept::RotPair r = swept::SinCosPair(x, -x);
            CHECK(std::bit_cast<uint32_t>(r.first.s) == std::bit_cast<uint32_t>(x)); // sin(−0) = −0
            CHECK(std::bit_cast<uint32_t>(r.second.s) == std::bit_cast<uint32_t>(-x));
            CHECK(r.first.c == 1.0f);
            CHECK(r.second.c == 1.0f);
        }
    }
    SECTION("multiples of π/4 and their neighbours, where sin or cos is near zero or the quadrant changes") {
        for (int k = -20000; k <= 20000; ++k) {
            float x = static_cast<float>(k * (std::numbers::pi / 4.0));
            for (int step = 0; step < 4; ++step) x = std::nextafter(x, -std::numeric_limits<float>::infinity());
            for (int step = 0; step < 9; ++step, x = std::nextafter(x, std::numeric_limits<float>::infinity())) CheckPair(worst, x, -x);
        }
        // Large multiples of π/2 up to the bound (k·π/2 for k up to 2^20·2/π).
        for (int k = 20000; k <= 667000; k += 997) {
            const float x = static_cast<float>(k * (std::numbers::pi / 2.0));
            CheckPair(worst, x, std::nextafter(x, 0.0f));
        }
        INFO("worst angle " << worst.angle);
        CHECK(worst.ulp <= 1.0);
    }
    SECTION("the fallback boundary: libm's own results beyond it, within 1 ulp up to it") {
        const float above = std::nextafter(max, std::numeric_limits<float>::infinity());
        CheckPair(worst, max, -max);
        CheckPair(worst, std::nextafter(max, 0.0f), -std::nextafter(max, 0.0f));
        CHECK(worst.ulp <= 1.0);
        for (const float x : {above, -above, 1e7f, -3.0e10f, 1e30f, std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()}) {
            // One lane beyond the bound sends both to libm; the in-range lane keeps its value.
            const swept::RotPair r = swept::SinCosPair(x, 0.5f);
            CHECK(r.first.s == std::sin(x));
            CHECK(r.first.c == std::cos(x));
            CHECK(r.second.s == std::sin(0.5f));
            CHECK(r.second.c == std::cos(0.5f));
            const swept::RotPair swapped = swept::SinCosPair(0.5f, x);
            CHECK(swapped.second.s == r.first.s);
            CHECK(swapped.second.c == r.first.c);
            CHECK(UlpError(swapped.first.s, std::sin(0.5)) <= 1.0);
        }
    }
    SECTION("non-finite angles give NaN, as libm does") {
        for (const float x : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                              std::numeric_limits<float>::quiet_NaN()}) {
            const swept::RotPair r = swept::SinCosPair(1.0f, x);
            CHECK(std::isnan(r.second.s));
            CHECK(std::isnan(r.second.c));
            CHECK(UlpError(r.first.s, std::sin(1.0)) <= 1.0);
        }
    }
}
