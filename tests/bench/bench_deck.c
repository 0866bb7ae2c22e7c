/* SPDX-License-Identifier: MIT */
/* bench_deck.c - a 60-card LCI deck (R/G) with printed costs. */
#include "bench_deck.h"

typedef struct {
    guint copies;
    FakeCardSpec spec;
} BenchDeckEntry;

#define LAND(name) { KEYACT_LAYOUT_NORMAL, 1, { { (name), "", KEYACT_FACE_LAND } } }
#define SPELL(name, cost) { KEYACT_LAYOUT_NORMAL, 1, { { (name), (cost), 0 } } }

/* Copies, then the card. Spells with mana value <= 3 are the hits of
 * discover 3 (16 of 60), so a resolve exiles about 3.6 cards on average. */
static const BenchDeckEntry bench_deck[] = {
    { 11, LAND("Mountain") },
    { 11, LAND("Forest") },
    { 1, LAND("Hidden Volcano") },
    { 1, LAND("Hidden Nursery") },
    { 3, SPELL("Goblin Tomb Raider", "{R}") },
    { 3, SPELL("Belligerent Yearling", "{1}{R}") },
    { 3, SPELL("Intrepid Paleontologist", "{1}{G}") },
    { 3, SPELL("Brazen Blademaster", "{2}{R}") },
    { 3, SPELL("Pugnacious Hammerskull", "{2}{G}") },
    { 3, SPELL("Child of the Volcano", "{3}{R}") },
    { 3, SPELL("Bedrock Tortoise", "{3}{G}") },
    { 2, SPELL("Bonehoard Dracosaur", "{3}{R}{R}") },
    { 3, SPELL("Trumpeting Carnosaur", "{4}{R}{R}") },
    { 2, SPELL("Seismic Monstrosaur", "{4}{R}{R}") },
    { 3, SPELL("Geological Appraiser", "{2}{R}{R}") },
    { 2, SPELL("Daring Discovery", "{4}{R}") },
    { 2, SPELL("Curator of Sun's Creation", "{3}{R}") },
    /* A transforming card whose back is a land: front {2}{R} is the value. */
    { 1, { KEYACT_LAYOUT_TRANSFORM, 2,
           { { "Brass's Tunnel-Grinder", "{2}{R}", 0 },
             { "Tecutlan, the Searing Rift", "", KEYACT_FACE_LAND } } } },
};

gboolean bench_deck_add(FakeHost *host)
{
    guint added = 0;

    for (guint i = 0; i < G_N_ELEMENTS(bench_deck); i++) {
        const FakeCardSpec *spec = &bench_deck[i].spec;
        for (guint c = 0; c < bench_deck[i].copies; c++) {
            if (fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, spec) == KEYACT_CARD_NONE)
                return FALSE;
            added++;
        }
    }
    return added == BENCH_DECK_SIZE;
}

const FakeCardSpec *bench_land_spec(void)
{
    static const FakeCardSpec land = { KEYACT_LAYOUT_NORMAL, 1,
                                       { { "Mountain", "", KEYACT_FACE_LAND } } };
    return &land;
}

const FakeCardSpec *bench_hit_spec(void)
{
    static const FakeCardSpec hit = { KEYACT_LAYOUT_NORMAL, 1,
                                      { { "Brazen Blademaster", "{2}{R}", 0 } } };
    return &hit;
}
