/* SPDX-License-Identifier: MIT */
/* bench_count.h - a host table that counts the calls a plugin makes.
 *
 * It wraps another table (the host being measured): every member the
 * wrapped table has, it has too, with the same struct_size and version, so
 * the plugin sees the same host and takes the same path; each callback
 * counts itself, then forwards the call unchanged. For the "calls" figure,
 * which counts rather than times: the wrapper adds a call of its own to
 * each, so never time through it.
 *
 * Threads: one BenchCounter is used by one thread at a time.
 */
#ifndef KEYACT_BENCH_COUNT_H
#define KEYACT_BENCH_COUNT_H

#include <glib.h>
#include <keyact/keyact.h>

G_BEGIN_DECLS

/* Every callback member of keyact_host, in table order. */
typedef enum {
    BENCH_CALL_LIBRARY_SIZE,
    BENCH_CALL_LIBRARY_CARD,
    BENCH_CALL_MOVE_CARD,
    BENCH_CALL_DESCRIBE_CARD,
    BENCH_CALL_CAN_CAST_FACE,
    BENCH_CALL_CHOOSE,
    BENCH_CALL_CAST_FREE,
    BENCH_CALL_RANDOM_BELOW,
    BENCH_CALL_NOTIFY,
    BENCH_CALL_LOG,
    BENCH_CALL_GET_EXTENSION,
    BENCH_CALL_LIBRARY_CARDS,     /* ABI 1.1 */
    BENCH_CALL_DESCRIBE_CARDS,    /* ABI 1.1 */
    BENCH_CALL_APPLY_STEPS,       /* ABI 1.1 */
    BENCH_CALL_RANDOM_BELOW_EACH, /* ABI 1.1 */
    BENCH_CALL_COUNT
} BenchCall;

/* The member's name, "library_card" etc. */
const char *bench_call_name(BenchCall call);

typedef struct {
    keyact_host table;             /* pass this to the resolve */
    const keyact_host *inner;      /* the host being counted; not owned */
    guint64 calls[BENCH_CALL_COUNT];
} BenchCounter;

/* Wrap `inner` (which must outlive the counter); the counts start at 0.
 * `counter` must not move while its table is in use (host_data points to
 * it). */
void bench_counter_init(BenchCounter *counter, const keyact_host *inner);
void bench_counter_reset(BenchCounter *counter);
/* All calls counted since the last reset. */
guint64 bench_counter_total(const BenchCounter *counter);

G_END_DECLS

#endif /* KEYACT_BENCH_COUNT_H */
