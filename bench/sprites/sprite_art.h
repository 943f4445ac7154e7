#pragma once
// The sprites of assets/sprites/, drawn by code so they can be regenerated bit for bit:
//   build/bin/sensu-bench-sprites --write-sprites assets/sprites
// Each is a signed-distance shape (pixels, y down), antialiased by 4×4 supersampling into the alpha
// channel, coloured by a simple rule. Together they cover the cases the issue asks for: convex,
// concave, long and thin, with holes, a character and a tileset piece.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sensu::sprites {

struct SpriteArt {
    /// File stem, e.g. "convex_pebble" → convex_pebble.png.
    const char* name;
    /// What the sprite stands for (convex, concave, long and thin, holes, character, tileset).
    const char* kind;
    /// True when the shape is not convex (the circles must beat the convex hull there).
    bool concave;
    int width;
    int height;
    /// Signed distance in pixels at image point (x, y), y down: negative inside.
    float (*distance)(float x, float y);
    /// Fill colour (RGB) at an inside point.
    void (*colour)(float x, float y, uint8_t rgb[3]);
};

/// Every sprite, in a fixed order.
std::span<const SpriteArt> AllSpriteArt();

/// RGBA pixels (row-major, row 0 at the top), alpha antialiased by 4×4 supersampling.
std::vector<uint8_t> RenderSpriteRgba(const SpriteArt& art);

} // namespace sensu::sprites
