// Platformer / Platformer
//
// Teaches: a small game on the framework's pieces. The terrain is sprites from assets/sprites, each a
//          static compound body of circles approximated from its alpha mask (seed 003's Morton-order
//          quadtree, past its thin-shape weakness); the character is a capsule moved by MoveAndSlide
//          (run, jump with gravity, jump buffer, coyote time, ground from MoveAndSlide's onGround);
//          crates are dynamic boxes of the World that stack, are pushed by the character's impulses,
//          and come to rest (seed 004 rest states as colours: amber free, orange one support, gray
//          frozen). Until you touch a key or the gamepad an autopilot walks right and jumps.
// Keys:    A/D or Left/Right run, Space/W/Up jump (hold for higher); gamepad: left stick or d-pad
//          run, A jump.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>

#include "character.h"
#include "level.h"
#include "runner_animation.h"
#include "sensu/app/audio.h"
#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"

namespace {

using namespace sensu;
using namespace sensu::platformer;

enum class View { Sprites, Circles, Both };

// The levels, as data files (level_file.h); the first is the default.
constexpr const char* kLevelFiles[] = {"assets/levels/first_steps.json", "assets/levels/stepping_stones.json"};
constexpr int kLevelCount = static_cast<int>(std::size(kLevelFiles));

// m/s: landings slower than this (walking off a small step) make no sound.
constexpr float kQuietLandingSpeed = 4.0f;

Color RestColor(RestState state) {
    switch (state) {
        case RestState::VerticallyUnstable: return colors::kDynamic;
        case RestState::VerticallyStable: return colors::kOrange;
        case RestState::RotationStable: return colors::kResting;
    }
    return colors::kDynamic;
}

// The game's own keys only: the browser's keys (P pause, Tab, ...) leave the autopilot on.
bool AnyPlayerInput(const Input& input) {
    for (Key key : {Key::A, Key::D, Key::W, Key::Left, Key::Right, Key::Up, Key::Space})
        if (input.Pressed(key)) return true;
    for (bool pressed : input.gamepad.pressed)
        if (pressed) return true;
    return input.gamepad.connected && Length(input.gamepad.leftStick) > 0.3f;
}

CharacterIntent PlayerIntent(const Input& input) {
    const GamepadState& pad = input.gamepad;
    float run = 0.0f;
    if (input.Down(Key::A) || input.Down(Key::Left) || pad.Down(GamepadButton::DPadLeft)) run -= 1.0f;
    if (input.Down(Key::D) || input.Down(Key::Right) || pad.Down(GamepadButton::DPadRight)) run += 1.0f;
    if (run == 0.0f && pad.connected) run = pad.leftStick.x;
    const bool pressed = input.Pressed(Key::Space) || input.Pressed(Key::W) || input.Pressed(Key::Up) || pad.Pressed(GamepadButton::A);
    const bool held = input.Down(Key::Space) || input.Down(Key::W) || input.Down(Key::Up) || pad.Down(GamepadButton::A);
    return {.run = run, .jumpPressed = pressed, .jumpHeld = held};
}

class Platformer final : public Sample {
public:
    explicit Platformer(const SampleSettings& settings) : dt_(settings.dt), audio_(settings.audio) {
        if (audio_ != nullptr) {
            jumpSound_ = audio_->LoadSound("assets/sounds/jump.wav");
            landSound_ = audio_->LoadSound("assets/sounds/hit.wav");
            pickupSound_ = audio_->LoadSound("assets/sounds/pickup.wav");
        }
        Restart();
    }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<Platformer>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = CameraTarget(character_->position());
        camera.viewHeight = 11.0f;
    }

    World* GrabWorld() override { return &level_->world(); }

    void Step(const Input& input) override {
        if (autopilot_ && AnyPlayerInput(input)) autopilot_ = false;
        const CharacterIntent intent = autopilot_ ? Autopilot() : PlayerIntent(input);
        character_->Step(intent, tuning_, *level_, dt_);
        level_->MoveCharacterBody(character_->position(), dt_);
        level_->Step(dt_);
        runner_.Update(*character_, dt_);
        PlaySounds();
    }

    // Sounds from the character's own events (the camera follows it, so they play centred).
    void PlaySounds() {
        if (audio_ == nullptr) return;
        if (character_->jumpedLastStep()) audio_->Play(jumpSound_, 0.7f);
        // A thud for landings from higher than a small hop: louder the faster the fall (8 m/s: full).
        const float landing = character_->landingSpeed();
        if (landing > kQuietLandingSpeed) audio_->Play(landSound_, Min(1.0f, landing / 8.0f));
        // A chime per coin taken this step (the coins' sensor events, Level::TakeCoins).
        for (; coinsHeard_ < level_->CoinsTaken(); ++coinsHeard_) audio_->Play(pickupSound_, 0.8f);
    }

