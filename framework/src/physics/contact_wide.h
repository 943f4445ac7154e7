#pragma once
// Data of the passes that solve four or eight contacts at a time (contact_solver_wide.cpp and
// contact_solver_wide8.cpp: the velocity passes; shock_propagation_wide.cpp and
// shock_propagation_wide8.cpp: the shock pass): two-point contacts with a block solve, the common case of
// boxes resting on boxes, copied into structure-of-arrays batches so one SSE2 (AVX2) instruction does
// the same float operation for four (eight) contacts. Contacts of one colour share no body the solver
// moves (solver_order.cpp), so any number of them can be solved at once. Each lane does exactly the scalar path's
// IEEE operations in the same order (no contraction: -ffp-contract=off in framework/CMakeLists.txt), so
// the state is bit for bit the scalar path's (tests/physics/wide_contacts_test.cpp), and SENSU_PORTABLE
// builds, which keep the scalar path, agree with it.
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(SENSU_PORTABLE_PATHS)
#define SENSU_WIDE_CONTACTS 1
#else
#define SENSU_WIDE_CONTACTS 0
#endif
// Batches of eight run in AVX2 (256-bit) functions compiled with GCC/Clang's target attribute and chosen
// at run time (contact_solver_wide8.cpp, shock_propagation_wide8.cpp), so one binary still runs on a CPU
// without AVX2. AVX2 only, never FMA: a fused multiply-add rounds once where the scalar code rounds twice.
#if SENSU_WIDE_CONTACTS && (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define SENSU_WIDE8_CONTACTS 1
#define SENSU_AVX2 __attribute__((target("avx2")))
#else
#define SENSU_WIDE8_CONTACTS 0
#endif

namespace sensu::detail {

inline constexpr int kWideLanes = 4;
inline constexpr int kWide8Lanes = 8;

// N two-point contacts of one colour; lane i is solverContacts[contact[i]], with the same floats.
template <int N>
struct alignas(4 * N) WideContactBatchOf {
    int contact[N];
    int a[N], b[N];  // solver body indices
    float normalX[N], normalY[N], friction[N];
    float invMassA[N], invInertiaA[N], invMassB[N], invInertiaB[N];
    float rnA1[N], rnB1[N], rnA2[N], rnB2[N];  // point 1 and 2: rA×n, rB×n, m
    float rtA1[N], rtB1[N], rtA2[N], rtB2[N];  // point 1 and 2: rA×t, rB×t (warm start)
    float pairRtA[N], pairRtB[N], pairTangentMass[N];  // the middle friction row
    float k11[N], k12[N], k22[N];                      // block K, 1/kg
    float inv11[N], inv12[N], inv22[N];                // K⁻¹, kg
    float bias1[N], bias2[N];                          // m/s
    float normalImpulse1[N], normalImpulse2[N];        // accumulated, N·s
    float tangentImpulse1[N], tangentImpulse2[N];
};
using WideContactBatch = WideContactBatchOf<kWideLanes>;    // SSE2
using WideContactBatch8 = WideContactBatchOf<kWide8Lanes>;  // AVX2

// How one colour (same index as WorldImpl::colourRanges) is solved: wideBatches8[batch8Begin, batch8End)
// eight at a time, wideBatches[batchBegin, batchEnd) four at a time, and the contacts
// wideRest[restBegin, restEnd) on the scalar path. Each kind's last batch may be padded (lane contact
// index −1; contact_solver_wide.cpp PadContact). Not wide: all of it on the scalar path.
struct WideColour {
    bool wide = false;
    int batch8Begin = 0, batch8End = 0;
    int batchBegin = 0, batchEnd = 0;
    int restBegin = 0, restEnd = 0;
};

// The widest batches this process may use: 8 where the CPU has AVX2, else 4 (SSE2), 1 in portable
// builds (the scalar path). The environment variable SENSU_WIDE_LANES=4 or 1 lowers it, so the
// narrower paths can be run and compared on an AVX2 machine (the hash harness). Read once.
int DefaultWideLanes();

} // namespace sensu::detail
