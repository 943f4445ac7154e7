#pragma once
/// The five ways the HUD can detect the blade meeting a target during one step, and the truth they
/// are scored against.
///
/// Truth: the exact time of impact of the blade's sweep against the target's own motion over the step
/// (rotating_toi.h), so a target counts as crossed when the blade really reached it at some instant.
/// Region modes decide geometrically before the step; the two engine modes let a physics engine step
/// and count a hit when the engine deflected the target.
#include <array>
#include <optional>

#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/swept_region.h"

namespace sensu::blade {

enum class Mode : int {
    Discrete,         ///< end pose only: what a discrete engine sees
    SpeculativeAabb,  ///< one AABB around the blade's start and end poses (speculative CCD's bound)
    ThesisFan,        ///< seed 000 eq. (2.1)–(2.2): the fan that ignores the blade's width
    SensuCcd,         ///< sensu's World with continuous collision: deflects targets for real
    Box2D,            ///< Box2D 2.4, the blade a kinematic bullet (rotation capped at 90° per step)
};
inline constexpr int kModeCount = 5;
inline constexpr std::array<const char*, kModeCount> kModeNames = {"discrete", "speculative AABB", "thesis fan", "sensu CCD",
                                                                  "Box2D 2.4"};

/// True for the modes decided by a geometric test (the first three); false for the two engines.
constexpr bool IsRegionMode(Mode mode) { return mode == Mode::Discrete || mode == Mode::SpeculativeAabb || mode == Mode::ThesisFan; }

/// A target's motion over one step when nothing hits it: shape in its body frame (origin at the
/// body's position) and its sweep (translation v·dt, rotation ω·dt).
struct TargetStep {
    ConvexShape shape;
    RotationalSweep sweep;
};

/// The blade's sweep over one step, starting at `angle` (rad) and turning by `sweepAngle` (rad).
RotationalSweep BladeSweep(float angle, float sweepAngle);

/// Share of a target's size that the blade must reach for a crossing: its inner half. A graze of the
/// rim (touching the blade's corner for an instant) is not scored either way, since an engine may
/// rightly let it pass with no impulse.
inline constexpr float kCoreScale = 0.5f;

/// Truth: when (and where) the blade first reaches the target's core (the shape scaled by kCoreScale
/// about its centre) during the step; `hit()` false when it never does.
RotatingImpact BladeImpact(const RotationalSweep& blade, const TargetStep& target);

/// Whether a region mode registers the target this step: discrete tests the two end poses; the AABB
/// mode tests the blade's speculative box against the target's; the thesis fan is tested against the
/// target's swept shape (a capsule for a projectile, its start and end poses for an enemy, which
/// moves far less than its size in a step). `mode` must be a region mode.
bool RegionRegisters(Mode mode, const RotationalSweep& blade, const TargetStep& target);

/// The thesis fan of the blade's sweep (seed 000 eq. 2.1–2.2): centred at the hand, radii from the
/// blade's base to its tip, half angle |α|/2.
Sector BladeThesisFan(const RotationalSweep& blade);

} // namespace sensu::blade
