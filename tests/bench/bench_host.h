/* SPDX-License-Identifier: MIT */
/* bench_host.h - the two host kinds every figure is measured on, side by
 * side: a FakeHost as a 1.0 host and as a 1.1 host.
 *
 * "1.0": the FakeHost's table cut at KEYACT_HOST_SIZE_1_0 and saying ABI
 * 1.0, so the plugin makes exactly the 1.0 calls (seven per exiled card).
 * "1.1": the same game with ABI 1.1's batched calls (library_cards,
 * describe_cards, apply_steps, random_below_each) at the end of the table.
 * Both tables drive one FakeHost: the same cards, zones and RNG, so a
 * resolve on either leaves the same game, which the figures check.
 *
 * Threads: a table is used by the thread that uses its FakeHost.
 */
#ifndef KEYACT_BENCH_HOST_H
#define KEYACT_BENCH_HOST_H

#include "fake_host.h"

G_BEGIN_DECLS

typedef enum {
    BENCH_HOST_1_0,
    BENCH_HOST_1_1,
    BENCH_HOST_COUNT
} BenchHostKind;

/* "1.0" or "1.1": the "host" field of the JSON lines. */
const char *bench_host_name(BenchHostKind kind);

/* Fill *out with `host`'s table as a host of `kind` offers it. *out stays
 * valid as long as `host`; it holds no pointer into itself, so it may be
 * copied. FALSE (and *out the 1.0 table) when the ABI headers this was
 * built with have no such version. */
gboolean bench_host_table(const FakeHost *host, BenchHostKind kind, keyact_host *out);

G_END_DECLS

#endif /* KEYACT_BENCH_HOST_H */
