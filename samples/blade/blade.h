#pragma once
/// The Blade sample (registered as "Games/Blade"): input → swing, panel, drawing. Declared here so
/// tests can drive the registered item through the app's real input path and read its state back.
#include <memory>

#include "game.h"
#include "sensu/app/audio.h"
#include "sensu/app/sample.h"
#include "sword.h"

namespace sensu::blade {

/// Within this distance of the hand (m) the cursor gives no direction: a held button holds the blade.
inline constexpr float kAimDeadRadius = kHilt;
/// The right stick aims once deflected beyond this (0…1, after the app's dead zone).
inline constexpr float kStickAimThreshold = 0.5f;

/// The player's swing for this step from keys, mouse and gamepad (see README "Controls"); `used`
/// tells whether any swing control was touched (which ends the autopilot).
SwingIntent PlayerIntent(const Input& input, bool& used);

class BladeSample final : public Sample {
public:
    explicit BladeSample(const SampleSettings& settings);
    static std::unique_ptr<Sample> Create(const SampleSettings& settings);

    void SetupCamera(Camera& camera) override;
    void Step(const Input& input) override;
    void Draw(Renderer& r) override;
    void Ui() override;

    const BladeGame& game() const { return game_; }
    /// True until the player touches a swing control (or while the panel's checkbox is on).
    bool autopilot() const { return autopilot_; }
    /// The most the blade turns in one step (rad, the panel's "swing" slider).
    float maxSweep() const;

private:
    void SelectMode(Mode mode);
    /// Selects the next (`direction` +1) or previous (−1) mode that is Available.
    void CycleMode(int direction);

    /// Plays the hit sound once per target the blade deflected in the last step.
    void PlayHitSounds(int hitsBefore);

    float dt_;
    Audio* audio_;
    SoundId hitSound_{};
    BladeGame game_;
    SwingController swing_;
    SpawnRates rates_;
    float swingDegrees_ = 150.0f;
    bool autopilot_ = true;
    int autopilotStep_ = 0;
};

} // namespace sensu::blade
