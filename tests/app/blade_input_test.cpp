// The Blade sample's mouse and gamepad controls (samples/blade/README.md "Controls"), driven through
// the app's real SDL input path with no display and no device: an App on SDL's invisible dummy video
// driver (AppOptions::invisibleWindow) pumps SDL's event queue every frame exactly as the sample
// browser does; the mouse is fed with SDL_PushEvent / SDL_WarpMouseInWindow, the gamepad is a virtual
// joystick (SDL_JoystickAttachVirtual) that SDL_GameController recognises and the App hot-plugs.
#include <catch2/catch.hpp>

#include <SDL.h>

#include <cmath>
#include <memory>

#include "../../samples/blade/blade.h"
#include "sensu/app/app.h"
#include "sensu/app/input.h"
#include "sensu/app/sample_runner.h"

using namespace sensu;
using namespace sensu::blade;

namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 360;
// Blade's own view (BladeSample::SetupCamera), restated here so a y flip in the app is caught.
constexpr Vec2 kViewCenter{0.0f, 1.4f};
constexpr float kViewHeight = 10.5f;
constexpr float kPixelsPerMetre = kHeight / kViewHeight;
constexpr float kDegree = kPi / 180.0f;
// Aimed directions land within this (rad): the cursor is rounded to whole pixels 3 m from the hand.
constexpr float kAimTolerance = 0.02f;

/// Pixel (origin top-left, y down) of a world point (y up) in Blade's view.
Vec2 PixelOf(Vec2 world) {
    return {0.5f * kWidth + (world.x - kViewCenter.x) * kPixelsPerMetre, 0.5f * kHeight - (world.y - kViewCenter.y) * kPixelsPerMetre};
}

/// Cursor pixel 3 m from the hand in direction `angle` (rad, CCW from +x, world y up).
SDL_Point CursorToward(float angle) {
    const Vec2 p = PixelOf(kPivot + 3.0f * Vec2{std::cos(angle), std::sin(angle)});
    return {static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y))};
}

float AngleGap(float a, float b) { return std::fabs(WrapAngle(a - b)); }

/// The registered "Games/Blade" item in an invisible window, run like `sensu-samples --frames N`:
/// per frame one BeginFrame (SDL events pumped, controllers hot-plugged), the frame's input gathered
/// into the step's, one Step, Draw and the item's panel, EndFrame.
class BladeSession {
public:
    BladeSession()
        : app_({.title = "blade input test", .width = kWidth, .height = kHeight, .vsync = false, .invisibleWindow = true}) {
        const int index = FindSample("Games/Blade");
        REQUIRE(index >= 0);
        entry_ = &Samples()[index];
        sample_ = entry_->create(SampleSettings{});
        blade_ = dynamic_cast<BladeSample*>(sample_.get());
        REQUIRE(blade_ != nullptr);
        sample_->SetupCamera(app_.renderer().camera());
    }

    /// One frame; returns the sweep (rad) the blade was commanded in its step.
    float Frame() {
        REQUIRE(app_.BeginFrame(frame_));
        step_.Accumulate(frame_);
        sample_->Step(step_);
        seen_ = step_;
        step_.ClearEdges();
        Renderer& r = app_.renderer();
        r.Clear();
        sample_->Draw(r);
        SampleWindow(*entry_, *sample_, r);
        app_.EndFrame();
        return blade_->game().lastSweep().sweepAngle;
    }

    /// The input the last step saw.
    const Input& seen() const { return seen_; }
    const BladeSample& blade() const { return *blade_; }
    float angle() const { return blade_->game().bladeAngle(); }
    float maxSweep() const { return blade_->maxSweep(); }
    SDL_Window* window() const { return app_.window(); }

private:
    App app_;
    const SampleEntry* entry_ = nullptr;
    std::unique_ptr<Sample> sample_;
    BladeSample* blade_ = nullptr;
    Input frame_, step_, seen_;
};

void PushMotion(SDL_Point at, bool leftHeld) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = at.x;
    e.motion.y = at.y;
    e.motion.state = leftHeld ? SDL_BUTTON_LMASK : 0u;
    REQUIRE(SDL_PushEvent(&e) == 1);
}

void PushLeftButton(SDL_Point at, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = at.x;
    e.button.y = at.y;
    REQUIRE(SDL_PushEvent(&e) == 1);
}

void PushFocusLost(SDL_Window* window) {
    SDL_Event e{};
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
    e.window.windowID = SDL_GetWindowID(window);
    REQUIRE(SDL_PushEvent(&e) == 1);
}

