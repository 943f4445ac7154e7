// Seed 004 chapter 3, the freezing rule: which rest candidates their supports hold
// (WorldImpl::ClassifySupport; rest_states.cpp freezes the groups whose members all are held).
//
// Freeze only what would stay put. The seed's rotation-stable body still slides along the floor
// (§3.4.2 stops only its vertical motion and rotation) and its floor is level (§3.3 measures every
// state against the floor; §3.5.2 takes only edges parallel to it as floor). Freezing stops the
// sliding too, which Coulomb friction allows only while the supports' friction holds with room to
// spare. So a body is held, besides §3.4.2 / §3.5.1, only when
//   - every support is level enough: its slope uses at most half the friction cone,
//     tan θ = |n_x|/n_y ≤ μ/2 (a box on a 20° slope with μ < 0.73 never freezes);
//   - the supports' friction, taken together, is not at its limit: |T| < 0.9 μ N for the sum of the
//     support impulses of the last step (a sliding body has |T| = μ N; single contacts inside a pile
//     may be at their limit while their frictions cancel, and side contacts may slip, so neither counts);
//   - it has stopped accelerating: its velocity changed by less than a tenth of the rest speeds over
//     the slow window (a slow slide or creep keeps restarting the window; UpdateRestStates);
//   - no contact is penetrated deeper than the position pass leaves it (kPushedOutSideSlops and
//     kPushedOutFloorSlops: it is not done with it);
//   - a §3.5.1 side stop holds only while its friction is not at its limit (it does not slip);
//   - no support overlaps corner in corner (a patch narrower than deep: its normal is ambiguous);
//   - a body on one support point straight under its centre of mass (which §3.4.2 does not hold) is
//     held only when that balance is stable (BalancedStably): a ball on the ground, not a capsule
//     standing on its round end nor a box on a corner, which topple from any disturbance.
#include <cmath>

#include "rest_support.h"

