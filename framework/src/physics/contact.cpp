// Persistent contacts: one per overlapping shape pair, created from broad-phase pairs, updated by the
// narrow phase every step while a body of the pair moves (or carried along unchanged while the two keep
// their relative pose), and carrying impulses between steps by feature id (warm starting, as
// box2d-lite's Arbiter).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::Contact;
using detail::kNull;
using detail::PairKey;
using detail::Shape;

namespace {

// Collision order: the pair functions of manifold.h take the later variant alternative as A
// (Segment > ConvexPolygon > Box > Capsule > Circle).
bool ComesFirst(const Shape& a, int ia, const Shape& b, int ib) {
    if (a.geometry.index() != b.geometry.index()) return a.geometry.index() > b.geometry.index();
    return ia < ib;
}

Manifold Collide(const ShapeGeometry& ga, const Transform& xa, const ShapeGeometry& gb, const Transform& xb, float margin) {
    if (const auto* b = std::get_if<Circle>(&gb)) {
        if (const auto* a = std::get_if<Circle>(&ga)) return CollideCircles(*a, xa, *b, xb, margin);
        if (const auto* a = std::get_if<Capsule>(&ga)) return CollideCapsuleAndCircle(*a, xa, *b, xb, margin);
        if (const auto* a = std::get_if<Box>(&ga)) return CollideBoxAndCircle(*a, xa, *b, xb, margin);
        if (const auto* a = std::get_if<ConvexPolygon>(&ga)) return CollidePolygonAndCircle(*a, xa, *b, xb, margin);
        return CollideSegmentAndCircle(std::get<Segment>(ga), xa, *b, xb, margin);
    }
    if (const auto* b = std::get_if<Capsule>(&gb)) {
        if (const auto* a = std::get_if<Capsule>(&ga)) return CollideCapsules(*a, xa, *b, xb, margin);
        if (const auto* a = std::get_if<Box>(&ga)) return CollideBoxAndCapsule(*a, xa, *b, xb, margin);
        if (const auto* a = std::get_if<ConvexPolygon>(&ga)) return CollidePolygonAndCapsule(*a, xa, *b, xb, margin);
        return CollideSegmentAndCapsule(std::get<Segment>(ga), xa, *b, xb, margin);
    }
    if (const auto* b = std::get_if<Box>(&gb)) {
        if (const auto* a = std::get_if<Box>(&ga)) return CollideBoxes(*a, xa, *b, xb, margin);
        if (const auto* a = std::get_if<ConvexPolygon>(&ga)) return CollidePolygonAndBox(*a, xa, *b, xb, margin);
        return CollideSegmentAndBox(std::get<Segment>(ga), xa, *b, xb, margin);
    }
    if (const auto* b = std::get_if<ConvexPolygon>(&gb)) {
        if (const auto* a = std::get_if<ConvexPolygon>(&ga)) return CollidePolygons(*a, xa, *b, xb, margin);
        return CollideSegmentAndPolygon(std::get<Segment>(ga), xa, *b, xb, margin);
    }
    return {};
}

// A chain's segment collides one-sided, with its neighbours as ghost vertices (chain.h); B is never a
// segment (ShapesCollide), and a segment always comes first.
Manifold Collide(const Shape& sa, const Transform& xa, const Shape& sb, const Transform& xb, float margin) {
    if (sa.chain == kNull) return Collide(sa.geometry, xa, sb.geometry, xb, margin);
    const auto& segment = std::get<Segment>(sa.geometry);
    const ChainSegment a(sa.ghost1, segment.a(), segment.b(), sa.ghost2);
    if (const auto* b = std::get_if<Circle>(&sb.geometry)) return CollideChainSegmentAndCircle(a, xa, *b, xb, margin);
    if (const auto* b = std::get_if<Capsule>(&sb.geometry)) return CollideChainSegmentAndCapsule(a, xa, *b, xb, margin);
    if (const auto* b = std::get_if<Box>(&sb.geometry)) return CollideChainSegmentAndBox(a, xa, *b, xb, margin);
    if (const auto* b = std::get_if<ConvexPolygon>(&sb.geometry)) return CollideChainSegmentAndPolygon(a, xa, *b, xb, margin);
    return {};
}

// A manifold is carried instead of recomputed while B has moved less than this fraction of
// SolverSettings::linearSlop relative to A since it was computed (1e-5 m by default): the pair then
// moved as one rigid body, and the separations are off by less than that.
constexpr float kCarryFraction = 0.002f;

// Fewer contacts than this are not worth a fork-join.
constexpr int kMinParallelPairs = 64;

// What UpdateContacts' parallel pass did with a contact (WorldImpl::narrowStatus).
enum : uint8_t {
    kNarrowUnchanged,  // nothing of the pair moved (or it is dead): left alone
    kNarrowApart,      // fat AABBs apart: to be destroyed
    kNarrowCarried,    // manifold carried along with A, or still without points
    kNarrowComputed,   // manifold computed anew: touch events and waking follow
};

// B moved rigidly relative to A by less than `tolerance`: its material at each manifold point and at
// its centre of mass (two points fix a planar rigid motion). The material at the points alone is not
// enough: a rolling ball's material at the contact is the instantaneous centre of rotation and barely
// moves (r·θ²/2 per step), so below 0.19 m/s for a 0.5 m ball the contact was carried behind the
// rolling ball, the normal impulse there turned it faster, and it sped up to that speed (issue 15).
// B's material at a point of A's frame is InvTransformPoint(c.relativePose, point): for the manifold
// points and the centre those are Contact's carry constants, computed once per relativePose (the centre's
// again only if B's local centre changes) instead of every step, the same floats.
bool CanCarry(Contact& c, const Transform& relative, Vec2 localCenterB, float tolerance) {
    if (!c.hasLocalManifold || c.manifold.pointCount == 0) return false;
    auto stayed = [&](Vec2 pointInB, Vec2 pointInA) {
        const Vec2 moved = TransformPoint(relative, pointInB);
        return LengthSquared(moved - pointInA) <= tolerance * tolerance;
    };
    for (int p = 0; p < c.manifold.pointCount; ++p) {
        if (!stayed(c.carryPointB[p], c.localPoint[p])) return false;
    }
    if (std::memcmp(&c.carryCenterOf, &localCenterB, sizeof localCenterB) != 0) {
        c.carryCenterA = TransformPoint(c.relativePose, localCenterB);
        c.carryCenterB = InvTransformPoint(c.relativePose, c.carryCenterA);
        c.carryCenterOf = localCenterB;
    }
    return stayed(c.carryCenterB, c.carryCenterA);
}

// The pair's manifold computed anew at poses xa, xb (B's pose relative to A: `relative`), with the
// impulses and pending approaches of points with the same feature ids handed on; false, leaving the
// contact as it is, when it had no points and still has none. Such a pair (fat AABBs overlapping,
// shapes apart beyond the margin: in a column of dropped boxes, each box and the one two below it, as
// many as the touching pairs) has no impulses, touches nothing and wakes nothing, and nothing reads its
// normal, relative pose or local frame before a manifold with points replaces them: only the test is
// needed (on A50x20 at rest the bookkeeping and touch update cost about 150 instructions a pair).
// Out of line: the narrow phase's hot path is the carried pair; with this part inside it, the whole
// refresh stayed out of line and every contact paid a call.
[[gnu::noinline]] bool ComputeManifold(Contact& c, const Shape& sa, const Transform& xa, const Shape& sb, const Transform& xb,
                                       const Transform& relative, float margin, bool warmStarting) {
    const Manifold m = Collide(sa, xa, sb, xb, margin);
    if (m.pointCount == 0 && c.manifold.pointCount == 0 && c.hasLocalManifold) {
        c.margin = margin;  // asked with this margin: the continuous phase's held rule reads it (ContactHoldsPair)
        return false;
    }
    float normalImpulse[2] = {0.0f, 0.0f};
    float tangentImpulse[2] = {0.0f, 0.0f};
    float pendingApproach[2] = {0.0f, 0.0f};
    for (int p = 0; p < m.pointCount; ++p) {
        for (int q = 0; q < c.manifold.pointCount; ++q) {
            if (c.manifold.points[q].id == m.points[p].id) {
                if (warmStarting) {
                    normalImpulse[p] = c.normalImpulse[q];
                    tangentImpulse[p] = c.tangentImpulse[q];
                }
                pendingApproach[p] = c.pendingApproach[q];
                break;
            }
        }
    }
    c.manifold = m;
    c.margin = margin;
    c.hasLocalManifold = true;
    c.relativePose = relative;
    for (int p = 0; p < m.pointCount; ++p) c.localPoint[p] = InvTransformPoint(xa, m.points[p].point);
    c.localNormal = InvRotate(xa.q, m.normal);
    detail::ResetCarryConstants(c);
    for (int p = 0; p < 2; ++p) {
        c.normalImpulse[p] = normalImpulse[p];
        c.tangentImpulse[p] = tangentImpulse[p];
        c.pendingApproach[p] = pendingApproach[p];
    }
    return true;
}

} // namespace

