// Prose pairs with code: a README code block preceded by
//     <!-- snippet: step_file.cpp#name -->
// must equal the region of step_file.cpp (relative to the README) between the lines
//     // snippet-begin: name
//     // snippet-end: name
// (the marker alone on its line; indentation common to all lines is ignored). Checked for every README.md under samples/ and
// tutorials/, so an excerpt can never drift from the code it quotes.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
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

std::vector<std::string> Lines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string Trimmed(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r");
    return a == std::string::npos ? std::string() : s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// Joins lines after removing the indentation they all share (blank lines do not count).
std::string Dedented(const std::vector<std::string>& lines) {
    size_t common = std::string::npos;
    for (const auto& l : lines) {
        if (Trimmed(l).empty()) continue;
        common = std::min(common, l.find_first_not_of(" \t"));
    }
    std::string out;
    for (const auto& l : lines) {
        std::string body = Trimmed(l).empty() ? std::string() : l.substr(common == std::string::npos ? 0 : common);
        while (!body.empty() && (body.back() == ' ' || body.back() == '\r')) body.pop_back();
        out += body + "\n";
    }
    return out;
}

// Parses a marker line "<!-- snippet: file#name -->" (alone on its line) into file and name.
bool ParseMarker(const std::string& line, std::string& file, std::string& name) {
    const std::string open = "<!--", close = "-->", key = "snippet:";
    if (line.size() < open.size() + close.size() || line.rfind(open, 0) != 0 ||
        line.compare(line.size() - close.size(), close.size(), close) != 0) {
        return false;
    }
    const std::string inner = Trimmed(line.substr(open.size(), line.size() - open.size() - close.size()));
    if (inner.rfind(key, 0) != 0) return false;
    const std::string target = Trimmed(inner.substr(key.size()));
    const size_t hash = target.find('#');
    if (hash == std::string::npos || hash == 0 || hash + 1 == target.size()) return false;
    file = target.substr(0, hash);
    name = target.substr(hash + 1);
    return file.find_first_of(" \t") == std::string::npos && name.find_first_of(" \t") == std::string::npos;
}

} // namespace

TEST_CASE("README code excerpts match the marked regions of the files they quote", "[app][snippets]") {
    int checked = 0;
    for (const char* top : {"samples", "tutorials"}) {
        const fs::path root = SourceRoot() / top;
        if (!fs::exists(root)) continue;
        for (const auto& item : fs::recursive_directory_iterator(root)) {
            if (item.path().filename() != "README.md") continue;
            const auto readme = Lines(item.path());
            for (size_t i = 0; i < readme.size(); ++i) {
                std::string quoted, name;
                if (!ParseMarker(Trimmed(readme[i]), quoted, name)) continue;  // a marker is a line of its own
                const fs::path file = item.path().parent_path() / quoted;
                INFO(item.path().string() << " line " << i + 1 << ": snippet " << file.string() << "#" << name);
                REQUIRE(fs::exists(file));

                // The fenced block right after the marker.
                size_t open = i + 1;
                while (open < readme.size() && Trimmed(readme[open]).empty()) ++open;
                REQUIRE(open < readme.size());
                REQUIRE(Trimmed(readme[open]).rfind("```", 0) == 0);
                std::vector<std::string> block;
                size_t close = open + 1;
                for (; close < readme.size() && Trimmed(readme[close]) != "```"; ++close) block.push_back(readme[close]);
                REQUIRE(close < readme.size());

                // The marked region of the source.
                const auto source = Lines(file);
                std::vector<std::string> region;
                bool inside = false, found = false;
                for (const auto& line : source) {
                    const std::string t = Trimmed(line);
                    if (t == "// snippet-begin: " + name) {
                        inside = true;
                        continue;
                    }
                    if (t == "// snippet-end: " + name) {
                        found = inside;
                        break;
                    }
                    if (inside) region.push_back(line);
                }
                REQUIRE(found);
                CHECK(Dedented(block) == Dedented(region));
                ++checked;
                i = close;
            }
        }
    }
    // Tutorial 01 quotes its step files; if this drops to zero the marker syntax broke.
    CHECK(checked > 0);
}