namespace sensu {

using detail::Body;
using detail::Contact;
using detail::kNull;
using detail::NextContact;
using detail::OtherBody;
using detail::ShiftSupport;

namespace {

// The share of the friction cone a support's slope may use, and the share of μ·normal impulse at which
// a contact counts as at the friction limit.
constexpr float kSlopeFrictionShare = 0.5f;
constexpr float kSlopeTolerance = 2e-3f;  // |n_x|/n_y of a level support whose normal carries rounding
constexpr float kFrictionLimitShare = 0.9f;
constexpr float kSignificantFriction = 0.05f;  // friction bound ≥ this share of the body's weight
// §3.5.1's side stop: the share of the tipping motion at the side point that must press into the neighbour.
constexpr float kSideStopShare = 0.1f;
// A contact deeper than linearSlop is still being pushed out: the position pass corrects every point
// beyond the slop (position_solver.cpp), moving the bodies each step without giving them velocity, so the
// rest speeds cannot see it, and nothing may freeze on it (seed 004 §3.2: the overlap is removed before
// the bodies count as touching). How much deeper a point may be before it counts (in linearSlop):
//   - a side contact (normal within the support cone of neither body) 0.1 more, for rounding: its
//     push-out shoves neighbours apart sideways, where only friction resists, and the load on a wedge
//     presses it back in, so it creeps for as long as the pile stands (fidelity spawn/5142: a body
//     wedged 1.15 slop deep between two boxes spread them 30 µm a step until the box on them lost its
//     corner support and fell);
//   - a floor-like contact 0.5 more, where the position pass itself stops iterating: its push-out lifts
//     the body against its own load by at most the excess (≤ 2.5 mm), and under a tall column it nears
//     the slop only slowly (A100's bottom boxes: 6.7 → 5.6 mm in 12 steps). Deeper than that, a body
//     wedged between the bodies under and on it is squeezed sideways (fidelity spawn/10110: a disc 1.8
//     slop deep, pushed 1.1 cm within a second with rest states off, stood frozen).
constexpr float kPushedOutSideSlops = 1.1f;
constexpr float kPushedOutFloorSlops = 1.5f;

// Radius of curvature of a shape's surface where it rounds (m): a circle's or a capsule's radius; the
// corners of boxes, polygons and segments are sharp (0). Used for bodies balanced on one point.
float RoundingRadius(const ShapeGeometry& g) {
    if (const Circle* c = std::get_if<Circle>(&g)) return c->radius();
    if (const Capsule* c = std::get_if<Capsule>(&g)) return c->radius();
    return 0.0f;
}

// A body balanced on one point straight under its centre of mass is in equilibrium, but it stays there
// only if it is stable: when it rolls on the support by a small angle, the centre of mass must not fall.
// For a surface of curvature radius ρ1 on a support of radius ρ2 that holds while the centre of mass is
// no higher above the contact than ρ1ρ2 / (ρ1 + ρ2) (ρ1 on a flat support): a ball on the ground is at
// the limit (it rolls neutrally), a capsule upright on its round end or a box on a corner is above it
// and topples from any disturbance, a ball on top of another ball too. Supports other than circles are
// taken as flat (a capsule's end under a single point is rare and only makes this test more lenient).
bool BalancedStably(float height, float bodyRadius, const ShapeGeometry& support, float tolerance) {
    const float supportRadius = std::holds_alternative<Circle>(support) ? RoundingRadius(support) : -1.0f;
    const float limit = supportRadius < 0.0f ? bodyRadius : bodyRadius * supportRadius / Max(bodyRadius + supportRadius, 1e-30f);
    return height <= limit + tolerance;
}

} // namespace

void WorldImpl::ClassifySupport(int i) {
    const SolverSettings& st = settings;
    const float touching = 2.0f * st.linearSlop;
    const float tol = st.linearSlop;
    Body& b = bodies[i];
    int upCount = 0;
    bool deep = false;  // a contact still penetrates: the position pass is not done with it (seed 004 §3.2)
    bool cornered = false;  // a support overlaps corner in corner: its normal is ambiguous
    bool level = true;  // every support is level enough for its friction
    bool stableBalance = true;  // each support point could hold the body balanced on it alone (BalancedStably)
    float minX = 0.0f, maxX = 0.0f, minY = 0.0f, friction = 0.0f;
    Vec2 reaction{}, normalSum{};
    float pressure = 0.0f, pressureX = 0.0f;
    Vec2 movingLoad{};  // impulse moving bodies gave this body in the step just solved, and its moment
    float movingMoment = 0.0f;
    const float significant = kSignificantFriction * b.mass * Max(-gravity.y * b.gravityScale, 0.0f) * stepDt;  // N·s
    constexpr int kMaxSide = 8;
    Vec2 sidePoint[kMaxSide], sideUp[kMaxSide];  // side contact points and their normals into this body
    bool sideSlips[kMaxSide];  // the side point's friction is at its limit (the neighbour slides along it)
    int sideCount = 0;
    for (int c = b.contactHead; c != kNull; c = NextContact(contacts[c], i)) {
        const Contact& contact = contacts[c];
        // A contact without points supports nothing: skipped before its other body is read (a jointed
        // grid's bodies each have four such contacts with their diagonal neighbours).
        if (contact.manifold.pointCount == 0) continue;
        const Body& o = bodies[OtherBody(contact, i)];
        const Vec2 up = contact.bodyB == i ? contact.manifold.normal : -contact.manifold.normal;
        if (!IsRestSupport(o)) {
            // A moving body's push: once frozen, this body takes it as extra load every step
            // (WakePushedPiles), so the reaction it freezes with must not carry it too.
            if (o.type != BodyType::Dynamic) continue;
            const float sign = contact.bodyB == i ? 1.0f : -1.0f;  // the impulse acts on B along +n, on A along −n
            const Vec2 n = contact.manifold.normal;
            for (int p = 0; p < contact.manifold.pointCount; ++p) {
                const Vec2 P = sign * (contact.normalImpulse[p] * n + contact.tangentImpulse[p] * RightPerp(n));
                movingLoad += P;
                movingMoment += Cross(contact.manifold.points[p].point, P);
            }
            continue;
        }
        // The contact's tangent impulse acts on B along t = RightPerp(n), on A against it.
        const Vec2 along = contact.bodyB == i ? RightPerp(contact.manifold.normal) : -RightPerp(contact.manifold.normal);
        if (up.y >= st.supportNormalY && contact.manifold.pointCount == 2) {
            // A support patch narrower than it is deep is a corner sunk into a corner: pushing the two
            // apart across the patch takes less than along the normal, so the normal is the collider's
            // choice (box-box SAT keeps its axis with a tolerance), not the geometry's. A creep of
            // microradians flips it, and the support is gone (fidelity spawn/4118: a box resting by its
            // corner 4.9 mm deep in a neighbour's corner, a patch 4.1 mm wide, fell 14 steps after the
            // rest-off copy started; frozen, it stood). §3.5.2 takes only an edge parallel to the floor
            // as floor; a corner is none.
            const ManifoldPoint& p0 = contact.manifold.points[0];
            const ManifoldPoint& p1 = contact.manifold.points[1];
            const float depth = -Min(p0.separation, p1.separation);
            cornered = cornered || (depth > 0.0f && std::fabs(Dot(p1.point - p0.point, along)) < depth);
        }
        for (int p = 0; p < contact.manifold.pointCount; ++p) {
            const ManifoldPoint& mp = contact.manifold.points[p];
            if (mp.separation > touching) continue;
            const bool floorLike = std::fabs(up.y) >= st.supportNormalY;  // under or on this body
            deep = deep || mp.separation < -(floorLike ? kPushedOutFloorSlops : kPushedOutSideSlops) * st.linearSlop;
            if (up.y >= st.supportNormalY) {
                // Level enough: the slope's pull tan θ = |n_x|/n_y uses at most half the friction cone.
                level = level && std::fabs(up.x) <= (kSlopeFrictionShare * contact.friction + kSlopeTolerance) * up.y;
                const float Pn = contact.normalImpulse[p];
                reaction += Pn * up + contact.tangentImpulse[p] * along;
                normalSum += Pn * up;
                pressure += Pn;
                pressureX += Pn * mp.point.x;
                if (upCount == 0) {
                    minX = maxX = mp.point.x;
                    minY = mp.point.y;
                    friction = contact.friction;
                } else {
                    minX = Min(minX, mp.point.x);
                    maxX = Max(maxX, mp.point.x);
                    minY = Min(minY, mp.point.y);
                    friction = Min(friction, contact.friction);
                }
                const bool bodyIsA = contact.bodyA == i;
                const ShapeGeometry& own = shapes[bodyIsA ? contact.shapeA : contact.shapeB].geometry;
                const ShapeGeometry& under = shapes[bodyIsA ? contact.shapeB : contact.shapeA].geometry;
                stableBalance = stableBalance && BalancedStably(Distance(b.center, mp.point), RoundingRadius(own), under, tol);
                ++upCount;
            } else if (sideCount < kMaxSide) {
                // As for the supports below, a frictionless contact (bound 0) tells nothing: not at its limit.
                const float bound = contact.friction * contact.normalImpulse[p];
                sideSlips[sideCount] = bound > 0.0f && std::fabs(contact.tangentImpulse[p]) >= kFrictionLimitShare * bound;
                sidePoint[sideCount] = mp.point;
                sideUp[sideCount++] = up;
            }
        }
    }
    b.restHeld = false;
    if (upCount == 0) return;
    const float cx = b.center.x;
    // §3.4.2: x_min < c_x < x_max. A single point straight under the centre holds if the body is stably
    // balanced on it (a ball on the ground, not a capsule standing on its round end).
    bool held = (cx > minX + tol && cx < maxX - tol) ||
                (cx >= minX - tol && cx <= maxX + tol && maxX - minX <= 2.0f * tol && stableBalance);
    if (!held) {
        // §3.5.1: pivot c on the side of the centre of mass; a neighbour touched at b on that same side
        // stops the turn: (b_x − c_x)(a_x − c_x) > 0 — and only if the turn presses b into it. Turning
        // about c by ω (toward the centre of mass's side) moves b with ω × (b − c); a neighbour whose
        // normal does not oppose that motion (a body resting on top, pressed down with b) lets the body
        // and its load tip together. Nor does a stop whose friction is at its limit (Coulomb: |T| = μN
        // while the two slide along each other): §3.5.1 rests both bodies only while they keep touching
        // where they touch, and a stop that slips lets the body turn and slide down its neighbour (two
        // leaning dominoes, fidelity dominoes/11152, froze at a turning point of their slow fall and stood).
        const float pivot = cx < minX ? minX : maxX;
        const float turn = cx > pivot ? -1.0f : 1.0f;  // clockwise when the centre of mass is right of c
        for (int s = 0; s < sideCount && !held; ++s) {
            const Vec2 arm = sidePoint[s] - Vec2{pivot, minY};
            const Vec2 motion = Cross(turn, arm);
            const bool pressesIn = Dot(motion, sideUp[s]) < -kSideStopShare * Length(motion);
            if ((sidePoint[s].x - pivot) * (cx - pivot) > tol * tol && pressesIn && !sideSlips[s]) {
                held = true;
                minX = Min(pivot, sidePoint[s].x);
                maxX = Max(pivot, sidePoint[s].x);
            }
        }
    }
    // At the friction limit: the supports' friction, taken together, is (nearly) exhausted, so the body
    // slides or is about to (Coulomb: |T| = μN while sliding). Single contacts of a pile may each be at
    // their limit while their frictions cancel; side contacts may slip while the supports hold.
    const Vec2 n = pressure > 0.0f ? Normalize(normalSum) : Vec2{0.0f, 1.0f};
    const float limit = friction * Dot(reaction, n);
    const bool atLimit = limit > significant && std::fabs(Dot(reaction, RightPerp(n))) >= kFrictionLimitShare * limit;
    b.restHeld = held && !deep && !cornered && level && !atLimit;
    b.supportMinX = minX;
    b.supportMaxX = maxX;
    b.supportY = minY;
    b.supportFriction = friction;
    // The supports' force as it is now (the impulses of the step just solved): it carries the body and
    // whatever rests on it. Without impulses (warm starting off) the body's own weight stands in for it.
    if (pressure > 0.0f && stepDt > 0.0f) {
        // Without the moving bodies' push (load −movingLoad): what the supports exert for the body and
        // what rests on it for good. A body that only a moving body's push keeps held is not held.
        Vec2 held;
        float x = 0.0f;
        const float normal = ShiftSupport(reaction, n, pressureX / pressure, minY, -movingLoad, -movingMoment, held, x);
        if (!(normal > 0.0f) || x < minX || x > maxX) b.restHeld = false;
        b.supportReaction = (1.0f / stepDt) * held;
        b.supportNormal = n;
        b.supportPressureX = Clamp(x, minX, maxX);
    } else {
        b.supportReaction = {0.0f, b.mass * Max(-gravity.y * b.gravityScale, 0.0f)};
        b.supportNormal = {0.0f, 1.0f};
        b.supportPressureX = Clamp(cx, minX, maxX);
    }
}

} // namespace sensu