bool WorldImpl::ShapesCollide(const Shape& a, const Shape& b) const {
    if (a.isSensor || b.isSensor) return false;  // sensors overlap (sensors.cpp), they never touch
    if (std::holds_alternative<Segment>(a.geometry) && std::holds_alternative<Segment>(b.geometry)) return false;
    return ShouldCollide(a.filter, b.filter);
}

bool WorldImpl::ContactDisabled(int shapeA, int shapeB) const {
    if (preSolve == nullptr) return false;
    const auto it = contactByPair.find(PairKey(shapeA, shapeB));
    return it != contactByPair.end() && !contacts[it->second].enabled;
}

void WorldImpl::CreateContact(int shapeA, int shapeB) {
    if (!ComesFirst(shapes[shapeA], shapeA, shapes[shapeB], shapeB)) std::swap(shapeA, shapeB);
    int index;
    if (freeContact != kNull) {
        index = freeContact;
        freeContact = contacts[index].nextFree;
    } else {
        index = static_cast<int>(contacts.size());
        contacts.emplace_back();
    }
    const Shape& sa = shapes[shapeA];
    const Shape& sb = shapes[shapeB];
    Contact& c = contacts[index];
    c = Contact{};
    c.alive = true;
    c.shapeA = shapeA;
    c.shapeB = shapeB;
    c.bodyA = sa.body;
    c.bodyB = sb.body;
    c.friction = std::sqrt(sa.friction * sb.friction);
    c.restitution = Max(sa.restitution, sb.restitution);
    c.hitEvents = sa.enableHitEvents || sb.enableHitEvents;
    freshContacts.push_back(index);
    // Push onto the front of both bodies' contact lists.
    const int ends[2] = {c.bodyA, c.bodyB};
    for (int side = 0; side < 2; ++side) {
        Body& body = bodies[ends[side]];
        c.next[side] = body.contactHead;
        if (body.contactHead != kNull) {
            Contact& head = contacts[body.contactHead];
            head.prev[head.bodyA == ends[side] ? 0 : 1] = index;
        }
        body.contactHead = index;
    }
    contactByPair.emplace(PairKey(shapeA, shapeB), index);
    ++contactCount;
}

