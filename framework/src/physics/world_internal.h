#pragma once
// Internal state of a World: plain arrays of bodies, shapes and contacts addressed by index, plus the
// scratch arrays of one step (kept between steps so a steady-state step allocates nothing).
#include <cstdint>
#include <functional>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "broad_phase.h"
#include "colour_schedule.h"
#include "contact_wide.h"
#include "continuous.h"
#include "sensu/physics/contact_events.h"
#include "joint_internal.h"
#include "lap_clock.h"
#include "sensu/physics/world.h"
#include "soft_contact_solver.h"
#include "thread_pool.h"

namespace sensu {

namespace detail {

inline constexpr int kNull = -1;

// Key of WorldImpl::contactByPair: the two shape indices, in either order.
inline uint64_t PairKey(int shapeA, int shapeB) {
    const auto lo = static_cast<uint64_t>(shapeA < shapeB ? shapeA : shapeB);
    const auto hi = static_cast<uint64_t>(shapeA < shapeB ? shapeB : shapeA);
    return (hi << 32) | lo;
}

struct Body {
    BodyType type = BodyType::Static;
    uint32_t generation = 0;
    bool alive = false;
    bool frozen = false;          // RotationStable with rest states on: excluded from integration and solver
    float restTimer = 0.0f;       // s the body has been slow
    Vec2 restV{};                 // m/s and rad/s when the slow window began: a body whose velocity
    float restW = 0.0f;           // changed over the window is still accelerating (rest_states.cpp)
    bool restCandidate = false;   // slow for restTime: may freeze together with its touching candidates
    bool restHeld = false;        // its supports hold it (seed 004 §3.4.2 / §3.5.1), span in support*;
                                  // judged only when its group may freeze and read then (scratch)
    bool jointHeld = false;       // frozen while held by joints, not by floor supports: any push wakes it
    Vec2 restPreviousV{};         // m/s, rad/s at the end of the last step: a jointed body must also be
    float restPreviousW = 0.0f;   // unaccelerated to rest (a pendulum is slow at its turning points)
    uint32_t restStamp = 0;       // visit mark of the component search

    Transform xf{};               // body origin pose
    float angle = 0.0f;           // rad, unwrapped
    Vec2 localCenter{};           // centre of mass in the body frame
    Vec2 center{};                // centre of mass, world
    Vec2 v{};                     // m/s of the centre of mass
    float w = 0.0f;               // rad/s
    Vec2 force{};                 // N, cleared after each step
    float torque = 0.0f;          // N·m
    float gravityScale = 1.0f;
    bool bullet = false;          // always swept by the continuous phase (dynamic and kinematic bodies)
    float sweepRadius = 0.0f;     // m, farthest shape point from the centre of mass (continuous rule)
    float turnReach = 0.0f;       // m per rad: how far turning can move a shape's surface along a fixed direction
    float thinnest = 0.0f;        // m, thickness of the thinnest shape (0 for a segment; continuous rule)

    float mass = 0.0f, invMass = 0.0f;       // kg, 1/kg
    float inertia = 0.0f, invInertia = 0.0f; // kg·m² about the centre of mass

    // Support recorded when frozen (seed 004 §3.4.2): x span of the support points, their lowest y, the
    // friction of the support, and the force the supports exerted then (N, it carries the body and
    // everything resting on it) with its centre of pressure, so pushes that would slide, lift or tip the
    // body with its load wake its pile (rest_states.cpp). State only while frozen on floor supports
    // (!jointHeld): Save carries it then only.
    float supportMinX = 0.0f, supportMaxX = 0.0f, supportY = 0.0f, supportFriction = 0.0f;
    Vec2 supportReaction{};
    Vec2 supportNormal{0.0f, 1.0f};
    float supportPressureX = 0.0f;
    // Extra load (N·s, and its moment about the world origin, N·m·s) pushed onto this frozen body this
    // step, by moving bodies or through the frozen bodies resting on it; valid when loadStamp is current.
    Vec2 load{};
    float loadMoment = 0.0f;
    uint32_t loadStamp = 0;

