#pragma once
/// Scenes where nothing rests (issue 14): the solver's raw speed decides, rest states cannot help.
/// Gravity (0, −10) unless said, 60 Hz, friction 0.6, restitution 0. Body counts are exact, so a
/// benchmark row states what it ran.
#include <cstdint>

#include "sensu_scenes/scene_def.h"

namespace sensu::scenes {

/// Rain: a static bin 40 m wide and 20 m deep; every `interval` steps, `perBatch` bodies (circles,
/// boxes and capsules in turn, 0.2–0.5 m across, random x and angle from `seed`) appear 25–30 m up and
/// fall in, for `batches` batches. The pile keeps being hit, so it never rests for long.
SceneDef Rain(int batches = 200, int perBatch = 10, int interval = 2, uint64_t seed = 1);

/// Tumbler: a kinematic hollow box turning at `omega` rad/s about (0, 10), walls 1 m thick centred
/// 10 m from the axis (inner faces at ±9.5 m, Box2D v3's benchmark), with `count` dynamic boxes
/// 0.25 m × 0.25 m inside (a grid 0.3 m apart from the inner floor up: 2,000 fill its lower half).
/// With thinner walls the tumbler is fast for its size and every step sweeps it (continuous
/// collision against every box inside), which measures the continuous phase, not the solver.
SceneDef Tumbler(int count = 2000, float omega = 0.25f * kPi);

/// Smash: no gravity; a wall of `columns` × `rows` boxes 0.4 m × 0.4 m, exactly touching, and a
/// 2 m × 2 m box 8 kg/m² flying into its middle at 40 m/s from 10 m away. Default 9,600 boxes.
SceneDef Smash(int columns = 80, int rows = 120);

/// Many pyramids: a grid of `across` × `down` pyramids of `rows` rows of 1 m boxes, each row of
/// pyramids on its own static floor 12 m below the next. Default 20 × 20 × 10 rows = 22,000 boxes,
/// 200 steps.
SceneDef ManyPyramids(int across = 20, int down = 20, int rows = 10);

} // namespace sensu::scenes
