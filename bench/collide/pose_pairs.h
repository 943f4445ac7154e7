#pragma once
// The shared input of every bench/collide benchmark: 65,536 random pose pairs (centres in [-1, 1]² m,
// angles in [-π, π)), generated once from a fixed seed so every benchmark — ours and Box2D's, this run
// and the next — sees the same cases. Reading them cycles through the table (a power of two: the index
// wraps with a mask), so branch predictors cannot learn one case.
#include <cstdint>
#include <random>
#include <vector>

#include "sensu/math.h"

namespace sensu::bench {

inline constexpr uint32_t kPosePairCount = 65536;
inline constexpr uint32_t kPosePairMask = kPosePairCount - 1;

struct PosePair {
    float ax, ay, angleA;  ///< pose of shape A: centre (m), angle (rad)
    float bx, by, angleB;  ///< pose of shape B
};

inline const std::vector<PosePair>& PosePairs() {
    static const std::vector<PosePair> pairs = [] {
        std::mt19937_64 engine(20260522);
        std::uniform_real_distribution<float> position(-1.0f, 1.0f), angle(-kPi, kPi);
        std::vector<PosePair> out(kPosePairCount);
        for (PosePair& p : out) p = {position(engine), position(engine), angle(engine), position(engine), position(engine), angle(engine)};
        return out;
    }();
    return pairs;
}

/// The same pairs as sensu transforms (A, B interleaved), converted once outside the timed loops.
struct TransformPair {
    Transform a, b;
};

inline const std::vector<TransformPair>& TransformPairs() {
    static const std::vector<TransformPair> pairs = [] {
        std::vector<TransformPair> out;
        out.reserve(kPosePairCount);
        for (const PosePair& p : PosePairs())
            out.push_back({Transform::FromAngle({p.ax, p.ay}, p.angleA), Transform::FromAngle({p.bx, p.by}, p.angleB)});
        return out;
    }();
    return pairs;
}

} // namespace sensu::bench
