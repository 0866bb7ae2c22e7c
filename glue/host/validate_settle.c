/* SPDX-License-Identifier: MIT */
/* validate_settle.c - FATAL loses no card. After a resolve that did not
 * complete, the plugin's stranded list says which cards it left in exile
 * as far as it knows; but under FATAL the layer made answers fail, and a
 * host may have moved cards it said it did not (a batched apply_steps that
 * answered fewer steps than it applied). So every card the plugin moved or
 * may have moved is located: card_zone when the host has it, else the
 * layer's own library reads (a card not in the library that the plugin
 * only ever sent to exile is in exile). Then result->stranded holds exactly
 * those in exile, and layer->unsettled every other one whose place the
 * plugin's result does not say, with where the host puts it
 * (KEYACT_ZONE_NONE: its answers cannot say). A host answer that
 * contradicts the plugin's view and was not reported yet is reported.
 */
#include "validate_layer.h"

typedef struct {
    VlLayer *layer;
    GHashTable *library;   /* vl_scan_library, made on first need */
    uint32_t size;         /* library_size now, for the scan */
} Locator;

/* Where the host's answers put `rec`, and how the report says so. */
static uint32_t locate(Locator *loc, const VlCard *rec, char **out_how)
{
    VlLayer *layer = loc->layer;

    if (layer->has_card_zone && !layer->card_zone_disputed) {
        uint32_t zone = vl_host_zone(layer, rec->card);
        *out_how = g_strdup_printf("card_zone says it is %s", vl_zone_where(zone));
        return zone;
    }
    if (rec->reported & (1u << VL_RULE_IDENTITY)) {
        *out_how = g_strdup("the host's answers do not agree it has the card");
        return KEYACT_ZONE_NONE;
    }
    if (loc->library == NULL) {
        if (layer->inner->library_size(layer->inner, layer->game, layer->player, &loc->size) !=
            KEYACT_OK)
            loc->size = 0;
        loc->library = vl_scan_library(layer, loc->size);
    }
    guint at = GPOINTER_TO_UINT(g_hash_table_lookup(loc->library, &rec->card));
    if (at != 0) {
        *out_how = g_strdup_printf("library_card answers it at index %u", at - 1u);
        return KEYACT_ZONE_LIBRARY;
    }
    guint32 elsewhere = rec->asked_zones & ~((1u << KEYACT_ZONE_LIBRARY) | (1u << KEYACT_ZONE_EXILE));
    *out_how = g_strdup("library_card no longer finds it in the library");
    return elsewhere == 0 ? KEYACT_ZONE_EXILE : KEYACT_ZONE_NONE;
}

static void add_unsettled(VlLayer *layer, keyact_card_id card, uint32_t zone)
{
    KeyactUnsettledCard entry = { .card = card, .zone = zone };
    if (layer->unsettled == NULL)
        layer->unsettled = g_array_new(FALSE, FALSE, sizeof(KeyactUnsettledCard));
    g_array_append_val(layer->unsettled, entry);
}

/* The host's answers put the card somewhere the plugin does not believe:
 * a move's answer was wrong. Reported unless a report came first. */
static void report_contradiction(VlLayer *layer, const VlCard *rec, const char *how)
{
    if (rec->moved_by == NULL)
        return;
    g_autofree char *claim = vl_move_claim(rec);
    vl_report(layer, rec->moved_applied ? VL_RULE_MOVE_DESTINATION : VL_RULE_MOVE_FAILED_STAYS,
              rec->moved_by, NULL, rec->card, "%s, but after the resolve failed %s", claim, how);
}

void vl_settle(VlLayer *layer, keyact_resolve_result *result)
{
    Locator loc = { .layer = layer };
    uint32_t written = result->stranded != NULL
        ? MIN(result->stranded_count, result->stranded_capacity) : 0;
    uint32_t unwritten = result->stranded_count - written;
    g_autoptr(GArray) stranded = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    g_autoptr(GHashTable) listed = g_hash_table_new(g_int64_hash, g_int64_equal);

    /* The plugin's list: each card in exile as far as it knows. */
    for (uint32_t i = 0; i < written; i++) {
        keyact_card_id card = result->stranded[i];
        VlCard *rec = vl_card(layer, card);
        if (rec == NULL || !g_hash_table_add(listed, &rec->card))
            continue;
        if ((!layer->has_card_zone || layer->card_zone_disputed) && !rec->doubtful) {
            g_array_append_val(stranded, card);
            continue;
        }
        g_autofree char *how = NULL;
        uint32_t zone = locate(&loc, rec, &how);
        if (zone == KEYACT_ZONE_EXILE || zone == 0) {
            g_array_append_val(stranded, card);
        } else {
            if (zone != KEYACT_ZONE_NONE)
                report_contradiction(layer, rec, how);
            add_unsettled(layer, card, zone);
        }
    }

    /* The doubtful cards the plugin did not list. */
    GHashTableIter iter;
    gpointer value;
    g_hash_table_iter_init(&iter, layer->cards);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        VlCard *rec = value;
        if (!rec->doubtful || g_hash_table_contains(listed, &rec->card))
            continue;
        g_autofree char *how = NULL;
        uint32_t zone = locate(&loc, rec, &how);
        uint32_t believed = vl_believed_zone(layer, rec->card);
        if (zone == KEYACT_ZONE_EXILE) {
            if (believed != KEYACT_ZONE_EXILE)
                report_contradiction(layer, rec, how);
            g_array_append_val(stranded, rec->card);
        } else if (zone == KEYACT_ZONE_NONE || (zone != 0 && zone != believed)) {
            if (zone != KEYACT_ZONE_NONE)
                report_contradiction(layer, rec, how);
            add_unsettled(layer, rec->card, zone);
        }
    }
    if (loc.library != NULL)
        g_hash_table_unref(loc.library);

    uint32_t n = 0;
    for (guint i = 0; i < stranded->len && result->stranded != NULL &&
                      n < result->stranded_capacity; i++)
        result->stranded[n++] = g_array_index(stranded, keyact_card_id, i);
    result->stranded_count = stranded->len + unwritten;
}
