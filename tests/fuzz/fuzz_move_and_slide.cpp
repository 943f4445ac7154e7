// Move-and-slide through arbitrary obstacles: finite output from finite input, unit contact normals,
// and a character that started clear of every obstacle never ends inside one ("never ending inside one").
#include <cstdio>
#include <vector>

#include "fuzz_input.h"
#include "sensu/geometry/move_and_slide.h"

using namespace sensu;
using namespace sensu::fuzz;

namespace {
std::string Exact(float x) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", x);
    return text;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    try {
        const CharacterShape character{.radius = in.Size(), .halfHeight = in.Size()};
        const Vec2 position = in.Point(), displacement = in.Point();
        MoveAndSlideSettings settings;
        if (in.Bool()) {
            settings.skin = in.Size();
            settings.maxIterations = in.Int(0, 10);
            settings.maxSlopeAngle = in.Float();
            settings.groundProbe = in.Size();
        }
        std::vector<Obstacle> obstacles;
        float magnitude = std::max({std::abs(position.x), std::abs(position.y), std::abs(displacement.x), std::abs(displacement.y),
                                    character.radius, character.halfHeight});
        if (character.radius < kSmallestCheckedSize || (character.halfHeight > 0.0f && character.halfHeight < kSmallestCheckedSize))
            magnitude = INFINITY;
        for (float x : {position.x, position.y, displacement.x, displacement.y})
            if (x != 0.0f && std::abs(x) < 1e-20f) magnitude = INFINITY;
        const int count = in.Int(0, 4);
        for (int i = 0; i < count; ++i) {
            Obstacle o{Shape(in), Pose(in)};
            magnitude = std::max(magnitude, Magnitude(o.shape, o.xf));
            obstacles.push_back(o);
        }
        const MoveAndSlideResult r = MoveAndSlide(character, position, displacement, obstacles, settings);
        if (!(magnitude <= kCheckedMagnitude) || character.radius < 1e-6f * magnitude) return 0;
        std::string scene = "character " + Exact(character.radius) + " h " + Exact(character.halfHeight) + " at " + Exact(position.x) + ", " +
                            Exact(position.y) + " by " + Exact(displacement.x) + ", " + Exact(displacement.y) + " skin " + Exact(settings.skin) +
                            " iterations " + std::to_string(settings.maxIterations) + " slope " + Exact(settings.maxSlopeAngle) + " probe " +
                            Exact(settings.groundProbe);
        for (const Obstacle& o : obstacles) scene += "\n  " + testing::Describe(o.shape, o.xf);
        FUZZ_REQUIRE(Finite(r.position), "non-finite end position: " + scene);
        FUZZ_REQUIRE(r.contactCount >= 0 && r.contactCount <= kMaxMoveContacts, "contact count");
        for (int i = 0; i < r.contactCount; ++i) {
            FUZZ_REQUIRE(Finite(r.contacts[i].normal) && std::abs(Length(r.contacts[i].normal) - 1.0f) < 1e-3f,
                         "contact normal (" + std::to_string(r.contacts[i].normal.x) + ", " + std::to_string(r.contacts[i].normal.y) +
                             ") not unit: character " + Exact(character.radius) + " h " + Exact(character.halfHeight) + " at " + Exact(position.x) + ", " +
                             Exact(position.y) + " by " + Exact(displacement.x) + ", " + Exact(displacement.y) + "; r " + std::to_string(character.radius) + " h " +
                             std::to_string(character.halfHeight) + " at (" + std::to_string(position.x) + ", " + std::to_string(position.y) +
                             ") by (" + std::to_string(displacement.x) + ", " + std::to_string(displacement.y) + ") skin " + std::to_string(settings.skin) +
                             " iterations " + std::to_string(settings.maxIterations) + " slope " + std::to_string(settings.maxSlopeAngle) +
                             " probe " + std::to_string(settings.groundProbe) + " against " + testing::Describe(obstacles[r.contacts[i].obstacle].shape, obstacles[r.contacts[i].obstacle].xf));
        }
        if (r.depenetrated) return 0;
        const float tol = 1e-4f * magnitude + 1e-5f;
        for (const Obstacle& o : obstacles) {
            const CharacterSeparation start = SeparationFromObstacle(character, position, o);
            if (start.distance <= tol) continue;  // started touching: no promise
            const CharacterSeparation end = SeparationFromObstacle(character, r.position, o);
            FUZZ_REQUIRE(end.distance >= -tol, "character ends inside an obstacle by " + std::to_string(-end.distance) + ": " +
                                                   testing::Describe(o.shape, o.xf));
        }
    } catch (const InvalidArgument&) {
    }
    return 0;
}
