#include "csv_file.h"

namespace sensu::bench {

FILE* OpenCsv(const std::string& path, const char* header) {
    FILE* f = std::fopen(path.c_str(), "w");
    if (!f) {
        std::fprintf(stderr, "cannot write %s\n", path.c_str());
        return nullptr;
    }
    std::fprintf(f, "%s\n", header);
    return f;
}

} // namespace sensu::bench
