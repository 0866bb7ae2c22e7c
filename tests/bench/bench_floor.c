/* SPDX-License-Identifier: MIT */
/* bench_floor.c - the floor's ring buffer. */
#include "bench_floor.h"

#include <string.h>

void bench_floor_init(BenchFloor *floor, guint capacity, const BenchFacts *facts)
{
    /* Room for the library and, after it, every exiled card. */
    guint size = 1;
    while (size < 2 * capacity + 1)
        size *= 2;
    floor->ring = g_new0(keyact_card_id, size);
    floor->mask = size - 1;
    floor->head = 0;
    floor->count = 0;
    floor->rng = 1;
    floor->facts = facts;
}

void bench_floor_clear(BenchFloor *floor)
{
    g_clear_pointer(&floor->ring, g_free);
}

void bench_floor_load(BenchFloor *floor, const keyact_card_id *library, guint count)
{
    memcpy(floor->ring, library, count * sizeof library[0]);
    floor->head = 0;
    floor->count = count;
}

void bench_floor_library(const BenchFloor *floor, keyact_card_id *out)
{
    for (uint32_t i = 0; i < floor->count; i++)
        out[i] = floor->ring[(floor->head + i) & floor->mask];
}
