/* SPDX-License-Identifier: MIT */
/* keyact/rules.h - the "rules" plugin extension: the plugin's own rules code
 * (mana values and discover options), for tools and tests that want to ask
 * the plugin what it sees of a card without resolving anything.
 *
 * Get it with entry->get_extension(ctx, KEYACT_EXT_RULES). All functions are
 * pure (no host, no state) and may be called from any thread.
 */
#ifndef KEYACT_RULES_H
#define KEYACT_RULES_H

#include <stdint.h>

#include "card.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KEYACT_EXT_RULES "org.keyact.rules.v1"

typedef struct keyact_rules_ext {
    uint32_t struct_size;
    uint32_t reserved0;

    /* Mana value of a printed cost string, x2 (so {H...} half mana is exact).
     * "" and NULL are 0. On a bad cost returns KEYACT_E_BADCOST and, if
     * error_offset is non-NULL, the byte offset of the bad symbol. */
    int32_t (*mana_value)(const char *cost, uint32_t *out_halves,
                          uint32_t *error_offset);

    /* The card's mana value x2 where discover compares it with N (library
     * and exile: split halves combined, other layouts the front face), and
     * whether it is a land there. */
    int32_t (*card_mana_value)(const keyact_card_desc *card,
                               uint32_t *out_halves, uint32_t *out_is_land);

    /* For "discover n": *out_hit = 1 when the card stops the exiling, and
     * out_faces (bit i = face i) the faces the rules let the player cast
     * (before the host's can_cast_face check). */
    int32_t (*discover_options)(const keyact_card_desc *card, int32_t n,
                                uint32_t *out_hit, uint32_t *out_faces);
} keyact_rules_ext;

#define KEYACT_RULES_EXT_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_rules_ext, discover_options)
#define KEYACT_RULES_EXT_SIZE_1_1 KEYACT_RULES_EXT_SIZE_1_0
#define KEYACT_RULES_EXT_SIZE_1_2 KEYACT_RULES_EXT_SIZE_1_1
#define KEYACT_RULES_EXT_SIZE_1_3 KEYACT_RULES_EXT_SIZE_1_2
#define KEYACT_RULES_EXT_SIZE_1_4 KEYACT_RULES_EXT_SIZE_1_3

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_RULES_H */
