#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <string>

#include "sensu/app/sample.h"

namespace sensu {

namespace {
// constinit: initialised before any dynamic initialiser runs, so registration order cannot matter.
constinit SampleEntry g_entries[kMaxSamples];
constinit int g_count = 0;
constinit bool g_sorted = false;
} // namespace

int RegisterSample(const char* category, const char* name, SampleFactory create, std::source_location where) {
    if (g_count >= kMaxSamples || category == nullptr || name == nullptr || create == nullptr) return -1;
    g_entries[g_count] = {category, name, create, where.file_name()};
    g_sorted = false;
    return g_count++;
}

int SampleCount() { return g_count; }

const SampleEntry* Samples() {
    if (!g_sorted) {
        std::sort(g_entries, g_entries + g_count, [](const SampleEntry& a, const SampleEntry& b) {
            const int c = std::strcmp(a.category, b.category);
            return c != 0 ? c < 0 : std::strcmp(a.name, b.name) < 0;
        });
        g_sorted = true;
    }
    return g_entries;
}

int FindSample(const char* categoryAndName) {
    if (categoryAndName == nullptr) return -1;
    const SampleEntry* entries = Samples();
    for (int i = 0; i < g_count; ++i) {
        if (SampleFullName(entries[i]) == categoryAndName) return i;
    }
    return -1;
}

std::string SampleFullName(const SampleEntry& entry) { return std::string(entry.category) + "/" + entry.name; }

std::string SampleSlug(const SampleEntry& entry) {
    std::string slug;
    bool pendingSeparator = false;
    for (const char* c = entry.name; *c != '\0'; ++c) {
        const unsigned char u = static_cast<unsigned char>(*c);
        if (std::isalnum(u) && u < 128) {
            if (pendingSeparator && !slug.empty()) slug += '_';
            pendingSeparator = false;
            slug += static_cast<char>(std::tolower(u));
        } else {
            pendingSeparator = true;
        }
    }
    return slug;
}

std::string SampleFolder(const SampleEntry& entry) {
    if (entry.file == nullptr || entry.file[0] == '\0') return {};
    return std::filesystem::path(entry.file).parent_path().string();
}

std::string SampleScreenshotPath(const SampleEntry& entry) {
    const std::string folder = SampleFolder(entry);
    if (folder.empty()) return {};
    return (std::filesystem::path(folder) / "screenshots" / (SampleSlug(entry) + ".png")).string();
}

} // namespace sensu
