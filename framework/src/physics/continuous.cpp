// Continuous collision for fast and fast-spinning bodies (seed 000, past the thesis: exact swept
// regions, exact time of impact, no rotation cap, impacts solved as sub-steps). This file is the
// phase's driver: which bodies are fast, the loop over impacts in time order, the end poses, plus the
// narrow-phase adapter all parts share (CollideShapes) and the per-body extents the rule needs. The
// parts, one stage each, are members of ContinuousPhase (continuous_internal.h) in their own files:
//   continuous_candidates.cpp  tracking motions, gathering candidates, time of impact (the search);
//   continuous_impacts.cpp     bringing a pair to its impact and solving it with its neighbours;
//   continuous_statics.cpp     the last word of static geometry, after the impacts.
//
// Which bodies: bullets, and bodies whose farthest point moves more than continuousThreshold of their
// thinnest shape's thickness in the step (solver_settings.h) — except those fast only by translating,
// with proxies that hold their path and contacts that hold each pair's motion as the solver left it
// (margins that cover it, HeldBySpeculativeContacts): speculative contacts stop translation at any
// speed, so those stay with the regular solver.
//
// After the regular step has solved velocities and integrated positions, each fast body's motion over
// the step (from its start pose: rotation ω·dt of any size about its centre of mass plus translation
// v·dt) is searched for its first impact (continuous_candidates.cpp). Impacts are solved earliest first
// over all fast bodies, so every body's pose is known at each impact (continuous_impacts.cpp); a fast
// body keeps its search result until an impact changes a body its sweep can reach. A fast body solves
// at most SolverSettings::continuousMaxImpacts impacts per step and then finishes the step with its
// velocity, without impacts against other bodies. Then static geometry has the last word
// (continuous_statics.cpp): the only place the phase drops motion, and only where the alternative is
// passing through a wall.
#include <array>
#include <cmath>
#include <type_traits>
#include <variant>

#include "continuous_internal.h"
#include "sensu/geometry/primitives.h"

namespace sensu {

namespace ccd {

namespace {

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

} // namespace

// The points of two shapes at their poses closer than margin (m); normal from a to b.
Manifold CollideShapes(const ConvexShape& a, const Transform& xa, const ConvexShape& b, const Transform& xb, float margin) {
    if (a.index() >= b.index()) return CollideOrdered(a, xa, b, xb, margin);
    Manifold m = CollideOrdered(b, xb, a, xa, margin);
    m.normal = -m.normal;
    return m;
}

void ContinuousPhase::Run() {
    if (Classify()) {
        for (;;) {
            // Each fast body keeps its next impact until an impact changes a body its sweep can reach.
            ContinuousImpact best;
            for (FastBody& fast : fast_) {  // searching adds no fast body
                if (fast.done) continue;
                if (!fast.searched) Search(fast);
                if (fast.next.t < best.t) best = fast.next;
            }
            if (best.body == kNull) break;
            Resolve(best);  // raises the fast body's impact count: the loop ends
        }
        Finish();
    }
    // Only bodies the solver moved (its body list: every moving body, including piles it woke) or
    // this phase moved (hit bodies, piles woken by an impact) can have crossed anything; a resting
    // scene's frozen bodies cost nothing here.
    // Which of them may have crossed static geometry is settled in parallel chunks (each body reads
    // only its own state); those few are then kept out in solver order.
    constexpr int kMinParallelBodies = 256;
    w_.continuousChecks.resize(w_.solverBodies.size());
    detail::ForChunks(w_.pool, static_cast<int>(w_.solverBodies.size()), kMinParallelBodies, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const int i = w_.solverBodies[k].body;
            ContinuousBody& s = w_.continuousBodies[i];
            if (s.stamp == w_.continuousStamp) s.guarded = true;
            w_.continuousChecks[k] = MayCrossStatics(i) ? 1 : 0;
        }
    });
    for (size_t k = 0; k < w_.solverBodies.size(); ++k) {
        if (w_.continuousChecks[k] != 0) KeepOnItsSideOfStatics(w_.solverBodies[k].body);
    }
    for (int i : w_.movedBodies) {
        if (!State(i).guarded) KeepOnItsSideOfStatics(i);
    }
}

