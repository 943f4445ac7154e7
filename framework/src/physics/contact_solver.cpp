// Sequential impulses with accumulated impulses and warm starting (box2d-lite is the model), Coulomb
// friction (one row per point, or one row at the middle of a two-point contact), restitution above a
// velocity threshold, speculative contacts, bottom-up ordering with shock propagation
// (shock_propagation.cpp: two-point contacts solved exactly there while they stick), and a position pass
// (position_solver.cpp) that removes penetration without adding velocity. Seed 004 chapter 2 is the
// impulse between two bodies; the per-row helpers (contact_rows.h) carry its equations. Colours of
// two-point contacts run four at a time in SSE2 lanes with the same floats (contact_solver_wide.cpp).
#include <algorithm>
#include <cmath>

#include "contact_rows.h"
#include "speed_limits.h"
#include "world_internal.h"

namespace sensu {

using detail::ApplyRowImpulse;
using detail::Body;
using detail::ClampAngularSpeed;
using detail::ClampLinearSpeed;
using detail::ColourRange;
using detail::ColourTask;
using detail::Contact;
using detail::ForChunks;
using detail::kMinParallelContacts;
using detail::kNull;
using detail::RelativeSpeed;
using detail::SolveContact;
using detail::SolveNormalBlock;
using detail::SolverBody;
using detail::SolverContact;
using detail::SolverContactCold;
using detail::SolverPoint;
using detail::SolverVelocity;
using detail::StoreVelocities;

namespace {

// A solver body's prestepBodies entry, from its body as the solver takes it in step `step`.
detail::PrestepBody PrestepBodyOf(const Body& body, const SolverBody& solverBody, uint32_t step) {
    detail::PrestepBody pb;
    pb.center = body.center;
    pb.q = body.xf.q;
    pb.v = {body.v, body.w};
    // Only this step's forces: a body integrated in an earlier step (or never) added none.
    if (body.integratedStep == step) pb.forceDelta = {body.forceDv, body.forceDw};
    pb.invMass = solverBody.invMass;
    pb.invInertia = solverBody.invInertia;
    return pb;
}

} // namespace

void WorldImpl::SolveVelocities(float dt) {
    const SolverSettings& st = settings;
    shockUp = LengthSquared(gravity) > 0.0f ? Normalize(-gravity) : Vec2{};
    solverBodies.clear();
    solverVelocities.clear();
    preSolveVelocities.clear();
    prestepBodies.clear();

    // Appends a body a contact or joint needs that the solver does not move (static, frozen, kinematic):
    // the moving ones all joined first, with their masses.
    auto addSolverBody = [&](int index) {
        Body& body = bodies[index];
        body.solverIndex = static_cast<int>(solverBodies.size());
        SolverBody sb;
        sb.body = index;
        solverBodies.push_back(sb);
        prestepBodies.push_back(PrestepBodyOf(body, sb, stepIndex));
        solverVelocities.push_back({body.v, body.w});
        preSolveVelocities.push_back({body.v, body.w});
    };
    // Integrate forces → velocities (seed 004 eq. 2.4, 2.9; explicit Euler in velocity, then position
    // from the new velocity, i.e. symplectic Euler). Frozen bodies skip this: seed 004 §3.4.2.
    // Every moving body joins the solver, in body order: integrated and flagged in parallel chunks, then
    // compacted and copied into its solver slot in parallel.
    constexpr int kMinParallelBodies = 256;
    constexpr uint8_t kJoinsKinematic = 1, kJoinsDynamic = 2;
    // A mostly frozen world visits only its moving bodies and their contacts (TrackedMovers): the same
    // bodies and contacts in the same order, without a pass over every one.
    const std::vector<int>* fewMovers = TrackedMovers();
    if (fewMovers) {
        joinsSolver.assign(bodies.size(), 0);
        compacted = *fewMovers;
    } else {
        joinsSolver.resize(bodies.size());
    }
    const int bodyVisits = static_cast<int>(fewMovers ? fewMovers->size() : bodies.size());
    ForChunks(pool, bodyVisits, kMinParallelBodies, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const int i = fewMovers ? (*fewMovers)[k] : k;
            Body& body = bodies[i];
            joinsSolver[i] = !body.alive || !IsMovingBody(body) ? 0 : body.type == BodyType::Dynamic ? kJoinsDynamic : kJoinsKinematic;
            if (joinsSolver[i] == 0) continue;
            if (body.type == BodyType::Dynamic && body.integratedStep != stepIndex) {
                body.forceDv = dt * (body.gravityScale * gravity + body.invMass * body.force);
                body.forceDw = dt * body.invInertia * body.torque;
                Vec2 v = body.v + body.forceDv;
                float w = body.w + body.forceDw;
                if (!(LengthSquared(v) <= kMaxLinearSpeed * kMaxLinearSpeed) || !(std::abs(w) <= kMaxAngularSpeed)) {
                    // Beyond the speed limits (world.h), or overflowed: again in double, clamped.
                    const double h = dt, scale = body.gravityScale, invMass = body.invMass;
                    v = ClampLinearSpeed(body.v.x + h * (scale * gravity.x + invMass * body.force.x),
                                         body.v.y + h * (scale * gravity.y + invMass * body.force.y));
                    w = ClampAngularSpeed(body.w + h * static_cast<double>(body.invInertia) * body.torque);
                    body.forceDv = v - body.v;
                    body.forceDw = w - body.w;
                }
                body.v = v;
                body.w = w;
                body.integratedStep = stepIndex;
            }
            body.force = {};
            body.torque = 0.0f;
        }
    });
    if (!fewMovers) detail::CompactFlags(pool, joinsSolver, compactBlocks, compacted);
    solverBodies.resize(compacted.size());
    solverVelocities.resize(compacted.size());
    preSolveVelocities.resize(compacted.size());
    prestepBodies.resize(compacted.size());
    ForChunks(pool, static_cast<int>(compacted.size()), kMinParallelBodies, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            const int index = compacted[k];
            Body& body = bodies[index];
            body.solverIndex = k;
            SolverBody sb;
            sb.body = index;
            if (body.type == BodyType::Dynamic && !body.frozen) {
                sb.invMass = body.invMass;
                sb.invInertia = body.invInertia;
            }
            solverBodies[k] = sb;
            prestepBodies[k] = PrestepBodyOf(body, sb, stepIndex);
            solverVelocities[k] = {body.v, body.w};
            preSolveVelocities[k] = {body.v, body.w};
        }
    });

    // Pre-step: one solver contact per touching contact with a moving dynamic body. Which contacts take
    // part is found in parallel chunks and compacted in contact order; then, in that order, the bodies
    // they need that are not in the solver yet join it (only contacts with such a body are visited);
    // then each solver contact is filled in its own slot (its ordered one when last solve's order
    // holds), in parallel chunks. The bodies are looked up in joinsSolver, not in their Body structs: a
    // contact's bodies are alive, so a moving dynamic body is an unfrozen dynamic one, and the bodies in
    // the solver so far (solverIndex set) are the moving ones.
    constexpr uint8_t kTakesPart = 1, kNeedsBody = 2;
    takesPart.resize(contacts.size());
    auto takePart = [&](int ci) {
        const Contact& c = contacts[ci];
        takesPart[ci] = 0;
        if (!c.alive || c.manifold.pointCount == 0 || !c.enabled) return;  // enabled: the pre-solve hook
        const uint8_t joinsA = joinsSolver[c.bodyA], joinsB = joinsSolver[c.bodyB];
        if (joinsA != kJoinsDynamic && joinsB != kJoinsDynamic) return;
        takesPart[ci] = joinsA == 0 || joinsB == 0 ? kNeedsBody : kTakesPart;
    };
    if (fewMovers) {
        // Only a contact with a moving dynamic body takes part: those are in its contact list.
        ContactsOf(*fewMovers, true, contactsOfMovers);
        std::sort(contactsOfMovers.begin(), contactsOfMovers.end());
        prestepContacts.clear();
        for (const int ci : contactsOfMovers) {
            takePart(ci);
            if (takesPart[ci] != 0) prestepContacts.push_back(ci);
        }
    } else {
        ForChunks(pool, static_cast<int>(contacts.size()), kMinParallelContacts, [&](int begin, int end) {
            for (int ci = begin; ci < end; ++ci) takePart(ci);
        });
        detail::CompactFlags(pool, takesPart, compactBlocks, prestepContacts);
    }
    for (const int ci : prestepContacts) {
        if (takesPart[ci] != kNeedsBody) continue;
        const Contact& c = contacts[ci];
        if (bodies[c.bodyA].solverIndex == kNull) addSolverBody(c.bodyA);
        if (bodies[c.bodyB].solverIndex == kNull) addSolverBody(c.bodyB);
    }
    // The joints' bodies join after the contacts' (the fill reads none of them). The order is looked up
    // before the fill so that it fills each contact straight into its ordered slot.
    PrepareJoints(dt, addSolverBody);
    PairSolverContacts();  // contact_prestep.cpp
    const bool reuseOrder = MatchOrderCache();  // solver_order.cpp
    FillSolverContacts(dt, reuseOrder && !orderCache.identity);
    OrderAndColourContacts(reuseOrder);
    colourSchedules.Forget(false);

    // The batches of four first: the warm start runs on them too.
    GatherWideContacts();
    profile.solverSetup += lapClock.Lap();

    // Warm start: apply last step's impulses, colour by colour (the order only needs to be fixed); the
    // batches four contacts at a time, with the scalar rows' floats (contact_solver_wide.cpp).
    ScheduleColours(false, true).Run(pool, [&](const ColourTask& task) {
        if (!wideColours.empty() && wideColours[task.colour].wide) {
            WarmStartWideItems(task.colour, task.begin, task.end);
            return;
        }
        const int offset = colourRanges[task.colour].begin;
        for (int k = offset + task.begin; k < offset + task.end; ++k) {
            const SolverContact& sc = solverContacts[k];
            detail::WarmStartContact(sc, solverVelocities[sc.a], solverVelocities[sc.b]);
        }
    });
    WarmStartJoints();

    for (int it = 0; it < st.velocityIterations; ++it) {
        SolveJointVelocities();
        SolveContactColours(it);
    }
    ScatterWideImpulses();
    profile.velocities += lapClock.Lap();
    if (st.shockPropagation) {
        // Columns exactly, with reactions; the shock pass then finds them solved. It reads the impulses
        // from the batches, which must hold the chains' new ones as the scalar path's contacts do (without
        // this, x86-64 and portable builds parted on scenes with columns).
        if (SolveChains()) ReloadWideImpulses();
        PropagateShock();
    }
    wideColours.clear();  // the batches end with the shock pass: the passes after it are scalar
    ApplyRestitution();
    profile.shock += lapClock.Lap();
}

