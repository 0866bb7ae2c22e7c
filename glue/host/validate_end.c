/* SPDX-License-Identifier: MIT */
/* validate_end.c - the checks after the plugin returned: every card it
 * moved is where it put it (card_zone), is described as it was, the library
 * has the size and the top and bottom the plugin's moves leave (the layer's
 * own library_size and library_card), and the draws so far are uniform.
 *
 * A library that is not as the moves leave it is first explained by a
 * move: a card found in the library that a move took out (or that a failed
 * move was to put in), or a card a move put in that is not there. Then two
 * answers of the host (library_size and library_card) stand against the
 * move's, and the move is named. Only when no move explains it is
 * library_size named.
 */
#include "validate_layer.h"

static void check_end_zones(VlLayer *layer)
{
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init(&iter, layer->cards);
    while (layer->has_card_zone && g_hash_table_iter_next(&iter, NULL, &value)) {
        const VlCard *rec = value;
        if (rec->zone == 0 || rec->disputed)
            continue;
        uint32_t zone = vl_host_zone(layer, rec->card);
        /* A cast spell may have resolved by now: anywhere off the plugin's zones. */
        gboolean cast_ok = rec->zone == KEYACT_ZONE_STACK && zone >= KEYACT_ZONE_STACK;
        if (zone != 0 && zone != rec->zone && !cast_ok)
            vl_report(layer, VL_RULE_END_ZONES, "card_zone", NULL, rec->card,
                      "says the card is %s at the end of the resolve, where the plugin put "
                      "it %s (and no move of the plugin's took it from there)",
                      vl_zone_where(zone), vl_zone_where(rec->zone));
    }
}

/* Describe every card the plugin moved once more, where it is now: the
 * host describes the printed card wherever it is (host.h), so the answer
 * must be the one the plugin got. */
static void check_end_descriptions(VlLayer *layer)
{
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init(&iter, layer->cards);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        const VlCard *rec = value;
        if (rec->zone == 0 || !rec->described)
            continue;
        keyact_card_desc desc = { .struct_size = sizeof desc };
        if (layer->inner->describe_card(layer->inner, layer->game, rec->card, &desc) ==
            KEYACT_OK)
            vl_check_description(layer, "describe_card", rec->card, &desc);
    }
}

/* A move the library contradicts, reported; FALSE when none does. */
static gboolean blame_a_move(VlLayer *layer, uint32_t size)
{
    g_autoptr(GHashTable) found = vl_scan_library(layer, size);
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init(&iter, layer->cards);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        VlCard *rec = value;
        if (rec->moved_by == NULL || rec->disputed)
            continue;
        guint at = GPOINTER_TO_UINT(g_hash_table_lookup(found, &rec->card));
        gboolean believed_in = vl_believed_zone(layer, rec->card) == KEYACT_ZONE_LIBRARY;
        VlRule rule = rec->moved_applied ? VL_RULE_MOVE_DESTINATION : VL_RULE_MOVE_FAILED_STAYS;
        if ((at != 0) == believed_in)
            continue;
        g_autofree char *claim = vl_move_claim(rec);
        if (at != 0)
            vl_report(layer, rule, rec->moved_by, NULL, rec->card,
                      "%s, but at the end of the resolve library_size counts it in the library "
                      "and library_card answers it at index %u", claim, at - 1u);
        else
            vl_report(layer, rule, rec->moved_by, NULL, rec->card,
                      "%s, but at the end of the resolve library_size does not count it and "
                      "library_card answers it at no index", claim);
        return TRUE;
    }
    return FALSE;
}

/* Where the plugin put `card` at the bottom: its index from the top in a
 * library of `size`, or -1 when it put it nowhere there. */
static gint64 bottom_index_of(const VlLayer *layer, keyact_card_id card, uint32_t size)
{
    guint k = layer->bottom->len;
    for (guint j = 0; j < k; j++) {
        if (g_array_index(layer->bottom, keyact_card_id, j) == card)
            return (gint64)size - k + j;
    }
    return -1;
}

