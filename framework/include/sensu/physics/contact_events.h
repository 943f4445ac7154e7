#pragma once
/// Contact and sensor events, read after World::Step as arrays (Box2D v3's model: no callbacks inside
/// the step, so a game may create and destroy bodies while it reads them), and the pre-solve hook.
///
/// Touching: a contact touches while its manifold has a point with separation ≤ SolverSettings::
/// linearSlop — the threshold the solver itself uses between a resting point and a speculative one
/// (contact_solver.cpp), so a resting pile, which the position pass holds between −linearSlop and 0,
/// never flickers between begin and end. The manifold is the narrow phase's of this step (poses at the
/// start of the step). A contact whose pre-solve returned false still touches: events describe
/// geometry, the hook only the response.
///
/// Begin and end touch come in pairs: every begin is followed by exactly one end for the same pair
/// (the shapes separate, are destroyed, or a filter change forbids the pair). An end caused between
/// two steps (DestroyShape, DestroyBody, SetFilter) is reported by the next Step; its ids may then be
/// stale (World::IsValid tells).
///
/// Hit events: a contact point that pushed this step (normal impulse > 0) against an approach faster
/// than World's hit event threshold. Speculative points count: a body caught one step before it
/// reaches the surface is stopped by one, and that step is the impact. Impacts of the continuous phase
/// (fast-spinning bodies) report too, from the approach at the time of impact; their shapes are in the
/// order (swept body's shape, the other), the normal from the first to the second.
///
/// Sensors (ShapeDef::isSensor) take no part in contacts: no impulses, no support, no wake. After
/// each step every sensor tests the true overlap of its geometry (overlap.h, no speculative margin)
/// with the non-sensor shapes of other bodies that pass both filters, frozen and static ones included
/// (not static against static), and reports each entry and exit once. A visitor destroyed while inside
/// ends at the next step; a destroyed sensor ends all its visits then.
#include <span>

#include "sensu/geometry/manifold.h"
#include "sensu/physics/shape_def.h"

namespace sensu {

/// Two shapes started touching. Shapes are in collision order (manifold normal from A to B).
struct ContactBeginTouchEvent {
    ///@{
    /// The two shapes.
    ShapeId shapeA, shapeB;
    ///@}
    Manifold manifold{};  ///< world points (m), normal from A to B, separations (m)
};

/// Two shapes stopped touching (separated, destroyed or filtered apart; ids may be stale).
struct ContactEndTouchEvent {
    ///@{
    /// The two shapes.
    ShapeId shapeA, shapeB;
    ///@}
};

/// A contact point stopped an approach faster than the world's hit event threshold.
struct ContactHitEvent {
    ///@{
    /// The two shapes.
    ShapeId shapeA, shapeB;
    ///@}
    Vec2 point{};               ///< m, world
    Vec2 normal{};              ///< from A to B
    float approachSpeed = 0.0f; ///< m/s, relative normal speed before the impulse (> threshold)
};

/// The contact events of the last Step (valid until the next Step or any Create/Destroy call).
struct ContactEvents {
    std::span<const ContactBeginTouchEvent> beginEvents;  ///< pairs that started touching
    std::span<const ContactEndTouchEvent> endEvents;  ///< pairs that stopped touching
    std::span<const ContactHitEvent> hitEvents;  ///< fast impacts
};

/// A shape began to overlap a sensor.
struct SensorBeginTouchEvent {
    ///@{
    /// The sensor shape and the shape that entered or left it.
    ShapeId sensorShape, visitorShape;
    ///@}
};

/// A shape stopped overlapping a sensor (left, destroyed, filtered out, or the sensor was destroyed;
/// ids may be stale).
struct SensorEndTouchEvent {
    ///@{
    /// The sensor shape and the shape that entered or left it.
    ShapeId sensorShape, visitorShape;
    ///@}
};

/// The sensor events of the last Step (valid until the next Step or any Create/Destroy call).
struct SensorEvents {
    std::span<const SensorBeginTouchEvent> beginEvents;  ///< shapes that entered a sensor
    std::span<const SensorEndTouchEvent> endEvents;  ///< shapes that left a sensor
};

/// What the pre-solve hook is shown: one contact with manifold points and a moving dynamic body.
struct PreSolveContact {
    ///@{
    /// The two shapes.
    ShapeId shapeA, shapeB;
    ///@}
    const Manifold& manifold;  ///< world points, normal from A to B, separations (speculative included)
};

/// Called inside World::Step for every contact with manifold points and a moving dynamic body, after
/// the narrow phase and before the solver; return false to disable the contact for this step only (a
/// one-way platform: false while the body is below it or moving up through it). It runs inside the
/// step: it must not create, destroy or change anything in the world (reading is fine). Speculative
/// points are shown too: that is where a falling body is stopped a step before it lands. The
/// continuous phase leaves a disabled pair alone as well, so a thin fast body passes a one-way
/// platform; a pair whose contact does not exist yet (first met inside the step) is not shown.
using PreSolveFn = bool (*)(const PreSolveContact& contact, void* context);

} // namespace sensu
