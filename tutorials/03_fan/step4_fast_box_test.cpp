// Tutorial 03 / 4 A fast box test: wedge pieces and distance ranges
//
// Teaches: why a box (or any convex polygon) can be tested against the fan without intersecting its
//          edges with the fan's arcs and edges (the thesis' §2.3 does that: 2.9 µs per call). Cut the
//          box by the wedge: one convex piece for θ ≤ 90°, two (split along the axis) beyond. On a
//          convex piece the distance |q| to the centre takes every value between its minimum and its
//          maximum, so the box touches the fan iff, for some piece, min ≤ R and max ≥ r. The step clips
//          the box for the picture; the library gets the same two numbers without clipping.
// Keys:    drag the box with the left mouse, Q / E turn it; edit the fan in the panel.
#include <array>
#include <cstdio>
#include <vector>

#include "fan_tutorial.h"
#include "sensu/app/sample.h"
#include "sensu/geometry/primitives.h"
#include "sensu/geometry/sector_overlap.h"

namespace {

using namespace sensu;
using namespace sensu::tutorial03;

/// Keeps the part of a convex polygon where Dot(normal, q) ≥ 0 (a half-plane through the origin).
std::vector<Vec2> ClipHalfPlane(const std::vector<Vec2>& polygon, Vec2 normal) {
    std::vector<Vec2> out;
    for (size_t i = 0; i < polygon.size(); ++i) {
        const Vec2 a = polygon[i];
        const Vec2 b = polygon[(i + 1) % polygon.size()];
        const float da = Dot(normal, a);
        const float db = Dot(normal, b);
        if (da >= 0.0f) out.push_back(a);
        if ((da >= 0.0f) != (db >= 0.0f)) out.push_back(a + (da / (da - db)) * (b - a));
    }
    return out;
}

/// A convex piece of the wedge: the cone counter-clockwise from ray `from` to ray `to` (at most 180°);
/// `front` keeps only the side the axis points to (the cone alone is a whole line when θ = 0).
struct WedgePiece {
    Vec2 from, to;
    bool front;
};

class FastBoxTest final : public Sample {
public:
    explicit FastBoxTest(const SampleSettings&) { fan_.halfAngleDegrees = 115.0f; }

    static std::unique_ptr<Sample> Create(const SampleSettings& settings) { return std::make_unique<FastBoxTest>(settings); }

    void SetupCamera(Camera& camera) override {
        camera.center = {0.0f, 0.3f};
        camera.viewHeight = 8.5f;
    }

    void Step(const Input& input) override {
        dragger_.Update(input, {&position_, 1}, 1.0f);
        if (input.Down(Key::Q)) angle_ += 0.04f;
        if (input.Down(Key::E)) angle_ -= 0.04f;
    }

