#pragma once
// Command line of sensu-samples.
#include <optional>
#include <string>

namespace browser {

struct Options {
    bool list = false;
    bool headless = false;
    bool writeScreenshots = false;
    /// Headless: run the whole browser, its item panel included, instead of the item alone.
    bool browserUi = false;
    /// "Category/Name", empty for the default item.
    std::string sample;
    /// Frames to run before exiting (headless default 60; windowed: run until closed).
    std::optional<int> frames;
    /// Where to write the screenshot of the last frame.
    std::string screenshot;
    int width = 1280;
    int height = 720;
    /// True when --size was given (otherwise the window opens at the size it had last time).
    bool sizeGiven = false;
    /// Windowed: cover the whole screen.
    bool fullscreen = false;
};

/// Usage text listing every flag.
std::string Usage();

/// Parses argv. Returns nothing when the program should go on; otherwise the exit status to leave with
/// (0 after --help, 2 after a usage error, with a message naming the valid choices on stderr).
std::optional<int> ParseOptions(int argc, char** argv, Options& options);

/// Index of the item to run (the default one when options.sample is empty), or -1 after printing the
/// valid names to stderr.
int ChooseSample(const Options& options);

} // namespace browser
