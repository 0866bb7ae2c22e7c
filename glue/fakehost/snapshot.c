/* SPDX-License-Identifier: MIT */
/* snapshot.c - record the zones of a FakeHost and put them back. */
#include "fake_host_private.h"

#include <string.h>

static guint fake_slot(guint player_index, guint zone)
{
    return player_index * FAKE_ZONE_COUNT + zone;
}

FakeSnapshot *fake_host_snapshot(FakeHost *host)
{
    FakeSnapshot *snapshot = g_new0(FakeSnapshot, 1);
    guint slots = host->n_players * FAKE_ZONE_COUNT;
    snapshot->n_cards = host->cards->len;
    snapshot->n_players = host->n_players;
    snapshot->zones = g_new0(keyact_card_id *, slots);
    snapshot->counts = g_new0(guint, slots);
    snapshot->card_zone = g_new0(FakeZone, MAX(snapshot->n_cards, 1u));

    for (guint p = 0; p < host->n_players; p++) {
        for (guint z = 0; z < FAKE_ZONE_COUNT; z++) {
            const FakeZoneArray *zone = &host->players[p].zones[z];
            guint slot = fake_slot(p, z);
            snapshot->counts[slot] = zone->count;
            /* One spare element so an empty zone still owns an array. */
            snapshot->zones[slot] = g_new(keyact_card_id, zone->count + 1);
            memcpy(snapshot->zones[slot], zone->cards, zone->count * sizeof zone->cards[0]);
        }
    }
    for (guint i = 0; i < snapshot->n_cards; i++) {
        FakeCard *card = &g_array_index(host->cards, FakeCard, i);
        snapshot->card_zone[i] = card->zone;
        card->moved = FALSE;
    }
    return snapshot;
}

void fake_snapshot_free(FakeSnapshot *snapshot)
{
    if (snapshot == NULL)
        return;
    for (guint i = 0; i < snapshot->n_players * FAKE_ZONE_COUNT; i++)
        g_free(snapshot->zones[i]);
    g_free(snapshot->zones);
    g_free(snapshot->counts);
    g_free(snapshot->card_zone);
    g_free(snapshot);
}

void fake_host_restore(FakeHost *host, const FakeSnapshot *snapshot)
{
    g_return_if_fail(snapshot->n_cards == host->cards->len
                     && snapshot->n_players == host->n_players);
    for (guint p = 0; p < host->n_players; p++) {
        for (guint z = 0; z < FAKE_ZONE_COUNT; z++) {
            guint slot = fake_slot(p, z);
            fake_zone_assign(&host->players[p].zones[z], snapshot->zones[slot],
                             snapshot->counts[slot]);
        }
    }
    for (guint i = 0; i < snapshot->n_cards; i++) {
        FakeCard *card = &g_array_index(host->cards, FakeCard, i);
        card->zone = snapshot->card_zone[i];
        card->moved = FALSE;
    }
    fake_host_index_positions(host);
}
