/* SPDX-License-Identifier: MIT */
/* conservation.c - prove that a resolve lost, duplicated or misplaced no card. */
#include "fake_host_private.h"

const char *fake_zone_name(FakeZone zone)
{
    switch (zone) {
    case FAKE_ZONE_LIBRARY: return "library";
    case FAKE_ZONE_EXILE: return "exile";
    case FAKE_ZONE_HAND: return "hand";
    case FAKE_ZONE_STACK: return "stack";
    case FAKE_ZONE_BATTLEFIELD: return "battlefield";
    default: return "no zone";
    }
}

static gboolean fake_fail(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

static gboolean fake_fail(GError **error, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, FAKE_HOST_ERROR, FAKE_HOST_ERROR_CONSERVATION, message);
    return FALSE;
}

/* Every card is in exactly one zone, and in the zone its record names. */
static gboolean fake_check_once(const FakeHost *host, GError **error)
{
    guint n = host->cards->len;
    g_autofree guint8 *seen = g_new0(guint8, n + 1);
    for (guint p = 0; p < host->n_players; p++) {
        for (guint z = FAKE_ZONE_NONE + 1; z < FAKE_ZONE_COUNT; z++) {
            const FakeZoneArray *zone = &host->players[p].zones[z];
            for (guint i = 0; i < zone->count; i++) {
                keyact_card_id id = zone->cards[i];
                if (id == KEYACT_CARD_NONE || id > n)
                    return fake_fail(error, "unknown card %" G_GUINT64_FORMAT " in player %u's %s",
                                     id, p + 1, fake_zone_name(z));
                if (seen[id])
                    return fake_fail(error, "card %" G_GUINT64_FORMAT " is in two zones", id);
                seen[id] = 1;
                FakeCard *card = fake_host_card(host, id);
                if (card->zone != z || card->owner != p + 1)
                    return fake_fail(error, "card %" G_GUINT64_FORMAT " is in player %u's %s"
                                     " but recorded elsewhere", id, p + 1, fake_zone_name(z));
            }
        }
    }
    for (keyact_card_id id = 1; id <= n; id++)
        if (!seen[id])
            return fake_fail(error, "card %" G_GUINT64_FORMAT " is in no zone", id);
    return TRUE;
}

typedef struct {
    guint exiled;    /* depth of the moved prefix, over every player */
    guint bottomed;  /* cards of that prefix back in a library */
} FakeLibraryTally;

/* One player's library: untouched part first and in order, then cards from
 * the moved prefix. */
static gboolean fake_check_library(const FakeHost *host, const FakeSnapshot *before,
                                   guint p, FakeLibraryTally *tally, GError **error)
{
    guint slot = p * FAKE_ZONE_COUNT + FAKE_ZONE_LIBRARY;
    const keyact_card_id *start = before->zones[slot];
    guint start_count = before->counts[slot];
    const FakeZoneArray *now = &host->players[p].zones[FAKE_ZONE_LIBRARY];

    guint prefix = 0;
    for (guint i = 0; i < start_count; i++)
        if (fake_host_card(host, start[i])->moved)
            prefix = i + 1;
    guint untouched = start_count - prefix;
    if (now->count < untouched)
        return fake_fail(error, "player %u's library has %u cards, fewer than its %u untouched ones",
                         p + 1, now->count, untouched);
    for (guint i = 0; i < untouched; i++)
        if (now->cards[i] != start[prefix + i])
            return fake_fail(error, "player %u's library position %u holds card %" G_GUINT64_FORMAT
                             ", expected untouched card %" G_GUINT64_FORMAT " (order changed)",
                             p + 1, i, now->cards[i], start[prefix + i]);
    for (guint i = untouched; i < now->count; i++) {
        gboolean from_prefix = FALSE;
        for (guint j = 0; j < prefix && !from_prefix; j++)
            from_prefix = start[j] == now->cards[i];
        if (!from_prefix)
            return fake_fail(error, "card %" G_GUINT64_FORMAT " below player %u's untouched cards"
                             " was not among the exiled ones", now->cards[i], p + 1);
    }
    tally->exiled += prefix;
    tally->bottomed += now->count - untouched;
    return TRUE;
}