// SDL's virtual game controller (axes and buttons in SDL_GameController order, mapped by SDL itself).
constexpr int kAxisRightX = SDL_CONTROLLER_AXIS_RIGHTX, kAxisRightY = SDL_CONTROLLER_AXIS_RIGHTY;
constexpr int kAxisLeftTrigger = SDL_CONTROLLER_AXIS_TRIGGERLEFT, kAxisRightTrigger = SDL_CONTROLLER_AXIS_TRIGGERRIGHT;
constexpr Sint16 kTriggerReleased = SDL_JOYSTICK_AXIS_MIN;  // a joystick axis read as a trigger: min = released

/// A virtual gamepad plugged in for the lifetime of the object (or until Unplug).
class VirtualPad {
public:
    VirtualPad() {
        const int index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX, kGamepadButtonCount, 0);
        INFO(SDL_GetError());
        REQUIRE(index >= 0);
        REQUIRE(SDL_IsGameController(index));
        joystick_ = SDL_JoystickOpen(index);
        REQUIRE(joystick_ != nullptr);
        id_ = SDL_JoystickInstanceID(joystick_);
    }
    ~VirtualPad() { Unplug(); }
    VirtualPad(const VirtualPad&) = delete;
    VirtualPad& operator=(const VirtualPad&) = delete;

    void Axis(int axis, Sint16 value) { REQUIRE(SDL_JoystickSetVirtualAxis(joystick_, axis, value) == 0); }
    void Button(GamepadButton b, bool down) {
        REQUIRE(SDL_JoystickSetVirtualButton(joystick_, static_cast<int>(b), down ? 1 : 0) == 0);
    }
    /// Detaches the device (device indices shift as others come and go: look it up by instance id).
    void Unplug() {
        if (joystick_ == nullptr) return;
        for (int i = 0; i < SDL_NumJoysticks(); ++i) {
            if (SDL_JoystickGetDeviceInstanceID(i) == id_) SDL_JoystickDetachVirtual(i);
        }
        SDL_JoystickClose(joystick_);
        joystick_ = nullptr;
    }

private:
    SDL_Joystick* joystick_ = nullptr;
    SDL_JoystickID id_ = -1;
};

} // namespace

TEST_CASE("Blade input: the held left mouse button turns the blade towards the cursor (y up), release holds it", "[app][blade][input]") {
    BladeSession s;
    const float maxSweep = s.maxSweep();
    REQUIRE(maxSweep == Approx(150.0f * kDegree));

    // No input: the autopilot spins counter-clockwise at the swing speed.
    CHECK(s.Frame() == Approx(maxSweep));
    CHECK(s.blade().autopilot());

    // Moving the cursor without the button does not aim: the autopilot keeps spinning.
    const float below = -60.0f * kDegree;  // below-right of the hand
    const SDL_Point belowPixel = CursorToward(below);
    PushMotion(belowPixel, false);
    CHECK(s.Frame() == Approx(maxSweep));
    CHECK(s.blade().autopilot());
    // The app mapped the pixel into Blade's world, y up.
    const Vec2 expected = kPivot + 3.0f * Vec2{std::cos(below), std::sin(below)};
    CHECK(s.seen().mouseWorld.x == Approx(expected.x).margin(0.05));
    CHECK(s.seen().mouseWorld.y == Approx(expected.y).margin(0.05));
    CHECK_FALSE(s.seen().Down(MouseButton::Left));

    // Press: the autopilot stops and the blade turns the short way to the cursor, ≤ maxSweep per step.
    PushLeftButton(belowPixel, true);
    const float before = s.angle();
    const float wanted = WrapAngle(below - before);
    const float first = s.Frame();
    CHECK_FALSE(s.blade().autopilot());
    CHECK(s.seen().Pressed(MouseButton::Left));
    CHECK(s.seen().Down(MouseButton::Left));
    CHECK(first * wanted > 0.0f);
    CHECK(std::fabs(first) <= maxSweep + 1e-5f);
    s.Frame();
    CHECK(AngleGap(s.angle(), below) < kAimTolerance);

    // Held still on the cursor: the blade stays (the autopilot would turn it).
    for (int i = 0; i < 3; ++i) CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK(s.seen().Down(MouseButton::Left));

    // Dragged 100° counter-clockwise, to above-right of the hand: one positive sweep reaches it.
    const float above = 40.0f * kDegree;
    PushMotion(CursorToward(above), true);
    CHECK(s.Frame() > 0.0f);
    CHECK(AngleGap(s.angle(), above) < kAimTolerance);
    CHECK(s.angle() > 0.0f);  // above the hand in the world, though higher up on the screen is smaller y

    // The same through SDL's own mouse (SDL_WarpMouseInWindow moves it and queues the motion): 100° clockwise.
    const float warped = -60.0f * kDegree;
    const SDL_Point warpPixel = CursorToward(warped);
    SDL_WarpMouseInWindow(s.window(), warpPixel.x, warpPixel.y);
    CHECK(s.Frame() < 0.0f);
    CHECK(AngleGap(s.angle(), warped) < kAimTolerance);

    // Released: the blade holds where it is (no spin, no autopilot).
    PushLeftButton(warpPixel, false);
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK(s.seen().Released(MouseButton::Left));
    CHECK_FALSE(s.seen().Down(MouseButton::Left));
    PushMotion(CursorToward(above), false);
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK(AngleGap(s.angle(), warped) < kAimTolerance);
    CHECK_FALSE(s.blade().autopilot());
}

