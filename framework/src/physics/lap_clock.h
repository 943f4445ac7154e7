#pragma once
// The stopwatch behind World::GetProfile (step_profile.h): ms since the last lap.
#include <chrono>

namespace sensu::detail {

class LapClock {
public:
    /// Starts timing from now.
    void Start() { last_ = std::chrono::steady_clock::now(); }
    /// ms since Start or the last Lap; the next lap starts now.
    float Lap() {
        const auto now = std::chrono::steady_clock::now();
        const float ms = std::chrono::duration<float, std::milli>(now - last_).count();
        last_ = now;
        return ms;
    }

private:
    std::chrono::steady_clock::time_point last_{};
};

} // namespace sensu::detail
