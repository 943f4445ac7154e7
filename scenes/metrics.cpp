#include "sensu_scenes/metrics.h"

#include <cmath>

namespace sensu::scenes {

namespace {

// |angle| wrapped to [0, π]: a box turned by a full turn stands as well as one never turned.
float WrappedAbsAngle(float angle) {
    const float a = std::fmod(std::fabs(angle), kTwoPi);
    return a > kPi ? kTwoPi - a : a;
}

} // namespace

SceneMetrics Measure(const SceneDef& scene, std::span<const BodySample> samples) {
    SceneMetrics m;
    m.allResting = true;
    m.topY = -1e30f;
    size_t k = 0;
    for (const SceneBody& body : scene.bodies) {
        if (body.body.type != BodyType::Dynamic) continue;
        if (k >= samples.size()) throw InvalidArgument("Measure: fewer samples than dynamic bodies");
        const BodySample& s = samples[k++];
        m.maxSpeed = Max(m.maxSpeed, Length(s.velocity));
        m.maxAngle = Max(m.maxAngle, WrappedAbsAngle(s.angle));
        m.maxDrift = Max(m.maxDrift, std::fabs(s.position.x - body.body.position.x));
        m.topY = Max(m.topY, s.position.y);
        m.allResting = m.allResting && s.resting;
    }
    const StandingCriteria& c = scene.standing;
    m.standing = k > 0 && m.maxAngle <= c.maxAngle && m.maxDrift <= c.maxDrift && std::fabs(m.topY - c.idealTopY) <= c.topTolerance;
    return m;
}

void SampleWorld(const BuiltWorld& built, const SceneDef& scene, std::vector<BodySample>& out) {
    out.clear();
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
        if (scene.bodies[i].body.type != BodyType::Dynamic) continue;
        const BodyId id = built.bodies[i];
        const World& w = built.world;
        out.push_back({w.GetPosition(id), w.GetAngle(id), w.GetLinearVelocity(id), w.GetAngularVelocity(id),
                       w.GetRestState(id) == RestState::RotationStable && !w.IsAwake(id)});
    }
}

} // namespace sensu::scenes
