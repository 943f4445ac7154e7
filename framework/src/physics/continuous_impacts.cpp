// The continuous phase's impacts (seed 000; continuous.cpp has the whole phase): bringing the pair of
// the earliest impact to its time and solving its contacts together with its touching neighbours.
//
// Impacts are solved earliest first over all fast bodies, so every body's pose is known at each impact
// (Box2D's TOI loop does the same for bullets, but with a 90° rotation cap per step and no rotation in
// its broad phase). The pair, and the bodies touching either of them, are brought to the impact time
// and their contacts there (the regular narrow phase's manifolds) are solved together with the regular
// solver's rows (contact_rows.h: restitution as the velocity target, seed 004 eq. 2.31 with the
// corrected denominator; both points of a flat contact in one block, friction at their middle; static
// and kinematic bodies have infinite mass), so a body pinned against a wall pushes on the wall in the
// same solve. A touching neighbour that supports an island body (nearer the fixed bodies and below it)
// is held fixed, as the regular step's shock propagation holds it. All continue the rest of the step
// with their new velocities; the search resumes from there. A hit body that is now fast itself (a ball
// batted away) joins the search.
#include <cmath>

#include "contact_rows.h"
#include "continuous_internal.h"

namespace sensu::ccd {

// Brings the pair to the impact, applies one impulse (restitution and friction), and continues both.
void ContinuousPhase::Resolve(const ContinuousImpact& impact) {
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
    contactCount_ = 0;
    slotCount_ = 0;
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
    AddRows(f, o, ca, cb, m, shapeA, shapeB, false);
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
        if (s.fast == kNull && IsFast(i, Motion(i))) AddFast(i);
    }
    for (int k = 0; k < islandCount_; ++k) UpdateDone(island_[k]);
    Invalidate(t);
}

// A hit event for an impact (contact_events.h), from the approach before its solve: the fastest
// closing point of the pair's contact (the first, that of manifold m).
void ContinuousPhase::ReportHit(const ContinuousImpact& impact, const Manifold& m) {
    if (!w_.shapes[impact.shape].enableHitEvents && !w_.shapes[impact.otherShape].enableHitEvents) return;
    if (contactCount_ == 0) return;
    const detail::SolverContact& sc = contacts_[0].rows;
    int best = -1;
    float speed = w_.hitEventThreshold;
    for (int p = 0; p < sc.pointCount; ++p) {
        const float approach = -detail::RelativeSpeed(velocities_[sc.a], velocities_[sc.b], sc.normal, sc.points[p].rnA, sc.points[p].rnB);
        if (approach > speed) {
            speed = approach;
            best = p;
        }
    }
    if (best < 0) return;
    w_.hitEvents.push_back({w_.ShapeIdOf(impact.shape), w_.ShapeIdOf(impact.otherShape), m.points[best].point, m.normal, speed});
}

// Body i's slot in velocities_: the velocity the solve reads and changes, taken from the body on first use.
int ContinuousPhase::Slot(int i) {
    for (int k = 0; k < slotCount_; ++k)
        if (slotBody_[k] == i) return k;
    const Body& b = w_.bodies[i];
    slotBody_[slotCount_] = i;
    velocities_[slotCount_] = {b.v, b.w};
    return slotCount_++;
}

// The contact of manifold m between bodies a and b (centres ca, cb at the impact time); b is held fixed
// when holdB (Supports).
void ContinuousPhase::AddRows(int a, int b, Vec2 ca, Vec2 cb, const Manifold& m, const Shape& sa, const Shape& sb, bool holdB) {
    if (contactCount_ == kMaxContacts) return;
    const SolverSettings& st = w_.settings;
    const Body& ba = w_.bodies[a];
    const Body& bb = w_.bodies[b];
    ImpactContact& c = contacts_[contactCount_++];
    c.a = a;
    c.b = b;
    detail::SolverContact& sc = c.rows;
    sc = detail::SolverContact{};
    sc.a = Slot(a);
    sc.b = Slot(b);
    sc.normal = m.normal;
    sc.friction = st.friction ? std::sqrt(sa.friction * sb.friction) : 0.0f;
    sc.invMassA = IsDynamic(ba) ? ba.invMass : 0.0f;
    sc.invInertiaA = IsDynamic(ba) ? ba.invInertia : 0.0f;
    sc.invMassB = IsDynamic(bb) && !holdB ? bb.invMass : 0.0f;
    sc.invInertiaB = IsDynamic(bb) && !holdB ? bb.invInertia : 0.0f;
    const float restitution = Max(sa.restitution, sb.restitution);
    const Vec2 t = detail::TangentOf(m.normal);
    sc.pointCount = m.pointCount;
    for (int p = 0; p < sc.pointCount; ++p) {
        detail::SolverPoint& sp = sc.points[p];
        const Vec2 ra = m.points[p].point - ca, rb = m.points[p].point - cb;
        sp.rnA = Cross(ra, m.normal);
        sp.rnB = Cross(rb, m.normal);
        sp.rtA = Cross(ra, t);
        sp.rtB = Cross(rb, t);
        const float vn = detail::RelativeSpeed(velocities_[sc.a], velocities_[sc.b], m.normal, sp.rnA, sp.rnB);
        // Target normal velocity −e·vn (restitution e, seed 004 eq. 2.31 generalised as in docs/seeds.md).
        sp.velocityBias = st.restitution && vn < -st.restitutionThreshold ? -restitution * vn : 0.0f;
    }
    detail::PrepareMasses(sc, true);
}

