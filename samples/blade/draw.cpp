#include "draw.h"

#include <cstdio>

#include "sensu/app/renderer.h"
#include "sword.h"

namespace sensu::blade {

namespace {

constexpr float kGroundY = -1.4f;
constexpr Color kTruth = colors::kWhite;
constexpr Color kProjectile = colors::kDynamic;
constexpr Color kEnemy = colors::kRed;

void FillTightRegion(Renderer& r, const TightSweptRegion& region, Color fill) {
    if (const auto& fan = region.fan()) r.FillSector(fan->center(), fan->axis(), fan->halfAngle(), fan->innerRadius(), fan->outerRadius(), fill);
    r.FillPolygon(region.startPose().vertices(), fill);
    r.FillPolygon(region.endPose().vertices(), fill);
}

void OutlineTightRegion(Renderer& r, const TightSweptRegion& region, Color line) {
    if (const auto& fan = region.fan()) r.DrawSector(fan->center(), fan->axis(), fan->halfAngle(), fan->innerRadius(), fan->outerRadius(), line);
    r.DrawPolygon(region.startPose().vertices(), line);
    r.DrawPolygon(region.endPose().vertices(), line);
}

// The region the current mode tests in the last step, filled faintly and outlined.
void DrawModeRegion(Renderer& r, const BladeGame& game) {
    const Mode mode = game.mode();
    const Color line = ModeColor(mode).WithAlpha(200);
    const Color fill = ModeColor(mode).WithAlpha(60);
    const RotationalSweep& sweep = game.lastSweep();
    const Box blade = BladeShape();
    switch (mode) {
        case Mode::Discrete: {
            const Transform end = SweepPose(sweep, 1.0f);
            r.DrawShape(blade, end, fill, ShapeStyle::Filled);
            r.DrawShape(blade, end, line, ShapeStyle::Outline);
            return;
        }
        case Mode::SpeculativeAabb: {
            const AABB box = SpeculativeAABB(blade, sweep);
            const Vec2 corners[4] = {box.lower, {box.upper.x, box.lower.y}, box.upper, {box.lower.x, box.upper.y}};
            r.FillPolygon(corners, fill);
            r.DrawAABB(box, line);
            return;
        }
        case Mode::ThesisFan: {
            const Sector fan = BladeThesisFan(sweep);
            r.FillSector(fan.center(), fan.axis(), fan.halfAngle(), fan.innerRadius(), fan.outerRadius(), fill);
            r.DrawSector(fan.center(), fan.axis(), fan.halfAngle(), fan.innerRadius(), fan.outerRadius(), line);
            return;
        }
        case Mode::SensuCcd:
        case Mode::Box2D: {
            // What the engine's blade really swept: all of it for sensu, at most 90° for Box2D.
            RotationalSweep applied = sweep;
            applied.sweepAngle = game.lastAppliedSweep();
            const TightSweptRegion region(blade, applied);
            FillTightRegion(r, region, fill);
            OutlineTightRegion(r, region, line);
            return;
        }
    }
}

void DrawTarget(Renderer& r, const BladeGame& game, const Target& t) {
    const BodyMotion m = game.Motion(t);
    const Transform xf = Transform::FromAngle(m.position, m.angle);
    Color color = t.kind == TargetKind::Projectile ? kProjectile : kEnemy;
    ShapeStyle style = ShapeStyle::Solid;
    switch (t.outcome) {
        case Outcome::Incoming: break;
        case Outcome::Hit:
        case Outcome::FalseHit: color = color.Faded(1.0f - t.resolvedSeconds / BladeGame::kFadeSeconds); break;
        case Outcome::Missed:  // went through the blade: a red ghost
            color = colors::kRed;
            style = ShapeStyle::Outline;
            break;
    }
    std::visit([&](const auto& s) { r.DrawShape(s, xf, color, style); }, t.shape);
    if (t.kind == TargetKind::Projectile && t.outcome == Outcome::Incoming) {
        // A short streak behind fast projectiles shows where they come from.
        r.DrawSegment(m.position - 0.04f * m.velocity, m.position, color.WithAlpha(110));
    }
}

void DrawSword(Renderer& r, const BladeGame& game) {
    const RotationalSweep& sweep = game.lastSweep();
    const Box blade = BladeShape();
    r.DrawShape(blade, SweepPose(sweep, 0.0f), colors::kKinematic.WithAlpha(90), ShapeStyle::Outline);
    const Transform now = Transform::FromAngle(kPivot, game.bladeAngle());
    r.DrawShape(blade, now, colors::kWhite.WithAlpha(230), ShapeStyle::Filled);
    r.DrawShape(blade, now, colors::kKinematic, ShapeStyle::Outline);
    const Vec2 along = now.q.XAxis();
    const Vec2 across = now.q.YAxis();
    r.DrawSegment(kPivot, kPivot + kHilt * along, colors::kOrange);  // grip
    const Vec2 guard = kPivot + kHilt * along;
    r.DrawSegment(guard - 0.18f * across, guard + 0.18f * across, colors::kYellow);
}

void DrawPlayer(Renderer& r) {
    r.DrawShape(kPlayerBody, Transform{}, colors::kKinematic, ShapeStyle::Solid);
    r.FillCircle(kPivot, 0.07f, colors::kOrange);
}

void DrawFlash(Renderer& r, const Flash& f) {
    const float life = 1.0f - f.age / BladeGame::kFlashSeconds;
    const float grow = 0.15f + 0.5f * (1.0f - life);
    switch (f.kind) {
        case FlashKind::Hit: r.DrawCircle(f.point, grow, colors::kGreen.Faded(life)); break;
        case FlashKind::FalseHit: r.DrawCircle(f.point, grow, colors::kOrange.Faded(life)); break;
        case FlashKind::Hurt: r.DrawCircle(f.point, 2.0f * grow, colors::kPink.Faded(life)); break;
        case FlashKind::Miss: {
            const float s = 0.25f;
            const Color c = colors::kRed.Faded(life);
            r.DrawSegment(f.point + Vec2{-s, -s}, f.point + Vec2{s, s}, c);
            r.DrawSegment(f.point + Vec2{-s, s}, f.point + Vec2{s, -s}, c);
            break;
        }
    }
}

} // namespace

Color ModeColor(Mode mode) {
    constexpr Color table[kModeCount] = {colors::kGray, colors::kOrange, colors::kPurple, colors::kCyan, colors::kYellow};
    return table[static_cast<int>(mode)];
}

const char* ModeDescription(Mode mode) {
    switch (mode) {
        case Mode::Discrete: return "tests the end pose only";
        case Mode::SpeculativeAabb: return "one box around the start and end poses";
        case Mode::ThesisFan: return "seed 000's fan (ignores the blade's width)";
        case Mode::SensuCcd: return "World, continuous collision: swept region + exact time of impact";
        case Mode::Box2D: return "kinematic bullet blade, rotation capped at 90 deg per step";
    }
    return "";
}

void DrawScene(Renderer& r, const BladeGame& game) {
    r.DrawGrid(1.0f);
    r.DrawSegment({-12.0f, kGroundY}, {12.0f, kGroundY}, colors::kStatic);
    // The blade's true sweep this step (white), under the region the mode tests (its colour).
    const TightSweptRegion truth(BladeShape(), game.lastSweep());
    FillTightRegion(r, truth, kTruth.WithAlpha(22));
    OutlineTightRegion(r, truth, kTruth.WithAlpha(70));
    DrawModeRegion(r, game);
    for (const Target& t : game.targets()) DrawTarget(r, game, t);
    DrawPlayer(r);
    DrawSword(r, game);
    for (const Flash& f : game.flashes()) DrawFlash(r, f);
}

void DrawReadout(Renderer& r, const BladeGame& game, float maxSweep, float dt, bool autopilot) {
    const Mode mode = game.mode();
    const Tally& t = game.tally(mode);
    const float line = r.LineHeight();
    char text[256];
    std::snprintf(text, sizeof text, "Blade  [%d] %s: %s", static_cast<int>(mode) + 1, kModeNames[static_cast<size_t>(mode)],
                  ModeDescription(mode));
    r.DrawScreenText({10.0f, 10.0f}, text, ModeColor(mode));
    char falseHits[32] = "n/a";
    if (IsRegionMode(mode)) std::snprintf(falseHits, sizeof falseHits, "%d", t.falseHits);
    std::snprintf(text, sizeof text, "swing %.0f deg/step (%.0f rad/s)%s   crossed %d   hits %d   misses %d (%.0f %%)   false hits %s   hurt %d",
                  maxSweep * 180.0f / kPi, maxSweep / dt, autopilot ? " autopilot" : "", t.crossings, t.hits, t.misses,
                  100.0 * t.MissRate(), falseHits, t.hurt);
    r.DrawScreenText({10.0f, 10.0f + line}, text);
    constexpr const char* kHelp[] = {
        "1-5 mode   A/D or arrows spin   Space spin attack   hold left mouse: aim",
        "gamepad: right stick aims, LT/RT spin, A spin attack, LB/RB mode",
        "white: the blade's true sweep this step   colour: the region the mode tests",
        "green ring: hit   red X: miss (the blade went through)   orange ring: false hit",
    };
    for (int i = 0; i < 4; ++i) r.DrawScreenText({10.0f, 10.0f + static_cast<float>(i + 2) * line}, kHelp[i], colors::kTextDim);
}

} // namespace sensu::blade