// Levels run bottom-up; every other pass runs each level's colours backwards (inside a level's part and
// inside its seams the colours in reverse order; inside a colour the order does not matter, nor between
// parts), so the left-to-right bias of Gauss–Seidel cancels instead of drifting a symmetric pile
// sideways. A band's parts are one step of the schedule, cut into one chunk of consecutive parts per
// thread: one hand-over per band instead of one per colour (solver_parts.cpp). The seams, and a band
// of one part, are scheduled colour by colour. Each schedule is built once per solve and reused by every pass that runs it (colourSchedules.Forget
// when the order or the batches change).
detail::ColourSchedule& WorldImpl::ScheduleColours(bool backwards, bool wideItems) {
    wideItems = wideItems && !wideColours.empty();  // without batches the wide schedule is the scalar one
    const int key = 2 * (backwards ? 1 : 0) + (wideItems ? 1 : 0);
    detail::ColourSchedule& colourSchedule = colourSchedules.schedule[key];
    if (colourSchedules.built[key]) return colourSchedule;
    colourSchedules.built[key] = true;
    const int threads = pool != nullptr ? pool->Threads() : 1;
    colourSchedule.Clear(threads);
    auto itemsOf = [&](int colour) {
        const bool wide = wideItems && wideColours[colour].wide;
        return wide ? WideItems(colour) : colourRanges[colour].end - colourRanges[colour].begin;
    };
    auto colourOf = [&](int segment, int g) {
        return backwards ? segmentColours[segment + 1] - 1 - g : segmentColours[segment] + g;
    };
    auto addColours = [&](int segment) {  // one colour after the other, big ones split across the threads
        for (int g = 0; g < segmentColours[segment + 1] - segmentColours[segment]; ++g) {
            const int colour = colourOf(segment, g);
            const ColourRange& range = colourRanges[colour];
            colourSchedule.Add(colour, itemsOf(colour), range.end - range.begin, range.independent);
        }
    };
    for (const detail::PartBand& band : partBands) {
        if (band.parts == 1) {
            for (int level = 0; level < band.levels; ++level) addColours(band.firstSegment + level);
            continue;
        }
        colourSchedule.BeginStep();
        const int chunks = Min(threads, band.parts);
        for (int c = 0; c < chunks; ++c) {
            int begin, end;
            detail::ThreadPool::Chunk(band.parts, chunks, c, begin, end);
            for (int segment = band.firstSegment + begin * band.levels; segment < band.firstSegment + end * band.levels; ++segment) {
                for (int g = 0; g < segmentColours[segment + 1] - segmentColours[segment]; ++g) {
                    const int colour = colourOf(segment, g);
                    colourSchedule.AddToChunk(colour, itemsOf(colour));
                }
            }
            colourSchedule.EndChunk();
        }
        colourSchedule.EndStep();
        const int seams = band.firstSegment + band.parts * band.levels;
        for (int level = 0; level < band.levels; ++level) addColours(seams + level);
    }
    return colourSchedule;
}

