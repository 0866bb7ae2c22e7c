/* SPDX-License-Identifier: MIT */
/* validate_library.c - the checks of the library reads: library_size,
 * library_card and library_cards against each other, against the plugin's
 * moves, and against card_zone; and that every card they answer is one the
 * host has.
 *
 * When two answers disagree the layer looks for a third before it blames:
 * it asks library_size again, or card_zone, or library_card at the ends of
 * a library_cards window (read-only calls; on a right host only the window
 * reads are made, two per window). When no third answer settles it, the
 * report names both callbacks.
 */
#include "validate_layer.h"

/* library_size, asked again by the layer; -1 when it fails. */
static gint64 size_now(VlLayer *layer)
{
    uint32_t size = 0;
    if (layer->inner->library_size(layer->inner, layer->game, layer->player, &size) != KEYACT_OK)
        return -1;
    return size;
}

gboolean vl_check_library_size(VlLayer *layer, int32_t rc, uint32_t size)
{
    gboolean fail = FALSE;

    if (rc != KEYACT_OK)
        return FALSE;
    if (layer->library_size >= 0 && size != layer->library_size)
        fail = vl_report(layer, VL_RULE_LIBRARY_SIZE, "library_size", NULL, KEYACT_CARD_NONE,
                         "answered %u, but the plugin's moves since the last answer leave %"
                         G_GINT64_FORMAT, size, layer->library_size);
    if (!layer->library_disputed) {
        layer->library_size = size;
        if (layer->top->len > size)
            g_array_set_size(layer->top, size);
    }
    return fail;
}

/* library_card answered no card at `index`, or a card at `index`, of a
 * library the model says holds `layer->library_size` cards. library_size
 * asked again, or library_card one index further, may side with one of
 * the two answers; else the report names both. */
static gboolean size_disagrees(VlLayer *layer, const char *callback, uint32_t index,
                               gboolean found)
{
    gint64 believed = layer->library_size;
    gint64 now = size_now(layer);
    keyact_card_id next = KEYACT_CARD_NONE;

    if (now >= 0 && (found ? now > index : now <= index))
        return vl_report(layer, VL_RULE_LIBRARY_SIZE, "library_size", NULL, KEYACT_CARD_NONE,
                         "answered a size that leaves %" G_GINT64_FORMAT " cards after the "
                         "plugin's moves, but library_size now answers %" G_GINT64_FORMAT
                         ", and %s %s index %u", believed, now, callback,
                         found ? "answers a card at" : "answers KEYACT_E_NOTFOUND for", index);
    if (found)
        return vl_report(layer, VL_RULE_LIBRARY_CARD_RANGE, callback, "library_size",
                         KEYACT_CARD_NONE,
                         "%s answered a card for index %u, but library_size answers a library "
                         "of %" G_GINT64_FORMAT " cards (asked again)", callback, index,
                         now >= 0 ? now : believed);
    if (index + 1u < (now >= 0 ? now : believed) &&
        layer->inner->library_card(layer->inner, layer->game, layer->player, index + 1u,
                                   &next) == KEYACT_OK)
        return vl_report(layer, VL_RULE_LIBRARY_CARD_RANGE, callback, NULL, KEYACT_CARD_NONE,
                         "answered KEYACT_E_NOTFOUND for index %u of a library that holds %"
                         G_GINT64_FORMAT " cards (library_size, asked again), and card %"
                         G_GUINT64_FORMAT " for index %u", index, now >= 0 ? now : believed,
                         (guint64)next, index + 1u);
    return vl_report(layer, VL_RULE_LIBRARY_SIZE, "library_size", callback, KEYACT_CARD_NONE,
                     "library_size answered a size that leaves %" G_GINT64_FORMAT " cards after "
                     "the plugin's moves, but %s answers KEYACT_E_NOTFOUND for index %u",
                     believed, callback, index);
}

/* The library answered `card`, which the plugin moved away with a move that
 * answered success. */
