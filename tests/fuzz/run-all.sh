#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Run every libFuzzer target of a -Dfuzzing=true build for a bounded time
# and print what each did (libFuzzer's final stats).
#
#   tests/fuzz/run-all.sh BUILD_DIR SECONDS
#
# Set up BUILD_DIR with clang, the sanitizers and coverage for every file
# (the plugin and the loaders included, so libFuzzer sees their branches):
#   rt=$(clang -print-runtime-dir)
#   CC=clang CXX=clang++ meson setup BUILD_DIR -Dfuzzing=true \
#     -Db_sanitize=address,undefined -Db_lundef=false -Dwerror=false \
#     -Dc_args=-fsanitize=fuzzer-no-link -Dcpp_args=-fsanitize=fuzzer-no-link \
#     "-Dc_link_args=-shared-libsan -Wl,-rpath,$rt" "-Dcpp_link_args=-shared-libsan -Wl,-rpath,$rt"
# (-shared-libsan: the plugin and libkeyact-host link with -z defs, so the
# sanitizer runtime must be a shared library they can link against.)
#
# Each target starts from the committed corpus (tests/fuzz/corpus/TARGET)
# and writes what it finds to BUILD_DIR/fuzz-work, never to the source tree.
# A crash leaves BUILD_DIR/fuzz-work/artifacts/TARGET-crash-*; copy it into
# tests/fuzz/corpus/TARGET/ once fixed, and the replay test keeps it.
# FUZZ_JOBS=N runs N targets at once (each still gets SECONDS).
# Exit status: 0 when no target found a problem, 1 otherwise, 2 on misuse.
set -uo pipefail

if [ $# -ne 2 ] || ! [[ $2 =~ ^[0-9]+$ ]] || [ "$2" -lt 1 ]; then
    echo "usage: $0 BUILD_DIR SECONDS" >&2
    exit 2
fi
build=$(cd "$1" && pwd) || exit 2
seconds=$2
corpus_root=$(cd "$(dirname "$0")" && pwd)/corpus
work=$build/fuzz-work
mkdir -p "$work/artifacts"

# The runtime is shared (-shared-libsan) and comes after libstdc++ in the
# link order; that is fine for a program that loads no other sanitizer.
export ASAN_OPTIONS=${ASAN_OPTIONS:-verify_asan_link_order=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export KEYACT_PLUGIN_PATH=

targets=()
for exe in "$build"/tests/fuzz/keyact-fuzz-*; do
    [ -x "$exe" ] && [ -f "$exe" ] || continue
    case "$exe" in *-replay) continue ;; esac
    targets+=("$exe")
done
if [ ${#targets[@]} -eq 0 ]; then
    echo "no fuzz targets in $build/tests/fuzz (configure it with -Dfuzzing=true, then ninja)" >&2
    exit 2
fi

# One target: run it, then write its summary line and verdict next to its log.
run_target() { # EXE
    local exe=$1 name corpus_name seeds out log status execs peak last cov ft corp
    name=${exe##*/keyact-fuzz-}
    corpus_name=${name//-/_}
    seeds=$corpus_root/$corpus_name
    out=$work/$corpus_name
    log=$work/$corpus_name.log
    mkdir -p "$out"
    "$exe" -max_total_time="$seconds" -print_final_stats=1 -timeout=20 -rss_limit_mb=2048 \
        -artifact_prefix="$work/artifacts/$corpus_name-" "$out" "$seeds" >"$log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    # The last status line: "#N  DONE  cov: C ft: F corp: K/S ..."
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$last")
    {
        if [ $status -ne 0 ]; then
            grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz check failed|.*runtime error)' "$log" | head -5
            ls "$work/artifacts/$corpus_name-"* 2>/dev/null | sed 's/^/  input: /'
        fi
        echo "fuzz $name: ${execs:-?} executions in ${seconds}s, coverage ${cov:-?} edges" \
             "${ft:-?} features, corpus ${corp:-?}, peak ${peak:-?} MB:" \
             "$([ $status -eq 0 ] && echo ok || echo "FAILED (exit $status; log $log)")"
    } >"$work/$corpus_name.summary"
    return $status
}

# FUZZ_JOBS targets at a time (default 1; one per core is the most useful).
jobs=${FUZZ_JOBS:-1}
running=0
for exe in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    run_target "$exe" &
    running=$((running + 1))
done
wait

failed=0
for exe in "${targets[@]}"; do
    name=${exe##*/keyact-fuzz-}
    summary=$work/${name//-/_}.summary
    cat "$summary"
    grep -q ': ok$' "$summary" || failed=1
done
exit $failed