/* A card that moved started in a library; every other card stayed put. */
static gboolean fake_check_unmoved(const FakeHost *host, const FakeSnapshot *before,
                                   GError **error)
{
    for (guint i = 0; i < before->n_cards; i++) {
        FakeCard *card = &g_array_index(host->cards, FakeCard, i);
        FakeZone was = before->card_zone[i];
        if (card->moved && was != FAKE_ZONE_LIBRARY)
            return fake_fail(error, "card %u was moved out of the %s", i + 1, fake_zone_name(was));
        if (!card->moved && card->zone != was)
            return fake_fail(error, "card %u left the %s without a move", i + 1, fake_zone_name(was));
    }
    return TRUE;
}

/* Cards newly in exile are exactly the stranded ones. */
static gboolean fake_check_stranded(const FakeHost *host, const FakeSnapshot *before,
                                    const keyact_resolve_result *result,
                                    const FakeLibraryTally *tally, GError **error)
{
    guint newly_exiled = 0;
    for (guint i = 0; i < before->n_cards; i++) {
        FakeCard *card = &g_array_index(host->cards, FakeCard, i);
        if (card->zone == FAKE_ZONE_EXILE && before->card_zone[i] != FAKE_ZONE_EXILE)
            newly_exiled++;
    }
    guint listed = MIN(result->stranded_count, result->stranded_capacity);
    if (result->stranded == NULL)
        listed = 0;
    for (guint i = 0; i < listed; i++) {
        keyact_card_id id = result->stranded[i];
        FakeCard *card = fake_host_card(host, id);
        if (card == NULL)
            return fake_fail(error, "stranded[%u] is unknown card %" G_GUINT64_FORMAT, i, id);
        if (card->zone != FAKE_ZONE_EXILE)
            return fake_fail(error, "stranded card %" G_GUINT64_FORMAT " is in the %s, not in exile",
                             id, fake_zone_name(card->zone));
        if (before->card_zone[id - 1] == FAKE_ZONE_EXILE)
            return fake_fail(error, "stranded card %" G_GUINT64_FORMAT " was in exile before", id);
        for (guint j = 0; j < i; j++)
            if (result->stranded[j] == id)
                return fake_fail(error, "card %" G_GUINT64_FORMAT " is listed twice as stranded", id);
    }
    if (newly_exiled != result->stranded_count)
        return fake_fail(error, "%u cards were left in exile but %u are reported stranded",
                         newly_exiled, result->stranded_count);
    if (result->flags & KEYACT_RESULT_COMPLETE) {
        if (result->exiled_count != tally->exiled)
            return fake_fail(error, "result says %u exiled, the library shows %u",
                             result->exiled_count, tally->exiled);
        if (result->bottomed_count != tally->bottomed)
            return fake_fail(error, "result says %u bottomed, the library shows %u",
                             result->bottomed_count, tally->bottomed);
    }
    return TRUE;
}

gboolean fake_host_check_conservation(const FakeHost *host, const FakeSnapshot *before,
                                      const keyact_resolve_result *result, GError **error)
{
    if (before->n_cards != host->cards->len || before->n_players != host->n_players)
        return fake_fail(error, "the snapshot has %u cards, the game %u",
                         before->n_cards, host->cards->len);
    if (!fake_check_once(host, error) || !fake_check_unmoved(host, before, error))
        return FALSE;
    FakeLibraryTally tally = { 0, 0 };
    for (guint p = 0; p < host->n_players; p++)
        if (!fake_check_library(host, before, p, &tally, error))
            return FALSE;
    if (result != NULL && !fake_check_stranded(host, before, result, &tally, error))
        return FALSE;
    return TRUE;
}
