// Tutorial 02 / 3 Sliding along a jagged wall
//
// Teaches: MoveAndSlide, the per-frame routine a game character calls: cast the body along its move
//          (the swept capsule, seed 001 generalised), stop ε short of the first surface (seed 002
//          §5.4.1), slide the rest of the move along that surface (§5.4.3), repeat a few times, and
//          report the contacts and whether the character stands on walkable ground. The world is
//          jagged on purpose: zigzag floors, a sawtooth wall, a slope too steep to stand on.
// Keys:    A/D or Left/Right run, Space/W/Up jump; a gamepad's left stick and A button work too.
//          With no window (headless) an autopilot runs and jumps.
#include <imgui.h>

#include <cstdio>
#include <deque>
#include <vector>

#include "sensu/app/input.h"
#include "sensu/app/renderer.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/move_and_slide.h"

namespace {

using namespace sensu;

class JaggedWall final : public Sample {
public:
    explicit JaggedWall(const SampleSettings& settings) : dt_(settings.dt), autopilot_(settings.headless) { BuildWorld(); }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<JaggedWall>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 3.0f};
        camera.viewHeight = 11.0f;
    }

    void Step(const Input& input) override {
        float run = 0.0f;
        bool jump = false;
        if (autopilot_) {
            // Run one way, turn around when blocked or after a while, jump now and then.
            autoTime_ += dt_;
            if (autoTime_ > 4.0f || (blockedFrames_ > 20)) {
                autoDirection_ = -autoDirection_;
                autoTime_ = 0.0f;
                blockedFrames_ = 0;
            }
            run = autoDirection_;
            jump = std::fmod(autoTime_, 1.3f) < dt_;
        } else {
            if (input.Down(Key::A) || input.Down(Key::Left)) run -= 1.0f;
            if (input.Down(Key::D) || input.Down(Key::Right)) run += 1.0f;
            if (input.gamepad.connected && std::abs(input.gamepad.leftStick.x) > 0.0f) run = input.gamepad.leftStick.x;
            jump = input.Pressed(Key::Space) || input.Pressed(Key::W) || input.Pressed(Key::Up) ||
                   (input.gamepad.connected && input.gamepad.Pressed(GamepadButton::A));
        }

        // snippet-begin: character-step
        velocity_.x = kRunSpeed * run;
        velocity_.y -= kGravity * dt_;
        if (jump && onGround_) velocity_.y = kJumpSpeed;
        const MoveAndSlideResult result = MoveAndSlide(body_, position_, dt_ * velocity_, obstacles_);
        // Whatever the surfaces stopped is no longer velocity: landing ends the fall, a ceiling ends
        // the jump, a wall ends the run (only the part of the velocity that goes into each surface).
        for (int i = 0; i < result.contactCount; ++i) {
            const Vec2 n = result.contacts[i].normal;
            if (Dot(velocity_, n) < 0.0f) velocity_ -= Dot(velocity_, n) * n;
        }
        onGround_ = result.onGround;
        // snippet-end: character-step
        blockedFrames_ = std::abs(result.position.x - position_.x) < 0.2f * kRunSpeed * dt_ ? blockedFrames_ + 1 : 0;
        position_ = result.position;
        last_ = result;
        trail_.push_back(position_);
        if (trail_.size() > 90) trail_.pop_front();
        if (position_.y < -5.0f) position_ = {0.0f, 4.0f}; // fell out of the world: start again
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        for (const Obstacle& o : obstacles_) std::visit([&](const auto& shape) { r.DrawShape(shape, o.xf, colors::kStatic); }, o.shape);
        for (size_t i = 1; i < trail_.size(); ++i) r.DrawSegment(trail_[i - 1], trail_[i], colors::kBlue.Faded(float(i) / float(trail_.size())));
        const Vec2 a = position_ - Vec2{0.0f, body_.halfHeight}, b = position_ + Vec2{0.0f, body_.halfHeight};
        r.FillCapsule(a, b, body_.radius, (onGround_ ? colors::kDynamic : colors::kKinematic).Faded(0.6f));
        r.DrawCapsule(a, b, body_.radius, onGround_ ? colors::kDynamic : colors::kKinematic);
        for (int i = 0; i < last_.contactCount; ++i) {
            const MoveContact& c = last_.contacts[i];
            r.DrawPoint(c.point, 7.0f, colors::kContact);
            r.DrawArrow(c.point, c.point + 0.7f * c.normal, colors::kContact);
        }
        if (last_.onGround) r.DrawArrow(position_, position_ + 1.2f * last_.groundNormal, colors::kHighlight);

        char line[160];
        std::snprintf(line, sizeof line, "%s   contacts %d   casts %d%s", last_.onGround ? "ON GROUND" : "in the air",
                      last_.contactCount, last_.iterations, last_.usedFallback ? "   (cap reached: rest of move dropped)" : "");
        r.DrawScreenText({10.0f, 10.0f}, "MoveAndSlide: a capsule character on jagged walls (seed 002, section 5.4 + swept casts)");
        r.DrawScreenText({10.0f, 10.0f + r.LineHeight()}, line, last_.onGround ? colors::kHighlight : colors::kTextDim);
        r.DrawScreenText({10.0f, 10.0f + 2.0f * r.LineHeight()},
                         autopilot_ ? "autopilot (untick it in the panel to drive: A/D, Space)" : "A/D or arrows run, Space jumps",
                         colors::kTextDim);
    }

    void Ui() override {
        ImGui::Checkbox("autopilot", &autopilot_);
        ImGui::SliderFloat("radius (m)", &body_.radius, 0.1f, 0.6f);
        ImGui::SliderFloat("half height (m)", &body_.halfHeight, 0.0f, 0.8f);
        if (ImGui::Button("restart")) {
            position_ = {0.0f, 4.0f};
            velocity_ = {};
        }
        ImGui::TextWrapped("Red: the contacts of this frame and their normals. Pink: the ground normal. The slope on "
                           "the right is steeper than 50 degrees: it is a wall, so the character slides off it.");
    }

