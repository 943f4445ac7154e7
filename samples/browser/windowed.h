#pragma once
// The interactive sample browser window.
#include "options.h"

namespace browser {

/// Runs the browser in a window on item `index` until closed (or for options.frames frames).
/// Throws sensu::DisplayUnavailable when no window can be shown. Returns the exit status.
int RunWindowed(const Options& options, int index);

/// Runs the same browser, its panel included, without a window for options.frames frames (default
/// kDefaultHeadlessFrames) and writes the last frame to options.screenshot (default: the item's
/// DefaultScreenshotPath). For pictures of the browser itself. Returns the exit status.
int RunBrowserHeadless(const Options& options, int index);

} // namespace browser
