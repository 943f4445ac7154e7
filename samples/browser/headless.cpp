#include "headless.h"

#include <unistd.h>

#include <cstdio>
#include <exception>
#include <filesystem>

#include "sensu/app/image.h"
#include "sensu/app/sample_runner.h"
#include "sensu/math/scalar.h"

namespace browser {

namespace {

std::filesystem::path ExecutableFolder() {
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::current_path() : exe.parent_path();
}

bool Writable(const std::filesystem::path& folder) {
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    return !error && ::access(folder.c_str(), W_OK) == 0;
}

sensu::HeadlessOptions HeadlessFor(const Options& options) {
    return {.frames = options.frames.value_or(kDefaultHeadlessFrames), .width = options.width, .height = options.height};
}

} // namespace

std::string DefaultScreenshotPath(int index) {
    const std::string file = sensu::SampleSlug(sensu::Samples()[index]) + ".png";
    std::filesystem::path folder = ExecutableFolder() / "screenshots";
    if (!Writable(folder)) folder = std::filesystem::temp_directory_path() / "sensu-samples";
    return (folder / file).string();
}

int RunHeadless(const Options& options, int index) {
    const sensu::SampleEntry& entry = sensu::Samples()[index];
    const std::string path = options.screenshot.empty() ? DefaultScreenshotPath(index) : options.screenshot;
    try {
        const sensu::Image image = sensu::RenderSampleHeadless(entry, HeadlessFor(options));
        sensu::WritePng(image, path);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sensu-samples: %s failed headless: %s\n", sensu::SampleFullName(entry).c_str(), e.what());
        return 1;
    }
    std::printf("Rendered \"%s\" headless (%d frames) to %s\n", sensu::SampleFullName(entry).c_str(),
                HeadlessFor(options).frames, std::filesystem::absolute(path).c_str());
    return 0;
}

int WriteScreenshots(const Options& options) {
    int failures = 0;
    const sensu::SampleEntry* entries = sensu::Samples();
    for (int i = 0; i < sensu::SampleCount(); ++i) {
        if (!options.sample.empty() && sensu::SampleFullName(entries[i]) != options.sample) continue;
        const std::string path = sensu::SampleScreenshotPath(entries[i]);
        try {
            if (path.empty()) throw sensu::InvalidArgument("its source file is unknown");
            sensu::WritePng(sensu::RenderSampleHeadless(entries[i], HeadlessFor(options)), path);
            std::printf("%s -> %s\n", sensu::SampleFullName(entries[i]).c_str(), path.c_str());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "sensu-samples: %s: %s\n", sensu::SampleFullName(entries[i]).c_str(), e.what());
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

} // namespace browser