// Rows for the touching points (within linearSlop at fraction t) of dynamic body i against its
// neighbours, one contact per neighbour. A dynamic neighbour joins the island, moved to fraction t,
// unless it supports i (Supports): then it is held fixed in the solve and stays out of the island.
void ContinuousPhase::AddNeighbourRows(int i, float t, Vec2 center) {
    const Body& body = w_.bodies[i];
    const Transform pose = PoseAt(i, t);
    const float r = body.sweepRadius + w_.settings.linearSlop;
    QueryMotions(AABB{center - Vec2{r, r}, center + Vec2{r, r}}, [&](int otherShape) {
        const Shape& os = w_.shapes[otherShape];
        const int o = os.body;
        if (o == i || os.isSensor || HasRows(i, o)) return;
        const bool joins = IsDynamic(w_.bodies[o]) && !InIsland(o);
        if (joins && islandCount_ == kMaxIsland) return;
        for (ShapeId sid : body.shapes) {
            const Shape& own = w_.shapes[sid.index];
            if (!w_.ShapesCollide(own, os) || w_.ContactDisabled(static_cast<int>(sid.index), otherShape)) continue;
            // Only a touching neighbour takes part (its pose at t is what it has before any rebase).
            const Manifold m = CollideShapes(AsConvex(own.geometry), pose, AsConvex(os.geometry), PoseAt(o, t), w_.settings.linearSlop);
            if (m.pointCount == 0) continue;
            const bool held = joins && Supports(o, i, -m.normal);
            if (joins) {
                // Seed 004 trap: a pile the impact reaches wakes as a whole, in this step.
                if (w_.bodies[o].frozen) w_.WakeTouchingPiles(o);
                if (!held) {
                    Rebase(o, t);
                    island_[islandCount_++] = o;
                }
            }
            AddRows(i, o, center, CenterAt(o, t), m, own, os, held);
            return;
        }
    });
}

// Whether dynamic neighbour o holds island body i up: o is nearer the fixed bodies in the contact graph
// (SolverBody::level of this step's solve) and `up`, the normal from o to i, is a floor-like support
// against gravity (SolverSettings::supportNormalY): the rule by which the regular step's position pass
// holds the lower body of a contact (position_solver.cpp, ShockHeldSide). The impact solve then holds o
// fixed, as the shock pass would: before, a box falling at 21 m/s onto the top of a column shared its
// momentum with the two boxes under it alone, and the third one down sank 1.2 cm into the next while
// the column settled later (DropStack(100)); what holds a supported pile up is the ground beneath it,
// which this small solve does not reach. Not with the soft step or without shock propagation, whose
// solvers hold no body.
bool ContinuousPhase::Supports(int o, int i, Vec2 up) {
    const SolverSettings& st = w_.settings;
    if (st.solver != SolverKind::SequentialImpulses || !st.shockPropagation || w_.shockUp == Vec2{}) return false;
    if (Dot(up, w_.shockUp) < st.supportNormalY) return false;
    if (levels_.empty()) {
        levels_.assign(w_.bodies.size(), kNull);
        for (const detail::SolverBody& sb : w_.solverBodies) levels_[sb.body] = sb.level;
    }
    const int levelO = levels_[o], levelI = levels_[i];
    return levelO != kNull && levelI != kNull && levelO < levelI;
}

bool ContinuousPhase::InIsland(int i) const {
    for (int k = 0; k < islandCount_; ++k)
        if (island_[k] == i) return true;
    return false;
}

bool ContinuousPhase::HasRows(int a, int b) const {
    for (int k = 0; k < contactCount_; ++k)
        if ((contacts_[k].a == a && contacts_[k].b == b) || (contacts_[k].a == b && contacts_[k].b == a)) return true;
    return false;
}

// Sequential impulses over the contacts with the regular solver's rows (contact_rows.h), accumulated
// impulses clamped ≥ 0: sequential single-point updates, as this solve had, turned a box landing flat
// (the first point always took the larger share). Then the island's new velocities.
void ContinuousPhase::SolveRows() {
    constexpr int kIterations = 8;
    for (int it = 0; it < kIterations; ++it) {
        for (int k = 0; k < contactCount_; ++k) {
            detail::SolverContact& sc = contacts_[k].rows;
            detail::SolveContact<true>(sc, velocities_[sc.a], velocities_[sc.b]);
        }
    }
    for (int k = 0; k < slotCount_; ++k) {
        const int i = slotBody_[k];
        Body& b = w_.bodies[i];
        if (!IsDynamic(b) || !InIsland(i)) continue;
        b.v = velocities_[k].v;
        b.w = velocities_[k].w;
    }
}

// Moves the body's motion base to fraction t (its velocity is about to change).
void ContinuousPhase::Rebase(int i, float t) {
    if (!IsDynamic(w_.bodies[i])) return;  // static and kinematic motion never changes
    const Vec2 c = CenterAt(i, t);
    const float angle = AngleAt(i, t);
    ContinuousBody& s = State(i);
    s.center = c;
    s.angle = angle;
    s.base = t;
    ++s.motion;
}

} // namespace sensu::ccd
