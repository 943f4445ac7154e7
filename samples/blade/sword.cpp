#include "sword.h"

#include <cmath>

namespace sensu::blade {

Box BladeShape() { return Box({0.5f * kBladeLength, 0.5f * kBladeWidth}, {kHilt + 0.5f * kBladeLength, 0.0f}); }

float WrapAngle(float radians) {
    const float wrapped = std::remainder(radians, kTwoPi);
    return wrapped <= -kPi ? wrapped + kTwoPi : wrapped;
}

float SwingController::Next(const SwingIntent& intent, float bladeAngle, float maxSweep) {
    if (intent.spinAttack && attackLeft_ == 0.0f) attackLeft_ = lastSign_ * kTwoPi;
    float sweep = 0.0f;
    if (attackLeft_ != 0.0f) {
        sweep = Clamp(attackLeft_, -maxSweep, maxSweep);
        attackLeft_ -= sweep;
        // Rounding may leave a sliver of the turn: drop it rather than spend a step on it.
        if (std::fabs(attackLeft_) < 1e-4f) attackLeft_ = 0.0f;
    } else if (intent.aim) {
        sweep = Clamp(WrapAngle(*intent.aim - bladeAngle), -maxSweep, maxSweep);
    } else {
        sweep = Clamp(intent.spin, -1.0f, 1.0f) * maxSweep;
    }
    if (sweep > 0.0f) lastSign_ = 1.0f;
    if (sweep < 0.0f) lastSign_ = -1.0f;
    return sweep;
}

SwingIntent AutopilotIntent(int step) {
    const int phase = step % 90;
    if (phase < 40) return {.spin = 1.0f};
    if (phase >= 45 && phase < 85) return {.spin = -1.0f};
    return {};
}

} // namespace sensu::blade
