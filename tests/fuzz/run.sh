#!/usr/bin/env bash
# Runs every libFuzzer target of a fuzz build for a bounded time each and prints a table of targets,
# executions and findings. A finding (crash, sanitizer report, broken property, timeout, memory limit)
# prints the reproducing input as base64 and hex and makes the script exit 1.
#   tests/fuzz/run.sh BIN_DIR SECONDS_PER_TARGET [TARGET_NAME...]
# With SENSU_FUZZ_RUNS=N each target instead runs exactly N inputs from seed 1 on its committed seeds
# only, in a fresh working corpus: the same inputs on every machine (CI's bounded, repeatable run; the
# time limit stays as a cap). A time-bounded run explores further and may meet findings the repeatable
# run does not (tests/fuzz/README.md lists what was found).
# The committed seeds (tests/fuzz/corpus/<name>/) are read first; what the fuzzer finds new goes to
# out/fuzz/corpus/<name>/ (kept between runs, not committed), findings to out/fuzz/findings/.
# Replay one input: BIN_DIR/sensu-fuzz-<name> FILE
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${1:?usage: run.sh BIN_DIR SECONDS [TARGET...]}
seconds=${2:?usage: run.sh BIN_DIR SECONDS [TARGET...]}
shift 2
mkdir -p out/fuzz/findings
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for exe in "$bin"/sensu-fuzz-*; do targets+=("$(basename "$exe" | sed 's/^sensu-fuzz-//')"); done
fi
failed=0
summary="| target | executions | execs/s | findings |\n|---|---:|---:|---:|\n"
for name in "${targets[@]}"; do
    exe="$bin/sensu-fuzz-$name"
    seeds="tests/fuzz/corpus/${name//-/_}"
    work="out/fuzz/corpus/$name"
    limit=(-max_total_time="$seconds")
    if [ -n "${SENSU_FUZZ_RUNS:-}" ]; then
        work=$(mktemp -d)
        limit+=(-runs="$SENSU_FUZZ_RUNS" -seed=1)
    fi
    mkdir -p "$work" "$seeds"
    log="out/fuzz/$name.log"
    echo "== fuzz $name (${seconds} s)"
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$exe" "${limit[@]}" -timeout=20 -rss_limit_mb=2560 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="out/fuzz/findings/$name-" "$work" "$seeds" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    findings=0
    if [ $status -ne 0 ]; then
        findings=1
        failed=1
        echo "!! fuzz $name found a problem (exit $status):"
        grep -E "sensu fuzz finding|ERROR: |SUMMARY: |runtime error|Test unit written" "$log" | head -20
        sed -n '/sensu fuzz finding/,+6p' "$log" | head -12
        for artifact in $(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log"); do
            echo "reproducing input $artifact (replay: $exe $artifact)"
            echo "base64: $(base64 -w0 "$artifact")"
            echo "hex: $(od -An -tx1 -v "$artifact" | tr -d ' \n')"
        done
    fi
    summary+="| $name | ${runs:-?} | ${rate:-?} | $findings |\n"
done
echo
printf "%b" "$summary"
exit $failed
