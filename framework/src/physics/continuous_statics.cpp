// The continuous phase's last word (seed 000; continuous.cpp has the whole phase): static geometry.
//
// After the impacts, a dynamic body whose whole motion this step, from its start pose to its end pose,
// was fast for its size (the continuousThreshold rule) is swept along that path against the static
// shapes — if this phase swept or moved it (so motion after the impact cap counts), or if the regular
// position pass alone moved it that far (a body squeezed by its neighbours). A body may not end deeper
// into a static shape it meets on the way than the middle of that shape plus linearSlop (measured across
// the face it meets), nor deeper than it started: past the middle, the narrow phase would push it out
// through the far side. A body that would is put back at its first static contact on the path and loses
// the velocity closing on that static (an inelastic impulse there): the rest of its motion this step is
// dropped. This is the only motion the phase drops, and only where the alternative is passing through a
// wall — a body pinched between a wall and a kinematic blade, or squeezed by a pile of bodies driven into
// the wall at hundreds of m/s. A body whose middle starts past a static's middle is left to the regular
// contacts there.
#include <cmath>

#include "continuous_internal.h"

namespace sensu::ccd {

namespace {

// True when the straight path of a centre from `from` to `to` passes through the chain segment from its
// front to its back (the segment itself, not its line beyond the ends).
bool CentreCrossesChainSegment(const Shape& s, const Body& owner, Vec2 from, Vec2 to) {
    const auto& segment = std::get<Segment>(s.geometry);
    const Vec2 a = TransformPoint(owner.xf, segment.a());
    const Vec2 edge = Rotate(owner.xf.q, segment.b() - segment.a());
    const Vec2 normal = RightPerp(edge);
    const float before = Dot(normal, from - a), after = Dot(normal, to - a);
    if (!(before >= 0.0f && after < 0.0f)) return false;
    const Vec2 through = from + (before / (before - after)) * (to - from);
    const float along = Dot(through - a, edge);
    return along >= 0.0f && along <= LengthSquared(edge);
}

// The inward normal of the static core's face most opposed to `normal` (unit, body → static) when
// the core has faces (box, polygon, capsule sides) and that face is the one met (within 45°),
// otherwise `normal`; the core is given in its centre-of-mass frame, turned by `angle`.
Vec2 Across(const RoundedCore& core, float angle, Vec2 normal) {
    const Rot q = Rot::FromAngle(angle);
    Vec2 best = normal;
    float bestDot = 0.7071f;
    const int faces = core.count >= 3 ? core.count : core.count == 2 ? 2 : 0;
    for (int k = 0; k < faces; ++k) {
        const Vec2 inward = -Rotate(q, core.count == 2 && k == 1 ? -core.normals[0] : core.normals[k]);
        const float d = Dot(inward, normal);
        if (d > bestDot) {
            bestDot = d;
            best = inward;
        }
    }
    return best;
}

// A range of positions along a direction (m).
struct Interval {
    float lo = 0.0f, hi = 0.0f;
    float Middle() const { return 0.5f * (lo + hi); }
};

// Extent along unit direction n (m) of a core given in its centre-of-mass frame, placed at centre
// `center` and angle `angle`.
Interval Span(const RoundedCore& core, Vec2 center, float angle, Vec2 n) {
    const Rot q = Rot::FromAngle(angle);
    Interval span{1e30f, -1e30f};
    for (int k = 0; k < core.count; ++k) {
        const float d = Dot(center + Rotate(q, core.points[k]), n);
        span.lo = Min(span.lo, d);
        span.hi = Max(span.hi, d);
    }
    span.lo -= core.radius;
    span.hi += core.radius;
    return span;
}

} // namespace

// The last word on static geometry (the rule in the file comment) for body i, after the impacts.
// The path from its start pose to its end pose (the shorter way round between the two angles) is
// swept against the static shapes near it with the time of impact; for each one it meets, the
// narrow phase at the contact pose names the normal, and depths are compared across the static's
// face met there. Changes nothing for a body that crosses nothing, so a scene without such a
// crossing steps bit for bit as before.
bool ContinuousPhase::MayCrossStatics(int i) const {
    const Body& b = w_.bodies[i];
    if (b.type != BodyType::Dynamic || b.frozen || !b.alive) return false;
    const ContinuousStart& start = w_.continuousStarts[i];
    if (start.stamp != w_.continuousStamp) return false;
    const SolverSettings& st = w_.settings;
    if (!(st.continuous || b.bullet) || b.shapes.empty()) return false;
    const Vec2 move = b.center - start.center;
    const float limit = st.continuousThreshold * Max(b.thinnest, st.linearSlop);
    // Most bodies barely move: a bound without square root or remainder settles them.
    if (std::abs(move.x) + std::abs(move.y) + std::abs(b.angle - start.angle) * b.sweepRadius <= limit) return false;
    const ContinuousBody& s = w_.continuousBodies[i];
    if (s.stamp != w_.continuousStamp || !(s.fast != kNull || s.moved)) {
        // Left to the regular step: the motion of its velocity is what the speculative contacts were
        // made for, so only a position-pass correction as large as a fast motion can carry it on.
        const Vec2 correction = move - dt_ * b.v;
        const float correctionTurn = b.angle - start.angle - dt_ * b.w;
        if (std::abs(correction.x) + std::abs(correction.y) + std::abs(correctionTurn) * b.sweepRadius <= limit) return false;
    }
    const float turn = std::remainder(b.angle - start.angle, kTwoPi);
    return Length(move) + std::abs(turn) * b.sweepRadius > limit;  // m, no point of the body moves farther on the path
}

void ContinuousPhase::KeepOnItsSideOfStatics(int i) {
    if (!MayCrossStatics(i)) return;
    Body& b = w_.bodies[i];
    const ContinuousStart& start = w_.continuousStarts[i];
    const SolverSettings& st = w_.settings;
    const Vec2 move = b.center - start.center;
    const float turn = std::remainder(b.angle - start.angle, kTwoPi);
    const float reach = Length(move) + std::abs(turn) * b.sweepRadius;  // m, no point of the body moves farther on the path

    const RotationalSweep path{.pivot = start.center, .startAngle = start.angle, .sweepAngle = turn, .translation = move};
    const float r = b.sweepRadius + st.linearSlop;
    const AABB box{Min(start.center, b.center) - Vec2{r, r}, Max(start.center, b.center) + Vec2{r, r}};
    float first = 2.0f;  // earliest static contact on the path (fraction)
    bool crossed = false;
    Vec2 stopPoint{}, stopNormal{};
    for (ShapeId sid : b.shapes) {
        const Shape& own = w_.shapes[sid.index];
        const ConvexShape convex = AsConvex(own.geometry);
        const RoundedCore core = CoreOf(convex, b.localCenter);
        StaticShapes().Query(box, [&](int otherShape) {
            const Shape& os = w_.shapes[otherShape];
            const Body& ob = w_.bodies[os.body];
            if (!w_.ShapesCollide(own, os) || w_.ContactDisabled(static_cast<int>(sid.index), otherShape)) return;
            if (BehindChainSegment(os, ob, start.center)) return;
            const RoundedCore staticCore = CoreOf(AsConvex(os.geometry), ob.localCenter);
            const RotationalSweep still{.pivot = ob.center, .startAngle = ob.angle};
            const RotatingImpact hit = TimeOfImpact(core, path, staticCore, still);
            if (!hit.hit()) return;
            // The narrow phase names the normal at the contact pose: the time of impact's is a guess
            // once the shapes touch at the start, missing when advancement stops at its iteration cap,
            // and can lie along a face where a corner meets it.
            const Rot q = Rot::FromAngle(start.angle + hit.t * turn);
            const Transform pose{start.center + hit.t * move - Rotate(q, b.localCenter), q};
            const Manifold m = CollideShapes(convex, pose, AsConvex(os.geometry), ob.xf, reach);
            if (m.pointCount == 0) return;
            const Vec2 normal = m.normal, point = m.points[0].point;
            // Depths are measured across the face the body meets (a wall's thickness, however the
            // contact normal tilts at a corner); across a disc, along the contact normal.
            const Vec2 across = Across(staticCore, ob.angle, normal);
            const Interval staticSpan = Span(staticCore, ob.center, ob.angle, across);
            // Its middle already past the static's middle at the start: which side is its own is not known.
            const Interval startSpan = Span(core, start.center, start.angle, across);
            if (startSpan.Middle() >= staticSpan.Middle()) return;
            if (hit.t < first) {
                first = hit.t;
                stopPoint = point;
                stopNormal = normal;
            }
            if (os.chain != kNull) {
                // One-sided: only a centre whose path goes through the segment to its back has come
                // through. Ending deep in front is left to the narrow phase, which pushes out of the
                // front: a fast wheel pressed into a chain by more than linearSlop must not be held at
                // its start pose.
                if (CentreCrossesChainSegment(os, ob, start.center, b.center)) crossed = true;
                return;
            }
            const float deepest = Span(core, b.center, b.angle, across).hi;
            if (deepest > Max(staticSpan.Middle() + st.linearSlop, startSpan.hi)) crossed = true;
        });
    }
    if (!crossed) return;
    b.center = start.center + first * move;
    b.angle = start.angle + first * turn;
    b.xf.q = Rot::FromAngle(b.angle);
    b.xf.p = b.center - Rotate(b.xf.q, b.localCenter);
    const Vec2 arm = stopPoint - b.center;
    const float closing = Dot(b.v + Cross(b.w, arm), stopNormal);  // > 0: moving into the static
    if (closing > 0.0f) {
        const float rn = Cross(arm, stopNormal);
        const float k = b.invMass + b.invInertia * rn * rn;
        if (k > 0.0f) {
            const Vec2 P = (-closing / k) * stopNormal;
            b.v += b.invMass * P;
            b.w += b.invInertia * Cross(arm, P);
        }
    }
}

// The static shapes' proxies in a tree of their own, built on first use in a step. This rule meets
// only static shapes, but the broad phase's tree holds every body: in the soak (20,000 bodies,
// one static ground) each query there visited about a thousand nodes to find one shape, most of
// this rule's time.
const detail::DynamicTree& ContinuousPhase::StaticShapes() {
    if (!staticShapesBuilt_) {
        staticShapesBuilt_ = true;
        w_.continuousStatics.Clear();
        for (int k = 0; k < static_cast<int>(w_.shapes.size()); ++k) {
            const Shape& s = w_.shapes[k];
            if (s.alive && s.proxy != kNull && w_.bodies[s.body].type == BodyType::Static)
                w_.continuousStatics.CreateProxy(w_.broadPhase.FatAABB(s.proxy), k);
        }
    }
    return w_.continuousStatics;
}

} // namespace sensu::ccd