    std::vector<ShapeId> shapes;
    std::vector<int> joints;      // indices of the joints attached to this body
    int contactHead = kNull;      // first contact of this body's contact list
    int solverIndex = kNull;      // index in the solver arrays during a step
    uint32_t integratedStep = 0;  // last step whose forces were integrated (a re-solve must not repeat it)
    Vec2 forceDv{};               // m/s and rad/s the forces added in step integratedStep: restitution
    float forceDw = 0.0f;         // measures the approach without them (contact_solver.cpp)
    void* userData = nullptr;
};

struct Shape {
    uint32_t generation = 0;
    bool alive = false;
    int body = kNull;
    ShapeGeometry geometry{Circle({0.0f, 0.0f}, 0.0f)};
    float density = 0.0f, friction = 0.0f, restitution = 0.0f;
    Filter filter{};
    bool isSensor = false;
    bool enableContactEvents = true, enableHitEvents = false;
    std::vector<ShapeId> visitors;  // a sensor's overlapping shapes after the last step, by (index, generation)
    void* userData = nullptr;
    int proxy = kNull;            // broad-phase proxy
    bool moved = false;           // proxy re-inserted this step: look for new pairs
    // A chain's segment (chain.cpp): its chain and the neighbours' far vertices (body frame), which make
    // its contacts one-sided and smooth across joints (ChainSegment).
    int chain = kNull;
    Vec2 ghost1{}, ghost2{};
};

// A chain (chain.h): its segment shapes, in the order of its points.
struct Chain {
    uint32_t generation = 0;
    bool alive = false;
    int body = kNull;
    bool loop = false;
    std::vector<ShapeId> shapes;
};

// rad per step: the largest turn the speculative margin allows for (UpdateContacts). A speculative point
// stands for a straight-line approach; larger turns are the continuous phase's (seed 000's fans).
inline constexpr float kLinearTurn = 0.5f;

struct Contact {
    bool alive = false;
    int shapeA = kNull, shapeB = kNull;   // collision order: shapeA is the lower-ranked geometry type
    int bodyA = kNull, bodyB = kNull;
    int prev[2] = {kNull, kNull};         // neighbours in bodyA's (0) and bodyB's (1) contact lists
    int next[2] = {kNull, kNull};
    Manifold manifold{};
    float normalImpulse[2] = {0.0f, 0.0f};
    float tangentImpulse[2] = {0.0f, 0.0f};
    // m/s: approach speed of a speculative point that stopped its body at the surface last step; the
    // point bounces with it this step, from the surface (ApplyRestitution). Matched by feature id.
    float pendingApproach[2] = {0.0f, 0.0f};
    float friction = 0.0f, restitution = 0.0f;
    bool touching = false;                // a manifold point within linearSlop (contact_events.h)
    bool enabled = true;                  // the pre-solve hook's answer for this step
    uint32_t hitStep = 0;                 // last step that reported a hit (an impact spans two steps)
    bool hitEvents = false;               // either shape asks for hit events
    int nextFree = kNull;
    // The manifold as computed, in A's frame, and B's pose in A's frame then: while the pair keeps that
    // relative pose the manifold is carried along with A instead of computed again (contact.cpp).
    bool hasLocalManifold = false;         // the three fields below are set
    Transform relativePose{};
    Vec2 localPoint[2]{};
    Vec2 localNormal{};
    // The carry test's constants (CanCarry, contact.cpp), kept so a carried pair does not transform them
    // again every step: B's material at each local point, in B's frame as of relativePose; and B's centre
    // in A's frame and back in B's, for B's local centre carryCenterOf (NaN: not computed for this
    // relativePose yet). Functions of the fields above, not state: a loaded world rebuilds them.
    Vec2 carryPointB[2]{};
    Vec2 carryCenterOf{std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::quiet_NaN()};
    Vec2 carryCenterA{}, carryCenterB{};
    // m: the speculative margin the manifold was computed with, and the continuousStamp of the step it
    // was computed in: the manifold holds every point closer than that at that step's start poses,
    // which is how the continuous phase knows the contact holds a motion the solver changed
    // (ContinuousPhase::ContactHoldsPair). Scratch for snapshots (world_snapshot.cpp).
    float margin = 0.0f;
    uint32_t marginStamp = 0;
};

// A contact's carry constants for its relativePose and local points (the centre's left to CanCarry).
inline void ResetCarryConstants(Contact& c) {
    for (int p = 0; p < 2; ++p) c.carryPointB[p] = InvTransformPoint(c.relativePose, c.localPoint[p]);
    c.carryCenterOf = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::quiet_NaN()};
}

// Velocity of one solver body: the only per-body data the velocity iterations touch.
struct SolverVelocity {
    Vec2 v{};
    float w = 0.0f;
};

// Solver copy of one body (position pass, levels, wake test).
struct SolverBody {
    int body = kNull;
    float invMass = 0.0f, invInertia = 0.0f;
    Vec2 center{};   // position pass state
    float angle = 0.0f;
    Rot q{};
    int level = 0;   // contact-graph distance from a fixed body (0 for static, frozen, kinematic)
};

// Whether a body at contact-graph level `lower` holds up one at level `upper` across a contact whose
// normal, from the lower body to the upper, has `upward` = normal · up: it is nearer the fixed bodies and
// the contact is a floor-like support (the seed 004 §3.4 rule, SolverSettings::supportNormalY). Such a
// body is held fixed by the position pass (WorldImpl::ShockHeldSide) and by the continuous phase's
// impact solve (ContinuousPhase::Supports), as the shock pass holds it.
inline bool HoldsUp(int lower, int upper, float upward, float supportNormalY) { return lower < upper && upward >= supportNormalY; }

// Bits of WorldImpl::restitutionFlags, set by the pre-step (contact_prestep.cpp): tests that need only
// the pre-step's numbers, so the passes after it skip the contacts where they fail.
inline constexpr uint8_t kMayBounce = 1;  // ApplyRestitution's test, less the impulse not found yet
inline constexpr uint8_t kMayStop = 2;    // a speculative point may stop its body (Solve keeps its approach)

// Set in a prestepPairs entry (a << 32 | b) when one body is fixed and the pair does not touch (every
// point farther apart than linearSlop: a speculative contact), which changes the levels
// (OrderContactsBottomUp), so the order cache must see it. Solver indices stay below 2^31.
inline constexpr uint32_t kGapPair = 1u << 31;

// What the pre-step's contact fill reads of one solver body (contact_prestep.cpp), packed by solver
// index: reading it from the ~270-byte Body of both bodies of every contact cost more than the rows.
struct PrestepBody {
    Vec2 center{};                // m, centre of mass, world
    Rot q{};                      // orientation
    SolverVelocity v{};           // m/s and rad/s as the solver starts
    SolverVelocity forceDelta{};  // m/s and rad/s this step's forces added (zero when none were integrated)
    float invMass = 0.0f, invInertia = 0.0f;  // 1/kg, 1/(kg·m²) as the solver sees them (zero: fixed)
};

// Velocity rows of one contact point.
// The arms enter the rows only through their cross products with the normal and the tangent, so those
// are stored instead of the arms: v_rel·d = (vB − vA)·d + ωB (rB×d) − ωA (rA×d).
struct SolverPoint {
    float rnA = 0.0f, rnB = 0.0f;  // rA×n, rB×n (rA, rB: centre of mass → contact point), m
    float rtA = 0.0f, rtB = 0.0f;  // rA×t, rB×t with t the tangent, m
    float normalImpulse = 0.0f, tangentImpulse = 0.0f;  // accumulated, N·s
    float normalMass = 0.0f, tangentMass = 0.0f;        // kg (set only where used, see PrepareMasses)
    float velocityBias = 0.0f;   // m/s target normal velocity (restitution or speculative approach)
};

// Everything the velocity iterations read for one contact (kept compact: it is touched every pass).
struct SolverContact {
    int a = kNull, b = kNull;    // solver body indices
    int pointCount = 0;
    int cold = kNull;            // index of the SolverContactCold of this contact
    Vec2 normal{};
    float friction = 0.0f;
    float invMassA = 0.0f, invInertiaA = 0.0f, invMassB = 0.0f, invInertiaB = 0.0f;
    SolverPoint points[2];
    float pairRtA = 0.0f, pairRtB = 0.0f;  // two points: rA×t, rB×t at their middle (the one friction row), m
    float pairTangentMass = 0.0f;          // kg, effective mass of that row
    // Two-point block solve: K (symmetric) and its inverse; useBlock false when K is ill-conditioned.
    bool useBlock = false;
    bool touching = false;  // Contact::touching (a point within linearSlop): a gap holds no body up (levels)
    float k11 = 0.0f, k12 = 0.0f, k22 = 0.0f;
    float inv11 = 0.0f, inv12 = 0.0f, inv22 = 0.0f;
};

// Whether the solver moves a body with these inverse mass and inertia: static, kinematic, frozen and
// shock-held bodies have neither, and a colour may share them (the solver never writes them).
inline bool Moves(float invMass, float invInertia) { return invMass != 0.0f || invInertia != 0.0f; }
inline bool MovesA(const SolverContact& sc) { return Moves(sc.invMassA, sc.invInertiaA); }
inline bool MovesB(const SolverContact& sc) { return Moves(sc.invMassB, sc.invInertiaB); }

// What only the position pass and the wake test read.
struct SolverContactCold {
    int contact = kNull;
    Vec2 localNormal{};                  // normal in A's frame
    Vec2 localAnchorA[2]{}, localAnchorB[2]{};  // surface points in the body frames
    Vec2 point[2]{};                     // world contact points
    float restitution = 0.0f;            // e of the pair (0 when the restitution switch is off)
    // Set only where read: the approach and speculative flags when restitution is not 0, hitApproach
    // when the pair asks for hit events (SolverKind::SequentialImpulses; contact_prestep.cpp).
    float approachSpeed[2]{};            // m/s, −vn before the velocity passes (restitution's reference)
    float hitApproach[2]{};              // m/s, −vn with this step's forces, nothing handed on (hit events)
    bool speculative[2]{};               // farther apart than linearSlop: may stop its body, bounces next step
};

// A 3×3 block of the chain solver's K (chain_solver.cpp): rows normal 1, normal 2, friction. Each row is
// padded to four floats, so that one SSE2 instruction does a row's three operations (the fourth is 0).
struct alignas(16) ChainBlock {
    float m[3][4] = {};
};

// One row of a chain link: direction and the arms (r×d) on A and B (chain_solver.cpp RowOf).
struct ChainRow {
    Vec2 d{};
    float armA = 0.0f, armB = 0.0f;
};

// The colour schedules of the passes of one solve (WorldImpl::ScheduleColours), each built once and
// reused by every pass that needs it: they depend only on the order, the colours, the wide batches and
// the thread count, not on the pass. Scratch: a copied world starts with none built.
struct ColourSchedules {
    ColourSchedule schedule[4];  // [2 * backwards + wide]
    bool built[4] = {};
    ColourSchedules() = default;
    ColourSchedules(const ColourSchedules&) {}
    ColourSchedules& operator=(const ColourSchedules&) {
        Forget(false);
        return *this;
    }
    // wideOnly: only the schedules that count wide items (the batches changed, not the colours).
    void Forget(bool wideOnly) {
        for (int i = 0; i < 4; ++i) built[i] = built[i] && wideOnly && i % 2 == 0;
    }
};

// Contacts solverContacts[begin, end) of one colour of one level (solver_order.cpp). independent: they
// share no moving body and may be solved in parallel; false for the overflow colour.
struct ColourRange {
    int begin = 0, end = 0;
    bool independent = true;
};

// A band of consecutive levels cut into parts that share no moving body (solver_parts.cpp). Its
// segments, each coloured on its own, start at firstSegment: part p's contacts of the band's level i
// are segment firstSegment + p·levels + i, and the seam contacts of level i (moving bodies in two parts)
// segment firstSegment + parts·levels + i (empty when the band is one part).
struct PartBand {
    int firstSegment = 0;
    int parts = 1;
    int levels = 1;
};

// The last order and colouring (solver_order.cpp), kept to be reused: they depend only on the contact
// graph (the solver bodies of each solver contact, in pre-step order) and on which solver bodies are
// fixed, and a pile keeps that graph step after step. Building them is serial (10 % of a C100 step,
// 16 % of ManyPyramids, one thread); reusing them is a parallel copy through `destination`.
struct ContactOrderCache {
    bool valid = false;
    bool bottomUp = false;              // built with levels (SolverSettings::bottomUpOrder or shockPropagation)
    std::vector<uint64_t> pairs;        // key: a << 32 | b of each solver contact, in pre-step order
    std::vector<uint8_t> fixedBodies;   // key: 1 per solver body the solver does not move
    std::vector<int> destination;       // solverContacts slot of each pre-step solver contact once ordered
    bool identity = true;               // destination[k] == k for every k: nothing to move
    std::vector<int> bodyLevels;        // SolverBody::level of each solver body
    std::vector<int> levelStart, segmentColours;
    std::vector<PartBand> partBands;
    std::vector<ColourRange> colourRanges;
    uint64_t reuses = 0;                // solves that reused the order (the tests check that it happens)
};

} // namespace detail