static gboolean moved_card_answered(VlLayer *layer, const char *callback, uint32_t index,
                                    VlCard *rec)
{
    uint32_t zone = vl_host_zone(layer, rec->card);
    const char *mover = rec->moved_by != NULL ? rec->moved_by : "move_card";
    g_autofree char *claim = vl_move_claim(rec);

    if (rec->disputed)
        return FALSE;
    if (zone == KEYACT_ZONE_LIBRARY)
        return vl_report(layer, VL_RULE_MOVE_DESTINATION, mover, NULL, rec->card,
                         "%s, but %s still answers it at index %u and card_zone says it is in "
                         "the library", claim, callback, index);
    if (zone != 0)
        return vl_report(layer, VL_RULE_LIBRARY_AGREES, callback, NULL, rec->card,
                         "answered the card at index %u of the library, but %s and card_zone "
                         "says it is %s", index, claim, vl_zone_where(zone));
    return vl_report(layer, VL_RULE_LIBRARY_AGREES, mover, callback, rec->card,
                     "%s, but %s still answers it at index %u of the library", claim, callback,
                     index);
}

/* The host answered `card` at `index` from the top (by `callback`). */
static gboolean saw_library_card(VlLayer *layer, const char *callback, uint32_t index,
                                 keyact_card_id card, gboolean check_size)
{
    gboolean fail = FALSE;

    if (card == KEYACT_CARD_NONE)
        return vl_report(layer, VL_RULE_LIBRARY_CARD_RANGE, callback, NULL, KEYACT_CARD_NONE,
                         "answered KEYACT_CARD_NONE for index %u and returned success", index);
    if (check_size && layer->library_size >= 0 && index >= layer->library_size)
        fail |= size_disagrees(layer, callback, index, TRUE);

    VlCard *rec = vl_card(layer, card);
    gboolean first = rec->seen_by == NULL;
    if (first) {
        rec->seen_by = callback;
        rec->seen_at = index;
    }
    if (rec->zone != 0 && rec->zone != KEYACT_ZONE_LIBRARY) {
        fail |= moved_card_answered(layer, callback, index, rec);
    } else if (index < layer->top->len) {
        keyact_card_id known = g_array_index(layer->top, keyact_card_id, index);
        if (known != card) {
            const VlCard *then = vl_card_lookup(layer, known);
            const char *earlier = then != NULL ? then->seen_by : NULL;
            const char *other = earlier != NULL && g_strcmp0(earlier, callback) != 0 ? earlier
                                                                                       : NULL;
            fail |= vl_report(layer, VL_RULE_LIBRARY_AGREES, callback, other, card,
                              "%s answered it at index %u, where %s had answered card %"
                              G_GUINT64_FORMAT " (and the plugin's moves since leave it there)",
                              callback, index, other != NULL ? other : "it",
                              (guint64)known);
        }
    } else if (index == layer->top->len) {
        gint at = vl_top_index_of(layer, card);
        if (at >= 0)
            fail |= vl_report(layer, VL_RULE_LIBRARY_AGREES, callback, NULL, card,
                              "answered it at index %u, and it was answered at index %d too",
                              index, at);
        else if (!layer->library_disputed)
            g_array_append_val(layer->top, card);
    }
    rec->in_library = TRUE;

    /* A card first seen: one the host has, and in the library. */
    if (first && !fail && layer->has_card_zone) {
        uint32_t zone = vl_host_zone(layer, card);
        if (zone != 0 && zone != KEYACT_ZONE_LIBRARY)
            fail |= vl_report(layer, VL_RULE_LIBRARY_AGREES, callback, "card_zone", card,
                              "%s answered the card at index %u of the library, but card_zone "
                              "says it is %s", callback, index, vl_zone_where(zone));
    }
    return fail || (layer->failed && layer->mode == KEYACT_VALIDATION_FATAL);
}

gboolean vl_check_library_card(VlLayer *layer, uint32_t index, int32_t rc, keyact_card_id card)
{
    if (rc == KEYACT_OK)
        return saw_library_card(layer, "library_card", index, card, TRUE);
    if (rc == KEYACT_E_NOTFOUND && layer->library_size >= 0 && index < layer->library_size)
        return size_disagrees(layer, "library_card", index, FALSE);
    return FALSE;
}