TEST_CASE("Blade input: a mouse tap shorter than a frame still aims; the hand is a dead zone", "[app][blade][input]") {
    BladeSession s;
    s.Frame();
    REQUIRE(s.blade().autopilot());

    // Down and up inside one frame (a touchpad tap): the step sees the press but no held button.
    const float left = 170.0f * kDegree;
    const SDL_Point leftPixel = CursorToward(left);
    const float before = s.angle();
    PushLeftButton(leftPixel, true);
    PushLeftButton(leftPixel, false);
    const float sweep = s.Frame();
    CHECK_FALSE(s.seen().Down(MouseButton::Left));
    CHECK(s.seen().Pressed(MouseButton::Left));
    CHECK_FALSE(s.blade().autopilot());
    CHECK(sweep * WrapAngle(left - before) > 0.0f);
    // One step of aim only: the next frame, with nothing held, the blade rests.
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));

    // Held on the hand itself (the cursor gives no direction there): the blade holds still.
    const Vec2 hand = PixelOf(kPivot + Vec2{0.05f, 0.05f});
    const SDL_Point handPixel{static_cast<int>(std::lround(hand.x)), static_cast<int>(std::lround(hand.y))};
    PushLeftButton(handPixel, true);
    const float held = s.angle();
    for (int i = 0; i < 3; ++i) CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK(s.seen().Down(MouseButton::Left));
    CHECK(s.angle() == Approx(held));
    // Out of the dead zone the same held button aims again.
    const float right = 0.0f;
    PushMotion(CursorToward(right), true);
    s.Frame();
    s.Frame();
    CHECK(AngleGap(s.angle(), right) < kAimTolerance);
    PushLeftButton(CursorToward(right), false);
    s.Frame();
}

TEST_CASE("Blade input: a hot-plugged gamepad aims with the right stick, spins with the triggers, attacks with A", "[app][blade][input]") {
    BladeSession s;
    const float maxSweep = s.maxSweep();
    s.Frame();
    CHECK_FALSE(s.seen().gamepad.connected);

    VirtualPad pad;
    // Plugged in, at rest: seen, and not a control touched (the autopilot goes on).
    CHECK(s.Frame() == Approx(maxSweep));
    CHECK(s.seen().gamepad.connected);
    CHECK(s.seen().gamepad.leftTrigger == 0.0f);
    CHECK(s.seen().gamepad.rightTrigger == 0.0f);
    CHECK(s.blade().autopilot());

    // Drift inside the dead zones (stick 6 %, trigger 5 % pulled) reads as rest: the autopilot goes on.
    pad.Axis(kAxisRightX, 2000);
    pad.Axis(kAxisLeftTrigger, static_cast<Sint16>(kTriggerReleased + 3277));
    CHECK(s.Frame() == Approx(maxSweep));
    CHECK(s.seen().gamepad.rightStick == Vec2{});
    CHECK(s.seen().gamepad.leftTrigger == 0.0f);
    CHECK(s.blade().autopilot());
    pad.Axis(kAxisLeftTrigger, kTriggerReleased);

    // Right stick pushed forward (SDL: y negative): the blade aims up the world's +y.
    pad.Axis(kAxisRightX, 0);
    pad.Axis(kAxisRightY, SDL_JOYSTICK_AXIS_MIN);
    s.Frame();
    CHECK_FALSE(s.blade().autopilot());
    CHECK(s.seen().gamepad.rightStick.y == Approx(1.0f));
    s.Frame();
    CHECK(AngleGap(s.angle(), 0.5f * kPi) < 1e-4f);
    // Pushed right: it turns clockwise to +x.
    pad.Axis(kAxisRightY, 0);
    pad.Axis(kAxisRightX, SDL_JOYSTICK_AXIS_MAX);
    CHECK(s.Frame() < 0.0f);
    CHECK(AngleGap(s.angle(), 0.0f) < 1e-4f);
    // Let go: the blade holds.
    pad.Axis(kAxisRightX, 0);
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));

    // LT spins counter-clockwise, RT clockwise, as far as pulled (the 10 % dead zone rescaled away).
    pad.Axis(kAxisLeftTrigger, SDL_JOYSTICK_AXIS_MAX);
    CHECK(s.Frame() == Approx(maxSweep));
    pad.Axis(kAxisLeftTrigger, kTriggerReleased);
    pad.Axis(kAxisRightTrigger, SDL_JOYSTICK_AXIS_MAX);
    CHECK(s.Frame() == Approx(-maxSweep));
    pad.Axis(kAxisRightTrigger, 0);  // half pulled
    const float half = (0.5f - 0.1f) / 0.9f;
    CHECK(s.Frame() == Approx(-half * maxSweep).epsilon(0.01));
    pad.Axis(kAxisRightTrigger, kTriggerReleased);
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));

    // A: one full turn in the direction of the last swing (clockwise), at most maxSweep per step.
    pad.Button(GamepadButton::A, true);
    float turned = s.Frame();
    CHECK(s.seen().gamepad.Pressed(GamepadButton::A));
    pad.Button(GamepadButton::A, false);
    for (int i = 0; i < 4; ++i) {
        const float sweep = s.Frame();
        CHECK(sweep <= 0.0f);
        CHECK(sweep >= -maxSweep - 1e-5f);
        turned += sweep;
    }
    CHECK(turned == Approx(-kTwoPi).epsilon(1e-4));
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));

    // RB / LB cycle the mode.
    const Mode start = s.blade().game().mode();
    pad.Button(GamepadButton::RightShoulder, true);
    s.Frame();
    pad.Button(GamepadButton::RightShoulder, false);
    s.Frame();
    CHECK(s.blade().game().mode() != start);
    pad.Button(GamepadButton::LeftShoulder, true);
    s.Frame();
    pad.Button(GamepadButton::LeftShoulder, false);
    s.Frame();
    CHECK(s.blade().game().mode() == start);
}

