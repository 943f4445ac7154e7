// The continuous phase's search (seed 000; continuous.cpp has the whole phase): where each moving body's
// motion may reach, which shapes a fast body's sweep may meet, and its first impact among them.
//
// Each fast body's motion over the step (from its start pose: rotation ω·dt of any size about its
// centre of mass plus translation v·dt) is swept as the exact swept region of swept_region.h. The
// region's bounds are queried in the broad phase for the bodies whose fat proxies hold their motion this
// step, and in a per-step tree of path bounds (WorldImpl::continuousPaths) for the others (TrackPath);
// candidates at rest are filtered by the region itself, moving ones by the box of their own path; the
// time of impact of rotating_toi.h (exact for a spin about a fixed pivot against a resting shape,
// conservative advancement otherwise) gives the first contact. For a resting circle the region's own
// time of impact is filter and time of impact in one. Pairs whose regular contact already held
// them this step (manifold points, velocities untouched by this phase, little rotation) are skipped.
//
// Before any of that, pairs whose bounding discs' relative motion cannot close their gap are rejected
// (continuous_bounds.h). A fast body searches again after impacts that change a body near it; what
// does not change between its searches is kept (SearchMemo: each pair's result while both motions
// stand, the regions' bounds and the broad phase's candidates in them), and ties between impacts at
// the same fraction are broken by Precedes, so the order candidates are met in never matters.
//
// A pair already touching at the start of a search interval and not approaching faster than linearSlop
// per step belongs to the regular contacts; the search looks again a little later, so the far end of a
// rotor that comes round within the step still hits (seed 002 §5.4.1's small step past the contact).
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <variant>

#include "continuous_internal.h"

