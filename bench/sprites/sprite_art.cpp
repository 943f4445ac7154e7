#include "sprite_art.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sensu::sprites {

namespace {

constexpr float kPi = 3.14159265358979f;

float Length(float x, float y) { return std::sqrt(x * x + y * y); }

// Signed distance to a disc, a rounded box (half sizes hx, hy, corner radius r) and a capsule.
float Disc(float x, float y, float cx, float cy, float r) { return Length(x - cx, y - cy) - r; }
float RoundedBox(float x, float y, float cx, float cy, float hx, float hy, float r) {
    const float qx = std::abs(x - cx) - hx + r;
    const float qy = std::abs(y - cy) - hy + r;
    return Length(std::max(qx, 0.0f), std::max(qy, 0.0f)) + std::min(std::max(qx, qy), 0.0f) - r;
}
float CapsuleSd(float x, float y, float ax, float ay, float bx, float by, float r) {
    const float px = x - ax, py = y - ay, dx = bx - ax, dy = by - ay;
    const float t = std::clamp((px * dx + py * dy) / (dx * dx + dy * dy), 0.0f, 1.0f);
    return Length(px - t * dx, py - t * dy) - r;
}
float Union(float a, float b) { return std::min(a, b); }
float Subtract(float a, float b) { return std::max(a, -b); }

void Set(uint8_t rgb[3], int r, int g, int b) {
    rgb[0] = static_cast<uint8_t>(r);
    rgb[1] = static_cast<uint8_t>(g);
    rgb[2] = static_cast<uint8_t>(b);
}

// Convex: a pebble, the intersection of a tilted ellipse-like rounded box and a disc.
float Pebble(float x, float y) {
    const float c = std::cos(0.35f), s = std::sin(0.35f);
    const float u = c * (x - 128) + s * (y - 128), v = -s * (x - 128) + c * (y - 128);
    return std::max(Length(u / 1.35f, v) - 78.0f, Disc(x, y, 128, 134, 112));
}
void PebbleColour(float x, float y, uint8_t rgb[3]) { Set(rgb, 120 + int(x) / 8, 124, 130 - int(y) / 8); }

// Concave: a five-pointed star (tips at radius 118, inner corners at radius 50).
float Star(float x, float y) {
    const float px = x - 128, py = y - 134;
    const float angle = std::atan2(px, -py);
    const float sector = 2.0f * kPi / 5.0f;
    const float a = std::fmod(std::abs(angle) + sector / 2, sector) - sector / 2;  // fold into one tip
    const float r = Length(px, py);
    const float u = r * std::cos(a), v = std::abs(r * std::sin(a));
    // The edge from the tip (118, 0) to the inner corner at radius 50, angle 36°.
    const float tx = 118.0f, ix = 50.0f * std::cos(sector / 2), iy = 50.0f * std::sin(sector / 2);
    const float ex = ix - tx, ey = iy;
    const float len = Length(ex, ey);
    const float side = ((u - tx) * ey - v * ex) / len;  // > 0 outside the edge line
    return std::max(side, r - 118.0f);
}
void StarColour(float, float y, uint8_t rgb[3]) { Set(rgb, 250, 200 - int(y) / 6, 40); }

// Long and thin: a wooden plank 248 × 22 pixels.
float Plank(float x, float y) { return RoundedBox(x, y, 128, 16, 124, 11, 4); }
void PlankColour(float x, float, uint8_t rgb[3]) { Set(rgb, 150 + (int(x) % 32 < 2 ? -40 : 0), 100, 50); }

// With holes: a washer with three bolt holes in its rim.
float Washer(float x, float y) {
    float d = Subtract(Disc(x, y, 128, 128, 118), Disc(x, y, 128, 128, 52));
    for (int i = 0; i < 3; ++i) {
        const float a = 2.0f * kPi * static_cast<float>(i) / 3.0f + 0.3f;
        d = Subtract(d, Disc(x, y, 128 + 86 * std::cos(a), 128 + 86 * std::sin(a), 14));
    }
    return d;
}
void WasherColour(float x, float y, uint8_t rgb[3]) { Set(rgb, 170, 175, 185 - int(x + y) / 16); }

// A character: head, body, arms and legs, standing (256 × 256, feet at the bottom).
float Character(float x, float y) {
    float d = Disc(x, y, 128, 50, 38);                                 // head
    d = Union(d, RoundedBox(x, y, 128, 128, 40, 46, 16));              // body
    d = Union(d, CapsuleSd(x, y, 92, 98, 52, 150, 11));                // left arm
    d = Union(d, CapsuleSd(x, y, 164, 98, 206, 140, 11));              // right arm
    d = Union(d, CapsuleSd(x, y, 110, 168, 100, 238, 14));             // left leg
    d = Union(d, CapsuleSd(x, y, 146, 168, 160, 238, 14));             // right leg
    d = Union(d, RoundedBox(x, y, 92, 244, 22, 9, 6));                 // left shoe
    d = Union(d, RoundedBox(x, y, 168, 244, 22, 9, 6));                // right shoe
    return d;
}
void CharacterColour(float x, float y, uint8_t rgb[3]) {
    if (Disc(x, y, 128, 50, 38) < 0) Set(rgb, 240, 200, 160);
    else if (y > 232) Set(rgb, 60, 40, 30);
    else if (y > 168) Set(rgb, 40, 60, 140);
    else Set(rgb, 200, 50, 50);
}

// Tileset piece: a ground block 256 × 128 with a grassy wavy top, a step down on the right and a
// notch (a cave mouth) at the bottom left.
float GroundTile(float x, float y) {
    const float surface = (x < 176 ? 28.0f : 64.0f) + 6.0f * std::sin(x * 0.15f);
    float d = surface - y;  // solid below the surface down to the image's bottom edge
    d = Subtract(d, Disc(x, y, 56, 128, 34));
    return d;
}
void GroundColour(float x, float y, uint8_t rgb[3]) {
    const float surface = (x < 176 ? 28.0f : 64.0f) + 6.0f * std::sin(x * 0.15f);
    if (y < surface + 10) Set(rgb, 70, 170, 60);
    else Set(rgb, 130, 90, 55);
}

constexpr std::array<SpriteArt, 6> kArt{{
    {"convex_pebble", "convex", false, 256, 256, &Pebble, &PebbleColour},
    {"concave_star", "concave", true, 256, 256, &Star, &StarColour},
    {"thin_plank", "long and thin", false, 256, 32, &Plank, &PlankColour},
    {"holed_washer", "with holes", true, 256, 256, &Washer, &WasherColour},
    {"character", "character", true, 256, 256, &Character, &CharacterColour},
    {"ground_tile", "tileset piece", true, 256, 128, &GroundTile, &GroundColour},
}};

} // namespace

std::span<const SpriteArt> AllSpriteArt() { return kArt; }

std::vector<uint8_t> RenderSpriteRgba(const SpriteArt& art) {
    std::vector<uint8_t> rgba(static_cast<size_t>(art.width) * art.height * 4, 0);
    constexpr int kSamples = 4;
    for (int y = 0; y < art.height; ++y) {
        for (int x = 0; x < art.width; ++x) {
            int inside = 0;
            for (int sy = 0; sy < kSamples; ++sy)
                for (int sx = 0; sx < kSamples; ++sx) {
                    const float px = static_cast<float>(x) + (static_cast<float>(sx) + 0.5f) / kSamples;
                    const float py = static_cast<float>(y) + (static_cast<float>(sy) + 0.5f) / kSamples;
                    inside += art.distance(px, py) < 0.0f ? 1 : 0;
                }
            uint8_t* p = rgba.data() + (static_cast<size_t>(y) * art.width + x) * 4;
            if (inside == 0) continue;
            art.colour(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f, p);
            p[3] = static_cast<uint8_t>((inside * 255 + kSamples * kSamples / 2) / (kSamples * kSamples));
        }
    }
    return rgba;
}

} // namespace sensu::sprites
