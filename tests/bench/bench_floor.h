/* SPDX-License-Identifier: MIT */
/* bench_floor.h - the floor: discover computed by a tight loop over arrays.
 *
 * No callbacks, no descriptions, no cost strings: each card's mana value,
 * land status and castability were computed once (as an engine caches
 * them), and the library is a ring buffer, so exiling from the top and
 * putting on the bottom cost O(1) per card. It computes the same outcome as
 * the plugin on the fake host: the same hit, and, with the same seed, the
 * same library order afterwards (same Fisher-Yates, same RNG).
 */
#ifndef KEYACT_BENCH_FLOOR_H
#define KEYACT_BENCH_FLOOR_H

#include <glib.h>
#include <keyact/keyact.h>

#include "bench_rng.h"

G_BEGIN_DECLS

/* What discover needs of a card, cached: indexed by card id. */
typedef struct {
    uint32_t mana_value_halves; /* in library and exile */
    uint8_t is_land;
    uint8_t castable;           /* the hit has a face discover may cast */
    uint8_t pad[2];
} BenchFacts;

typedef struct {
    keyact_card_id *ring;       /* capacity mask + 1 (a power of two) */
    uint32_t mask;
    uint32_t head;              /* the top card is ring[head] */
    uint32_t count;
    uint64_t rng;               /* bench_rng state */
    const BenchFacts *facts;
} BenchFloor;

typedef struct {
    keyact_card_id hit;         /* KEYACT_CARD_NONE when nothing was found */
    uint32_t exiled;            /* the hit included */
    uint32_t cast;              /* 1 when the hit was cast */
} BenchFloorOutcome;

/* A floor for libraries of up to `capacity` cards (the ring has room for
 * the exiled cards to be appended after the rest). */
void bench_floor_init(BenchFloor *floor, guint capacity, const BenchFacts *facts);
void bench_floor_clear(BenchFloor *floor);
/* The library, top first. */
void bench_floor_load(BenchFloor *floor, const keyact_card_id *library, guint count);
/* The library after a resolve, top first, into out[0..count-1]. */
void bench_floor_library(const BenchFloor *floor, keyact_card_id *out);

/* Discover n (n >= 0). Inline, so the timed loop is the loop itself. */
static inline void bench_floor_resolve(BenchFloor *floor, int32_t n, BenchFloorOutcome *out)
{
    const uint32_t limit = 2u * (uint32_t)n;
    const uint32_t mask = floor->mask;
    keyact_card_id *ring = floor->ring;
    uint32_t head = floor->head, count = floor->count, k = 0;

    /* Exile from the top until a nonland card with mana value <= n. */
    while (k < count) {
        const BenchFacts *f = &floor->facts[ring[(head + k) & mask]];
        if (!f->is_land && f->mana_value_halves <= limit)
            break;
        k++;
    }
    const int found = k < count;
    out->hit = found ? ring[(head + k) & mask] : KEYACT_CARD_NONE;
    out->exiled = found ? k + 1u : count;
    out->cast = found ? floor->facts[out->hit].castable : 0u;

    /* The rest of the exiled cards, ring[head..head+k), in a random order:
     * the plugin's Fisher-Yates, from the last one down. */
    for (uint32_t i = k; i-- > 1u;) {
        uint32_t j = bench_rng_below(&floor->rng, i + 1u);
        keyact_card_id swap = ring[(head + i) & mask];
        ring[(head + i) & mask] = ring[(head + j) & mask];
        ring[(head + j) & mask] = swap;
    }
    if (!found)
        return; /* the whole library, shuffled in place */
    /* Onto the bottom, in that order; the hit leaves the library. */
    for (uint32_t i = 0; i < k; i++)
        ring[(head + count + i) & mask] = ring[(head + i) & mask];
    floor->head = (head + k + 1u) & mask;
    floor->count = count - 1u;
}

G_END_DECLS

#endif /* KEYACT_BENCH_FLOOR_H */
