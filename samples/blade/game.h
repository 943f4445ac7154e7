#pragma once
/// The Blade game without any drawing or input: spawns projectiles and enemies, swings the blade,
/// scores every mode against the truth and reacts to hits. Deterministic for a seed, so tests and
/// the README's figures can replay it.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "arena.h"
#include "modes.h"
#include "tally.h"

namespace sensu::blade {

/// The player's body (world, m): what unblocked targets hurt.
inline const Capsule kPlayerBody({0.0f, -1.1f}, {0.0f, 0.75f}, 0.28f);

enum class TargetKind : uint8_t { Projectile, Enemy };
/// How the target was scored (see Tally).
enum class Outcome : uint8_t { Incoming, Hit, Missed, FalseHit };

struct Target {
    TargetKind kind = TargetKind::Projectile;
    ConvexShape shape;   ///< a 5–10 cm circle, or a 0.4–0.6 m box
    int handle = -1;     ///< body in the current arena
    Outcome outcome = Outcome::Incoming;
    float resolvedSeconds = 0.0f;  ///< s since a hit (hit targets fade out, then go)
};

enum class FlashKind : uint8_t { Hit, Miss, FalseHit, Hurt };
/// A short-lived marker where something was scored.
struct Flash {
    Vec2 point{};
    FlashKind kind = FlashKind::Hit;
    float age = 0.0f;  ///< s
};

struct SpawnRates {
    float projectilesPerSecond = 8.0f;  ///< ≥ 0
    float enemiesPerSecond = 0.6f;      ///< ≥ 0
};

class BladeGame {
public:
    /// Flash markers live this long (s).
    static constexpr float kFlashSeconds = 0.5f;
    /// Hit targets fade out for this long (s), then go.
    static constexpr float kFadeSeconds = 0.6f;

    /// dt: fixed step in seconds (> 0). Starts with a first wave already in flight.
    BladeGame(float dt, Mode mode, uint64_t seed = 1);

    /// False for Box2D when it was not found at build time.
    static bool Available(Mode mode);
    /// Switches mode; the targets carry over into the new engine with their current motion.
    /// Throws InvalidArgument for a mode that is not Available.
    void SetMode(Mode mode);
    Mode mode() const { return mode_; }
    SpawnRates& rates() { return rates_; }

    /// One fixed step with the blade turning by `sweepAngle` (rad, any size, CCW positive).
    void Step(float sweepAngle);

    /// Blade angle now (rad, in (−π, π]).
    float bladeAngle() const { return bladeAngle_; }
    /// The blade's sweep in the last step, as commanded (what the truth uses).
    const RotationalSweep& lastSweep() const { return lastSweep_; }
    /// The rotation the engine really applied in the last step (Box2D caps it at π/2).
    float lastAppliedSweep() const { return lastApplied_; }
    std::span<const Target> targets() const { return targets_; }
    BodyMotion Motion(const Target& target) const { return arena_->Motion(target.handle); }
    std::span<const Flash> flashes() const { return flashes_; }
    const Tally& tally(Mode mode) const { return tallies_[static_cast<size_t>(mode)]; }
    void ResetTallies() { tallies_ = {}; }
    int steps() const { return steps_; }
    /// Truth computations that stopped at the iteration cap (counted as crossings); expected 0.
    int uncertainTruths() const { return uncertainTruths_; }

private:
    enum class EngineKind { RegionWorld, SensuCcd, Box2D };
    static EngineKind EngineOf(Mode mode);
    std::unique_ptr<Arena> MakeArena(EngineKind kind) const;
    float Uniform(float lo, float hi);
    void Spawn(TargetKind kind, float advanceSeconds);
    void SpawnDue();
    void Score(Target& target, bool crossed, bool registered, const RotatingImpact& impact, const BodyMotion& before);
    void Knock(Target& target, const BodyMotion& motion);
    void Cull();

    float dt_;
    Mode mode_;
    uint64_t rngState_;
    SpawnRates rates_;
    std::unique_ptr<Arena> arena_;
    std::vector<Target> targets_;
    std::vector<Flash> flashes_;
    std::array<Tally, kModeCount> tallies_{};
    float bladeAngle_ = 0.5f * kPi;
    RotationalSweep lastSweep_;
    float lastApplied_ = 0.0f;
    float projectilesDue_ = 0.0f, enemiesDue_ = 0.0f;
    int steps_ = 0;
    int uncertainTruths_ = 0;
};

} // namespace sensu::blade
