#pragma once
/// Regions swept by a body rotating (and translating) over one step, for continuous collision of
/// fast-spinning bodies (seed 000). Four families, from the thesis' fan to the exact region:
///
///  (a) ThesisFan: the annular sector of seed 000 eq. (2.1)–(2.2). It ignores the rectangle's width and
///      misses about a third of the truly swept area; kept only to reproduce the thesis' results.
///  (b) ConservativeFan: an annular sector that contains the swept region of any convex shape about any
///      pivot: radii from the shape's nearest point to its farthest vertex, angle widened by the
///      shape's angular extent seen from the pivot, a full annulus once the span reaches 2π.
///  (c) TightSweptRegion (start pose ∪ end pose ∪ a narrower fan) and SweptRegion, the exact region.
///  (d) SpeculativeAABB: one box around the start and end poses (speculative CCD).
///
/// The motion (RotationalSweep): the body frame's origin is the pivot; at fraction t ∈ [0, 1] of the
/// step the pivot is at pivot + t·translation and the body angle is startAngle + t·sweepAngle. Shapes
/// are given in that body frame, so the pivot may lie inside or outside the shape.
///
/// Translation: every conservative region is built about the mid-step pivot pivot + translation/2 and
/// grown by |translation|/2, since x(t) = (pivot + T/2) + (t − ½)·T + R(t)·k and |(t − ½)·T| ≤ |T|/2.
/// The conservative fans and the tight region are also grown by a float allowance of a few ulps of
/// their coordinates, so boundary points that rounding puts just outside are still caught.
/// With zero translation SweptRegion is exact; with translation it is exact for the rotation and
/// conservative by at most |translation|/2.
#include <array>
#include <optional>

#include "sensu/geometry/arc.h"
#include "sensu/geometry/rounded_core.h"
#include "sensu/geometry/shapes.h"

namespace sensu {

struct RotatingImpact; // rotating_toi.h

/// A body's motion over one step: rotation about a pivot plus an optional translation of the pivot.
struct RotationalSweep {
    Vec2 pivot{};            ///< World position of the pivot (the body frame's origin) at t = 0 (m).
    float startAngle = 0.0f; ///< Body angle at t = 0 (rad).
    float sweepAngle = 0.0f; ///< Rotation over the step (rad), any finite value: negative is clockwise,
                             ///< |α| ≥ 2π means at least one full turn.
    Vec2 translation{};      ///< Displacement of the pivot over the step (m).
};

/// The body pose at fraction t of the step (t in [0, 1]; other values extrapolate).
Transform SweepPose(const RotationalSweep& sweep, float t);

/// (a) The thesis fan, seed 000 eq. (2.1)–(2.2): centre O = pivot, half angle θ = |α|/2 (at most π),
/// r = max(0, d − Wy/2), R = d + Wy/2, axis = the start direction rotated by α/2 (eq. 2.2; not
/// normalize(u_start + u_end), which breaks for α > π). It ignores the rectangle's width Wx, so it is
/// NOT conservative. startDirection: from the pivot towards the rectangle's centre at t = 0 (non-zero);
/// centreDistance d ≥ 0 and radialThickness Wy > 0 in metres; sweepAngle α in radians, any sign.
Sector ThesisFan(Vec2 pivot, Vec2 startDirection, float centreDistance, float radialThickness, float sweepAngle);

/// (b) A fan (annular sector) that contains everything the body sweeps. Never misses.
///@{
Sector ConservativeFan(const Circle& body, const RotationalSweep& sweep);
Sector ConservativeFan(const Capsule& body, const RotationalSweep& sweep);
Sector ConservativeFan(const Box& body, const RotationalSweep& sweep);
Sector ConservativeFan(const ConvexPolygon& body, const RotationalSweep& sweep);
///@}

/// (d) The speculative-CCD bound: the AABB of the start and end poses. Misses what the body sweeps in
/// between; a baseline only.
///@{
AABB SpeculativeAABB(const Circle& body, const RotationalSweep& sweep);
AABB SpeculativeAABB(const Capsule& body, const RotationalSweep& sweep);
AABB SpeculativeAABB(const Box& body, const RotationalSweep& sweep);
AABB SpeculativeAABB(const ConvexPolygon& body, const RotationalSweep& sweep);
///@}

/// (c) Start pose ∪ end pose ∪ a fan spanning only the angles the poses leave uncovered, for polygonal
/// bodies. Conservative: at radius ρ the body covers angular intervals [a, b] (entry to exit, CCW), the
/// sweep covers [a, b + α] = [a, b] ∪ [b, a + α] ∪ [a + α, b + α]; the fan spans [min b, max a + α]
/// over all such intervals. It degenerates to the thesis fan plus the two poses for a zero-width bar.
class TightSweptRegion {
public:
    ///@{
    /// The region swept by `body` (local frame) moving by `sweep`.
    TightSweptRegion(const Box& body, const RotationalSweep& sweep);
    TightSweptRegion(const ConvexPolygon& body, const RotationalSweep& sweep);
    ///@}

