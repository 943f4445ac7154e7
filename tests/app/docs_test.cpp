// A clone of the repository is complete: no file points outside it (to the developers' shared
// folder of notes), and every relative link of the README and of docs/ leads to a file or folder that
// exists.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <source_location>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

fs::path SourceRoot() {
    if (const char* env = std::getenv("SENSU_SOURCE_DIR")) return env;
    return fs::path(std::source_location::current().file_name()).parent_path().parent_path().parent_path();
}

std::string Contents(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool IsTextSource(const fs::path& path) {
    const std::string ext = path.extension().string();
    const std::string name = path.filename().string();
    return ext == ".h" || ext == ".cpp" || ext == ".md" || ext == ".txt" || ext == ".cmake" || ext == ".in" ||
           ext == ".sh" || ext == ".py" || name == "run" || name == "Doxyfile";
}

// Every text file we wrote: the top-level files and the source folders (never build trees or out/).
std::vector<fs::path> RepositoryTextFiles() {
    const fs::path root = SourceRoot();
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(root)) {
        if (entry.is_regular_file() && IsTextSource(entry.path())) files.push_back(entry.path());
    }
    for (const char* folder : {"framework", "samples", "tutorials", "tests", "scenes", "baseline", "bench", "cmake", "docs", ".ci"}) {
        if (!fs::exists(root / folder)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
            if (entry.is_regular_file() && IsTextSource(entry.path())) files.push_back(entry.path());
        }
    }
    return files;
}

} // namespace

TEST_CASE("no file of the repository refers to the notes outside it", "[docs]") {
    // Spelled in pieces so that this file does not match itself.
    const std::vector<std::string> outside = {std::string("../") + "shared", std::string("SEEDS") + ".md",
                                              std::string("shared/") + "seeds"};
    const std::vector<fs::path> files = RepositoryTextFiles();
    REQUIRE(files.size() > 100);
    for (const fs::path& file : files) {
        const std::string text = Contents(file);
        for (const std::string& needle : outside) {
            INFO(file.string() << " mentions " << needle);
            CHECK(text.find(needle) == std::string::npos);
        }
    }
}

TEST_CASE("relative links of the README and docs/ resolve", "[docs]") {
    const fs::path root = SourceRoot();
    std::vector<fs::path> pages = {root / "README.md"};
    for (const auto& entry : fs::directory_iterator(root / "docs")) {
        if (entry.path().extension() == ".md") pages.push_back(entry.path());
    }
    REQUIRE(fs::exists(root / "docs" / "seeds.md"));
    // Markdown links [text](target) and HTML src="target"; web links and in-page anchors are skipped.
    const std::regex link(R"(\]\(([^)\s]+)\)|src="([^"]+)\")");
    int checked = 0;
    for (const fs::path& page : pages) {
        const std::string text = Contents(page);
        for (auto it = std::sregex_iterator(text.begin(), text.end(), link); it != std::sregex_iterator(); ++it) {
            std::string target = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
            if (target.rfind("http", 0) == 0 || target.rfind("#", 0) == 0 || target.rfind("mailto:", 0) == 0) continue;
            target = target.substr(0, target.find('#'));
            INFO(page.string() << " links to " << target);
            CHECK(fs::exists(page.parent_path() / target));
            ++checked;
        }
    }
    CHECK(checked > 20);
}