void WorldImpl::DestroyContact(int index) {
    Contact& c = contacts[index];
    if (c.touching) ReportEndTouch(c);
    const int ends[2] = {c.bodyA, c.bodyB};
    for (int side = 0; side < 2; ++side) {
        const int prev = c.prev[side];
        const int next = c.next[side];
        if (prev != kNull) {
            Contact& p = contacts[prev];
            p.next[p.bodyA == ends[side] ? 0 : 1] = next;
        } else {
            bodies[ends[side]].contactHead = next;
        }
        if (next != kNull) {
            Contact& n = contacts[next];
            n.prev[n.bodyA == ends[side] ? 0 : 1] = prev;
        }
    }
    contactByPair.erase(PairKey(c.shapeA, c.shapeB));
    c.alive = false;
    c.nextFree = freeContact;
    freeContact = index;
    --contactCount;
}

// Every shape whose proxy was re-inserted looks for new overlapping proxies. Pairs of two moved shapes
// are handled once, by the lower shape index. Contacts are created in the broad phase's (deterministic)
// visiting order, so the two broad phases create the same contacts but not in the same order.
void WorldImpl::FindNewContacts() {
    broadPhase.Update();
    for (int si : movedShapes) {
        const Shape& s = shapes[si];
        if (!s.alive || s.proxy == kNull) continue;
        const Body& body = bodies[s.body];
        broadPhase.Query(broadPhase.FatAABB(s.proxy), [&](int other) {
            if (other == si) return;
            const Shape& o = shapes[other];
            if (o.body == s.body) return;
            if (o.moved && other < si) return;
            const Body& ob = bodies[o.body];
            if (body.type != BodyType::Dynamic && ob.type != BodyType::Dynamic) return;
            if (!JointAllowsContact(s.body, o.body)) return;
            if (!ShapesCollide(s, o)) return;
            if (contactByPair.contains(PairKey(si, other))) return;
            CreateContact(si, other);
        });
    }
    for (int si : movedShapes) shapes[si].moved = false;
    movedShapes.clear();
}

