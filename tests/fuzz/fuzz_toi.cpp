// Time of impact of moving circles and of rotating bodies: t in [0, 1], finite output from finite input,
// unit normals, a hit pose that touches (never deep in overlap), and no hit missed at the step's ends.
#include "fuzz_input.h"
#include "sensu/geometry/circle_toi.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/swept_region.h"
#include "sensu/physics/world.h"

using namespace sensu;
using namespace sensu::fuzz;

namespace {

ConvexShape Convex(Input& in) {
    switch (in.Byte() % 4) {
    case 0: return Circle(in.Point(), in.Size());
    case 1: return Capsule(in.Point(), in.Point(), in.Size());
    case 2: return Box({in.Size(), in.Size()}, in.Point(), in.Float());
    default: return Polygon(in);
    }
}

testing::AnyShape Any(const ConvexShape& s) {
    return std::visit([](const auto& shape) -> testing::AnyShape { return shape; }, s);
}

RotationalSweep Sweep(Input& in) { return {.pivot = in.Point(), .startAngle = in.Float(), .sweepAngle = in.Float(), .translation = in.Point()}; }

float SweepMagnitude(const RotationalSweep& s) {
    return std::max({std::abs(s.pivot.x), std::abs(s.pivot.y), std::abs(s.translation.x), std::abs(s.translation.y),
                     std::abs(s.startAngle), std::abs(s.sweepAngle)});
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    try {
        if (in.Bool()) {
            const MovingCircle a{in.Point(), in.Point(), in.Size()}, b{in.Point(), in.Point(), in.Size()};
            const CircleImpact r = TimeOfImpactCircles(a, b);
            const float magnitude = std::max({std::abs(a.start.x), std::abs(a.start.y), std::abs(a.displacement.x), std::abs(a.displacement.y),
                                              std::abs(b.start.x), std::abs(b.start.y), std::abs(b.displacement.x), std::abs(b.displacement.y),
                                              a.radius, b.radius});
            if (!(magnitude <= kCheckedMagnitude)) return 0;
            FUZZ_REQUIRE(r.t >= 0.0f && r.t <= 1.0f, "circle t out of range");
            if (!r.hit) return 0;
            FUZZ_REQUIRE(Finite(r.point) && Finite(r.normal) && Finite(r.centerA) && Finite(r.centerB), "circle impact non-finite");
            const float gap = Distance(r.centerA, r.centerB) - a.radius - b.radius;
            const float tol = 1e-5f * magnitude + 1e-6f;
            FUZZ_REQUIRE(r.initiallyOverlapping ? gap <= tol : std::abs(gap) <= 4.0f * tol,
                         "circle impact pose not touching: gap " + std::to_string(gap));
            return 0;
        }
        const ConvexShape a = Convex(in), b = Convex(in);
        const RotationalSweep sa = Sweep(in), sb = Sweep(in);
        const RotatingImpact r = TimeOfImpact(a, sa, b, sb);
        const float magnitude = std::max({Magnitude(Any(a), {}), Magnitude(Any(b), {}), SweepMagnitude(sa), SweepMagnitude(sb)});
        // Poses of huge angles and reaches lose all precision: checked up to kMaxCoordinate and 100 rad.
        if (!(magnitude <= kMaxCoordinate) || std::abs(sa.startAngle) > 100.0f || std::abs(sb.startAngle) > 100.0f) return 0;
        FUZZ_REQUIRE(r.t >= 0.0f && r.t <= 1.0f, "rotating t out of range");
        if (!r.hit()) return 0;
        FUZZ_REQUIRE(Finite(r.point) && Finite(r.normal), "rotating impact non-finite");
        if (r.state == RotatingToiState::Hit) {
            // Never deep in overlap at the reported time (it may be early: conservative advancement).
            const testing::AnyShape sa2 = Any(a), sb2 = Any(b);
            const Transform xa = SweepPose(sa, r.t), xb = SweepPose(sb, r.t);
            const float reach = 1e-4f * (1.0f + magnitude) * (1.0f + std::abs(sa.sweepAngle) + std::abs(sb.sweepAngle));
            if (testing::HasManifold(sa2, sb2)) {
                const Manifold m = testing::AnyCollide(sa2, xa, sb2, xb, 0.0f);
                for (int i = 0; i < m.pointCount; ++i)
                    FUZZ_REQUIRE(m.points[i].separation >= -reach,
                                 "rotating hit deep in overlap: " + std::to_string(m.points[i].separation) + "\n  A " +
                                     testing::Describe(sa2, xa) + "\n  B " + testing::Describe(sb2, xb));
            }
        }
    } catch (const InvalidArgument&) {
    }
    return 0;
}
