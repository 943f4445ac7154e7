// sensu-bench-collide: Google Benchmark main with two extra flags. `--quick` runs every benchmark
// briefly (a smoke run for CI: the figures are not meant to be read). `--csv FILE` writes one CSV
// row per benchmark run (name, iterations, real and CPU ns per iteration, user counters as key=value
// pairs) besides the console table. Every other flag goes to Google Benchmark (e.g.
// --benchmark_filter=BoxBox). The benchmarks register themselves from the other files of this folder,
// so the collide benchmarks of several engineers share this one main.
//
// Unless --quick or a --benchmark_repetitions flag is given, every benchmark runs 3 times in random
// interleaved order and only the aggregates are reported (mean, median, stddev, cv, and for the rows
// with targets the fastest repetition, see fastest.h): the targets are ratios of two
// rows of one run (ours against Box2D's), and on a shared machine whose speed drifts a row run in one
// block can land in a faster or slower phase than its partner (measured: a 12× ratio read as 8.4×).
//
// A reporter of our own instead of Google Benchmark's CSV format: that one aborts when benchmarks
// carry different user counters, and the files of this folder each report their own. So
// --benchmark_format=csv (the console) and --benchmark_out_format=csv (the --benchmark_out file) are
// served by it too, with the same columns as --csv.
#include <benchmark/benchmark.h>

#include <cstring>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

namespace {

class CsvReporter : public benchmark::BenchmarkReporter {
public:
    bool ReportContext(const Context&) override {
        GetOutputStream() << "name,iterations,real_time_ns,cpu_time_ns,counters\n";
        return true;
    }
    void ReportRuns(const std::vector<Run>& runs) override {
        std::ostream& out = GetOutputStream();
        for (const Run& run : runs) {
            if (run.error_occurred) continue;
            const double toNs = 1e9 / benchmark::GetTimeUnitMultiplier(run.time_unit);
            out << '"' << run.benchmark_name() << "\"," << run.iterations << ',' << run.GetAdjustedRealTime() * toNs << ','
                << run.GetAdjustedCPUTime() * toNs << ",\"";
            bool first = true;
            for (const auto& [key, counter] : run.counters) {
                out << (first ? "" : ";") << key << '=' << counter.value;
                first = false;
            }
            out << "\"\n";
        }
    }
};

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args;
    bool csv = false, csvConsole = false, outFile = false, quick = false, repetitions = false;
    for (int i = 0; i < argc; ++i) {
        const char* arg = argv[i];
        repetitions = repetitions || std::strncmp(arg, "--benchmark_repetitions", 23) == 0;
        outFile = outFile || std::strncmp(arg, "--benchmark_out=", 16) == 0;
        if (std::strcmp(arg, "--benchmark_format=csv") == 0) {
            csvConsole = true;
        } else if (std::strcmp(arg, "--benchmark_out_format=csv") == 0) {
            csv = true;
        } else if (std::strcmp(arg, "--csv") == 0 && i + 1 < argc) {
            args.push_back(std::string("--benchmark_out=") + argv[++i]);
            csv = outFile = true;
        } else if (std::strcmp(arg, "--quick") == 0) {
            args.push_back("--benchmark_min_time=0.002");
            quick = true;
        } else if (std::strncmp(arg, "--csv=", 6) == 0) {
            args.push_back(std::string("--benchmark_out=") + (arg + 6));
            csv = outFile = true;
        } else {
            args.push_back(arg);
        }
    }
    if (!quick && !repetitions) {
        // Inserted after the program name, so flags the user gives later still win.
        const char* interleaved[] = {"--benchmark_repetitions=3", "--benchmark_enable_random_interleaving=true",
                                     "--benchmark_report_aggregates_only=true"};
        args.insert(args.begin() + 1, std::begin(interleaved), std::end(interleaved));
    }
    std::vector<char*> pointers;
    for (std::string& a : args) pointers.push_back(a.data());
    pointers.push_back(nullptr);
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, pointers.data());
    if (benchmark::ReportUnrecognizedArguments(count, pointers.data())) return 1;
    CsvReporter console, file;
    benchmark::RunSpecifiedBenchmarks(csvConsole ? &console : nullptr, csv && outFile ? &file : nullptr);
    benchmark::Shutdown();
    return 0;
}
