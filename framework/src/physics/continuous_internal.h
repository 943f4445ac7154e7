#pragma once
// The continuous phase's shared parts (seed 000 continuous collision, beyond the thesis): the shape
// adapters of the sweeps and the one-step class ContinuousPhase, whose members live in four files by
// part, so each file holds one stage of the phase:
//   continuous.cpp            the driver: which bodies are fast, the impact loop, the end poses
//   continuous_candidates.cpp path tracking, candidate queries, time of impact (the search)
//   continuous_impacts.cpp    bringing a pair to its impact and solving it with its neighbours
//   continuous_statics.cpp    the last word of static geometry (KeepOnItsSideOfStatics)
// continuous.cpp's file comment describes the whole phase. The motion accessors every part calls per
// candidate stay inline here, so splitting the class costs no call where it ran hot.
#include <bit>
#include <cmath>
#include <cstdint>
#include <deque>
#include <optional>
#include <variant>
#include <vector>

#include "sensu/geometry/manifold.h"
#include "sensu/geometry/rotating_toi.h"
#include "continuous_bounds.h"
#include "sensu/geometry/swept_region.h"
#include "world_internal.h"

// Its own namespace, not detail: unqualified names inside it resolve exactly as they did when all of
// this was one file's anonymous namespace in sensu.
namespace sensu::ccd {

using detail::Body;
using detail::ContinuousBody;
using detail::ContinuousImpact;
using detail::ContinuousStart;
using detail::kNull;
using detail::Shape;

// Shape adapters of the sweeps and the narrow phase (small ones inline: called per candidate).

// The shape as one of the convex shapes the sweep functions take (a segment is a capsule of radius 0).
inline ConvexShape AsConvex(const ShapeGeometry& g) {
    if (const auto* c = std::get_if<Circle>(&g)) return *c;
    if (const auto* c = std::get_if<Capsule>(&g)) return *c;
    if (const auto* b = std::get_if<Box>(&g)) return *b;
    if (const auto* p = std::get_if<ConvexPolygon>(&g)) return *p;
    const auto& s = std::get<Segment>(g);
    return Capsule(s.a(), s.b(), 0.0f);
}

// One-sided chain segments (chain.h): a body whose centre starts behind one comes through from the solid
// side, which the narrow phase lets pass (it judges by the shape's centroid), so no sweep stops it there.
inline bool BehindChainSegment(const Shape& s, const Body& owner, Vec2 point) {
    if (s.chain == kNull) return false;
    const auto& segment = std::get<Segment>(s.geometry);
    const Vec2 normal = Rotate(owner.xf.q, RightPerp(segment.b() - segment.a()));
    return Dot(normal, point - TransformPoint(owner.xf, segment.a())) < 0.0f;
}

// The shape's rounded core in the frame of its body's centre of mass (localCenter, m).
inline RoundedCore CoreOf(const ConvexShape& shape, Vec2 localCenter) {
    const Transform toCenterFrame{-localCenter, Rot{}};
    return std::visit([&](const auto& s) { return ToRoundedCore(s, toCenterFrame); }, shape);
}

// The points of two shapes at their poses closer than margin (m); normal from a to b.
Manifold CollideShapes(const ConvexShape& a, const Transform& xa, const ConvexShape& b, const Transform& xb, float margin);

inline bool IsDynamic(const Body& b) { return b.type == BodyType::Dynamic; }

// Whether a fast body's search prefers impact a to b: the earlier in the step; of two at the same
// fraction (a body touching two neighbours that both close at the start of its search) the one
// closing faster, as MostClosing picks among a pair's points; then the lower shape indices. By time
// alone the first candidate met won a tie, and the order the broad phase's trees list candidates in
// changes whenever an unrelated body's path leaf moves.
inline bool Precedes(const ContinuousImpact& a, const ContinuousImpact& b) {
    if (a.t != b.t) return a.t < b.t;
    if (a.approach != b.approach) return a.approach > b.approach;
    if (a.otherShape != b.otherShape) return a.otherShape < b.otherShape;
    return a.shape < b.shape;
}

// One step's continuous phase (see continuous.cpp's file comment).
class ContinuousPhase {
public:
    ContinuousPhase(WorldImpl& world, float dt) : w_(world), dt_(dt) {}

    void Run();

private:
    // Members declared inline are defined in, and called only from, their own part's file: the compiler
    // may inline them there as it did when the class was one file (calling one from another file does
    // not link). The others are the calls between the parts.

    // A fast body as the impact loop and Invalidate scan it, once per impact over every fast body: a
    // dense list (in the order the bodies became fast), so those scans read these few bytes per body
    // instead of each body's ContinuousBody (Invalidate alone was 14 % of Tumbler2000's step).
    struct FastBody {
        int body = kNull;
        bool done = false;      // no more impacts this step: continuousMaxImpacts reached, or searched to the end
        bool searched = false;  // `next` and `bounds` are up to date
        AABB bounds{};          // bounds of the swept regions of its last search
        ContinuousImpact next;  // the earliest impact of its last search (t > 1: none)
    };