struct WorldImpl {
    Vec2 gravity{};
    SolverSettings settings{};
    float stepDt = 1.0f / 60.0f;
    uint32_t stepIndex = 0;  // s, the last step's dt (predicts one step of motion for the broad phase)

    std::vector<detail::Body> bodies;
    std::vector<uint32_t> freeBodies;
    std::vector<detail::Shape> shapes;
    std::vector<uint32_t> freeShapes;
    std::vector<detail::Contact> contacts;
    int freeContact = detail::kNull;
    int contactCount = 0;
    std::unordered_map<uint64_t, int> contactByPair;  // lookup only, never iterated (determinism)
    std::vector<detail::Joint> joints;
    std::vector<uint32_t> freeJoints;
    std::vector<detail::Chain> chains;
    std::vector<uint32_t> freeChains;
    int drivingJoints = 0;  // joints with Joint::drives set
    detail::BroadPhase broadPhase;

    // Scratch of one step.
    std::vector<int> movedShapes;
    std::vector<uint8_t> proxiesLeft;  // by body: 1 when a shape's proxy no longer holds it (World::Step)
    std::vector<uint8_t> shapeProxiesLeft;  // by shape: 1 when its proxy no longer holds it (World::Step)
    std::vector<uint8_t> narrowStatus;      // by contact: what UpdateContacts' parallel pass did with it
    std::vector<int> freshContacts;         // created since the last narrow phase (no manifold yet)
    // The moving bodies, in body order, when few move (CollectFewMovers at the narrow phase): then the
    // step's loops over moving bodies visit these instead of every body. Bodies the step wakes join
    // (WakePile); moversTracked is false when the loops must visit every body.
    std::vector<int> movers;
    // Bodies frozen when the narrow phase began (CollectFewMovers counts them with the movers). Nothing
    // freezes before UpdateRestStates at the step's end, so while it is 0 no body is frozen and the
    // rest states' wake tests have nothing to find.
    int frozenBodies = 0;
    bool moversTracked = false;
    bool moversSorted = true;
    bool continuousStartsOpen = false;  // BeginContinuous recorded the movers only: a woken body records itself
    std::vector<int> narrowCandidates;      // the contacts the narrow phase visits when few bodies move
    std::vector<int> contactsOfMovers;      // the pre-step's candidates when few bodies move (SolveVelocities)
    std::vector<uint32_t> contactVisit;     // by contact: narrowStamp when it is a candidate this step
    uint32_t narrowStamp = 0;
    std::vector<detail::SolverBody> solverBodies;
    std::vector<detail::SolverVelocity> solverVelocities;
    std::vector<detail::SolverVelocity> preSolveVelocities;  // after forces, before impulses (re-solve)
    std::vector<detail::SolverContact> solverContacts;
    std::vector<detail::SolverContactCold> solverContactsCold;
    std::vector<detail::SolverContact> sortedContacts;
    std::vector<uint8_t> joinsSolver;   // by body: non-zero when it joins the solver as a moving body (2: dynamic, 1: kinematic)
    std::vector<uint8_t> takesPart;     // by contact: non-zero when it becomes a solver contact
    std::vector<int> compacted;         // the bodies that join the solver as moving bodies, in body order
    std::vector<int> compactBlocks;     // CompactFlags' scratch
    std::vector<int> prestepContacts;  // contact index of each solver contact, before ordering
    std::vector<detail::PrestepBody> prestepBodies;  // by solver index, for the pre-step's fill
    // By pre-step slot: what the contact's restitution may do this step (detail::kMayBounce, kMayStop),
    // and how many may bounce: ApplyRestitution visits only those.
    std::vector<uint8_t> restitutionFlags;
    int bounceCandidateCount = 0;
    std::vector<detail::SoftContact> softContacts;  // SolverKind::SoftStep: by solver contact (soft_step.cpp)
    std::vector<detail::SoftBody> softBodies;       // SolverKind::SoftStep: by solver body
    std::vector<uint64_t> prestepPairs;  // a << 32 | b | kGapPair of each solver contact, before ordering
    std::vector<uint8_t> fixedSolverBodies;  // 1 per solver body the solver does not move (order key)
    detail::ContactOrderCache orderCache;
    std::vector<detail::JointRow> jointRows;       // every joint in the solver, in joint order
    std::vector<detail::JointFrames> jointFrames;  // by row (plain revolute joints' position pass)
    std::vector<detail::SolverJoint> solverJoints; // the joints that are not plain revolute joints
    detail::JointStepContext jointContext;
    std::vector<int> adjacencyStart, adjacency, bfsQueue, levelCount;
    Vec2 shockUp{};  // against gravity, unit (zero without gravity): which way a support carries, this step
    std::vector<int> floatingDepth;  // per solver body: distance from its pile's root when nothing fixed is reached
    // Scratch of the chain solver (chain_solver.cpp): chain c is links[chainStart[c] .. chainStart[c + 1]),
    // bottom up; per solver body its one support contact and the one contact it supports (kNull: none,
    // −2: several); K's diagonal and upper blocks (as built, and as a round eliminates them), the
    // inverses of the eliminated diagonal, the
    // right-hand side and corrections (3 rows per link), the released rows and the velocities to undo.
    struct ChainScratch {
        std::vector<int> links, chainStart, below, above;
        std::vector<detail::ChainBlock> diagonal0, upper0, diagonal, upper, inverse;
        std::vector<detail::ChainRow> rows;  // link i's rows at 3i .. 3i + 2, computed once per solve
        std::vector<int> tops;               // link i's upper body (shared with link i + 1)
        std::vector<float> rhs0, rhs, delta, totals;  // four floats per link (chain_solver.cpp Quad)
        std::vector<uint8_t> released, inChain, isLink;
        // The chain's upper bodies before its corrections; before the solve, their predicted end velocities
        // (chain_energy.cpp).
        std::vector<detail::SolverVelocity> saved;
    } chainScratch;
    // solverContacts[levelStart[k] .. levelStart[k+1]) share level k, until SplitLevelsIntoParts groups
    // them by band, part and level into segments: segment s is solverContacts[segmentStart[s] ..
    // segmentStart[s+1]), its colours colourRanges[segmentColours[s] .. segmentColours[s+1]).
    std::vector<int> levelStart;
    std::vector<detail::PartBand> partBands;
    std::vector<int> segmentStart, segmentColours;
    std::vector<detail::ColourRange> colourRanges;
    std::vector<int> segmentCount;   // contacts per segment of a band while it is split (scratch)
    std::vector<int> bodyPartKey;    // per moving solver body: the lowest level among its contacts
    std::vector<int> bodyPartRank;   // per moving solver body: its rank among the bodies of its key
    std::vector<int> levelKeyCount;  // moving solver bodies per key
    std::vector<detail::WideContactBatch> wideBatches;  // the velocity pass's batches of four (contact_solver_wide.cpp)
    std::vector<detail::WideContactBatch8> wideBatches8;  // and of eight (contact_solver_wide8.cpp)
    int wideLanes = detail::DefaultWideLanes();          // the widest batches built: 8, 4 or 1 (none)
    // The chain solver's energy guard asked before the solve where it can be (chain_energy.cpp); false:
    // only after it, as the solve's own check (tests compare the two). And the chains it left to the shock
    // pass so, since the world was made (counted, not state).
    bool chainEnergyAhead = true;
    int chainsLeftAhead = 0;
    std::vector<detail::WideColour> wideColours;        // per colour; empty: every colour on the scalar path
    std::vector<int> wideRest;                          // contacts of wide colours left to the scalar path
    std::vector<uint64_t> bodyColours;  // colours taken per solver body while a level is coloured
    std::vector<int> contactColour;     // colour, then destination index, per solver contact
    detail::ColourSchedules colourSchedules;  // the passes' schedules, colour by colour (colour_schedule.h)
    StepProfile profile;      // the last step's times (World::GetProfile; measured, not state)
    detail::LapClock lapClock;  // times the solver's parts into `profile`
    detail::ThreadPoolSlot threadPool;  // workers for SolverSettings::threads > 1 (never copied)
    detail::ThreadPool* pool = nullptr; // this step's pool, nullptr with one thread
    std::vector<int> wakeStack;
    std::vector<int> restComponent;
    std::vector<int> restCandidates;  // this step's rest candidates in body order (UpdateRestStates)
    uint32_t restStamp = 0;
    std::vector<std::pair<float, int>> loadHeap;  // frozen bodies with a load, highest first (WakePushedPiles)
    uint32_t loadStamp = 0;
    // Continuous phase (continuous.cpp and its parts): start poses, lazily set-up motions, fast and hit bodies.
    std::vector<detail::ContinuousStart> continuousStarts;
    std::vector<detail::ContinuousBody> continuousBodies;
    std::vector<int> fastBodies, movedBodies;
    std::vector<uint8_t> fastFlags;         // by body: fast this step (ContinuousPhase::Classify)
    std::vector<uint8_t> continuousChecks;  // by solver body: may have crossed static geometry
    // The paths (this step, from their last impact on) of the bodies whose broad-phase proxies do not hold
    // them, one leaf per shape: the continuous phase's queries find those here, the others in the broad
    // phase.
    detail::DynamicTree continuousPaths;
    detail::DynamicTree continuousStatics;  // the static shapes' proxies, rebuilt when the phase needs them
    uint32_t continuousStamp = 0;
    // Events (contact_events.cpp): this step's, and the ends caused between steps (the next step's).
    std::vector<ContactBeginTouchEvent> beginEvents;
    std::vector<ContactEndTouchEvent> endEvents, pendingEndEvents;
    std::vector<ContactHitEvent> hitEvents;
    std::vector<SensorBeginTouchEvent> sensorBeginEvents;
    std::vector<SensorEndTouchEvent> sensorEndEvents, pendingSensorEndEvents;
    std::vector<int> sensorShapes;        // live sensor shape indices, in creation order
    std::vector<ShapeId> sensorScratch;
    float hitEventThreshold = 1.0f;       // m/s
    int hitEventShapes = 0;               // live shapes asking for hit events (none: no hit pass)
    PreSolveFn preSolve = nullptr;
    void* preSolveContext = nullptr;
    bool stepping = false;                // inside Step: ends go to this step's events
    // A step where nothing can change only advances the step's counters (idle_step.cpp). Off only in
    // the test that compares such steps with full ones.
    bool skipIdleSteps = true;
    bool visitFewMovers = true;  // tests: false makes every step visit every body and contact (CollectFewMovers)
    bool CanStepIdle() const;  // nothing can move or touch anew this step
    bool TryIdleStep();        // if so (and skipIdleSteps), advances the counters and returns true

