#include "options.h"

#include <charconv>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "sensu/app/sample.h"

namespace browser {

namespace {

// The browser opens on this item when none is named (the first registered item otherwise).
constexpr const char* kDefaultSample = "Basics/Hello shapes";

bool ParseInt(std::string_view text, int& out) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size();
}

void PrintSampleNames(std::FILE* to) {
    const sensu::SampleEntry* entries = sensu::Samples();
    for (int i = 0; i < sensu::SampleCount(); ++i) std::fprintf(to, "  %s\n", sensu::SampleFullName(entries[i]).c_str());
}

} // namespace

std::string Usage() {
    return "usage: sensu-samples [options]\n"
           "  --list                 print every item as \"Category/Name\" and exit\n"
           "  --sample \"Cat/Name\"    open this item (default: " + std::string(kDefaultSample) + ")\n"
           "  --frames N             run N frames (fixed steps), then exit\n"
           "  --screenshot FILE      write the last frame to FILE (PNG)\n"
           "  --headless             no window: render off-screen (default 60 frames) and write a PNG\n"
           "  --browser-ui           with --headless: draw the browser's panel too, as the window shows it\n"
           "  --write-screenshots    regenerate every item's committed screenshot\n"
           "                         (<item folder>/screenshots/<slug>.png; with --sample: only that item)\n"
           "  --size WxH             window / image size in pixels (default: the window's last size, else\n"
           "                         1280x720; headless always 1280x720)\n"
           "  --fullscreen           cover the whole screen\n"
           "  --help                 show this text\n"
           "keys: P pause, O single step, R restart, [ and ] previous/next item, Tab hide UI,\n"
           "      F12 screenshot, Home reset view, wheel zoom, right drag pan, Esc quit\n";
}

std::optional<int> ParseOptions(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool hasValue = i + 1 < argc;
        auto missing = [&]() {
            std::fprintf(stderr, "sensu-samples: %s needs a value\n\n%s", argv[i], Usage().c_str());
            return 2;
        };
        if (arg == "--help" || arg == "-h") {
            std::fputs(Usage().c_str(), stdout);
            return 0;
        } else if (arg == "--list") {
            options.list = true;
        } else if (arg == "--headless") {
            options.headless = true;
        } else if (arg == "--fullscreen") {
            options.fullscreen = true;
        } else if (arg == "--browser-ui") {
            options.browserUi = true;
        } else if (arg == "--write-screenshots") {
            options.writeScreenshots = true;
        } else if (arg == "--sample") {
            if (!hasValue) return missing();
            options.sample = argv[++i];
        } else if (arg == "--screenshot") {
            if (!hasValue) return missing();
            options.screenshot = argv[++i];
        } else if (arg == "--frames") {
            if (!hasValue) return missing();
            int n = 0;
            if (!ParseInt(argv[++i], n) || n < 0 || n > 10'000'000) {
                std::fprintf(stderr, "sensu-samples: --frames needs a whole number ≥ 0, got '%s'\n", argv[i]);
                return 2;
            }
            options.frames = n;
        } else if (arg == "--size") {
            if (!hasValue) return missing();
            const std::string_view value = argv[++i];
            const size_t x = value.find('x');
            int w = 0, h = 0;
            if (x == std::string_view::npos || !ParseInt(value.substr(0, x), w) || !ParseInt(value.substr(x + 1), h) ||
                w < 16 || h < 16 || w > 8192 || h > 8192) {
                std::fprintf(stderr, "sensu-samples: --size needs WxH with 16 ≤ W, H ≤ 8192, got '%s'\n", argv[i]);
                return 2;
            }
            options.width = w;
            options.height = h;
            options.sizeGiven = true;
        } else {
            std::fprintf(stderr, "sensu-samples: unknown option '%s'\n\n%s", argv[i], Usage().c_str());
            return 2;
        }
    }
    return std::nullopt;
}

int ChooseSample(const Options& options) {
    if (sensu::SampleCount() == 0) {
        std::fprintf(stderr, "sensu-samples: no items are registered\n");
        return -1;
    }
    if (options.sample.empty()) {
        const int index = sensu::FindSample(kDefaultSample);
        return index >= 0 ? index : 0;
    }
    const int index = sensu::FindSample(options.sample.c_str());
    if (index < 0) {
        std::fprintf(stderr, "sensu-samples: no item named '%s'. Valid names:\n", options.sample.c_str());
        PrintSampleNames(stderr);
    }
    return index;
}

} // namespace browser
