/* SPDX-License-Identifier: MIT */
/* validate_questions.c - the checks of the three questions: can_cast_face,
 * choose and cast_free. Each is a function of the question (the card, the
 * face, the options) and of the host's answer (its status and its value),
 * not of a callback: ABI 1.3's stepped resolve delivers the same answers
 * through keyact_resolve_answer() after a wait, and they are checked the
 * same way. cast_free's check asks card_zone where the card went, so it
 * runs once the host has acted on the answer.
 */
#include "validate_layer.h"

gboolean vl_check_can_cast(VlLayer *layer, const char *callback, keyact_card_id card,
                           uint32_t face, int32_t status, uint32_t can)
{
    if (status != KEYACT_OK)
        return FALSE;
    if (can > 1u)
        return vl_report(layer, VL_RULE_CAN_CAST_RANGE, callback, NULL, card,
                         "answered %u for face %u", can, face);
    VlCard *rec = vl_card(layer, card);
    if (rec == NULL || face >= 32u)
        return FALSE;
    guint32 bit = 1u << face;
    if ((rec->can_cast_asked & bit) && ((rec->can_cast_yes & bit) != 0) != (can == 1u))
        return vl_report(layer, VL_RULE_CAN_CAST_STABLE, callback, NULL, card,
                         "answered %u for face %u, and %u before", can, face,
                         (rec->can_cast_yes & bit) ? 1u : 0u);
    rec->can_cast_asked |= bit;
    if (can == 1u)
        rec->can_cast_yes |= bit;
    return FALSE;
}

gboolean vl_check_choose(VlLayer *layer, const char *callback, keyact_card_id card,
                         uint32_t option_count, int32_t status, uint32_t index)
{
    if (status != KEYACT_OK || index < option_count)
        return FALSE;
    return vl_report(layer, VL_RULE_CHOOSE_RANGE, callback, NULL, card,
                     "answered index %u of %u options", index, option_count);
}

gboolean vl_check_cast(VlLayer *layer, const char *callback, keyact_card_id card,
                       uint32_t face, int32_t status, uint32_t cast)
{
    uint32_t zone = vl_host_zone(layer, card);
    VlCard *rec = vl_card(layer, card);

    if (rec != NULL)
        rec->asked_zones |= 1u << KEYACT_ZONE_STACK;
    if (status == KEYACT_OK && cast != KEYACT_CAST_DONE && cast != KEYACT_CAST_FAILED)
        return vl_report(layer, VL_RULE_CAST_FREE_RANGE, callback, NULL, card,
                         "answered %u for face %u", cast, face);
    if (status == KEYACT_OK && cast == KEYACT_CAST_DONE) {
        if (rec != NULL)
            rec->zone = KEYACT_ZONE_STACK;
        if (zone != 0 && zone != KEYACT_ZONE_STACK)
            return vl_report(layer, VL_RULE_CAST_DONE_ON_STACK, callback, "card_zone", card,
                             "%s answered KEYACT_CAST_DONE for face %u, but card_zone "
                             "says the card is %s", callback, face, vl_zone_where(zone));
        return FALSE;
    }
    if (zone == 0 || zone == KEYACT_ZONE_EXILE)
        return FALSE;
    if (status == KEYACT_OK)
        return vl_report(layer, VL_RULE_CAST_FAILED_IN_EXILE, callback, "card_zone", card,
                         "%s answered KEYACT_CAST_FAILED for face %u, but card_zone says "
                         "the card is %s", callback, face, vl_zone_where(zone));
    return vl_report(layer, VL_RULE_CAST_FAILED_IN_EXILE, callback, "card_zone", card,
                     "%s answered %s for face %u, but card_zone says the card is %s",
                     callback, keyact_status_name(status), face, vl_zone_where(zone));
}
