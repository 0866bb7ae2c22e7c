/* SPDX-License-Identifier: MIT */
/* bench_bottom.h - a library whose only hit is its bottom card, on the
 * FakeHost (quiet: no call log, no event copies), for the figures that
 * exile every card: scale, and the instructions per card.
 *
 * The library is size - 1 lands (Mountain) over Brazen Blademaster ({2}{R},
 * the only hit of discover 3). A resolve exiles every card, casts the hit
 * and puts the lands on the bottom in a random order; bench_bottom_reset()
 * then puts the hit back on the bottom through the host's own move_card, in
 * O(1). So each resolve starts from the lands in the order the last one
 * left them: a fresh random order every time, with no set-up between.
 */
#ifndef KEYACT_BENCH_BOTTOM_H
#define KEYACT_BENCH_BOTTOM_H

#include "bench_host.h"
#include "fake_host.h"

G_BEGIN_DECLS

typedef struct {
    FakeHost *host;
    const keyact_host *table;  /* the FakeHost's own table (set-up moves) */
    keyact_host hosts[BENCH_HOST_COUNT]; /* the library as each host kind */
    guint n_hosts;             /* kinds the ABI headers have (1 or 2) */
    guint size;
    keyact_card_id hit;
    FakeResolve call;          /* discover 3 for player 1; args and result */
} BenchBottom;

/* NULL when the host refused a card. */
BenchBottom *bench_bottom_new(guint size);
void bench_bottom_free(BenchBottom *lib);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(BenchBottom, bench_bottom_free)

/* TRUE when the last resolve returned 0, exiled every card and cast the hit. */
gboolean bench_bottom_outcome_ok(const BenchBottom *lib, int32_t status);

/* The cast hit back onto the bottom of the library (O(1)). FALSE when the
 * host refused the move. */
gboolean bench_bottom_reset(BenchBottom *lib);

G_END_DECLS

#endif /* KEYACT_BENCH_BOTTOM_H */
