/* SPDX-License-Identifier: MIT */
/* kp_card_rules.h - what an "exile until" action sees of a card
 * (CR 701.57 discover, 702.85 cascade; card layouts CR 709-715).
 *
 * Reads a host's keyact_card_desc, honouring every struct_size, and answers:
 * the card's mana value in library and exile, whether it is a land there,
 * whether it stops the exiling for a given N and comparison, and which faces
 * an effect may cast when the resulting spell's value must pass the same
 * comparison.
 */
#ifndef KP_CARD_RULES_H
#define KP_CARD_RULES_H

#include <stdint.h>

#include <keyact/card.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a mana value must compare with N, for the hit and for each face.
 * The same comparison decides both: discover's "mana value N or less" and
 * "less than or equal to N", cascade's "less than this spell's mana value"
 * for the card exiled and for the resulting spell. */
typedef enum kp_compare {
    KP_AT_MOST = 0, /* value <= N (discover, CR 701.57a) */
    KP_BELOW = 1,   /* value <  N (cascade, CR 702.85a) */
} kp_compare;

/* Everything an action needs to know about one card for one N. */
typedef struct kp_card_eval {
    uint32_t mana_value_halves;                /* card value (library/exile) x2 */
    uint32_t is_land;                          /* 1 if a land there */
    uint32_t hit;                              /* 1: nonland and value passes the comparison */
    uint32_t faces_mask;                       /* bit i: face i may be cast */
    uint32_t face_halves[KEYACT_MAX_FACES];    /* own value x2 of each face in faces_mask */
} kp_card_eval;

/* The card's mana value x2 in library and exile: split and aftermath cards
 * combine all halves (CR 709.4), every other layout uses face 0 (front, main
 * or unflipped half; CR 710, 712, 715). *out_is_land: any half of a
 * split/aftermath card is a land, else face 0 is.
 * Returns 0, KEYACT_E_INVAL (NULL argument), KEYACT_E_BADCARD (unusable
 * description) or KEYACT_E_BADCOST. Pure; any thread. */
int32_t kp_card_mana_value(const keyact_card_desc *card, uint32_t *out_halves,
                           uint32_t *out_is_land);

/* The card's value and land status as above, plus, for N = n (>= 0):
 * hit = 1 when the card stops the exiling (nonland, value passes `compare`
 * against n), and when it does, faces_mask: each nonland face the layout
 * allows, not flagged KEYACT_FACE_NOT_CASTABLE, whose own value passes
 * `compare` too, with that value in face_halves. faces_mask is 0 when there
 * is no hit.
 * Returns 0, KEYACT_E_INVAL (NULL argument, n < 0, unknown compare),
 * KEYACT_E_BADCARD or KEYACT_E_BADCOST; *out is written only on success.
 * Pure; any thread. */
int32_t kp_card_evaluate(const keyact_card_desc *card, int32_t n, kp_compare compare,
                         kp_card_eval *out);

#ifdef __cplusplus
}
#endif

#endif /* KP_CARD_RULES_H */
