#pragma once
// The accuracy experiment of seed 000 chapter 3 in 2D: random rotating rectangles, a 100 × 100 grid
// of points, and for every method the share of the truly swept grid points it reports.
#include <cstdint>
#include <string>
#include <vector>

namespace sensu::bench {

/// The regions compared, in table order.
enum class Method { SpeculativeAABB, ThesisFan, ConservativeFan, TightRegion, Substeps100, SensuExact, Count };
inline constexpr int kMethodCount = static_cast<int>(Method::Count);
/// Names as written to the table and CSV.
const char* MethodName(Method m);

/// Mean rates over the cases, in percent (seed 000 eq. 3.1–3.6 rewritten as |T∩M|/|T∪M|,
/// |M\T|/|T∪M| and |T\M|/|T∪M| for one method M against the truth T).
struct MethodSummary {
    int cases = 0;
    double accuracy = 0.0, over = 0.0, under = 0.0;
    int casesWithMisses = 0; ///< cases in which M missed at least one truly swept grid point
};

/// One case's accuracy per method (percent) and its parameters, for the binned figures.
struct CaseRecord {
    float sweepAngle = 0.0f;        ///< α (rad)
    float heightMinusWidth = 0.0f;  ///< Wy − Wx (m): Wy radial, Wx across (seed 000 §3.1)
    float accuracy[kMethodCount] = {};
};

struct AccuracyResult {
    MethodSummary vsExact[kMethodCount];      ///< against the exact swept region
    MethodSummary vsSubsteps[kMethodCount];   ///< against the union of 100 sub-steps (the thesis' truth)
    std::vector<CaseRecord> records;          ///< per kept case, against the exact region
    int generated = 0;                        ///< cases drawn
    int skipped = 0;                          ///< cases whose swept region holds no grid point
};

/// Runs `cases` kept cases from a fixed seed. Cases whose truth holds no grid point are skipped and
/// redrawn (the thesis likewise left out zero denominators).
AccuracyResult RunAccuracy(int cases, uint64_t seed);

} // namespace sensu::bench
