#!/usr/bin/env bash
# sensu's one entry point: installs what is missing (Debian 12), configures, builds, then runs.
#   ./sensu.sh run [browser flags]   build and start the sample browser (headless PNG when no display)
#   ./sensu.sh test [--sanitize]     build and run every test (ASan + UBSan build with --sanitize)
#   ./sensu.sh bench [--quick]       build and run every benchmark, CSVs and plots into out/bench/
#   ./sensu.sh docs                  API reference (Doxygen) into build/docs/html; fails on any warning
#   ./sensu.sh fuzz [--seconds N] [--runs N] [TARGET...]  build the libFuzzer targets (clang) in
#                                    build-fuzz/ and run each for N seconds (default 60), or for exactly N
#                                    inputs from a fixed seed (--runs: repeatable); a finding prints its input
# Re-running is fast: packages are checked with dpkg, CMake rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake g++ pkg-config libsdl2-dev libbox2d-dev libstb-dev catch2 libimgui-dev libbenchmark-dev doxygen libsdl2-mixer-dev nlohmann-json3-dev clang libclang-rt-14-dev)
jobs=$(nproc 2>/dev/null || echo 2)

install_missing() {
    local missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "sensu: installing missing Debian packages: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {  # build DIR [cmake options...]
    local dir=$1; shift
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        echo "sensu: configuring $dir"
        mkdir -p "$dir"
        cmake -S . -B "$dir" "$@" >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log"; exit 1; }
    fi
    echo "sensu: building $dir (${jobs} jobs)"
    cmake --build "$dir" -j "$jobs"
}

command=${1:-run}
[ $# -gt 0 ] && shift
case "$command" in
run)
    install_missing
    build build -DCMAKE_BUILD_TYPE=Release
    exec build/bin/sensu-samples "$@"
    ;;
test)
    install_missing
    if [ "${1:-}" = "--sanitize" ]; then
        build build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSENSU_SANITIZE=ON -DSENSU_BUILD_BENCH=OFF
        export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
        cd build-asan
    else
        build build -DCMAKE_BUILD_TYPE=Release
        cd build
    fi
    ctest --output-on-failure -j "$jobs"
    ;;
bench)
    install_missing
    build build -DCMAKE_BUILD_TYPE=Release
    mkdir -p out/bench
    for b in build/bin/sensu-bench-*; do
        name=$(basename "$b")
        echo "== $name"
        case "$name" in
        sensu-bench-ccd) "$b" --csv "out/bench/ccd" "$@" ;;  # writes accuracy.csv and plots there
        *) "$b" --csv "out/bench/$name.csv" "$@" ;;
        esac
    done
    ;;
docs)
    install_missing
    # docs/Doxyfile: WARN_AS_ERROR, so an undocumented public declaration fails here (and in CI).
    doxygen docs/Doxyfile
    echo "sensu: API reference in build/docs/html/index.html"
    ;;
fuzz)
    install_missing
    seconds=60
    if [ "${1:-}" = "--seconds" ]; then
        seconds=${2:?--seconds needs a number}
        shift 2
    fi
    if [ "${1:-}" = "--runs" ]; then  # exactly N inputs per target from seed 1: repeatable (CI)
        export SENSU_FUZZ_RUNS=${2:?--runs needs a number}
        shift 2
    fi
    build build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSENSU_FUZZ=ON \
        -DSENSU_BUILD_APP=OFF -DSENSU_BUILD_TESTS=OFF -DSENSU_BUILD_BENCH=OFF
    exec tests/fuzz/run.sh build-fuzz/bin "$seconds" "$@"
    ;;
*)
    echo "usage: ./sensu.sh run [browser flags] | test [--sanitize] | bench [--quick] | docs | fuzz [--seconds N] [--runs N] [TARGET...]" >&2
    exit 2
    ;;
esac
