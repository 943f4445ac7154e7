// Events / One-way platforms + triggers
//
// Teaches: the World's game events (contact_events.h). One-way platforms are ordinary static boxes
//          whose contacts a pre-solve hook (World::SetPreSolve) disables while a body comes up through
//          them. Coins are sensors: the player's sensor begin event takes the coin and destroys its
//          body, after the step. A pressure plate is a sensor too: while anything is on it a kinematic
//          door slides up. Crates and the player report hit events (flashed where they land). The top
//          lines count every event the World reported.
// Keys:    A/D or Left/Right run, Space/W/Up jump, S/Down drop through a platform; gamepad: stick or
//          d-pad, A jump, d-pad down drops. Until you touch a key an autopilot collects the coins.
#include <imgui.h>

#include <cstdio>
#include <memory>

#include "game.h"
#include "sensu/app/camera.h"
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"

namespace {

using namespace sensu;
using triggers::Game;

bool AnyPlayerInput(const Input& input) {
    for (Key key : {Key::A, Key::D, Key::W, Key::S, Key::Left, Key::Right, Key::Up, Key::Down, Key::Space})
        if (input.Pressed(key)) return true;
    for (bool pressed : input.gamepad.pressed)
        if (pressed) return true;
    return input.gamepad.connected && Length(input.gamepad.leftStick) > 0.3f;
}

triggers::Controls PlayerControls(const Input& input) {
    const GamepadState& pad = input.gamepad;
    triggers::Controls c;
    if (input.Down(Key::A) || input.Down(Key::Left) || pad.Down(GamepadButton::DPadLeft)) c.move -= 1.0f;
    if (input.Down(Key::D) || input.Down(Key::Right) || pad.Down(GamepadButton::DPadRight)) c.move += 1.0f;
    if (c.move == 0.0f && pad.connected) c.move = pad.leftStick.x;
    c.jump = input.Down(Key::Space) || input.Down(Key::W) || input.Down(Key::Up) || pad.Down(GamepadButton::A);
    c.drop = input.Down(Key::S) || input.Down(Key::Down) || pad.Down(GamepadButton::DPadDown) || (pad.connected && pad.leftStick.y < -0.6f);
    return c;
}

void DrawGeometry(Renderer& r, const ShapeGeometry& g, const Transform& xf, Color color, ShapeStyle style = ShapeStyle::Solid) {
    std::visit([&](const auto& shape) { r.DrawShape(shape, xf, color, style); }, g);
}

class Triggers final : public Sample {
public:
    explicit Triggers(const SampleSettings& settings) : dt_(settings.dt), game_(std::make_unique<Game>()) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Triggers>(settings); }

    void SetupCamera(Camera& camera) override { camera.Fit({{-13.0f, -1.0f}, {13.0f, 10.0f}}); }

    World* GrabWorld() override { return &game_->world(); }

    void Step(const Input& input) override {
        if (autopilot_ && AnyPlayerInput(input)) autopilot_ = false;
        game_->Step(autopilot_ ? game_->Autopilot() : PlayerControls(input), dt_);
    }

    void Draw(Renderer& r) override {
        const World& world = game_->world();
        std::vector<BodyId> bodies;
        world.GetBodies(bodies);
        for (BodyId body : bodies) {
            const Transform xf = world.GetTransform(body);
            for (ShapeId shape : world.GetShapes(body)) {
                if (world.IsSensor(shape)) continue;  // drawn below, by what they mean
                const bool platform = IsPlatform(shape);
                Color color = colors::kStatic;
                if (platform) color = colors::kCyan;
                if (world.GetType(body) == BodyType::Kinematic) color = game_->doorOpen() ? colors::kGreen : colors::kRed;
                if (world.GetType(body) == BodyType::Dynamic) color = world.IsAwake(body) ? colors::kDynamic : colors::kResting;
                if (body == game_->player()) color = colors::kBlue;
                DrawGeometry(r, world.GetGeometry(shape), xf, color);
                if (platform) DrawOneWayArrows(r, world.GetGeometry(shape), xf);
            }
        }
        for (const triggers::Coin& coin : game_->coins())
            if (!coin.taken) r.DrawShape(Circle({0, 0}, 0.3f), Transform{coin.position, Rot{}}, colors::kYellow, ShapeStyle::Filled);
        const ShapeId plate = game_->plate();
        const Color plateColor = game_->plateVisitors() > 0 ? colors::kGreen : colors::kOrange;
        DrawGeometry(r, world.GetGeometry(plate), world.GetTransform(world.GetBody(plate)), plateColor, ShapeStyle::Outline);
        r.DrawText(world.GetPosition(world.GetBody(plate)) + Vec2{0.0f, 0.45f}, "plate", plateColor, TextAnchor::Center);
        for (const triggers::Flash& f : game_->flashes()) {
            const float grow = 0.15f + 0.5f * f.age;
            r.DrawCircle(f.point, grow, colors::kHighlight.Faded(1.0f - f.age / 0.5f));
        }

        const triggers::EventCounts& n = game_->counts();
        char line[200];
        std::snprintf(line, sizeof line, "coins %d / %zu   door %s   contact begin %d  end %d  hit %d   sensor begin %d  end %d",
                      game_->coinsTaken(), game_->coins().size(), game_->doorOpen() ? "open" : "closed", n.contactBegins,
                      n.contactEnds, n.hits, n.sensorBegins, n.sensorEnds);
        r.DrawScreenText({10.0f, 10.0f}, line);
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()},
                         autopilot_ ? "autopilot (touch a key to play)   A/D run, Space jump, S drop through"
                                    : "A/D run   Space jump   S drop through a platform   R restart",
                         colors::kTextDim);
    }

    void Ui() override {
        ImGui::Checkbox("autopilot", &autopilot_);
        const triggers::EventCounts& n = game_->counts();
        ImGui::Text("contact events: %d begin, %d end, %d hit", n.contactBegins, n.contactEnds, n.hits);
        ImGui::Text("sensor events: %d begin, %d end", n.sensorBegins, n.sensorEnds);
        ImGui::Text("plate visitors %d, door %s", game_->plateVisitors(), game_->doorOpen() ? "open" : "closed");
        ImGui::Text("player %s", game_->grounded() ? "standing" : "in the air");
        if (ImGui::Button("restart")) game_ = std::make_unique<Game>();
    }

private:
    bool IsPlatform(ShapeId shape) const {
        for (ShapeId p : game_->platforms())
            if (p == shape) return true;
        return false;
    }

    // Small up-arrows along a one-way platform: the side it holds from.
    static void DrawOneWayArrows(Renderer& r, const ShapeGeometry& g, const Transform& xf) {
        const Box* box = std::get_if<Box>(&g);
        if (box == nullptr) return;
        const float half = box->halfExtents().x;
        for (float x = -half + 0.4f; x < half; x += 0.8f) {
            const Vec2 at = TransformPoint(xf, {x, 0.0f});
            r.DrawArrow(at - Vec2{0.0f, 0.25f}, at + Vec2{0.0f, 0.3f}, colors::kCyan.Faded(0.6f), 5.0f);
        }
    }

    float dt_;
    std::unique_ptr<Game> game_;
    bool autopilot_ = true;
};

} // namespace

static const int registered = sensu::RegisterSample("Events", "One-way platforms + triggers", &Triggers::Create);