static void check_end_top(VlLayer *layer, uint32_t size)
{
    const keyact_host *inner = layer->inner;
    keyact_card_id card = KEYACT_CARD_NONE;

    if (inner->library_card(inner, layer->game, layer->player, 0, &card) != KEYACT_OK)
        return;
    const VlCard *rec = vl_card_lookup(layer, card);
    uint32_t believed = vl_believed_zone(layer, card);
    gint64 bottom_at = bottom_index_of(layer, card, size);
    if (rec != NULL && rec->moved_by != NULL && believed != 0 &&
        (believed != KEYACT_ZONE_LIBRARY || bottom_at > 0)) {
        g_autofree char *claim = vl_move_claim(rec);
        vl_report(layer, VL_RULE_END_ZONES, rec->moved_by, "library_card", card,
                  "%s, but at the end of the resolve library_card answers it at index 0 (the "
                  "top)", claim);
    } else if (layer->top->len > 0 && g_array_index(layer->top, keyact_card_id, 0) != card) {
        vl_report(layer, VL_RULE_END_ZONES, "library_card", NULL, card,
                  "answered the card at index 0 at the end of the resolve, where the plugin's "
                  "moves leave card %" G_GUINT64_FORMAT,
                  (guint64)g_array_index(layer->top, keyact_card_id, 0));
    }
}

static void check_end_bottom(VlLayer *layer, uint32_t size)
{
    const keyact_host *inner = layer->inner;
    guint k = layer->bottom->len;

    if (k > size)
        return;
    for (guint j = 0; j < k && !layer->library_disputed; j++) {
        keyact_card_id expected = g_array_index(layer->bottom, keyact_card_id, j);
        keyact_card_id card = KEYACT_CARD_NONE;
        if (inner->library_card(inner, layer->game, layer->player, size - k + j, &card) ==
                KEYACT_OK && card == expected)
            continue;
        const VlCard *rec = vl_card_lookup(layer, expected);
        if (rec == NULL || rec->moved_by == NULL)
            return;
        g_autofree char *claim = vl_move_claim(rec);
        vl_report(layer, VL_RULE_END_ZONES, rec->moved_by, "library_card", expected,
                  "%s (%u of %u put at the bottom), but at the end of the resolve library_card "
                  "answers card %" G_GUINT64_FORMAT " at index %u, where it should be",
                  claim, j + 1, k, (guint64)card, size - k + j);
        return;
    }
}

static void check_end_library(VlLayer *layer)
{
    uint32_t size = 0;

    if (layer->library_disputed || layer->library_size < 0 ||
        layer->inner->library_size(layer->inner, layer->game, layer->player, &size) != KEYACT_OK)
        return;
    if (size != layer->library_size) {
        if (!blame_a_move(layer, size))
            vl_report(layer, VL_RULE_LIBRARY_SIZE, "library_size", NULL, KEYACT_CARD_NONE,
                      "answered %u at the end of the resolve, but the plugin's moves leave %"
                      G_GINT64_FORMAT " (and library_card finds every card they leave there)",
                      size, layer->library_size);
        return;
    }
    /* The last card: a library_size too high by as much as the first
     * answer was shows here, where the sizes agree. */
    keyact_card_id last = KEYACT_CARD_NONE;
    if (size > 0 && layer->inner->library_card(layer->inner, layer->game, layer->player,
                                               size - 1u, &last) == KEYACT_E_NOTFOUND) {
        vl_report(layer, VL_RULE_LIBRARY_SIZE, "library_size", "library_card", KEYACT_CARD_NONE,
                  "library_size answers %u at the end of the resolve, as the plugin's moves "
                  "leave it, but library_card answers KEYACT_E_NOTFOUND for index %u, the last",
                  size, size - 1u);
        return;
    }
    if (size > 0)
        check_end_top(layer, size);
    if (!layer->library_disputed)
        check_end_bottom(layer, size);
}

void vl_check_end(VlLayer *layer)
{
    check_end_zones(layer);
    check_end_descriptions(layer);
    check_end_library(layer);
    vl_check_draws_uniform(layer);
}