    detail::Body& BodyAt(BodyId id);
    const detail::Body& BodyAt(BodyId id) const;
    detail::Shape& ShapeAt(ShapeId id);
    const detail::Shape& ShapeAt(ShapeId id) const;
    BodyId IdOf(int bodyIndex) const { return {static_cast<uint32_t>(bodyIndex), bodies[bodyIndex].generation}; }

    // Inline: the step asks it per body several times (an out-of-line call was 4 % of a C100 step).
    static bool IsMovingBody(const detail::Body& b) {
        if (b.type == BodyType::Dynamic) return !b.frozen;
        // A kinematic body moves exactly when its velocity is non-zero (a state flag, not a geometric test).
        return b.type == BodyType::Kinematic && (b.v.x != 0.0f || b.v.y != 0.0f || b.w != 0.0f);
    }
    void UpdateMass(int bodyIndex);
    AABB ComputeShapeAABB(const detail::Shape& shape, const detail::Body& body) const { return ShapeAABBAt(shape, body.xf); }
    AABB ShapeAABBAt(const detail::Shape& shape, const Transform& xf) const;  // the shape's AABB with its body at pose xf
    void SynchronizeShape(int shapeIndex);  // ReinsertProxy unless ProxyHolds
    void ReinsertProxy(int shapeIndex);     // a new fat AABB for a shape whose proxy does not hold (or none)
    bool ProxyHolds(int shapeIndex) const;  // the shape's proxy holds its AABB over this step's motion
    void SwitchBroadPhase(BroadPhaseKind kind);

