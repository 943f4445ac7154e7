#include "level_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

#include "sensu/app/image_mask.h"

namespace sensu::platformer {

namespace {

using Json = nlohmann::json;

// "file: field: expected ..., got ...".
[[noreturn]] void Fail(const std::string& source, const std::string& field, const std::string& problem) {
    throw InvalidArgument(source + ": " + field + ": " + problem);
}

const Json& Field(const Json& object, const char* key, const std::string& path, const std::string& source) {
    const auto it = object.find(key);
    if (it == object.end()) Fail(source, path.empty() ? key : path + "." + key, "missing");
    return *it;
}

float Number(const Json& value, const std::string& field, const std::string& source) {
    if (!value.is_number()) Fail(source, field, "expected a number, got " + value.dump());
    const float x = value.get<float>();
    if (!IsFinite(x)) Fail(source, field, "expected a finite number, got " + value.dump());
    return x;
}

Vec2 Point(const Json& value, const std::string& field, const std::string& source) {
    if (!value.is_array() || value.size() != 2) Fail(source, field, "expected [x, y] in metres, got " + value.dump());
    return {Number(value[0], field + "[0]", source), Number(value[1], field + "[1]", source)};
}

bool ValidStem(const std::string& s) {
    if (s.empty()) return false;
    for (const char c : s) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

// Line and column (1-based) of byte offset `byte` (1-based, as nlohmann reports it).
std::string LineColumn(std::string_view text, size_t byte) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
        if (text[i] == '\n') ++line, column = 1;
        else ++column;
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

} // namespace

LevelFile ParseLevelFile(std::string_view text, const std::string& source) {
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        // nlohmann's message: "[json.exception.parse_error.101] parse error at line 3, column 5: <why>".
        const std::string what = e.what();
        const size_t why = what.find(": ", what.find("column"));
        throw InvalidArgument(source + ":" + LineColumn(text, e.byte) + ": JSON syntax error: " +
                              (why == std::string::npos ? what : what.substr(why + 2)));
    }
    if (!root.is_object()) Fail(source, "(top level)", "expected an object {...}");

    LevelFile level;
    const Json& name = Field(root, "name", "", source);
    if (!name.is_string()) Fail(source, "name", "expected a string, got " + name.dump());
    level.name = name.get<std::string>();
    level.spawn = Point(Field(root, "spawn", "", source), "spawn", source);
    level.killHeight = Number(Field(root, "killHeight", "", source), "killHeight", source);
    const Vec2 extent = Point(Field(root, "extent", "", source), "extent", source);
    level.leftEnd = extent.x;
    level.rightEnd = extent.y;
    if (level.rightEnd <= level.leftEnd) Fail(source, "extent", "expected [left, right] with left < right");
    if (level.spawn.y <= level.killHeight) Fail(source, "spawn", "is below killHeight");

    const Json& terrain = Field(root, "terrain", "", source);
    if (!terrain.is_array() || terrain.empty()) Fail(source, "terrain", "expected a non-empty array of sprites");
    for (size_t i = 0; i < terrain.size(); ++i) {
        const std::string at = "terrain[" + std::to_string(i) + "]";
        const Json& piece = terrain[i];
        if (!piece.is_object()) Fail(source, at, "expected an object {\"sprite\", \"position\", \"pixelsPerMetre\"}");
        const Json& sprite = Field(piece, "sprite", at, source);
        if (!sprite.is_string() || !ValidStem(sprite.get<std::string>())) {
            Fail(source, at + ".sprite", "expected the name of a PNG in assets/sprites, got " + sprite.dump());
        }
        TerrainDef def{.sprite = sprite.get<std::string>(), .position = Point(Field(piece, "position", at, source), at + ".position", source)};
        def.pixelsPerMetre = Number(Field(piece, "pixelsPerMetre", at, source), at + ".pixelsPerMetre", source);
        if (def.pixelsPerMetre <= 0.0f) Fail(source, at + ".pixelsPerMetre", "expected a number > 0");
        level.terrain.push_back(def);
    }
    const auto crates = root.find("crates");
    if (crates != root.end()) {
        if (!crates->is_array()) Fail(source, "crates", "expected an array of [x, y]");
        for (size_t i = 0; i < crates->size(); ++i) level.crates.push_back(Point((*crates)[i], "crates[" + std::to_string(i) + "]", source));
    }
    const auto coins = root.find("coins");
    if (coins != root.end()) {
        if (!coins->is_array()) Fail(source, "coins", "expected an array of [x, y]");
        for (size_t i = 0; i < coins->size(); ++i) level.coins.push_back(Point((*coins)[i], "coins[" + std::to_string(i) + "]", source));
    }
    for (const auto& [key, value] : root.items()) {
        static const char* const kKnown[] = {"name", "spawn", "killHeight", "extent", "terrain", "crates", "coins"};
        if (std::find(std::begin(kKnown), std::end(kKnown), key) == std::end(kKnown)) Fail(source, key, "unknown field");
    }
    return level;
}

LevelFile LoadLevelFile(const std::string& path) {
    std::ifstream in(ResolveAssetPath(path), std::ios::binary);
    if (!in) throw InvalidArgument("cannot open level file '" + path + "'");
    std::ostringstream text;
    text << in.rdbuf();
    return ParseLevelFile(text.str(), path);
}

} // namespace sensu::platformer
