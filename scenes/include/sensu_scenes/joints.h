#pragma once
/// Jointed scenes shared by the joint benchmark, tests and samples: a ragdoll, a pile of ragdolls, the
/// joint grid (issue 13). Gravity (0, −10), 60 Hz.
#include <span>

#include "sensu_scenes/metrics.h"
#include "sensu_scenes/scene_def.h"

namespace sensu::scenes {

/// Indices (into SceneDef::bodies) of one ragdoll's parts.
struct RagdollParts {
    int head = 0, torso = 0, upperArm[2]{}, lowerArm[2]{}, upperLeg[2]{}, lowerLeg[2]{};
    int first = 0, count = 0;  ///< its bodies are [first, first + count)
};

/// Adds a 1.8 m ragdoll (times `scale`) standing with its feet at `feet`: capsule limbs and torso, a
/// circle head, revolute joints with human-like limits (knees bend one way), limbs in one negative
/// collision group so they do not catch on each other. `velocity` is given to every part.
RagdollParts AddRagdoll(SceneDef& scene, Vec2 feet, float scale = 1.0f, Vec2 velocity = {}, int group = -1);

/// `count` ragdolls dropped into a 12 m wide box from rows above it (issue 13's ragdoll pile).
SceneDef RagdollPile(int count);

/// `n` × `n` circles of radius 0.2 m, 0.5 m apart, each linked to its right and lower neighbours by
/// revolute joints at the midpoint, the top row pinned to a static body: the joint grid of issue 13.
SceneDef JointGrid(int n);

/// Sag of JointGrid(n), m: how far the middle body of the bottom row is below where it was built, from
/// the dynamic bodies' samples of any engine (SceneDef order).
float JointGridSag(int n, std::span<const BodySample> dynamicBodies);

} // namespace sensu::scenes
