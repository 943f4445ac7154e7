#pragma once
// The interactive sample browser window.
#include "options.h"

namespace browser {

/// Runs the browser in a window on item `index` until closed (or for options.frames frames).
/// Throws sensu::DisplayUnavailable when no window can be shown. Returns the exit status.
int RunWindowed(const Options& options, int index);

} // namespace browser