    ShapeId ShapeIdOf(int shapeIndex) const { return {static_cast<uint32_t>(shapeIndex), shapes[shapeIndex].generation}; }
    // True when two shapes of different bodies may have a contact: no sensor, both filters agree, not two
    // segments (filter.h; segment–segment has no manifold).
    bool ShapesCollide(const detail::Shape& a, const detail::Shape& b) const;
    // True when the pre-solve hook disabled the pair's contact for this step (the continuous phase
    // leaves such pairs alone too).
    bool ContactDisabled(int shapeA, int shapeB) const;

    // Contacts (contact.cpp).
    void CreateContact(int shapeA, int shapeB);
    void DestroyContact(int contact);
    void FindNewContacts();
    bool CollectNarrowCandidates();  // contact.cpp: true when UpdateContacts visits narrowCandidates only
    bool CollectFewMovers();         // contact.cpp: movers = the moving bodies; true (and tracked) when they are few
    const std::vector<int>* TrackedMovers();  // contact.cpp: the tracked movers in body order, or nullptr
    void ContactsOf(const std::vector<int>& ofBodies, bool dynamicOnly, std::vector<int>& out);  // contact.cpp
    void UpdateContacts(float dt);

    // Events, pre-solve, sensors and filters (contact_events.cpp, sensors.cpp).
    void BeginStepEvents();                 // clears the last step's events, publishes the pending ends
    void UpdateTouching(int contact);       // after a new manifold: begin/end touch
    void ReportEndTouch(const detail::Contact& c);
    void RunPreSolve();                     // the game's hook: enables or disables contacts for this step
    void ReportHits();                      // after the solver: hit events
    void UpdateSensors();                   // after the step's motion: sensor begin/end
    void EndSensorVisits(int sensorShape);  // a sensor is destroyed: its visits end (next step's events)
    void Refilter(int shapeIndex);          // a filter changed: drop forbidden contacts, look for new pairs

