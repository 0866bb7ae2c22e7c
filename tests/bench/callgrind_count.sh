#!/bin/sh
# SPDX-License-Identifier: MIT
# Instruction counts of keyact-bench-insn under callgrind. The program turns
# instrumentation on only around its one resolve (--instr-atstart=no), so
# the count is the resolve's alone, the same on a busy or a quiet machine.
#
# Each count is made on a 1.0 and on a 1.1 host (one JSON line each, with a
# "host" field; a "skipped" line when the headers have no 1.1 yet).
#
#   callgrind_count.sh resolve VALGRIND PROGRAM PLUGIN BOUND
#       one discover 3 on the fixed deck; fails above BOUND instructions
#       on either host.
#       Also prints the floor's count for the same resolve (reported only).
#   callgrind_count.sh per-card VALGRIND PROGRAM PLUGIN SMALL LARGE MAX_RATIO
#       bottom-hit libraries of SMALL and LARGE cards; fails when the
#       instructions per exiled card at LARGE exceed MAX_RATIO x those at SMALL.
#       Also prints the floor's instructions per card (reported only).
set -eu
mode=$1 valgrind=$2 program=$3 plugin=$4
shift 4
out=$(mktemp)  # in $TMPDIR, or /tmp
trap 'rm -f "$out" "$out.log"' EXIT

# The host kinds, each measured in turn (keyact-bench-insn --host).
hosts="1.0 1.1"

# count [--host KIND] [--floor] [SIZE]: run the program once, print its
# instruction count. Status 3: the program has no such host kind.
count() {
    # Bind every symbol at load: a first call through the PLT would
    # otherwise count the dynamic linker's lookup as part of the resolve.
    rc=0
    LD_BIND_NOW=1 "$valgrind" --tool=callgrind --instr-atstart=no \
        --callgrind-out-file="$out" "$program" "$plugin" "$@" >&2 2>"$out.log" || rc=$?
    if [ "$rc" -eq 3 ]; then
        return 3
    elif [ "$rc" -ne 0 ]; then
        cat "$out.log" >&2
        return 1
    fi
    # "totals:" is the count; with --instr-atstart=no "summary:" can stay 0.
    n=$(awk '/^totals:/ { t = $2 } /^summary:/ { s = $2 } END { print (t != "" ? t : s) }' "$out")
    if [ -z "$n" ] || [ "$n" -eq 0 ]; then
        echo "no instruction count in the callgrind output" >&2
        return 1
    fi
    echo "$n"
}

# skipped FIGURE HOST: the line for a host kind the headers do not have.
skipped() {
    printf '{"figure":"%s","host":"%s","skipped":"no ABI %s host in these headers"}\n' "$1" "$2" "$2"
}

failed=0
case $mode in
resolve)
    bound=$1
    f=$(count --floor)
    for host in $hosts; do
        rc=0
        n=$(count --host "$host") || rc=$?
        if [ "$rc" -eq 3 ]; then skipped insn "$host"; continue; fi
        [ "$rc" -eq 0 ] || exit 1
        awk -v h="$host" -v n="$n" -v f="$f" -v b="$bound" 'BEGIN {
            printf "{\"figure\":\"insn\",\"host\":\"%s\",\"instructions_per_resolve\":%d,\"floor_instructions\":%d,\"plugin_over_floor\":%.1f,\"bound\":%d}\n", h, n, f, n / f, b }'
        [ "$n" -le "$bound" ] || failed=1
    done
    ;;
per-card)
    small=$1 large=$2 max_ratio=$3
    fa=$(count --floor "$small")
    fb=$(count --floor "$large")
    for host in $hosts; do
        rc=0
        a=$(count --host "$host" "$small") || rc=$?
        if [ "$rc" -eq 3 ]; then skipped insn_per_card "$host"; continue; fi
        [ "$rc" -eq 0 ] || exit 1
        b=$(count --host "$host" "$large") || exit 1
        awk -v h="$host" -v a="$a" -v b="$b" -v fa="$fa" -v fb="$fb" -v s="$small" -v l="$large" -v m="$max_ratio" 'BEGIN {
            pa = a / s; pb = b / l; r = pb / pa
            printf "{\"figure\":\"insn_per_card\",\"host\":\"%s\",\"per_card_%d\":%.1f,\"per_card_%d\":%.1f,\"ratio\":%.4f,\"max_ratio\":%s,\"floor_per_card_%d\":%.1f,\"floor_per_card_%d\":%.1f,\"plugin_over_floor_%d\":%.2f}\n", h, s, pa, l, pb, r, m, s, fa / s, l, fb / l, l, b / fb
            exit (r <= m ? 0 : 1) }' || failed=1
    done
    ;;
*)
    echo "usage: $0 resolve|per-card VALGRIND PROGRAM PLUGIN ..." >&2
    exit 2
    ;;
esac
exit "$failed"