// Narrow phase for every contact with a moving body, and once for a new contact whatever its bodies do
// (a body created or teleported into a frozen pile must be seen there); contacts whose fat AABBs
// separated are destroyed. Contacts inside a frozen pile (or against static geometry) keep their
// manifold: nothing there moved. A body found deep inside a frozen one wakes its pile. Their touching state
// stays too (a carried manifold keeps its separations): no events there.
void WorldImpl::UpdateContacts(float dt) {
    // Two passes. The first, in parallel chunks when there is a pool, refreshes each contact's own
    // manifold (carried or computed) and notes what the second must do; the second, in contact order,
    // does what touches shared state: destroying, touch events, waking. Waking only changes frozen flags
    // and rest timers, never a pose, a velocity or a manifold, so the first pass computes what the
    // contact-ordered loop would; a contact left alone only because its bodies were frozen, and woken by
    // an earlier contact of the second pass, is refreshed there.
    const float speculativeDistance = settings.speculativeDistance;
    // Speculative margin: the fixed distance plus how far the pair can close in one step, moving and
    // turning. Without the turn, a domino falling flat hit the ground with its far end outside the
    // margin and sank 4.7 cm into it in one step; pushed out by the position pass, that came back as
    // +1.1 % energy (sensu-bench-fidelity's dominoes/2504; 11 of 12,000 scenes). A body turning more
    // than kLinearTurn in a step is left out of it (world_internal.h).
    auto turnOf = [&](const Body& body) {
        const float angle = dt * std::fabs(body.w);
        return angle <= detail::kLinearTurn ? angle * body.turnReach : 0.0f;
    };
    auto marginOf = [&](const Body& a, const Body& b) { return speculativeDistance + dt * Length(b.v - a.v) + turnOf(a) + turnOf(b); };
    // Dead pairs, and pairs where nothing moved (the manifold stands).
    auto unchanged = [&](const Contact& c) {
        return !c.alive || (!IsMovingBody(bodies[c.bodyA]) && !IsMovingBody(bodies[c.bodyB]) && c.hasLocalManifold);
    };
    auto fatApart = [&](const Contact& c) {
        return !Overlaps(broadPhase.FatAABB(shapes[c.shapeA].proxy), broadPhase.FatAABB(shapes[c.shapeB].proxy));
    };
    // Refreshes the manifold of a pair whose fat AABBs overlap; true when it was computed anew (then the
    // touching state may change), false when it was carried or stayed without points.
    auto refresh = [&](Contact& c) {
        const Body& a = bodies[c.bodyA];
        const Body& b = bodies[c.bodyB];
        // Persistent manifold: a pair at rest relative to each other (most contacts of a pile, even while
        // the pile sways) keeps its manifold, moved with A; its impulses stay as they are.
        const Transform relative = InvMul(a.xf, b.xf);
        if (CanCarry(c, relative, b.localCenter, kCarryFraction * settings.linearSlop)) {
            for (int p = 0; p < c.manifold.pointCount; ++p) c.manifold.points[p].point = TransformPoint(a.xf, c.localPoint[p]);
            c.manifold.normal = Rotate(a.xf.q, c.localNormal);
            return false;
        }
        const bool computed = ComputeManifold(c, shapes[c.shapeA], a.xf, shapes[c.shapeB], b.xf, relative, marginOf(a, b), settings.warmStarting);
        c.marginStamp = continuousStamp + 1;  // the stamp BeginContinuous gives this step
        return computed;
    };
    auto narrow = [&](int i) {
        Contact& c = contacts[i];
        if (unchanged(c)) {
            narrowStatus[i] = kNarrowUnchanged;
        } else if (fatApart(c)) {
            narrowStatus[i] = kNarrowApart;
        } else {
            narrowStatus[i] = refresh(c) ? kNarrowComputed : kNarrowCarried;
        }
    };
    // Touch events and waking for a freshly computed manifold; true when a frozen pile woke. Only with
    // rest states on and something frozen (known once CollectNarrowCandidates has counted it) can it wake.
    bool mayWake = false;
    auto computed = [&](int i) {
        UpdateTouching(i);
        if (!mayWake) return false;
        const Contact& c = contacts[i];
        if (bodies[c.bodyA].frozen == bodies[c.bodyB].frozen) return false;
        const int frozenBody = bodies[c.bodyA].frozen ? c.bodyA : c.bodyB;
        WakeOverlappedPile(i);
        return !bodies[frozenBody].frozen;
    };
    // The contact-ordered part for contact i; true when it woke a frozen pile.
    auto settle = [&](int i, uint8_t status) {
        switch (status) {
            case kNarrowUnchanged:
                if (unchanged(contacts[i])) return false;  // else woken above: refreshed here
                if (fatApart(contacts[i])) {
                    DestroyContact(i);
                } else if (refresh(contacts[i])) {
                    return computed(i);
                }
                return false;
            case kNarrowApart: DestroyContact(i); return false;
            case kNarrowComputed: return computed(i);
            default: return false;  // carried: nothing else changes
        }
    };
    narrowStatus.resize(contacts.size());
    const int contactTotal = static_cast<int>(contacts.size());
    const bool fewCandidates = CollectNarrowCandidates();
    mayWake = settings.restStates && frozenBodies > 0;
    if (!fewCandidates) {
        detail::ForChunks(pool, contactTotal, kMinParallelPairs, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) narrow(i);
        });
        // Runs of carried contacts (every contact of a swaying pile) need nothing here: skipped eight at
        // a time.
        constexpr uint64_t kEightCarried = 0x0101010101010101ull * kNarrowCarried;
        for (int i = 0; i < contactTotal; ++i) {
            if (i + 8 <= contactTotal) {
                uint64_t eight;
                std::memcpy(&eight, narrowStatus.data() + i, sizeof eight);
                if (eight == kEightCarried) {
                    i += 7;
                    continue;
                }
            }
            settle(i, narrowStatus[i]);
        }
    } else {
        // Few bodies move: only the candidates can change, the rest is left unchanged by both passes, so
        // visiting the candidates in contact order does what the loops above do. A pile woken on the way
        // makes its contacts change too: from there on every contact is visited, as above.
        const int candidateCount = static_cast<int>(narrowCandidates.size());
        detail::ForChunks(pool, candidateCount, kMinParallelPairs, [&](int begin, int end) {
            for (int k = begin; k < end; ++k) narrow(narrowCandidates[k]);
        });
        for (int k = 0; k < candidateCount; ++k) {
            if (!settle(narrowCandidates[k], narrowStatus[narrowCandidates[k]])) continue;
            for (int i = narrowCandidates[k] + 1; i < contactTotal; ++i)
                settle(i, contactVisit[i] == narrowStamp ? narrowStatus[i] : static_cast<uint8_t>(kNarrowUnchanged));
            break;
        }
    }
    freshContacts.clear();
}

