// Continuous collision for fast and fast-spinning bodies (seed 000, past the thesis: exact swept
// regions, exact time of impact, no rotation cap, impacts solved as sub-steps).
//
// Which bodies: bullets, and bodies whose farthest point moves more than continuousThreshold of their
// thinnest shape's thickness in the step (solver_settings.h) — except those fast only by translating,
// at the velocity the broad phase and the speculative margins were made for, with proxies that hold
// their path: speculative contacts stop translation at any speed, so those stay with the regular
// solver and a scene where nothing spins fast steps exactly as with continuous collision off.
//
// After the regular step has solved velocities and integrated positions, each fast body's motion over
// the step (from its start pose: rotation ω·dt of any size about its centre of mass plus translation
// v·dt) is swept as the exact swept region of swept_region.h. The region's bounds are queried in the
// broad phase for the bodies whose fat proxies hold their motion this step, and in a per-step tree of
// path bounds (WorldImpl::continuousPaths) for the others (TrackPath); candidates at rest are filtered
// by the region itself, moving ones by the box of their own path; the
// time of impact of rotating_toi.h (exact for a spin about a fixed pivot against a resting shape,
// conservative advancement otherwise) gives the first contact. For a resting circle the region's own
// time of impact is filter and time of impact in one. Pairs whose regular contact already held
// them this step (manifold points, velocities untouched by this phase, little rotation) are skipped.
//
// Impacts are solved earliest first over all fast bodies, so every body's pose is known at each impact
// (Box2D's TOI loop does the same for bullets, but with a 90° rotation cap per step and no rotation in
// its broad phase). The pair, and the bodies touching either of them, are brought to the impact time
// and their contacts there (the regular narrow phase's manifolds) are solved together by sequential
// impulses with restitution and friction (seed 004 eq. 2.31 with the corrected denominator; static and
// kinematic bodies have infinite mass), so a body pinned against a wall pushes on the wall in the same
// solve. All continue the rest of the step with their new velocities; the search resumes from there. A
// hit body that is now fast itself (a ball batted away) joins the search. A fast body solves at most
// SolverSettings::continuousMaxImpacts impacts per step and then finishes the step with its velocity,
// without impacts against other bodies.
//
// Static geometry has the last word (KeepOnItsSideOfStatics): after the impacts, a dynamic body whose
// whole motion this step, from its start pose to its end pose, was fast for its size (the
// continuousThreshold rule) is swept along that path against the static shapes — if this phase swept or
// moved it (so motion after the impact cap counts), or if the regular position pass alone moved it that
// far (a body squeezed by its neighbours). A body may not end deeper into a static shape it meets on
// the way than the middle of that shape plus linearSlop (measured across the face it meets), nor deeper
// than it started: past the middle, the narrow phase would push it out through the far side. A body
// that would is put back at its first static contact on the path and loses the velocity closing on
// that static (an inelastic impulse there): the rest of its motion this step is dropped. This is the
// only motion the phase drops, and only where the alternative is passing through a wall — a body pinched
// between a wall and a kinematic blade, or squeezed by a pile of bodies driven into the wall at hundreds
// of m/s. A body whose middle starts past a static's middle is left to the regular contacts there.
//
// A pair already touching at the start of a search interval and not approaching faster than linearSlop
// per step belongs to the regular contacts; the search looks again a little later, so the far end of a
// rotor that comes round within the step still hits (seed 002 §5.4.1's small step past the contact).
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <type_traits>
#include <variant>

#include "sensu/geometry/manifold.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/swept_region.h"
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::ContinuousBody;
using detail::ContinuousImpact;
using detail::ContinuousStart;
using detail::kNull;
using detail::Shape;

