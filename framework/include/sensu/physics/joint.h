#pragma once
/// Joints: constraints between two bodies (or a body and a world point), solved in the same
/// sequential-impulse iterations as contacts, with warm starting. Each kind has its own def header
/// (revolute_joint.h, prismatic_joint.h, distance_joint.h, weld_joint.h, wheel_joint.h, mouse_joint.h,
/// motor_joint.h); every def carries the common fields documented here:
///
/// - `bodyA`, `bodyB`: the two bodies (ids of this world, distinct, at least one dynamic);
/// - `localAnchorA`, `localAnchorB`: m, the anchor points in each body's frame (body origin, not the
///   centre of mass), so a joint keeps its meaning when shapes are added later. joint_anchor.h makes
///   them (and the reference angle) from one world point, as most games place joints;
/// - `collideConnected`: false (default) means the two bodies' shapes never get a contact;
/// - `userData`: not touched by the world.
///
/// Rigid joints (no spring) are solved by impulses without bias and then held together by a position
/// pass (non-linear Gauss–Seidel, as Box2D 2.4), so chains do not stretch under load. Soft joints use
/// a spring of frequency (Hz) and damping ratio that does not depend on the bodies' masses.
#include <cstdint>

namespace sensu {

/// Stable handle of a joint: index plus generation, so a handle of a destroyed joint is detected as stale.
struct JointId {
    uint32_t index = UINT32_MAX;  ///< slot in the world (UINT32_MAX: no joint)
    uint32_t generation = 0;  ///< incremented each time the slot is reused
    /// Same slot and generation.
    constexpr bool operator==(const JointId&) const = default;
};

/// The kinds of joint.
enum class JointType : uint8_t {
    Revolute,   ///< a shared point: bodies turn about it (hinge); limit, motor, spring
    Prismatic,  ///< slide along an axis fixed in A without turning; limit, motor, spring
    Distance,   ///< keeps two points at a length, or between a minimum and maximum (rope), or a spring
    Weld,       ///< glues two bodies: rigid or soft
    Wheel,      ///< slides along an axis (suspension spring), turns freely (motor): a car wheel
    Mouse,      ///< pulls a body point toward a target with a bounded force (dragging)
    Motor,      ///< drives B's offset and angle relative to A with a bounded force and torque
};

} // namespace sensu
