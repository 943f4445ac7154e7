#include "sensu/app/timestep.h"

#include <algorithm>
#include <cmath>

#include "sensu/math/scalar.h"

namespace sensu {

namespace {
// Fiedler clamps the measured frame time (a debugger break, a dragged window) so one long frame
// cannot demand hundreds of steps.
constexpr double kMaxFrameSeconds = 0.25;
} // namespace

FixedTimestep::FixedTimestep(float dt) : dt_(dt) {
    if (!(dt > 0.0f) || !IsFinite(dt)) throw InvalidArgument("FixedTimestep: dt must be finite and > 0");
}

void FixedTimestep::SetSpeed(float speed) {
    if (!IsFinite(speed)) return;
    speed_ = std::clamp(speed, 1.0f / 64.0f, 16.0f);
}

void FixedTimestep::SetPaused(bool paused) {
    paused_ = paused;
    singleStep_ = false;
}

int FixedTimestep::Advance(double realSeconds) {
    if (paused_) {
        const int steps = singleStep_ ? 1 : 0;
        singleStep_ = false;
        return steps;
    }
    const double frame = std::clamp(std::isfinite(realSeconds) ? realSeconds : 0.0, 0.0, kMaxFrameSeconds);
    accumulator_ += frame * static_cast<double>(speed_);
    const int limit = std::max(1, maxStepsPerFrame);
    int steps = 0;
    while (accumulator_ >= static_cast<double>(dt_) && steps < limit) {
        accumulator_ -= static_cast<double>(dt_);
        ++steps;
    }
    // Too far behind: drop the backlog (the simulation runs slower than real time instead of freezing).
    if (accumulator_ >= static_cast<double>(dt_)) accumulator_ = std::fmod(accumulator_, static_cast<double>(dt_));
    return steps;
}

} // namespace sensu
