/* SPDX-License-Identifier: MIT */
/* bench_game.h - one quiet FakeHost game (fake_host_set_quiet) with the
 * 60-card deck, ready to resolve many times in a fresh random library order
 * each time.
 *
 * The orders are shuffled once at set-up and kept as FakeHost snapshots
 * (restoring one is a memcpy, no allocation) and as plain arrays for the
 * floor. Iteration i uses order i % n_orders; the resolve's own RNG keeps
 * running, so no two iterations repeat one (order, RNG) pair.
 */
#ifndef KEYACT_BENCH_GAME_H
#define KEYACT_BENCH_GAME_H

#include <keyact-host.h>

#include "bench_floor.h"
#include "bench_host.h"
#include "fake_host.h"

G_BEGIN_DECLS

typedef struct {
    FakeHost *host;
    const keyact_host *table;     /* the FakeHost's own table (set-up moves) */
    keyact_host hosts[BENCH_HOST_COUNT]; /* the game as each host kind */
    guint n_hosts;                /* kinds the ABI headers have (1 or 2) */
    guint deck_size;
    guint n_orders;
    FakeSnapshot **orders;        /* the library in order i */
    keyact_card_id *order_ids;    /* order i at order_ids[i * deck_size] */
    BenchFacts *facts;            /* facts[id] for ids 1..deck_size; [0] unused */
    FakeResolve call;             /* args (player 1, n) and result, reused */
} BenchGame;

/* The deck in n_orders random orders drawn from `seed`. */
BenchGame *bench_game_new(guint64 seed, guint n_orders, int32_t n);
void bench_game_free(BenchGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(BenchGame, bench_game_free)

static inline const keyact_card_id *bench_game_order(const BenchGame *game, guint i)
{
    return &game->order_ids[(gsize)(i % game->n_orders) * game->deck_size];
}

/* Before resolve i: library in order i, logs cleared. No allocation. */
static inline void bench_game_prepare(BenchGame *game, guint i)
{
    fake_host_restore(game->host, game->orders[i % game->n_orders]);
    fake_host_reset_logs(game->host);
}

/* Cache each card's facts (mana value, land, castable for n) with the
 * plugin's own rules code, linked statically. FALSE on a card the rules
 * refuse. */
gboolean bench_facts_compute(const FakeHost *host, int32_t n, BenchFacts *facts);

/* Resolve every order once through `bound` on `table` (one of
 * game->hosts), with seed i + 1 for order i, and check each outcome
 * (status, COMPLETE, hit, cast, exiled count and the library afterwards)
 * against the floor. Sets *mean_exiled. */
gboolean bench_game_verify(BenchGame *game, const KeyactBoundAction *bound,
                           const keyact_host *table, double *mean_exiled, GError **error);

G_END_DECLS

#endif /* KEYACT_BENCH_GAME_H */
