// The four-lane helpers of SweptRegion's disc test (framework/src/geometry/float4.h): the x86 lane
// mask against the portable one other targets compile, and the lane operations against scalar ones.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "../../framework/src/geometry/float4.h"

using namespace sensu;

TEST_CASE("Four-lane helpers: lane masks, max, abs, swaps", "[float4]") {
    for (int bits = 0; bits < 16; ++bits) {
        const simd::Int4 mask{-(bits & 1), -((bits >> 1) & 1), -((bits >> 2) & 1), -((bits >> 3) & 1)};
        CHECK(simd::LaneBits(mask) == static_cast<unsigned>(bits));
        CHECK(simd::LaneBitsPortable(mask) == static_cast<unsigned>(bits));
        CHECK(simd::AllLanes(mask) == (bits == 15));
    }
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const simd::Float4 a{1.0f, -2.0f, -0.0f, nan}, b{0.5f, 3.0f, 0.0f, 4.0f};
    const simd::Float4 high = simd::Max(a, b);
    CHECK(high[0] == 1.0f);
    CHECK(high[1] == 3.0f);
    CHECK(high[3] == 4.0f); // the second operand wins on NaN
    const simd::Float4 magnitude = simd::Abs(a);
    CHECK(magnitude[0] == 1.0f);
    CHECK(magnitude[1] == 2.0f);
    CHECK(magnitude[2] == 0.0f);
    const simd::Float4 swapped = simd::SwapPairs(b);
    CHECK(swapped[0] == 3.0f);
    CHECK(swapped[1] == 0.5f);
    CHECK(swapped[2] == 4.0f);
    CHECK(swapped[3] == 0.0f);
    const std::array<float, 4> stored{1.0f, 2.0f, 3.0f, 4.0f};
    const simd::Float4 loaded = simd::Load(stored) + simd::Splat(1.0f);
    CHECK(loaded[3] == 5.0f);
    CHECK(simd::LaneBits(loaded > simd::Splat(3.5f)) == 0b1100u);
}