// Lists the fast bodies and, when there are any, puts every moving body whose broad-phase proxies do
// not hold its motion into the per-step tree of paths (TrackPath). Returns whether any body is fast.
bool ContinuousPhase::Classify() {
    w_.movedBodies.clear();
    // The test reads only the body: in parallel chunks, then compacted in body order. A mostly frozen
    // world tests its moving bodies only (TrackedMovers).
    constexpr int kMinParallelBodies = 256;
    auto isFast = [&](int i) {
        const Body& b = w_.bodies[i];
        return b.alive && !b.shapes.empty() && w_.IsMovingBody(b) && IsFast(i, Motion(i)) && !HeldBySpeculativeContacts(i);
    };
    const std::vector<int>* fewMovers = w_.TrackedMovers();
    if (fewMovers) {
        w_.fastBodies.clear();
        for (const int i : *fewMovers) {
            if (isFast(i)) w_.fastBodies.push_back(i);
        }
    } else {
        w_.fastFlags.resize(w_.bodies.size());
        detail::ForChunks(w_.pool, static_cast<int>(w_.bodies.size()), kMinParallelBodies, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) w_.fastFlags[i] = isFast(i);
        });
        detail::CompactFlags(w_.pool, w_.fastFlags, w_.compactBlocks, w_.fastBodies);
    }
    for (const int i : w_.fastBodies) AddFast(i);
    if (fast_.empty()) return false;
    w_.continuousPaths.Clear();
    const int visits = static_cast<int>(fewMovers ? fewMovers->size() : w_.bodies.size());
    for (int k = 0; k < visits; ++k) {
        const int i = fewMovers ? (*fewMovers)[k] : k;
        const Body& b = w_.bodies[i];
        if (b.alive && !b.shapes.empty() && w_.IsMovingBody(b)) TrackPath(i, 0.0f);
    }
    return true;
}

// Lists body i as fast from now on in this step.
void ContinuousPhase::AddFast(int i) {
    State(i).fast = static_cast<int>(fast_.size());
    fast_.emplace_back().body = i;
    UpdateDone(i);
}

// After body i's impact count or search fraction changed: whether it is done with impacts this step.
void ContinuousPhase::UpdateDone(int i) {
    const ContinuousBody& s = State(i);
    if (s.fast != kNull) fast_[s.fast].done = s.impacts >= w_.settings.continuousMaxImpacts || s.search >= 1.0f;
}

// A body fast only by translating, with broad-phase proxies that hold its path, is held by the regular
// contacts when each of its contacts holds the pair's motion as the solver left it (ContactHoldsPair):
// every shape its path can reach has a fat proxy overlapping its own, hence a contact, unless the two
// never collide. Its sweep would then find no impact: against a contact the sweep itself trusts
// (HeldByContact), or one whose gap no motion of the step can close. Before, a body whose velocity the
// solver changed by more than speculativeDistance per step was swept whatever its neighbours did: most
// fast bodies of a busy scene, whose every bounce changes it (issue #14).
bool ContinuousPhase::HeldBySpeculativeContacts(int i) const {
    const Body& b = w_.bodies[i];
    if (TurnsFast(b)) return false;
    const float turning = dt_ * std::abs(b.w) * b.sweepRadius;
    if (w_.continuousStarts[i].stamp != w_.continuousStamp) return false;
    const Vec2 d = dt_ * b.v;
    for (ShapeId sid : b.shapes) {
        const Shape& s = w_.shapes[sid.index];
        if (s.proxy == kNull) return false;
        const AABB end = w_.ComputeShapeAABB(s, b);
        const AABB path = Inflate(Union(end, AABB{end.lower - d, end.upper - d}), turning);
        if (!w_.broadPhase.FatAABB(s.proxy).Contains(path)) return false;
    }
    for (int c = b.contactHead; c != kNull;) {
        const detail::Contact& contact = w_.contacts[c];
        const int side = contact.bodyA == i ? 0 : 1;
        if (!ContactHoldsPair(contact, side == 0 ? contact.bodyB : contact.bodyA)) return false;
        c = contact.next[side];
    }
    return true;
}

// A bullet, or a body whose turn alone moves a point of it more than continuousThreshold of its
// thickness: no speculative contact holds it (seed 000's fans are for these).
bool ContinuousPhase::TurnsFast(const Body& b) const {
    const SolverSettings& st = w_.settings;
    return b.bullet || dt_ * std::abs(b.w) * b.sweepRadius > st.continuousThreshold * Max(b.thinnest, st.linearSlop);
}

