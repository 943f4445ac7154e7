// Fixed timestep (Fiedler) and per-step input accumulation.
#include <catch2/catch.hpp>

#include "sensu/app/input.h"
#include "sensu/app/timestep.h"
#include "sensu/math/scalar.h"

using namespace sensu;

TEST_CASE("FixedTimestep drains real time in fixed steps and reports alpha", "[app][timestep]") {
    FixedTimestep clock(0.01f);
    CHECK(clock.Advance(0.025) == 2);
    CHECK(clock.alpha() == Approx(0.5f).margin(1e-4));
    CHECK(clock.Advance(0.004) == 0);
    CHECK(clock.alpha() == Approx(0.9f).margin(1e-4));
    CHECK(clock.Advance(0.002) == 1);
    CHECK(clock.alpha() == Approx(0.1f).margin(1e-4));
    CHECK(clock.alpha() >= 0.0f);
    CHECK(clock.alpha() < 1.0f);

    // 1000 irregular frames of total 10 s give 600 steps (less the remainder), never drift.
    FixedTimestep steady(1.0f / 60.0f);
    int steps = 0;
    for (int i = 0; i < 1000; ++i) steps += steady.Advance(i % 2 == 0 ? 0.004 : 0.016);
    CHECK(steps >= 599);  // dt = 1/60 rounded to float is a hair longer than 1/60 s
    CHECK(steps <= 600);
}

TEST_CASE("FixedTimestep speed, pause, single step and the spiral-of-death clamp", "[app][timestep]") {
    FixedTimestep clock(0.01f);
    clock.SetSpeed(2.0f);
    CHECK(clock.Advance(0.0101) == 2);
    clock.SetSpeed(1e9f);
    CHECK(clock.speed() == 16.0f);
    clock.SetSpeed(1.0f);

    clock.SetPaused(true);
    const float frozen = clock.alpha();
    CHECK(clock.Advance(1.0) == 0);
    CHECK(clock.alpha() == frozen);
    clock.RequestSingleStep();
    CHECK(clock.Advance(0.0) == 1);
    CHECK(clock.Advance(0.0) == 0);
    clock.SetPaused(false);

    clock.Reset();
    CHECK(clock.Advance(60.0) == 16);  // 60 s is clamped to 0.25 s = 25 steps, capped at 16
    CHECK(clock.alpha() < 1.0f);       // the backlog is dropped, not carried
    clock.maxStepsPerFrame = 4;
    CHECK(clock.Advance(0.1) == 4);
    CHECK(clock.Advance(std::numeric_limits<double>::quiet_NaN()) == 0);

    CHECK_THROWS_AS(FixedTimestep(0.0f), InvalidArgument);
    CHECK_THROWS_AS(FixedTimestep(-1.0f), InvalidArgument);
}

TEST_CASE("Input gathers edges across frames until a step consumes them", "[app][input]") {
    Input frame, step;
    frame.keyPressed[static_cast<int>(Key::Space)] = true;
    frame.keyDown[static_cast<int>(Key::Space)] = true;
    frame.wheel = 1.0f;
    step.Accumulate(frame);
    frame.ClearEdges();  // next frame: still held, no new press
    frame.wheel = 2.0f;
    step.Accumulate(frame);
    CHECK(step.Pressed(Key::Space));  // a press between two steps is not lost
    CHECK(step.Down(Key::Space));
    CHECK(step.wheel == 3.0f);
    step.ClearEdges();
    CHECK_FALSE(step.Pressed(Key::Space));
    CHECK(step.Down(Key::Space));
    CHECK(step.wheel == 0.0f);

    frame.mouseDown[0] = true;
    frame.mouseScreen = {10.0f, 0.0f};
    frame.dragStartScreen[0] = {0.0f, 0.0f};
    frame.mouseWorld = {2.0f, 1.0f};
    frame.dragStartWorld[0] = {1.0f, 1.0f};
    CHECK(frame.Dragging(MouseButton::Left));
    CHECK(frame.DragWorld(MouseButton::Left).x == 1.0f);
    frame.mouseScreen = {1.0f, 1.0f};
    CHECK_FALSE(frame.Dragging(MouseButton::Left));  // a small wobble is still a click
}