    void Draw(Renderer& r) override {
        const Vec2 at = character_->previousPosition() + r.alpha() * (character_->position() - character_->previousPosition());
        if (followCamera_) r.camera().center = CameraTarget(at);
        r.DrawGrid(1.0f);
        const View view = static_cast<View>(view_);
        const bool sprites = view != View::Circles;
        const bool circles = view != View::Sprites;

        for (const TerrainPiece& piece : level_->terrain()) {
            if (sprites) r.DrawSprite(piece.sprite, piece.position, piece.size, 0.0f, colors::kWhite.Faded(circles ? 0.55f : 1.0f));
            if (!circles) continue;
            for (const Circle& c : piece.circles) {
                if (!sprites) r.FillCircle(piece.position + c.center(), c.radius(), colors::kStatic.Faded(0.35f));
                r.DrawCircle(piece.position + c.center(), c.radius(), colors::kStatic);
            }
        }

        const World& world = level_->world();
        const Box crateBox({0.5f * Level::kCrateSize, 0.5f * Level::kCrateSize});
        for (size_t i = 0; i < level_->crates().size(); ++i) {
            const BodyId body = level_->crates()[i].body;
            const Transform xf = world.GetTransform(body);
            r.DrawShape(crateBox, xf, RestColor(world.GetRestState(body)), ShapeStyle::Solid);
            if (sprites) {  // planks of a crate: its diagonals
                const auto corners = crateBox.Corners();
                r.DrawSegment(TransformPoint(xf, corners[0]), TransformPoint(xf, corners[2]), RestColor(world.GetRestState(body)));
                r.DrawSegment(TransformPoint(xf, corners[1]), TransformPoint(xf, corners[3]), RestColor(world.GetRestState(body)));
            }
            if (static_cast<int>(i) == character_->pushedCrate()) r.DrawShape(crateBox, xf, colors::kHighlight, ShapeStyle::Outline);
        }

        for (const Coin& coin : level_->coins()) {
            if (coin.taken) continue;
            r.FillCircle(coin.position, 0.25f, colors::kYellow);
            r.DrawCircle(coin.position, 0.17f, colors::kOrange);
        }

        if (sprites) runner_.Draw(r, at, colors::kWhite.Faded(circles ? 0.6f : 1.0f));
        if (circles) {
            const float h = Character::kShape.halfHeight;
            r.DrawShape(Capsule({0.0f, -h}, {0.0f, h}, Character::kShape.radius), Transform{at, Rot{}}, colors::kHighlight);
            const MoveAndSlideResult& move = character_->lastMove();
            for (int i = 0; i < move.contactCount; ++i) {
                r.DrawPoint(move.contacts[i].point, 5.0f, colors::kContact);
                r.DrawArrow(move.contacts[i].point, move.contacts[i].point + 0.5f * move.contacts[i].normal, colors::kNormal, 6.0f);
            }
        }

        char state[200];
        std::snprintf(state, sizeof state, "coins %d   %s   coyote %.2f s   jump buffer %.2f s   %s   %d of %d crates awake%s",
                      level_->CoinsTaken(), character_->onGround() ? "on ground" : "in the air", character_->coyoteLeft(), character_->bufferLeft(),
                      character_->pushedCrate() >= 0 ? "pushing a crate" : "", world.GetAwakeBodyCount(),
                      static_cast<int>(level_->crates().size()), autopilot_ ? "   AUTOPILOT (press any key to play)" : "");
        r.DrawScreenText({10.0f, 10.0f}, "Platformer: MoveAndSlide character, terrain of circles from sprites (seed 003), crates at rest (seed 004)");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, "A/D or arrows run, Space/W/Up jump; gamepad stick/d-pad + A.  Crates: amber free, orange one support, gray frozen; coins are sensors",
                         colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()}, state, colors::kTextDim);
    }

    void Ui() override {
        ImGui::RadioButton("sprites", &view_, static_cast<int>(View::Sprites));
        ImGui::SameLine();
        ImGui::RadioButton("circles", &view_, static_cast<int>(View::Circles));
        ImGui::SameLine();
        ImGui::RadioButton("both", &view_, static_cast<int>(View::Both));
        if (ImGui::BeginCombo("level", level_->name().c_str())) {
            for (int i = 0; i < kLevelCount; ++i) {
                if (ImGui::Selectable(kLevelFiles[i], i == levelIndex_)) {
                    levelIndex_ = i;
                    Restart();
                }
            }
            ImGui::EndCombo();
        }
        ImGui::Checkbox("autopilot", &autopilot_);
        ImGui::SameLine();
        ImGui::Checkbox("camera follows", &followCamera_);
        ImGui::SliderFloat("run speed (m/s)", &tuning_.runSpeed, 1.0f, 12.0f);
        ImGui::SliderFloat("jump height (m)", &tuning_.jumpHeight, 0.5f, 5.0f);
        ImGui::SliderFloat("gravity (m/s^2)", &tuning_.gravity, 5.0f, 60.0f);
        ImGui::SliderFloat("coyote time (s)", &tuning_.coyoteTime, 0.0f, 0.3f);
        ImGui::SliderFloat("jump buffer (s)", &tuning_.jumpBuffer, 0.0f, 0.3f);
        ImGui::SliderFloat("push force (N)", &tuning_.maxPushForce, 0.0f, 400.0f);
        ImGui::SliderInt("circles per sprite", &maxCircles_, 8, 256);
        if (ImGui::Button("restart level (rebuild circles)")) Restart();
        ImGui::Text("terrain: %d circles over %d sprites", level_->TerrainCircleCount(), static_cast<int>(level_->terrain().size()));
        double worst = 1.0;
        for (const TerrainPiece& piece : level_->terrain()) worst = piece.iou < worst ? piece.iou : worst;
        ImGui::Text("worst IoU of circles vs sprite mask: %.3f", worst);
    }

