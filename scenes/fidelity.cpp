// The fidelity harness's run (fidelity.h): rest-off copies beside the rest-on world, and the energy
// windows.
#include "sensu_scenes/fidelity.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

namespace sensu::scenes {

namespace {

constexpr float kDt = 1.0f / 60.0f;

// Kinetic plus potential energy of the dynamic bodies, J (potential from y = 0, the ground's top).
double MechanicalEnergy(const World& world, const std::vector<BodyId>& ids) {
    const Vec2 g = world.GetGravity();
    double e = 0.0;
    for (BodyId id : ids) {
        if (world.GetType(id) != BodyType::Dynamic) continue;
        const double m = world.GetMass(id);
        const Vec2 v = world.GetLinearVelocity(id);
        const float w = world.GetAngularVelocity(id);
        e += 0.5 * m * LengthSquared(v) + 0.5 * static_cast<double>(world.GetInertia(id)) * w * w - m * Dot(g, world.GetWorldCenter(id));
    }
    return e;
}

// m, the deepest penetration of any contact point of the world (0 if none).
float DeepestOverlap(const World& world, std::vector<ContactPointInfo>& points) {
    world.GetContactPoints(points);
    float deepest = 0.0f;
    for (const ContactPointInfo& p : points) deepest = std::max(deepest, -p.separation);
    return deepest;
}

// A moving kinematic body does work on what it pushes: its steps count as events for the energy check.
bool AnyKinematicMoving(const World& world, std::vector<BodyId>& ids) {
    world.GetBodies(ids);
    for (BodyId id : ids)
        if (world.GetType(id) == BodyType::Kinematic && (world.GetLinearVelocity(id) != Vec2{} || world.GetAngularVelocity(id) != 0.0f)) return true;
    return false;
}

// A rest-off copy made at a snapshot, with the bodies that were frozen then, and (when the chaos floor
// is run) a second rest-off copy nudged by FidelityOptions::chaosNudge.
struct Copy {
    World world;
    World nudged{};
    int stepsLeft = 0;
    std::vector<BodyId> frozen{};
    std::vector<float> deviation{};  // m, largest distance from the rest-on world so far, per frozen body
    std::vector<float> chaos{};      // m, largest distance between the nudged and the plain rest-off copy
    std::vector<uint8_t> stillFrozen{};  // per frozen body: not awake in the rest-on world at any step so far
};

void ApplyEvents(const FidelityScene& scene, World& world, int step) {
    for (const FidelityEvent& e : scene.events)
        if (e.step == step) e.apply(world);
}

// Adds `speed` in a random direction to every dynamic body's velocity (the chaos floor's nudge).
void Nudge(World& world, float speed, std::mt19937_64& draw, std::vector<BodyId>& ids) {
    std::uniform_real_distribution<float> angle(0.0f, 6.2831853f);
    world.GetBodies(ids);
    for (BodyId id : ids) {
        if (world.GetType(id) != BodyType::Dynamic) continue;
        const float a = angle(draw);
        world.SetLinearVelocity(id, world.GetLinearVelocity(id) + speed * Vec2{std::cos(a), std::sin(a)});
    }
}

} // namespace

FidelityResult RunFidelity(FidelityScene& scene, const FidelityOptions& options) {
    FidelityResult result;
    World& world = scene.world;

    // Snapshot steps: after 1.5 s (piles have had time to freeze), with a full window before the end.
    std::mt19937_64 draw(scene.seed * 31 + static_cast<uint64_t>(scene.kind) + 7);
    const int first = 90, last = scene.steps - options.windowSteps;
    std::vector<int> snapshotSteps;
    for (int k = 0; k < options.snapshots && last > first; ++k)
        snapshotSteps.push_back(first + static_cast<int>(draw() % static_cast<uint64_t>(last - first)));

    std::vector<double> energy;  // after each step
    std::vector<Copy> copies;
    std::vector<BodyId> ids;
    int lastEvent = -1;
    int eventEnd = -1;  // the last step at which an event was still at work (its overlap not resolved)
    std::vector<ContactPointInfo> points;
    for (int step = 0; step < scene.steps; ++step) {
        for (int s : snapshotSteps) {
            if (s != step) continue;
            Copy copy{.world = world.Clone(), .stepsLeft = options.windowSteps};
            world.GetBodies(ids);
            for (BodyId id : ids)
                if (world.GetType(id) == BodyType::Dynamic && !world.IsAwake(id)) copy.frozen.push_back(id);
            copy.deviation.assign(copy.frozen.size(), 0.0f);
            copy.stillFrozen.assign(copy.frozen.size(), 1);
            SolverSettings off = copy.world.GetSettings();
            off.restStates = false;
            copy.world.SetSettings(off);
            copy.chaos.assign(copy.frozen.size(), 0.0f);
            if (options.chaosNudge > 0.0f) {
                copy.nudged = copy.world.Clone();
                Nudge(copy.nudged, options.chaosNudge, draw, ids);
            }
            copies.push_back(std::move(copy));
        }
        for (const FidelityEvent& e : scene.events) lastEvent = e.step <= step ? std::max(lastEvent, e.step) : lastEvent;
        ApplyEvents(scene, world, step);
        if (AnyKinematicMoving(world, ids)) lastEvent = step;  // it pushes energy into the pile on purpose
        world.Step(kDt);
        for (Copy& copy : copies) {
            const bool nudged = options.chaosNudge > 0.0f;
            ApplyEvents(scene, copy.world, step);
            copy.world.Step(kDt);
            if (nudged) {
                ApplyEvents(scene, copy.nudged, step);
                copy.nudged.Step(kDt);
            }
            for (size_t i = 0; i < copy.frozen.size(); ++i) {
                const BodyId id = copy.frozen[i];
                if (!world.IsValid(id) || !copy.world.IsValid(id)) continue;  // destroyed by the script
                copy.deviation[i] = std::max(copy.deviation[i], Distance(world.GetPosition(id), copy.world.GetPosition(id)));
                if (nudged && copy.nudged.IsValid(id))
                    copy.chaos[i] = std::max(copy.chaos[i], Distance(copy.nudged.GetPosition(id), copy.world.GetPosition(id)));
                copy.stillFrozen[i] = copy.stillFrozen[i] && !world.IsAwake(id);
            }
            if (--copy.stepsLeft > 0) continue;
            ++result.snapshots;
            for (size_t i = 0; i < copy.frozen.size(); ++i) {
                const bool violated = copy.deviation[i] > options.tolerance;
                ++result.frozenChecked;
                result.violations += violated ? 1 : 0;
                result.violationsStillFrozen += violated && copy.stillFrozen[i] ? 1 : 0;
                result.violationsBeyondChaos += violated && copy.chaos[i] <= options.tolerance ? 1 : 0;
                result.maxDeviation = std::max(result.maxDeviation, copy.deviation[i]);
            }
        }
        std::erase_if(copies, [](const Copy& c) { return c.stepsLeft <= 0; });

        // Energy: windows of one second that start a second after the start and after the last event
        // ended (a kinematic body moves from its start event to its stop event, so that counts as one
        // long event; an event lasts while the overlap it made is deeper than resolvedOverlap).
        if (lastEvent == step || (eventEnd == step - 1 && step - lastEvent < options.maxEventSteps &&
                                  DeepestOverlap(world, points) > options.resolvedOverlap))
            eventEnd = step;
        world.GetBodies(ids);
        energy.push_back(MechanicalEnergy(world, ids));
        const int start = step - options.windowSteps;
        const int quiet = std::max(options.windowSteps, eventEnd + options.windowSteps);
        if (start < quiet) continue;
        ++result.energyWindows;
        const double lowest = *std::min_element(energy.begin() + start, energy.end());
        const double rise = (energy.back() - lowest) / std::max(std::abs(lowest), 1e-9);
        result.maxEnergyRise = std::max(result.maxEnergyRise, static_cast<float>(rise));
    }
    result.energyViolation = result.maxEnergyRise > options.energyRise;
    return result;
}

} // namespace sensu::scenes
