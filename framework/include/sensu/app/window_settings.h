#pragma once
/// The window size a program remembers between runs: a small text file in the user's configuration
/// folder ($XDG_CONFIG_HOME/sensu/NAME.ini, else ~/.config/sensu/NAME.ini), lines `key=value`:
///
///     width=1280
///     height=720
///
/// Reading and writing never throw and never fail a program: a missing, unreadable or malformed file
/// reads as "nothing saved", a failed write is reported by the return value only. Headless runs should
/// neither read nor write it.
#include <filesystem>
#include <optional>
#include <string_view>

namespace sensu {

/// A remembered window size.
struct WindowSettings {
    int width = 1280;   ///< window width in screen points (16 … 16384)
    int height = 720;   ///< window height in screen points (16 … 16384)
};

/// Where the settings of program `name` live (letters, digits, '-' and '_'), or an empty path when
/// neither XDG_CONFIG_HOME nor HOME is set to an absolute path.
std::filesystem::path WindowSettingsPath(std::string_view name);

/// The settings saved in `path`; nothing when the file is missing, unreadable, or malformed (a line
/// without '=', an unknown key, a value that is not a whole number in range, a missing width or height).
std::optional<WindowSettings> LoadWindowSettings(const std::filesystem::path& path);

/// Writes `settings` to `path`, creating its folder; false (and nothing thrown) when that fails or the
/// size is out of range.
bool SaveWindowSettings(const std::filesystem::path& path, const WindowSettings& settings);

} // namespace sensu
