// The browser's mouse grab (sensu/app/mouse_grab.h) works in every item that names its World: a left
// press on a dynamic body grabs it, the sample does not see that press, dragging pulls the body towards
// the cursor, release lets go and removes the joint. Driven through StepSample with injected input,
// as the windowed browser drives it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "sensu/app/input.h"
#include "sensu/app/mouse_grab.h"
#include "sensu/app/sample.h"

using namespace sensu;

namespace {

std::unique_ptr<Sample> Create(const SampleEntry& entry) { return entry.create(SampleSettings{.headless = true}); }

Input Press(Vec2 at) {
    Input in;
    in.mouseWorld = at;
    in.mouseDown[static_cast<int>(MouseButton::Left)] = true;
    in.mousePressed[static_cast<int>(MouseButton::Left)] = true;
    return in;
}

Input Hold(Vec2 at) {
    Input in;
    in.mouseWorld = at;
    in.mouseDown[static_cast<int>(MouseButton::Left)] = true;
    return in;
}

int MouseJoints(const World& world) {
    std::vector<JointId> joints;
    world.GetJoints(joints);
    int count = 0;
    for (JointId joint : joints) count += world.GetType(joint) == JointType::Mouse ? 1 : 0;
    return count;
}

bool Jointed(const World& world, BodyId body) {
    std::vector<JointId> joints;
    world.GetJoints(joints);
    for (JointId joint : joints) {
        if (world.GetBodyA(joint) == body || world.GetBodyB(joint) == body) return true;
    }
    return false;
}

// A dynamic body under its own centre of mass (what a user would click), free ones (no joint holding
// them back) first, or an invalid id.
BodyId ClickableBody(const World& world, Vec2& at) {
    std::vector<BodyId> bodies;
    world.GetBodies(bodies);
    std::stable_partition(bodies.begin(), bodies.end(), [&](BodyId b) { return !Jointed(world, b); });
    for (BodyId body : bodies) {
        if (world.GetType(body) != BodyType::Dynamic) continue;
        at = world.GetWorldCenter(body);
        if (DynamicBodyAt(world, at) == body) return body;
    }
    return {};
}

} // namespace

TEST_CASE("Every item with a World can have its dynamic bodies dragged by the mouse", "[app][grab]") {
    int grabbed = 0, followed = 0;
    std::vector<std::string> withWorld;
    for (int i = 0; i < SampleCount(); ++i) {
        const SampleEntry& entry = Samples()[i];
        std::unique_ptr<Sample> sample = Create(entry);
        const Input none;
        for (int step = 0; step < 30; ++step) sample->Step(none);
        World* world = sample->GrabWorld();
        if (!world) continue;
        withWorld.push_back(SampleFullName(entry));
        Vec2 at;
        const BodyId body = ClickableBody(*world, at);
        if (!world->IsValid(body)) continue;  // nothing dynamic yet
        INFO(SampleFullName(entry));

        const bool free = !Jointed(*world, body);
        MouseGrab grab;
        StepSample(*sample, grab, Press(at));
        REQUIRE(grab.active());
        CHECK(MouseJoints(*world) == 1);

        // Pull 0.5 m up and to the side for half a second: the grabbed point follows the cursor (a body
        // held by joints, as the bridge's planks, may not get far).
        const Vec2 local = world->GetLocalPoint(body, at);
        const Vec2 target = at + Vec2{0.3f, 0.4f};
        const float before = Length(world->GetWorldPoint(body, local) - target);
        for (int step = 0; step < 30 && world->IsValid(body); ++step) StepSample(*sample, grab, Hold(target));
        if (free && world->IsValid(body)) {
            CHECK(Length(world->GetWorldPoint(body, local) - target) < 0.8f * before);
            ++followed;
        }

        StepSample(*sample, grab, Input{});  // released
        CHECK_FALSE(grab.active());
        CHECK(MouseJoints(*world) == 0);
        ++grabbed;
    }
    INFO("items with a World: " << withWorld.size());
    CHECK(withWorld.size() >= 12);  // joints (3), triggers, platformer, explosions, tutorials 06 (3) and 08 (3)
    CHECK(grabbed >= 12);
    CHECK(followed >= 6);
}

TEST_CASE("A press that grabs is not seen by the sample; a press on empty space is", "[app][grab]") {
    const int index = FindSample("Joints/Ragdoll");
    REQUIRE(index >= 0);
    std::unique_ptr<Sample> sample = Create(Samples()[index]);
    const Input none;
    for (int step = 0; step < 60; ++step) sample->Step(none);  // the headless script drops its ragdolls
    World& world = *sample->GrabWorld();
    Vec2 at;
    REQUIRE(world.IsValid(ClickableBody(world, at)));

    // On a part: grabbed, no ragdoll dropped.
    MouseGrab grab;
    int bodies = world.GetBodyCount();
    StepSample(*sample, grab, Press(at));
    CHECK(grab.active());
    CHECK(world.GetBodyCount() == bodies);
    StepSample(*sample, grab, Input{});

    // On empty sky: the sample's own click (drop a ragdoll) happens.
    bodies = world.GetBodyCount();
    StepSample(*sample, grab, Press({0.0f, 9.0f}));
    CHECK_FALSE(grab.active());
    CHECK(world.GetBodyCount() > bodies);
}

TEST_CASE("The grab lets go when the sample rebuilds its world", "[app][grab]") {
    World first;
    const BodyId body = first.CreateBody({.type = BodyType::Dynamic, .position = {0.0f, 1.0f}});
    first.CreateShape(body, {.geometry = Circle({0.0f, 0.0f}, 0.5f)});
    MouseGrab grab;
    REQUIRE(grab.Update(first, Press({0.0f, 1.0f})));
    REQUIRE(grab.active());

    World second;  // another world: the grab's joint id means nothing there
    CHECK_FALSE(grab.Update(second, Hold({0.0f, 2.0f})));
    CHECK_FALSE(grab.active());
    CHECK(second.GetJointCount() == 0);
}
