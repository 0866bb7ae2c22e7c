#!/bin/sh
# SPDX-License-Identifier: MIT
# Instruction counts of keyact-bench-insn under callgrind. The program turns
# instrumentation on only around its one resolve (--instr-atstart=no), so
# the count is the resolve's alone, the same on a busy or a quiet machine.
#
# Each count is made on a 1.0 and on a 1.1 host (one JSON line each, with a
# "host" field).
#
#   callgrind_count.sh resolve VALGRIND PROGRAM PLUGIN BOUND
#       one discover 3 on the fixed deck, blocking and stepped (every
#       question waiting); fails above BOUND instructions on either host
#       either way.
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
# instruction count and, after a space, the part spent in the host: the
# inclusive cost of every call from the plugin's object, or from
# libkeyact-host's (the guard, which every callback passes through), into
# the program's: the FakeHost's callbacks (libc, and libkeyact-host's own
# part, count as the plugin's).
count() {
    # Bind every symbol at load: a first call through the PLT would
    # otherwise count the dynamic linker's lookup as part of the resolve.
    LD_BIND_NOW=1 "$valgrind" --tool=callgrind --instr-atstart=no \
        --callgrind-out-file="$out" "$program" "$plugin" "$@" >&2 2>"$out.log" || {
        cat "$out.log" >&2; return 1; }
    # "totals:" is the count; with --instr-atstart=no "summary:" can stay 0.
    # Object names are compressed: "ob=(6) /path" defines id 6, "ob=(6)"
    # refers to it; "cob=" names the callee's object for the next call only
    # (none: the caller's), and the line after "calls=" holds its cost.
    awk -v plugin="/${plugin##*/}" -v program="/${program##*/}" '
        function ends(s, suffix) { return length(s) >= length(suffix) && substr(s, length(s) - length(suffix) + 1) == suffix }
        function name(s,   id) {
            if (!match(s, /^\([0-9]+\)/)) return s
            id = substr(s, 2, RLENGTH - 2)
            if (length(s) > RLENGTH + 1) names[id] = substr(s, RLENGTH + 2)
            return names[id]
        }
        /^ob=/ { ob = name(substr($0, 4)); next }
        /^cob=/ { cob = name(substr($0, 5)); next }
        /^calls=/ { cost_next = 1; next }
        cost_next { cost_next = 0
            if ((ends(ob, plugin) || index(ob, "/libkeyact-host.so")) && ends(cob != "" ? cob : ob, program)) host += $2
            cob = ""; next }
        /^totals:/ { t = $2 } /^summary:/ { s = $2 }
        END { n = (t != "" ? t : s); if (n == "" || n == 0) exit 1; printf "%d %d\n", n, host }' "$out" || {
        echo "no instruction count in the callgrind output" >&2
        return 1
    }
}

failed=0
case $mode in
resolve)
    bound=$1
    f=$(count --floor) || exit 1
    f=${f%% *}
    for host in $hosts; do
        # The blocking resolve, then the stepped one with every question
        # waiting (ABI 1.3; keyact-bench-insn --stepped): the host's loop,
        # libkeyact-host's part and the plugin's all count.
        blocking=
        for way in blocking stepped; do
            flag=; [ "$way" = stepped ] && flag=--stepped
            r=$(count --host "$host" $flag) || exit 1
            n=${r%% *} in_host=${r#* }
            [ -n "$blocking" ] || blocking=$n
            awk -v h="$host" -v w="$way" -v n="$n" -v in_host="$in_host" -v f="$f" -v b="$bound" -v bl="$blocking" 'BEGIN {
                printf "{\"figure\":\"insn\",\"host\":\"%s\",\"way\":\"%s\",\"instructions_per_resolve\":%d,\"in_host\":%d,\"in_plugin\":%d,\"floor_instructions\":%d,\"plugin_over_floor\":%.1f,\"plugin_alone_over_floor\":%.1f,\"over_blocking\":%.3f,\"bound\":%d}\n", h, w, n, in_host, n - in_host, f, n / f, (n - in_host) / f, n / bl, b }'
            [ "$n" -le "$bound" ] || failed=1
        done
    done
    ;;
per-card)
    small=$1 large=$2 max_ratio=$3
    fa=$(count --floor "$small") || exit 1
    fb=$(count --floor "$large") || exit 1
    fa=${fa%% *} fb=${fb%% *}
    for host in $hosts; do
        ra=$(count --host "$host" "$small") || exit 1
        rb=$(count --host "$host" "$large") || exit 1
        a=${ra%% *} b=${rb%% *} hb=${rb#* }
        awk -v h="$host" -v a="$a" -v b="$b" -v hb="$hb" -v fa="$fa" -v fb="$fb" -v s="$small" -v l="$large" -v m="$max_ratio" 'BEGIN {
            pa = a / s; pb = b / l; r = pb / pa
            printf "{\"figure\":\"insn_per_card\",\"host\":\"%s\",\"per_card_%d\":%.1f,\"per_card_%d\":%.1f,\"in_host_per_card_%d\":%.1f,\"in_plugin_per_card_%d\":%.1f,\"ratio\":%.4f,\"max_ratio\":%s,\"floor_per_card_%d\":%.1f,\"floor_per_card_%d\":%.1f,\"plugin_over_floor_%d\":%.2f}\n", h, s, pa, l, pb, l, hb / l, l, (b - hb) / l, r, m, s, fa / s, l, fb / l, l, b / fb
            exit (r <= m ? 0 : 1) }' || failed=1
    done
    ;;
*)
    echo "usage: $0 resolve|per-card VALGRIND PROGRAM PLUGIN ..." >&2
    exit 2
    ;;
esac
exit "$failed"