namespace {

// The shape as one of the convex shapes the sweep functions take (a segment is a capsule of radius 0).
ConvexShape AsConvex(const ShapeGeometry& g) {
    if (const auto* c = std::get_if<Circle>(&g)) return *c;
    if (const auto* c = std::get_if<Capsule>(&g)) return *c;
    if (const auto* b = std::get_if<Box>(&g)) return *b;
    if (const auto* p = std::get_if<ConvexPolygon>(&g)) return *p;
    const auto& s = std::get<Segment>(g);
    return Capsule(s.a(), s.b(), 0.0f);
}

// One-sided chain segments (chain.h): a body whose centre starts behind one comes through from the solid
// side, which the narrow phase lets pass (it judges by the shape's centroid), so no sweep stops it there.
bool BehindChainSegment(const Shape& s, const Body& owner, Vec2 point) {
    if (s.chain == kNull) return false;
    const auto& segment = std::get<Segment>(s.geometry);
    const Vec2 normal = Rotate(owner.xf.q, RightPerp(segment.b() - segment.a()));
    return Dot(normal, point - TransformPoint(owner.xf, segment.a())) < 0.0f;
}

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

// The shape in the frame of its body's centre of mass, the pivot of the body's sweep. A polygon that
// float rounding of the shift would make invalid (vertices at the validation tolerance) becomes its
// bounding circle: the region built from it stays conservative.
ConvexShape Centered(const ConvexShape& shape, Vec2 lc) {
    if (lc.x == 0.0f && lc.y == 0.0f) return shape;  // body origin is the centre of mass: nothing to shift
    if (const auto* c = std::get_if<Circle>(&shape)) return Circle(c->center() - lc, c->radius());
    if (const auto* c = std::get_if<Capsule>(&shape)) return Capsule(c->a() - lc, c->b() - lc, c->radius());
    if (const auto* b = std::get_if<Box>(&shape)) return Box(b->halfExtents(), b->center() - lc, b->rotation().Angle());
    const auto& p = std::get<ConvexPolygon>(shape);
    std::array<Vec2, kMaxPolygonVertices> shifted{};
    float radius = 0.0f;
    for (int i = 0; i < p.count(); ++i) {
        shifted[i] = p.vertex(i) - lc;
        radius = Max(radius, Distance(p.vertex(i), p.centroid()));
    }
    try {
        return ConvexPolygon(std::span<const Vec2>(shifted.data(), static_cast<size_t>(p.count())));
    } catch (const InvalidArgument&) {
        return Circle(p.centroid() - lc, radius);
    }
}

RoundedCore CoreOf(const ConvexShape& shape, Vec2 localCenter) {
    const Transform toCenterFrame{-localCenter, Rot{}};
    return std::visit([&](const auto& s) { return ToRoundedCore(s, toCenterFrame); }, shape);
}

bool IsDynamic(const Body& b) { return b.type == BodyType::Dynamic; }

// Contact manifold of a pair whose first shape kind comes later in ConvexShape than (or equal to) the
// second's: manifold.h spells its pair functions that way round.
Manifold CollideOrdered(const ConvexShape& a, const Transform& xa, const ConvexShape& b, const Transform& xb, float margin) {
    return std::visit(
        [&](const auto& sa, const auto& sb) -> Manifold {
            using A = std::decay_t<decltype(sa)>;
            using B = std::decay_t<decltype(sb)>;
            if constexpr (std::is_same_v<B, Circle>) {
                if constexpr (std::is_same_v<A, Circle>) return CollideCircles(sa, xa, sb, xb, margin);
                if constexpr (std::is_same_v<A, Capsule>) return CollideCapsuleAndCircle(sa, xa, sb, xb, margin);
                if constexpr (std::is_same_v<A, Box>) return CollideBoxAndCircle(sa, xa, sb, xb, margin);
                if constexpr (std::is_same_v<A, ConvexPolygon>) return CollidePolygonAndCircle(sa, xa, sb, xb, margin);
            } else if constexpr (std::is_same_v<B, Capsule>) {
                if constexpr (std::is_same_v<A, Capsule>) return CollideCapsules(sa, xa, sb, xb, margin);
                if constexpr (std::is_same_v<A, Box>) return CollideBoxAndCapsule(sa, xa, sb, xb, margin);
                if constexpr (std::is_same_v<A, ConvexPolygon>) return CollidePolygonAndCapsule(sa, xa, sb, xb, margin);
            } else if constexpr (std::is_same_v<B, Box>) {
                if constexpr (std::is_same_v<A, Box>) return CollideBoxes(sa, xa, sb, xb, margin);
                if constexpr (std::is_same_v<A, ConvexPolygon>) return CollidePolygonAndBox(sa, xa, sb, xb, margin);
            } else {
                if constexpr (std::is_same_v<A, ConvexPolygon>) return CollidePolygons(sa, xa, sb, xb, margin);
            }
            return Manifold{};  // not reached: the caller orders the pair
        },
        a, b);
}

// The points of two shapes at their poses closer than margin (m); normal from a to b.
Manifold CollideShapes(const ConvexShape& a, const Transform& xa, const ConvexShape& b, const Transform& xb, float margin) {
    if (a.index() >= b.index()) return CollideOrdered(a, xa, b, xb, margin);
    Manifold m = CollideOrdered(b, xb, a, xa, margin);
    m.normal = -m.normal;
    return m;
}

// One step's continuous phase (see the file comment).
class ContinuousPhase {
public:
    ContinuousPhase(WorldImpl& world, float dt) : w_(world), dt_(dt) {}

    void Run() {
        if (Classify()) {
            const int cap = w_.settings.continuousMaxImpacts;
            for (;;) {
                // Each fast body keeps its next impact until an impact changes a body its sweep can reach.
                ContinuousImpact best;
                for (size_t k = 0; k < w_.fastBodies.size(); ++k) {
                    const int f = w_.fastBodies[k];
                    ContinuousBody& s = State(f);
                    if (s.impacts >= cap || s.search >= 1.0f) continue;
                    if (!s.searched) Search(f, s);
                    if (s.next.t < best.t) best = s.next;
                }
                if (best.body == kNull) break;
                Resolve(best);  // raises the fast body's impact count: the loop ends
            }
            Finish();
        }
        // Only bodies the solver moved (its body list: every moving body, including piles it woke) or
        // this phase moved (hit bodies, piles woken by an impact) can have crossed anything; a resting
        // scene's frozen bodies cost nothing here.
        for (const detail::SolverBody& sb : w_.solverBodies) {
            ContinuousBody& s = w_.continuousBodies[sb.body];
            if (s.stamp == w_.continuousStamp) s.guarded = true;
            KeepOnItsSideOfStatics(sb.body);
        }
        for (int i : w_.movedBodies) {
            if (!State(i).guarded) KeepOnItsSideOfStatics(i);
        }
    }

private:
    // Lists the fast bodies and the two largest reaches (so each body can grow its query by the largest
    // reach of the others). Returns whether any body is fast.
    bool Classify() {
        w_.fastBodies.clear();
        w_.movedBodies.clear();
        for (int i = 0; i < static_cast<int>(w_.bodies.size()); ++i) {
            const Body& b = w_.bodies[i];
            if (!b.alive || b.shapes.empty() || !w_.IsMovingBody(b)) continue;
            if (IsFast(i, Motion(i)) && !HeldBySpeculativeContacts(i)) {
                ContinuousBody& s = State(i);
                s.fast = true;
                w_.fastBodies.push_back(i);
            }
        }
        if (w_.fastBodies.empty()) return false;
        w_.continuousPaths.Clear();
        for (int i = 0; i < static_cast<int>(w_.bodies.size()); ++i) {
            const Body& b = w_.bodies[i];
            if (b.alive && !b.shapes.empty() && w_.IsMovingBody(b)) TrackPath(i, 0.0f);
        }
        return true;
    }

