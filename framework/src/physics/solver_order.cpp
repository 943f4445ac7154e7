// The order the solver visits contacts in: bottom-up levels (contact-graph distance from fixed bodies),
// bands of a few levels cut into parts, each part's levels bottom-up, then the band's seam contacts
// level by level (solver_parts.cpp), and inside each part's level and each level's seams colours, sets
// of contacts that share no body the solver moves. A band's parts, and a colour's contacts, are
// independent, so they can be solved in parallel with the same floats as one after the other: results
// do not depend on the thread count (SolverSettings::threads).
#include <algorithm>
#include <atomic>
#include <bit>

#include "world_internal.h"

namespace sensu {

using detail::ContactOrderCache;
using detail::ForChunks;
using detail::SolverBody;
using detail::SolverContact;

namespace {

// Fewer items than this are copied on the calling thread.
constexpr int kMinParallelCopies = 1024;

} // namespace

// The order is a function of the contact graph alone, so a graph equal to the last one's (same pairs of
// solver bodies in the same pre-step order, same fixed bodies) gets the same levels, colours and
// permutation without building them again: the state after the step is the same, bit for bit. Asked
// before the pre-step fill, which then writes each solver contact straight into its ordered slot
// (FillSolverContacts): a fill in pre-step order and a permuted copy of every contact after it cost a
// second write of the whole array.
bool WorldImpl::MatchOrderCache() {
    const bool bottomUp = settings.bottomUpOrder || settings.shockPropagation;
    const ContactOrderCache& cache = orderCache;
    fixedSolverBodies.resize(solverBodies.size());
    bool same = cache.valid && cache.bottomUp == bottomUp && cache.pairs.size() == prestepPairs.size() &&
                cache.fixedBodies.size() == fixedSolverBodies.size();
    // The key is compared in parallel chunks (any chunk that differs clears `same`).
    std::atomic<bool> differs{false};
    ForChunks(pool, static_cast<int>(solverBodies.size()), kMinParallelCopies, [&](int begin, int end) {
        bool chunkDiffers = false;
        for (int i = begin; i < end; ++i) {
            fixedSolverBodies[i] = detail::Moves(solverBodies[i].invMass, solverBodies[i].invInertia) ? 0 : 1;
            chunkDiffers = chunkDiffers || (same && fixedSolverBodies[i] != cache.fixedBodies[i]);
        }
        if (chunkDiffers) differs.store(true, std::memory_order_relaxed);
    });
    if (same) {
        ForChunks(pool, static_cast<int>(prestepPairs.size()), kMinParallelCopies, [&](int begin, int end) {
            if (!std::equal(prestepPairs.begin() + begin, prestepPairs.begin() + end, cache.pairs.begin() + begin))
                differs.store(true, std::memory_order_relaxed);
        });
    }
    return same && !differs.load(std::memory_order_relaxed);
}

// reuse: MatchOrderCache's answer, and the fill has put every contact in its ordered slot already.
void WorldImpl::OrderAndColourContacts(bool reuse) {
    const bool bottomUp = settings.bottomUpOrder || settings.shockPropagation;
    ContactOrderCache& cache = orderCache;
    if (reuse) {
        ++cache.reuses;
        ForChunks(pool, static_cast<int>(solverBodies.size()), kMinParallelCopies, [&](int begin, int end) {
            for (int i = begin; i < end; ++i) solverBodies[i].level = cache.bodyLevels[i];
        });
        levelStart = cache.levelStart;
        partBands = cache.partBands;
        segmentColours = cache.segmentColours;
        colourRanges = cache.colourRanges;
        return;
    }

    BuildOrder(bottomUp);

    // Remembered for the next solve. Pre-step slot k holds cold index k (contact_solver.cpp), so the
    // permutation is read off the ordered contacts.
    cache.valid = true;
    cache.bottomUp = bottomUp;
    cache.pairs.swap(prestepPairs);
    cache.fixedBodies.swap(fixedSolverBodies);
    cache.destination.resize(solverContacts.size());
    cache.identity = true;
    for (int k = 0; k < static_cast<int>(solverContacts.size()); ++k) {
        cache.destination[solverContacts[k].cold] = k;
        cache.identity = cache.identity && solverContacts[k].cold == k;
    }
    cache.bodyLevels.resize(solverBodies.size());
    for (size_t i = 0; i < solverBodies.size(); ++i) cache.bodyLevels[i] = solverBodies[i].level;
    cache.levelStart = levelStart;
    cache.partBands = partBands;
    cache.segmentColours = segmentColours;
    cache.colourRanges = colourRanges;
}

void WorldImpl::BuildOrder(bool bottomUp) {
    if (bottomUp) {
        OrderContactsBottomUp();
    } else {
        levelStart.assign({0, static_cast<int>(solverContacts.size())});
    }
    SplitLevelsIntoParts();
    ColourLevels();
}

// Gauss–Seidel carries the ground's push up one contact per pass when contacts run top-down, and
// through the whole pile in one pass when they run bottom-up. Levels: breadth-first distance in the
// contact graph from bodies that do not move in the solver (static, frozen, kinematic); a contact's
// level is the lower of its bodies'. A stable counting sort keeps the order deterministic.
void WorldImpl::OrderContactsBottomUp() {
    const int nb = static_cast<int>(solverBodies.size());
    const int nc = static_cast<int>(solverContacts.size());
    adjacencyStart.assign(static_cast<size_t>(nb) + 1, 0);
    for (const SolverContact& sc : solverContacts) {
        ++adjacencyStart[sc.a + 1];
        ++adjacencyStart[sc.b + 1];
    }
    for (int i = 0; i < nb; ++i) adjacencyStart[i + 1] += adjacencyStart[i];
    adjacency.resize(static_cast<size_t>(2 * nc));
    bfsQueue.assign(adjacencyStart.begin(), adjacencyStart.end() - 1);  // fill cursors
    for (int c = 0; c < nc; ++c) {
        adjacency[bfsQueue[solverContacts[c].a]++] = c;
        adjacency[bfsQueue[solverContacts[c].b]++] = c;
    }
    constexpr int kUnreached = 1 << 30;
    bfsQueue.clear();
    for (int i = 0; i < nb; ++i) {
        SolverBody& sb = solverBodies[i];
        const bool fixed = !detail::Moves(sb.invMass, sb.invInertia);
        sb.level = fixed ? 0 : kUnreached;
        if (fixed) bfsQueue.push_back(i);
    }
    // A body is held up by a fixed body only where it touches it: across a gap (a speculative contact)
    // it gets its level from what it does touch, if anything, and from the gap only otherwise (a body
    // falling onto the ground keeps level 1). Before, a heavy disc rolling up over a light one kept the
    // level of the ground it was leaving by a few mm, so the shock pass saw both discs on one level and
    // left their contact to the velocity passes: warm-started, eight passes through a body 25 times
    // lighter handed the heavy disc an upward push they never took back, +1.2 % energy in two steps
    // (sensu-bench-fidelity's rolling/759; 30 rolling scenes of 12,000). So two passes: the first
    // leaves fixed bodies' gaps out, the second adds them for bodies the first did not reach.
    int maxLevel = 0;
    bool gapLeftOut = false;
    for (int pass = 0; pass < 2 && (pass == 0 || gapLeftOut); ++pass) {
        for (size_t head = 0; head < bfsQueue.size(); ++head) {
            const int i = bfsQueue[head];
            const int next = solverBodies[i].level + 1;
            for (int k = adjacencyStart[i]; k < adjacencyStart[i + 1]; ++k) {
                const SolverContact& sc = solverContacts[adjacency[k]];
                const int other = sc.a == i ? sc.b : sc.a;
                if (solverBodies[other].level != kUnreached) continue;
                if (pass == 0 && next == 1 && !sc.touching) {
                    gapLeftOut = true;
                    continue;
                }
                solverBodies[other].level = next;
                maxLevel = next > maxLevel ? next : maxLevel;
                bfsQueue.push_back(other);
            }
        }
    }
    // Piles that touch nothing fixed (falling, floating) keep their bodies' level unreached: shock
    // propagation holds no body there. They are still ordered breadth-first from their lowest solver
    // index, after the grounded levels, one level per distance: solved in one level, the colours would
    // visit a chain of bodies every other contact, and carry a change along it only a link per pass.
    floatingDepth.assign(static_cast<size_t>(nb), -1);
    int maxDepth = 0;
    for (int root = 0; root < nb; ++root) {
        if (solverBodies[root].level != kUnreached || floatingDepth[root] >= 0) continue;
        floatingDepth[root] = 0;
        size_t head = bfsQueue.size();
        bfsQueue.push_back(root);
        for (; head < bfsQueue.size(); ++head) {
            const int i = bfsQueue[head];
            for (int k = adjacencyStart[i]; k < adjacencyStart[i + 1]; ++k) {
                const SolverContact& sc = solverContacts[adjacency[k]];
                const int other = sc.a == i ? sc.b : sc.a;
                if (floatingDepth[other] >= 0) continue;
                floatingDepth[other] = floatingDepth[i] + 1;
                maxDepth = Max(maxDepth, floatingDepth[other]);
                bfsQueue.push_back(other);
            }
        }
    }
    auto keyOf = [&](const SolverContact& sc) {
        const int level = Min(solverBodies[sc.a].level, solverBodies[sc.b].level);
        return level == kUnreached ? maxLevel + 1 + Min(floatingDepth[sc.a], floatingDepth[sc.b]) : level;
    };
    levelCount.assign(static_cast<size_t>(maxLevel + maxDepth) + 3, 0);
    bool ordered = true;  // keys already non-decreasing: the stable sort is the identity
    int previousKey = 0;
    for (const SolverContact& sc : solverContacts) {
        const int key = keyOf(sc);
        ++levelCount[key + 1];
        ordered = ordered && key >= previousKey;
        previousKey = key;
    }
    for (size_t i = 1; i < levelCount.size(); ++i) levelCount[i] += levelCount[i - 1];
    levelStart = levelCount;
    // Contacts often arrive in level order already (a pile's pairs are found from the ground up, and
    // they persist): then the copy of every solver contact is skipped.
    if (ordered) return;
    sortedContacts.resize(solverContacts.size());
    for (const SolverContact& sc : solverContacts) sortedContacts[levelCount[keyOf(sc)]++] = sc;
    solverContacts.swap(sortedContacts);
}

// Greedy colouring inside each segment (a part's level, or a level's seams: solver_parts.cpp), in the
// segment's contact order (so it depends on that order only): a contact takes the lowest colour that
// neither of its moving bodies has yet. Fixed bodies (static, kinematic, frozen) may be shared: the
// solver never writes them. A body with 64 colours taken sends further contacts to one last colour that
// is solved one contact after the other. Each segment is then sorted by colour, stably.
void WorldImpl::ColourLevels() {
    constexpr int kColours = 64;
    const int segments = static_cast<int>(segmentStart.size()) - 1;
    bodyColours.assign(solverBodies.size(), 0);
    contactColour.resize(solverContacts.size());
    colourRanges.clear();
    segmentColours.assign(1, 0);
    bool identity = true;
    for (int segment = 0; segment < segments; ++segment) {
        const int begin = segmentStart[segment], end = segmentStart[segment + 1];
        int count[kColours + 2] = {};
        for (int k = begin; k < end; ++k) {
            const SolverContact& sc = solverContacts[k];
            const bool movesA = detail::MovesA(sc);
            const bool movesB = detail::MovesB(sc);
            const uint64_t used = (movesA ? bodyColours[sc.a] : 0) | (movesB ? bodyColours[sc.b] : 0);
            const int colour = used == ~uint64_t{0} ? kColours : std::countr_zero(~used);
            if (colour < kColours) {
                if (movesA) bodyColours[sc.a] |= uint64_t{1} << colour;
                if (movesB) bodyColours[sc.b] |= uint64_t{1} << colour;
            }
            contactColour[k] = colour;
            ++count[colour + 1];
        }
        // The velocity passes take a colour's contacts four at a time (contact_solver_wide.cpp) and leave
        // the last one to three to the scalar path, and a part's level has colours of only 10-20
        // contacts. So those last contacts move on to the next colour where they share no moving body
        // with it: the colours stay independent, more contacts fill batches, and no float changes (the
        // moved contact shares no moving body with either colour, so it keeps its place relative to
        // every contact it depends on).
        for (int colour = 0; colour + 1 < kColours && count[colour + 2] > 0; ++colour) {
            const uint64_t bit = uint64_t{1} << colour, next = bit << 1;
            for (int k = end - 1, extra = count[colour + 1] % 4; k >= begin && extra > 0; --k) {
                if (contactColour[k] != colour) continue;
                const SolverContact& sc = solverContacts[k];
                const bool movesA = detail::MovesA(sc);
                const bool movesB = detail::MovesB(sc);
                if ((movesA && (bodyColours[sc.a] & next) != 0) || (movesB && (bodyColours[sc.b] & next) != 0)) continue;
                if (movesA) bodyColours[sc.a] = (bodyColours[sc.a] & ~bit) | next;
                if (movesB) bodyColours[sc.b] = (bodyColours[sc.b] & ~bit) | next;
                contactColour[k] = colour + 1;
                --count[colour + 1];
                ++count[colour + 2];
                --extra;
            }
        }
        for (int k = begin + 1; k < end; ++k) identity = identity && contactColour[k] >= contactColour[k - 1];
        for (int k = begin; k < end; ++k) bodyColours[solverContacts[k].a] = bodyColours[solverContacts[k].b] = 0;
        int offset = begin;
        for (int colour = 0; colour <= kColours; ++colour) {
            if (count[colour + 1] == 0) continue;
            colourRanges.push_back({offset, offset + count[colour + 1], colour < kColours});
            count[colour + 1] = offset;  // becomes the colour's fill cursor
            offset = colourRanges.back().end;
        }
        for (int k = begin; k < end; ++k) contactColour[k] = count[contactColour[k] + 1]++;  // destination
        segmentColours.push_back(static_cast<int>(colourRanges.size()));
    }
    if (identity) return;  // already sorted by colour in every segment: nothing moves
    sortedContacts.resize(solverContacts.size());
    for (size_t k = 0; k < solverContacts.size(); ++k) sortedContacts[contactColour[k]] = solverContacts[k];
    solverContacts.swap(sortedContacts);
}

} // namespace sensu
