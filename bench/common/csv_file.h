#pragma once
// The CSV file a benchmark writes with --csv FILE (CI checks every one with .ci/check_csv).
#include <cstdio>
#include <string>

namespace sensu::bench {

/// Opens `path` for writing and writes `header` (the column names, comma-separated, no newline) as its
/// first line. On failure says "cannot write PATH" on stderr and returns nullptr.
FILE* OpenCsv(const std::string& path, const char* header);

} // namespace sensu::bench
