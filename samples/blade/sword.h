#pragma once
/// The player's sword: its shape, where the hand is, and how input turns into one step's swing.
#include <optional>

#include "sensu/geometry/shapes.h"

namespace sensu::blade {

/// World position of the hand: the pivot the sword turns about (m).
inline constexpr Vec2 kPivot{0.0f, 0.3f};
/// Blade of the tunnelling test: 2 m × 0.1 m, its base kHilt from the hand (m).
inline constexpr float kBladeLength = 2.0f;
inline constexpr float kBladeWidth = 0.1f;
inline constexpr float kHilt = 0.3f;

/// The blade in the sword frame (origin at the hand, +x along the blade).
Box BladeShape();

/// What the player asks of the sword this step. Priority: a running spin attack, then aim, then spin.
struct SwingIntent {
    /// −1 … 1: hold to spin (positive counter-clockwise), scaled by the swing speed.
    float spin = 0.0f;
    /// rad: turn the blade towards this direction as fast as the swing speed allows (mouse, stick).
    std::optional<float> aim{};
    /// Start one full turn (in the direction of the last swing).
    bool spinAttack = false;
};

/// Turns intents into the sweep angle of each step, never more than the swing speed.
class SwingController {
public:
    /// Sweep angle (rad, CCW positive) for the next step of a blade at `bladeAngle` (rad), with at
    /// most `maxSweep` (rad per step, > 0) of rotation.
    float Next(const SwingIntent& intent, float bladeAngle, float maxSweep);

private:
    float attackLeft_ = 0.0f;  ///< rad still to turn in the current spin attack (signed)
    float lastSign_ = 1.0f;    ///< direction of the last swing, for the next spin attack
};

/// The scripted swing used headless and until the player touches a control: spin counter-clockwise
/// for 40 steps, rest 5, clockwise 40, rest 5 (a 90-step cycle). `step` ≥ 0.
SwingIntent AutopilotIntent(int step);

/// Angle wrapped to (−π, π].
float WrapAngle(float radians);

} // namespace sensu::blade
