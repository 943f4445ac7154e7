#pragma once
/// Time of impact of a body that rotates (and translates) over one step against another convex shape
/// (circle, capsule, box, polygon) that is static, moving or rotating itself. No cap on the rotation:
/// any angle, including several full turns.
///
/// Two methods, chosen automatically:
///  - Exact (one body rotating about a fixed pivot, the other at rest): the first contact of two
///    convex shapes is at a vertex of one of them, so the time of impact is the first angle at which
///    an arc traced by a vertex of one core enters the other core grown by both radii. Each arc meets
///    the grown core's boundary (edges pushed out by the radius, circles around the vertices) at
///    points found in closed form; only the point where an arc enters each piece counts, and the
///    earliest one along the arc wins. Exact up to float rounding. A resting circle is one arc (its
///    centre, carried backwards in the rotating body's frame): no core is copied, the ring of radii
///    rejects far circles before any trig, and the only trig is the start pose's sin/cos and one
///    inverse tangent (a series, no libm call) for the winning entry. For a polygon, pieces whose
///    range of distances from the pivot cannot hold the arc are skipped with one compare each, using
///    data the core derives once when it is built (RoundedCore::entryMiddle2 and friends); there a
///    second sin/cos, of the step's turn, decides hit or miss from the end direction, so the inverse
///    tangent runs for hits only.
///  - Conservative advancement (anything else): at time t the distance between the shapes, d(t), is
///    computed exactly; no point of A moves faster relative to B than
///    v = |ΔpA − ΔpB| + |αA|·maxRadiusA + |αB|·maxRadiusB per step, so t can advance by d/v without
///    passing the contact; it advances by (d − tolerance/2)/v, so the closest points (and the normal
///    between them) stay well apart from rounding noise. Stops when d ≤ tolerance (then t is at most
///    `tolerance / v` early) — never late, so no hit is missed.
///
/// Precision (issue 16, fuzzed): with shapes and motions up to the World's kMaxCoordinate (1e6 m) and
/// start angles up to 100 rad, a reported hit is never deeper in overlap than 1e-4·(1 + reach)·(1 +
/// |sweep angles|) m. Beyond that, a start angle of 7843 rad is known to ±0.0005 rad in float (5 m at
/// 1e4 m): the pose itself is that uncertain.
#include <variant>

#include "sensu/geometry/rounded_core.h"
#include "sensu/geometry/shapes.h"
#include "sensu/geometry/swept_region.h"

namespace sensu {

/// Any solid convex shape of the collision layer, given in its body frame.
using ConvexShape = std::variant<Circle, Capsule, Box, ConvexPolygon>;

/// Tuning of the conservative-advancement path (the exact path ignores it).
struct RotatingToiSettings {
    /// Contact is declared when the surfaces are closer than this (m). 0 picks 1e-4 × the size of the
    /// two shapes (largest distance of a core point from its pivot plus the radii), so it scales.
    float tolerance = 0.0f;
    /// Iteration cap; reaching it reports `RotatingToiState::Unconverged` at a t that is still safe.
    int maxIterations = 100;
    /// Fraction of the step past which the caller needs no contact (a search that already holds an
    /// earlier impact): advancement stops as soon as it has proved the shapes apart up to a t beyond
    /// it and reports `RotatingToiState::Beyond` at that t. 1 or more: the whole step. Must not be NaN.
    float horizon = 1.0f;
};

/// How a rotating time of impact ended.
enum class RotatingToiState {
    Separated,     ///< no contact during the step (t = 1)
    Hit,           ///< first contact at t
    Overlapping,   ///< already touching or overlapping at t = 0
    Unconverged,   ///< advancement hit the iteration cap; t is a safe (early) bound, treat as a hit
    Beyond,        ///< no contact up to t, which lies past the settings' horizon (later contact not sought)
};

/// The first contact of two moving, rotating shapes.
struct RotatingImpact {
    RotatingToiState state = RotatingToiState::Separated;  ///< how the query ended
    float t = 1.0f;   ///< fraction of the step at first contact, in [0, 1]
    Vec2 point{};     ///< world contact point at t: on both surfaces for Hit; for Overlapping, midway
                      ///< between the surfaces along the normal (a common point when the cores overlap)
    Vec2 normal{};    ///< world unit normal at t, from A to B
    int iterations = 0; ///< distance evaluations used by conservative advancement (0 on the exact path)
    bool exact = false; ///< true when the exact arc method was used

    /// True when there is a contact at t (Hit, Overlapping or Unconverged): false when the shapes stay
    /// apart for the whole step, or up to the horizon (Beyond).
    bool hit() const { return state != RotatingToiState::Separated && state != RotatingToiState::Beyond; }
};

/// First time in [0, 1] at which A (moving by sweepA) touches B (moving by sweepB). For a body at rest
/// pass a sweep with zero angle and translation; its pivot and start angle then place it. Throws
/// InvalidArgument for non-finite motion or settings.
RotatingImpact TimeOfImpact(const ConvexShape& a, const RotationalSweep& sweepA, const ConvexShape& b,
                            const RotationalSweep& sweepB, const RotatingToiSettings& settings = {});

/// The same on shapes already reduced by ToRoundedCore (once per shape, like a distance proxy):
/// saves the conversion on every call. Cores must come from ToRoundedCore (CCW, unit normals).
RotatingImpact TimeOfImpact(const RoundedCore& a, const RotationalSweep& sweepA, const RoundedCore& b,
                            const RotationalSweep& sweepB, const RotatingToiSettings& settings = {});

} // namespace sensu