void WorldImpl::SolveContactColours(int iteration) {
    const bool accumulate = settings.accumulateImpulses;
    ScheduleColours(iteration % 2 != 0, true).Run(pool, [&](const ColourTask& task) {
        if (!wideColours.empty() && wideColours[task.colour].wide) {
            SolveWideItems(task.colour, task.begin, task.end);
            return;
        }
        const int offset = colourRanges[task.colour].begin;
        for (int k = offset + task.begin; k < offset + task.end; ++k) {
            SolverContact& sc = solverContacts[k];
            SolveContact(sc, solverVelocities[sc.a], solverVelocities[sc.b], accumulate);
        }
    });
}


// Restitution after the velocity passes (seed 004 eq. 2.31 generalised): a touching point that
// approached faster than the threshold (this step, or last step as a speculative point that stopped
// its body at the surface) and pushed must leave with the normal velocity e·(approach speed). One
// more normal solve with that target as the bias; both points of a flat contact together (the block
// LCP), so a box landing flat bounces flat instead of being tipped by whichever point is solved
// first. Impulses stay ≥ 0: restitution never pulls. Speculative points do not bounce here (the body
// would turn round in mid-air, up to one step's travel above the surface, and gain energy); they
// stop the body at the surface and bounce next step.
void WorldImpl::ApplyRestitution() {
    if (bounceCandidateCount == 0) return;  // the common case: nothing approached fast enough to bounce
    auto solve = [&](int k) {
        SolverContact& sc = solverContacts[k];
        if ((restitutionFlags[sc.cold] & detail::kMayBounce) == 0) return;
        const SolverContactCold& cold = solverContactsCold[sc.cold];
        bool bounces = false;
        for (int p = 0; p < sc.pointCount; ++p) {
            SolverPoint& sp = sc.points[p];
            if (cold.speculative[p] || cold.approachSpeed[p] <= settings.restitutionThreshold || sp.normalImpulse <= 0.0f) continue;
            sp.velocityBias = cold.restitution * cold.approachSpeed[p];
            bounces = true;
        }
        if (!bounces) return;
        SolverVelocity a = solverVelocities[sc.a];
        SolverVelocity b = solverVelocities[sc.b];
        if (sc.useBlock) {
            SolveNormalBlock(sc, a, b);
        } else {
            for (int p = 0; p < sc.pointCount; ++p) {
                SolverPoint& sp = sc.points[p];
                const float vn = RelativeSpeed(a, b, sc.normal, sp.rnA, sp.rnB);
                const float total = Max(sp.normalImpulse - sp.normalMass * (vn - sp.velocityBias), 0.0f);
                ApplyRowImpulse(sc, a, b, sc.normal, sp.rnA, sp.rnB, total - sp.normalImpulse);
                sp.normalImpulse = total;
            }
        }
        StoreVelocities(sc, a, b, solverVelocities[sc.a], solverVelocities[sc.b]);
    };
    SolveByColour(solve);
}