private:
    // A little ahead of the character; the ground stays in view while it jumps.
    static Vec2 CameraTarget(Vec2 character) { return {character.x + 2.0f, Max(character.y, 2.0f)}; }

    void Restart() {
        level_ = std::make_unique<Level>(LoadLevelFile(kLevelFiles[levelIndex_]), maxCircles_);
        coinsHeard_ = 0;
        character_ = std::make_unique<Character>(level_->CharacterSpawn());
        autoDirection_ = 1.0f;
        blockedFor_ = 0.0f;
        jumpHoldLeft_ = 0.0f;
        progressX_ = character_->position().x;
        stuckFor_ = 0.0f;
    }

    // Walks towards one end of the level, then the other; jumps when a wall or a pile stops it, and
    // turns back when even jumping has not got it anywhere for a while.
    CharacterIntent Autopilot() {
        const float x = character_->position().x;
        if (x > level_->RightEnd() - 1.0f) autoDirection_ = -1.0f;
        if (x < level_->LeftEnd() + 1.0f) autoDirection_ = 1.0f;
        stuckFor_ += dt_;
        if (std::fabs(x - progressX_) > 0.5f) {
            progressX_ = x;
            stuckFor_ = 0.0f;
        } else if (stuckFor_ > 2.0f) {
            autoDirection_ = -autoDirection_;
            stuckFor_ = 0.0f;
        }
        blockedFor_ = character_->blocked() ? blockedFor_ + dt_ : 0.0f;
        const bool jump = blockedFor_ > 0.05f && jumpHoldLeft_ <= 0.0f;
        if (jump) jumpHoldLeft_ = 0.4f;
        jumpHoldLeft_ = Max(jumpHoldLeft_ - dt_, 0.0f);
        return {.run = autoDirection_, .jumpPressed = jump, .jumpHeld = jumpHoldLeft_ > 0.0f};
    }

    float dt_;
    Audio* audio_;
    RunnerAnimation runner_;
    SoundId jumpSound_{}, landSound_{}, pickupSound_{};
    int coinsHeard_ = 0;  // coins whose chime has played (Level::CoinsTaken counts since the level was built)
    int maxCircles_ = 64;
    int levelIndex_ = 0;
    std::unique_ptr<Level> level_;
    std::unique_ptr<Character> character_;
    CharacterTuning tuning_;
    int view_ = static_cast<int>(View::Both);
    bool autopilot_ = true;
    bool followCamera_ = true;
    float autoDirection_ = 1.0f;
    float blockedFor_ = 0.0f;
    float jumpHoldLeft_ = 0.0f;
    float progressX_ = 0.0f;  // where the autopilot last made progress (m)
    float stuckFor_ = 0.0f;   // s since then
};

} // namespace

static const int registered = sensu::RegisterSample("Platformer", "Platformer", &Platformer::Create);
