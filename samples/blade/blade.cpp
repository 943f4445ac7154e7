// Games / Blade
//
// Teaches: why a fast-spinning body needs rotational continuous collision. The player swings a
//          2 m × 0.1 m sword (up to 2π rad per step, 377 rad/s at 60 Hz) at a stream of fast 5–10 cm
//          projectiles and slower box enemies. Every step the truth (the exact time of impact of the
//          blade's sweep against each target's motion) is scored against the selected mode: discrete
//          (end pose), speculative AABB, seed 000's thesis fan, sensu's World with continuous
//          collision, or Box2D 2.4 (kinematic bullet blade, rotation capped at 90° per step). The
//          HUD counts hits, misses (the blade went through) and false hits live, per mode.
// Keys:    1–5 mode; A/D or Left/Right spin; Space spin attack; hold (or click) the left mouse button
//          to turn the blade towards the cursor. Gamepad: right stick aims, LT/RT spin, A spin attack,
//          LB/RB mode. Until a swing control is touched an autopilot swings back and forth.
#include "blade.h"

#include <imgui.h>

#include <cmath>
#include <memory>

#include "draw.h"
#include "sensu/app/camera.h"
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"

namespace sensu::blade {

namespace {
constexpr float kDegree = kPi / 180.0f;
} // namespace

SwingIntent PlayerIntent(const Input& input, bool& used) {
    const GamepadState& pad = input.gamepad;
    SwingIntent intent;
    bool aiming = false;  // a held button or stick that aims, even where it gives no direction
    if (input.Down(Key::A) || input.Down(Key::Left)) intent.spin += 1.0f;
    if (input.Down(Key::D) || input.Down(Key::Right)) intent.spin -= 1.0f;
    if (pad.connected) intent.spin += pad.leftTrigger - pad.rightTrigger;
    // Pressed as well as Down: a touchpad tap goes down and up within one frame, and still aims for a step.
    // (The app clears the mouse while ImGui has it, so a click on the panel never reaches the blade.)
    if (input.Down(MouseButton::Left) || input.Pressed(MouseButton::Left)) {
        aiming = true;
        const Vec2 to = input.mouseWorld - kPivot;
        // Near the hand the direction is noise (atan2 of almost nothing): hold still instead.
        if (LengthSquared(to) > Square(kAimDeadRadius)) intent.aim = std::atan2(to.y, to.x);
    } else if (pad.connected && Length(pad.rightStick) > kStickAimThreshold) {
        aiming = true;
        intent.aim = std::atan2(pad.rightStick.y, pad.rightStick.x);  // both y up: no flip here
    }
    intent.spinAttack = input.Pressed(Key::Space) || pad.Pressed(GamepadButton::A);
    used = aiming || intent.spin != 0.0f || intent.spinAttack;
    return intent;
}

BladeSample::BladeSample(const SampleSettings& settings)
    : dt_(settings.dt), audio_(settings.audio), game_(settings.dt, Mode::SensuCcd) {
    if (audio_ != nullptr) hitSound_ = audio_->LoadSound("assets/sounds/hit.wav");
}

void BladeSample::PlayHitSounds(int hitsBefore) {
    if (audio_ == nullptr) return;
    const int hits = game_.tally(game_.mode()).hits - hitsBefore;
    // Several hits in one step sound as one louder hit, not as a burst of identical clicks.
    if (hits > 0) audio_->Play(hitSound_, Min(1.0f, 0.6f + 0.2f * static_cast<float>(hits - 1)));
}

std::unique_ptr<Sample> BladeSample::Create(const SampleSettings& settings) { return std::make_unique<BladeSample>(settings); }

void BladeSample::SetupCamera(Camera& camera) {
    camera.center = {0.0f, 1.4f};
    camera.viewHeight = 10.5f;
}

float BladeSample::maxSweep() const { return swingDegrees_ * kDegree; }

void BladeSample::Step(const Input& input) {
    for (int i = 0; i < kModeCount; ++i) {
        if (input.Pressed(static_cast<Key>(static_cast<int>(Key::Num1) + i))) SelectMode(static_cast<Mode>(i));
    }
    if (input.gamepad.Pressed(GamepadButton::RightShoulder)) CycleMode(+1);
    if (input.gamepad.Pressed(GamepadButton::LeftShoulder)) CycleMode(-1);

    bool used = false;
    SwingIntent intent = PlayerIntent(input, used);
    if (used) autopilot_ = false;
    if (autopilot_) intent = AutopilotIntent(autopilotStep_++);
    game_.rates() = rates_;
    const int hitsBefore = game_.tally(game_.mode()).hits;
    game_.Step(swing_.Next(intent, game_.bladeAngle(), maxSweep()));
    PlayHitSounds(hitsBefore);
}

void BladeSample::Draw(Renderer& r) {
    DrawScene(r, game_);
    DrawReadout(r, game_, maxSweep(), dt_, autopilot_);
}

void BladeSample::Ui() {
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

void BladeSample::SelectMode(Mode mode) {
    if (BladeGame::Available(mode)) game_.SetMode(mode);
}

void BladeSample::CycleMode(int direction) {
    // Skip what is not Available (Box2D when it was not found), or the cycle would stop there.
    int m = static_cast<int>(game_.mode());
    for (int tried = 0; tried < kModeCount; ++tried) {
        m = (m + direction + kModeCount) % kModeCount;
        if (BladeGame::Available(static_cast<Mode>(m))) break;
    }
    SelectMode(static_cast<Mode>(m));
}

} // namespace sensu::blade

static const int registered = sensu::RegisterSample("Games", "Blade", &sensu::blade::BladeSample::Create);
