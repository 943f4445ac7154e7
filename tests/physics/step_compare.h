#pragma once
// Shared by the tests that step one world two ways that must agree byte for byte (idle steps, few
// movers): the events a step reports as comparable numbers, and the step-by-step comparison.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <vector>

#include "physics_test_util.h"
#include "sensu/physics/world.h"

namespace sensu::testing {

/// Everything a step reports: contact and sensor events, as comparable numbers.
inline std::vector<uint32_t> StepEvents(const World& world) {
    std::vector<uint32_t> out;
    const ContactEvents contacts = world.GetContactEvents();
    for (const ContactBeginTouchEvent& e : contacts.beginEvents) out.insert(out.end(), {1u, e.shapeA.index, e.shapeB.index});
    for (const ContactEndTouchEvent& e : contacts.endEvents) out.insert(out.end(), {2u, e.shapeA.index, e.shapeB.index});
    for (const ContactHitEvent& e : contacts.hitEvents) out.insert(out.end(), {3u, e.shapeA.index, e.shapeB.index});
    const SensorEvents sensors = world.GetSensorEvents();
    for (const SensorBeginTouchEvent& e : sensors.beginEvents) out.insert(out.end(), {4u, e.sensorShape.index, e.visitorShape.index});
    for (const SensorEndTouchEvent& e : sensors.endEvents) out.insert(out.end(), {5u, e.sensorShape.index, e.visitorShape.index});
    return out;
}

/// Steps `subject` beside `reference` (the same world, stepped the other way) for `steps` steps, `act`
/// on both before each step. Fails at the first step whose Save() bytes or events differ. Returns on how
/// many steps `counts` (asked of the subject before the step) said yes.
inline int CompareSteps(World& subject, World& reference, int steps, const std::function<void(World&, int)>& act,
                        const std::function<bool(World&)>& counts) {
    int counted = 0;
    for (int step = 0; step < steps; ++step) {
        act(subject, step);
        act(reference, step);
        counted += counts(subject) ? 1 : 0;
        subject.Step(kDt);
        reference.Step(kDt);
        INFO("step " << step);
        REQUIRE(subject.Save() == reference.Save());
        REQUIRE(StepEvents(subject) == StepEvents(reference));
    }
    return counted;
}

} // namespace sensu::testing
