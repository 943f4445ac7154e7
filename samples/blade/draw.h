#pragma once
/// Drawing the Blade game: the blade's true sweep, the region the current mode tests, targets,
/// the player, hit/miss flashes and the on-screen readout.
#include "game.h"
#include "sensu/app/color.h"

namespace sensu {
class Renderer;
}

namespace sensu::blade {

/// Colour of each mode's region and label.
Color ModeColor(Mode mode);
/// One line: what the mode tests.
const char* ModeDescription(Mode mode);

/// The world: ground, regions of the last step, targets, blade, player, flashes.
void DrawScene(Renderer& r, const BladeGame& game);
/// The text in the top-left corner: mode, swing speed, the current mode's counts, controls, legend.
/// `maxSweep` is the swing speed (rad per step), `dt` the step (s).
void DrawReadout(Renderer& r, const BladeGame& game, float maxSweep, float dt, bool autopilot);

} // namespace sensu::blade
