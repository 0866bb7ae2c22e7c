/* SPDX-License-Identifier: MIT */
/* validate_moves.c - the checks of the moves: move_card and each step of
 * apply_steps put the card where it was asked when they say they did and
 * left it when they say they did not (card_zone, ABI 1.2, says where it
 * went), and apply_steps says how many steps it applied.
 *
 * A report says what the host claimed in its own terms: "apply_steps
 * answered KEYACT_E_STATE with out_done 3 of 5, so step 1 (the card to
 * exile) was applied", never "answered success" for a call that failed. A
 * move and card_zone that disagree are both named: the layer cannot tell
 * which is wrong. Under FATAL every card of a move that failed, or of a
 * batch that failed or misreported what it applied, is doubtful: the
 * plugin's failure path may not know where it is, so validate_settle.c
 * locates it after the resolve.
 */
#include "validate_layer.h"

/* A move out of the library answered success, and card_zone says the card
 * is still there. Where the plugin saw it, library_card settles it: the
 * card still there, the move did nothing; another card there, card_zone is
 * wrong. Without that index known, the report names both. */
static gboolean left_the_library(VlLayer *layer, const char *callback, keyact_card_id card)
{
    g_autofree char *claim = vl_move_claim(vl_card(layer, card));
    gint at = vl_top_index_of(layer, card);
    keyact_card_id there = KEYACT_CARD_NONE;

    if (at < 0 || layer->inner->library_card(layer->inner, layer->game, layer->player,
                                             (uint32_t)at, &there) != KEYACT_OK)
        return vl_report(layer, VL_RULE_MOVE_DESTINATION, callback, "card_zone", card,
                         "%s, but card_zone says it is in the library", claim);
    if (there == card)
        return vl_report(layer, VL_RULE_MOVE_DESTINATION, callback, NULL, card,
                         "%s, but card_zone says it is in the library and library_card still "
                         "answers it at index %d", claim, at);
    return vl_report(layer, VL_RULE_CARD_ZONE_ANSWER, "card_zone", NULL, card,
                     "says the card is in the library, but %s and library_card answers card %"
                     G_GUINT64_FORMAT " at index %d, where it was", claim, (guint64)there, at);
}

/* One move as the host claimed it (noted in the card's record). */
static gboolean check_one_move(VlLayer *layer, const char *callback, keyact_card_id card,
                               uint32_t to_zone, uint32_t library_index, gboolean applied,
                               uint32_t zone_before)
{
    gboolean fail = FALSE;
    uint32_t zone_after = vl_host_zone(layer, card);

    if (applied) {
        if (zone_after == KEYACT_ZONE_LIBRARY && to_zone != KEYACT_ZONE_LIBRARY) {
            fail = left_the_library(layer, callback, card);
        } else if (zone_after != 0 && zone_after != to_zone) {
            g_autofree char *claim = vl_move_claim(vl_card(layer, card));
            fail = vl_report(layer, VL_RULE_MOVE_DESTINATION, callback, "card_zone", card,
                             "%s, but card_zone says it is %s", claim,
                             vl_zone_where(zone_after));
        }
        vl_model_moved(layer, card, to_zone, library_index);
    } else if (zone_before != 0 && zone_after != 0 && zone_after != zone_before) {
        g_autofree char *claim = vl_move_claim(vl_card(layer, card));
        fail = vl_report(layer, VL_RULE_MOVE_FAILED_STAYS, callback, "card_zone", card,
                         "%s, but card_zone says it went from %s to %s", claim,
                         vl_zone_name(zone_before), vl_zone_name(zone_after));
    }
    return fail;
}