    ///@{
    /// Body pose at the start / end of the rotation about the mid-step pivot, in world space. With a
    /// translation the region holds everything within margin() of them.
    const ConvexPolygon& startPose() const { return startPose_; }
    const ConvexPolygon& endPose() const { return endPose_; }
    ///@}
    /// The fan between the poses; empty when the two poses already cover the sweep.
    const std::optional<Sector>& fan() const { return fan_; }
    /// |translation| / 2 plus a float allowance of a few ulps (m): how far around the two poses the
    /// region reaches.
    float margin() const { return margin_; }

    ///@{
    /// True when the point, or the shape placed by xf, touches or overlaps the region.
    bool Overlaps(Vec2 point) const;
    bool Overlaps(const Circle& shape, const Transform& xf) const;
    bool Overlaps(const Capsule& shape, const Transform& xf) const;
    bool Overlaps(const Box& shape, const Transform& xf) const;
    bool Overlaps(const ConvexPolygon& shape, const Transform& xf) const;
    ///@}

private:
    TightSweptRegion(std::span<const Vec2> vertices, const RotationalSweep& sweep);
    /// Either pose within margin_ + the query's radius of the query's core (swept_internal.h).
    bool PosesWithinMargin(const RoundedCore& query) const;
    ConvexPolygon startPose_, endPose_;
    float margin_ = 0.0f;
    std::optional<Sector> fan_;
};

/// (c) The exact swept region: exact for a pure rotation (any angle, any pivot), conservative by
/// |translation|/2 otherwise. A query shape Q meets the region iff Q meets the start pose, or an arc
/// traced by a vertex of the body's core meets Q grown by the radii, or an arc traced backwards by a
/// vertex of Q's core meets the body grown by the radii (the first contact of two convex shapes is at
/// a vertex of one of them). Touching counts as overlap. Costs no allocation and no trig per query;
/// the constructor prepares what the queries share. Points and circles, the common case, go through
/// the bounding box, then quick tests evaluated together without branching: the conservative fan's
/// two straight sides and the ring of radii about the pivot reject; four sectors known to lie inside
/// the region (one per vertex, the four farthest) and, for a rectangle, the start and end poses in
/// closed form accept. Only a disc none of them decides (a few in a hundred) takes the arc of its
/// centre in closed form (entries only, see swept_internal.h). Other shapes go through the same quick
/// tests twice: their bounding disc rejected is outside, a disc inside them accepted is inside; the
/// rest take the arcs.
class SweptRegion {
public:
    ///@{
    /// The region swept by `body` (local frame) moving by `sweep`.
    SweptRegion(const Circle& body, const RotationalSweep& sweep);
    SweptRegion(const Capsule& body, const RotationalSweep& sweep);
    SweptRegion(const Box& body, const RotationalSweep& sweep);
    SweptRegion(const ConvexPolygon& body, const RotationalSweep& sweep);
    ///@}

    ///@{
    /// The bounds() of the region `body` sweeps, without the rest of its set-up (the same box).
    static AABB Bounds(const Circle& body, const RotationalSweep& sweep);
    static AABB Bounds(const Capsule& body, const RotationalSweep& sweep);
    static AABB Bounds(const Box& body, const RotationalSweep& sweep);
    static AABB Bounds(const ConvexPolygon& body, const RotationalSweep& sweep);
    ///@}

    /// Tight world bounding box of the region (grown by a float allowance of a few ulps).
    const AABB& bounds() const { return bounds_; }
    /// The amount by which the region is grown to cover the translation (|translation|/2, m).
    float margin() const { return margin_; }
    /// The conservative fan of the same sweep (its straight sides are one of the cheap rejects).
    const Sector& fan() const { return *fan_; }

