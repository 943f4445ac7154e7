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
    auto add = [&](const SceneBody& body) {
        const BodySample& s = samples[k++];
        m.maxSpeed = Max(m.maxSpeed, Length(s.velocity));
        m.maxAngle = Max(m.maxAngle, WrappedAbsAngle(s.angle));
        m.maxDrift = Max(m.maxDrift, std::fabs(s.position.x - body.body.position.x));
        m.topY = Max(m.topY, s.position.y);
        m.allResting = m.allResting && s.resting;
    };
    for (const SceneBody& body : scene.bodies) {
        if (body.body.type != BodyType::Dynamic) continue;
        if (k >= samples.size()) throw InvalidArgument("Measure: fewer samples than dynamic bodies");
        add(body);
    }
    // Spawned bodies follow in spawn order, as far as the run got.
    for (const SceneSpawn& spawn : scene.spawns) {
        if (k >= samples.size()) break;
        if (spawn.body.body.type == BodyType::Dynamic) add(spawn.body);
    }
    const StandingCriteria& c = scene.standing;
    m.standing = k > 0 && m.maxAngle <= c.maxAngle && m.maxDrift <= c.maxDrift && std::fabs(m.topY - c.idealTopY) <= c.topTolerance;
    return m;
}

void SampleWorld(const BuiltWorld& built, const SceneDef& scene, std::vector<BodySample>& out) {
    out.clear();
    const World& w = built.world;
    auto sample = [&](const SceneBody& body, BodyId id) {
        if (body.body.type != BodyType::Dynamic) return;
        out.push_back({w.GetPosition(id), w.GetAngle(id), w.GetLinearVelocity(id), w.GetAngularVelocity(id),
                       w.GetRestState(id) == RestState::RotationStable && !w.IsAwake(id)});
    };
    for (size_t i = 0; i < scene.bodies.size(); ++i) sample(scene.bodies[i], built.bodies[i]);
    // Spawned bodies follow the scene's in built.bodies, in spawn order, as far as the run got.
    for (size_t i = scene.bodies.size(); i < built.bodies.size() && i - scene.bodies.size() < scene.spawns.size(); ++i)
        sample(scene.spawns[i - scene.bodies.size()].body, built.bodies[i]);
}

} // namespace sensu::scenes
