// Parts and bands: the synchronisation points of a parallel pass are the steps of its schedule
// (colour_schedule.h), and C100 has ~100 levels of ~4 colours of ~40 contacts, where a hand-over
// between threads costs about as much as such a colour's work. So a band of consecutive levels is cut
// into a few parts that share no moving body: each part is solved by one thread, its levels bottom-up,
// while the other parts are solved on the other threads, and one hand-over ends the band instead of one
// per colour. A contact whose moving bodies all fall in part p belongs to p; one whose moving bodies
// fall in two parts is a seam contact, solved after the band's parts, level by level. Inside a part's
// level and a level's seams, contacts keep their order and are coloured as before (solver_order.cpp),
// for the four-wide batches.
//
// Which part a body falls in follows a fixed rule of the contact graph alone, never of the thread
// count: the bodies are grouped by their key, the lowest level among their contacts (a pyramid's row),
// ranked in solver order inside that group (bodies join the solver in body order, which follows the
// order a scene was built in, so usually space), and the rank range is cut into the band's part count
// of equal slices. Any rule gives the same floats on every thread count; a rule that follows space
// keeps the seams few.
#include <climits>

#include "world_internal.h"

namespace sensu {

using detail::MovesA;
using detail::MovesB;
using detail::PartBand;
using detail::SolverContact;

namespace {

// A band is split into the largest power of two of parts, up to kMaxParts, that leaves each part at
// least kMinPartContacts contacts per level: smaller parts cut the colours below the four-wide
// batches' size, and one core loses more than the hand-overs save. The first cut, into two, is made
// from kMinTwoPartContacts on: a band of one part is solved on one thread, and at 64 per part the top
// 40 rows of C100 were such bands, 17.5 % of a pass's contacts (two threads could not pass 1.7×, by
// Amdahl). Two parts of 32 leave 5.7 % on one thread for +1 % instructions on one core (callgrind,
// C100 rest off); all cuts at 32 gave 7.5 % for +5 % (the smaller colours of four and eight parts
// leave more contacts outside the batches).
constexpr int kMaxParts = 8;
constexpr int kMinPartContacts = 64;
constexpr int kMinTwoPartContacts = 32;
// Levels per band: one hand-over per band, plus its seams. The seam contacts of a band's lower levels
// are solved after its upper levels' parts, a little off the bottom-up order. 16 levels: C100's pass has
// 10 hand-overs (4 levels: 52), and every stacking scene still stands as before.
constexpr int kBandLevels = 16;

int PartCount(int contactsPerLevel) {
    int parts = contactsPerLevel >= 2 * kMinTwoPartContacts ? 2 : 1;
    while (parts < kMaxParts && contactsPerLevel >= 2 * parts * kMinPartContacts) parts *= 2;
    return parts;
}

} // namespace

void WorldImpl::SplitLevelsIntoParts() {
    const int levels = static_cast<int>(levelStart.size()) - 1;
    const int nb = static_cast<int>(solverBodies.size());
    // Each moving body's key: the lowest level it has a contact in (contacts are in level order, so the
    // level of the first contact met). Then its rank among the bodies of its key, in solver order.
    bodyPartKey.assign(static_cast<size_t>(nb), INT_MAX);
    bodyPartRank.assign(static_cast<size_t>(nb), 0);
    for (int level = 0; level < levels; ++level) {
        for (int k = levelStart[level]; k < levelStart[level + 1]; ++k) {
            const SolverContact& sc = solverContacts[k];
            if (MovesA(sc) && bodyPartKey[sc.a] == INT_MAX) bodyPartKey[sc.a] = level;
            if (MovesB(sc) && bodyPartKey[sc.b] == INT_MAX) bodyPartKey[sc.b] = level;
        }
    }
    levelKeyCount.assign(static_cast<size_t>(Max(levels, 1)), 0);
    for (int i = 0; i < nb; ++i)
        if (bodyPartKey[i] != INT_MAX) bodyPartRank[i] = levelKeyCount[bodyPartKey[i]]++;

    // Per band: each contact's segment, then a stable counting sort of the band by segment.
    partBands.clear();
    segmentStart.assign(1, 0);
    contactColour.resize(solverContacts.size());  // segment, then destination, per contact (scratch)
    bool identity = true;
    for (int firstLevel = 0; firstLevel < levels; firstLevel += kBandLevels) {
        const int bandLevels = Min(kBandLevels, levels - firstLevel);
        const int begin = levelStart[firstLevel], end = levelStart[firstLevel + bandLevels];
        const int parts = PartCount((end - begin) / bandLevels);
        auto partOf = [&](int body) {
            return static_cast<int>(static_cast<int64_t>(parts) * bodyPartRank[body] / levelKeyCount[bodyPartKey[body]]);
        };
        const int segments = (parts + 1) * bandLevels;
        segmentCount.assign(static_cast<size_t>(segments) + 1, 0);
        int previous = 0;
        for (int level = 0; level < bandLevels; ++level) {
            for (int k = levelStart[firstLevel + level]; k < levelStart[firstLevel + level + 1]; ++k) {
                const SolverContact& sc = solverContacts[k];
                int part = 0;
                if (parts > 1) {
                    const bool movesA = MovesA(sc);
                    const bool movesB = MovesB(sc);
                    const int partA = movesA ? partOf(sc.a) : -1;
                    const int partB = movesB ? partOf(sc.b) : -1;
                    part = !movesA ? partB : !movesB || partA == partB ? partA : parts;  // parts: a seam
                }
                const int segment = part * bandLevels + level;
                identity = identity && segment >= previous;
                previous = segment;
                contactColour[k] = segment;
                ++segmentCount[segment + 1];
            }
        }
        for (int s = 0; s < segments; ++s) {
            segmentCount[s + 1] += segmentCount[s];
            segmentStart.push_back(begin + segmentCount[s + 1]);
        }
        for (int k = begin; k < end; ++k) contactColour[k] = begin + segmentCount[contactColour[k]]++;  // destination
        partBands.push_back({static_cast<int>(segmentStart.size()) - 1 - segments, parts, bandLevels});
    }
    if (identity) return;
    sortedContacts.resize(solverContacts.size());
    for (size_t k = 0; k < solverContacts.size(); ++k) sortedContacts[contactColour[k]] = solverContacts[k];
    solverContacts.swap(sortedContacts);
}

} // namespace sensu