    // The driver (continuous.cpp).
    inline bool Classify();
    void AddFast(int i);
    void UpdateDone(int i);
    inline bool HeldBySpeculativeContacts(int i) const;
    inline bool TurnsFast(const Body& b) const;
    inline bool ContactHoldsPair(const detail::Contact& c, int other) const;
    inline const ContinuousStart* StartOf(int i) const;
    inline void Finish();

    // A fast body's pair results from its searches this step. An impact re-searches every fast body
    // whose region reaches a body it changed (Invalidate), yet most pairs of such a search involve
    // neither body: in a crowd the same touching neighbours went through the time of impact and the
    // narrow phase again after every impact nearby (Smash9600: ~200 searches per fast body per step,
    // 1.9 M time-of-impact calls in 40 steps, each result a function of the two motions alone). The
    // search still runs its query and visits candidates in the same order; only a pair whose motions
    // both are unchanged takes its stored result, so every result and every tie is what the full
    // test gives.
    struct PairMemo {
        int shape = kNull, otherShape = kNull;
        uint32_t otherMotion = 0;   // the other body's ContinuousBody::motion when the result was found
        float limit = 0.0f;         // the search's earliest impact then: nothing at or before it was missed
        ContinuousImpact impact;    // the pair's earliest impact, known when impact.t < limit
    };
    struct SearchMemo {
        uint32_t motion = 0;          // the fast body's ContinuousBody::motion the pairs were found for
        float from = 0.0f;            // and its search fraction
        std::vector<PairMemo> pairs;  // a handful per search: found by a linear scan
        std::vector<AABB> bounds;     // its shapes' swept-region bounds (the queries), in Body::shapes order
        std::vector<std::vector<int>> proxiesMet;  // per shape: the broad phase's shapes in those bounds, in query order
    };

    // One shape of a fast body as its search tests it: the rounded core and the swept region of the
    // motion, each fetched or built on first use, so a re-search whose pairs all have stored results
    // builds no region (its set-up was a tenth of the phase in Smash9600 once pairs were stored).
    class ShapeSweep {
    public:
        ShapeSweep(ContinuousPhase& phase, int shapeIndex, Vec2 localCenter, const RotationalSweep& sweep)
            : phase_(phase), shapeIndex_(shapeIndex), convex_(AsConvex(phase.w_.shapes[shapeIndex].geometry)),
              localCenter_(localCenter), sweep_(sweep) {}
        const RoundedCore& Core() {
            if (core_ == nullptr) core_ = &phase_.CoreOfShape(shapeIndex_);  // a deque's element: stays put
            return *core_;
        }
        const SweptRegion& Region();
        // The region's bounds, as kept by an earlier search of the same motion (SearchMemo::bounds)
        // when there is one, else computed without the rest of the region (SweptRegion::Bounds, the
        // same box): a search that meets only moving candidates, each filtered by the bounds alone,
        // builds no region (in Tumbler2000, where every candidate moves, building them was 5 % of the step).
        const AABB& Bounds();
        void KnownBounds(const AABB& bounds) { bounds_ = bounds; }
        // The region's own time of impact stands for the core's only when the region was built from the
        // shape itself, not from the bounding circle Centered falls back to.
        bool RegionIsShape() {
            Region();
            return regionIsShape_;
        }

    private:
        ContinuousPhase& phase_;
        int shapeIndex_;
        ConvexShape convex_;
        Vec2 localCenter_;
        RotationalSweep sweep_;
        const RoundedCore* core_ = nullptr;
        std::optional<ConvexShape> centered_;  // the shape about the centre of mass (Centered), once needed
        std::optional<SweptRegion> region_;
        std::optional<AABB> bounds_;
        bool regionIsShape_ = false;
    };

    // The rounded core of a shape in its body's centre-of-mass frame (CoreOf). Shapes and centres of
    // mass do not change during the phase, so each shape's is built once per step however many pairs
    // it takes part in (building it per pair was 7 % of Tumbler2000's step).
    const RoundedCore& CoreOfShape(int shape) {
        if (coreSlots_.empty()) coreSlots_.assign(w_.shapes.size(), kNull);
        int& slot = coreSlots_[shape];
        if (slot == kNull) {
            slot = static_cast<int>(cores_.size());
            cores_.push_back(CoreOf(AsConvex(w_.shapes[shape].geometry), w_.bodies[w_.shapes[shape].body].localCenter));
            floors_.push_back(SupportFloor(cores_.back()));
        }
        return cores_[slot];
    }

