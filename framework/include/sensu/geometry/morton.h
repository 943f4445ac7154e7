#pragma once
/// Morton (Z-order) codes and the linear quadtree of seed 003, adapted from 3D to 2D.
///
/// Seed 003 (§3.3) numbers the cells of each octree level in Morton order and stores all levels in one
/// array (the "linear octree"), so that parent and children are found by arithmetic alone: parent
/// N = (n − 1)/8, first child n = 8N + 1 (eq. 1–2). In 2D each cell has four children:
///   parent(n) = (n − 1)/4,   children(n) = 4n + 1 … 4n + 4,
///   level L starts at index (4^L − 1)/3 and holds the 4^L cells of that level in Morton order.
/// The Morton code of a cell interleaves its column bits (even bit positions) with its row bits (odd).
#include <cstdint>

namespace sensu {

/// Deepest quadtree level whose linear indices still fit in 32 bits: (4^16 − 1)/3 − 1 = 1,431,655,764.
inline constexpr int kMaxQuadtreeLevel = 15;

/// Cell column and row within one quadtree level (column = x, row = y; both < 2^level).
struct MortonCell {
    uint32_t x = 0;  ///< column
    uint32_t y = 0;  ///< row
    /// Same column and row.
    constexpr bool operator==(const MortonCell&) const = default;
};

/// Spreads the low 16 bits of v to the even bit positions (bit i → bit 2i).
constexpr uint32_t MortonSpreadBits(uint32_t v) {
    v &= 0x0000FFFFu;
    v = (v | (v << 8)) & 0x00FF00FFu;
    v = (v | (v << 4)) & 0x0F0F0F0Fu;
    v = (v | (v << 2)) & 0x33333333u;
    v = (v | (v << 1)) & 0x55555555u;
    return v;
}

/// Inverse of MortonSpreadBits: gathers the even bit positions into the low 16 bits.
constexpr uint32_t MortonCompactBits(uint32_t v) {
    v &= 0x55555555u;
    v = (v | (v >> 1)) & 0x33333333u;
    v = (v | (v >> 2)) & 0x0F0F0F0Fu;
    v = (v | (v >> 4)) & 0x00FF00FFu;
    v = (v | (v >> 8)) & 0x0000FFFFu;
    return v;
}

/// Morton code of a cell: x bits at even positions, y bits at odd positions. x, y < 2^16 (higher bits
/// are ignored). Codes of the four children of a cell are 4·code + 0…3 (x low bit first, then y).
constexpr uint32_t MortonEncode(uint32_t x, uint32_t y) { return MortonSpreadBits(x) | (MortonSpreadBits(y) << 1); }

/// Column and row of a Morton code.
constexpr MortonCell MortonDecode(uint32_t code) { return {MortonCompactBits(code), MortonCompactBits(code >> 1)}; }

/// Index of the first cell of `level` in the linear quadtree: (4^level − 1)/3. level in [0, kMaxQuadtreeLevel].
constexpr uint32_t QuadtreeLevelOffset(int level) { return ((uint32_t{1} << (2 * level)) - 1u) / 3u; }

/// Number of cells of all levels 0 … depth together: (4^(depth+1) − 1)/3. depth in [0, kMaxQuadtreeLevel].
constexpr uint32_t QuadtreeCellCount(int depth) {
    return QuadtreeLevelOffset(depth) + (uint32_t{1} << (2 * depth));
}

/// Linear index of the cell with Morton code `code` at `level` (code < 4^level).
constexpr uint32_t QuadtreeIndex(int level, uint32_t code) { return QuadtreeLevelOffset(level) + code; }

/// Parent of linear index n > 0 (seed 003 eq. 1 with 4 in place of 8).
constexpr uint32_t QuadtreeParent(uint32_t n) { return (n - 1u) / 4u; }

/// First of the four children of linear index n (seed 003 eq. 2 with 4 in place of 8); the others follow.
constexpr uint32_t QuadtreeFirstChild(uint32_t n) { return 4u * n + 1u; }

/// Level of linear index n (0 for the root). n must be below QuadtreeCellCount(kMaxQuadtreeLevel).
constexpr int QuadtreeLevel(uint32_t n) {
    int level = 0;
    while (level < kMaxQuadtreeLevel && n >= QuadtreeLevelOffset(level + 1)) ++level;
    return level;
}

/// Morton code of linear index n within its own level.
constexpr uint32_t QuadtreeMortonCode(uint32_t n) { return n - QuadtreeLevelOffset(QuadtreeLevel(n)); }

} // namespace sensu
