/* SPDX-License-Identifier: MIT */
/* kp_card_rules.c - card value, land status and castable faces per layout,
 * for "<= N" (discover) and "< N" (cascade). */
#include "kp_card_rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include <keyact/status.h>

#include "kp_mana_cost.h"

/* Bytes a face must have for us to read flags and mana_cost (the 1.0 face). */
#define KP_FACE_MIN_SIZE \
    (offsetof(keyact_face_desc, mana_cost) + sizeof(((keyact_face_desc *)0)->mana_cost))

/* Bytes a card must have for faces[0..count-1] to be there. */
static size_t card_min_size(uint32_t face_count)
{
    return offsetof(keyact_card_desc, faces)
           + (size_t)face_count * sizeof(((keyact_card_desc *)0)->faces[0]);
}

static bool face_is_land(const keyact_face_desc *face)
{
    return (face->flags & KEYACT_FACE_LAND) != 0;
}

/* Split and aftermath cards are the only ones whose halves all count in
 * library and exile (CR 709.4); unknown layouts behave like normal cards. */
static bool combines_halves(uint32_t layout)
{
    return layout == KEYACT_LAYOUT_SPLIT || layout == KEYACT_LAYOUT_AFTERMATH;
}

/* Faces an effect that casts "that card" may choose, by layout:
 *   normal, unknown: the one face;
 *   split: any half (CR 709.3); aftermath: the first half only, the
 *     aftermath half is cast only from a graveyard (CR 702.127a);
 *   adventure: the card or its Adventure (CR 715);
 *   modal_dfc: either face (CR 712);
 *   transform, flip, meld: the front / unflipped face only (CR 712, 710). */
static uint32_t layout_faces(uint32_t layout, uint32_t face_count)
{
    uint32_t all = (1u << face_count) - 1u;

    switch (layout) {
    case KEYACT_LAYOUT_SPLIT:
        return all;
    case KEYACT_LAYOUT_ADVENTURE:
    case KEYACT_LAYOUT_MODAL_DFC:
        return all & 0x3u;
    default:
        return 0x1u;
    }
}

/* A face's own value x2. No cost ("" or NULL: lands, back faces) is 0, as
 * kp_mana_value says, without the call: most exiled cards are lands. */
static int32_t face_value(const keyact_face_desc *face, uint32_t *out_halves)
{
    if (face->mana_cost == NULL || face->mana_cost[0] == '\0') {
        *out_halves = 0;
        return KEYACT_OK;
    }
    return kp_mana_value(face->mana_cost, out_halves, NULL);
}

/* Both comparisons as one: a value x2 passes when it is below `bound`. In
 * halves there is no rounding: value <= n  <=>  halves < 2n + 1, and
 * value < n  <=>  halves < 2n. One compare per test, no branch on the kind. */
static uint64_t exclusive_bound(int32_t n, kp_compare compare)
{
    return 2u * (uint64_t)n + (compare == KP_AT_MOST ? 1u : 0u);
}

int32_t kp_card_evaluate(const keyact_card_desc *card, int32_t n, kp_compare compare,
                         kp_card_eval *out)
{
    uint32_t values[KEYACT_MAX_FACES]; /* own values of faces[0..valued) */
    uint32_t count;
    uint32_t valued;
    uint32_t allowed;
    uint64_t total;
    bool land;
    uint64_t bound;
    kp_card_eval eval;
    int32_t rc;

    if (card == NULL || out == NULL || n < 0
        || (compare != KP_AT_MOST && compare != KP_BELOW))
        return KEYACT_E_INVAL;
    bound = exclusive_bound(n, compare);

    /* The whole description is checked before any cost is read. */
    if (card->struct_size < offsetof(keyact_card_desc, faces))
        return KEYACT_E_BADCARD;
    count = card->face_count;
    if (count == 0 || count > KEYACT_MAX_FACES || card->struct_size < card_min_size(count))
        return KEYACT_E_BADCARD;
    for (uint32_t i = 0; i < count; i++) {
        const keyact_face_desc *face = card->faces[i];
        if (face == NULL || face->struct_size < KP_FACE_MIN_SIZE)
            return KEYACT_E_BADCARD;
    }

    /* In library and exile, split and aftermath cards combine all halves
     * (CR 709.4; a land if any half is); every other layout is face 0
     * (front, main or unflipped half; CR 710, 712, 715). */
    rc = face_value(card->faces[0], &values[0]);
    if (rc != KEYACT_OK)
        return rc;
    total = values[0];
    land = face_is_land(card->faces[0]);
    valued = combines_halves(card->layout) ? count : 1u;
    for (uint32_t i = 1; i < valued; i++) {
        rc = face_value(card->faces[i], &values[i]);
        if (rc != KEYACT_OK)
            return rc;
        total += values[i];
        land = land || face_is_land(card->faces[i]);
    }
    if (total > UINT32_MAX)
        return KEYACT_E_BADCOST;
    if (land || total >= bound) {
        *out = (kp_card_eval){ .mana_value_halves = (uint32_t)total, .is_land = land ? 1u : 0u };
        return KEYACT_OK;
    }
    eval = (kp_card_eval){ .mana_value_halves = (uint32_t)total, .hit = 1u };

    allowed = layout_faces(card->layout, count);
    for (uint32_t i = 0; i < count; i++) {
        const keyact_face_desc *face = card->faces[i];
        uint32_t own = 0;

        if ((allowed & (1u << i)) == 0)
            continue;
        if (face_is_land(face) || (face->flags & KEYACT_FACE_NOT_CASTABLE) != 0)
            continue;
        /* CR 701.57a, 702.85a: the resulting spell's own mana value must
         * pass the comparison too (a split half alone, never both). A cost
         * valued above is not parsed again. */
        if (i < valued) {
            own = values[i];
        } else {
            rc = face_value(face, &own);
            if (rc != KEYACT_OK)
                return rc;
        }
        if (own >= bound)
            continue;
        /* Only faces in faces_mask get a value; the rest stay 0. */
        eval.faces_mask |= 1u << i;
        eval.face_halves[i] = own;
    }

    *out = eval;
    return KEYACT_OK;
}

int32_t kp_card_mana_value(const keyact_card_desc *card, uint32_t *out_halves,
                           uint32_t *out_is_land)
{
    kp_card_eval eval;
    int32_t rc;

    if (card == NULL || out_halves == NULL || out_is_land == NULL)
        return KEYACT_E_INVAL;
    /* Below 0 nothing passes: only the value and land status are worked out. */
    rc = kp_card_evaluate(card, 0, KP_BELOW, &eval);
    if (rc != KEYACT_OK)
        return rc;
    *out_halves = eval.mana_value_halves;
    *out_is_land = eval.is_land;
    return KEYACT_OK;
}