// Whether the pair's contact holds its motion this step (both bodies moving with the velocities the
// solver gave them, from their start poses), so the sweep of the body that is not `other` need not
// look at the pair:
//  - the pre-solve hook disabled it: the sweep skips the pair too (PairImpact);
//  - its manifold was computed this step with a margin that covers the pair's closing motion at the
//    final velocities plus linearSlop: the manifold has every point the motion can bring into play
//    (every Collide* function reports all points closer than its margin), each one a speculative
//    constraint the solver kept, and a pair without points stays linearSlop apart. No point of one
//    moves towards the other by more than dt·|v_b − v_a| plus each body's turn dt·|ω|·turnReach (the
//    margin's own terms, UpdateContacts, which are exactly this sum plus speculativeDistance with the
//    velocities the narrow phase saw: the solver may change them within that spare). A turn beyond
//    kLinearTurn is not a straight-line approach and has no term in the margin;
//  - the pair's closing is within continuousThreshold of the thinner shape's thickness: slow for both,
//    as IsFast judges a body against resting geometry;
//  - `other` is swept whatever its contacts do (a bullet, or turning fast: HeldBySpeculativeContacts
//    returns false first), and its search meets this pair with both motions (TestPair);
//  - it has points and the pair turns little: the sweep leaves it to the contact (HeldByContact's test);
//  - it has none and the shapes were farther apart at the start poses than that closing plus
//    linearSlop, measured by the bounding discs, else by the narrow phase asked again there with that
//    margin: nothing for the sweep to find, nothing for the solver to stop.
bool ContinuousPhase::ContactHoldsPair(const detail::Contact& c, int other) const {
    if (w_.preSolve != nullptr && !c.enabled) return true;
    const Body& a = w_.bodies[c.bodyA];
    const Body& b = w_.bodies[c.bodyB];
    const SolverSettings& st = w_.settings;
    const float turnA = dt_ * std::abs(a.w), turnB = dt_ * std::abs(b.w);
    const float needed = dt_ * Length(b.v - a.v) + turnA * a.turnReach + turnB * b.turnReach + st.linearSlop;
    const bool straight = turnA <= detail::kLinearTurn && turnB <= detail::kLinearTurn;
    if (c.marginStamp == w_.continuousStamp && straight && needed <= c.margin) return true;
    const float thinner = Max(Min(a.thinnest, b.thinnest), st.linearSlop);
    if (needed - st.linearSlop <= st.continuousThreshold * thinner) return true;
    const Body& o = w_.bodies[other];
    if (!o.shapes.empty() && w_.IsMovingBody(o) && IsFast(other, Motion(other)) && TurnsFast(o)) return true;
    if (c.manifold.pointCount > 0) {
        const float turning = dt_ * (std::abs(a.w) * a.sweepRadius + std::abs(b.w) * b.sweepRadius);
        return turning <= st.continuousThreshold * thinner;
    }
    const ContinuousStart* sa = StartOf(c.bodyA);
    const ContinuousStart* sb = StartOf(c.bodyB);
    const Vec2 ca = sa ? sa->center : a.center, cb = sb ? sb->center : b.center;
    if (Length(cb - ca) - a.sweepRadius - b.sweepRadius >= needed) return true;
    auto pose = [](const Body& body, const ContinuousStart* start) -> Transform {
        if (start == nullptr) return body.xf;
        const Rot q = Rot::FromAngle(start->angle);
        return {start->center - Rotate(q, body.localCenter), q};
    };
    const ConvexShape shapeA = AsConvex(w_.shapes[c.shapeA].geometry), shapeB = AsConvex(w_.shapes[c.shapeB].geometry);
    return CollideShapes(shapeA, pose(a, sa), shapeB, pose(b, sb), needed).pointCount == 0;
}

// Body i's start pose of this step, or null when it has none (a static body: where it is now).
const ContinuousStart* ContinuousPhase::StartOf(int i) const {
    const ContinuousStart& start = w_.continuousStarts[i];
    return start.stamp == w_.continuousStamp ? &start : nullptr;
}

// Bodies that took part in an impact end the step where their last motion takes them.
void ContinuousPhase::Finish() {
    for (int i : w_.movedBodies) {
        Body& b = w_.bodies[i];
        b.center = CenterAt(i, 1.0f);
        b.angle = AngleAt(i, 1.0f);
        b.xf.q = Rot::FromAngle(b.angle);
        b.xf.p = b.center - Rotate(b.xf.q, b.localCenter);
    }
}

} // namespace ccd

using detail::Body;
using detail::ContinuousBody;

void WorldImpl::AdvanceContinuousStamp() {
    if (++continuousStamp == 0) {  // wrapped: no entry may look current
        for (detail::ContinuousStart& s : continuousStarts) s.stamp = 0;
        for (ContinuousBody& s : continuousBodies) s.stamp = 0;
        for (detail::Contact& c : contacts) c.marginStamp = 0;
        continuousStamp = 1;
    }
}

