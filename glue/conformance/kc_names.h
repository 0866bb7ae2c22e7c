/* SPDX-License-Identifier: MIT */
/* kc_names.h - cards, faces, outcomes and options by name, for the
 * messages of a failed case ("discovered Fire // Ice, expected Lava Axe"):
 * a plugin author reads names, not handles and bit masks. Every function
 * returns a new string (g_free). */
#ifndef KEYACT_KC_NAMES_H
#define KEYACT_KC_NAMES_H

#include "conformance.h"

G_BEGIN_DECLS

/* The card's printed name, its faces joined by " // " as Scryfall writes
 * it ("Fire // Ice"); "no card" for KEYACT_CARD_NONE. */
char *kc_card_name(const KcGame *game, keyact_card_id card);
/* Face `face` of `card` by name; "no face" for KEYACT_FACE_NONE. */
char *kc_face_name(const KcGame *game, keyact_card_id card, uint32_t face);
/* The faces in `faces` (bit i = face i) of `card`, "Fire, Ice"; "none". */
char *kc_face_list(const KcGame *game, keyact_card_id card, uint32_t faces);
/* "KEYACT_OUTCOME_CAST", or "outcome N" for a value the ABI does not have. */
char *kc_outcome_name(uint32_t outcome);
/* Options as offered, in order: "cast Fire, cast Ice, TO_HAND". */
char *kc_option_list(const KcGame *game, keyact_card_id card, const keyact_option *options,
                     guint n_options);

G_END_DECLS

#endif /* KEYACT_KC_NAMES_H */
