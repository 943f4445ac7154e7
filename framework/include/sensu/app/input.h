#pragma once
/// Input state as a sample sees it in Step(): keyboard, mouse (screen and world position, buttons,
/// drag, wheel) and one game controller (SDL_GameController, hot-plugged).
///
/// Levels (`Down`) are the state at the latest frame. Edges (`Pressed`, `Released`, wheel) are gathered
/// since the previous fixed step, so a key tapped between two steps is seen by exactly one Step(),
/// whatever the frame rate. When Dear ImGui uses the mouse or keyboard (a panel under the cursor, a text
/// field with focus) the sample sees nothing from that device.
#include <array>

#include "sensu/math.h"

namespace sensu {

/// Keys, by physical position (US layout names). Values equal SDL scancodes.
enum class Key : int {
    A = 4, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
    Num1 = 30, Num2, Num3, Num4, Num5, Num6, Num7, Num8, Num9, Num0,
    Enter = 40, Escape, Backspace, Tab, Space, Minus, Equals, LeftBracket, RightBracket,
    F1 = 58, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12,
    Home = 74, PageUp, Delete, End, PageDown, Right, Left, Down, Up,
    LeftCtrl = 224, LeftShift, LeftAlt, LeftGui, RightCtrl, RightShift, RightAlt, RightGui,
};
/// Size of the key arrays of Input (SDL scancodes).
inline constexpr int kKeyCount = 512;

/// Mouse buttons.
enum class MouseButton : int { Left = 0, Middle = 1, Right = 2 };
/// Size of the mouse button arrays of Input.
inline constexpr int kMouseButtonCount = 3;

/// Game controller buttons (Xbox names: A is the bottom face button). Values equal SDL's.
enum class GamepadButton : int {
    A = 0, B, X, Y, Back, Guide, Start, LeftStick, RightStick, LeftShoulder, RightShoulder,
    DPadUp, DPadDown, DPadLeft, DPadRight,
};
/// Size of the button arrays of GamepadState.
inline constexpr int kGamepadButtonCount = 15;

/// The first connected game controller; `connected` is false when there is none.
struct GamepadState {
    bool connected = false;  ///< a controller is plugged in
    /// Stick deflection in [-1, 1]², y up (pushed forward = +y), 10 % dead zone removed.
    ///@{
    Vec2 leftStick{};
    Vec2 rightStick{};
    ///@}
    /// Triggers in [0, 1] (0 released), 10 % dead zone removed.
    ///@{
    float leftTrigger = 0.0f;
    float rightTrigger = 0.0f;
    ///@}
    std::array<bool, kGamepadButtonCount> down{};  ///< buttons held now, by GamepadButton
    std::array<bool, kGamepadButtonCount> pressed{};  ///< buttons that went down since the last step
    /// A button held when the controller was unplugged is reported released then.
    std::array<bool, kGamepadButtonCount> released{};

    /// Button `b` is held.
    bool Down(GamepadButton b) const { return down[static_cast<int>(b)]; }
    /// Button `b` went down since the last step.
    bool Pressed(GamepadButton b) const { return pressed[static_cast<int>(b)]; }
    /// Button `b` was released since the last step.
    bool Released(GamepadButton b) const { return released[static_cast<int>(b)]; }
};

/// Everything a sample step sees of the devices: keys, mouse (scene pixels and world metres),
/// wheel, the first game controller. Edges (pressed, released) are collected until a step consumes them.
struct Input {
    std::array<bool, kKeyCount> keyDown{};  ///< keys held now, by Key (SDL scancode)
    std::array<bool, kKeyCount> keyPressed{};  ///< keys that went down since the last step
    std::array<bool, kKeyCount> keyReleased{};  ///< keys that went up since the last step

    /// Cursor in pixels of the scene area (origin its top-left corner, y down; see
    /// Renderer::SetLeftInset) and in world metres (through the current camera).
    /// Position and buttons follow SDL's mouse events (so injected events count like a device's).
    ///@{
    Vec2 mouseScreen{};
    Vec2 mouseWorld{};
    ///@}
    std::array<bool, kMouseButtonCount> mouseDown{};  ///< buttons held now, by MouseButton
    std::array<bool, kMouseButtonCount> mousePressed{};  ///< buttons that went down since the last step
    std::array<bool, kMouseButtonCount> mouseReleased{};  ///< buttons that went up since the last step
    /// Where the current (or last) drag of each button started, in world metres / pixels.
    ///@{
    std::array<Vec2, kMouseButtonCount> dragStartWorld{};
    std::array<Vec2, kMouseButtonCount> dragStartScreen{};
    ///@}
    /// Wheel notches since the previous step; positive = away from the user (zoom in).
    float wheel = 0.0f;

    GamepadState gamepad;  ///< the first connected game controller

    /// True when Dear ImGui took the mouse / keyboard this frame (the fields above are then cleared).
    ///@{
    bool uiCapturedMouse = false;
    bool uiCapturedKeyboard = false;
    ///@}

    /// Key `k` is held.
    bool Down(Key k) const { return keyDown[static_cast<int>(k)]; }
    /// Key `k` went down since the last step.
    bool Pressed(Key k) const { return keyPressed[static_cast<int>(k)]; }
    /// Key `k` went up since the last step.
    bool Released(Key k) const { return keyReleased[static_cast<int>(k)]; }
    /// Mouse button `b` is held.
    bool Down(MouseButton b) const { return mouseDown[static_cast<int>(b)]; }
    /// Mouse button `b` went down since the last step.
    bool Pressed(MouseButton b) const { return mousePressed[static_cast<int>(b)]; }
    /// Mouse button `b` went up since the last step.
    bool Released(MouseButton b) const { return mouseReleased[static_cast<int>(b)]; }
    /// True while `b` is held and the cursor moved away from where it went down.
    bool Dragging(MouseButton b) const;
    /// World vector from the drag start of `b` to the cursor (zero when not held).
    Vec2 DragWorld(MouseButton b) const;

    /// Copies levels and positions from `frame` and adds its edges and wheel to the ones not yet
    /// consumed by a step (how the loop turns per-frame input into per-step input).
    void Accumulate(const Input& frame);
    /// Forgets edges and wheel (after a step consumed them).
    void ClearEdges();
};

} // namespace sensu