    // Solver (contact_solver.cpp).
    void Solve(float dt);
    void SolveVelocities(float dt);
    // prestepPairs of every prestepContacts entry (contact_prestep.cpp): the solver bodies of each.
    void PairSolverContacts();
    // The pre-step's solver contact of every prestepContacts entry (contact_prestep.cpp): in its
    // pre-step slot, or with `ordered` in its slot of the cached order (MatchOrderCache held).
    void FillSolverContacts(float dt, bool ordered);
    void SolveContactColours(int iteration);  // one velocity pass over the contacts, level by level
    void GatherWideContacts();    // batches of four for the velocity passes (contact_solver_wide.cpp)
    int WideItems(int colour) const;  // batches plus rest contacts of a colour with batches
    // The schedule of a pass over every colour: backwards, each level's colours in reverse; wideItems, a
    // colour with batches counts its batches and rest contacts as its items. Built on first use after the
    // colours or batches changed (colourSchedules.Forget), then reused.
    detail::ColourSchedule& ScheduleColours(bool backwards, bool wideItems);
    // solve(k) for every solver contact k, colour after colour, in one fork-join (colour_schedule.h).
    template <class Solve>
    void SolveByColour(const Solve& solve) {
        ScheduleColours(false, false).Run(pool, [&](const detail::ColourTask& task) {
            const int offset = colourRanges[task.colour].begin;
            for (int k = offset + task.begin; k < offset + task.end; ++k) solve(k);
        });
    }
    void SolveWideItems(int colour, int begin, int end);  // those items [begin, end) of the velocity pass
    void WarmStartWideItems(int colour, int begin, int end);  // the warm start of those items (contact_solver_wide.cpp)
    void ScatterWideImpulses();   // the batches' impulses back to solverContacts (the batches stay for the shock pass)
    void ReloadWideImpulses();    // solverContacts' impulses into the batches again (after SolveChains changed them)
    void PropagateShock();        // the last, one-sided velocity pass (shock_propagation.cpp)
    bool SolveChains();           // support chains (columns) solved exactly, before that pass; true: impulses changed (chain_solver.cpp)
    void FindChains();
    bool SolveChain(int c);
    float NormalSpeedAfter(const int* link, int n, int i, int r) const;
    bool ChainGainsEnergy(const int* link, int n);  // the solve's end velocities would add energy (chain_energy.cpp)
    void ShockContact(int k);     // that pass on solverContacts[k]
    void PropagateShockWide(int colour, int begin, int end);  // that pass on items of a colour with batches (shock_propagation_wide.cpp)
    void ApplyRestitution();      // bounce after the velocity passes (contact_solver.cpp)
    // SolverKind::SoftStep (soft_step.cpp): the whole of Solve, its prepare, its sub-steps and its end.
    void SolveSoftStep(float dt);
    void PrepareSoftStep(float dt);
    void SolveSoftSubSteps(float dt);
    void FinishSoftStep(float dt);
    void SolvePositions();        // position pass (position_solver.cpp)
    void WriteSolverPoses();      // the moving solver bodies' poses back to their bodies (position_solver.cpp)
    enum class ShockSide { None, A, B };
    ShockSide ShockHeldSide(const detail::SolverContact& sc) const;  // position_solver.cpp
    void OrderContactsBottomUp(); // levels (solver_order.cpp)
    void SplitLevelsIntoParts();  // each level's parts and seams (solver_parts.cpp)
    void ColourLevels();          // colours inside each part and seam set (solver_order.cpp)
    void BuildOrder(bool bottomUp);  // levels (or one level), parts and colours, built anew (solver_order.cpp)
    bool MatchOrderCache();       // the contact graph (prestepPairs, fixed bodies) is the cached order's
    void OrderAndColourContacts(bool reuse);  // BuildOrder, or with `reuse` the cached order again