// Whether UpdateContacts may visit only narrowCandidates: the contacts of the moving bodies and the
// contacts created this step (no manifold yet), in contact order. Every other live contact has a
// manifold and no moving body, so the narrow phase leaves it unchanged.
bool WorldImpl::CollectNarrowCandidates() {
    if (!CollectFewMovers()) return false;
    ContactsOf(movers, false, narrowCandidates);
    for (const int c : freshContacts) {
        if (!contacts[c].alive || contactVisit[c] == narrowStamp) continue;
        contactVisit[c] = narrowStamp;
        narrowCandidates.push_back(c);
    }
    std::sort(narrowCandidates.begin(), narrowCandidates.end());
    return true;
}

// A mostly frozen world: the loops over every body and contact cost far more than the few that move.
// Those loops visit the moving bodies' contacts instead, found from their contact lists. Walking the
// lists and sorting costs more than the plain loops when most bodies move. Measured: with every body
// moving, visiting only the movers takes 6–7 % more instructions (callgrind, B20 and C100 without rest
// states); with half of 3,200 moving about as many; with a third 11 % less time, and with one in
// 1,600 a small fraction of it.
// The list stays tracked for the rest of the step (Step ends it): what wakes joins it, nothing stops
// moving before the rest states at the step's end.
bool WorldImpl::CollectFewMovers() {
    constexpr size_t kFewMovingShare = 3;  // at most one body in this many moves
    movers.clear();
    int frozen = 0;
    for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
        const Body& b = bodies[i];
        if (b.alive && IsMovingBody(b)) movers.push_back(i);
        frozen += b.frozen ? 1 : 0;
    }
    frozenBodies = frozen;
    moversSorted = true;
    moversTracked = visitFewMovers && kFewMovingShare * movers.size() <= bodies.size();
    return moversTracked;
}

