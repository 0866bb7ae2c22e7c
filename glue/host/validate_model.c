/* SPDX-License-Identifier: MIT */
/* validate_model.c - the validation layer's model of the plugin's side of
 * the game: a record per card the plugin saw (where it believes the card is,
 * how it was described, its last move), the library's first cards as the
 * host answered them, the cards the plugin put at the bottom in order, and
 * the library's size as the plugin's moves leave it. It only records: what
 * the host answers is judged by the checks. Memory: one record per card,
 * freed with the layer.
 */
#include <string.h>

#include "validate_layer.h"

VlCard *vl_card_lookup(const VlLayer *layer, keyact_card_id card)
{
    return card != KEYACT_CARD_NONE ? g_hash_table_lookup(layer->cards, &card) : NULL;
}

VlCard *vl_card(VlLayer *layer, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE)
        return NULL;
    VlCard *rec = g_hash_table_lookup(layer->cards, &card);
    if (rec == NULL) {
        rec = g_new0(VlCard, 1);
        rec->card = card;
        rec->seen_at = -1;
        g_hash_table_insert(layer->cards, &rec->card, rec);
    }
    return rec;
}

gboolean vl_ours(const VlLayer *layer, keyact_game_id game, keyact_player_id player)
{
    return game == layer->game && player == layer->player;
}

gint vl_top_index_of(const VlLayer *layer, keyact_card_id card)
{
    for (guint i = 0; i < layer->top->len; i++) {
        if (g_array_index(layer->top, keyact_card_id, i) == card)
            return (gint)i;
    }
    return -1;
}

uint32_t vl_believed_zone(const VlLayer *layer, keyact_card_id card)
{
    const VlCard *rec = vl_card_lookup(layer, card);
    if (rec == NULL)
        return 0;
    if (rec->zone != 0)
        return rec->zone;
    return rec->in_library ? KEYACT_ZONE_LIBRARY : 0;
}

void vl_model_note_move(VlLayer *layer, keyact_card_id card, const char *callback,
                        uint32_t to_zone, uint32_t library_index, int32_t rc, gboolean applied,
                        gint32 step, uint32_t done, uint32_t count)
{
    VlCard *rec = vl_card(layer, card);
    if (rec == NULL)
        return;
    rec->moved_by = callback;
    rec->moved_to = to_zone;
    rec->moved_index = library_index;
    rec->moved_rc = rc;
    rec->moved_applied = applied;
    rec->moved_step = step;
    rec->moved_done = done;
    rec->moved_count = count;
    if (to_zone < 32u)
        rec->asked_zones |= 1u << to_zone;
}

char *vl_move_claim(const VlCard *rec)
{
    if (rec->moved_by == NULL)
        return g_strdup("no move");
    g_autofree char *to = vl_destination(rec->moved_to, rec->moved_index);
    const char *said = rec->moved_rc == KEYACT_OK ? "success" : keyact_status_name(rec->moved_rc);
    if (rec->moved_step < 0)
        return g_strdup_printf("%s answered %s moving the card %s", rec->moved_by, said, to);
    if (rec->moved_rc == KEYACT_OK)
        return g_strdup_printf("%s answered success for %u steps, so step %d (the card %s) was "
                               "applied", rec->moved_by, rec->moved_count, rec->moved_step, to);
    uint32_t failing = MIN(rec->moved_done, rec->moved_count - 1u);
    return g_strdup_printf("%s answered %s with out_done %u of %u steps: step %d (the card %s) %s",
                           rec->moved_by, said, rec->moved_done, rec->moved_count,
                           rec->moved_step, to,
                           rec->moved_applied ? "was applied"
                           : (uint32_t)rec->moved_step == failing ? "failed"
                                                                   : "came after the failing one");
}

static void remove_from_bottom(VlLayer *layer, keyact_card_id card)
{
    for (guint i = 0; i < layer->bottom->len; i++) {
        if (g_array_index(layer->bottom, keyact_card_id, i) == card) {
            g_array_remove_index(layer->bottom, i);
            return;
        }
    }
}

void vl_model_moved(VlLayer *layer, keyact_card_id card, uint32_t to_zone,
                    uint32_t library_index)
{
    VlCard *rec = vl_card(layer, card);
    if (rec == NULL)
        return;
    gboolean was_in_library = rec->zone != 0 ? rec->zone == KEYACT_ZONE_LIBRARY
                                             : rec->in_library;
    gint64 size_before = layer->library_size;

    if (was_in_library) {
        gint at = vl_top_index_of(layer, card);
        if (at >= 0)
            g_array_remove_index(layer->top, (guint)at);
        else
            g_array_set_size(layer->top, 0); /* indexes below it are unknown now */
        remove_from_bottom(layer, card);
        if (layer->library_size > 0)
            layer->library_size--;
        size_before = layer->library_size;
    }
    if (to_zone == KEYACT_ZONE_LIBRARY) {
        if (library_index == KEYACT_LIBRARY_BOTTOM) {
            if (size_before >= 0 && layer->top->len == size_before)
                g_array_append_val(layer->top, card);
            g_array_append_val(layer->bottom, card);
        } else if (library_index <= layer->top->len) {
            g_array_insert_val(layer->top, library_index, card);
        } else {
            g_array_set_size(layer->bottom, 0);
        }
        if (layer->library_size >= 0)
            layer->library_size++;
    }
    rec->zone = to_zone;
    rec->in_library = to_zone == KEYACT_ZONE_LIBRARY;
}

void vl_doubt(VlLayer *layer, keyact_card_id card)
{
    VlCard *rec = vl_card(layer, card);
    if (rec != NULL)
        rec->doubtful = TRUE;
}

void vl_model_forget_library(VlLayer *layer)
{
    layer->library_disputed = TRUE;
    layer->library_size = -1;
    g_array_set_size(layer->top, 0);
    g_array_set_size(layer->bottom, 0);
}

const char *vl_zone_name(uint32_t zone)
{
    switch (zone) {
    case KEYACT_ZONE_LIBRARY: return "the library";
    case KEYACT_ZONE_EXILE: return "exile";
    case KEYACT_ZONE_HAND: return "the hand";
    case KEYACT_ZONE_STACK: return "the stack";
    case KEYACT_ZONE_BATTLEFIELD: return "the battlefield";
    case KEYACT_ZONE_GRAVEYARD: return "the graveyard";
    case KEYACT_ZONE_OTHER: return "another zone";
    default: return "an unknown zone";
    }
}

const char *vl_zone_where(uint32_t zone)
{
    switch (zone) {
    case KEYACT_ZONE_LIBRARY: return "in the library";
    case KEYACT_ZONE_EXILE: return "in exile";
    case KEYACT_ZONE_HAND: return "in the hand";
    case KEYACT_ZONE_STACK: return "on the stack";
    case KEYACT_ZONE_BATTLEFIELD: return "on the battlefield";
    case KEYACT_ZONE_GRAVEYARD: return "in the graveyard";
    case KEYACT_ZONE_OTHER: return "in another zone";
    default: return "in an unknown zone";
    }
}

char *vl_destination(uint32_t to_zone, uint32_t library_index)
{
    if (to_zone != KEYACT_ZONE_LIBRARY)
        return g_strdup_printf("to %s", vl_zone_name(to_zone));
    if (library_index == KEYACT_LIBRARY_BOTTOM)
        return g_strdup("to the bottom of the library");
    if (library_index == KEYACT_LIBRARY_TOP)
        return g_strdup("to the top of the library");
    return g_strdup_printf("to index %u of the library", library_index);
}
