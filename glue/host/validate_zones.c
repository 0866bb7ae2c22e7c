/* SPDX-License-Identifier: MIT */
/* validate_zones.c - card_zone (ABI 1.2), as the validation layer asks it,
 * and the checks of its own answers: a zone in range, and known for every
 * card the host described or answered from the library. A card_zone that
 * does not know a card library_card answered is the identity check: one of
 * the two is wrong, unless describe_card described the card too.
 */
#include "validate_layer.h"

uint32_t vl_host_zone(VlLayer *layer, keyact_card_id card)
{
    uint32_t zone = 0;

    /* A card_zone reported wrong is no witness for the rest of the resolve. */
    if (!layer->has_card_zone || layer->card_zone_disputed || card == KEYACT_CARD_NONE)
        return 0;
    int32_t rc = layer->inner->card_zone(layer->inner, layer->game, card, &zone);
    if (rc == KEYACT_OK) {
        if (zone >= KEYACT_ZONE_LIBRARY && zone <= KEYACT_ZONE_OTHER)
            return zone;
        vl_report(layer, VL_RULE_CARD_ZONE_ANSWER, "card_zone", NULL, card,
                  "answered %u%s for the card, which is not a zone", zone,
                  zone == KEYACT_ZONE_NONE ? " (KEYACT_ZONE_NONE)" : "");
        return 0;
    }
    if (rc != KEYACT_E_NOTFOUND)
        return 0;
    const VlCard *rec = vl_card_lookup(layer, card);
    if (rec != NULL && rec->described)
        vl_report(layer, VL_RULE_CARD_ZONE_ANSWER, "card_zone", NULL, card,
                  "answered KEYACT_E_NOTFOUND (no such card) for a card %s described%s",
                  rec->described_by, rec->seen_by != NULL ? " and the library answered" : "");
    else if (rec != NULL && rec->seen_by != NULL)
        vl_report(layer, VL_RULE_IDENTITY, rec->seen_by, "card_zone", card,
                  "%s answered the card at index %" G_GINT64_FORMAT " of the library, but "
                  "card_zone answers KEYACT_E_NOTFOUND (no such card) for it", rec->seen_by,
                  rec->seen_at);
    return 0;
}
