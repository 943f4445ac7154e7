#pragma once
/// MoveAndSlide: the per-frame move of a game character (a circle or an upright capsule) through
/// static shapes, built on the shape casts and seed 002's responses: advance to the first contact
/// less the gap ε (§5.4.1), slide the rest of the move along the surface (§5.4.3), repeat with an
/// iteration cap, and drop what is left when the cap is reached (the fallback).
///
/// Typical use, once per fixed step:
///   const MoveAndSlideResult r = MoveAndSlide(body, position, velocity * dt, obstacles);
///   position = r.position;
///   if (r.onGround && velocity.y < 0) velocity.y = 0;
#include <array>
#include <span>
#include <variant>

#include "sensu/geometry/shapes.h"

namespace sensu {

/// The character's body about its position: a circle (halfHeight = 0) or an upright capsule whose
/// core runs from (0, −halfHeight) to (0, +halfHeight).
struct CharacterShape {
    float radius = 0.5f;     ///< > 0 (m).
    float halfHeight = 0.0f; ///< ≥ 0 (m).
};

/// A static shape placed by a transform.
struct Obstacle {
    std::variant<Circle, Capsule, Box, ConvexPolygon, Segment> shape;  ///< the solid shape, in its local frame
    Transform xf{};  ///< where the shape is placed in the world
};

/// Tuning of MoveAndSlide; the defaults suit a character about 1 m tall.
struct MoveAndSlideSettings {
    float skin = 1e-3f;          ///< ε of seed 002 eq. (13): the gap kept to every surface (m), in (0, 1].
    int maxIterations = 4;       ///< Slides per call (≥ 1); the rest of the move is dropped after that.
    float maxSlopeAngle = 0.87f; ///< Steepest walkable surface (radians from `up`, ~50°), in [0, π/2].
    Vec2 up{0.0f, 1.0f};         ///< Unit up direction for the ground test.
    float groundProbe = 0.01f;   ///< How far below the final position to look for ground (m), in [0, 1000].
};

/// A surface the character touched during the move.
struct MoveContact {
    int obstacle = -1; ///< Index into the obstacle span.
    Vec2 point{};      ///< Contact point on the obstacle (m).
    Vec2 normal{};     ///< Unit normal from the obstacle towards the character.
};

/// Most contacts one MoveAndSlide call reports.
inline constexpr int kMaxMoveContacts = 8;

/// What one MoveAndSlide call did.
struct MoveAndSlideResult {
    Vec2 position{};                                    ///< Where the character ends (m).
    std::array<MoveContact, kMaxMoveContacts> contacts; ///< The first contactCount entries are valid.
    int contactCount = 0;  ///< number of valid entries in contacts
    bool onGround = false;     ///< Touching a walkable surface (normal within maxSlopeAngle of up).
    Vec2 groundNormal{};       ///< The most upward walkable normal when onGround.
    int iterations = 0;        ///< Casts made for the move.
    bool usedFallback = false; ///< The cap was reached with motion left, which was dropped.
    bool depenetrated = false; ///< The character started overlapping and was pushed out first.
};

/// Moves the character at `position` by `displacement` (m) through the obstacles, never ending
/// inside one: it stops ε short of surfaces and slides along them. A character that starts
/// overlapping is first pushed out along the separating normal. Throws InvalidArgument for non-finite
/// input, a radius ≤ 0, a negative halfHeight or bad settings.
MoveAndSlideResult MoveAndSlide(const CharacterShape& character, Vec2 position, Vec2 displacement,
                                std::span<const Obstacle> obstacles, const MoveAndSlideSettings& settings = {});

/// Signed distance between the character at `position` and one obstacle (negative when overlapping),
/// with the unit normal from the obstacle towards the character and the closest point on the
/// obstacle. When overlapping, the normal is the direction that separates them fastest.
struct CharacterSeparation {
    float distance = 0.0f;  ///< signed distance (m), < 0 when overlapping
    Vec2 normal{};          ///< unit normal from the obstacle towards the character
    Vec2 point{};           ///< closest point on the obstacle (m)
};
/// The separation of the character at `position` (m) from one obstacle (see CharacterSeparation).
CharacterSeparation SeparationFromObstacle(const CharacterShape& character, Vec2 position, const Obstacle& obstacle);

} // namespace sensu