TEST_CASE("Blade input: unplugging gamepads falls over to another, then to none, without a crash", "[app][blade][input]") {
    BladeSession s;
    auto first = std::make_unique<VirtualPad>();
    s.Frame();
    REQUIRE(s.seen().gamepad.connected);
    VirtualPad second;  // plugged in while the first is in use: ignored until the first goes
    s.Frame();

    // The first is unplugged with B held (a button Blade ignores): its release is reported; the
    // second takes over.
    first->Button(GamepadButton::B, true);
    s.Frame();
    CHECK(s.seen().gamepad.Down(GamepadButton::B));
    first.reset();
    s.Frame();
    CHECK(s.seen().gamepad.connected);
    CHECK(s.seen().gamepad.Released(GamepadButton::B));
    second.Axis(kAxisRightX, SDL_JOYSTICK_AXIS_MIN);  // the second's stick pushed left: aim at −x
    s.Frame();
    s.Frame();
    CHECK(AngleGap(s.angle(), kPi) < 1e-4f);

    // The last one unplugged with its stick still pushed: no gamepad, and the blade stops.
    second.Button(GamepadButton::B, true);
    s.Frame();
    second.Unplug();
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK_FALSE(s.seen().gamepad.connected);
    CHECK(s.seen().gamepad.rightStick == Vec2{});
    CHECK(s.seen().gamepad.Released(GamepadButton::B));
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK_FALSE(s.seen().gamepad.Released(GamepadButton::B));  // reported once

    // Plugged in again: seen again.
    VirtualPad third;
    s.Frame();
    CHECK(s.seen().gamepad.connected);
}

TEST_CASE("Blade input: losing focus with the button held releases it; the blade holds", "[app][blade][input]") {
    BladeSession s;
    const float target = -60.0f * kDegree;
    const SDL_Point at = CursorToward(target);
    PushLeftButton(at, true);
    s.Frame();
    s.Frame();
    CHECK(s.seen().Down(MouseButton::Left));
    CHECK(AngleGap(s.angle(), target) < kAimTolerance);
    // The button goes up over another window: this one only hears that it lost focus.
    PushFocusLost(s.window());
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK(s.seen().Released(MouseButton::Left));
    CHECK_FALSE(s.seen().Down(MouseButton::Left));
    // The cursor moving on afterwards no longer steers the blade.
    PushMotion(CursorToward(40.0f * kDegree), false);
    CHECK(s.Frame() == Approx(0.0f).margin(1e-6));
    CHECK(AngleGap(s.angle(), target) < kAimTolerance);
}
