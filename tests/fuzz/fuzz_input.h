#pragma once
// What every libFuzzer target shares: a reader that turns the fuzzer's bytes into numbers (raw float bit
// patterns, grid values, values of any magnitude from 1e-7 to 1e8, or special values), shapes and poses
// built from them, and FUZZ_REQUIRE, which reports a broken property and aborts (libFuzzer then writes
// the input as a crash file and prints it; tests/fuzz/README.md says how to replay it).
#include <array>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>

#include "pair_consistency.h"

namespace sensu::fuzz {

/// Reports a broken property and aborts.
#define FUZZ_REQUIRE(condition, message)                                                            \
    do {                                                                                            \
        if (!(condition)) {                                                                         \
            std::fprintf(stderr, "sensu fuzz finding: %s (%s:%d)\n%s\n", #condition, __FILE__, __LINE__, \
                         std::string(message).c_str());                                              \
            std::abort();                                                                           \
        }                                                                                           \
    } while (0)

/// The checked domain: properties are asserted when every number is at most kCheckedMagnitude and every
/// shape size (radius, half extent, edge length) is 0 or at least kSmallestCheckedSize; beyond it only
/// "no crash, no sanitizer report" is (squares of 1e19 m overflow float, a polygon of 1e-23 m has an
/// area below float's smallest normal number).
inline constexpr float kCheckedMagnitude = 1e7f;
inline constexpr float kSmallestCheckedSize = 1e-7f;

/// The checked domain of several shapes together: every size at least 1e-6 of the largest number.
inline bool InDomain(float magnitude, float smallestSize) {
    return magnitude <= kCheckedMagnitude && (smallestSize == 0.0f || smallestSize >= 1e-6f * magnitude);
}

class Input {
public:
    Input(const uint8_t* data, size_t size) : data_(data), size_(size) {}
    bool Empty() const { return pos_ >= size_; }
    uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
    uint16_t U16() { return static_cast<uint16_t>(Byte() | (Byte() << 8)); }
    uint32_t U32() { return static_cast<uint32_t>(U16()) | (static_cast<uint32_t>(U16()) << 16); }
    int Int(int lo, int hi) { return lo + static_cast<int>(U16() % static_cast<uint32_t>(hi - lo + 1)); }
    bool Bool() { return (Byte() & 1) != 0; }

