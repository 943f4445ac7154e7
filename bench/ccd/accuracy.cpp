#include "accuracy.h"

#include <array>
#include <cmath>
#include <random>

#include "sensu/geometry/primitives.h"
#include "sensu/geometry/sector_overlap.h"
#include "sensu/geometry/swept_region.h"

namespace sensu::bench {

const char* MethodName(Method m) {
    switch (m) {
    case Method::SpeculativeAABB: return "speculative_aabb";
    case Method::ThesisFan: return "thesis_fan";
    case Method::ConservativeFan: return "conservative_fan";
    case Method::TightRegion: return "tight_region";
    case Method::Substeps100: return "substeps_100";
    case Method::SensuExact: return "sensu_swept_region";
    case Method::Count: break;
    }
    return "?";
}

namespace {

constexpr int kGrid = 100;          // 100 × 100 points spaced 1 over [−49.5, 49.5]² (seed 000 §3.1, in 2D)
constexpr float kGridOrigin = -49.5f;
constexpr int kSubsteps = 100;      // the thesis' "detailed DCCD" truth: 100 divisions, 101 poses

// The truth, written independently of the library's region code: a point is swept by the rectangle
// rotating by α ≥ 0 about o iff, carried backwards by up to α about o, it meets the rectangle at its
// start pose; i.e. it starts inside, or the circle through it about o crosses an edge at a point
// reached within α. Rectangle frame: centred, axis-aligned, half extents (hx, hy).
bool TrulySwept(Vec2 q, Vec2 o, float hx, float hy, float alpha) {
    if (std::abs(q.x) <= hx && std::abs(q.y) <= hy) return true;
    const Vec2 r = q - o;
    const float rho2 = LengthSquared(r);
    auto reachedWithin = [&](Vec2 x) {
        const Vec2 e = x - o;
        float angle = std::atan2(Cross(e, r), Dot(e, r)); // CCW angle from the crossing to q
        if (angle < 0.0f) angle += kTwoPi;
        return angle <= alpha;
    };
    for (int side = -1; side <= 1; side += 2) {
        // Vertical edges x = ±hx, |y| ≤ hy.
        const float dx = side * hx - o.x;
        const float remX = rho2 - dx * dx;
        if (remX >= 0.0f) {
            const float s = std::sqrt(remX);
            for (float y : {o.y - s, o.y + s})
                if (std::abs(y) <= hy && reachedWithin({side * hx, y})) return true;
        }
        // Horizontal edges y = ±hy, |x| ≤ hx.
        const float dy = side * hy - o.y;
        const float remY = rho2 - dy * dy;
        if (remY >= 0.0f) {
            const float s = std::sqrt(remY);
            for (float x : {o.x - s, o.x + s})
                if (std::abs(x) <= hx && reachedWithin({x, side * hy})) return true;
        }
    }
    return false;
}

struct Tally {
    long inter = 0, onlyMethod = 0, onlyTruth = 0;
};

void Accumulate(MethodSummary& summary, const Tally& tally, float* accuracyOut) {
    const double all = static_cast<double>(tally.inter + tally.onlyMethod + tally.onlyTruth);
    const double accuracy = 100.0 * tally.inter / all;
    summary.cases += 1;
    summary.accuracy += accuracy;
    summary.over += 100.0 * tally.onlyMethod / all;
    summary.under += 100.0 * tally.onlyTruth / all;
    if (tally.onlyTruth > 0) summary.casesWithMisses += 1;
    if (accuracyOut != nullptr) *accuracyOut = static_cast<float>(accuracy);
}

} // namespace

AccuracyResult RunAccuracy(int cases, uint64_t seed) {
    AccuracyResult result;
    std::mt19937_64 engine(seed);
    auto uniform = [&](float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(engine); };
    std::array<unsigned char, kGrid * kGrid> substeps{};

    while (static_cast<int>(result.records.size()) < cases) {
        ++result.generated;
        // seed 000 §3.1: α in [0, 2π], centre distance in [12.5, 25], sizes in [0, 25], random direction.
        const float alpha = uniform(0.0f, kTwoPi);
        const float d = uniform(12.5f, 25.0f);
        const float wx = Max(uniform(0.0f, 25.0f), 1e-3f); // across the radius (X')
        const float wy = Max(uniform(0.0f, 25.0f), 1e-3f); // along the radius (Y')
        const float phi0 = uniform(-kPi, kPi);
        const Vec2 u0{std::cos(phi0), std::sin(phi0)};
        const Vec2 xAxis{u0.y, -u0.x}; // X' = Y' turned clockwise, so (X', Y') is right-handed
        const float hx = 0.5f * wx, hy = 0.5f * wy;

        // Body frame: pivot at the origin, centre on +y; the start angle turns +y onto u0.
        const Box body({hx, hy}, {0.0f, d});
        const RotationalSweep sweep{.pivot = {}, .startAngle = phi0 - 0.5f * kPi, .sweepAngle = alpha};
        const AABB aabb = SpeculativeAABB(body, sweep);
        const Sector thesis = ThesisFan({}, u0, d, wy, alpha);
        const Sector fan = ConservativeFan(body, sweep);
        const TightSweptRegion tight(body, sweep);
        const SweptRegion exact(body, sweep);

        // The thesis' truth: union of the poses at t = k/100, rasterised onto the grid.
        substeps.fill(0);
        for (int k = 0; k <= kSubsteps; ++k) {
            const Rot q = Rot::FromAngle(alpha * static_cast<float>(k) / kSubsteps);
            const Vec2 c = Rotate(q, d * u0);
            const Rot boxRot = Mul(q, Rot{xAxis.x, xAxis.y});
            const float ex = std::abs(boxRot.c) * hx + std::abs(boxRot.s) * hy;
            const float ey = std::abs(boxRot.s) * hx + std::abs(boxRot.c) * hy;
            const int i0 = Max(0, static_cast<int>(std::ceil(c.x - ex - kGridOrigin)));
            const int i1 = Min(kGrid - 1, static_cast<int>(std::floor(c.x + ex - kGridOrigin)));
            const int j0 = Max(0, static_cast<int>(std::ceil(c.y - ey - kGridOrigin)));
            const int j1 = Min(kGrid - 1, static_cast<int>(std::floor(c.y + ey - kGridOrigin)));
            for (int j = j0; j <= j1; ++j)
                for (int i = i0; i <= i1; ++i)
                    if (PointInBox({kGridOrigin + i, kGridOrigin + j}, c, boxRot, {hx, hy})) substeps[j * kGrid + i] = 1;
        }

        const float farthest = std::sqrt(Square(d + hy) + Square(hx)); // the far corner bounds every fan
        const float farthestSquared = Square(farthest * 1.0001f + 1e-3f);
        const Vec2 pivotInBox{0.0f, -d};
        Tally vsExact[kMethodCount], vsSubsteps[kMethodCount];
        long truthCount = 0, substepCount = 0;
        for (int j = 0; j < kGrid; ++j) {
            for (int i = 0; i < kGrid; ++i) {
                const Vec2 p{kGridOrigin + i, kGridOrigin + j};
                bool in[kMethodCount] = {};
                in[static_cast<int>(Method::SpeculativeAABB)] = aabb.Contains(p);
                bool truth = false;
                if (LengthSquared(p) <= farthestSquared) {
                    const Vec2 rel = p - d * u0;
                    truth = TrulySwept({Dot(rel, xAxis), Dot(rel, u0)}, pivotInBox, hx, hy, alpha);
                    in[static_cast<int>(Method::ThesisFan)] = Contains(thesis, p);
                    in[static_cast<int>(Method::ConservativeFan)] = Contains(fan, p);
                    in[static_cast<int>(Method::TightRegion)] = tight.Overlaps(p);
                    in[static_cast<int>(Method::Substeps100)] = substeps[j * kGrid + i] != 0;
                    in[static_cast<int>(Method::SensuExact)] = exact.Overlaps(p);
                }
                const bool coarseTruth = substeps[j * kGrid + i] != 0;
                truthCount += truth;
                substepCount += coarseTruth;
                for (int m = 0; m < kMethodCount; ++m) {
                    Tally& a = vsExact[m];
                    a.inter += in[m] && truth;
                    a.onlyMethod += in[m] && !truth;
                    a.onlyTruth += !in[m] && truth;
                    Tally& b = vsSubsteps[m];
                    b.inter += in[m] && coarseTruth;
                    b.onlyMethod += in[m] && !coarseTruth;
                    b.onlyTruth += !in[m] && coarseTruth;
                }
            }
        }
        if (truthCount == 0) {
            ++result.skipped;
            continue;
        }
        CaseRecord record;
        record.sweepAngle = alpha;
        record.heightMinusWidth = wy - wx;
        for (int m = 0; m < kMethodCount; ++m) {
            Accumulate(result.vsExact[m], vsExact[m], &record.accuracy[m]);
            if (substepCount > 0) Accumulate(result.vsSubsteps[m], vsSubsteps[m], nullptr);
        }
        result.records.push_back(record);
    }
    for (int m = 0; m < kMethodCount; ++m) {
        for (MethodSummary* s : {&result.vsExact[m], &result.vsSubsteps[m]}) {
            if (s->cases == 0) continue;
            s->accuracy /= s->cases;
            s->over /= s->cases;
            s->under /= s->cases;
        }
    }
    return result;
}

} // namespace sensu::bench