    void Draw(Renderer& r) override {
        r.DrawGrid(1.0f);
        fan_.Draw(r, false);
        const Sector fan = fan_.Make();
        const Transform pose = Transform::FromAngle(position_, angle_);

        // snippet-begin: pieces
        // The wedge's boundary rays G and H (and the axis A, where it is split), in world space.
        const Vec2 a = fan.axis();
        const Vec2 g = Rotate({a.x, a.y}, {fan.cosHalfAngle(), fan.sinHalfAngle()});
        const Vec2 h = Rotate({a.x, a.y}, {fan.cosHalfAngle(), -fan.sinHalfAngle()});
        std::vector<WedgePiece> pieces;
        if (fan.halfAngle() <= 0.5f * kPi) {
            pieces.push_back({h, g, true});  // convex: one piece
        } else {
            pieces.push_back({a, g, false});  // two convex wedges of angle theta
            pieces.push_back({h, a, false});
        }
        // snippet-end: pieces

        std::vector<Vec2> box;
        for (Vec2 corner : box_.Corners()) box.push_back(TransformPoint(pose, corner));
        const float r2 = Square(fan.innerRadius());
        const float R2 = Square(fan.outerRadius());
        const float line = r.LineHeight();
        bool anyPiece = false;
        for (size_t k = 0; k < pieces.size(); ++k) {
            const WedgePiece& piece = pieces[k];
            const Color tint = k == 0 ? colors::kCyan : colors::kYellow;
            r.DrawSegment({0.0f, 0.0f}, 6.0f * piece.from, tint.Faded(0.5f));
            r.DrawSegment({0.0f, 0.0f}, 6.0f * piece.to, tint.Faded(0.5f));
            std::vector<Vec2> clipped = ClipHalfPlane(box, LeftPerp(piece.from));
            clipped = ClipHalfPlane(clipped, RightPerp(piece.to));
            if (piece.front) clipped = ClipHalfPlane(clipped, a);
            char text[160];
            if (clipped.size() < 3) {
                std::snprintf(text, sizeof text, "piece %zu: the box misses this wedge", k + 1);
                r.DrawScreenText({10.0f, 10.0f + float(3 + k) * line}, text, tint);
                continue;
            }
            // snippet-begin: range
            // On a convex piece K, |q| fills [min, max]: max at a vertex of K, min at a vertex or at the
            // foot of the perpendicular from O on an edge (0 when O is in K).
            float min2 = 3.4e38f, max2 = 0.0f;
            bool containsCenter = true;
            for (size_t i = 0; i < clipped.size(); ++i) {
                const Vec2 p = clipped[i];
                const Vec2 q = clipped[(i + 1) % clipped.size()];
                max2 = Max(max2, LengthSquared(p));
                min2 = Min(min2, DistanceSquaredPointSegment({0.0f, 0.0f}, p, q));
                containsCenter = containsCenter && Cross(q - p, -1.0f * p) >= 0.0f;
            }
            if (containsCenter) min2 = 0.0f;
            const bool touches = min2 <= R2 && max2 >= r2;  // [min, max] meets [r, R]
            // snippet-end: range
            anyPiece = anyPiece || touches;
            r.FillPolygon(clipped, tint.WithAlpha(90));
            r.DrawCircle({0.0f, 0.0f}, std::sqrt(min2), tint.Faded(0.7f));
            r.DrawCircle({0.0f, 0.0f}, std::sqrt(max2), tint.Faded(0.7f));
            std::snprintf(text, sizeof text, "piece %zu: |q| from %.2f to %.2f m, ring [%.2f, %.2f] -> %s", k + 1,
                          std::sqrt(min2), std::sqrt(max2), fan.innerRadius(), fan.outerRadius(),
                          touches ? "touches" : "misses");
            r.DrawScreenText({10.0f, 10.0f + float(3 + k) * line}, text, tint);
        }
        const bool library = Overlap(fan, box_, pose);
        r.DrawShape(box_, pose, VerdictColor(library), ShapeStyle::Outline);

        r.DrawScreenText({10.0f, 10.0f}, "Box against the fan: cut by the wedge, then compare the distance range with [r, R]");
        r.DrawScreenText({10.0f, 10.0f + line}, "circles: nearest and farthest distance of each piece from O", colors::kTextDim);
        char text[120];
        std::snprintf(text, sizeof text, "pieces say %s; sensu::Overlap(fan, box, xf) says %s", anyPiece ? "touching" : "apart",
                      library ? "touching (red)" : "apart (blue)");
        r.DrawScreenText({10.0f, 10.0f + 2.0f * line}, text, anyPiece == library ? colors::kTextDim : colors::kOrange);
    }

    void Ui() override {
        fan_.Ui();
        ImGui::TextWrapped("Above 90 deg the wedge is not convex: it is cut along the axis into two convex "
                           "wedges, and each piece gets its own range.");
    }

private:
    FanControls fan_;
    Dragger dragger_;
    const Box box_{{1.1f, 0.35f}};
    // Across the axis where the wide wedge is split, reaching over the outer arc: both pieces touch.
    Vec2 position_ = Polar(3.25f, 20.0f * kDegrees);
    float angle_ = 110.0f * kDegrees;
};

} // namespace

static const int registered = sensu::RegisterSample("Tutorial 03", "4 A fast box test", &FastBoxTest::Create);
