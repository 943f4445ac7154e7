#pragma once
// What the rest-state files share (rest_states.cpp: freezing and waking piles; rest_support.cpp: which
// bodies their supports hold): walking a body's contacts and joints, and the supports' reaction under
// an extra load.
#include "world_internal.h"

namespace sensu::detail {

inline int OtherBody(const Contact& c, int body) { return c.bodyA == body ? c.bodyB : c.bodyA; }
inline int NextContact(const Contact& c, int body) { return c.next[c.bodyA == body ? 0 : 1]; }
inline int OtherBody(const Joint& j, int body) { return j.bodyA == body ? j.bodyB : j.bodyA; }

// The supports' reaction R (impulse, along their normal n, centre of pressure x on the support line
// y = supportY) once the body takes the extra load E (impulse) with moment M_E about the origin: they
// must exert R' = R − E, and the turn of E about the old centre of pressure c moves it along the
// support by s = −M_E(c) / N'. Returns N' = R'·n (≤ 0: the supports would have to pull).
inline float ShiftSupport(Vec2 R, Vec2 n, float pressureX, float supportY, Vec2 E, float momentE, Vec2& reaction, float& x) {
    reaction = R - E;
    const float normal = Dot(reaction, n);
    const float turn = momentE - Cross(Vec2{pressureX, supportY}, E);
    x = normal > 0.0f ? pressureX - (turn / normal) * RightPerp(n).x : pressureX;
    return normal;
}

} // namespace sensu::detail