    // m: the farthest any point of the body moves this step at its current velocity.
    float Motion(int i) const {
        const Body& b = w_.bodies[i];
        return dt_ * (Length(b.v) + std::abs(b.w) * b.sweepRadius);
    }

    // The rule documented at SolverSettings::continuousThreshold.
    bool IsFast(int i, float motion) const {
        const Body& b = w_.bodies[i];
        const SolverSettings& st = w_.settings;
        if (b.type == BodyType::Static) return false;
        return b.bullet || (st.continuous && motion > st.continuousThreshold * Max(b.thinnest, st.linearSlop));
    }

    // A body fast only by translating, whose velocity the solver kept (within speculativeDistance per
    // step) and whose broad-phase proxies already hold its path, is held by the regular speculative
    // contacts: they were made for exactly this motion, and stop translation at any speed.
    bool HeldBySpeculativeContacts(int i) const {
        const Body& b = w_.bodies[i];
        const SolverSettings& st = w_.settings;
        const float turning = dt_ * std::abs(b.w) * b.sweepRadius;
        if (b.bullet || turning > st.continuousThreshold * Max(b.thinnest, st.linearSlop)) return false;
        const ContinuousStart& start = w_.continuousStarts[i];
        if (start.stamp != w_.continuousStamp || dt_ * Length(b.v - start.velocity) > st.speculativeDistance) return false;
        const Vec2 d = dt_ * b.v;
        for (ShapeId sid : b.shapes) {
            const Shape& s = w_.shapes[sid.index];
            if (s.proxy == kNull) return false;
            const AABB end = w_.ComputeShapeAABB(s, b);
            const AABB path = Inflate(Union(end, AABB{end.lower - d, end.upper - d}), turning);
            if (!w_.broadPhase.FatAABB(s.proxy).Contains(path)) return false;
        }
        return true;
    }

    // Whether body i's motion from fraction t to the end of the step stays inside its broad-phase
    // proxies with speculativeDistance to spare (more than the touching tolerance of the time of impact
    // and the narrow phase); `bounds` gets that motion's bounds. Each shape's bound is the smaller of two
    // that both hold every point of it on the way: its AABB at fraction t swept by the translation and
    // grown by the farthest any point turns, and the box of the centre's path grown by sweepRadius.
    bool ProxiesHoldPath(int i, float t, AABB& bounds) {
        const Body& b = w_.bodies[i];
        const float spare = w_.settings.speculativeDistance;
        const Vec2 c0 = CenterAt(i, t), c1 = CenterAt(i, 1.0f);
        const Vec2 d = c1 - c0;
        const float turning = (1.0f - t) * dt_ * std::abs(b.w) * b.sweepRadius;
        const AABB disc = Inflate(AABB{Min(c0, c1), Max(c0, c1)}, b.sweepRadius + spare);
        const Transform pose = PoseAt(i, t);
        bool held = true;
        for (ShapeId sid : b.shapes) {
            const Shape& shape = w_.shapes[sid.index];
            const AABB at = w_.ShapeAABBAt(shape, pose);
            const AABB swept = Inflate(Union(at, AABB{at.lower + d, at.upper + d}), turning + spare);
            const AABB path{Max(swept.lower, disc.lower), Min(swept.upper, disc.upper)};
            bounds = sid == b.shapes.front() ? path : Union(bounds, path);
            // A shape without a proxy (none on a live body) is met by no query, as before this rule.
            if (shape.proxy != kNull && !w_.broadPhase.FatAABB(shape.proxy).Contains(path)) held = false;
        }
        return held;
    }

    // Body i moves on from fraction t with a new velocity (or starts the step): queries must meet it
    // wherever that motion takes it. One whose proxies hold the motion is left to the broad phase;
    // one whose proxies do not (fast or spinning past its fat AABB, or sped up by an impact) gets a leaf
    // with its path's bounds in continuousPaths, kept up to date from then on. Before this, every query
    // was grown by the farthest any other body travels this step: one 10⁴ m/s body in the soak made
    // every fast body's query 330 m wide (sensu-bench-soak), and an impact count that grew it made each
    // query in a pile meet hundreds of shapes (Tumbler).
    void TrackPath(int i, float t) {
        AABB bounds;
        const bool held = ProxiesHoldPath(i, t, bounds);
        ContinuousBody& s = State(i);
        if (s.pathLeaf != kNull) {
            w_.continuousPaths.MoveProxy(s.pathLeaf, bounds);
        } else if (!held) {
            s.pathLeaf = w_.continuousPaths.CreateProxy(bounds, i);
        }
    }

    // Calls visit(shape index) for every shape whose body's motion this step (from its last rebase on)
    // may reach `box`: bodies whose proxies hold their motion through the broad phase, the others
    // through their leaves in continuousPaths.
    template <class Visit>
    void QueryMotions(const AABB& box, Visit&& visit) {
        w_.broadPhase.Query(box, [&](int shape) {
            if (State(w_.shapes[shape].body).pathLeaf == kNull) visit(shape);
        });
        w_.continuousPaths.Query(box, [&](int body) {
            for (ShapeId sid : w_.bodies[body].shapes) visit(static_cast<int>(sid.index));
        });
    }

    ContinuousBody& State(int i) {
        ContinuousBody& s = w_.continuousBodies[i];
        if (s.stamp == w_.continuousStamp) return s;
        const Body& b = w_.bodies[i];
        const ContinuousStart& start = w_.continuousStarts[i];
        s = ContinuousBody{};
        s.stamp = w_.continuousStamp;
        // Bodies without a start pose this step (static ones) have not moved.
        const bool recorded = start.stamp == w_.continuousStamp;
        s.center = recorded ? start.center : b.center;
        s.angle = recorded ? start.angle : b.angle;
        return s;
    }

