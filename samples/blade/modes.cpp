#include "modes.h"

#include <array>
#include <span>
#include <variant>

#include "sensu/geometry/overlap.h"
#include "sensu/geometry/sector_overlap.h"
#include "sword.h"

namespace sensu::blade {

namespace {

// Conservative advancement against a target that moves too: generous cap so truth never stops early
// (an unconverged result would be counted as a crossing).
constexpr RotatingToiSettings kTruthSettings{.tolerance = 0.0f, .maxIterations = 1000};

// The shape scaled by `scale` about its centre (kCoreScale).
ConvexShape Scaled(const ConvexShape& shape, float scale) {
    struct Scaler {
        float k;
        ConvexShape operator()(const Circle& c) const { return Circle(c.center(), k * c.radius()); }
        ConvexShape operator()(const Capsule& c) const { return Capsule(c.a(), c.b(), k * c.radius()); }
        ConvexShape operator()(const Box& b) const { return Box(k * b.halfExtents(), b.center(), b.rotation().Angle()); }
        ConvexShape operator()(const ConvexPolygon& p) const {
            std::array<Vec2, kMaxPolygonVertices> v{};
            for (int i = 0; i < p.count(); ++i) v[static_cast<size_t>(i)] = p.centroid() + k * (p.vertex(i) - p.centroid());
            return ConvexPolygon(std::span<const Vec2>(v.data(), static_cast<size_t>(p.count())));
        }
    };
    return std::visit(Scaler{scale}, shape);
}

AABB ShapeBounds(const ConvexShape& shape, const RotationalSweep& sweep) {
    return std::visit([&](const auto& s) { return SpeculativeAABB(s, sweep); }, shape);
}

} // namespace

RotationalSweep BladeSweep(float angle, float sweepAngle) {
    return {.pivot = kPivot, .startAngle = angle, .sweepAngle = sweepAngle, .translation = {}};
}

RotatingImpact BladeImpact(const RotationalSweep& blade, const TargetStep& target) {
    return TimeOfImpact(ConvexShape{BladeShape()}, blade, Scaled(target.shape, kCoreScale), target.sweep, kTruthSettings);
}

Sector BladeThesisFan(const RotationalSweep& blade) {
    const Vec2 startDirection = Rot::FromAngle(blade.startAngle).XAxis();
    return ThesisFan(blade.pivot, startDirection, kHilt + 0.5f * kBladeLength, kBladeLength, blade.sweepAngle);
}

bool RegionRegisters(Mode mode, const RotationalSweep& blade, const TargetStep& target) {
    const Box bladeShape = BladeShape();
    const Transform targetStart = SweepPose(target.sweep, 0.0f);
    const Transform targetEnd = SweepPose(target.sweep, 1.0f);
    switch (mode) {
        case Mode::Discrete: {
            const Transform bladeEnd = SweepPose(blade, 1.0f);
            return std::visit([&](const auto& s) { return Overlap(bladeShape, bladeEnd, s, targetEnd); }, target.shape);
        }
        case Mode::SpeculativeAabb:
            // Speculative CCD bounds both bodies' start and end poses and pairs them when the boxes meet.
            return Overlaps(SpeculativeAABB(bladeShape, blade), ShapeBounds(target.shape, target.sweep));
        case Mode::ThesisFan: {
            const Sector fan = BladeThesisFan(blade);
            if (const auto* circle = std::get_if<Circle>(&target.shape)) {
                const Capsule path(TransformPoint(targetStart, circle->center()), TransformPoint(targetEnd, circle->center()),
                                   circle->radius());
                return Overlap(fan, path, Transform{});
            }
            return std::visit([&](const auto& s) { return Overlap(fan, s, targetStart) || Overlap(fan, s, targetEnd); },
                              target.shape);
        }
        case Mode::SensuCcd:
        case Mode::Box2D: break;
    }
    throw InvalidArgument("RegionRegisters needs a region mode (discrete, speculative AABB or thesis fan)");
}

} // namespace sensu::blade