    // Joints (joint.cpp): the solver's hooks, and the common bookkeeping.
    void PrepareJoints(float dt, const std::function<void(int)>& addSolverBody);
    void WarmStartJoints();
    void SolveJointVelocities();
    bool SolveJointPositions();   // true when every joint is within slop
    void StoreJointImpulses(float dt);
    bool JointAllowsContact(int bodyA, int bodyB) const;  // false: a joint without collideConnected links them
    void DestroyJointAt(int joint);
    void RefreshJointFlags(int joint);  // Joint::drives and Joint::plain, after the joint's def changed
    detail::Joint& JointAt(JointId id);
    const detail::Joint& JointAt(JointId id) const;

    // Chains (chain.cpp).
    detail::Chain& ChainAt(ChainId id);
    const detail::Chain& ChainAt(ChainId id) const;
    void ForgetChainsOf(int bodyIndex);  // DestroyBody: the body's chains die with its shapes

    // Rest states (rest_states.cpp).
    void WakePile(int bodyIndex);
    void WakeTouchingPiles(int bodyIndex);
    void WakeAll();
    void WakePilesUnderMovingSupports();
    bool WakePushedPiles();
    void AddLoad(int bodyIndex, Vec2 impulse, float moment);
    bool HoldsLoad(const detail::Body& body) const;
    void PassLoadDown(int bodyIndex);
    void WakeOverlappedPile(int contactIndex);
    void UpdateRestStates(float dt);
    void ClassifySupport(int bodyIndex);
    bool IsRestSupport(const detail::Body& other) const;
    RestState RestStateOf(int bodyIndex) const;  // GetRestState and StateHash, from the last step's contacts

    // Continuous collision (continuous.cpp; the parts in continuous_internal.h).
    void UpdateSweepExtents(int bodyIndex);  // after the shapes or the centre of mass change
    void BeginContinuous();                  // before the solver moves anything: records start poses
    void RecordContinuousStart(int index);  // continuous.cpp: the body's start pose of this step
    void AdvanceContinuousStamp();           // a new step's stamp for the start poses (BeginContinuous)
    void SolveContinuous(float dt);          // after the solver: fast bodies' impacts, earliest first
};

} // namespace sensu