void WorldImpl::Solve(float dt) {
    const SolverSettings& st = settings;
    if (st.solver == SolverKind::SoftStep) {
        SolveSoftStep(dt);  // soft_step.cpp
        return;
    }
    ++stepIndex;
    SolveVelocities(dt);
    // Seed 004 + whole-pile wake: a frozen pile pushed harder than its supports hold wakes, and the step
    // is solved again with it moving, so the push is shared physically in this very step. Bounded: each
    // round wakes at least one pile.
    for (int round = 0; round < 4 && st.restStates && WakePushedPiles(); ++round) {
        for (size_t i = 0; i < solverBodies.size(); ++i) {
            Body& body = bodies[solverBodies[i].body];
            body.v = preSolveVelocities[i].v;
            body.w = preSolveVelocities[i].w;
            body.solverIndex = kNull;
        }
        SolveVelocities(dt);
    }

    // Store impulses for warm starting; write velocities back. Every item below writes only its own
    // contact or body, so the loops are split across the pool as they come.
    constexpr int kMinParallelItems = 256;
    ForChunks(pool, static_cast<int>(solverContacts.size()), kMinParallelItems, [&](int begin, int end) {
        for (int k = begin; k < end; ++k) {
            // The contacts are written in solver order, not theirs: each write missed the cache in turn
            // until their lines were fetched well ahead.
            constexpr int kPrefetchAhead = 32;
            if (k + kPrefetchAhead < end) __builtin_prefetch(contacts[prestepContacts[solverContacts[k + kPrefetchAhead].cold]].normalImpulse, 1);
            const SolverContact& sc = solverContacts[k];
            Contact& c = contacts[prestepContacts[sc.cold]];
            for (int p = 0; p < sc.pointCount; ++p) {
                c.normalImpulse[p] = sc.points[p].normalImpulse;
                c.tangentImpulse[p] = sc.points[p].tangentImpulse;
                c.pendingApproach[p] = 0.0f;
            }
            // The cold data only where a point may have stopped its body (rare: restitution and speed).
            if ((restitutionFlags[sc.cold] & detail::kMayStop) == 0) continue;
            const SolverContactCold& cold = solverContactsCold[sc.cold];
            for (int p = 0; p < sc.pointCount; ++p) {
                const bool stopped = cold.speculative[p] && cold.restitution > 0.0f && sc.points[p].normalImpulse > 0.0f &&
                                     cold.approachSpeed[p] > st.restitutionThreshold;
                c.pendingApproach[p] = stopped ? cold.approachSpeed[p] : 0.0f;
            }
        }
    });
    StoreJointImpulses(dt);
    ForChunks(pool, static_cast<int>(solverBodies.size()), kMinParallelItems, [&](int begin, int end) {
        for (int i = begin; i < end; ++i) {
            SolverBody& sb = solverBodies[i];
            Body& body = bodies[sb.body];
            if (body.type == BodyType::Dynamic && !body.frozen) {
                // The speed limits (world.h) hold after the impulses too.
                body.v = ClampLinearSpeed(solverVelocities[i].v);
                body.w = ClampAngularSpeed(solverVelocities[i].w);
            }
            // Integrate velocities → positions (seed 004 eq. 2.5, 2.10).
            if (IsMovingBody(body)) {
                body.center += dt * body.v;
                body.angle += dt * body.w;
                body.xf.q = Rot::FromAngle(body.angle);
                body.xf.p = body.center - Rotate(body.xf.q, body.localCenter);
            }
            sb.center = body.center;
            sb.angle = body.angle;
            sb.q = body.xf.q;
        }
    });

    if (st.positionCorrection) SolvePositions();

    ForChunks(pool, static_cast<int>(solverBodies.size()), kMinParallelItems, [&](int begin, int end) {
        for (int i = begin; i < end; ++i) bodies[solverBodies[i].body].solverIndex = kNull;
    });
    profile.positions += lapClock.Lap();
}

} // namespace sensu

