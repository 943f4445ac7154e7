#include "sensu_scenes/joint_kinds.h"

#include <cmath>

namespace sensu::scenes {

namespace {

constexpr float kG = 10.0f;  // m/s², the scenes' gravity

// The static anchor (no shapes: nothing collides) and one dynamic body, 180 steps (3 s).
SceneDef Anchored(std::string name, ShapeGeometry geometry, Vec2 position, float gravityScale = 1.0f) {
    SceneDef scene;
    scene.name = std::move(name);
    scene.steps = 180;
    scene.bodies.push_back({.body = {.type = BodyType::Static}, .shapes = {}});
    scene.bodies.push_back({.body = {.type = BodyType::Dynamic, .position = position, .gravityScale = gravityScale},
                            .shapes = {{.geometry = std::move(geometry), .density = 1.0f}}});
    return scene;
}

// Static deflection of a body hanging on a spring of natural frequency f: x = m g / k, k = m (2π f)².
float Deflection(float frequencyHz) {
    const float omega = 2.0f * kPi * frequencyHz;
    return kG / (omega * omega);
}

} // namespace

std::vector<JointKindScene> JointKindScenes() {
    std::vector<JointKindScene> out;
    const float bar = 0.5f;  // m, half length of the bars

    {  // Revolute: a horizontal bar hinged at its left end falls to its lower limit (−45°) and rests there.
        JointKindScene k{Anchored("revolute-limit", Box({bar, 0.05f}), {bar, 0.0f})};
        k.scene.joints.push_back({0, 1, RevoluteJointDef{.localAnchorB = {-bar, 0.0f}, .enableLimit = true, .lowerAngle = -0.25f * kPi}});
        k.angle = -0.25f * kPi;
        k.angleTolerance = 0.03f;  // 2° (issue 13: a limit is never exceeded by more than 2°)
        k.position = bar * Vec2{std::cos(k.angle), std::sin(k.angle)};
        k.positionTolerance = 0.02f;
        out.push_back(std::move(k));
    }
    {  // Revolute motor: a wheel on a fixed axle spun up to 2 rad/s (its torque far above what it needs).
        JointKindScene k{Anchored("revolute-motor", Circle({0.0f, 0.0f}, 0.5f), {0.0f, 0.0f})};
        k.scene.joints.push_back({0, 1, RevoluteJointDef{.enableMotor = true, .motorSpeed = 2.0f, .maxMotorTorque = 50.0f}});
        k.angularVelocity = 2.0f;
        k.angularVelocityTolerance = 0.01f;
        k.positionTolerance = 0.01f;
        out.push_back(std::move(k));
    }
    {  // Prismatic: a box on a 45° axis slides down under gravity to its lower limit, 1 m along the axis.
        JointKindScene k{Anchored("prismatic-limit", Box({0.2f, 0.2f}), {0.0f, 0.0f})};
        const Vec2 axis = Normalize(Vec2{1.0f, 1.0f});
        k.scene.joints.push_back({0, 1, PrismaticJointDef{.localAxisA = axis, .enableLimit = true, .lowerTranslation = -1.0f, .upperTranslation = 1.0f}});
        k.position = -1.0f * axis;
        k.positionTolerance = 0.01f;
        k.angleTolerance = 0.01f;
        out.push_back(std::move(k));
    }
    {  // Prismatic motor: a box driven along a horizontal axis at 1 m/s.
        JointKindScene k{Anchored("prismatic-motor", Box({0.2f, 0.2f}), {0.0f, 0.0f})};
        k.scene.joints.push_back({0, 1, PrismaticJointDef{.enableMotor = true, .motorSpeed = 1.0f, .maxMotorForce = 100.0f}});
        k.velocity = {1.0f, 0.0f};
        k.velocityTolerance = 0.01f;
        k.angleTolerance = 0.01f;
        out.push_back(std::move(k));
    }
    const float springHz = 2.0f, damping = 0.7f;
    {  // Distance spring: a ball hanging 1 m below the anchor settles at 1 m plus the static deflection.
        JointKindScene k{Anchored("distance-spring", Circle({0.0f, 0.0f}, 0.1f), {0.0f, -1.0f})};
        k.scene.joints.push_back({0, 1, DistanceJointDef{.length = 1.0f, .maxLength = 2.0f, .enableSpring = true, .frequencyHz = springHz, .dampingRatio = damping}});
        k.position = {0.0f, -1.0f - Deflection(springHz)};
        k.positionTolerance = 0.005f;
        out.push_back(std::move(k));
    }
    {  // Distance rope (spring without stiffness, min 0, max 1 m): a ball let go 0.5 m below the anchor
       // falls slack until the rope catches it 1 m below, where it stays (no bounce: restitution 0).
        JointKindScene k{Anchored("distance-rope", Circle({0.0f, 0.0f}, 0.1f), {0.0f, -0.5f})};
        k.scene.joints.push_back({0, 1, DistanceJointDef{.length = 1.0f, .minLength = 0.0f, .maxLength = 1.0f, .enableSpring = true}});
        k.position = {0.0f, -1.0f};
        k.positionTolerance = 0.005f;
        k.velocityTolerance = 0.01f;
        out.push_back(std::move(k));
    }
    {  // Weld: a cantilever bar welded at its left end holds horizontal.
        JointKindScene k{Anchored("weld-rigid", Box({bar, 0.05f}), {bar, 0.0f})};
        k.scene.joints.push_back({0, 1, WeldJointDef{.localAnchorB = {-bar, 0.0f}}});
        k.position = {bar, 0.0f};
        k.positionTolerance = 0.01f;
        k.angleTolerance = 0.01f;
        out.push_back(std::move(k));
    }
    {  // Wheel: a wheel on a vertical suspension settles at the spring's static deflection while its
       // motor spins it at 5 rad/s.
        JointKindScene k{Anchored("wheel", Circle({0.0f, 0.0f}, 0.3f), {0.0f, 0.0f})};
        k.scene.joints.push_back({0, 1, WheelJointDef{.frequencyHz = springHz, .dampingRatio = damping, .enableMotor = true, .motorSpeed = 5.0f, .maxMotorTorque = 20.0f}});
        k.position = {0.0f, -Deflection(springHz)};
        k.positionTolerance = 0.005f;
        k.angularVelocity = 5.0f;
        k.angularVelocityTolerance = 0.01f;
        out.push_back(std::move(k));
    }
    {  // Motor: a weightless box driven to the offset (1, 0.5) and angle 0.5 rad from the anchor.
        JointKindScene k{Anchored("motor", Box({0.2f, 0.2f}), {0.0f, 0.0f}, 0.0f)};
        k.scene.joints.push_back({0, 1, MotorJointDef{.linearOffset = {1.0f, 0.5f}, .angularOffset = 0.5f, .maxForce = 50.0f, .maxTorque = 50.0f}});
        k.position = {1.0f, 0.5f};
        k.positionTolerance = 0.01f;
        k.angle = 0.5f;
        k.angleTolerance = 0.01f;
        out.push_back(std::move(k));
    }
    {  // Mouse: a box dragged by its corner to the target (2, 1), hanging below it by g/ω².
        JointKindScene k{Anchored("mouse", Box({0.2f, 0.2f}), {0.0f, 0.0f})};
        const float mouseHz = 5.0f;
        k.scene.joints.push_back({0, 1, MouseJointDef{.localAnchor = {0.0f, 0.0f}, .target = {2.0f, 1.0f}, .maxForce = 100.0f, .frequencyHz = mouseHz, .dampingRatio = damping}});
        k.position = {2.0f, 1.0f - Deflection(mouseHz)};
        k.positionTolerance = 0.005f;
        out.push_back(std::move(k));
    }
    return out;
}

} // namespace sensu::scenes
