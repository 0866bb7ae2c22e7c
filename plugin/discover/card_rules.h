/* card_rules.h - what discover sees of a card (CR 701.57, 709-715).
 *
 * Reads a host's keyact_card_desc, honouring every struct_size, and answers:
 * the card's mana value in library and exile, whether it is a land there,
 * and which faces an effect may cast for "discover N".
 */
#ifndef KD_CARD_RULES_H
#define KD_CARD_RULES_H

#include <stdint.h>

#include <keyact/card.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything discover needs to know about one card for one N. */
typedef struct kd_card_eval {
    uint32_t mana_value_halves;                /* card value (library/exile) x2 */
    uint32_t is_land;                          /* 1 if a land there */
    uint32_t hit;                              /* 1: nonland and value <= N */
    uint32_t faces_mask;                       /* bit i: face i may be cast */
    uint32_t face_halves[KEYACT_MAX_FACES];    /* own value x2 of each face in faces_mask */
} kd_card_eval;

/* The card's mana value x2 in library and exile: split and aftermath cards
 * combine all halves (CR 709.4), every other layout uses face 0 (front, main
 * or unflipped half; CR 710, 712, 715). *out_is_land: any half of a
 * split/aftermath card is a land, else face 0 is.
 * Returns 0, KEYACT_E_INVAL (NULL argument), KEYACT_E_BADCARD (unusable
 * description) or KEYACT_E_BADCOST. */
int32_t kd_card_mana_value(const keyact_card_desc *card, uint32_t *out_halves,
                           uint32_t *out_is_land);

/* For "discover n" (n >= 0): *out_hit = 1 when the card stops the exiling
 * (nonland, value <= n) and *out_faces the faces the rules let the player
 * cast (bit i = face i): each a nonland face the layout allows, not flagged
 * KEYACT_FACE_NOT_CASTABLE, whose own value <= n (CR 701.57a). 0 when no hit.
 * Returns 0, KEYACT_E_INVAL (NULL argument, n < 0), KEYACT_E_BADCARD or
 * KEYACT_E_BADCOST. */
int32_t kd_discover_options(const keyact_card_desc *card, int32_t n,
                            uint32_t *out_hit, uint32_t *out_faces);

/* Both of the above plus each castable face's own value, in one pass.
 * Same return codes as kd_discover_options. */
int32_t kd_card_evaluate(const keyact_card_desc *card, int32_t n,
                         kd_card_eval *out);

#ifdef __cplusplus
}
#endif

#endif /* KD_CARD_RULES_H */