    Vec2 CenterAt(int i, float t) {
        const ContinuousBody& s = State(i);
        return s.center + ((t - s.base) * dt_) * w_.bodies[i].v;
    }
    float AngleAt(int i, float t) {
        const ContinuousBody& s = State(i);
        return s.angle + (t - s.base) * dt_ * w_.bodies[i].w;
    }
    // Pose of the body origin at fraction t.
    Transform PoseAt(int i, float t) {
        const Rot q = Rot::FromAngle(AngleAt(i, t));
        return {CenterAt(i, t) - Rotate(q, w_.bodies[i].localCenter), q};
    }
    // The body's motion from fraction t to the end of the step, about its centre of mass.
    RotationalSweep SweepFrom(int i, float t) {
        const Body& b = w_.bodies[i];
        const float rest = (1.0f - t) * dt_;
        return {.pivot = CenterAt(i, t), .startAngle = AngleAt(i, t), .sweepAngle = rest * b.w, .translation = rest * b.v};
    }

    // The regular solver already kept this pair apart this step: a contact with manifold points (touching
    // or speculative) joins the two shapes, both bodies still move with the velocities the solver gave
    // them, and they turn too little to bring features outside the manifold into play. Speculative
    // contacts stop translation at any speed; rotation is what they miss (seed 000). Leaving such pairs
    // to the contact keeps the two-point solve of a flat landing instead of a one-point impulse.
    bool HeldByContact(int f, int shapeIndex, int o, int otherShape) {
        if (State(f).base > 0.0f || State(o).base > 0.0f) return false;
        const Body& fb = w_.bodies[f];
        const Body& ob = w_.bodies[o];
        const SolverSettings& st = w_.settings;
        const float turning = dt_ * (std::abs(fb.w) * fb.sweepRadius + std::abs(ob.w) * ob.sweepRadius);
        if (turning > st.continuousThreshold * Max(Min(fb.thinnest, ob.thinnest), st.linearSlop)) return false;
        for (int c = fb.contactHead; c != kNull;) {
            const detail::Contact& contact = w_.contacts[c];
            const bool pair = (contact.shapeA == shapeIndex && contact.shapeB == otherShape) ||
                              (contact.shapeA == otherShape && contact.shapeB == shapeIndex);
            if (pair) return contact.manifold.pointCount > 0;
            c = contact.next[contact.bodyA == f ? 0 : 1];
        }
        return false;
    }

    // m/s: normal velocity of `other` relative to `body` at world point p at fraction t (< 0: closing).
    float NormalSpeed(int body, int other, float t, Vec2 p, Vec2 n) {
        const Body& a = w_.bodies[body];
        const Body& b = w_.bodies[other];
        const Vec2 ra = p - CenterAt(body, t);
        const Vec2 rb = p - CenterAt(other, t);
        return Dot(b.v + Cross(b.w, rb) - a.v - Cross(a.w, ra), n);
    }

    // Records in state.next the earliest impact of fast body f from its search fraction on, against
    // everything its swept region can reach (t > 1: none), and in state.bounds the region's bounds.
    void Search(int f, ContinuousBody& state) {
        state.searched = true;
        state.next = ContinuousImpact{};
        ContinuousImpact& best = state.next;
        const float t0 = state.search;
        const Body& body = w_.bodies[f];
        const RotationalSweep sweep = SweepFrom(f, t0);
        for (ShapeId sid : body.shapes) {
            const int shapeIndex = static_cast<int>(sid.index);
            const ConvexShape convex = AsConvex(w_.shapes[shapeIndex].geometry);
            const RoundedCore core = CoreOf(convex, body.localCenter);
            const ConvexShape centered = Centered(convex, body.localCenter);
            const SweptRegion region = std::visit([&](const auto& s) { return SweptRegion(s, sweep); }, centered);
            // The region's own time of impact stands for the core's only when it was built from the
            // shape itself, not from the bounding circle Centered falls back to.
            const bool regionIsShape = centered.index() == convex.index();
            state.bounds = sid == body.shapes.front() ? region.bounds() : Union(state.bounds, region.bounds());
            QueryMotions(region.bounds(), [&](int other) { TestPair(f, shapeIndex, core, region, regionIsShape, t0, other, best); });
        }
    }

    // Body i's velocity changed at fraction t: every fast body whose next impact involves it, or whose
    // swept region reaches its path over the rest of the step, searches again. Static and kinematic
    // bodies keep their motion through an impact (infinite mass), so every search against them still
    // holds: invalidating for them re-searched every fast body near a wide ground or a kinematic
    // tumbler after each impact on it (most of sensu-bench-stacking's Tumbler time).
    void Invalidate(int i, float t) {
        if (!IsDynamic(w_.bodies[i])) return;
        const Vec2 c0 = CenterAt(i, t), c1 = CenterAt(i, 1.0f);
        const AABB path = Inflate(AABB{Min(c0, c1), Max(c0, c1)}, w_.bodies[i].sweepRadius);
        for (int f : w_.fastBodies) {
            ContinuousBody& s = State(f);
            if (f == i || s.next.body == i || s.next.other == i || Overlaps(s.bounds, path)) s.searched = false;
        }
    }

