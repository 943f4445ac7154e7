#include "game.h"

#include <algorithm>
#include <cmath>

#include "sensu/geometry/overlap.h"
#include "sword.h"

namespace sensu::blade {

namespace {

// The arena: targets are culled beyond it.
constexpr AABB kArena{{-12.0f, -4.0f}, {12.0f, 8.0f}};

TargetStep FreeStep(const Target& target, const BodyMotion& m, float dt) {
    return {target.shape, {.pivot = m.position, .startAngle = m.angle, .sweepAngle = m.angularVelocity * dt, .translation = dt * m.velocity}};
}

// An engine deflected the target when its velocity left the free flight it had (no gravity, no
// forces): well beyond rounding, well below what even a slow blade imparts.
bool Deflected(const BodyMotion& before, const BodyMotion& after) {
    return Length(after.velocity - before.velocity) > 0.5f + 0.1f * Length(before.velocity);
}

bool HurtsPlayer(const ConvexShape& shape, const Transform& xf) {
    return std::visit([&](const auto& s) { return Overlap(s, xf, kPlayerBody, Transform{}); }, shape);
}

} // namespace

BladeGame::BladeGame(float dt, Mode mode, uint64_t seed) : dt_(dt), mode_(mode), rngState_(seed) {
    if (!(dt > 0.0f) || !IsFinite(dt)) throw InvalidArgument("BladeGame dt must be > 0 and finite");
    if (!Available(mode)) throw InvalidArgument("BladeGame: Box2D was not found at build time");
    arena_ = MakeArena(EngineOf(mode));
    lastSweep_ = BladeSweep(bladeAngle_, 0.0f);
    // A first wave already on its way, so the very first frames have something to cut.
    for (int i = 0; i < 8; ++i) Spawn(TargetKind::Projectile, Uniform(0.0f, 0.45f));
    for (int i = 0; i < 2; ++i) Spawn(TargetKind::Enemy, Uniform(0.3f, 1.2f));
}

bool BladeGame::Available(Mode mode) {
#ifdef SENSU_HAS_BOX2D
    (void)mode;
    return true;
#else
    return mode != Mode::Box2D;
#endif
}

BladeGame::EngineKind BladeGame::EngineOf(Mode mode) {
    if (mode == Mode::SensuCcd) return EngineKind::SensuCcd;
    if (mode == Mode::Box2D) return EngineKind::Box2D;
    return EngineKind::RegionWorld;
}

std::unique_ptr<Arena> BladeGame::MakeArena(EngineKind kind) const {
    switch (kind) {
        case EngineKind::RegionWorld: return MakeSensuArena(false);
        case EngineKind::SensuCcd: return MakeSensuArena(true);
        case EngineKind::Box2D: return MakeBox2DArena(dt_);
    }
    return nullptr;
}

void BladeGame::SetMode(Mode mode) {
    if (!Available(mode)) throw InvalidArgument("BladeGame: Box2D was not found at build time");
    const EngineKind kind = EngineOf(mode);
    if (kind != EngineOf(mode_)) {
        std::unique_ptr<Arena> next = MakeArena(kind);
        for (Target& t : targets_) t.handle = next->Add(t.shape, arena_->Motion(t.handle));
        arena_ = std::move(next);
    }
    mode_ = mode;
}

float BladeGame::Uniform(float lo, float hi) {
    // SplitMix64: tiny, and the same sequence on every platform (std distributions are not).
    uint64_t z = (rngState_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    const float unit = static_cast<float>(z >> 40) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * unit;
}

void BladeGame::Spawn(TargetKind kind, float advanceSeconds) {
    Vec2 from;
    if (kind == TargetKind::Projectile) {
        // From the left, the right or the sky, aimed within 1.2 m of the hand: through the blade's reach.
        const float side = Uniform(0.0f, 3.0f);
        if (side < 1.0f) from = {-11.0f, Uniform(-1.0f, 5.0f)};
        else if (side < 2.0f) from = {11.0f, Uniform(-1.0f, 5.0f)};
        else from = {Uniform(-9.0f, 9.0f), 7.5f};
    } else {
        from = {Uniform(0.0f, 1.0f) < 0.5f ? -11.0f : 11.0f, Uniform(-0.8f, 2.8f)};
    }
    const float aimAngle = Uniform(-kPi, kPi);
    const Vec2 aim = kPivot + Uniform(0.0f, 1.2f) * Vec2{std::cos(aimAngle), std::sin(aimAngle)};
    const bool projectile = kind == TargetKind::Projectile;
    const float speed = projectile ? Uniform(12.0f, 24.0f) : Uniform(3.0f, 5.0f);
    const Vec2 velocity = speed * Normalize(aim - from);
    const float size = projectile ? Uniform(0.05f, 0.10f) : Uniform(0.2f, 0.3f);
    const ConvexShape shape = projectile ? ConvexShape{Circle({0.0f, 0.0f}, size)} : ConvexShape{Box({size, size})};
    const BodyMotion motion{.position = from + advanceSeconds * velocity, .angle = Uniform(-kPi, kPi), .velocity = velocity,
                            .angularVelocity = projectile ? 0.0f : Uniform(-3.0f, 3.0f)};
    targets_.push_back({.kind = kind, .shape = shape, .handle = arena_->Add(shape, motion)});
}

void BladeGame::SpawnDue() {
    projectilesDue_ += Max(rates_.projectilesPerSecond, 0.0f) * dt_;
    enemiesDue_ += Max(rates_.enemiesPerSecond, 0.0f) * dt_;
    for (; projectilesDue_ >= 1.0f; projectilesDue_ -= 1.0f) Spawn(TargetKind::Projectile, 0.0f);
    for (; enemiesDue_ >= 1.0f; enemiesDue_ -= 1.0f) Spawn(TargetKind::Enemy, 0.0f);
}

void BladeGame::Step(float sweepAngle) {
    RequireFinite(sweepAngle, "BladeGame::Step sweepAngle");
    SpawnDue();
    const RotationalSweep blade = BladeSweep(bladeAngle_, sweepAngle);

    // Before the step: every unscored target's free flight, the truth for it, and the region verdict.
    struct Judged {
        size_t index;
        BodyMotion before;
        RotatingImpact impact;
        bool registered;
    };
    std::vector<Judged> judged;
    for (size_t i = 0; i < targets_.size(); ++i) {
        if (targets_[i].outcome != Outcome::Incoming) continue;
        const BodyMotion before = arena_->Motion(targets_[i].handle);
        const TargetStep free = FreeStep(targets_[i], before, dt_);
        const RotatingImpact impact = BladeImpact(blade, free);
        if (impact.state == RotatingToiState::Unconverged) ++uncertainTruths_;
        judged.push_back({i, before, impact, IsRegionMode(mode_) && RegionRegisters(mode_, blade, free)});
    }

    arena_->Step(bladeAngle_, sweepAngle, dt_);
    lastSweep_ = blade;
    lastApplied_ = arena_->AppliedSweep();

    for (const Judged& j : judged) {
        Target& t = targets_[j.index];
        bool registered = j.registered;
        // Engines register by deflecting the target within the step.
        if (!IsRegionMode(mode_)) registered = j.impact.hit() && Deflected(j.before, arena_->Motion(t.handle));
        Score(t, j.impact.hit(), registered, j.impact, j.before);
    }

    bladeAngle_ = WrapAngle(bladeAngle_ + sweepAngle);
    for (Flash& f : flashes_) f.age += dt_;
    std::erase_if(flashes_, [](const Flash& f) { return f.age > kFlashSeconds; });
    Cull();
    ++steps_;
}

void BladeGame::Score(Target& t, bool crossed, bool registered, const RotatingImpact& impact, const BodyMotion& before) {
    Tally& tally = tallies_[static_cast<size_t>(mode_)];
    if (crossed) {
        ++tally.crossings;
        ++(registered ? tally.hits : tally.misses);
        t.outcome = registered ? Outcome::Hit : Outcome::Missed;
        flashes_.push_back({impact.point, registered ? FlashKind::Hit : FlashKind::Miss});
    } else if (registered) {
        ++tally.falseHits;
        t.outcome = Outcome::FalseHit;
        flashes_.push_back({before.position + dt_ * before.velocity, FlashKind::FalseHit});
    } else {
        return;
    }
    // Region modes have no blade in their world: the game knocks what the mode registered.
    if (registered && IsRegionMode(mode_)) Knock(t, arena_->Motion(t.handle));
}

void BladeGame::Knock(Target& t, const BodyMotion& m) {
    // Away from the hand, turned 45° the way the blade swung.
    const Vec2 offset = m.position - kPivot;
    const Vec2 out = LengthSquared(offset) > 1e-12f ? Normalize(offset) : Vec2{0.0f, 1.0f};
    const float sign = lastSweep_.sweepAngle < 0.0f ? -1.0f : 1.0f;
    const Vec2 direction = Normalize(out + sign * LeftPerp(out));
    const bool projectile = t.kind == TargetKind::Projectile;
    arena_->SetVelocity(t.handle, (projectile ? 20.0f : 8.0f) * direction, projectile ? 0.0f : sign * 12.0f);
}

void BladeGame::Cull() {
    Tally& tally = tallies_[static_cast<size_t>(mode_)];
    for (Target& t : targets_) {
        const BodyMotion m = arena_->Motion(t.handle);
        bool gone = !kArena.Contains(m.position);
        if (t.outcome == Outcome::Hit || t.outcome == Outcome::FalseHit) {
            t.resolvedSeconds += dt_;
            gone = gone || t.resolvedSeconds > kFadeSeconds;
        } else if (HurtsPlayer(t.shape, Transform::FromAngle(m.position, m.angle))) {
            ++tally.hurt;
            flashes_.push_back({m.position, FlashKind::Hurt});
            gone = true;
        }
        if (gone) {
            arena_->Remove(t.handle);
            t.handle = -1;
        }
    }
    std::erase_if(targets_, [](const Target& t) { return t.handle < 0; });
}

} // namespace sensu::blade
