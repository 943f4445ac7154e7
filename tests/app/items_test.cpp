// Every registered sample and tutorial step: runs headless, renders something, and has its README
// entry and committed screenshot (the conventions in sensu/app/sample.h). New items are covered
// automatically: nothing here lists them.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "app_test_support.h"
#include "sensu/app/sample_runner.h"

using namespace sensu;

namespace {

std::string ReadText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// A frame counts as drawn when at least this share of it differs from the background.
constexpr double kMinDrawnFraction = 0.002;

} // namespace

TEST_CASE("Every registered item runs headless and writes a non-blank PNG", "[app][items]") {
    REQUIRE(SampleCount() > 0);
    const auto folder = sensu::test::ScratchFolder();
    const SampleEntry* entries = Samples();
    for (int i = 0; i < SampleCount(); ++i) {
        const SampleEntry& entry = entries[i];
        INFO("item " << SampleFullName(entry));
        // Draw every frame (catches Draw() bugs that need a few steps), without the UI so blank
        // drawings are not hidden behind the panel; then once with the UI to exercise Ui().
        Image image;
        try {
            image = RenderSampleHeadless(entry, {.frames = 8, .width = 480, .height = 270, .drawEveryFrame = true, .showUi = false});
            RenderSampleHeadless(entry, {.frames = 1, .width = 480, .height = 270, .showUi = true});
        } catch (const std::exception& e) {
            FAIL_CHECK("threw: " << e.what());  // report and go on with the other items
            continue;
        }
        const std::string path = (folder / (SampleSlug(entry) + "_" + std::to_string(i) + ".png")).string();
        WritePng(image, path);
        const Image back = ReadImage(path);
        CHECK(back.width == 480);
        CHECK(back.height == 270);
        CHECK(static_cast<double>(back.CountNonBackgroundPixels()) > kMinDrawnFraction * 480 * 270);
    }
    std::filesystem::remove_all(folder);
}

TEST_CASE("Every item has a README entry and a committed screenshot in its folder", "[app][items]") {
    const SampleEntry* entries = Samples();
    std::map<std::string, std::set<std::string>> slugsPerFolder;
    for (int i = 0; i < SampleCount(); ++i) {
        const SampleEntry& entry = entries[i];
        INFO("item " << SampleFullName(entry) << " registered in " << (entry.file ? entry.file : "?"));
        // CHECK and move on: one run lists every item that is missing something.
        const std::filesystem::path folder = SampleFolder(entry);
        const std::string slug = SampleSlug(entry);
        if (folder.empty() || slug.empty()) {
            FAIL_CHECK("the item's source file or slug is unknown");
            continue;
        }
        CHECK(slugsPerFolder[folder.string()].insert(slug).second);  // two items would share one screenshot

        const std::filesystem::path readme = folder / "README.md";
        INFO("README " << readme.string());
        if (!std::filesystem::exists(readme)) {
            FAIL_CHECK("the item's folder has no README.md");
        } else {
            const std::string text = ReadText(readme);
            CHECK(text.find(entry.name) != std::string::npos);
            CHECK(text.find("screenshots/" + slug + ".png") != std::string::npos);
        }

        const std::string shot = SampleScreenshotPath(entry);
        INFO("screenshot " << shot << " (regenerate: sensu-samples --write-screenshots --sample \"" << SampleFullName(entry) << "\")");
        if (!std::filesystem::exists(shot)) {
            FAIL_CHECK("the screenshot is missing");
            continue;
        }
        const Image image = ReadImage(shot);
        CHECK(static_cast<double>(image.CountNonBackgroundPixels()) > kMinDrawnFraction * image.width * image.height);
    }
}

TEST_CASE("Registration records the source file; slugs are file-name safe", "[app][items]") {
    const SampleEntry* entries = Samples();
    for (int i = 0; i < SampleCount(); ++i) {
        INFO(SampleFullName(entries[i]));
        REQUIRE(entries[i].file != nullptr);
        CHECK(std::filesystem::path(entries[i].file).extension() == ".cpp");
        CHECK(FindSample(SampleFullName(entries[i]).c_str()) == i);
    }
    auto slug = [](const char* name) { return SampleSlug({"C", name, nullptr}); };
    CHECK(slug("2 The quadratic, drawn") == "2_the_quadratic_drawn");
    CHECK(slug("  Hello -- shapes!  ") == "hello_shapes");
    CHECK(slug("Time of impact (TOI)") == "time_of_impact_toi");
    CHECK(FindSample("No/Such item") == -1);
    CHECK(FindSample(nullptr) == -1);
    CHECK(RegisterSample("C", "N", nullptr) == -1);  // rejected, nothing registered
}
