#pragma once
// Off-screen runs of sensu-samples: --headless, the no-display fallback and --write-screenshots.
#include <string>

#include "options.h"

namespace browser {

/// Frames a headless run takes when --frames is not given.
inline constexpr int kDefaultHeadlessFrames = 60;

/// Where a headless run writes its PNG when no --screenshot is given: `screenshots/<slug>.png` next
/// to the executable (the temporary folder if that cannot be written).
std::string DefaultScreenshotPath(int index);

/// Renders item `index` off-screen for options.frames (default 60) and writes the PNG, printing its
/// path. Returns the exit status (0, or 1 when the item throws or the file cannot be written).
int RunHeadless(const Options& options, int index);

/// Regenerates the committed screenshot of every item (or only options.sample). Exit status 0 or 1.
int WriteScreenshots(const Options& options);

} // namespace browser
