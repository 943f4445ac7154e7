#pragma once
// Row helpers shared by the velocity passes (contact_solver.cpp) and the position pass
// (position_solver.cpp).
#include "sensu/math/vec2.h"

namespace sensu::detail {

// Tangent direction of a contact: the normal turned clockwise (friction acts along it).
inline Vec2 TangentOf(Vec2 n) { return RightPerp(n); }

// Effective mass of a row with arm cross products rdA = rA×d, rdB = rB×d:
// 1 / (1/Ma + 1/Mb + (rA×d)²/Ia + (rB×d)²/Ib). Seed 004 eq. (2.31), with the denominator corrected as
// noted in docs/seeds.md (each body's own arm).
inline float EffectiveMass(float mA, float iA, float mB, float iB, float rdA, float rdB) {
    const float k = mA + mB + iA * rdA * rdA + iB * rdB * rdB;
    return k > 0.0f ? 1.0f / k : 0.0f;
}

// Contacts of one colour share no body the solver moves (solver_order.cpp); fewer than this many are
// solved on the calling thread, where a fork-join would cost more than the work.
inline constexpr int kMinParallelContacts = 64;

} // namespace sensu::detail
