// The checks of a loaded world (World::Load, world_snapshot.cpp): Load trusts nothing, so every index
// the world follows without checking (shape and contact ids, body contact lists, free lists, chains,
// joints, sensor lists, the broad phase's trees) is validated before the world is returned, and the
// state derived from the loaded fields (the contact lookup table, the joints' drive flags, the counts
// of driving joints and hit-event shapes) is rebuilt.
#include <algorithm>
#include <string>
#include <vector>

#include "snapshot_archive.h"

namespace sensu::detail::snapshot {

void CheckAndLink(WorldImpl& w, const Archive<true>& ar) {
    auto require = [&](bool ok, const char* what) {
        if (!ok) ar.Fail(what);
    };
    try {
        Validate(w.settings);
    } catch (const InvalidArgument& e) {
        ar.Fail(std::string("invalid settings (") + e.what() + ")");
    }
    if (const char* problem = w.broadPhase.RestoreAfterLoad()) ar.Fail(problem);
    require(w.broadPhase.Kind() == w.settings.broadPhase, "the broad phase is not the one the settings name");

    const auto bodyCount = static_cast<int>(w.bodies.size());
    const auto shapeCount = static_cast<int>(w.shapes.size());
    const auto contactCount = static_cast<int>(w.contacts.size());
    // Free lists: exactly the dead slots, each once (CreateBody and CreateShape reuse them).
    auto checkFreeList = [&](const std::vector<uint32_t>& list, auto&& isAlive, int count, const char* what) {
        std::vector<uint8_t> listed(static_cast<size_t>(count), 0);
        for (uint32_t i : list) {
            require(i < static_cast<uint32_t>(count) && !isAlive(i) && !listed[i], what);
            listed[i] = 1;
        }
        for (int i = 0; i < count; ++i) require(isAlive(i) || listed[i], what);
    };
    checkFreeList(w.freeBodies, [&](uint32_t i) { return w.bodies[i].alive; }, bodyCount, "bad free body list");
    checkFreeList(w.freeShapes, [&](uint32_t i) { return w.shapes[i].alive; }, shapeCount, "bad free shape list");

    // Bodies and shapes name each other; every live shape has a live broad-phase proxy holding it.
    int listedShapes = 0;
    for (int i = 0; i < bodyCount; ++i) {
        const Body& b = w.bodies[i];
        require(b.solverIndex == kNull, "a body has a solver index between steps");
        if (!b.alive) {
            require(b.shapes.empty() && b.contactHead == kNull, "a destroyed body keeps shapes or contacts");
            continue;
        }
        for (ShapeId sid : b.shapes) {
            require(sid.index < static_cast<uint32_t>(shapeCount), "a body lists a shape out of range");
            const Shape& s = w.shapes[sid.index];
            require(s.alive && s.generation == sid.generation && s.body == i, "a body lists a shape that is not its own");
            ++listedShapes;
        }
    }
    int liveShapes = 0;
    for (int i = 0; i < shapeCount; ++i) {
        const Shape& s = w.shapes[i];
        if (!s.alive) {
            require(s.proxy == kNull, "a destroyed shape keeps a proxy");
            continue;
        }
        ++liveShapes;
        require(s.body >= 0 && s.body < bodyCount && w.bodies[s.body].alive, "a shape's body is out of range or destroyed");
        const auto& own = w.bodies[s.body].shapes;
        require(std::find(own.begin(), own.end(), ShapeId{static_cast<uint32_t>(i), s.generation}) != own.end(),
                "a shape is missing from its body's list");
        require(w.broadPhase.IsProxy(s.proxy) && w.broadPhase.UserData(s.proxy) == i, "a shape's proxy does not hold it");
    }
    require(listedShapes == liveShapes && w.broadPhase.ProxyCount() == liveShapes, "shapes, bodies and proxies disagree");
    for (int si : w.movedShapes) require(si >= 0 && si < shapeCount, "a moved shape is out of range");

    // Chains: each live chain lists live segments of its body that name it back, and every chain segment
    // is listed by its chain, with ghosts a ChainSegment accepts (the narrow phase builds one from them).
    const auto chainCount = static_cast<int>(w.chains.size());
    checkFreeList(w.freeChains, [&](uint32_t i) { return w.chains[i].alive; }, chainCount, "bad free chain list");
    int chainListed = 0;
    for (int i = 0; i < chainCount; ++i) {
        const Chain& c = w.chains[i];
        if (!c.alive) {
            require(c.shapes.empty(), "a destroyed chain keeps shapes");
            continue;
        }
        require(c.body >= 0 && c.body < bodyCount && w.bodies[c.body].alive, "a chain's body is out of range or destroyed");
        for (ShapeId sid : c.shapes) {
            require(sid.index < static_cast<uint32_t>(shapeCount), "a chain lists a shape out of range");
            const Shape& s = w.shapes[sid.index];
            require(s.alive && s.generation == sid.generation && s.chain == i && s.body == c.body, "a chain lists a shape that is not its own");
            ++chainListed;
        }
    }
    int chainSegments = 0;
    for (int i = 0; i < shapeCount; ++i) {
        const Shape& s = w.shapes[i];
        if (!s.alive || s.chain == kNull) continue;
        ++chainSegments;
        require(s.chain >= 0 && s.chain < chainCount && w.chains[s.chain].alive, "a shape's chain is out of range or destroyed");
        require(std::holds_alternative<Segment>(s.geometry), "a chain's shape is not a segment");
        const auto& segment = std::get<Segment>(s.geometry);
        try {
            ChainSegment(s.ghost1, segment.a(), segment.b(), s.ghost2);
        } catch (const InvalidArgument&) {
            ar.Fail("a chain segment's ghost vertices are invalid");
        }
    }
    require(chainListed == chainSegments, "chains and their shapes disagree");

    // Contacts: between live shapes of two bodies in collision order, in both bodies' lists exactly once.
    auto contactInRange = [&](int c) { return c >= kNull && c < contactCount; };
    int liveContacts = 0;
    w.contactByPair.clear();
    for (int i = 0; i < contactCount; ++i) {
        const Contact& c = w.contacts[i];
        if (!c.alive) continue;
        ++liveContacts;
        auto liveShape = [&](int s) { return s >= 0 && s < shapeCount && w.shapes[s].alive; };
        require(liveShape(c.shapeA) && liveShape(c.shapeB), "a contact's shape is out of range or destroyed");
        const Shape& a = w.shapes[c.shapeA];
        const Shape& b = w.shapes[c.shapeB];
        require(c.bodyA == a.body && c.bodyB == b.body && c.bodyA != c.bodyB, "a contact's bodies are not its shapes' bodies");
        // The narrow phase picks the pair function by this order (contact.cpp: CanCollide, ComesFirst).
        require(a.geometry.index() >= b.geometry.index() && !std::holds_alternative<Segment>(b.geometry),
                "a contact's shapes are not in collision order");
        require(c.manifold.pointCount >= 0 && c.manifold.pointCount <= 2, "a manifold has more than two points");
        for (int side = 0; side < 2; ++side)
            require(contactInRange(c.prev[side]) && contactInRange(c.next[side]), "a contact link is out of range");
        require(w.contactByPair.emplace(PairKey(c.shapeA, c.shapeB), i).second, "two contacts for one shape pair");
    }
    require(liveContacts == w.contactCount, "the contact count is wrong");
    std::vector<uint8_t> inList(2 * static_cast<size_t>(contactCount), 0);  // (contact, side) met in a body's list
    for (int i = 0; i < bodyCount; ++i) {
        if (!w.bodies[i].alive) continue;
        for (int c = w.bodies[i].contactHead, prev = kNull; c != kNull;) {
            require(c >= 0 && c < contactCount && w.contacts[c].alive, "a body's contact list holds a dead contact");
            const Contact& contact = w.contacts[c];
            require(contact.bodyA == i || contact.bodyB == i, "a body's contact list holds another body's contact");
            const int side = contact.bodyA == i ? 0 : 1;
            require(!inList[2 * c + side] && contact.prev[side] == prev, "a body's contact list is broken");
            inList[2 * c + side] = 1;
            prev = c;
            c = contact.next[side];
        }
    }
    for (int i = 0; i < contactCount; ++i)
        require(!w.contacts[i].alive || (inList[2 * i] && inList[2 * i + 1]), "a contact is missing from a body's list");
    int freeContacts = 0;
    for (int c = w.freeContact; c != kNull; c = w.contacts[c].nextFree, ++freeContacts)
        require(c >= 0 && c < contactCount && !w.contacts[c].alive && freeContacts < contactCount, "bad free contact list");
    require(liveContacts + freeContacts == contactCount, "a dead contact is missing from the free list");

    // Joints: live ones join live bodies that list them once (the solver follows both directions); defs
    // pass CreateJoint's checks and name the same bodies.
    const auto jointCount = static_cast<int>(w.joints.size());
    checkFreeList(w.freeJoints, [&](uint32_t i) { return w.joints[i].alive; }, jointCount, "bad free joint list");
    w.drivingJoints = 0;
    std::vector<int> listedJoints(static_cast<size_t>(jointCount), 0);
    for (int i = 0; i < bodyCount; ++i) {
        for (int j : w.bodies[i].joints) {
            require(j >= 0 && j < jointCount && w.joints[j].alive, "a body lists a joint that is out of range or destroyed");
            require(w.joints[j].bodyA == i || w.joints[j].bodyB == i, "a body lists a joint that is not its own");
            ++listedJoints[j];
        }
    }
    for (int i = 0; i < jointCount; ++i) {
        Joint& j = w.joints[i];
        if (!j.alive) {
            require(listedJoints[i] == 0, "a destroyed joint is still listed by a body");
            continue;
        }
        require(j.def.index() == static_cast<size_t>(j.type), "a joint's def is not of its kind");
        auto liveBody = [&](int b) { return b >= 0 && b < bodyCount && w.bodies[b].alive; };
        const bool mouse = j.type == JointType::Mouse;
        require((mouse ? j.bodyA == kNull : liveBody(j.bodyA)) && liveBody(j.bodyB) && j.bodyA != j.bodyB,
                "a joint's body is out of range or destroyed");
        require(listedJoints[i] == (mouse ? 1 : 2), "a joint is missing from its bodies' lists");
        try {
            ValidateJointDef(w, j.def);
        } catch (const InvalidArgument& e) {
            ar.Fail(std::string("invalid joint (") + e.what() + ")");
        }
        const bool sameBodies = std::visit(
            [&](const auto& d) {
                if constexpr (requires { d.body; }) return d.body.index == static_cast<uint32_t>(j.bodyB);
                else return d.bodyA.index == static_cast<uint32_t>(j.bodyA) && d.bodyB.index == static_cast<uint32_t>(j.bodyB);
            },
            j.def);
        require(sameBodies, "a joint's def names other bodies than the joint");
        j.drives = Drives(j);
        j.plain = IsPlainRevolute(j);
        w.drivingJoints += j.drives ? 1 : 0;
    }

    // Sensors: each live sensor listed once, in range; visitors sorted (the step merges the lists).
    int liveSensors = 0;
    w.hitEventShapes = 0;
    for (int i = 0; i < shapeCount; ++i) {
        const Shape& s = w.shapes[i];
        require(s.alive || s.visitors.empty(), "a destroyed shape keeps sensor visitors");
        require(s.isSensor || s.visitors.empty(), "a shape that is no sensor has visitors");
        liveSensors += s.alive && s.isSensor ? 1 : 0;
        w.hitEventShapes += s.alive && s.enableHitEvents ? 1 : 0;
        for (size_t v = 0; v < s.visitors.size(); ++v) {
            require(s.visitors[v].index < static_cast<uint32_t>(shapeCount), "a sensor visitor is out of range");
            const ShapeId a = v == 0 ? ShapeId{} : s.visitors[v - 1], b = s.visitors[v];
            require(v == 0 || a.index < b.index || (a.index == b.index && a.generation < b.generation), "a sensor's visitors are not sorted");
        }
    }
    std::vector<uint8_t> sensorListed(static_cast<size_t>(shapeCount), 0);
    for (int si : w.sensorShapes) {
        require(si >= 0 && si < shapeCount && w.shapes[si].alive && w.shapes[si].isSensor && !sensorListed[si], "bad sensor list");
        sensorListed[si] = 1;
    }
    require(static_cast<int>(w.sensorShapes.size()) == liveSensors, "a sensor is missing from the sensor list");
    require(w.hitEventThreshold >= 0.0f, "the hit event threshold is negative");
}

} // namespace sensu::detail::snapshot
