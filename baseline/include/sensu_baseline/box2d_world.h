#pragma once
/// The Box2D 2.4 baseline: a b2World built from the same SceneDef our World takes, read back into the
/// same BodySample snapshots, so every comparison is apples to apples. Box2D stays out of framework/.
#include <memory>
#include <vector>

#include "sensu_scenes/metrics.h"
#include "sensu_scenes/scene_def.h"

class b2World;
class b2Body;
class b2Joint;

namespace sensu::baseline {

class Box2DWorld {
public:
    /// Builds the scene: gravity, bodies and shapes (a capsule becomes a box plus two circles, since
    /// Box2D 2.4 has no capsule), then its joints (every kind; Box2D 2.4's revolute and prismatic
    /// joints have no spring); `allowSleeping` is Box2D's sleep switch.
    Box2DWorld(const scenes::SceneDef& scene, bool allowSleeping);
    ~Box2DWorld();
    Box2DWorld(const Box2DWorld&) = delete;
    Box2DWorld& operator=(const Box2DWorld&) = delete;

    /// Adds one more body (e.g. dropped by a sample); it gets the next index after the scene's bodies.
    void AddBody(const scenes::SceneBody& body);
    /// One step of scene.dt with the scene's velocity/position iterations.
    void Step();
    /// Pose and sleep state of body `index` (SceneDef order, then added bodies).
    Transform GetTransform(int index) const;
    bool IsAwake(int index) const;
    /// N: the last step's reaction force of SceneDef joint `index` on its body B.
    Vec2 GetJointReactionForce(int index) const;
    /// Velocity of body `index`'s centre of mass (m/s) and its angular velocity (rad/s).
    Vec2 GetLinearVelocity(int index) const;
    float GetAngularVelocity(int index) const;
    /// Sets both velocities of body `index` (e.g. to drive a kinematic body step by step); wakes it.
    void SetVelocity(int index, Vec2 linear, float angular);
    /// Teleports body `index`: its origin to `position` (m), its angle to `angle` (rad).
    void SetTransform(int index, Vec2 position, float angle);
    /// Destroys body `index`. Indices are never reused: later bodies keep theirs, and any use of a
    /// destroyed index (or one out of range) throws sensu::InvalidArgument.
    void DestroyBody(int index);
    /// Dynamic bodies in SceneDef order; `resting` means asleep.
    void Sample(std::vector<scenes::BodySample>& out) const;
    int AwakeBodyCount() const;
    /// The Box2D world, for drawing in comparison samples.
    b2World& World() { return *world_; }
    /// Every SceneDef body's b2Body, in order (nullptr for destroyed ones).
    const std::vector<b2Body*>& Bodies() const { return bodies_; }

private:
    /// The live body at `index`; throws InvalidArgument when out of range or destroyed.
    b2Body* BodyAt(int index) const;

    std::unique_ptr<b2World> world_;
    std::vector<b2Body*> bodies_;
    std::vector<b2Body*> dynamicBodies_;
    std::vector<b2Joint*> joints_;
    float dt_;
    int velocityIterations_, positionIterations_;
};

} // namespace sensu::baseline
