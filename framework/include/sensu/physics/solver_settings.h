#pragma once
/// Per-world solver switches, box2d-lite's A/W/P toggles made settings (so samples can flip them live).

namespace sensu {

/// Which structure finds the candidate pairs (both give the same pairs: shapes whose fat AABBs overlap).
enum class BroadPhaseKind {
    AabbTree,        ///< dynamic AABB tree (default)
    MortonQuadtree,  ///< Morton-ordered linear quadtree (seed 003's numbering), loose cells chosen by size
};

/// Which velocity solver a step runs.
enum class SolverKind {
    /// Sequential impulses: velocityIterations passes bottom-up, the shock pass, then the position pass
    /// (default; README "How a step is solved").
    SequentialImpulses,
    /// Sub-stepped soft contacts (Catto's "soft step", Solver2D / Box2D v3): contacts prepared once per
    /// step, then subSteps sub-steps of h = dt / subSteps, each integrating forces, warm starting,
    /// solving with a soft position bias, moving the bodies and relaxing without the bias; restitution
    /// after the sub-steps. No shock pass and no contact position pass (velocityIterations,
    /// positionIterations, shockPropagation, baumgarte and maxCorrection do not apply to contacts;
    /// joints keep their position pass).
    SoftStep,
};

/// The solver's tuning, per world (WorldDef::settings, World::SetSettings); live toggles in the samples.
struct SolverSettings {
    int velocityIterations = 8;         ///< sequential-impulse passes per step (≥ 1)
    int positionIterations = 3;         ///< position-correction passes per step (≥ 0)
    bool accumulateImpulses = true;     ///< clamp the accumulated, not the incremental, impulse (A)
    bool warmStarting = true;           ///< start from last step's impulses, matched by feature id (W)
    bool positionCorrection = true;     ///< remove penetration with a position pass after the velocities (P)
    bool friction = true;               ///< Coulomb friction at contacts
    bool restitution = true;            ///< bounce (coefficient e) above restitutionThreshold
    bool bottomUpOrder = true;          ///< solve contacts in order of contact-graph distance from fixed bodies
    bool shockPropagation = true;       ///< a last velocity pass with the lower body of each contact held fixed
    bool restStates = true;             ///< seed 004 floor-rest state machine (freezes supported piles)
    bool continuous = true;             ///< seed 000 continuous collision for bodies fast for their size (no rotation cap); bullets get it regardless
    float restitutionThreshold = 1.0f;  ///< m/s: slower approaches get no bounce
    float linearSlop = 0.005f;          ///< m: allowed penetration that is not corrected
    float baumgarte = 0.2f;             ///< fraction of the penetration removed per position pass, [0, 1]
    float maxCorrection = 0.2f;         ///< m: largest position correction of one contact per pass (> 0)
    float speculativeDistance = 0.02f;  ///< m: contacts closer than this (plus the closing motion of one step) are solved
    float aabbMargin = 0.1f;            ///< m: broad-phase fattening, so resting and slow bodies do not re-enter the tree
    float restLinearSpeed = 0.05f;      ///< m/s: a body slower than this may come to rest (seed 004 §3.4)
    float restAngularSpeed = 0.05f;     ///< rad/s: likewise for rotation
    float restTime = 0.2f;              ///< s: how long a supported body must stay slow before it is frozen (≥ 0)
    float supportNormalY = 0.9f;        ///< a contact is a floor-like support when its normal's upward component ≥ this, (0, 1]
    BroadPhaseKind broadPhase = BroadPhaseKind::AabbTree;  ///< changing it moves every proxy across (O(n))
    /// Which bodies get continuous collision in a step: every dynamic or kinematic body flagged bullet, and,
    /// when `continuous` is on, every moving dynamic or kinematic body whose farthest point can travel more
    /// than this fraction of its thinnest shape's thickness in the step:
    /// |v|·dt + |ω|·dt·r_max > continuousThreshold · max(thickness, linearSlop), with r_max the farthest
    /// shape point from the centre of mass (m) and thickness a circle's or capsule's diameter, a box's
    /// smaller side, a polygon's smallest width. Not a bullet and fast only by translating (|ω|·dt·r_max
    /// within the threshold), with broad-phase proxies that hold its path and contacts that each hold the
    /// pair's closing at the solved velocities (a margin computed this step that covers it by linearSlop,
    /// a closing within this fraction of the thinner shape's thickness, manifold points and little turn,
    /// or a start gap wider than the closing): the speculative contacts hold it, no sweep is needed.
    /// Finite, > 0; smaller catches more bodies and costs more.
    float continuousThreshold = 0.25f;
    /// Most impacts one fast body solves in one step (≥ 1). Each impact is a sub-step: both bodies move
    /// to the impact, take one impulse and go on with the rest of the step. A body that reaches the cap
    /// finishes the step with its velocity, without further impacts against other bodies; static
    /// shapes still stop it (a body never ends past a static shape's middle it met on its path; it is
    /// put back at that first static contact, the only motion the continuous phase drops).
    int continuousMaxImpacts = 8;
    /// Threads that share a step's solver and narrow phase, the calling thread included, [1, 64]. The
    /// results are bit for bit the same for every count (each pass splits only work whose order does
    /// not matter), so this trades CPU for wall time and nothing else. The world's workers spin
    /// briefly between steps, then sleep.
    int threads = 1;
    SolverKind solver = SolverKind::SequentialImpulses;  ///< which velocity solver runs (see SolverKind)
    /// SoftStep: sub-steps per step, [1, 64]. More sub-steps stiffen contacts and joints at the cost of one
    /// solve, relax and body integration each. 8 is the fewest with which pushed columns of 3 and 6 boxes
    /// tip within 10 % of the statics (measured; bench/stacking/README.md "Soft step").
    int subSteps = 8;
    /// SoftStep: stiffness of a contact's push-out, as a spring frequency (Hz, finite, > 0); contacts with a
    /// fixed body use twice this frequency (nothing on their other side gives way). Both are capped at a
    /// quarter of the sub-step rate. Stiffer contacts make tall piles lean less (so they tip where statics
    /// says), but at the cap a 20-row pyramid jitters and never rests: the default, 90 Hz at 8 sub-steps
    /// of a 60 Hz step, is 3/16 of the sub-step rate; softer, a 100-row pyramid sags more than 0.1 m.
    float contactHertz = 90.0f;
    /// SoftStep: damping ratio of that spring (finite, ≥ 0; 1 is critical). Box2D v3 uses 10 (at 30 Hz);
    /// at 90 Hz that makes a 40-row pyramid jitter (0.7 m of drift in 500 steps), 1–2 keeps it calm
    /// (1 cm; measured).
    float contactDampingRatio = 2.0f;
    /// SoftStep: m/s, fastest speed at which penetration is pushed out (finite, > 0).
    float maxPushOutSpeed = 3.0f;
};

/// Throws InvalidArgument when a setting is out of range (the world keeps its old settings).
void Validate(const SolverSettings& settings);

} // namespace sensu