    /// Any float: one mode byte, then the value. Modes: raw bit pattern (NaN, ±inf, denormals), a
    /// quarter-metre grid value, a mantissa at a decimal exponent from −7 to 8, or a special value.
    float Float() {
        const uint8_t mode = Byte();
        switch (mode % 8) {
        case 0: {
            const uint32_t bits = U32();
            float f;
            std::memcpy(&f, &bits, sizeof f);
            return f;
        }
        case 1:
        case 2: return 0.25f * static_cast<float>(static_cast<int8_t>(Byte()));
        case 3:
        case 4:
        case 5: {
            const float mantissa = static_cast<float>(static_cast<int16_t>(U16())) / 32768.0f;
            return mantissa * std::pow(10.0f, static_cast<float>(static_cast<int>(Byte() % 16) - 7));
        }
        default: {
            static constexpr float kSpecial[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 1e-6f, -1e-6f, 1e6f, -1e6f, 1e7f, 3.4e38f, -3.4e38f,
                                                 1.17549435e-38f, INFINITY, -INFINITY, NAN};
            return kSpecial[Byte() % 16];
        }
        }
    }
    /// |Float()|, so sizes are mostly valid (still non-finite or 0 at times).
    float Size() { return std::abs(Float()); }
    Vec2 Point() { return {Float(), Float()}; }

private:
    const uint8_t* data_;
    size_t size_;
    size_t pos_ = 0;
};

inline bool Finite(float x) { return std::isfinite(x); }
inline bool Finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

/// A pose from an angle (rotations are always unit) and a position.
inline Transform Pose(Input& in) { return Transform::FromAngle(in.Point(), in.Float()); }

/// A convex polygon from up to 8 raw points (the constructor rejects what is not strictly convex CCW).
inline ConvexPolygon Polygon(Input& in) {
    std::array<Vec2, kMaxPolygonVertices> v{};
    const int n = in.Int(0, kMaxPolygonVertices + 1);
    for (int i = 0; i < n && i < kMaxPolygonVertices; ++i) v[i] = in.Point();
    // Half the time, a regular polygon of random radius and count (so valid polygons are common).
    if (in.Bool()) {
        const int count = in.Int(3, kMaxPolygonVertices);
        const float radius = in.Size();
        const Vec2 c = in.Point();
        for (int i = 0; i < count; ++i) {
            const float t = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(count);
            v[i] = c + radius * Vec2{std::cos(t), std::sin(t)};
        }
        return ConvexPolygon(std::span<const Vec2>(v.data(), static_cast<size_t>(count)));
    }
    return ConvexPolygon(std::span<const Vec2>(v.data(), static_cast<size_t>(std::min(n, kMaxPolygonVertices))));
}

/// Any solid shape built from the bytes; throws InvalidArgument when the constructor rejects them.
inline testing::AnyShape Shape(Input& in) {
    switch (in.Byte() % 5) {
    case 0: return Circle(in.Point(), in.Size());
    case 1: return Capsule(in.Point(), in.Point(), in.Size());
    case 2: return Box({in.Size(), in.Size()}, in.Point(), in.Float());
    case 3: return Polygon(in);
    default: return Segment(in.Point(), in.Point());
    }
}

/// Smallest size of the shape (m): radius, half extent, edge length; 0 for points and segments' width.
inline float SmallestSize(const testing::AnyShape& s) {
    return std::visit(
        [](const auto& shape) -> float {
            using T = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<T, Circle>) return shape.radius();
            else if constexpr (std::is_same_v<T, Capsule>) return shape.radius();
            else if constexpr (std::is_same_v<T, Box>) return std::min(shape.halfExtents().x, shape.halfExtents().y);
            else if constexpr (std::is_same_v<T, Segment>) return Length(shape.b() - shape.a());
            else {
                float e = 3.4e38f;
                for (int i = 0; i < shape.count(); ++i) e = std::min(e, Length(shape.vertex((i + 1) % shape.count()) - shape.vertex(i)));
                return e;
            }
        },
        s);
}

/// Largest magnitude of any number that describes the shape placed by xf (m); +inf outside the checked
/// domain: a non-finite pose, a number below 1e-20 (not 0), a size below kSmallestCheckedSize or below
/// 1e-6 of the largest number (float's resolution there).
inline float Magnitude(const testing::AnyShape& s, const Transform& xf) {
    if (!Finite(xf.q.c) || !Finite(xf.q.s) || !Finite(xf.p)) return INFINITY;  // an angle of ±inf, a NaN
    float m = std::max(std::abs(xf.p.x), std::abs(xf.p.y));
    bool tiny = false;  // a non-zero number below 1e-20: squares of it are denormal (outside the domain)
    auto add = [&](Vec2 v) {
        m = std::max({m, std::abs(v.x), std::abs(v.y)});
        for (float x : {v.x, v.y}) tiny = tiny || (x != 0.0f && std::abs(x) < 1e-20f);
    };
    add(xf.p);
    std::visit(
        [&](const auto& shape) {
            using T = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<T, Circle>) { add(shape.center()); m = std::max(m, shape.radius()); }
            else if constexpr (std::is_same_v<T, Capsule>) { add(shape.a()); add(shape.b()); m = std::max(m, shape.radius()); }
            else if constexpr (std::is_same_v<T, Box>) { add(shape.center()); add(shape.halfExtents()); }
            else if constexpr (std::is_same_v<T, Segment>) { add(shape.a()); add(shape.b()); }
            else for (Vec2 v : shape.vertices()) add(v);
        },
        s);
    const float smallest = SmallestSize(s);
    // Below the checked sizes, or below float's resolution at the shape's own coordinates.
    if (tiny || (smallest > 0.0f && (smallest < kSmallestCheckedSize || smallest < 1e-6f * m))) return INFINITY;
    return m;
}

} // namespace sensu::fuzz