    void TestPair(int f, int shapeIndex, const RoundedCore& core, const SweptRegion& region, bool regionIsShape, float t0,
                  int otherShape, ContinuousImpact& best) {
        const Shape& os = w_.shapes[otherShape];
        const int o = os.body;
        if (o == f) return;
        const Body& fb = w_.bodies[f];
        const Body& ob = w_.bodies[o];
        if (!IsDynamic(fb) && !IsDynamic(ob)) return;  // nothing would respond
        if (!w_.JointAllowsContact(f, o)) return;      // jointed without collideConnected: never touch
        if (!w_.ShapesCollide(w_.shapes[shapeIndex], os)) return;  // sensors, filters, segment pairs
        if (w_.ContactDisabled(shapeIndex, otherShape)) return;       // the pre-solve hook said no
        // Both motions are known from the later of the two bases on (impacts are solved in time order,
        // so nothing between the pair happened before it).
        float from = Max(t0, State(o).base);
        if (BehindChainSegment(os, ob, CenterAt(f, from))) return;
        if (HeldByContact(f, shapeIndex, o, otherShape)) return;
        const bool otherMoves = ob.v.x != 0.0f || ob.v.y != 0.0f || ob.w != 0.0f;  // a state flag, as IsMovingBody
        // A resting disc met over the region's whole sweep: the region's time of impact is the filter and
        // the exact entry in one (its box and ring reject, then the disc's arc in closed form, with the
        // region's set-up and no core per candidate). Deciding overlap first and then running the time of
        // impact would do the same arc twice (sensu-bench-collide CCDQuery/*).
        const Circle* disc = std::get_if<Circle>(&os.geometry);
        std::optional<RotatingImpact> first;
        if (!otherMoves && disc != nullptr && regionIsShape && from == t0) {
            first = region.TimeOfImpact(*disc, PoseAt(o, from));
            if (!first->hit()) return;
        } else if (!otherMoves) {
            const Transform pose = PoseAt(o, from);
            if (!std::visit([&](const auto& g) { return region.Overlaps(g, pose); }, os.geometry)) return;
        } else {
            // Every point of the other body stays within sweepRadius of its centre's path.
            const Vec2 c0 = CenterAt(o, from), c1 = CenterAt(o, 1.0f);
            if (!Overlaps(Inflate(AABB{Min(c0, c1), Max(c0, c1)}, ob.sweepRadius), region.bounds())) return;
        }
        std::optional<RoundedCore> otherCore;
        const SolverSettings& st = w_.settings;
        // The first contact; while the pair only touches at `from` without closing (a spinning box rolling
        // along a wall touches it corner after corner), the contact after a small step past it.
        constexpr int kAttempts = 4;
        for (int attempt = 0; attempt < kAttempts; ++attempt) {
            if (from >= best.t || from >= 1.0f) return;
            if (!first && !otherCore) otherCore = CoreOf(AsConvex(os.geometry), ob.localCenter);
            const RotatingImpact hit = first ? *first : TimeOfImpact(core, SweepFrom(f, from), *otherCore, SweepFrom(o, from));
            first.reset();
            if (!hit.hit()) return;
            const float t = from + hit.t * (1.0f - from);
            if (t >= best.t) return;
            Vec2 point = hit.point, normal = hit.normal;
            // Touching or penetrating at `from`: the time of impact's normal is a guess once the shapes
            // overlap, so the regular narrow phase names the points (within linearSlop) and the normal.
            bool closes = hit.t > 0.0f || MostClosing(f, shapeIndex, o, otherShape, t, point, normal);
            bool impact = closes && NormalSpeed(f, o, t, point, normal) * dt_ < -st.linearSlop;
            if (!impact && hit.t > 0.0f && !hit.exact) {
                // Conservative advancement's normal at a corner meeting a face comes from nearly coincident
                // closest points and can lie along the face, and one stopped by its iteration cap has none
                // (a body carried along by a blade): before such a hit counts as grazing, the narrow phase
                // at the impact pose names the contact.
                closes = MostClosing(f, shapeIndex, o, otherShape, t, point, normal);
                impact = closes && NormalSpeed(f, o, t, point, normal) * dt_ < -st.linearSlop;
            }
            if (impact) {
                best = {.t = t, .body = f, .other = o, .shape = shapeIndex, .otherShape = otherShape, .point = point, .normal = normal};
                return;
            }
            if (hit.t > 0.0f) return;  // a grazing or slow contact later in the step: the regular contacts' job
            // Touching at `from` and not closing: step past the contact by 2·linearSlop of relative motion.
            const float relative = dt_ * (Length(ob.v - fb.v) + std::abs(fb.w) * fb.sweepRadius + std::abs(ob.w) * ob.sweepRadius);
            if (!(relative > 0.0f)) return;
            from += Min(1.0f - from, 2.0f * st.linearSlop / relative);
        }
    }

    // The most closing of the narrow phase's points (within linearSlop) of the pair at fraction t, with
    // its normal, written to point and normal; false (both untouched) when none closes.
    bool MostClosing(int f, int shapeIndex, int o, int otherShape, float t, Vec2& point, Vec2& normal) {
        const Manifold m = CollideShapes(AsConvex(w_.shapes[shapeIndex].geometry), PoseAt(f, t),
                                         AsConvex(w_.shapes[otherShape].geometry), PoseAt(o, t), w_.settings.linearSlop);
        float closing = 0.0f;
        for (int p = 0; p < m.pointCount; ++p) {
            const float vn = NormalSpeed(f, o, t, m.points[p].point, m.normal);
            if (vn < closing) {
                closing = vn;
                point = m.points[p].point;
                normal = m.normal;
            }
        }
        return closing < 0.0f;
    }

