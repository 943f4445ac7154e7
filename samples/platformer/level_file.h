#pragma once
// Platformer levels as data: a JSON file (assets/levels/*.json) naming the terrain sprites and where
// they go, the crates, the character's spawn point and the level's extent. Read with nlohmann-json;
// a malformed file is an InvalidArgument naming the file and the line and column (syntax) or the
// field (e.g. "terrain[2].position") and what was expected there.
//
//   {
//     "name": "First steps",
//     "spawn": [-1.2, 1.8],                 // m, where the character starts
//     "killHeight": -8,                     // m, below this things have fallen out
//     "extent": [-9.5, 25.5],               // m, left and right end of the walkable level
//     "terrain": [ {"sprite": "ground_tile", "position": [-8, 0], "pixelsPerMetre": 64}, ... ],
//     "crates": [ [7.18, 0.55], ... ],      // m, centres of the 0.8 m crates
//     "coins": [ [1, 1.8], ... ]            // m, centres of the coins (sensor pickups)
//   }
#include <string>
#include <string_view>
#include <vector>

#include "sensu/math.h"

namespace sensu::platformer {

/// One terrain sprite of a level file.
struct TerrainDef {
    std::string sprite;           ///< stem of a PNG in assets/sprites (letters, digits, '_')
    Vec2 position{};              ///< m, world position of the image centre
    float pixelsPerMetre = 64.0f; ///< image scale, > 0
};

/// Everything a level file says.
struct LevelFile {
    std::string name;               ///< shown in the sample's panel
    Vec2 spawn{};                   ///< m, the character's start
    float killHeight = -8.0f;       ///< m, below it things have fallen out of the level
    float leftEnd = 0.0f;           ///< m, left end of the walkable level
    float rightEnd = 0.0f;          ///< m, right end (> leftEnd)
    std::vector<TerrainDef> terrain;
    std::vector<Vec2> crates;       ///< m, crate centres
    std::vector<Vec2> coins;        ///< m, coin centres (sensors the character takes)
};

/// Parses the JSON `text`; `source` names it in errors. Throws InvalidArgument as described above.
LevelFile ParseLevelFile(std::string_view text, const std::string& source);
/// Reads and parses a level file (relative paths also below the source tree, like sprites).
LevelFile LoadLevelFile(const std::string& path);

} // namespace sensu::platformer
