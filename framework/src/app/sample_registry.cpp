#include <algorithm>
#include <cstring>
#include <string>

#include "sensu/app/sample.h"

namespace sensu {

namespace {
// Zero-initialised before any dynamic initialiser runs, so registration order cannot matter.
SampleEntry g_entries[kMaxSamples];
int g_count;
bool g_sorted;
} // namespace

int RegisterSample(const char* category, const char* name, SampleFactory create) {
    if (g_count >= kMaxSamples) return -1;
    g_entries[g_count] = {category, name, create};
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
    const SampleEntry* entries = Samples();
    for (int i = 0; i < g_count; ++i) {
        const std::string full = std::string(entries[i].category) + "/" + entries[i].name;
        if (full == categoryAndName) return i;
    }
    return -1;
}

} // namespace sensu
