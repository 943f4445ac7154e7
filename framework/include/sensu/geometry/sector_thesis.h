#pragma once
/// The fan tests exactly as seed 000 describes them (§2.2, §2.3, §2.4, §2.6), with the traps listed in
/// docs/seeds.md fixed, kept for comparison with the fast tests of sector_overlap.h (benchmarks,
/// tutorial 03). Same conventions: the fan in world space, the other shape placed by xf, touching
/// counts. Prefer sector_overlap.h in real code: these compute far more than they need.
///
/// `thesis::naive` holds shortcuts that look right and are not; they exist to be shown failing
/// (tutorial 03, the regression tests). Never use them for collision.
#include "sensu/geometry/shapes.h"

namespace sensu::thesis {

/// Point in fan, seed 000 §2.2: (2.5) r² ≤ |P|² ≤ R², (2.6) P_c = P_x / |P|, (2.7) P_c ≥ cos θ.
/// Fixed: the centre itself (|P| = 0, where (2.6) divides by zero) is in the wedge.
bool ContainsPoint(const Sector& sector, Vec2 point);

/// Rectangle against fan, seed 000 §2.3: every rectangle edge is intersected with the radial edges
/// (§2.9.1, eq. 2.34 with its denominator typo fixed) and with the inner and outer circles (§2.9.2,
/// eq. 2.39, crossing points kept when they pass the wedge test 2.7); with no crossing, one shape
/// contains the other, decided by one point of each (§2.2, §2.9.3).
bool OverlapRectangle(const Sector& sector, const Box& box, const Transform& xf);

/// Circle against fan, seed 000 §2.4, with both fixes: the edge distances are used when (2.7) is
/// false (the text says (2.5)), and the lower bound of (2.8) is max(0, r − rc).
bool OverlapCircle(const Sector& sector, const Circle& circle, const Transform& xf);

/// Capsule against fan, seed 000 §2.6: t-ranges of the capsule segment from the quadratics (2.16),
/// (2.17) (lower bound max(0, r − rc)) and the linear wedge conditions (2.18)–(2.20), then the
/// segment–segment distances to the radial edges (§2.9.5). Fixed: for θ < π/2 the AND of (2.20) also
/// requires P·A ≥ 0, which it implies for θ > 0 but not for θ = 0, where it accepts the backward ray.
bool OverlapCapsule(const Sector& sector, const Capsule& capsule, const Transform& xf);

namespace naive {

/// Seed 000 §2.4 read literally: the edge distances only when (2.5) is false, and (r − rc)² as the
/// lower bound of (2.8). WRONG: misses circles beside the wedge inside the ring, and circles that cover
/// the hole (rc > r).
bool CircleAsWritten(const Sector& sector, const Circle& circle, const Transform& xf);

/// Seed 000 §2.4 with the branch fixed ((2.7) false → edges) but the lower bound of (2.8) left as
/// (r − rc)². WRONG when rc > r: a circle over the hole whose centre is in the wedge is missed.
bool CircleUnclampedInnerBound(const Sector& sector, const Circle& circle, const Transform& xf);

/// Widen the wedge by asin(rc / |c|) and the ring by rc. WRONG: the widened wedge and ring meet in a
/// corner region that is farther than rc from the fan, so it reports overlap for circles near the
/// fan's corners that do not touch it.
bool CircleAsinWidening(const Sector& sector, const Circle& circle, const Transform& xf);

/// Outside the wedge, measure the distance to radial edges drawn from the centre O instead of from
/// r·u. WRONG when r > 0: circles in the hole beside the wedge are reported as touching.
bool CircleEdgesFromCenter(const Sector& sector, const Circle& circle, const Transform& xf);

} // namespace naive

} // namespace sensu::thesis