namespace sensu::ccd {

namespace {

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

// The time of impact of a pair whose motions start at fraction `from` of the step, told that a search
// needs no contact after `limit` (its earliest impact so far): conservative advancement then stops once
// it has proved the pair apart past it (rotating_toi.h's horizon) instead of running on to the contact
// or the end of the step. Beyond is returned only when the step fraction it maps to, computed as
// PairImpact computes a hit's, lies after `limit`: a rare case that rounding puts at or before it
// runs the query again over the whole step, so every result and every cut is the one the full query
// gives (a hit at t ≥ the point advancement reached lies after `limit` too: t = from + tl·(1 − from)
// rounds monotonically in tl).
RotatingImpact PairTimeOfImpact(const RoundedCore& a, const RotationalSweep& sweepA, const RoundedCore& b, const RotationalSweep& sweepB,
                                float from, float limit) {
    if (!(limit < 1.0f)) return TimeOfImpact(a, sweepA, b, sweepB);
    const RotatingImpact found = TimeOfImpact(a, sweepA, b, sweepB, {.horizon = (limit - from) / (1.0f - from)});
    if (found.state != RotatingToiState::Beyond || from + found.t * (1.0f - from) > limit) return found;
    return TimeOfImpact(a, sweepA, b, sweepB);
}

} // namespace

// Whether body i's motion from fraction t to the end of the step stays inside its broad-phase
// proxies with speculativeDistance to spare (more than the touching tolerance of the time of impact
// and the narrow phase); `bounds` gets that motion's bounds. Each shape's bound is the smaller of two
// that both hold every point of it on the way: its AABB at fraction t swept by the translation and
// grown by the farthest any point turns, and the box of the centre's path grown by sweepRadius.
bool ContinuousPhase::ProxiesHoldPath(int i, float t, AABB& bounds) {
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
void ContinuousPhase::TrackPath(int i, float t) {
    AABB bounds;
    const bool held = ProxiesHoldPath(i, t, bounds);
    ContinuousBody& s = State(i);
    if (s.pathLeaf != kNull) {
        w_.continuousPaths.MoveProxy(s.pathLeaf, bounds);
    } else if (!held) {
        s.pathLeaf = w_.continuousPaths.CreateProxy(bounds, i);
    }
}

// The regular solver already kept this pair apart this step: a contact with manifold points (touching
// or speculative) joins the two shapes, both bodies still move with the velocities the solver gave
// them, and they turn too little to bring features outside the manifold into play. Speculative
// contacts stop translation at any speed; rotation is what they miss (seed 000). Leaving such pairs
// to the contact keeps the two-point solve of a flat landing instead of a one-point impulse.
bool ContinuousPhase::HeldByContact(int f, int shapeIndex, int o, int otherShape) {
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
float ContinuousPhase::NormalSpeed(int body, int other, float t, Vec2 p, Vec2 n) {
    const Body& a = w_.bodies[body];
    const Body& b = w_.bodies[other];
    const Vec2 ra = p - CenterAt(body, t);
    const Vec2 rb = p - CenterAt(other, t);
    return Dot(b.v + Cross(b.w, rb) - a.v - Cross(a.w, ra), n);
}

// Records in fast.next the earliest impact of the fast body from its search fraction on, against
// everything its swept region can reach (t > 1: none), and in fast.bounds the region's bounds.
void ContinuousPhase::Search(FastBody& fast) {
    const int f = fast.body;
    ContinuousBody& state = State(f);
    fast.searched = true;
    fast.next = ContinuousImpact{};
    ContinuousImpact& best = fast.next;
    const float t0 = state.search;
    if (state.memo == kNull) {
        state.memo = static_cast<int>(memos_.size());
        memos_.emplace_back();
    }
    SearchMemo& memo = memos_[state.memo];
    if (memo.motion != state.motion || memo.from != t0) {
        memo.pairs.clear();
        memo.bounds.clear();
        for (std::vector<int>& met : memo.proxiesMet) met.clear();
        memo.motion = state.motion;
        memo.from = t0;
    }
    // The same motion from the same fraction sweeps the same regions: their bounds are kept, and so
    // is what the broad phase meets in them, since nothing changes the broad phase during the phase.
    const bool boundsKnown = !memo.bounds.empty();
    const Body& body = w_.bodies[f];
    if (memo.proxiesMet.size() < body.shapes.size()) memo.proxiesMet.resize(body.shapes.size());
    const RotationalSweep sweep = SweepFrom(f, t0);
    for (size_t k = 0; k < body.shapes.size(); ++k) {
        const int shapeIndex = static_cast<int>(body.shapes[k].index);
        ShapeSweep shape(*this, shapeIndex, body.localCenter, sweep);
        std::vector<int>& met = memo.proxiesMet[k];
        if (boundsKnown) {
            shape.KnownBounds(memo.bounds[k]);
        } else {
            memo.bounds.push_back(shape.Bounds());
            w_.broadPhase.Query(memo.bounds[k], [&](int other) { met.push_back(other); });
        }
        const AABB bounds = memo.bounds[k];
        fast.bounds = k == 0 ? bounds : Union(fast.bounds, bounds);
        // QueryMotions, with the broad phase's part from the list: the same candidates in the same order.
        auto test = [&](int other) { TestPair(f, shapeIndex, shape, t0, other, memo, best); };
        for (int other : met) {
            if (State(w_.shapes[other].body).pathLeaf == kNull) test(other);
        }
        w_.continuousPaths.Query(bounds, [&](int other) {
            for (ShapeId sid : w_.bodies[other].shapes) test(static_cast<int>(sid.index));
        });
    }
}

const SweptRegion& ContinuousPhase::ShapeSweep::Region() {
    if (!region_) {
        if (!centered_) centered_ = Centered(convex_, localCenter_);
        region_ = std::visit([&](const auto& s) { return SweptRegion(s, sweep_); }, *centered_);
        regionIsShape_ = centered_->index() == convex_.index();
    }
    return *region_;
}

const AABB& ContinuousPhase::ShapeSweep::Bounds() {
    if (!bounds_) {
        if (region_) {
            bounds_ = region_->bounds();
        } else {
            if (!centered_) centered_ = Centered(convex_, localCenter_);
            bounds_ = std::visit([&](const auto& s) { return SweptRegion::Bounds(s, sweep_); }, *centered_);
        }
    }
    return *bounds_;
}

// The velocities of the island's bodies changed at fraction t: every fast body that is one of them,
// whose next impact involves one, or whose swept region reaches one's path over the rest of the step,
// searches again. Static and kinematic bodies keep their motion through an impact (infinite mass),
// so every search against them still holds: invalidating for them re-searched every fast body near a
// wide ground or a kinematic tumbler after each impact on it (most of sensu-bench-stacking's Tumbler
// time). One pass over the fast bodies for the whole island: a fast body is stale when it is stale
// for any of the island's bodies, which is what a pass per body gave (Tumbler2000: a pass per body
// was 7 % of the step).
void ContinuousPhase::Invalidate(float t) {
    int changed[kMaxIsland];
    AABB paths[kMaxIsland];
    AABB reach{};  // the union of the paths
    int count = 0;
    for (int k = 0; k < islandCount_; ++k) {
        const int i = island_[k];
        if (!IsDynamic(w_.bodies[i])) continue;
        const ContinuousBody& s = State(i);
        if (s.fast != kNull) fast_[s.fast].searched = false;
        const Vec2 c0 = CenterAt(i, t), c1 = CenterAt(i, 1.0f);
        paths[count] = Inflate(AABB{Min(c0, c1), Max(c0, c1)}, w_.bodies[i].sweepRadius);
        reach = count == 0 ? paths[count] : Union(reach, paths[count]);
        changed[count++] = i;
    }
    if (count == 0) return;
    for (FastBody& fast : fast_) {
        if (!fast.searched) continue;
        // next.body is the fast body itself whenever there is an impact.
        bool stale = false;
        for (int m = 0; m < count && !stale; ++m) stale = fast.next.other == changed[m];
        if (!stale && Overlaps(fast.bounds, reach)) {
            // A search again would meet i only to reject it by the bounding discs (TestPair's first
            // test, with these very numbers while neither motion changes), and with ties decided by
            // Precedes the order it meets its other candidates in does not matter: the result stays.
            const int f = fast.body;
            for (int m = 0; m < count && !stale; ++m) {
                const int i = changed[m];
                stale = Overlaps(fast.bounds, paths[m]) && !DiscsStayApart(f, i, Max(State(f).search, State(i).base));
            }
        }
        if (stale) fast.searched = false;
    }
}

// Updates `best` with the pair's earliest impact if it is earlier. Cheap rejects first; then the
// pair's stored result while both motions are unchanged (SearchMemo), else PairImpact.
void ContinuousPhase::TestPair(int f, int shapeIndex, ShapeSweep& shape, float t0, int otherShape, SearchMemo& memo,
                               ContinuousImpact& best) {
    const Shape& os = w_.shapes[otherShape];
    const int o = os.body;
    if (o == f) return;
    const Body& fb = w_.bodies[f];
    const Body& ob = w_.bodies[o];
    if (!IsDynamic(fb) && !IsDynamic(ob)) return;  // nothing would respond
    // Both motions are known from the later of the two bases on (impacts are solved in time order,
    // so nothing between the pair happened before it).
    const float from = Max(t0, State(o).base);
    // First the cheapest reject, on the relative motion of the two bounding discs: in a crowd most
    // candidates are neighbours whose gap this step's relative motion cannot close, which the region
    // test cannot see (it sweeps f alone) and conservative advancement needed a closest-points pass
    // to learn. Exact where the tests below would say the same (continuous_bounds.h).
    if (DiscsStayApart(f, o, from)) return;
    const uint32_t otherMotion = State(o).motion;
    PairMemo* stored = nullptr;
    for (PairMemo& p : memo.pairs) {
        if (p.otherShape == otherShape && p.shape == shapeIndex) {
            stored = &p;
            break;
        }
    }
    if (stored != nullptr && stored->otherMotion == otherMotion) {
        if (stored->impact.t < stored->limit) {
            if (Precedes(stored->impact, best)) best = stored->impact;
            return;
        }
        // Cut short by an earlier best than today's: nothing at or before that best, but maybe before this one.
        if (best.t <= stored->limit) return;
    }
    bool cut = false;
    const ContinuousImpact found = PairImpact(f, shapeIndex, shape, t0, from, otherShape, best.t, cut);
    const PairMemo result{.shape = shapeIndex, .otherShape = otherShape, .otherMotion = otherMotion,
                          .limit = cut ? best.t : std::numeric_limits<float>::infinity(), .impact = found};
    if (stored != nullptr) {
        *stored = result;
    } else {
        memo.pairs.push_back(result);
    }
    if (Precedes(found, best)) best = found;
}

// The pair's earliest impact from `from` on (t > 1: none). The search is done with it once it knows
// there is none at or before `limit` (the search's best so far; one at the same fraction may still
// win the tie, see Precedes): then it returns none and sets `cut`, so an impact it returns is the
// pair's earliest, and a pair it cut has none at or before `limit`.
ContinuousImpact ContinuousPhase::PairImpact(int f, int shapeIndex, ShapeSweep& shape, float t0, float from, int otherShape,
                                             float limit, bool& cut) {
    const ContinuousImpact none;
    const Shape& os = w_.shapes[otherShape];
    const int o = os.body;
    const Body& fb = w_.bodies[f];
    const Body& ob = w_.bodies[o];
    if (!w_.JointAllowsContact(f, o)) return none;  // jointed without collideConnected: never touch
    if (!w_.ShapesCollide(w_.shapes[shapeIndex], os)) return none;  // sensors, filters, segment pairs
    if (w_.ContactDisabled(shapeIndex, otherShape)) return none;     // the pre-solve hook said no
    if (BehindChainSegment(os, ob, CenterAt(f, from))) return none;
    if (HeldByContact(f, shapeIndex, o, otherShape)) return none;
    const bool otherMoves = ob.v.x != 0.0f || ob.v.y != 0.0f || ob.w != 0.0f;  // a state flag, as IsMovingBody
    // A resting disc met over the region's whole sweep: the region's time of impact is the filter and
    // the exact entry in one (its box and ring reject, then the disc's arc in closed form, with the
    // region's set-up and no core per candidate). Deciding overlap first and then running the time of
    // impact would do the same arc twice (sensu-bench-collide CCDQuery/*).
    const Circle* disc = std::get_if<Circle>(&os.geometry);
    std::optional<RotatingImpact> first;
    if (!otherMoves && disc != nullptr && shape.RegionIsShape() && from == t0) {
        first = shape.Region().TimeOfImpact(*disc, PoseAt(o, from));
        if (!first->hit()) return none;
    } else if (!otherMoves) {
        const Transform pose = PoseAt(o, from);
        if (!std::visit([&](const auto& g) { return shape.Region().Overlaps(g, pose); }, os.geometry)) return none;
    } else {
        // Every point of the other body stays within sweepRadius of its centre's path.
        const Vec2 c0 = CenterAt(o, from), c1 = CenterAt(o, 1.0f);
        if (!Overlaps(Inflate(AABB{Min(c0, c1), Max(c0, c1)}, ob.sweepRadius), shape.Bounds())) return none;
    }
    const RoundedCore* otherCore = nullptr;
    const SolverSettings& st = w_.settings;
    // The first contact; while the pair only touches at `from` without closing (a spinning box rolling
    // along a wall touches it corner after corner), the contact after a small step past it.
    constexpr int kAttempts = 4;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        if (from >= 1.0f) return none;
        if (from > limit) {
            cut = true;
            return none;
        }
        if (!first && !otherCore) otherCore = &CoreOfShape(otherShape);
        // Most candidates of a crowd that get this far are neighbours' neighbours: their bounding discs
        // meet, their shapes do not, and the time of impact's first step would say so at ten times
        // the cost (Tumbler2000).
        if (attempt == 0 && !first && CoresStayApart(f, shapeIndex, shape.Core(), o, otherShape, *otherCore, from)) return none;
        const RotatingImpact hit = first ? *first : PairTimeOfImpact(shape.Core(), SweepFrom(f, from), *otherCore, SweepFrom(o, from), from, limit);
        first.reset();
        if (hit.state == RotatingToiState::Beyond) {
            cut = true;
            return none;
        }
        if (!hit.hit()) return none;
        const float t = from + hit.t * (1.0f - from);
        if (t > limit) {
            cut = true;
            return none;
        }
        Vec2 point = hit.point, normal = hit.normal;
        // Touching or penetrating at `from`: the time of impact's normal is a guess once the shapes
        // overlap, so the regular narrow phase names the points (within linearSlop) and the normal.
        bool closes = hit.t > 0.0f || MostClosing(f, shapeIndex, o, otherShape, t, point, normal);
        float speed = closes ? NormalSpeed(f, o, t, point, normal) : 0.0f;
        bool impact = closes && speed * dt_ < -st.linearSlop;
        if (!impact && hit.t > 0.0f && !hit.exact) {
            // Conservative advancement's normal at a corner meeting a face comes from nearly coincident
            // closest points and can lie along the face, and one stopped by its iteration cap has none
            // (a body carried along by a blade): before such a hit counts as grazing, the narrow phase
            // at the impact pose names the contact.
            closes = MostClosing(f, shapeIndex, o, otherShape, t, point, normal);
            speed = closes ? NormalSpeed(f, o, t, point, normal) : 0.0f;
            impact = closes && speed * dt_ < -st.linearSlop;
        }
        if (impact)
            return {.t = t, .body = f, .other = o, .shape = shapeIndex, .otherShape = otherShape, .point = point, .normal = normal,
                    .approach = -speed};
        if (hit.t > 0.0f) return none;  // a grazing or slow contact later in the step: the regular contacts' job
        // Touching at `from` and not closing: step past the contact by 2·linearSlop of relative motion.
        const float relative = dt_ * (Length(ob.v - fb.v) + std::abs(fb.w) * fb.sweepRadius + std::abs(ob.w) * ob.sweepRadius);
        if (!(relative > 0.0f)) return none;
        from += Min(1.0f - from, 2.0f * st.linearSlop / relative);
    }
    return none;
}

// The most closing of the narrow phase's points (within linearSlop) of the pair at fraction t, with
// its normal, written to point and normal; false (both untouched) when none closes.
bool ContinuousPhase::MostClosing(int f, int shapeIndex, int o, int otherShape, float t, Vec2& point, Vec2& normal) {
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

} // namespace sensu::ccd
