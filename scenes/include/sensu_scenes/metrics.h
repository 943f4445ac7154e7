#pragma once
/// Metrics read the same way from every engine: a snapshot of each dynamic body in SceneDef order.
#include <span>
#include <vector>

#include "sensu_scenes/scene_def.h"

namespace sensu::scenes {

/// State of one dynamic body as any engine reports it.
struct BodySample {
    Vec2 position{};        ///< m, body origin
    float angle = 0.0f;     ///< rad
    Vec2 velocity{};        ///< m/s
    float angularVelocity = 0.0f;  ///< rad/s
    bool resting = false;   ///< frozen (sensu rest states) or asleep (Box2D)
};

struct SceneMetrics {
    float maxSpeed = 0.0f;  ///< m/s, fastest body
    float maxAngle = 0.0f;  ///< rad, largest |angle| wrapped to [0, π]
    float maxDrift = 0.0f;  ///< m, largest |x − x0|
    float topY = 0.0f;      ///< m, highest body origin
    bool allResting = false;
    bool standing = false;  ///< the scene's StandingCriteria hold
};

/// Metrics of the dynamic bodies (SceneDef order, static bodies skipped) against the scene's criteria.
SceneMetrics Measure(const SceneDef& scene, std::span<const BodySample> dynamicBodies);

/// Samples the dynamic bodies of a world built by BuildWorld (SceneDef order).
void SampleWorld(const BuiltWorld& built, const SceneDef& scene, std::vector<BodySample>& out);

} // namespace sensu::scenes
