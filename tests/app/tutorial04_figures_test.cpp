// Tutorial 04 quotes the CCD benchmark: its README tables must hold exactly the numbers of the
// committed tutorials/04_spinning_ccd/figures/accuracy.csv and tunnelling.csv, written with the
// figures by one run of
//     build/bin/sensu-bench-ccd --csv tutorials/04_spinning_ccd/figures
// A rerun that changes a number fails here until the README is updated, so prose and figures cannot
// drift apart.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <source_location>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

using Cells = std::vector<std::string>;

fs::path TutorialFolder() {
    const fs::path root = std::getenv("SENSU_SOURCE_DIR") != nullptr
                              ? fs::path(std::getenv("SENSU_SOURCE_DIR"))
                              : fs::path(std::source_location::current().file_name()).parent_path().parent_path().parent_path();
    return root / "tutorials" / "04_spinning_ccd";
}

std::string Trimmed(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r");
    return a == std::string::npos ? std::string() : s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

Cells Split(const std::string& text, char separator) {
    Cells parts;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, separator);) parts.push_back(Trimmed(part));
    return parts;
}

std::string ReadText(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The data rows of a CSV file whose first line must be `header`.
std::vector<Cells> ReadCsv(const fs::path& path, const std::string& header) {
    INFO("CSV " << path.string());
    REQUIRE(fs::exists(path));
    std::ifstream in(path);
    std::string line;
    REQUIRE(std::getline(in, line));
    REQUIRE(Trimmed(line) == header);
    std::vector<Cells> rows;
    while (std::getline(in, line))
        if (!Trimmed(line).empty()) rows.push_back(Split(Trimmed(line), ','));
    return rows;
}

// The cells of the Markdown table whose header row starts with `headerStart`, by the name in its
// first column (written `name` in backticks), separator row skipped.
std::map<std::string, Cells> ReadmeTable(const std::string& readme, const std::string& headerStart) {
    std::map<std::string, Cells> rows;
    const Cells lines = Split(readme, '\n');
    size_t i = 0;
    while (i < lines.size() && lines[i].rfind(headerStart, 0) != 0) ++i;
    INFO("README table starting with " << headerStart);
    REQUIRE(i < lines.size());
    for (i += 2; i < lines.size() && lines[i].rfind("|", 0) == 0; ++i) {
        Cells cells = Split(lines[i], '|');  // cells[0] is the empty text before the first bar
        REQUIRE(cells.size() >= 3);
        const std::string name = cells[1];
        INFO("row " << lines[i]);
        REQUIRE(name.size() > 2);
        REQUIRE(name.front() == '`');
        REQUIRE(name.back() == '`');
        CHECK(rows.count(name.substr(1, name.size() - 2)) == 0);  // one row per name
        rows[name.substr(1, name.size() - 2)] = cells;
    }
    return rows;
}

// How the README prints a rate: two decimals and a percent sign.
std::string Percent(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f %%", value);
    return text;
}

} // namespace

TEST_CASE("Tutorial 04's README quotes exactly the committed benchmark CSVs", "[app][tutorial04]") {
    const fs::path folder = TutorialFolder();
    INFO("regenerate with: build/bin/sensu-bench-ccd --csv tutorials/04_spinning_ccd/figures, then update the README tables");
    const std::string readme = ReadText(folder / "README.md");
    REQUIRE(!readme.empty());
    CHECK(readme.find("sensu-bench-ccd --csv tutorials/04_spinning_ccd/figures") != std::string::npos);
    for (const char* figure : {"accuracy_by_angle.png", "accuracy_by_shape.png"}) {
        INFO(figure);
        CHECK(fs::exists(folder / "figures" / figure));
        CHECK(readme.find(std::string("](figures/") + figure + ")") != std::string::npos);
    }

    SECTION("accuracy.csv: | `method` | step | accuracy | over | under | misses of cases |") {
        const auto csv = ReadCsv(folder / "figures" / "accuracy.csv", "method,cases,accuracy,over,under,cases_with_misses");
        const auto table = ReadmeTable(readme, "| method (`accuracy.csv`)");
        CHECK(csv.size() >= 6);
        CHECK(table.size() == csv.size());  // no row for a method the CSV does not have
        for (const Cells& row : csv) {
            INFO("method " << row[0]);
            REQUIRE(row.size() == 6);
            const auto quoted = table.find(row[0]);
            if (quoted == table.end()) {
                FAIL_CHECK("no README row");
                continue;
            }
            const Cells& cells = quoted->second;
            REQUIRE(cells.size() >= 7);
            CHECK(cells[3] == Percent(std::strtod(row[2].c_str(), nullptr)));
            CHECK(cells[4] == Percent(std::strtod(row[3].c_str(), nullptr)));
            CHECK(cells[5] == Percent(std::strtod(row[4].c_str(), nullptr)));
            CHECK(cells[6] == row[5] + " of " + row[1]);
        }
    }

    SECTION("tunnelling.csv: | `engine` | what | misses of trials | miss rate |") {
        const auto csv = ReadCsv(folder / "figures" / "tunnelling.csv", "engine,trials,misses");
        const auto table = ReadmeTable(readme, "| engine (`tunnelling.csv`)");
        CHECK(csv.size() >= 3);
        CHECK(table.size() == csv.size());
        for (const Cells& row : csv) {
            INFO("engine " << row[0]);
            REQUIRE(row.size() == 3);
            const auto quoted = table.find(row[0]);
            if (quoted == table.end()) {
                FAIL_CHECK("no README row");
                continue;
            }
            const Cells& cells = quoted->second;
            REQUIRE(cells.size() >= 5);
            CHECK(cells[3] == row[2] + " of " + row[1]);
            CHECK(cells[4] == Percent(100.0 * std::strtod(row[2].c_str(), nullptr) / std::strtod(row[1].c_str(), nullptr)));
        }
    }
}