    // Motions, candidates and the search (continuous_candidates.cpp).
    inline bool ProxiesHoldPath(int i, float t, AABB& bounds);
    void TrackPath(int i, float t);
    inline bool HeldByContact(int f, int shapeIndex, int o, int otherShape);
    inline float NormalSpeed(int body, int other, float t, Vec2 p, Vec2 n);
    void Search(FastBody& fast);
    void Invalidate(float t);
    inline void TestPair(int f, int shapeIndex, ShapeSweep& shape, float t0, int otherShape, SearchMemo& memo, ContinuousImpact& best);
    inline ContinuousImpact PairImpact(int f, int shapeIndex, ShapeSweep& shape, float t0, float from, int otherShape, float limit,
                                       bool& cut);
    inline bool MostClosing(int f, int shapeIndex, int o, int otherShape, float t, Vec2& point, Vec2& normal);

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
    static constexpr int kMaxIsland = 8;

    // Impacts (continuous_impacts.cpp).
    void Resolve(const ContinuousImpact& impact);
    inline void ReportHit(const ContinuousImpact& impact, const Manifold& m);
    inline Vec2 Relative(const Row& r) const;
    inline void Apply(const Row& r, Vec2 P);
    inline void AddRows(int a, int b, Vec2 ca, Vec2 cb, const Manifold& m, const Shape& sa, const Shape& sb, bool holdB);
    inline void AddNeighbourRows(int i, float t, Vec2 center);
    inline bool Supports(int o, int i, Vec2 up);
    inline bool InIsland(int i) const;
    inline bool HasRows(int a, int b) const;
    inline void SolveRows();
    inline void Rebase(int i, float t);

    // Static geometry's last word (continuous_statics.cpp). MayCrossStatics: the cheap tests that settle
    // nearly every body, reading only (run in parallel chunks first).
    bool MayCrossStatics(int i) const;
    void KeepOnItsSideOfStatics(int i);
    inline const detail::DynamicTree& StaticShapes();

    // Shared by the parts and called per body or per candidate: inline, as when the class was one file.
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

    // TestPair's first reject for bodies f and o (continuous_bounds.h): from fraction `from` on, their
    // bounding discs stay apart. Invalidate asks the same question with the same numbers.
    bool DiscsStayApart(int f, int o, float from) {
        const Body& fb = w_.bodies[f];
        const Body& ob = w_.bodies[o];
        const float rest = (1.0f - from) * dt_;
        return BoundingDiscsStayApart(CenterAt(f, from), rest * fb.v, fb.sweepRadius, CenterAt(o, from), rest * ob.v, ob.sweepRadius);
    }

    // PairImpact's reject before the time of impact (continuous_bounds.h): from fraction `from` on,
    // the cores of f's shape and o's shape stay apart by more than they can close.
    // `core` and `otherCore` are CoreOfShape(shape) and CoreOfShape(otherShape), whose floors it reads.
    bool CoresStayApart(int f, int shape, const RoundedCore& core, int o, int otherShape, const RoundedCore& otherCore, float from) {
        const Body& fb = w_.bodies[f];
        const Body& ob = w_.bodies[o];
        const float rest = (1.0f - from) * dt_;
        const float angle = AngleAt(f, from), otherAngle = AngleAt(o, from);
        return CoresStayApartWith(CenterAt(f, from), core, floors_[coreSlots_[shape]], rest * fb.v, rest * fb.w, CenterAt(o, from),
                                  otherCore, floors_[coreSlots_[otherShape]], rest * ob.v, rest * ob.w,
                                  [&] { return std::pair{RotOfAngle(angle), Rot::FromAngle(otherAngle)}; });
    }

    // Rot::FromAngle with the last angle's result kept: a fast body's search asks for its own angle at
    // the same fraction for candidate after candidate. Keyed by the angle's bits (−0 is not 0 to sin).
    Rot RotOfAngle(float angle) {
        const uint32_t bits = std::bit_cast<uint32_t>(angle);
        if (!lastRotSet_ || bits != lastAngleBits_) {
            lastRot_ = Rot::FromAngle(angle);
            lastAngleBits_ = bits;
            lastRotSet_ = true;
        }
        return lastRot_;
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

    WorldImpl& w_;
    float dt_;
    bool staticShapesBuilt_ = false;
    Row rows_[kMaxRows];
    int rowCount_ = 0;
    int island_[kMaxIsland] = {};  // bodies of the impact solve: the pair, then touching dynamic neighbours
    int islandCount_ = 0;
    std::vector<FastBody> fast_;     // indexed by ContinuousBody::fast
    std::vector<SearchMemo> memos_;  // indexed by ContinuousBody::memo
    std::vector<int> coreSlots_;     // per shape: its index in cores_, kNull before its first use
    std::deque<RoundedCore> cores_;  // a deque: references stay valid as it grows
    std::vector<float> floors_;      // SupportFloor of each of cores_
    std::vector<int> levels_;        // per body: SolverBody::level of this step's solve, kNull if unsolved (Supports)
    uint32_t lastAngleBits_ = 0;     // RotOfAngle's last angle and its rotation
    Rot lastRot_{};
    bool lastRotSet_ = false;
};

} // namespace sensu::ccd
