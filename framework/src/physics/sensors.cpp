// Sensors (contact_events.h): after each step every sensor finds the shapes it truly overlaps (overlap.h,
// no speculative margin) through the broad phase and compares them with the last step's list, so each
// entry and exit is reported once — for frozen and static visitors too, which make no contacts with a
// sensor (sensors never touch: no impulses, no support, no wake).
#include <algorithm>

#include "sensu/geometry/overlap.h"
#include "world_internal.h"

namespace sensu {

using detail::Body;
using detail::Shape;

namespace {

bool Before(ShapeId a, ShapeId b) { return a.index != b.index ? a.index < b.index : a.generation < b.generation; }

bool GeometriesOverlap(const ShapeGeometry& a, const Transform& xa, const ShapeGeometry& b, const Transform& xb) {
    return std::visit([&](const auto& ga, const auto& gb) { return Overlap(ga, xa, gb, xb); }, a, b);
}

} // namespace

void WorldImpl::UpdateSensors() {
    for (int si : sensorShapes) {
        Shape& sensor = shapes[si];
        const Body& body = bodies[sensor.body];
        sensorScratch.clear();
        broadPhase.Query(ComputeShapeAABB(sensor, body), [&](int other) {
            const Shape& o = shapes[other];
            if (o.body == sensor.body || o.isSensor || !ShouldCollide(sensor.filter, o.filter)) return;
            const Body& ob = bodies[o.body];
            if (body.type == BodyType::Static && ob.type == BodyType::Static) return;
            if (GeometriesOverlap(sensor.geometry, body.xf, o.geometry, ob.xf)) sensorScratch.push_back(ShapeIdOf(other));
        });
        std::sort(sensorScratch.begin(), sensorScratch.end(), Before);
        // Merge the sorted lists: in the new one only → begin, in the old one only → end (a destroyed
        // visitor's id is in no new list, whoever took its slot since).
        const ShapeId sensorId = ShapeIdOf(si);
        const std::vector<ShapeId>& old = sensor.visitors;
        size_t i = 0, j = 0;
        while (i < old.size() || j < sensorScratch.size()) {
            if (j == sensorScratch.size() || (i < old.size() && Before(old[i], sensorScratch[j]))) {
                sensorEndEvents.push_back({sensorId, old[i++]});
            } else if (i == old.size() || Before(sensorScratch[j], old[i])) {
                sensorBeginEvents.push_back({sensorId, sensorScratch[j++]});
            } else {
                ++i;
                ++j;
            }
        }
        sensor.visitors.swap(sensorScratch);
    }
}

void WorldImpl::EndSensorVisits(int sensorShape) {
    Shape& sensor = shapes[sensorShape];
    for (ShapeId visitor : sensor.visitors) pendingSensorEndEvents.push_back({ShapeIdOf(sensorShape), visitor});
    sensor.visitors.clear();
    std::erase(sensorShapes, sensorShape);
}

} // namespace sensu
