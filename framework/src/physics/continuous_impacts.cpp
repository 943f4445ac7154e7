// The continuous phase's impacts (seed 000; continuous.cpp has the whole phase): bringing the pair of
// the earliest impact to its time and solving its contacts together with its touching neighbours.
//
// Impacts are solved earliest first over all fast bodies, so every body's pose is known at each impact
// (Box2D's TOI loop does the same for bullets, but with a 90° rotation cap per step and no rotation in
// its broad phase). The pair, and the bodies touching either of them, are brought to the impact time
// and their contacts there (the regular narrow phase's manifolds) are solved together by sequential
// impulses with restitution and friction (seed 004 eq. 2.31 with the corrected denominator; static and
// kinematic bodies have infinite mass), so a body pinned against a wall pushes on the wall in the same
// solve. A touching neighbour that supports an island body (nearer the fixed bodies and below it) is
// held fixed, as the regular step's shock propagation holds it. All continue the rest of the step with
// their new velocities; the search resumes from there. A hit body that is now fast itself (a ball batted
// away) joins the search.
#include <cmath>

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
// closing point of the pair's rows (the first rows, those of manifold m).
void ContinuousPhase::ReportHit(const ContinuousImpact& impact, const Manifold& m) {
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

Vec2 ContinuousPhase::Relative(const Row& r) const {
    const Body& a = w_.bodies[r.a];
    const Body& b = w_.bodies[r.b];
    return b.v + Cross(b.w, r.rb) - a.v - Cross(a.w, r.ra);
}

void ContinuousPhase::Apply(const Row& r, Vec2 P) {
    Body& a = w_.bodies[r.a];
    Body& b = w_.bodies[r.b];
    a.v -= r.mA * P;
    a.w -= r.iA * Cross(r.ra, P);
    b.v += r.mB * P;
    b.w += r.iB * Cross(r.rb, P);
}

// Rows for the points of manifold m between bodies a and b (centres ca, cb at the impact time); b is
// held fixed (infinite mass) when holdB (Supports).
void ContinuousPhase::AddRows(int a, int b, Vec2 ca, Vec2 cb, const Manifold& m, const Shape& sa, const Shape& sb, bool holdB) {
    const SolverSettings& st = w_.settings;
    const Body& ba = w_.bodies[a];
    const Body& bb = w_.bodies[b];
    const float restitution = Max(sa.restitution, sb.restitution);
    for (int p = 0; p < m.pointCount && rowCount_ < kMaxRows; ++p) {
        Row& r = rows_[rowCount_++];
        r = Row{.a = a, .b = b, .ra = m.points[p].point - ca, .rb = m.points[p].point - cb, .normal = m.normal};
        r.mA = IsDynamic(ba) ? ba.invMass : 0.0f;
        r.iA = IsDynamic(ba) ? ba.invInertia : 0.0f;
        r.mB = IsDynamic(bb) && !holdB ? bb.invMass : 0.0f;
        r.iB = IsDynamic(bb) && !holdB ? bb.invInertia : 0.0f;
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
// neighbours, one manifold per neighbour. A dynamic neighbour joins the island, moved to fraction t,
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
// holds the lower body of a contact (detail::HoldsUp, which position_solver.cpp's ShockHeldSide asks
// too). The impact solve then holds o fixed, as the shock pass would: a box falling at 21 m/s onto the top of a column otherwise shares its
// momentum with the two boxes under it alone, and the column settles later (DropStack(100)); what holds
// a supported pile up is the ground beneath it, which this small solve does not reach. Not with the
// soft step or without shock propagation, whose solvers hold no body.
bool ContinuousPhase::Supports(int o, int i, Vec2 up) {
    const SolverSettings& st = w_.settings;
    if (st.solver != SolverKind::SequentialImpulses || !st.shockPropagation || w_.shockUp == Vec2{}) return false;
    if (levels_.empty()) {
        levels_.assign(w_.bodies.size(), kNull);
        for (const detail::SolverBody& sb : w_.solverBodies) levels_[sb.body] = sb.level;
    }
    const int levelO = levels_[o], levelI = levels_[i];
    return levelO != kNull && levelI != kNull && detail::HoldsUp(levelO, levelI, Dot(up, w_.shockUp), st.supportNormalY);
}

bool ContinuousPhase::InIsland(int i) const {
    for (int k = 0; k < islandCount_; ++k)
        if (island_[k] == i) return true;
    return false;
}

bool ContinuousPhase::HasRows(int a, int b) const {
    for (int k = 0; k < rowCount_; ++k)
        if ((rows_[k].a == a && rows_[k].b == b) || (rows_[k].a == b && rows_[k].b == a)) return true;
    return false;
}

// Sequential impulses over the rows (box2d-lite's solver on the few contacts of one impact):
// accumulated normal impulses clamped ≥ 0, Coulomb friction bounded by them.
void ContinuousPhase::SolveRows() {
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
