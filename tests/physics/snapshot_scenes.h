#pragma once
// Scenes for the snapshot tests: each builds a world, runs it for a while, and then keeps poking it with
// the same scripted actions (impacts, teleports, destroys, spawns into freed slots, kinematic movers) so a
// copy and its original are driven identically. Together they exercise every kind of state the snapshot
// must carry: frozen piles and rest timers, warm-start impulses and carried manifolds, pending bounces,
// continuous-collision impacts, both broad phases, free lists and generations.
#include <functional>
#include <string>
#include <vector>

#include "arena_scene.h"
#include "sensu/physics/distance_joint.h"
#include "sensu/physics/mouse_joint.h"
#include "sensu/physics/revolute_joint.h"
#include "sensu/physics/wheel_joint.h"
#include "sensu_scenes/stacking.h"

namespace sensu::testing {

struct SnapshotScene {
    std::string name;
    std::function<World()> build;
    int warmUpSteps = 0;  // steps before the snapshot
    /// Called before every step with the step number (0, 1, … from the build; the snapshot is taken before
    /// step warmUpSteps); must act the same way on any two worlds in the same state.
    std::function<void(World&, int)> act = [](World&, int) {};
};

inline World PyramidWorld(int rows, BroadPhaseKind broadPhase) {
    SolverSettings settings;
    settings.broadPhase = broadPhase;
    return std::move(scenes::BuildWorld(scenes::Pyramid(rows), settings).world);
}

/// The i-th live body in creation-slot order (the same body in two worlds in the same state).
inline BodyId NthBody(const World& world, int i) {
    std::vector<BodyId> ids;
    world.GetBodies(ids);
    return ids[static_cast<size_t>(i) % ids.size()];
}

inline std::vector<SnapshotScene> SnapshotScenes() {
    std::vector<SnapshotScene> scenes;
    for (BroadPhaseKind kind : {BroadPhaseKind::AabbTree, BroadPhaseKind::MortonQuadtree}) {
        // A pyramid that partly rests at the snapshot, then is hit by a ball and loses a box.
        scenes.push_back({.name = std::string("pyramid hit and cut, ") + (kind == BroadPhaseKind::AabbTree ? "AABB tree" : "Morton quadtree"),
                          .build = [kind] { return PyramidWorld(8, kind); },
                          .warmUpSteps = 150,
                          .act = [](World& w, int step) {
                              if (step == 5) w.DestroyBody(NthBody(w, 35));  // a free slot before the snapshot (a top box)
                              if (step == 170) {
                                  const BodyId ball = w.CreateBody({.type = BodyType::Dynamic, .position = {-6.0f, 3.0f}, .linearVelocity = {9.0f, 0.0f}});
                                  w.CreateShape(ball, {.geometry = Circle({0, 0}, 0.3f), .density = 3.0f});
                              }
                              if (step == 230) w.DestroyBody(NthBody(w, 9));
                          }});
    }
    // Balls, capsules and polygons rolling and sliding down a segment slope onto a floor and coming to
    // rest there; a kinematic paddle sweeps through later.
    scenes.push_back({.name = "rolling on a slope, kinematic paddle",
                      .build = [] {
                          World w;
                          AddGround(w, 20.0f);
                          const BodyId slope = w.CreateBody({.type = BodyType::Static});
                          w.CreateShape(slope, {.geometry = Segment({-10.0f, 5.0f}, {0.0f, 0.0f})});
                          const Vec2 tri[3] = {{-0.3f, -0.2f}, {0.3f, -0.2f}, {0.0f, 0.3f}};
                          for (int i = 0; i < 12; ++i) {
                              const Vec2 at{-9.0f + 0.7f * static_cast<float>(i), 6.0f - 0.35f * static_cast<float>(i) + 0.8f};
                              const BodyId b = w.CreateBody({.type = BodyType::Dynamic, .position = at, .angle = 0.1f * static_cast<float>(i)});
                              const ShapeGeometry g = i % 3 == 0   ? ShapeGeometry{Circle({0, 0}, 0.25f)}
                                                      : i % 3 == 1 ? ShapeGeometry{Capsule({-0.2f, 0}, {0.2f, 0}, 0.15f)}
                                                                   : ShapeGeometry{ConvexPolygon(tri)};
                              w.CreateShape(b, {.geometry = g, .friction = 0.5f, .restitution = i % 2 == 0 ? 0.4f : 0.0f});
                          }
                          return w;
                      },
                      .warmUpSteps = 150,
                      .act = [](World& w, int step) {
                          if (step == 190) {
                              const BodyId paddle = w.CreateBody({.type = BodyType::Kinematic, .position = {12.0f, 0.5f}, .linearVelocity = {-3.0f, 0.0f}});
                              w.CreateShape(paddle, {.geometry = Box({0.1f, 0.4f})});
                          }
                      }});
    // Fast spinning and flying bodies in a closed arena with a half-turn-per-step sword, plus a bullet
    // shot into a small pile: continuous collision with many impacts per step.
    scenes.push_back({.name = "arena with a sword, bullets into a pile",
                      .build = [] {
                          World w({.gravity = {0.0f, 0.0f}});
                          FillArena(w, 77, 0.5f);
                          return w;
                      },
                      .warmUpSteps = 30,
                      .act = [](World& w, int step) {
                          if (step % 25 == 5) {
                              const BodyId bullet = w.CreateBody({.type = BodyType::Dynamic, .position = {-4.0f, 3.5f},
                                                                  .linearVelocity = {120.0f, -20.0f}, .bullet = true});
                              w.CreateShape(bullet, {.geometry = Circle({0, 0}, 0.04f), .density = 5.0f, .restitution = 0.5f});
                          }
                      }});
    // Boxes dropped in two columns with rest states off: warm starting and bounces carry all the state.
    scenes.push_back({.name = "drop stack, rest states off, teleports",
                      .build = [] {
                          SolverSettings settings;
                          settings.restStates = false;
                          return std::move(scenes::BuildWorld(scenes::DropStack(12), settings).world);
                      },
                      .warmUpSteps = 80,
                      .act = [](World& w, int step) {
                          if (step == 110) w.SetTransform(NthBody(w, 3), {0.2f, 9.0f}, 0.4f);
                          if (step == 130) w.ApplyLinearImpulse(NthBody(w, 6), {2.0f, 0.0f}, w.GetWorldCenter(NthBody(w, 6)));
                      }});
    // Balls bouncing (restitution 0.7: pending bounces of speculative contacts) and boxes settling (rest
    // timers running), then a box sliding into a frozen row: whether the push wakes it depends on the
    // support recorded when the row froze.
    scenes.push_back({.name = "bouncing and settling, a push into a frozen row",
                      .build = [] {
                          World w;
                          AddGround(w, 20.0f);
                          for (int i = 0; i < 5; ++i) {
                              const auto x = static_cast<float>(i);
                              AddBox(w, {1.1f * x, 0.5f + 0.02f * x}, {0.5f, 0.5f});
                              const BodyId ball = w.CreateBody({.type = BodyType::Dynamic, .position = {-8.0f + 1.3f * x, 1.0f + 0.7f * x}});
                              w.CreateShape(ball, {.geometry = Circle({0, 0}, 0.2f + 0.05f * x), .restitution = 0.7f});
                          }
                          return w;
                      },
                      .warmUpSteps = 100,
                      .act = [](World& w, int step) {
                          if (step == 130) AddBox(w, {-2.0f, 0.5f}, {0.5f, 0.5f}, 0.0f, {1.2f, 0.0f});
                      }});
    // Joints (a hanging chain that rests, a motor-driven cart on wheels, a rope, a mouse joint added and
    // removed), a static sensor the cart and balls pass through, hit events, a filter change and a body
    // destroyed inside the sensor: warm-start impulses of joints, the joint lists, sensor visitors and
    // the end events pending between steps.
    scenes.push_back({.name = "joints, a sensor, events",
                      .build = [] {
                          World w;
                          const BodyId ground = AddGround(w, 30.0f);
                          BodyId previous = ground;
                          for (int i = 0; i < 6; ++i) {
                              const Vec2 at{-10.0f + 0.5f * static_cast<float>(i) + 0.25f, 6.0f};
                              const BodyId link = AddBox(w, at, {0.25f, 0.05f});
                              const Vec2 pivot = at - Vec2{0.25f, 0.0f};
                              w.CreateJoint(RevoluteJointDef{.bodyA = previous, .bodyB = link,
                                                             .localAnchorA = InvTransformPoint(w.GetTransform(previous), pivot),
                                                             .localAnchorB = {-0.25f, 0.0f}});
                              previous = link;
                          }
                          const BodyId cart = AddBox(w, {0.0f, 1.0f}, {1.0f, 0.2f});
                          for (float x : {-0.7f, 0.7f}) {
                              const BodyId wheel = w.CreateBody({.type = BodyType::Dynamic, .position = {x, 0.6f}});
                              w.CreateShape(wheel, {.geometry = Circle({0, 0}, 0.3f), .friction = 0.9f});
                              w.CreateJoint(WheelJointDef{.bodyA = cart, .bodyB = wheel, .localAnchorA = {x, -0.4f},
                                                          .enableMotor = true, .motorSpeed = -4.0f, .maxMotorTorque = 20.0f});
                          }
                          const BodyId sensor = w.CreateBody({.type = BodyType::Static, .position = {4.0f, 1.0f}});
                          w.CreateShape(sensor, {.geometry = Box({1.0f, 1.0f}), .isSensor = true});
                          for (int i = 0; i < 4; ++i) {
                              const BodyId ball = w.CreateBody({.type = BodyType::Dynamic, .position = {3.0f + 0.6f * static_cast<float>(i), 4.0f}});
                              w.CreateShape(ball, {.geometry = Circle({0, 0}, 0.2f), .restitution = 0.5f, .enableHitEvents = true});
                          }
                          const BodyId weight = AddBox(w, {8.0f, 3.0f}, {0.3f, 0.3f});
                          w.CreateJoint(DistanceJointDef{.bodyA = ground, .bodyB = weight, .localAnchorA = {8.0f, 5.5f}, .length = 2.0f,
                                                         .minLength = 0.0f, .maxLength = 2.0f, .enableSpring = true});
                          return w;
                      },
                      .warmUpSteps = 60,
                      .act = [](World& w, int step) {
                          static JointId mouse;  // the same joint slot in both worlds: ids match
                          if (step == 70) mouse = w.CreateJoint(MouseJointDef{.body = NthBody(w, 3), .target = {-8.0f, 8.0f}, .maxForce = 200.0f});
                          if (step == 110 && w.IsValid(mouse)) w.DestroyJoint(mouse);
                          if (step == 90) w.SetFilter(w.GetShapes(NthBody(w, 12))[0], Filter{.categoryBits = 2, .maskBits = 0});
                          if (step == 120) w.DestroyBody(NthBody(w, 13));
                      }});
    return scenes;
}

} // namespace sensu::testing