private:
    static constexpr float kRunSpeed = 6.0f;   // m/s
    static constexpr float kJumpSpeed = 8.0f;  // m/s
    static constexpr float kGravity = 20.0f;   // m/s²

    void BuildWorld() {
        auto polyline = [&](std::initializer_list<Vec2> points) {
            const Vec2* p = points.begin();
            for (size_t i = 0; i + 1 < points.size(); ++i) obstacles_.push_back({Segment(p[i], p[i + 1]), {}});
        };
        // Zigzag floor, a sawtooth wall on the left, a steep slope and a step on the right.
        polyline({{-8.0f, 0.0f}, {-6.5f, 0.4f}, {-5.5f, -0.1f}, {-4.0f, 0.5f}, {-3.0f, 0.0f}, {-1.0f, 0.3f}, {0.5f, -0.2f},
                  {2.0f, 0.4f}, {3.0f, 0.1f}, {4.5f, 0.6f}, {6.0f, 3.5f}, {7.0f, 3.6f}, {8.5f, 8.0f}});
        polyline({{-8.0f, 0.0f}, {-8.6f, 1.0f}, {-7.8f, 2.0f}, {-8.6f, 3.0f}, {-7.8f, 4.0f}, {-8.6f, 5.0f}, {-7.8f, 6.0f}, {-8.6f, 8.0f}});
        obstacles_.push_back({Box({1.0f, 0.2f}), Transform::FromAngle({-3.5f, 2.6f}, 0.15f)});
        obstacles_.push_back({Box({0.8f, 0.2f}), Transform::FromAngle({1.0f, 3.4f}, -0.2f)});
        const Vec2 rock[] = {{-0.6f, -0.3f}, {0.5f, -0.4f}, {0.7f, 0.2f}, {0.0f, 0.6f}, {-0.7f, 0.3f}};
        obstacles_.push_back({ConvexPolygon(rock), Transform::FromAngle({-1.6f, 0.6f}, 0.0f)});
        obstacles_.push_back({Circle({}, 0.5f), Transform::FromAngle({2.6f, 0.8f}, 0.0f)});
        obstacles_.push_back({Capsule({-0.8f, 0.0f}, {0.8f, 0.0f}, 0.15f), Transform::FromAngle({-5.8f, 4.0f}, 0.3f)});
    }

    float dt_;
    bool autopilot_;
    float autoTime_ = 0.0f;
    float autoDirection_ = 1.0f;
    int blockedFrames_ = 0;
    CharacterShape body_{0.3f, 0.35f};
    Vec2 position_{-4.5f, 2.0f};
    Vec2 velocity_{};
    bool onGround_ = false;
    MoveAndSlideResult last_{};
    std::vector<Obstacle> obstacles_;
    std::deque<Vec2> trail_;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 02", "3 Sliding along a jagged wall", &JaggedWall::Create);
