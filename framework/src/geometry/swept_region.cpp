#include "sensu/geometry/swept_region.h"

#include <cmath>
#include <limits>

#include "sensu/geometry/overlap.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/sector_frame.h"
#include "sensu/geometry/sector_overlap.h"
#include "float4.h"
#include "swept_internal.h"

namespace sensu {

namespace {

// A sector with its parameters clamped into the constructor's valid range: half angle in [0, π],
// inner ≥ 0, outer strictly above inner (a zero-thickness ring becomes the thinnest float ring).
Sector MakeSector(Vec2 center, Vec2 axis, float halfAngle, float inner, float outer) {
    inner = Max(inner, 0.0f);
    if (!(outer > inner)) outer = std::nextafter(inner, std::numeric_limits<float>::infinity());
    return Sector(center, axis, Clamp(halfAngle, 0.0f, kPi), inner, outer);
}

// Grows a sector by `margin` conservatively: every point within `margin` of a sector point y has a
// radius within `margin` of |y| and an angle within asin(margin/|y|) ≤ asin(margin/inner) of y's.
// When margin reaches the inner radius the angle is unbounded: the whole disc.
Sector GrowSector(Vec2 center, Vec2 axis, float halfAngle, float inner, float outer, float margin) {
    if (margin <= 0.0f) return MakeSector(center, axis, halfAngle, inner, outer);
    if (inner > margin) return MakeSector(center, axis, halfAngle + std::asin(margin / inner), inner - margin, outer + margin);
    return MakeSector(center, axis, kPi, 0.0f, outer + margin);
}

// OverlapsDisc's float allowance on the reach: 3e-6 of it (see Init).
constexpr float kDiscReachScale = 1.0f + 3e-6f;

Vec2 MidPivot(const RotationalSweep& sweep) { return sweep.pivot + 0.5f * sweep.translation; }
float Margin(const RotationalSweep& sweep) { return 0.5f * Length(sweep.translation); }

// Float allowance of the conservative regions (m): a few dozen float ulps of the coordinates
// involved, so a point on the swept boundary that rounding puts 1e-7 outside still counts. Without
// it the benchmark's 10^9 grid points found 4 such boundary points in 100,000 cases.
float FloatAllowance(const RotationalSweep& sweep, float reach) {
    return 4e-6f * (reach + Length(MidPivot(sweep)) + Margin(sweep));
}

// The exact region's bounding box: along any direction the farthest swept point is swept by a vertex,
// so the vertex arcs bound it; grown by the rounding radius, the translation margin and the float
// allowance too (a circle touching the body's extreme point must not fall outside by rounding).
// Init's members passed in, so the region and SweptRegion::Bounds compute the same floats.
AABB RegionBounds(const RoundedCore& core, const RotationalSweep& sweep, Vec2 pivot, Rot startRotation, const ArcSweep& forward,
                  float margin, float coreMaxRadius) {
    AABB bounds{};
    for (int i = 0; i < core.count; ++i) {
        const AABB box = Bounds(Arc(pivot, pivot + Rotate(startRotation, core.points[i]), forward));
        bounds = i == 0 ? box : Union(bounds, box);
    }
    return Inflate(bounds, core.radius + margin + FloatAllowance(sweep, coreMaxRadius + core.radius));
}

AABB RegionBounds(const RoundedCore& core, const RotationalSweep& sweep) {
    swept::RequireValid(sweep);
    return RegionBounds(core, sweep, MidPivot(sweep), Rot::FromAngle(sweep.startAngle), ArcSweep::FromAngle(sweep.sweepAngle),
                        Margin(sweep), swept::MaxRadius(core.points.data(), core.count));
}

// Signed angle of v measured from the unit direction `ref`, in (−π, π].
float AngleFrom(Vec2 ref, Vec2 v) { return std::atan2(Cross(ref, v), Dot(ref, v)); }

// seed 000 eq. (2.1) generalised: the fan that holds the rounded core at every angle of the sweep.
Sector FanOfCore(const RoundedCore& core, const RotationalSweep& sweep) {
    swept::RequireValid(sweep);
    const Vec2 center = MidPivot(sweep);
    const Rot start = Rot::FromAngle(sweep.startAngle);
    const float alpha = sweep.sweepAngle;
    Vec2 closest{};
    const float coreDistance = swept::DistanceFromOrigin(core.points.data(), core.count, &closest);
    const float outer = swept::MaxRadius(core.points.data(), core.count) + core.radius;
    const float margin = Margin(sweep) + FloatAllowance(sweep, outer);
    // Pivot inside the shape: it is seen under every angle, so the fan is the whole disc.
    if (coreDistance <= core.radius) return GrowSector(center, start.XAxis(), kPi, 0.0f, outer, margin);
    const float inner = coreDistance - core.radius;
    // The closest point's direction lies inside the shape's angular extent (a convex set not holding
    // the pivot stays within ±π/2 of it), so angles relative to it never wrap.
    const Vec2 ref = (1.0f / coreDistance) * closest;
    float lo = 0.0f, hi = 0.0f;
    for (int i = 0; i < core.count; ++i) {
        const float a = AngleFrom(ref, core.points[i]);
        lo = Min(lo, a);
        hi = Max(hi, a);
    }
    // A rounded point p is seen under ±asin(radius/|p|) ≤ ±asin(radius/coreDistance).
    const float widen = core.radius > 0.0f ? std::asin(Min(core.radius / coreDistance, 1.0f)) : 0.0f;
    lo -= widen;
    hi += widen;
    const float span = (hi - lo) + std::abs(alpha);
    const Vec2 axis = Rotate(start, Rotate(Rot::FromAngle(0.5f * (lo + hi) + 0.5f * alpha), ref));
    if (span >= kTwoPi) return GrowSector(center, axis, kPi, inner, outer, margin);
    return GrowSector(center, axis, 0.5f * span, inner, outer, margin);
}

// For a body whose fan is a whole disc because its pivot lies inside it (a bar spinning about a point
// on it, the common sword): a wedge that still bounds the body's far part. Every body point x at
// radius ≥ r0 over the sweep is a start-pose point y at the same radius turned by at most α, and y's
// direction is one of a core point's at radius ≥ r0 − R (R the rounding radius) widened by
// asin(R / (r0 − R)); those directions are the directions of the core's boundary beyond r0 − R (a
// ray from the pivot leaves the solid core at its farthest point), gathered from each edge's parts
// beyond that circle, whose angles are monotone along the edge. With a translation (margin m), a
// disc farther than r0 + m + its radius from the mid-step pivot can only touch points whose rotation
// -only position lies beyond r0, within m of the wedge: the wedge widened by asin(m / r0).
// r0 = half the body's reach: beyond it a bar spinning about a point near one end has one side only.
// No wedge (inner radius infinite) when those directions do not fit within ±π/2 of the farthest
// vertex (nothing to gain, and no wrap-around to handle) or the widened wedge is a whole disc.
struct OuterWedge {
    float inner = std::numeric_limits<float>::infinity(); // radius beyond which a disc's centre must lie (m)
    Sector sector;                                         // the wedge (its radii are not used)
};

std::optional<OuterWedge> OuterWedgeOfCore(const RoundedCore& core, const RotationalSweep& sweep) {
    if (core.count < 2 || std::abs(sweep.sweepAngle) >= kTwoPi) return std::nullopt;
    const float outer = swept::MaxRadius(core.points.data(), core.count) + core.radius;
    const float margin = Margin(sweep) + FloatAllowance(sweep, outer);
    const float r0 = 0.5f * outer, coreR0 = r0 - core.radius;
    if (!(coreR0 > 0.0f) || !(margin < r0)) return std::nullopt;
    Vec2 farthest = core.points[0];
    for (int i = 1; i < core.count; ++i)
        if (LengthSquared(core.points[i]) > LengthSquared(farthest)) farthest = core.points[i];
    const Vec2 ref = Normalize(farthest);
    float lo = 0.0f, hi = 0.0f;
    bool fits = true;
    auto consider = [&](Vec2 x) {
        const float a = AngleFrom(ref, x);
        fits = fits && std::abs(a) <= 0.5f * kPi;
        lo = Min(lo, a);
        hi = Max(hi, a);
    };
    const int edges = core.count == 2 ? 1 : core.count;
    for (int i = 0; i < edges; ++i) {
        const Vec2 a = core.points[i], e = core.points[i + 1 < core.count ? i + 1 : 0] - a;
        if (LengthSquared(a) >= coreR0 * coreR0) consider(a);
        if (LengthSquared(a + e) >= coreR0 * coreR0) consider(a + e);
        // |a + s·e|² = r0² at s = (−a·e ± √((a·e)² − |e|²(|a|² − r0²))) / |e|².
        const float ee = LengthSquared(e), ae = Dot(a, e);
        const float disc = ae * ae - ee * (LengthSquared(a) - coreR0 * coreR0);
        if (ee > 0.0f && disc >= 0.0f)
            for (const float sign : {-1.0f, 1.0f}) {
                const float t = (-ae + sign * std::sqrt(disc)) / ee;
                if (t > 0.0f && t < 1.0f) consider(a + t * e);
            }
    }
    if (!fits) return std::nullopt;
    const float widen = (core.radius > 0.0f ? std::asin(Min(core.radius / coreR0, 1.0f)) : 0.0f) + std::asin(margin / r0);
    const float alpha = sweep.sweepAngle;
    const float half = 0.5f * ((hi - lo) + std::abs(alpha)) + widen;
    if (half >= kPi) return std::nullopt;
    const Rot start = Rot::FromAngle(sweep.startAngle);
    const Vec2 axis = Rotate(start, Rotate(Rot::FromAngle(0.5f * (lo + hi) + 0.5f * alpha), ref));
    return OuterWedge{r0 + margin, MakeSector(MidPivot(sweep), axis, half, 0.0f, outer + margin)};
}

AABB SpeculativeAABBOfCore(const RoundedCore& core, const RotationalSweep& sweep) {
    swept::RequireValid(sweep);
    const Transform a = SweepPose(sweep, 0.0f);
    const Transform b = SweepPose(sweep, 1.0f);
    AABB box{TransformPoint(a, core.points[0]), TransformPoint(a, core.points[0])};
    for (int i = 0; i < core.count; ++i) {
        for (const Transform& xf : {a, b}) {
            const Vec2 p = TransformPoint(xf, core.points[i]);
            box.lower = Min(box.lower, p);
            box.upper = Max(box.upper, p);
        }
    }
    return Inflate(box, core.radius);
}

ConvexPolygon PosedPolygon(std::span<const Vec2> v, const Transform& xf) {
    std::array<Vec2, kMaxPolygonVertices> posed{};
    for (size_t i = 0; i < v.size(); ++i) posed[i] = TransformPoint(xf, v[i]);
    return ConvexPolygon({posed.data(), v.size()});
}

const Transform kIdentity{};

} // namespace

Transform SweepPose(const RotationalSweep& sweep, float t) {
    const float angle = sweep.startAngle + t * sweep.sweepAngle;
    const Vec2 position = sweep.pivot + t * sweep.translation;
    // cos 0 = 1 and sin 0 = 0 exactly: skip the trig for bodies that do not turn.
    if (angle == 0.0f) return {position, Rot{}};
    return Transform::FromAngle(position, angle);
}

Sector ThesisFan(Vec2 pivot, Vec2 startDirection, float centreDistance, float radialThickness, float sweepAngle) {
    RequireFinite(pivot, "ThesisFan pivot");
    RequireFinite(startDirection, "ThesisFan start direction");
    RequireFinite(centreDistance, "ThesisFan centre distance");
    RequireFinite(radialThickness, "ThesisFan radial thickness");
    RequireFinite(sweepAngle, "ThesisFan sweep angle");
    if (LengthSquared(startDirection) <= 0.0f) throw InvalidArgument("ThesisFan start direction must be non-zero");
    if (centreDistance < 0.0f) throw InvalidArgument("ThesisFan centre distance must be >= 0");
    if (!(radialThickness > 0.0f)) throw InvalidArgument("ThesisFan radial thickness must be > 0");
    // seed 000 eq. (2.2): in 2D Rodrigues' formula about U = z is a plain rotation of Y' by θ = α/2.
    const Vec2 axis = Rotate(Rot::FromAngle(0.5f * sweepAngle), Normalize(startDirection));
    // seed 000 eq. (2.1): θ = α/2, r = |P − O| − Wy/2, R = |P − O| + Wy/2.
    return MakeSector(pivot, axis, 0.5f * std::abs(sweepAngle), centreDistance - 0.5f * radialThickness,
                      centreDistance + 0.5f * radialThickness);
}

Sector ConservativeFan(const Circle& body, const RotationalSweep& sweep) { return FanOfCore(swept::CoreOf(body), sweep); }
Sector ConservativeFan(const Capsule& body, const RotationalSweep& sweep) { return FanOfCore(swept::CoreOf(body), sweep); }
Sector ConservativeFan(const Box& body, const RotationalSweep& sweep) { return FanOfCore(swept::CoreOf(body), sweep); }
Sector ConservativeFan(const ConvexPolygon& body, const RotationalSweep& sweep) { return FanOfCore(swept::CoreOf(body), sweep); }

AABB SpeculativeAABB(const Circle& body, const RotationalSweep& sweep) { return SpeculativeAABBOfCore(swept::CoreOf(body), sweep); }
AABB SpeculativeAABB(const Capsule& body, const RotationalSweep& sweep) { return SpeculativeAABBOfCore(swept::CoreOf(body), sweep); }
AABB SpeculativeAABB(const Box& body, const RotationalSweep& sweep) { return SpeculativeAABBOfCore(swept::CoreOf(body), sweep); }
AABB SpeculativeAABB(const ConvexPolygon& body, const RotationalSweep& sweep) { return SpeculativeAABBOfCore(swept::CoreOf(body), sweep); }

// ---------------------------------------------------------------------------------------------------
// TightSweptRegion

TightSweptRegion::TightSweptRegion(const Box& body, const RotationalSweep& sweep)
    : TightSweptRegion(ConvexPolygon::FromBox(body).vertices(), sweep) {}

TightSweptRegion::TightSweptRegion(const ConvexPolygon& body, const RotationalSweep& sweep)
    : TightSweptRegion(body.vertices(), sweep) {}

TightSweptRegion::TightSweptRegion(std::span<const Vec2> v, const RotationalSweep& sweep)
    : startPose_((swept::RequireValid(sweep), PosedPolygon(v, Transform::FromAngle(MidPivot(sweep), sweep.startAngle)))),
      endPose_(PosedPolygon(v, Transform::FromAngle(MidPivot(sweep), sweep.startAngle + sweep.sweepAngle))),
      margin_(Margin(sweep) + FloatAllowance(sweep, swept::MaxRadius(v.data(), static_cast<int>(v.size())))) {
    const float alpha = sweep.sweepAngle;
    if (alpha == 0.0f) return; // no rotation: the two poses are the region (exact zero is the only no-op)
    const int n = static_cast<int>(v.size());
    const Vec2 center = MidPivot(sweep);
    const float margin = margin_;
    const Rot start = Rot::FromAngle(sweep.startAngle);
    Vec2 closest{};
    const float inner = swept::DistanceFromOrigin(v.data(), n, &closest);
    const float outer = swept::MaxRadius(v.data(), n);
    if (inner <= 0.0f) {
        // The pivot is inside the body: every angle is covered at small radii; the whole disc.
        fan_ = GrowSector(center, start.XAxis(), kPi, 0.0f, outer, margin);
        return;
    }
    const Vec2 ref = (1.0f / inner) * closest;
    // At radius ρ the body covers angular intervals [a, b]: a where a CCW circle enters it (outward
    // normal n with x × n ≤ 0), b where it leaves (x × n ≥ 0). Along an edge x × n is linear, so the
    // extreme angles of each kind are at the edge's ends or where x × n = 0 (the foot of the
    // perpendicular from the pivot); angles are monotone along an edge that misses the pivot.
    float lowestExit = std::numeric_limits<float>::infinity();
    float highestEntry = -std::numeric_limits<float>::infinity();
    auto consider = [&](Vec2 x, float side) {
        const float angle = AngleFrom(ref, x);
        if (side >= 0.0f) lowestExit = Min(lowestExit, angle);
        if (side <= 0.0f) highestEntry = Max(highestEntry, angle);
    };
    for (int i = 0; i < n; ++i) {
        const Vec2 a = v[i];
        const Vec2 b = v[(i + 1) % n];
        const Vec2 e = b - a;
        const Vec2 normal = Normalize(RightPerp(e));
        consider(a, Cross(a, normal));
        consider(b, Cross(b, normal));
        const float t = -Dot(a, e) / LengthSquared(e);
        if (t > 0.0f && t < 1.0f) consider(a + t * e, 0.0f);
    }
    // CCW: the fan spans [lowestExit, highestEntry + α]; CW: [lowestExit − |α|, highestEntry].
    const float lo = lowestExit + Min(alpha, 0.0f);
    const float hi = highestEntry + Max(alpha, 0.0f);
    if (hi <= lo) return; // the two poses overlap at every radius: no fan needed
    const Vec2 axis = Rotate(start, Rotate(Rot::FromAngle(0.5f * (lo + hi)), ref));
    fan_ = GrowSector(center, axis, Min(0.5f * (hi - lo), kPi), inner, outer, margin);
}

bool TightSweptRegion::PosesWithinMargin(const RoundedCore& query) const {
    const float reach = margin_ + query.radius;
    return swept::DistanceSquaredCores(startPose_.vertices().data(), startPose_.count(), query.points.data(), query.count) <= reach * reach ||
           swept::DistanceSquaredCores(endPose_.vertices().data(), endPose_.count(), query.points.data(), query.count) <= reach * reach;
}

bool TightSweptRegion::Overlaps(Vec2 point) const {
    RequireFinite(point, "TightSweptRegion query point");
    if (fan_ && Contains(*fan_, point)) return true;
    if (margin_ > 0.0f) return PosesWithinMargin(swept::CoreOf(Circle(point, 0.0f)));
    return swept::PointInConvex(point, startPose_.vertices().data(), startPose_.count()) ||
           swept::PointInConvex(point, endPose_.vertices().data(), endPose_.count());
}

// With a translation the poses stand for everything within margin_ of them: the query is grown by
// margin_ instead (exact for every shape, unlike offsetting the polygon, whose miters blow up at
// sharp vertices).
bool TightSweptRegion::Overlaps(const Circle& shape, const Transform& xf) const {
    if (fan_ && Overlap(*fan_, shape, xf)) return true;
    if (margin_ > 0.0f) return PosesWithinMargin(swept::CoreOf(shape, xf));
    return Overlap(startPose_, kIdentity, shape, xf) || Overlap(endPose_, kIdentity, shape, xf);
}

bool TightSweptRegion::Overlaps(const Capsule& shape, const Transform& xf) const {
    if (fan_ && Overlap(*fan_, shape, xf)) return true;
    if (margin_ > 0.0f) return PosesWithinMargin(swept::CoreOf(shape, xf));
    return Overlap(startPose_, kIdentity, shape, xf) || Overlap(endPose_, kIdentity, shape, xf);
}

bool TightSweptRegion::Overlaps(const Box& shape, const Transform& xf) const {
    if (fan_ && Overlap(*fan_, shape, xf)) return true;
    if (margin_ > 0.0f) return PosesWithinMargin(swept::CoreOf(shape, xf));
    return Overlap(startPose_, kIdentity, shape, xf) || Overlap(endPose_, kIdentity, shape, xf);
}

bool TightSweptRegion::Overlaps(const ConvexPolygon& shape, const Transform& xf) const {
    if (fan_ && Overlap(*fan_, shape, xf)) return true;
    if (margin_ > 0.0f) return PosesWithinMargin(swept::CoreOf(shape, xf));
    return Overlap(startPose_, kIdentity, shape, xf) || Overlap(endPose_, kIdentity, shape, xf);
}

// ---------------------------------------------------------------------------------------------------
// SweptRegion (exact)

SweptRegion::SweptRegion(const Circle& body, const RotationalSweep& sweep) { Init(swept::CoreOf(body), sweep); }
SweptRegion::SweptRegion(const Capsule& body, const RotationalSweep& sweep) { Init(swept::CoreOf(body), sweep); }
SweptRegion::SweptRegion(const Box& body, const RotationalSweep& sweep) { Init(swept::CoreOf(body), sweep); }
SweptRegion::SweptRegion(const ConvexPolygon& body, const RotationalSweep& sweep) { Init(swept::CoreOf(body), sweep); }

AABB SweptRegion::Bounds(const Circle& body, const RotationalSweep& sweep) { return RegionBounds(swept::CoreOf(body), sweep); }
AABB SweptRegion::Bounds(const Capsule& body, const RotationalSweep& sweep) { return RegionBounds(swept::CoreOf(body), sweep); }
AABB SweptRegion::Bounds(const Box& body, const RotationalSweep& sweep) { return RegionBounds(swept::CoreOf(body), sweep); }
AABB SweptRegion::Bounds(const ConvexPolygon& body, const RotationalSweep& sweep) { return RegionBounds(swept::CoreOf(body), sweep); }

void SweptRegion::Init(const RoundedCore& core, const RotationalSweep& sweep) {
    swept::RequireValid(sweep);
    pivot_ = MidPivot(sweep);
    margin_ = Margin(sweep);
    startRotation_ = Rot::FromAngle(sweep.startAngle);
    forward_ = ArcSweep::FromAngle(sweep.sweepAngle);
    backward_ = ArcSweep::FromAngle(-sweep.sweepAngle);
    core_ = core;
    Vec2 closest{};
    coreMinRadius_ = swept::DistanceFromOrigin(core_.points.data(), core_.count, &closest);
    coreMaxRadius_ = swept::MaxRadius(core_.points.data(), core_.count);
    bounds_ = RegionBounds(core_, sweep, pivot_, startRotation_, forward_, margin_, coreMaxRadius_);
    fan_ = FanOfCore(core_, sweep);
    // Outward normals of a wedge's straight sides (at ±θ from its axis), for OverlapsDisc's reject:
    // the fan's, valid at every radius; when the fan is a whole annulus (no sides: zero normals never
    // reject), the outer wedge's, valid for discs beyond its inner radius.
    Sector wedge = *fan_;
    float sideInner = 0.0f;
    if (fan_->halfAngle() >= kPi) {
        if (const std::optional<OuterWedge> outerWedge = OuterWedgeOfCore(core_, sweep)) {
            wedge = outerWedge->sector;
            sideInner = outerWedge->inner;
        }
    }
    const Vec2 axis = wedge.axis();
    const Rot side{wedge.cosHalfAngle(), wedge.sinHalfAngle()};
    const bool annulus = wedge.halfAngle() >= kPi;
    const Vec2 upperNormal = annulus ? Vec2{} : LeftPerp(Rotate(side, axis));
    const Vec2 lowerNormal = annulus ? Vec2{} : RightPerp(InvRotate(side, axis));
    wideFan_ = wedge.cosHalfAngle() <= 0.0f;
    // Quick accepts: the segment from the core's point nearest the pivot, c, to a vertex v lies in the
    // convex body, and at every radius between |c| and |v| it has a point whose direction is within
    // the angle δ between c and v. Each such point sweeps the window of α from its own direction, so
    // the annular sector of radii [|c|, |v|] and angles [max, min + α] of the segment's directions
    // (half angle (|α| − δ)/2, about the bisector of c and v turned by α/2) lies in the region (exact
    // rotation about the mid-step pivot; the translation only adds). With the pivot in the body, c is
    // the pivot: a sector of radius |v| and the whole window. One sector per vertex (the four farthest
    // of a larger polygon); with the start and end poses they hold all but slivers of a rectangle's
    // region (measured: every disc the arc test found inside in sensu-bench-collide's two queries).
    DiscTests& t = discTests_;
    const bool pivotInside = coreMinRadius_ <= core_.radius;
    std::array<int, kMaxPolygonVertices> order{}; // vertex indices, farthest first (insertion sort)
    for (int i = 0; i < core_.count; ++i) {
        int k = i;
        for (; k > 0 && LengthSquared(core_.points[order[k - 1]]) < LengthSquared(core_.points[i]); --k) order[k] = order[k - 1];
        order[k] = i;
    }
    for (int lane = 0; lane < 4; ++lane) {
        t.sectorInner[lane] = std::numeric_limits<float>::infinity(); // unused: no disc is inside
        t.sectorOuter[lane] = 0.0f;
        t.sectorX[lane] = t.sectorY[lane] = t.sectorSin[lane] = 0.0f;
        t.sectorCos[lane] = 1.0f;
        if (lane >= core_.count) continue;
        const Vec2 v = core_.points[order[lane]];
        const float delta = pivotInside ? 0.0f : std::atan2(std::abs(Cross(closest, v)), Dot(closest, v));
        // A micro-radian less than that, so rounding of δ and of the window test cannot accept a
        // point just outside.
        const float halfAngle = 0.5f * (std::abs(sweep.sweepAngle) - delta) - 1e-6f;
        if (!(halfAngle > 0.0f && LengthSquared(v) > 0.0f)) continue;
        const Vec2 bisector = pivotInside ? Normalize(v) : Normalize(closest) + Normalize(v);
        const Vec2 middle = Rotate(startRotation_, Rotate(forward_.half, bisector));
        const bool whole = halfAngle >= kPi;
        t.sectorInner[lane] = pivotInside ? 0.0f : coreMinRadius_;
        t.sectorOuter[lane] = Length(v);
        t.sectorX[lane] = middle.x;
        t.sectorY[lane] = middle.y;
        t.sectorCos[lane] = whole ? -1.0f : std::cos(halfAngle);
        t.sectorSin[lane] = whole ? 0.0f : std::sin(halfAngle);
    }
    // A rectangle (CoreOf(Box): edges facing −y, +x, +y, −x of its frame, opposite normals exact
    // negatives) has a closed-form distance: with the separations s_i of p beyond the four edge lines,
    // |p − core|² = max(s₁, s₃, 0)² + max(s₀, s₂, 0)², since at most one of each opposite pair is
    // positive and the two pairs are orthogonal. OverlapsDisc tests the start and end poses that way,
    // without the face search and division of PointWithinCore.
    // OverlapsDisc's reach, core radius + margin + the disc's radius grown by the float allowance of
    // OverlapsRounded (ρ ≤ coreMax + reach inside the ring): reach + 1e-6·(2·coreMax + 3·reach),
    // with the part that does not depend on the disc computed here.
    discReach_ = kDiscReachScale * (core_.radius + margin_) + 2e-6f * coreMaxRadius_;
    const auto& n = core_.normals;
    rectangle_ = core_.count == 4 && n[2] == -n[0] && n[3] == -n[1] && std::abs(Dot(n[0], n[1])) <= 1e-6f;
    const Rot endRotation = Mul(startRotation_, forward_.full);
    const Vec2 startX = Rotate(startRotation_, n[1]), startY = Rotate(startRotation_, n[0]);
    const Vec2 endX = Rotate(endRotation, n[1]), endY = Rotate(endRotation, n[0]);
    const float never = -std::numeric_limits<float>::infinity(); // every gap +∞: never inside
    const auto& offset = core_.lines.offset;
    t.boxLimits = {bounds_.lower.x, bounds_.lower.y, -bounds_.upper.x, -bounds_.upper.y};
    t.poseX = {startX.x, startY.x, endX.x, endY.x};
    t.poseY = {startX.y, startY.y, endX.y, endY.y};
    t.poseNear = rectangle_ ? std::array<float, 4>{offset[1], offset[0], offset[1], offset[0]} : std::array<float, 4>{never, never, never, never};
    t.poseFar = rectangle_ ? std::array<float, 4>{offset[3], offset[2], offset[3], offset[2]} : std::array<float, 4>{never, never, never, never};
    t.sideX = {upperNormal.x, lowerNormal.x, 0.0f, 0.0f};
    t.sideY = {upperNormal.y, lowerNormal.y, 0.0f, 0.0f};
    // The ring's radii coreMax ± reach with reach = discReach + k·r, as (coreMax ± discReach) ± k·r:
    // the reordering is an ulp, far inside the 2e-6·coreMax of discReach.
    t.radiusBase = {sideInner, coreMaxRadius_ + discReach_, coreMinRadius_ - discReach_, 0.0f};
    t.radiusScale = {1.0f, kDiscReachScale, -kDiscReachScale, 0.0f};
    sweep_ = sweep;
}

RotatingImpact SweptRegion::TimeOfImpact(const Circle& circle, const Transform& xf) const {
    if (margin_ > 0.0f) return sensu::TimeOfImpact(core_, sweep_, swept::CoreOf(circle, xf), RotationalSweep{});
    const Vec2 center = TransformPoint(xf, circle.center());
    const float radius = circle.radius();
    RotatingImpact none;
    none.exact = true;
    // Whatever the bounding box and the ring reject is never touched (both are conservative).
    if (center.x + radius < bounds_.lower.x || center.x - radius > bounds_.upper.x || center.y + radius < bounds_.lower.y ||
        center.y - radius > bounds_.upper.y)
        return none;
    const Vec2 offset = center - pivot_;
    const float rho = Length(offset);
    if (swept::DiscBeyondRing(rho, coreMaxRadius_, core_.radius + radius)) return none;
    return swept::ExactRotatingDisc(core_, {pivot_, startRotation_}, sweep_.sweepAngle, InvRotate(startRotation_, offset), rho, radius,
                                    coreMaxRadius_);
}

inline float SweptRegion::DiscReach(float radius) const { return discReach_ + kDiscReachScale * radius; }

// Inlined into each caller (OverlapsDisc, OverlapsByDiscs): a call would spill the prepared rows.
[[gnu::always_inline]] inline SweptRegion::DiscVerdict SweptRegion::QuickDisc(Vec2 center, float radius) const {
    // A disc meets the sweep only through the arc its centre traces backwards: no copy of a core.
    // Before that arc, quick tests of a few products each, no trig or roots: the bounding box, then
    // all at once (Init prepares them): the ring of radii the body covers about the pivot and the
    // wedge's two straight sides (a narrow wedge lies behind both, a wide one behind either; the outer
    // wedge only bounds discs beyond its inner radius) reject; a rectangle's start and end poses in
    // closed form and four sectors inside the region accept. For random queries each outcome is a
    // coin toss, so an early exit per test was a mispredicted branch about every other query
    // (measured, sensu-bench-collide): they are evaluated four lanes at a time and combined without
    // branching. The only branch after the box is the rare "none decided" that leads to the arc.
    const DiscTests& t = discTests_;
    const simd::Float4 r = simd::Splat(radius);
    if (!simd::AllLanes(simd::Float4{center.x, center.y, -center.x, -center.y} + r >= simd::Load(t.boxLimits))) return DiscVerdict::Outside;
    const Vec2 offset = center - pivot_;
    const float rho2 = LengthSquared(offset);
    const float reach = DiscReach(radius);
    const simd::Float4 ox = simd::Splat(offset.x), oy = simd::Splat(offset.y), rho2s = simd::Splat(rho2);
    // The poses: x, y of the offset in the start pose's frame, then in the end pose's; the gaps
    // beyond the edge lines max(s₁, s₃, 0) and max(s₀, s₂, 0) (see Init), squared.
    const simd::Float4 pose = simd::Load(t.poseX) * ox + simd::Load(t.poseY) * oy;
    const simd::Float4 gaps = simd::Max(simd::Max(pose - simd::Load(t.poseNear), -pose - simd::Load(t.poseFar)), simd::Float4{});
    const simd::Float4 gaps2 = gaps * gaps;
    const simd::Float4 distance2 = gaps2 + simd::SwapPairs(gaps2); // lane 0: start pose, lane 2: end pose
    const bool inPose = (simd::LaneBits(distance2 <= simd::Splat(reach * reach)) & 5u) != 0u;
    // The sectors: within the radii (grown by the disc's radius) and inside the window about the
    // middle (InWedge of sector_frame.h, four lanes at once).
    const simd::Float4 along = simd::Load(t.sectorX) * ox + simd::Load(t.sectorY) * oy;
    const simd::Float4 across = simd::Abs(simd::Load(t.sectorX) * oy - simd::Load(t.sectorY) * ox);
    const simd::Float4 inner = simd::Max(simd::Load(t.sectorInner) - r, simd::Float4{}), outer = simd::Load(t.sectorOuter) + r;
    const simd::Float4 cosHalf = simd::Load(t.sectorCos);
    const bool inSector =
        simd::LaneBits((rho2s >= inner * inner) & (rho2s <= outer * outer) & (along * simd::Load(t.sectorSin) >= across * cosHalf) &
                       ((along >= simd::Float4{}) | (cosHalf < simd::Float4{}))) != 0u;
    // The rejects: bit 0 at or beyond the sides' inner radius, bit 1 beyond the ring, bit 2 inside it.
    const simd::Float4 radii = simd::Max(simd::Load(t.radiusBase) + simd::Load(t.radiusScale) * r, simd::Float4{});
    const simd::Float4 radii2 = radii * radii;
    const unsigned ring = (simd::LaneBits(rho2s >= radii2) & 1u) | (simd::LaneBits(rho2s > radii2) & 2u) | (simd::LaneBits(rho2s < radii2) & 4u);
    const unsigned outside = simd::LaneBits((simd::Load(t.sideX) * ox + simd::Load(t.sideY) * oy) > r) & 3u;
    const bool beyondSides = ((ring & 1u) != 0u) & (wideFan_ ? outside == 3u : outside != 0u);
    const bool outsideRing = (ring & 6u) != 0u;
    const bool accepted = inPose | inSector;
    // Without a branch: Inside when accepted, else Outside when rejected, else Undecided.
    return static_cast<DiscVerdict>(static_cast<unsigned>(accepted) | static_cast<unsigned>(!accepted & !beyondSides & !outsideRing) << 1);
}

bool SweptRegion::OverlapsDisc(Vec2 center, float radius) const {
    const DiscVerdict verdict = QuickDisc(center, radius);
    if (verdict == DiscVerdict::Undecided) [[unlikely]] {
        const Vec2 p = InvRotate(startRotation_, center - pivot_);
        if (rectangle_) return swept::ArcEntersRoundedCore(p, backward_, core_, DiscReach(radius));
        return swept::ArcMeetsRoundedCore(p, backward_, core_, core_.lines, DiscReach(radius));
    }
    return verdict == DiscVerdict::Inside;
}

template <class ShapeT>
bool SweptRegion::OverlapsByDiscs(const ShapeT& shape, const Transform& xf, Vec2 center, float outer, float inner) const {
    // The shape lies inside its bounding disc and holds its inscribed one: the first rejected means
    // outside, the second accepted means inside, both by the disc's quick tests (about 15 ns each
    // against a few hundred for the arcs of every vertex below).
    if (QuickDisc(center, outer) == DiscVerdict::Outside) return false;
    if (QuickDisc(center, inner) == DiscVerdict::Inside) return true;
    return OverlapsRounded(swept::CoreOf(shape, xf));
}

bool SweptRegion::OverlapsRounded(const RoundedCore& query) const {
    if (query.count == 1) return OverlapsDisc(query.points[0], query.radius);
    float reach = core_.radius + margin_ + query.radius;
    // Cheap reject on the bounding boxes.
    AABB box{query.points[0], query.points[0]};
    for (int j = 1; j < query.count; ++j) box = {Min(box.lower, query.points[j]), Max(box.upper, query.points[j])};
    if (!sensu::Overlaps(Inflate(box, query.radius), bounds_)) return false;

    // The query in the body frame at t = 0.
    const RoundedCore local = swept::InvPosed(query, {pivot_, startRotation_});
    float farthest = 0.0f;
    for (int j = 0; j < local.count; ++j) farthest = Max(farthest, LengthSquared(local.points[j]));
    // Conservative by float rounding: crossing edges whose computed distance is 1e-9 instead of 0
    // must still count, so the reach gets a relative allowance.
    reach += 1e-6f * (coreMaxRadius_ + std::sqrt(farthest) + reach);
    // Vertices of the query, carried backwards over the sweep, against the body at its start pose.
    const float outer = Square(coreMaxRadius_ + reach);
    const float inner = coreMinRadius_ > reach ? Square(coreMinRadius_ - reach) : 0.0f;
    for (int j = 0; j < local.count; ++j) {
        const float rho2 = LengthSquared(local.points[j]);
        if (rho2 > outer || rho2 < inner) continue; // the arc stays outside the ring of the body
        if (swept::ArcMeetsRoundedCore(local.points[j], backward_, core_, core_.lines, reach)) return true;
    }
    // Vertices of the body over the sweep against the query.
    for (int i = 0; i < core_.count; ++i)
        if (swept::ArcMeetsRoundedCore(core_.points[i], forward_, local, reach)) return true;
    // Edge-against-edge overlap already at the start (no vertex of either inside the other).
    if (core_.count >= 2)
        return swept::DistanceSquaredCores(core_.points.data(), core_.count, local.points.data(), local.count) <= reach * reach;
    return false;
}

bool SweptRegion::Overlaps(Vec2 point) const {
    RequireFinite(point, "SweptRegion query point");
    return OverlapsDisc(point, 0.0f);
}

bool SweptRegion::Overlaps(const Circle& shape, const Transform& xf) const {
    return OverlapsDisc(TransformPoint(xf, shape.center()), shape.radius());
}
bool SweptRegion::Overlaps(const Capsule& shape, const Transform& xf) const {
    const float half = 0.5f * Distance(shape.a(), shape.b());
    return OverlapsByDiscs(shape, xf, TransformPoint(xf, 0.5f * (shape.a() + shape.b())), half + shape.radius(), shape.radius());
}
bool SweptRegion::Overlaps(const Box& shape, const Transform& xf) const {
    const Vec2 h = shape.halfExtents();
    return OverlapsByDiscs(shape, xf, TransformPoint(xf, shape.center()), Length(h), Min(h.x, h.y));
}
bool SweptRegion::Overlaps(const ConvexPolygon& shape, const Transform& xf) const {
    const Vec2 c = shape.centroid();
    float outer = 0.0f, inner = std::numeric_limits<float>::infinity();
    for (int i = 0; i < shape.count(); ++i) {
        outer = Max(outer, LengthSquared(shape.vertex(i) - c));
        inner = Min(inner, Dot(shape.normal(i), shape.vertex(i) - c));  // the centroid lies inside: ≥ 0
    }
    return OverlapsByDiscs(shape, xf, TransformPoint(xf, c), std::sqrt(outer), Max(inner, 0.0f));
}
bool SweptRegion::Overlaps(const Segment& shape, const Transform& xf) const {
    return OverlapsByDiscs(shape, xf, TransformPoint(xf, 0.5f * (shape.a() + shape.b())), 0.5f * Distance(shape.a(), shape.b()), 0.0f);
}

} // namespace sensu
