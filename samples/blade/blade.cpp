// Games / Blade
//
// Teaches: why a fast-spinning body needs rotational continuous collision. The player swings a
//          2 m × 0.1 m sword (up to 2π rad per step, 377 rad/s at 60 Hz) at a stream of fast 5–10 cm
//          projectiles and slower box enemies. Every step the truth (the exact time of impact of the
//          blade's sweep against each target's motion) is scored against the selected mode: discrete
//          (end pose), speculative AABB, seed 000's thesis fan, sensu's World with continuous
//          collision, or Box2D 2.4 (kinematic bullet blade, rotation capped at 90° per step). The
//          HUD counts hits, misses (the blade went through) and false hits live, per mode.
// Keys:    1–5 mode; A/D or Left/Right spin; Space spin attack; hold the left mouse button to aim the
//          blade at the cursor. Gamepad: right stick aims, LT/RT spin, A spin attack, LB/RB mode.
//          Until a control is touched an autopilot swings back and forth.
#include <imgui.h>

#include <cmath>
#include <memory>

#include "draw.h"
#include "game.h"
#include "sensu/app/camera.h"
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sword.h"

namespace {

using namespace sensu;
using namespace sensu::blade;

constexpr float kDegree = kPi / 180.0f;

// The player's swing for this step, and whether any swing control was used at all.
SwingIntent PlayerIntent(const Input& input, bool& used) {
    const GamepadState& pad = input.gamepad;
    SwingIntent intent;
    if (input.Down(Key::A) || input.Down(Key::Left)) intent.spin += 1.0f;
    if (input.Down(Key::D) || input.Down(Key::Right)) intent.spin -= 1.0f;
    if (pad.connected) intent.spin += pad.leftTrigger - pad.rightTrigger;
    if (!input.uiCapturedMouse && input.Down(MouseButton::Left)) {
        const Vec2 to = input.mouseWorld - kPivot;
        intent.aim = std::atan2(to.y, to.x);
    } else if (pad.connected && Length(pad.rightStick) > 0.5f) {
        intent.aim = std::atan2(pad.rightStick.y, pad.rightStick.x);
    }
    intent.spinAttack = input.Pressed(Key::Space) || pad.Pressed(GamepadButton::A);
    used = intent.spin != 0.0f || intent.aim.has_value() || intent.spinAttack;
    return intent;
}

class Blade final : public Sample {
public:
    explicit Blade(const SampleSettings& settings) : dt_(settings.dt), game_(settings.dt, Mode::SensuCcd) {}

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Blade>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 1.4f};
        camera.viewHeight = 10.5f;
    }

    void Step(const Input& input) override {
        for (int i = 0; i < kModeCount; ++i) {
            if (input.Pressed(static_cast<Key>(static_cast<int>(Key::Num1) + i))) SelectMode(static_cast<Mode>(i));
        }
        const int current = static_cast<int>(game_.mode());
        if (input.gamepad.Pressed(GamepadButton::RightShoulder)) SelectMode(static_cast<Mode>((current + 1) % kModeCount));
        if (input.gamepad.Pressed(GamepadButton::LeftShoulder)) SelectMode(static_cast<Mode>((current + kModeCount - 1) % kModeCount));

        bool used = false;
        SwingIntent intent = PlayerIntent(input, used);
        if (used) autopilot_ = false;
        if (autopilot_) intent = AutopilotIntent(autopilotStep_++);
        game_.rates() = rates_;
        game_.Step(swing_.Next(intent, game_.bladeAngle(), swingDegrees_ * kDegree));
    }

    void Draw(Renderer& r) override {
        DrawScene(r, game_);
        DrawReadout(r, game_, swingDegrees_ * kDegree, dt_, autopilot_);
    }

    void Ui() override {
        for (int i = 0; i < kModeCount; ++i) {
            const Mode mode = static_cast<Mode>(i);
            ImGui::BeginDisabled(!BladeGame::Available(mode));
            if (ImGui::RadioButton(kModeNames[static_cast<size_t>(i)], game_.mode() == mode)) SelectMode(mode);
            ImGui::EndDisabled();
            if (i % 3 != 2 && i + 1 < kModeCount) ImGui::SameLine();
        }
        ImGui::SliderFloat("swing (deg/step)", &swingDegrees_, 5.0f, 360.0f, "%.0f");
        ImGui::SliderFloat("projectiles / s", &rates_.projectilesPerSecond, 0.0f, 20.0f, "%.1f");
        ImGui::SliderFloat("enemies / s", &rates_.enemiesPerSecond, 0.0f, 3.0f, "%.1f");
        ImGui::Checkbox("autopilot", &autopilot_);
        ImGui::SameLine();
        if (ImGui::Button("reset counts")) game_.ResetTallies();

        if (ImGui::BeginTable("tallies", 6, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
            for (const char* head : {"mode", "crossed", "hits", "misses", "miss %", "false"}) ImGui::TableSetupColumn(head);
            ImGui::TableHeadersRow();
            for (int i = 0; i < kModeCount; ++i) {
                const Mode mode = static_cast<Mode>(i);
                const Tally& t = game_.tally(mode);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(kModeNames[static_cast<size_t>(i)]);
                ImGui::TableNextColumn();
                ImGui::Text("%d", t.crossings);
                ImGui::TableNextColumn();
                ImGui::Text("%d", t.hits);
                ImGui::TableNextColumn();
                ImGui::Text("%d", t.misses);
                ImGui::TableNextColumn();
                ImGui::Text("%.0f", 100.0 * t.MissRate());
                ImGui::TableNextColumn();
                if (IsRegionMode(mode)) ImGui::Text("%d", t.falseHits);
                else ImGui::TextUnformatted("n/a");
            }
            ImGui::EndTable();
        }
    }

private:
    void SelectMode(Mode mode) {
        if (BladeGame::Available(mode)) game_.SetMode(mode);
    }

    float dt_;
    BladeGame game_;
    SwingController swing_;
    SpawnRates rates_;
    float swingDegrees_ = 150.0f;
    bool autopilot_ = true;
    int autopilotStep_ = 0;
};

} // namespace

static const int registered = sensu::RegisterSample("Games", "Blade", &Blade::Create);
