/* SPDX-License-Identifier: MIT */
/* discover_rules.h - what discover N asks of the shared card rules
 * (CR 701.57a): a hit has mana value N or less, and so must the resulting
 * spell. The plugin's rules extension (keyact/rules.h) answers with this.
 */
#ifndef KD_DISCOVER_RULES_H
#define KD_DISCOVER_RULES_H

#include <stdint.h>

#include <keyact/card.h>

#ifdef __cplusplus
extern "C" {
#endif

/* For "discover n" (n >= 0): *out_hit = 1 when the card stops the exiling
 * (nonland, value <= n) and *out_faces the faces the rules let the player
 * cast (bit i = face i): each a nonland face the layout allows, not flagged
 * KEYACT_FACE_NOT_CASTABLE, whose own value <= n. 0 when no hit.
 * Returns 0, KEYACT_E_INVAL (NULL argument, n < 0), KEYACT_E_BADCARD or
 * KEYACT_E_BADCOST; nothing is written on failure. Pure; any thread. */
int32_t kd_discover_options(const keyact_card_desc *card, int32_t n,
                            uint32_t *out_hit, uint32_t *out_faces);

#ifdef __cplusplus
}
#endif

#endif /* KD_DISCOVER_RULES_H */
