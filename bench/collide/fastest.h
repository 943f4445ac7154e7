#pragma once
// The fastest repetition, reported as "<row>_min" beside Google Benchmark's mean and median for the
// rows whose ratios carry a target. On the shared build VM interference only ever adds time, and it
// adds more to some rows than to others: in one run of `TOI/RotatingBarCircle` (five interleaved
// repetitions) sensu read 32.8–56.6 ns and Box2D 424–553 ns, and the ratio of the medians swung from
// 9.3× to 13.4× between six runs of the same binary. The fastest repetitions are the steadiest
// estimate of what each code costs; README.md reports both ratios.
#include <algorithm>
#include <vector>

namespace sensu::bench {

inline double Fastest(const std::vector<double>& values) {
    return values.empty() ? 0.0 : *std::min_element(values.begin(), values.end());
}

} // namespace sensu::bench
