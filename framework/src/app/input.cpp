#include "sensu/app/input.h"

namespace sensu {

namespace {
// A press that moves less than this is a click, not a drag.
constexpr float kDragThresholdPixels = 3.0f;
} // namespace

bool Input::Dragging(MouseButton b) const {
    const int i = static_cast<int>(b);
    return mouseDown[i] && DistanceSquared(dragStartScreen[i], mouseScreen) > Square(kDragThresholdPixels);
}

Vec2 Input::DragWorld(MouseButton b) const {
    const int i = static_cast<int>(b);
    return mouseDown[i] ? mouseWorld - dragStartWorld[i] : Vec2{};
}

void Input::Accumulate(const Input& frame) {
    keyDown = frame.keyDown;
    for (int i = 0; i < kKeyCount; ++i) {
        keyPressed[i] = keyPressed[i] || frame.keyPressed[i];
        keyReleased[i] = keyReleased[i] || frame.keyReleased[i];
    }
    mouseScreen = frame.mouseScreen;
    mouseWorld = frame.mouseWorld;
    mouseDown = frame.mouseDown;
    dragStartWorld = frame.dragStartWorld;
    dragStartScreen = frame.dragStartScreen;
    for (int i = 0; i < kMouseButtonCount; ++i) {
        mousePressed[i] = mousePressed[i] || frame.mousePressed[i];
        mouseReleased[i] = mouseReleased[i] || frame.mouseReleased[i];
    }
    wheel += frame.wheel;

    const GamepadState edges = gamepad;
    gamepad = frame.gamepad;
    for (int i = 0; i < kGamepadButtonCount; ++i) {
        gamepad.pressed[i] = edges.pressed[i] || frame.gamepad.pressed[i];
        gamepad.released[i] = edges.released[i] || frame.gamepad.released[i];
    }
    uiCapturedMouse = frame.uiCapturedMouse;
    uiCapturedKeyboard = frame.uiCapturedKeyboard;
}

void Input::ClearEdges() {
    keyPressed.fill(false);
    keyReleased.fill(false);
    mousePressed.fill(false);
    mouseReleased.fill(false);
    gamepad.pressed.fill(false);
    gamepad.released.fill(false);
    wheel = 0.0f;
}

} // namespace sensu
