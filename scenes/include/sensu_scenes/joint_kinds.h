#pragma once
/// One small scene per joint kind, run by sensu and by Box2D 2.4 through the one adapter
/// (sensu-bench-joint-kinds): the check that the adapter learned every kind, and that both engines
/// agree where physics gives one answer. Each scene ends at a state physics determines (a body
/// resting at a limit, a spring's static deflection, a motor's speed, a target reached), not mid-swing,
/// so two different solvers must meet there.
#include <string>
#include <vector>

#include "sensu_scenes/scene_def.h"

namespace sensu::scenes {

/// A joint-kind scene and what it checks: the dynamic body `body` (SceneDef index) ends at `position`
/// (m) and `angle` (rad) with `velocity` (m/s) and `angularVelocity` (rad/s), each within its
/// tolerance; a tolerance < 0 leaves that quantity unchecked. The expected values are physics
/// (limits, static deflection g/ω², motor targets), so they also check each engine on its own.
struct JointKindScene {
    SceneDef scene;
    int body = 1;
    Vec2 position{};
    float positionTolerance = -1.0f;  ///< m
    float angle = 0.0f;
    float angleTolerance = -1.0f;     ///< rad
    Vec2 velocity{};
    float velocityTolerance = -1.0f;  ///< m/s
    float angularVelocity = 0.0f;
    float angularVelocityTolerance = -1.0f;  ///< rad/s
};

/// The scenes, one or two per joint kind (revolute, prismatic, distance, weld, wheel, motor, mouse):
/// a static anchor body (index 0, no shapes) and the moving body (index 1), gravity (0, −10), 60 Hz.
std::vector<JointKindScene> JointKindScenes();

} // namespace sensu::scenes