    // Brings the pair to the impact, applies one impulse (restitution and friction), and continues both.
    void Resolve(const ContinuousImpact& impact) {
        const int f = impact.body, o = impact.other;
        const float t = impact.t;
        Body& b = w_.bodies[o];
        // Seed 004 trap: a hit pile wakes as a whole, in this step.
        if (IsDynamic(b) && b.frozen) w_.WakeTouchingPiles(o);
        const Vec2 ca = CenterAt(f, t), cb = CenterAt(o, t);
        Rebase(f, t);
        Rebase(o, t);

        // The contact at the impact: the regular narrow phase's points within linearSlop (both points of
        // a flat landing), or the time of impact's single point when it names none.
        rowCount_ = 0;
        islandCount_ = 0;
        for (int i : {f, o}) island_[islandCount_++] = i;
        const SolverSettings& st = w_.settings;
        const Shape& shapeA = w_.shapes[impact.shape];
        const Shape& shapeB = w_.shapes[impact.otherShape];
        Manifold m = CollideShapes(AsConvex(shapeA.geometry), PoseAt(f, t), AsConvex(shapeB.geometry), PoseAt(o, t), st.linearSlop);
        if (m.pointCount == 0) {
            m.pointCount = 1;
            m.normal = impact.normal;
            m.points[0].point = impact.point;
        }
        AddRows(f, o, ca, cb, m, shapeA, shapeB);
        ReportHit(impact, m);
        // A hit body pressed against a wall or another body must push on it in the same solve, or the two
        // take turns and the body is squeezed through the wall (pinching): the touching neighbours of the
        // pair join the solve, moved to the impact time too (Box2D's TOI island does the same).
        for (int i : {f, o}) {
            if (IsDynamic(w_.bodies[i])) AddNeighbourRows(i, t, i == f ? ca : cb);
        }
        SolveRows();

        ++State(f).impacts;
        for (int k = 0; k < islandCount_; ++k) {
            const int i = island_[k];
            ContinuousBody& s = State(i);
            s.search = Max(s.search, t);
            if (!IsDynamic(w_.bodies[i])) continue;
            if (!s.moved) {
                s.moved = true;
                w_.movedBodies.push_back(i);
            }
            TrackPath(i, t);
            if (!s.fast && IsFast(i, Motion(i))) {
                s.fast = true;
                w_.fastBodies.push_back(i);
            }
        }
        for (int k = 0; k < islandCount_; ++k) Invalidate(island_[k], t);
    }

    // A hit event for an impact (contact_events.h), from the approach before its solve: the fastest
    // closing point of the pair's rows (the first rows, those of manifold m).
    void ReportHit(const ContinuousImpact& impact, const Manifold& m) {
        if (!w_.shapes[impact.shape].enableHitEvents && !w_.shapes[impact.otherShape].enableHitEvents) return;
        int best = -1;
        float speed = w_.hitEventThreshold;
        for (int p = 0; p < m.pointCount && p < rowCount_; ++p) {
            const float approach = -Dot(Relative(rows_[p]), rows_[p].normal);
            if (approach > speed) {
                speed = approach;
                best = p;
            }
        }
        if (best < 0) return;
        w_.hitEvents.push_back({w_.ShapeIdOf(impact.shape), w_.ShapeIdOf(impact.otherShape), m.points[best].point, m.normal, speed});
    }

    // One contact point of the impact solve. Body b is on the normal's side; static and kinematic bodies
    // have zero inverse mass.
    struct Row {
        int a = kNull, b = kNull;
        Vec2 ra{}, rb{}, normal{};
        float mA = 0.0f, iA = 0.0f, mB = 0.0f, iB = 0.0f;
        float normalMass = 0.0f, tangentMass = 0.0f, target = 0.0f, friction = 0.0f;
        float normalImpulse = 0.0f, tangentImpulse = 0.0f;
    };
    static constexpr int kMaxRows = 16;

    Vec2 Relative(const Row& r) const {
        const Body& a = w_.bodies[r.a];
        const Body& b = w_.bodies[r.b];
        return b.v + Cross(b.w, r.rb) - a.v - Cross(a.w, r.ra);
    }

    void Apply(const Row& r, Vec2 P) {
        Body& a = w_.bodies[r.a];
        Body& b = w_.bodies[r.b];
        a.v -= r.mA * P;
        a.w -= r.iA * Cross(r.ra, P);
        b.v += r.mB * P;
        b.w += r.iB * Cross(r.rb, P);
    }

    // Rows for the points of manifold m between bodies a and b (centres ca, cb at the impact time).
    void AddRows(int a, int b, Vec2 ca, Vec2 cb, const Manifold& m, const Shape& sa, const Shape& sb) {
        const SolverSettings& st = w_.settings;
        const Body& ba = w_.bodies[a];
        const Body& bb = w_.bodies[b];
        const float restitution = Max(sa.restitution, sb.restitution);
        for (int p = 0; p < m.pointCount && rowCount_ < kMaxRows; ++p) {
            Row& r = rows_[rowCount_++];
            r = Row{.a = a, .b = b, .ra = m.points[p].point - ca, .rb = m.points[p].point - cb, .normal = m.normal};
            r.mA = IsDynamic(ba) ? ba.invMass : 0.0f;
            r.iA = IsDynamic(ba) ? ba.invInertia : 0.0f;
            r.mB = IsDynamic(bb) ? bb.invMass : 0.0f;
            r.iB = IsDynamic(bb) ? bb.invInertia : 0.0f;
            // 1 / (1/Ma + 1/Mb + (ra×d)²/Ia + (rb×d)²/Ib): seed 004 eq. (2.31), each body's own arm (docs/seeds.md).
            auto effectiveMass = [&](Vec2 d) {
                const float rnA = Cross(r.ra, d), rnB = Cross(r.rb, d);
                const float k = r.mA + r.mB + r.iA * rnA * rnA + r.iB * rnB * rnB;
                return k > 0.0f ? 1.0f / k : 0.0f;
            };
            r.normalMass = effectiveMass(r.normal);
            r.tangentMass = effectiveMass(RightPerp(r.normal));
            const float vn = Dot(Relative(r), r.normal);
            // Target normal velocity −e·vn (restitution e, seed 004 eq. 2.31 generalised as in docs/seeds.md).
            r.target = st.restitution && vn < -st.restitutionThreshold ? -restitution * vn : 0.0f;
            r.friction = st.friction ? std::sqrt(sa.friction * sb.friction) : 0.0f;
        }
    }

