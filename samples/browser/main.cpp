// sensu-samples: the sample browser. Lists every registered sample and tutorial step by category,
// runs one in a window (or headless), and regenerates the committed screenshots.
// Run with --help for the command line; keys are listed there and in the browser's panel.
#include <cstdio>

#include "headless.h"
#include "options.h"
#include "sensu/app/app.h"
#include "sensu/app/sample.h"
#include "windowed.h"

int main(int argc, char** argv) {
    browser::Options options;
    if (const auto status = browser::ParseOptions(argc, argv, options)) return *status;

    if (options.list) {
        const sensu::SampleEntry* entries = sensu::Samples();
        for (int i = 0; i < sensu::SampleCount(); ++i) std::printf("%s\n", sensu::SampleFullName(entries[i]).c_str());
        return 0;
    }
    if (options.writeScreenshots) {
        if (!options.sample.empty() && browser::ChooseSample(options) < 0) return 2;
        return browser::WriteScreenshots(options);
    }
    const int index = browser::ChooseSample(options);
    if (index < 0) return 2;
    if (options.headless) return options.browserUi ? browser::RunBrowserHeadless(options, index) : browser::RunHeadless(options, index);

    try {
        return browser::RunWindowed(options, index);
    } catch (const sensu::DisplayUnavailable& e) {
        // No display (a server, CI, SSH without X): still show something useful instead of failing.
        std::printf("No display available (%s); rendering headless instead.\n", e.what());
        return browser::RunHeadless(options, index);
    }
}