/* library_card at one index of a window, asked by the layer. */
static gboolean window_end_agrees(VlLayer *layer, uint32_t index, keyact_card_id answered)
{
    keyact_card_id card = KEYACT_CARD_NONE;
    int32_t rc = layer->inner->library_card(layer->inner, layer->game, layer->player, index,
                                            &card);
    if (rc == KEYACT_OK && card == answered)
        return FALSE;
    if (rc == KEYACT_OK)
        return vl_report(layer, VL_RULE_LIBRARY_AGREES, "library_cards", "library_card",
                         answered,
                         "library_cards answered the card at index %u, but library_card "
                         "answers card %" G_GUINT64_FORMAT " there", index, (guint64)card);
    return vl_report(layer, VL_RULE_LIBRARY_AGREES, "library_cards", "library_card", answered,
                     "library_cards answered the card at index %u, but library_card answers %s "
                     "there", index, keyact_status_name(rc));
}

gboolean vl_check_library_cards(VlLayer *layer, uint32_t from_top, uint32_t count, int32_t rc,
                                const keyact_card_id *cards)
{
    gboolean fail = FALSE;

    if (rc == KEYACT_OK) {
        if (layer->library_size >= 0 && (gint64)from_top + count > layer->library_size)
            fail = vl_report(layer, VL_RULE_LIBRARY_CARDS_ANSWER, "library_cards", NULL,
                             KEYACT_CARD_NONE,
                             "answered %u cards from index %u of a library that holds %"
                             G_GINT64_FORMAT " cards", count, from_top, layer->library_size);
        guint before = layer->n_violations;
        for (uint32_t i = 0; i < count && !fail; i++)
            fail |= saw_library_card(layer, "library_cards", from_top + i, cards[i], FALSE);
        /* The window against library_card, at its two ends. */
        if (!fail && layer->n_violations == before && cards[0] != KEYACT_CARD_NONE) {
            fail = window_end_agrees(layer, from_top, cards[0]);
            if (!fail && count > 1 && layer->n_violations == before)
                fail = window_end_agrees(layer, from_top + count - 1, cards[count - 1]);
        }
        return fail;
    }
    if (rc == KEYACT_E_NOTFOUND && layer->library_size >= 0 &&
        (gint64)from_top + count <= layer->library_size)
        return vl_report(layer, VL_RULE_LIBRARY_CARDS_ANSWER, "library_cards", NULL,
                         KEYACT_CARD_NONE,
                         "answered KEYACT_E_NOTFOUND for indexes %u to %u of a library that "
                         "holds %" G_GINT64_FORMAT " cards (library_size)", from_top,
                         from_top + count - 1, layer->library_size);
    return FALSE;
}

gboolean vl_check_refused_card(VlLayer *layer, const char *callback, keyact_card_id card,
                               int32_t rc)
{
    const VlCard *rec = vl_card_lookup(layer, card);

    if (rec == NULL || rec->seen_by == NULL || rec->described ||
        (rc != KEYACT_E_NOTFOUND && rc != KEYACT_E_BADCARD && rc != KEYACT_E_INVAL))
        return FALSE;
    if (layer->has_card_zone) {
        /* card_zone was asked when the card was answered: a card it does
         * not know was reported then; one it knows may fail to describe. */
        return FALSE;
    }
    return vl_report(layer, VL_RULE_IDENTITY, rec->seen_by, callback, card,
                     "%s answered the card at index %" G_GINT64_FORMAT " of the library, but %s "
                     "refuses it (%s)", rec->seen_by, rec->seen_at, callback,
                     keyact_status_name(rc));
}

GHashTable *vl_scan_library(VlLayer *layer, uint32_t size)
{
    GHashTable *found = g_hash_table_new(g_int64_hash, g_int64_equal);
    const keyact_host *inner = layer->inner;

    for (uint32_t i = 0; i < size; i++) {
        keyact_card_id card = KEYACT_CARD_NONE;
        if (inner->library_card(inner, layer->game, layer->player, i, &card) != KEYACT_OK)
            break;
        const VlCard *rec = vl_card_lookup(layer, card);
        if (rec != NULL && !g_hash_table_contains(found, &rec->card))
            g_hash_table_insert(found, (gpointer)&rec->card, GUINT_TO_POINTER(i + 1u));
    }
    return found;
}
