#pragma once
/// The stacking benchmark scenes (issue 4; seed 004 table 4.1 is scene A): gravity (0, −10), 60 Hz,
/// 500 steps, friction 0.6, restitution 0, ground top at y = 0.
#include "sensu_scenes/scene_def.h"

namespace sensu::scenes {

/// Scene A, "drop stack": n boxes 1.0 m wide × 0.5 m tall in two columns at x = ±1.5 (the extra box of
/// an odd n goes left), box k of a column with its centre at y = 1 + k, all falling at once. n ≥ 1.
SceneDef DropStack(int n);
/// Scene A on a grid: `columns` columns of `perColumn` boxes, 3 m apart, centred on x = 0.
SceneDef DropStackGrid(int columns, int perColumn);
/// Scenes B (20 rows) and C (100 rows): a pyramid of 1 × 1 m boxes exactly touching, row i centred
/// at y = i + 0.5. rows ≥ 1.
SceneDef Pyramid(int rows);
/// Scene D, a world almost at rest: `columns` columns of `perColumn` boxes 0.4 m wide × 0.5 m tall,
/// 0.5 m apart, exactly touching and centred on x = 0, and one ball 1 m across rolling away from them
/// along the free ground (from 2 m right of the last column, at 3 m/s; it slows to 2 m/s as it starts
/// to roll). Once the columns rest, a step costs what the ball costs: what a game's mostly sleeping
/// level pays while its player moves. Default 1,600 boxes; 2,000 steps (the ball ends 68 m further,
/// near x = 170 m). columns, perColumn ≥ 1; columns ≤ 400 (the ground ends at x = 200 m).
SceneDef RestedField(int columns = 400, int perColumn = 4);

} // namespace sensu::scenes
