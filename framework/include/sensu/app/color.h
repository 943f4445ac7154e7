#pragma once
/// Colours for the Renderer: 8-bit sRGB with straight (non-premultiplied) alpha, plus a small palette.
#include <cstdint>

namespace sensu {

/// An 8-bit RGBA colour. Alpha 255 is opaque; the Renderer alpha-blends everything it draws.
struct Color {
    std::uint8_t r = 255;  ///< red
    std::uint8_t g = 255;  ///< green
    std::uint8_t b = 255;  ///< blue
    std::uint8_t a = 255;  ///< alpha (255 opaque)

    /// From a 0xRRGGBB literal, e.g. Color::Hex(0x4CAF50); alpha in [0, 255].
    static constexpr Color Hex(std::uint32_t rgb, std::uint8_t alpha = 255) {
        return {static_cast<std::uint8_t>((rgb >> 16) & 0xFF), static_cast<std::uint8_t>((rgb >> 8) & 0xFF),
                static_cast<std::uint8_t>(rgb & 0xFF), alpha};
    }
    /// The same colour with another alpha in [0, 255].
    constexpr Color WithAlpha(std::uint8_t alpha) const { return {r, g, b, alpha}; }
    /// The same colour with alpha multiplied by `factor` in [0, 1] (clamped).
    constexpr Color Faded(float factor) const {
        const float f = factor < 0.0f ? 0.0f : (factor > 1.0f ? 1.0f : factor);
        return {r, g, b, static_cast<std::uint8_t>(static_cast<float>(a) * f + 0.5f)};
    }
    /// All four channels equal.
    constexpr bool operator==(const Color&) const = default;
};

/// Linear blend of two colours (all four channels), t in [0, 1] (clamped).
constexpr Color Lerp(Color a, Color b, float t) {
    const float u = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    auto mix = [u](std::uint8_t x, std::uint8_t y) {
        return static_cast<std::uint8_t>(static_cast<float>(x) + u * (static_cast<float>(y) - static_cast<float>(x)) + 0.5f);
    };
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), mix(a.a, b.a)};
}

/// A small palette shared by every sample, so the same thing looks the same everywhere.
namespace colors {
inline constexpr Color kBackground = Color::Hex(0x1E2127); ///< clear colour of the browser
inline constexpr Color kGrid = Color::Hex(0x2C313A);       ///< background grid lines
///@{
/// Plain hues of the palette (the roles below are preferred where one fits).
inline constexpr Color kWhite = Color::Hex(0xFFFFFF);
inline constexpr Color kBlack = Color::Hex(0x000000);
inline constexpr Color kGray = Color::Hex(0x8A8F98);
inline constexpr Color kRed = Color::Hex(0xE5534B);
inline constexpr Color kOrange = Color::Hex(0xF0883E);
inline constexpr Color kYellow = Color::Hex(0xE3B341);
inline constexpr Color kGreen = Color::Hex(0x57AB5A);
inline constexpr Color kCyan = Color::Hex(0x39C5CF);
inline constexpr Color kBlue = Color::Hex(0x539BF5);
inline constexpr Color kPurple = Color::Hex(0xB083F0);
inline constexpr Color kPink = Color::Hex(0xE275AD);
///@}

// Roles (use these rather than raw hues so samples agree).
inline constexpr Color kStatic = Color::Hex(0x7FC97F);    ///< static geometry (ground, walls)
inline constexpr Color kDynamic = Color::Hex(0xE6B35A);   ///< awake dynamic bodies
inline constexpr Color kKinematic = Color::Hex(0x7F9FE6); ///< kinematic bodies
inline constexpr Color kResting = Color::Hex(0x8A8F98);   ///< bodies in a rest / sleep state
inline constexpr Color kHighlight = Color::Hex(0xFF5CA8); ///< the thing a sample is about (a hit, the result)
inline constexpr Color kContact = Color::Hex(0xFF4040);   ///< contact points
inline constexpr Color kNormal = Color::Hex(0x40E0FF);    ///< contact / surface normals
inline constexpr Color kText = Color::Hex(0xE6EDF3);      ///< on-screen text
inline constexpr Color kTextDim = Color::Hex(0x9DA7B3);   ///< secondary text, hints

/// Eight well-separated hues for colouring many objects by index (i ≥ 0, wraps around).
constexpr Color Categorical(int i) {
    constexpr Color table[8] = {kBlue, kOrange, kGreen, kRed, kPurple, kYellow, kCyan, kPink};
    return table[((i % 8) + 8) % 8];
}
} // namespace colors

} // namespace sensu
