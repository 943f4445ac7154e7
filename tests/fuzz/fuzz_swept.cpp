// Swept regions from arbitrary bodies and motions: the region holds the body at every pose of the step
// (sampled), its bounds are finite from finite input, and queries never crash.
#include "fuzz_input.h"
#include "sensu/geometry/rotating_toi.h"
#include "sensu/geometry/swept_region.h"
#include "sensu/physics/world.h"

using namespace sensu;
using namespace sensu::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    try {
        const RotationalSweep sweep{.pivot = in.Point(), .startAngle = in.Float(), .sweepAngle = in.Float(), .translation = in.Point()};
        const uint8_t kind = in.Byte() % 4;
        const Vec2 local = in.Point();
        const float radius = in.Size();
        std::optional<SweptRegion> region;
        testing::AnyShape body = Circle({}, 0.0f);
        switch (kind) {
        case 0: body = Circle(local, radius); region.emplace(std::get<Circle>(body), sweep); break;
        case 1: body = Capsule(local, in.Point(), radius); region.emplace(std::get<Capsule>(body), sweep); break;
        case 2: body = Box({in.Size(), in.Size()}, local, in.Float()); region.emplace(std::get<Box>(body), sweep); break;
        default: body = Polygon(in); region.emplace(std::get<ConvexPolygon>(body), sweep); break;
        }
        const float magnitude = std::max({Magnitude(body, {}), std::abs(sweep.pivot.x), std::abs(sweep.pivot.y), std::abs(sweep.translation.x),
                                          std::abs(sweep.translation.y), std::abs(sweep.startAngle), std::abs(sweep.sweepAngle)});
        // Queries of any shape.
        const testing::AnyShape query = Shape(in);
        const Transform xf = Pose(in);
        std::visit([&](const auto& q) { (void)region->Overlaps(q, xf); }, query);
        if (const auto* c = std::get_if<Circle>(&query)) (void)region->TimeOfImpact(*c, xf);
        // A start angle of 7843 rad is known to ±0.0005 rad in float: 5 m at 1e4 m. Checked: 100 rad, and
        // reaches up to the World's kMaxCoordinate.
        if (!(magnitude <= kMaxCoordinate) || std::abs(sweep.startAngle) > 100.0f || std::abs(sweep.sweepAngle) > 100.0f) return 0;
        const AABB& bounds = region->bounds();
        FUZZ_REQUIRE(Finite(bounds.lower) && Finite(bounds.upper), "region bounds non-finite");
        // The body's reference point (its centre, first vertex) at sampled times lies in the region.
        Vec2 point = local;
        if (const auto* p = std::get_if<ConvexPolygon>(&body)) point = p->vertex(0);
        for (int i = 0; i <= 4; ++i) {
            const float t = 0.25f * static_cast<float>(i);
            const Vec2 at = TransformPoint(SweepPose(sweep, t), point);
            const float tol = 1e-4f * (1.0f + magnitude);
            bool inside = region->Overlaps(Circle(at, tol), {});
            FUZZ_REQUIRE(inside, "swept region misses the body's point at t = " + std::to_string(t) + ": " + testing::Describe(body, {}) +
                                     " swept from pivot (" + std::to_string(sweep.pivot.x) + ", " + std::to_string(sweep.pivot.y) + ") angle " +
                                     std::to_string(sweep.startAngle) + " by " + std::to_string(sweep.sweepAngle) + " rad, translation (" +
                                     std::to_string(sweep.translation.x) + ", " + std::to_string(sweep.translation.y) + ")");
        }
    } catch (const InvalidArgument&) {
    }
    return 0;
}
