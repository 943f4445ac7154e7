#pragma once
// Data of the passes that solve four contacts at a time (contact_solver_wide.cpp: the velocity passes;
// shock_propagation_wide.cpp: the shock pass): two-point contacts with a block solve, the common case of
// boxes resting on boxes, copied into structure-of-arrays batches so one SSE2 instruction does the same
// float operation for four contacts. Contacts of one colour share no body the solver moves
// (solver_order.cpp), so four of them can be solved at once. Each lane does exactly the scalar path's
// IEEE operations in the same order (no contraction: -ffp-contract=off in framework/CMakeLists.txt), so
// the state is bit for bit the scalar path's (tests/physics/wide_contacts_test.cpp), and SENSU_PORTABLE
// builds, which keep the scalar path, agree with it.
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(SENSU_PORTABLE_PATHS)
#define SENSU_WIDE_CONTACTS 1
#else
#define SENSU_WIDE_CONTACTS 0
#endif

namespace sensu::detail {

inline constexpr int kWideLanes = 4;

// Four two-point contacts of one colour; lane i is solverContacts[contact[i]], with the same floats.
struct alignas(16) WideContactBatch {
    int contact[kWideLanes];
    int a[kWideLanes], b[kWideLanes];  // solver body indices
    float normalX[kWideLanes], normalY[kWideLanes], friction[kWideLanes];
    float invMassA[kWideLanes], invInertiaA[kWideLanes], invMassB[kWideLanes], invInertiaB[kWideLanes];
    float rnA1[kWideLanes], rnB1[kWideLanes], rnA2[kWideLanes], rnB2[kWideLanes];  // point 1 and 2: rA×n, rB×n, m
    float rtA1[kWideLanes], rtB1[kWideLanes], rtA2[kWideLanes], rtB2[kWideLanes];  // point 1 and 2: rA×t, rB×t (warm start)
    float pairRtA[kWideLanes], pairRtB[kWideLanes], pairTangentMass[kWideLanes];    // the middle friction row
    float k11[kWideLanes], k12[kWideLanes], k22[kWideLanes];                        // block K, 1/kg
    float inv11[kWideLanes], inv12[kWideLanes], inv22[kWideLanes];                  // K⁻¹, kg
    float bias1[kWideLanes], bias2[kWideLanes];                                     // m/s
    float normalImpulse1[kWideLanes], normalImpulse2[kWideLanes];                   // accumulated, N·s
    float tangentImpulse1[kWideLanes], tangentImpulse2[kWideLanes];
};

// How one colour (same index as WorldImpl::colourRanges) is solved: wideBatches[batchBegin, batchEnd)
// and the contacts wideRest[restBegin, restEnd) on the scalar path. Not wide: all of it on the scalar path.
struct WideColour {
    bool wide = false;
    int batchBegin = 0, batchEnd = 0;
    int restBegin = 0, restEnd = 0;
};

} // namespace sensu::detail