    // Rows for the touching points (within linearSlop at fraction t) of dynamic body i against its
    // neighbours; dynamic neighbours join the island, moved to fraction t.
    void AddNeighbourRows(int i, float t, Vec2 center) {
        const Body& body = w_.bodies[i];
        const Transform pose = PoseAt(i, t);
        const float r = body.sweepRadius + w_.settings.linearSlop;
        QueryMotions(AABB{center - Vec2{r, r}, center + Vec2{r, r}}, [&](int otherShape) {
            const Shape& os = w_.shapes[otherShape];
            const int o = os.body;
            if (o == i || os.isSensor || HasRows(i, o)) return;
            if (IsDynamic(w_.bodies[o]) && !InIsland(o)) {
                if (islandCount_ == kMaxIsland) return;
                // Only a touching neighbour joins (its pose at t is what it has before any rebase).
                if (!Touches(i, pose, o, t)) return;
                if (w_.bodies[o].frozen) w_.WakeTouchingPiles(o);
                Rebase(o, t);
                island_[islandCount_++] = o;
            }
            for (ShapeId sid : body.shapes) {
                const Shape& own = w_.shapes[sid.index];
                if (!w_.ShapesCollide(own, os) || w_.ContactDisabled(static_cast<int>(sid.index), otherShape)) continue;
                const Manifold m = CollideShapes(AsConvex(own.geometry), pose, AsConvex(os.geometry), PoseAt(o, t), w_.settings.linearSlop);
                if (m.pointCount > 0 && !HasRows(i, o)) AddRows(i, o, center, CenterAt(o, t), m, own, os);
            }
        });
    }

    bool InIsland(int i) const {
        for (int k = 0; k < islandCount_; ++k)
            if (island_[k] == i) return true;
        return false;
    }

    // Whether any shape of body i (at `pose`) is within linearSlop of any shape of body o at fraction t.
    bool Touches(int i, const Transform& pose, int o, float t) {
        const Transform otherPose = PoseAt(o, t);
        for (ShapeId a : w_.bodies[i].shapes) {
            for (ShapeId b : w_.bodies[o].shapes) {
                if (!w_.ShapesCollide(w_.shapes[a.index], w_.shapes[b.index])) continue;
                const ShapeGeometry& ga = w_.shapes[a.index].geometry;
                const ShapeGeometry& gb = w_.shapes[b.index].geometry;
                if (CollideShapes(AsConvex(ga), pose, AsConvex(gb), otherPose, w_.settings.linearSlop).pointCount > 0) return true;
            }
        }
        return false;
    }

    bool HasRows(int a, int b) const {
        for (int k = 0; k < rowCount_; ++k)
            if ((rows_[k].a == a && rows_[k].b == b) || (rows_[k].a == b && rows_[k].b == a)) return true;
        return false;
    }

    // Sequential impulses over the rows (box2d-lite's solver on the few contacts of one impact):
    // accumulated normal impulses clamped ≥ 0, Coulomb friction bounded by them.
    void SolveRows() {
        constexpr int kIterations = 8;
        for (int it = 0; it < kIterations; ++it) {
            for (int k = 0; k < rowCount_; ++k) {
                Row& r = rows_[k];
                const Vec2 tangent = RightPerp(r.normal);
                if (r.friction > 0.0f) {
                    const float bound = r.friction * r.normalImpulse;
                    const float total = Clamp(r.tangentImpulse - r.tangentMass * Dot(Relative(r), tangent), -bound, bound);
                    Apply(r, (total - r.tangentImpulse) * tangent);
                    r.tangentImpulse = total;
                }
                const float total = Max(r.normalImpulse - r.normalMass * (Dot(Relative(r), r.normal) - r.target), 0.0f);
                Apply(r, (total - r.normalImpulse) * r.normal);
                r.normalImpulse = total;
            }
        }
    }

    // Moves the body's motion base to fraction t (its velocity is about to change).
    void Rebase(int i, float t) {
        if (!IsDynamic(w_.bodies[i])) return;  // static and kinematic motion never changes
        const Vec2 c = CenterAt(i, t);
        const float angle = AngleAt(i, t);
        ContinuousBody& s = State(i);
        s.center = c;
        s.angle = angle;
        s.base = t;
    }

