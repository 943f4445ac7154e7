// Ray, circle, capsule and convex (any shape) casts against every shape: finite output from finite
// input, unit normals, fractions in [0, maxFraction], and a circle or convex cast's hit pose touches the
// shape (distance ≈ 0).
#include "fuzz_input.h"
#include "sensu/geometry/convex_cast.h"
#include "sensu/geometry/raycast.h"
#include "sensu/geometry/shape_cast.h"

using namespace sensu;
using namespace sensu::fuzz;

namespace {

void CheckOutput(const CastOutput& out, float maxFraction, bool checked, const std::string& what) {
    if (!checked || !out.hit) return;
    FUZZ_REQUIRE(Finite(out.fraction) && Finite(out.point) && Finite(out.normal), "non-finite cast output: " + what);
    FUZZ_REQUIRE(out.fraction >= 0.0f && out.fraction <= maxFraction * (1.0f + 1e-6f), "fraction out of range: " + what);
    if (!out.startsInside) FUZZ_REQUIRE(std::abs(Length(out.normal) - 1.0f) < 1e-3f, "cast normal not unit: " + what);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    try {
        const testing::AnyShape shape = Shape(in);
        const Transform xf = Pose(in);
        const Vec2 origin = in.Point(), translation = in.Point();
        const float radius = in.Size(), maxFraction = in.Size();
        const Vec2 other = in.Point();
        const float magnitude = std::max({Magnitude(shape, xf), std::abs(origin.x), std::abs(origin.y), std::abs(translation.x),
                                          std::abs(translation.y), std::abs(other.x), std::abs(other.y), radius, maxFraction});
        const float size = SmallestSize(shape);
        bool tiny = false;
        for (float x : {origin.x, origin.y, translation.x, translation.y, other.x, other.y, radius})
            tiny = tiny || (x != 0.0f && std::abs(x) < 1e-20f);
        const bool checked = !tiny && InDomain(magnitude, size) && (radius == 0.0f || radius >= 1e-6f * magnitude) && maxFraction <= 1e3f;
        const std::string what = testing::Describe(shape, xf);
        const RayCastInput ray{.origin = origin, .translation = translation, .maxFraction = maxFraction};
        CheckOutput(std::visit([&](const auto& s) { return RayCast(s, xf, ray); }, shape), maxFraction, checked, "ray " + what);
        const CircleCastInput circle{.center = origin, .radius = radius, .translation = translation, .maxFraction = maxFraction};
        const CastOutput c = std::visit([&](const auto& s) { return CircleCast(s, xf, circle); }, shape);
        CheckOutput(c, maxFraction, checked, "circle " + what);
        if (checked && c.hit) {
            // At the hit the moved circle touches the shape.
            const Circle moved(origin + c.fraction * translation, radius);
            const float d = testing::AnyDistance(moved, {}, shape, xf).distance;
            FUZZ_REQUIRE(d <= 2e-5f * magnitude * (1.0f + maxFraction) + 1e-5f, "circle cast hit pose apart by " + std::to_string(d) + ": " + what);
        }
        const CapsuleCastInput capsule{.a = origin, .b = other, .radius = radius, .translation = translation, .maxFraction = maxFraction};
        CheckOutput(std::visit([&](const auto& s) { return CapsuleCast(s, xf, capsule); }, shape), maxFraction, checked, "capsule " + what);
        // A second shape of any kind cast against the first (read last, so older corpus entries keep
        // their meaning for the casts above).
        const testing::AnyShape caster = Shape(in);
        const Transform casterXf = Pose(in);
        const float casterMagnitude = std::max(magnitude, Magnitude(caster, casterXf));
        const bool convexChecked = checked && InDomain(casterMagnitude, std::min(size, SmallestSize(caster)));
        const ConvexCastInput convex{.caster = std::visit([](const auto& s) { return MakeProxy(s); }, caster), .transform = casterXf,
                                     .translation = translation, .maxFraction = maxFraction};
        const CastOutput k = std::visit([&](const auto& s) { return ConvexCast(s, xf, convex); }, shape);
        const std::string convexWhat = "convex " + testing::Describe(caster, casterXf) + " against " + what;
        CheckOutput(k, maxFraction, convexChecked, convexWhat);
        if (convexChecked && k.hit) {
            const Transform moved{casterXf.p + k.fraction * translation, casterXf.q};
            const float d = testing::AnyDistance(caster, moved, shape, xf).distance;
            FUZZ_REQUIRE(d <= 2e-5f * casterMagnitude * (1.0f + maxFraction) + 1e-5f, "convex cast hit pose apart by " + std::to_string(d) + ": " + convexWhat);
        }
    } catch (const InvalidArgument&) {
    }
    return 0;
}