const std::vector<int>* WorldImpl::TrackedMovers() {
    if (!moversTracked) return nullptr;
    if (!moversSorted) std::sort(movers.begin(), movers.end());
    moversSorted = true;
    return &movers;
}

// The contacts of the given bodies (of their dynamic ones only when dynamicOnly), each once, unsorted:
// the caller sorts once it has added its own; contactVisit[c] == narrowStamp marks them afterwards.
void WorldImpl::ContactsOf(const std::vector<int>& ofBodies, bool dynamicOnly, std::vector<int>& out) {
    contactVisit.resize(contacts.size(), 0);
    if (++narrowStamp == 0) {  // wrapped (after 2^32 uses): old marks would read as this use's
        std::fill(contactVisit.begin(), contactVisit.end(), 0u);
        narrowStamp = 1;
    }
    out.clear();
    for (const int body : ofBodies) {
        if (dynamicOnly && bodies[body].type != BodyType::Dynamic) continue;
        for (int c = bodies[body].contactHead; c != kNull;) {
            if (contactVisit[c] != narrowStamp) {
                contactVisit[c] = narrowStamp;
                out.push_back(c);
            }
            const Contact& contact = contacts[c];
            c = contact.next[contact.bodyA == body ? 0 : 1];
        }
    }
}

} // namespace sensu
