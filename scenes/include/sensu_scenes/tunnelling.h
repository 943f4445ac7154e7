#pragma once
/// The tunnelling trials of issue 5: a 2 m × 0.1 m blade spinning up to 2π rad per step (377 rad/s at
/// 60 Hz) against a small target placed in its path. One trial is one step of a two-body scene, so the
/// same SceneDef runs in our World and in Box2D 2.4 (sensu_baseline); the target was hit when it moves
/// after the step.
#include <cstdint>

#include "sensu/geometry/swept_region.h"
#include "sensu_scenes/scene_def.h"

namespace sensu::scenes {

/// How the blade turns in a trial.
enum class BladeKind {
    Spinner,  ///< dynamic body spinning about its centre of mass (a thrown blade, a propeller)
    Sword,    ///< kinematic body held at one end, turning about that hilt
};

/// What the target is.
enum class TargetKind {
    Circle,    ///< a disc 5 cm across (radius 0.025 m)
    ThinBox,   ///< a box 2 cm × 20 cm at a random angle
};

/// One trial: body 0 is the blade, body 1 the target (dynamic, at rest); no gravity, dt = 1/60 s.
/// The target's centre lies inside the blade's exact swept region over the step (so the truth says the
/// blade meets it) and the target does not touch the blade at the start of the step.
struct TunnellingTrial {
    SceneDef scene;
    BladeKind blade = BladeKind::Spinner;
    TargetKind target = TargetKind::Circle;
    RotationalSweep sweep;  ///< the blade's motion over the step (pivot = its centre of rotation)
};

/// Trial `index` of the sequence drawn from `seed` (deterministic: the same arguments give the same
/// trial). Sweep angle |α| uniform in [0.05, 2π] rad per step, either sign; half the blades are
/// spinners, half swords; half the targets are circles, half thin boxes. `bullet` sets BodyDef::bullet
/// on the blade (Box2D's bullet flag, sensu's forced continuous collision).
TunnellingTrial MakeTunnellingTrial(uint64_t seed, int index, bool bullet = true);

/// The blade's shape in the frame of its sweep pivot, for the truth (SweptRegion) of a trial.
Box BladeInPivotFrame(BladeKind blade);

/// Whether the target of a trial moves after the step (it took an impulse): |v| or |ω| > 1e-3.
bool TargetWasHit(Vec2 linearVelocity, float angularVelocity);

} // namespace sensu::scenes
