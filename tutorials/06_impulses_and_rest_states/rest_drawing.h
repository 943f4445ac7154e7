#pragma once
// Drawing shared by the steps of tutorial 06: bodies coloured by seed 004 rest state, contact points
// with their normal impulses, and a legend.
#include "sensu/app/renderer.h"
#include "sensu/physics/world.h"

namespace sensu::tutorial06 {

inline Color RestColor(RestState state) {
    switch (state) {
        case RestState::VerticallyUnstable: return colors::kDynamic;
        case RestState::VerticallyStable: return colors::kOrange;
        case RestState::RotationStable: return colors::kResting;
    }
    return colors::kDynamic;
}

inline const char* RestName(RestState state) {
    switch (state) {
        case RestState::VerticallyUnstable: return "vertically unstable";
        case RestState::VerticallyStable: return "vertically stable";
        case RestState::RotationStable: return "rotation stable (frozen)";
    }
    return "?";
}

/// Every body of the world, dynamic ones coloured by rest state; contact points and impulse arrows
/// (1 N·s drawn as `arrowScale` metres) when arrowScale > 0.
inline void DrawWorld(Renderer& r, const World& world, float arrowScale) {
    std::vector<BodyId> bodies;
    world.GetBodies(bodies);
    for (BodyId id : bodies) {
        const Color color = world.GetType(id) == BodyType::Static ? colors::kStatic : RestColor(world.GetRestState(id));
        for (ShapeId s : world.GetShapes(id)) {
            std::visit([&](const auto& shape) { r.DrawShape(shape, world.GetTransform(id), color); }, world.GetGeometry(s));
        }
    }
    if (arrowScale <= 0.0f) return;
    std::vector<ContactPointInfo> points;
    world.GetContactPoints(points);
    for (const ContactPointInfo& c : points) {
        if (c.separation > 0.01f) continue;
        r.DrawPoint(c.point, 5.0f, colors::kContact);
        if (c.normalImpulse > 0.0f) r.DrawArrow(c.point, c.point + arrowScale * c.normalImpulse * c.normal, colors::kNormal);
    }
}

inline void DrawLegend(Renderer& r, float y) {
    const RestState states[3] = {RestState::VerticallyUnstable, RestState::VerticallyStable, RestState::RotationStable};
    for (int i = 0; i < 3; ++i) r.DrawScreenText({10.0f, y + static_cast<float>(i) * r.LineHeight()}, RestName(states[i]), RestColor(states[i]));
}

} // namespace sensu::tutorial06