    ///@{
    /// True when the point, or the shape placed by xf, touches or overlaps the region (exact for a pure rotation).
    bool Overlaps(Vec2 point) const;
    bool Overlaps(const Circle& shape, const Transform& xf) const;
    bool Overlaps(const Capsule& shape, const Transform& xf) const;
    bool Overlaps(const Box& shape, const Transform& xf) const;
    bool Overlaps(const ConvexPolygon& shape, const Transform& xf) const;
    bool Overlaps(const Segment& shape, const Transform& xf) const;
    ///@}

    /// Time of impact of the body against a resting circle, reusing this region's set-up (its bounding
    /// box and the ring of radii reject first; no trig per call, one inverse tangent for the winning
    /// entry). Same result as TimeOfImpact(body, sweep, circle, at rest) of rotating_toi.h (the same
    /// closed-form path), which it calls when the sweep translates. The normal points from the body to
    /// the circle.
    RotatingImpact TimeOfImpact(const Circle& circle, const Transform& xf) const;

private:
    void Init(const RoundedCore& core, const RotationalSweep& sweep);
    /// The query (world) as a rounded core.
    bool OverlapsRounded(const RoundedCore& query) const;
    /// A disc (world centre, radius ≥ 0): the fast path of points and circles.
    bool OverlapsDisc(Vec2 center, float radius) const;
    /// What OverlapsDisc's quick tests (bounding box, then the rows of DiscTests) decide, before any arc.
    enum class DiscVerdict : unsigned { Outside = 0, Inside = 1, Undecided = 2 };
    DiscVerdict QuickDisc(Vec2 center, float radius) const;
    /// Other shapes: the quick tests of the bounding disc (world centre, radius outer) and of an
    /// inscribed disc (same centre, radius inner) first, then the arcs of OverlapsRounded.
    template <class ShapeT>
    bool OverlapsByDiscs(const ShapeT& shape, const Transform& xf, Vec2 center, float outer, float inner) const;
    /// How far from the region a disc of this radius may lie and still count (m).
    float DiscReach(float radius) const;

    Vec2 pivot_{};                        ///< mid-step pivot (world)
    Rot startRotation_{};                 ///< body rotation at t = 0
    ArcSweep forward_{}, backward_{};     ///< windows of arcs turning by α (body vertices) and −α (query points)
    RoundedCore core_{};                  ///< the body in its body frame
    RotationalSweep sweep_{};             ///< the motion, as given
    float margin_ = 0.0f;                 ///< |translation| / 2 (m)
    float coreMinRadius_ = 0.0f, coreMaxRadius_ = 0.0f; ///< nearest and farthest core distance from the pivot
    AABB bounds_{};
    std::optional<Sector> fan_;           ///< always set by Init; optional only because Sector has no default
    /// OverlapsDisc's quick tests, laid out four floats per row so that each row is one vector
    /// operation (see Init). Rows of directions (…X, …Y components) are dotted with the disc's offset
    /// from the pivot four at a time.
    struct DiscTests {
        std::array<float, 4> boxLimits{};           ///< bounds_ as lower.x, lower.y, −upper.x, −upper.y
        std::array<float, 4> poseX{}, poseY{};      ///< +x and −y face normals of the start pose, then of the end pose
        std::array<float, 4> poseNear{}, poseFar{}; ///< offsets of the +x, −y edge lines (near) and −x, +y (far), per pose;
                                                    ///< −∞ when the body is not a rectangle (never inside)
        std::array<float, 4> sectorX{}, sectorY{};  ///< middle directions of up to four accept sectors (any length)
        std::array<float, 4> sectorInner{}, sectorOuter{}; ///< their radii (m); inner +∞ for an unused lane
        std::array<float, 4> sectorCos{}, sectorSin{};     ///< cos and sin of their half angles
        std::array<float, 4> sideX{}, sideY{};      ///< the reject wedge's upper and lower side normals, then 0, 0
        std::array<float, 4> radiusBase{}, radiusScale{}; ///< radii compared with ρ², base + scale·(disc radius):
                                                    ///< the sides' inner radius, the ring's outer and inner radius, unused
    };
    alignas(16) DiscTests discTests_{};
    bool wideFan_ = false;                ///< reject wedge half angle ≥ π/2: it is the union of the two half-planes
    float discReach_ = 0.0f;              ///< the part of OverlapsDisc's reach that does not depend on the disc (m)
    bool rectangle_ = false;              ///< the core is a rectangle (a Box): the start pose's closed-form test
};

} // namespace sensu