void WorldImpl::BeginContinuous() {
    AdvanceContinuousStamp();
    if (continuousStarts.size() < bodies.size()) {
        continuousStarts.resize(bodies.size());
        continuousBodies.resize(bodies.size());
    }
    // A mostly frozen world records its moving bodies only (TrackedMovers); a body the step wakes later
    // records its start then (RecordContinuousStart from WakePile), still where it was frozen. Bodies
    // without a record this step have not moved (ContinuousPhase::State reads their pose).
    if (const std::vector<int>* fewMovers = TrackedMovers()) {
        for (const int i : *fewMovers) RecordContinuousStart(i);
        continuousStartsOpen = true;
        return;
    }
    constexpr int kMinParallelBodies = 1024;
    detail::ForChunks(pool, static_cast<int>(bodies.size()), kMinParallelBodies, [&](int begin, int end) {
        // Frozen bodies too: the solver may wake and move one within this step (WakePushedPiles).
        for (int i = begin; i < end; ++i) RecordContinuousStart(i);
    });
}

void WorldImpl::RecordContinuousStart(int index) {
    const Body& b = bodies[index];
    if (!b.alive || b.type == BodyType::Static) return;
    continuousStarts[index] = {continuousStamp, b.angle, b.center};
}

void WorldImpl::SolveContinuous(float dt) {
    ccd::ContinuousPhase phase(*this, dt);
    phase.Run();
}

// Extents of the continuous rule, in the centre-of-mass frame: the farthest shape point and the
// thinnest shape's thickness (a segment has none).
void WorldImpl::UpdateSweepExtents(int bodyIndex) {
    Body& b = bodies[bodyIndex];
    float radius = 0.0f, turnReach = 0.0f;
    float thinnest = b.shapes.empty() ? 0.0f : 1e30f;
    for (ShapeId sid : b.shapes) {
        const ShapeGeometry& g = shapes[sid.index].geometry;
        // This shape's farthest point from the centre of mass and its inner distance: the least, over
        // the directions, of how far its surface lies out along them (0 when the centre is outside).
        float farthest = 0.0f, inner = 0.0f;
        auto reach = [&](Vec2 p, float r) { farthest = Max(farthest, Length(p - b.localCenter) + r); };
        // Inside a counter-clockwise convex outline: the least distance from the centre to an edge line.
        auto innerOf = [&](auto vertex, int count) {
            float least = 1e30f;
            for (int i = 0; i < count; ++i) {
                const Vec2 p = vertex(i), e = vertex((i + 1) % count) - p;
                least = Min(least, Cross(e, b.localCenter - p) / Length(e));
            }
            return least;
        };
        if (const auto* c = std::get_if<Circle>(&g)) {
            reach(c->center(), c->radius());
            inner = c->radius() - Length(c->center() - b.localCenter);
            thinnest = Min(thinnest, 2.0f * c->radius());
        } else if (const auto* c = std::get_if<Capsule>(&g)) {
            reach(c->a(), c->radius());
            reach(c->b(), c->radius());
            inner = c->radius() - Length(ClosestPointOnSegment(c->a(), c->b(), b.localCenter) - b.localCenter);
            thinnest = Min(thinnest, 2.0f * c->radius());
        } else if (const auto* box = std::get_if<Box>(&g)) {
            const std::array<Vec2, 4> corners = box->Corners();
            for (Vec2 p : corners) reach(p, 0.0f);
            inner = innerOf([&](int i) { return corners[static_cast<size_t>(i)]; }, 4);
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
            inner = innerOf([&](int i) { return p->vertex(i); }, p->count());
            thinnest = Min(thinnest, width);
        } else {
            const auto& s = std::get<Segment>(g);
            reach(s.a(), 0.0f);
            reach(s.b(), 0.0f);
            thinnest = 0.0f;
        }
        radius = Max(radius, farthest);
        // Turning by dθ moves the surface's support point along a fixed direction d by (p·d⊥) dθ, where
        // |p|² = (p·d)² + (p·d⊥)², p·d ≥ inner and |p| ≤ farthest: at most √(farthest² − inner²) dθ.
        // A disc turning about its centre never moves its surface (0); a thin rod's end moves ~its
        // length.
        const float in = Max(inner, 0.0f);
        turnReach = Max(turnReach, std::sqrt(Max(farthest * farthest - in * in, 0.0f)));
    }
    b.sweepRadius = radius;
    b.turnReach = turnReach;
    b.thinnest = thinnest;
}

// ---------------------------------------------------------------------------------------------------
// World API

void World::SetBullet(BodyId id, bool bullet) { impl_->BodyAt(id).bullet = bullet; }

bool World::IsBullet(BodyId id) const { return impl_->BodyAt(id).bullet; }

} // namespace sensu
