// Platformer level files (samples/platformer/level_file.h): both committed levels load and build,
// and malformed files are InvalidArgument naming the file and the line:column (syntax) or the field.
#include <catch2/catch.hpp>

#include "../../samples/platformer/level.h"
#include "../../samples/platformer/level_file.h"

using namespace sensu;
using namespace sensu::platformer;

namespace {

const char* const kValid = R"({
  "name": "Test",
  "spawn": [0, 2],
  "killHeight": -5,
  "extent": [-3, 3],
  "terrain": [
    {"sprite": "ground_tile", "position": [0, 0], "pixelsPerMetre": 64}
  ],
  "crates": [[1, 1.5]],
  "coins": [[-1, 1.8]]
})";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

void CheckError(const std::string& text, const std::string& expected) {
    INFO(text);
    CHECK_THROWS_WITH(ParseLevelFile(text, "test.json"), Catch::Contains("test.json") && Catch::Contains(expected));
}

} // namespace

TEST_CASE("Both committed levels load and build a level that settles", "[app][platformer][level]") {
    for (const char* path : {"assets/levels/first_steps.json", "assets/levels/stepping_stones.json"}) {
        INFO(path);
        const LevelFile file = LoadLevelFile(path);
        CHECK_FALSE(file.name.empty());
        CHECK(file.terrain.size() >= 5);
        CHECK(file.crates.size() >= 5);
        const Level level(file, 32);
        CHECK(level.terrain().size() == file.terrain.size());
        CHECK(level.crates().size() == file.crates.size());
        CHECK(file.coins.size() >= 5);
        CHECK(level.coins().size() == file.coins.size());
        CHECK(level.CharacterSpawn() == file.spawn);
        CHECK(level.RightEnd() == file.rightEnd);
    }
}

TEST_CASE("A valid level file is read field by field", "[app][platformer][level]") {
    const LevelFile file = ParseLevelFile(kValid, "test.json");
    CHECK(file.name == "Test");
    CHECK(file.spawn == Vec2{0.0f, 2.0f});
    CHECK(file.killHeight == -5.0f);
    CHECK(file.leftEnd == -3.0f);
    CHECK(file.rightEnd == 3.0f);
    REQUIRE(file.coins.size() == 1);
    CHECK(file.coins[0] == Vec2{-1.0f, 1.8f});
    REQUIRE(file.terrain.size() == 1);
    CHECK(file.terrain[0].sprite == "ground_tile");
    CHECK(file.terrain[0].pixelsPerMetre == 64.0f);
    REQUIRE(file.crates.size() == 1);
    CHECK(file.crates[0] == Vec2{1.0f, 1.5f});
    CHECK(ParseLevelFile(Replace(kValid, ",\n  \"crates\": [[1, 1.5]]", ""), "test.json").crates.empty());  // crates are optional
}

TEST_CASE("Malformed level files name the line or the field", "[app][platformer][level]") {
    CheckError(Replace(kValid, "\"spawn\": [0, 2],", "\"spawn\": [0, 2]"), "test.json:4:");  // missing comma: line 4
    CheckError("", "test.json:1:1");
    CheckError("[1, 2]", "expected an object");
    CheckError(Replace(kValid, "\"name\": \"Test\",", ""), "name: missing");
    CheckError(Replace(kValid, "\"spawn\": [0, 2]", "\"spawn\": [0]"), "spawn: expected [x, y]");
    CheckError(Replace(kValid, "\"spawn\": [0, 2]", "\"spawn\": [0, \"up\"]"), "spawn[1]: expected a number");
    CheckError(Replace(kValid, "\"killHeight\": -5", "\"killHeight\": 5"), "spawn: is below killHeight");
    CheckError(Replace(kValid, "\"extent\": [-3, 3]", "\"extent\": [3, -3]"), "extent: expected [left, right]");
    CheckError(Replace(kValid, "\"position\": [0, 0]", "\"position\": \"here\""), "terrain[0].position: expected [x, y]");
    CheckError(Replace(kValid, "\"pixelsPerMetre\": 64", "\"pixelsPerMetre\": 0"), "terrain[0].pixelsPerMetre: expected a number > 0");
    CheckError(Replace(kValid, "\"sprite\": \"ground_tile\"", "\"sprite\": \"../secret\""), "terrain[0].sprite");
    CheckError(Replace(kValid, ", \"pixelsPerMetre\": 64", ""), "terrain[0].pixelsPerMetre: missing");
    CheckError(Replace(kValid, "[[1, 1.5]]", "[[1, 1.5], 7]"), "crates[1]: expected [x, y]");
    CheckError(Replace(kValid, "[[-1, 1.8]]", "{\"x\": 1}"), "coins: expected an array of [x, y]");
    CheckError(Replace(kValid, "[[-1, 1.8]]", "[[-1, \"up\"]]"), "coins[0][1]: expected a number");
    CheckError(Replace(kValid, "\"name\": \"Test\",", "\"name\": \"Test\", \"gravity\": 3,"), "gravity: unknown field");
    CheckError(Replace(kValid, "\"terrain\": [", "\"terrain\": [], \"x\": ["), "terrain: expected a non-empty array");
    CHECK_THROWS_WITH(LoadLevelFile("assets/levels/no_such_level.json"), Catch::Contains("no_such_level.json"));
}

TEST_CASE("A level naming a sprite that does not exist fails when it is built, naming the sprite", "[app][platformer][level]") {
    const LevelFile file = ParseLevelFile(Replace(kValid, "ground_tile", "no_such_sprite"), "test.json");
    CHECK_THROWS_WITH(Level(file, 16), Catch::Contains("no_such_sprite"));
}
