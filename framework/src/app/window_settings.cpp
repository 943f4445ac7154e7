#include "sensu/app/window_settings.h"

#include <charconv>
#include <cstdlib>
#include <fstream>
#include <string>

namespace sensu {

namespace {

constexpr int kMinSide = 16;
constexpr int kMaxSide = 16384;

bool InRange(int side) { return side >= kMinSide && side <= kMaxSide; }

bool ParseSide(std::string_view text, int& out) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size() && InRange(out);
}

bool ValidName(std::string_view name) {
    if (name.empty()) return false;
    for (const char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (!ok) return false;
    }
    return true;
}

} // namespace

std::filesystem::path WindowSettingsPath(std::string_view name) {
    if (!ValidName(name)) return {};
    std::filesystem::path folder;
    const char* config = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (config != nullptr && config[0] == '/') folder = config;
    else if (home != nullptr && home[0] == '/') folder = std::filesystem::path(home) / ".config";
    else return {};
    return folder / "sensu" / (std::string(name) + ".ini");
}

std::optional<WindowSettings> LoadWindowSettings(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    WindowSettings settings;
    bool width = false, height = false;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const size_t equals = line.find('=');
        if (equals == std::string::npos) return std::nullopt;
        const std::string_view key = std::string_view(line).substr(0, equals);
        const std::string_view value = std::string_view(line).substr(equals + 1);
        if (key == "width") width = ParseSide(value, settings.width);
        else if (key == "height") height = ParseSide(value, settings.height);
        else return std::nullopt;
        if ((key == "width" && !width) || (key == "height" && !height)) return std::nullopt;
    }
    if (in.bad() || !width || !height) return std::nullopt;
    return settings;
}

bool SaveWindowSettings(const std::filesystem::path& path, const WindowSettings& settings) {
    if (path.empty() || !InRange(settings.width) || !InRange(settings.height)) return false;
    std::error_code error;
    std::filesystem::create_directories(path.parent_path(), error);
    if (error) return false;
    std::ofstream out(path, std::ios::trunc);
    out << "width=" << settings.width << "\nheight=" << settings.height << "\n";
    out.close();
    return static_cast<bool>(out);
}

} // namespace sensu
