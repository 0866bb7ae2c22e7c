/* SPDX-License-Identifier: MIT */
/* bench_deck.h - the cards the benchmarks play with.
 *
 * A 60-card red-green deck of real Lost Caverns of Ixalan cards with their
 * printed costs (24 lands, 36 spells), and the two cards of the scale
 * libraries (a basic land and a three-drop). Names and costs are copied from
 * the reference host's built-in set (glue/refhost/data/builtin-cards.json).
 */
#ifndef KEYACT_BENCH_DECK_H
#define KEYACT_BENCH_DECK_H

#include "fake_host.h"

G_BEGIN_DECLS

#define BENCH_DECK_SIZE 60u
#define BENCH_DECK_LANDS 24u
/* "discover 3", the N of the resolve, alloc, threads and trace figures. */
#define BENCH_DISCOVER_N 3

/* Add the deck to player 1's library (ids 1..60, list order). Returns FALSE
 * if the host refused a card. */
gboolean bench_deck_add(FakeHost *host);

/* A basic Mountain and Brazen Blademaster ({2}{R}, hit of discover 3). */
const FakeCardSpec *bench_land_spec(void);
const FakeCardSpec *bench_hit_spec(void);

G_END_DECLS

#endif /* KEYACT_BENCH_DECK_H */
