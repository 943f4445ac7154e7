// Morton codes and the linear quadtree index arithmetic of seed 003 (§3.3–3.4, eq. 1–2), in 2D.
#include <catch2/catch.hpp>

#include "random_cases.h"
#include "sensu/geometry/morton.h"

using namespace sensu;

namespace {

// Bit-by-bit reference: bit i of x → bit 2i, bit i of y → bit 2i+1.
uint32_t ReferenceMorton(uint32_t x, uint32_t y) {
    uint32_t code = 0;
    for (int i = 0; i < 16; ++i) code |= ((x >> i) & 1u) << (2 * i) | ((y >> i) & 1u) << (2 * i + 1);
    return code;
}

} // namespace

TEST_CASE("Morton codes of the first cells follow the Z order", "[morton]") {
    CHECK(MortonEncode(0, 0) == 0u);
    CHECK(MortonEncode(1, 0) == 1u);
    CHECK(MortonEncode(0, 1) == 2u);
    CHECK(MortonEncode(1, 1) == 3u);
    CHECK(MortonEncode(2, 0) == 4u);
    CHECK(MortonEncode(3, 3) == 15u);
    CHECK(MortonEncode(0xFFFF, 0xFFFF) == 0xFFFFFFFFu);
    CHECK(MortonEncode(0xFFFF, 0) == 0x55555555u);
    CHECK(MortonEncode(0, 0xFFFF) == 0xAAAAAAAAu);
}

TEST_CASE("Morton encode matches the bitwise reference and decodes back (10,000 random cells)", "[morton]") {
    testing::Rng rng(3003);
    for (int i = 0; i < 10000; ++i) {
        const uint32_t x = static_cast<uint32_t>(rng.Int(0, 0xFFFF));
        const uint32_t y = static_cast<uint32_t>(rng.Int(0, 0xFFFF));
        const uint32_t code = MortonEncode(x, y);
        REQUIRE(code == ReferenceMorton(x, y));
        REQUIRE(MortonDecode(code) == MortonCell{x, y});
    }
    // And every code of a small level decodes to a cell that encodes back to it.
    for (uint32_t code = 0; code < 4096; ++code) {
        const MortonCell cell = MortonDecode(code);
        REQUIRE(cell.x < 64u);
        REQUIRE(cell.y < 64u);
        REQUIRE(MortonEncode(cell.x, cell.y) == code);
    }
}

TEST_CASE("Morton order: the four children of a cell are consecutive and order is monotone per axis", "[morton]") {
    for (uint32_t x = 0; x < 32; ++x)
        for (uint32_t y = 0; y < 32; ++y) {
            const uint32_t parent = MortonEncode(x, y);
            // Children (2x + i, 2y + j) have codes 4·parent + (i + 2j): x bit first, then y bit.
            for (uint32_t j = 0; j < 2; ++j)
                for (uint32_t i = 0; i < 2; ++i) REQUIRE(MortonEncode(2 * x + i, 2 * y + j) == 4 * parent + i + 2 * j);
            if (x + 1 < 32) REQUIRE(MortonEncode(x + 1, y) > parent);
            if (y + 1 < 32) REQUIRE(MortonEncode(x, y + 1) > parent);
        }
}

TEST_CASE("Linear quadtree level offsets are (4^L - 1)/3 up to the deepest level", "[morton]") {
    uint64_t expectedOffset = 0;
    for (int level = 0; level <= kMaxQuadtreeLevel; ++level) {
        REQUIRE(QuadtreeLevelOffset(level) == expectedOffset);
        REQUIRE(QuadtreeCellCount(level) == expectedOffset + (uint64_t{1} << (2 * level)));
        expectedOffset += uint64_t{1} << (2 * level);
    }
    CHECK(QuadtreeCellCount(kMaxQuadtreeLevel) == 1431655765u);
    CHECK(QuadtreeLevel(0) == 0);
    CHECK(QuadtreeLevel(QuadtreeCellCount(kMaxQuadtreeLevel) - 1) == kMaxQuadtreeLevel);
}

TEST_CASE("Linear quadtree parent (n-1)/4 and children 4n+1..4n+4 agree with Morton codes", "[morton]") {
    for (int level = 0; level <= 6; ++level) {
        const uint32_t cells = uint32_t{1} << (2 * level);
        for (uint32_t code = 0; code < cells; ++code) {
            const uint32_t n = QuadtreeIndex(level, code);
            REQUIRE(QuadtreeLevel(n) == level);
            REQUIRE(QuadtreeMortonCode(n) == code);
            if (level > 0) REQUIRE(QuadtreeParent(n) == QuadtreeIndex(level - 1, code >> 2));
            for (uint32_t k = 0; k < 4; ++k) {
                const uint32_t child = QuadtreeFirstChild(n) + k;
                REQUIRE(child == QuadtreeIndex(level + 1, 4 * code + k));
                REQUIRE(QuadtreeParent(child) == n);
            }
        }
    }
    // Random deep indices: the parent chain reaches the root in exactly `level` steps.
    testing::Rng rng(77);
    for (int i = 0; i < 2000; ++i) {
        const int level = rng.Int(0, kMaxQuadtreeLevel);
        const uint32_t code = static_cast<uint32_t>(rng.Int(0, (1 << (2 * level)) - 1));
        uint32_t n = QuadtreeIndex(level, code);
        for (int up = 0; up < level; ++up) {
            REQUIRE(n > 0u);
            n = QuadtreeParent(n);
        }
        REQUIRE(n == 0u);
    }
}