    // The last word on static geometry (the rule in the file comment) for body i, after the impacts.
    // The path from its start pose to its end pose (the shorter way round between the two angles) is
    // swept against the static shapes near it with the time of impact; for each one it meets, the
    // narrow phase at the contact pose names the normal, and depths are compared across the static's
    // face met there. Changes nothing for a body that crosses nothing, so a scene without such a
    // crossing steps bit for bit as before.
    void KeepOnItsSideOfStatics(int i) {
        Body& b = w_.bodies[i];
        if (b.type != BodyType::Dynamic || b.frozen || !b.alive) return;
        const ContinuousStart& start = w_.continuousStarts[i];
        if (start.stamp != w_.continuousStamp) return;
        const SolverSettings& st = w_.settings;
        if (!(st.continuous || b.bullet) || b.shapes.empty()) return;
        const Vec2 move = b.center - start.center;
        const float limit = st.continuousThreshold * Max(b.thinnest, st.linearSlop);
        // Most bodies barely move: a bound without square root or remainder settles them.
        if (std::abs(move.x) + std::abs(move.y) + std::abs(b.angle - start.angle) * b.sweepRadius <= limit) return;
        const ContinuousBody& s = w_.continuousBodies[i];
        if (s.stamp != w_.continuousStamp || !(s.fast || s.moved)) {
            // Left to the regular step: the motion of its velocity is what the speculative contacts were
            // made for, so only a position-pass correction as large as a fast motion can carry it on.
            const Vec2 correction = move - dt_ * b.v;
            const float correctionTurn = b.angle - start.angle - dt_ * b.w;
            if (std::abs(correction.x) + std::abs(correction.y) + std::abs(correctionTurn) * b.sweepRadius <= limit) return;
        }
        const float turn = std::remainder(b.angle - start.angle, kTwoPi);
        const float reach = Length(move) + std::abs(turn) * b.sweepRadius;  // m, no point of the body moves farther on the path
        if (reach <= limit) return;

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
    const detail::DynamicTree& StaticShapes() {
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

    // The inward normal of the static core's face most opposed to `normal` (unit, body → static) when
    // the core has faces (box, polygon, capsule sides) and that face is the one met (within 45°),
    // otherwise `normal`; the core is given in its centre-of-mass frame, turned by `angle`.
    static Vec2 Across(const RoundedCore& core, float angle, Vec2 normal) {
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

    struct Interval {
        float lo = 0.0f, hi = 0.0f;
        float Middle() const { return 0.5f * (lo + hi); }
    };

    // Extent along unit direction n (m) of a core given in its centre-of-mass frame, placed at centre
    // `center` and angle `angle`.
    static Interval Span(const RoundedCore& core, Vec2 center, float angle, Vec2 n) {
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

    // Bodies that took part in an impact end the step where their last motion takes them.
    void Finish() {
        for (int i : w_.movedBodies) {
            Body& b = w_.bodies[i];
            b.center = CenterAt(i, 1.0f);
            b.angle = AngleAt(i, 1.0f);
            b.xf.q = Rot::FromAngle(b.angle);
            b.xf.p = b.center - Rotate(b.xf.q, b.localCenter);
        }
    }

    WorldImpl& w_;
    float dt_;
    bool staticShapesBuilt_ = false;
    Row rows_[kMaxRows];
    int rowCount_ = 0;
    static constexpr int kMaxIsland = 8;
    int island_[kMaxIsland] = {};  // bodies of the impact solve: the pair, then touching dynamic neighbours
    int islandCount_ = 0;
};

} // namespace

void WorldImpl::BeginContinuous() {
    if (++continuousStamp == 0) {  // wrapped: no entry may look current
        for (detail::ContinuousStart& s : continuousStarts) s.stamp = 0;
        for (ContinuousBody& s : continuousBodies) s.stamp = 0;
        continuousStamp = 1;
    }
    if (continuousStarts.size() < bodies.size()) {
        continuousStarts.resize(bodies.size());
        continuousBodies.resize(bodies.size());
    }
    for (size_t i = 0; i < bodies.size(); ++i) {
        const Body& b = bodies[i];
        // Frozen bodies too: the solver may wake and move one within this step (WakePushedPiles).
        if (!b.alive || b.type == BodyType::Static) continue;
        continuousStarts[i] = {continuousStamp, b.angle, b.center, b.v};
    }
}

void WorldImpl::SolveContinuous(float dt) {
    ContinuousPhase phase(*this, dt);
    phase.Run();
}

// Extents of the continuous rule, in the centre-of-mass frame: the farthest shape point and the
// thinnest shape's thickness (a segment has none).
void WorldImpl::UpdateSweepExtents(int bodyIndex) {
    Body& b = bodies[bodyIndex];
    float radius = 0.0f;
    float thinnest = b.shapes.empty() ? 0.0f : 1e30f;
    auto reach = [&](Vec2 p, float r) { radius = Max(radius, Length(p - b.localCenter) + r); };
    for (ShapeId sid : b.shapes) {
        const ShapeGeometry& g = shapes[sid.index].geometry;
        if (const auto* c = std::get_if<Circle>(&g)) {
            reach(c->center(), c->radius());
            thinnest = Min(thinnest, 2.0f * c->radius());
        } else if (const auto* c = std::get_if<Capsule>(&g)) {
            reach(c->a(), c->radius());
            reach(c->b(), c->radius());
            thinnest = Min(thinnest, 2.0f * c->radius());
        } else if (const auto* box = std::get_if<Box>(&g)) {
            for (Vec2 p : box->Corners()) reach(p, 0.0f);
            thinnest = Min(thinnest, 2.0f * Min(box->halfExtents().x, box->halfExtents().y));
        } else if (const auto* p = std::get_if<ConvexPolygon>(&g)) {
            // Width: the smallest, over the edges, of the farthest vertex behind the edge.
            float width = 1e30f;
            for (int i = 0; i < p->count(); ++i) {
                reach(p->vertex(i), 0.0f);
                float depth = 0.0f;
                for (int j = 0; j < p->count(); ++j) depth = Max(depth, Dot(p->normal(i), p->vertex(i) - p->vertex(j)));
                width = Min(width, depth);
            }
            thinnest = Min(thinnest, width);
        } else {
            const auto& s = std::get<Segment>(g);
            reach(s.a(), 0.0f);
            reach(s.b(), 0.0f);
            thinnest = 0.0f;
        }
    }
    b.sweepRadius = radius;
    b.thinnest = thinnest;
}

// ---------------------------------------------------------------------------------------------------
// World API

void World::SetBullet(BodyId id, bool bullet) { impl_->BodyAt(id).bullet = bullet; }

bool World::IsBullet(BodyId id) const { return impl_->BodyAt(id).bullet; }

} // namespace sensu