gboolean vl_check_move_card(VlLayer *layer, keyact_card_id card, uint32_t to_zone,
                            uint32_t library_index, int32_t rc, uint32_t zone_before)
{
    const VlCard *rec = vl_card_lookup(layer, card);
    if (rc != KEYACT_OK && rec != NULL && rec->moved_by == NULL &&
        vl_check_refused_card(layer, "move_card", card, rc))
        return TRUE;
    vl_model_note_move(layer, card, "move_card", to_zone, library_index, rc, rc == KEYACT_OK, -1,
                       0, 0);
    if (rc != KEYACT_OK && layer->mode == KEYACT_VALIDATION_FATAL)
        vl_card(layer, card)->doubtful = TRUE;
    return check_one_move(layer, "move_card", card, to_zone, library_index, rc == KEYACT_OK,
                          zone_before);
}

/* One batch that misplaced cards is one cause: once it was reported, what
 * its other steps did is not said again. */
static gboolean one_cause(VlLayer *layer, const keyact_step *steps, uint32_t count,
                          guint reports_before)
{
    if (layer->n_violations == reports_before)
        return FALSE;
    for (uint32_t i = 0; i < count; i++) {
        if (steps[i].to_zone != KEYACT_ZONE_NONE)
            vl_card(layer, steps[i].card)->disputed = TRUE;
    }
    return FALSE;
}

gboolean vl_check_apply_steps(VlLayer *layer, const keyact_step *steps, uint32_t count,
                              int32_t rc, uint32_t done)
{
    gboolean fatal = layer->mode == KEYACT_VALIDATION_FATAL;
    gboolean misreported = (rc == KEYACT_OK && done != count) || (rc != KEYACT_OK && done >= count);
    /* What the plugin takes as applied (kp_run.c's flush: a failure applied
     * at most count - 1). */
    uint32_t applied = rc == KEYACT_OK ? count : MIN(done, count - 1u);
    uint32_t before[64];
    gboolean fail = FALSE;

    for (uint32_t i = 0; i < count; i++) {
        if (steps[i].to_zone == KEYACT_ZONE_NONE)
            continue;
        if (i < G_N_ELEMENTS(before))
            before[i] = vl_believed_zone(layer, steps[i].card);
        vl_model_note_move(layer, steps[i].card, "apply_steps", steps[i].to_zone,
                           steps[i].library_index, rc, i < applied, (gint32)i, done, count);
        if (fatal && (rc != KEYACT_OK || misreported))
            vl_card(layer, steps[i].card)->doubtful = TRUE;
    }
    if (misreported) {
        fail = vl_report(layer, VL_RULE_APPLY_STEPS_DONE, "apply_steps", NULL, KEYACT_CARD_NONE,
                         "answered %s with out_done %u of %u steps%s",
                         rc == KEYACT_OK ? "success" : keyact_status_name(rc), done, count,
                         rc == KEYACT_OK ? " (the plugin takes success as every step applied)"
                                         : " (the plugin takes it as the last step failing)");
        /* What the steps did follows from this one misreport: the model
         * takes the plugin's view, and nothing more is said of them. */
        for (uint32_t i = 0; i < count; i++) {
            if (steps[i].to_zone == KEYACT_ZONE_NONE)
                continue;
            vl_card(layer, steps[i].card)->disputed = TRUE;
            if (i < applied)
                vl_model_moved(layer, steps[i].card, steps[i].to_zone, steps[i].library_index);
        }
        return fail;
    }
    guint reports_before = layer->n_violations;
    for (uint32_t i = 0; i < applied; i++) {
        if (steps[i].to_zone == KEYACT_ZONE_NONE)
            continue;
        fail |= check_one_move(layer, "apply_steps", steps[i].card, steps[i].to_zone,
                               steps[i].library_index, TRUE, 0);
    }
    if (rc == KEYACT_OK)
        return fail | one_cause(layer, steps, count, reports_before);
    for (uint32_t i = applied; i < count; i++) {
        if (steps[i].to_zone == KEYACT_ZONE_NONE)
            continue;
        fail |= check_one_move(layer, "apply_steps", steps[i].card, steps[i].to_zone,
                               steps[i].library_index, FALSE,
                               i < G_N_ELEMENTS(before) ? before[i] : 0);
    }
    return fail | one_cause(layer, steps, count, reports_before);
}
