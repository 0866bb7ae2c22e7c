/* SPDX-License-Identifier: MIT */
/* keyact/card.h - how a host describes a card to a plugin.
 *
 * The plugin asks the host to describe a card (keyact_host.describe_card) and
 * reads the printed facts from this description: the layout and, per face,
 * name, printed mana cost, land or not, castable by an effect or not. The
 * plugin computes mana values itself from the printed cost strings: the
 * grammar of a cost and the value of every symbol ({2/W} is 2, {G/W/P} 1,
 * {HW} 0.5, {X} 0, ...) are in keyact-plugin(7), MANA COSTS.
 */
#ifndef KEYACT_CARD_H
#define KEYACT_CARD_H

#include <stdint.h>

#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Card layouts (values of keyact_card_desc.layout). Names follow Scryfall. */
#define KEYACT_LAYOUT_NORMAL     0u /* one face (also saga, class, leveler, ...) */
#define KEYACT_LAYOUT_SPLIT      1u /* two (or more) halves side by side: Fire // Ice */
#define KEYACT_LAYOUT_AFTERMATH  2u /* split card whose second half is cast only from a graveyard */
#define KEYACT_LAYOUT_ADVENTURE  3u /* face 0 the creature/main card, face 1 the adventure */
#define KEYACT_LAYOUT_MODAL_DFC  4u /* modal double-faced: either face may be cast */
#define KEYACT_LAYOUT_TRANSFORM  5u /* transforming double-faced: only the front is cast */
#define KEYACT_LAYOUT_FLIP       6u /* flip card: face 1 is the flipped half, never cast */
#define KEYACT_LAYOUT_MELD       7u /* meld card: face 1 is the melded back, never cast */
#define KEYACT_LAYOUT_COUNT      8u /* one past the last known layout */

/* Face flags (bits of keyact_face_desc.flags). */
#define KEYACT_FACE_LAND          (1u << 0) /* the face's type line has Land */
#define KEYACT_FACE_NOT_CASTABLE  (1u << 1) /* the host says no effect may cast this face
                                             * (beyond what the layout already implies) */

/* Up to this many faces per card. Printed cards have at most five (the
 * split card Who // What // When // Where // Why); the rest is headroom. */
#define KEYACT_MAX_FACES 8u

/* One face or half of a card.
 * Version: struct_size = sizeof as the host compiled it; fields appended only. */
typedef struct keyact_face_desc {
    uint32_t struct_size;
    uint32_t flags;           /* KEYACT_FACE_* bits */
    /* Face name, UTF-8, NUL-terminated. Owned by the host; valid until the
     * resolve call that asked for it returns (a stepped resolve, ABI 1.3:
     * the step() call). Never NULL (may be ""). */
    const char *name;
    /* Printed mana cost, e.g. "{2}{U/P}{X}": symbols only, no spaces, this
     * face's cost alone (keyact-plugin(7), MANA COSTS). "" or NULL for a face
     * with no mana cost (a land, a transform back face). Owned by the host; valid
     * until the resolve (or step) call that asked for it returns. */
    const char *mana_cost;
} keyact_face_desc;

#define KEYACT_FACE_DESC_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_face_desc, mana_cost)
#define KEYACT_FACE_DESC_SIZE_1_1 KEYACT_FACE_DESC_SIZE_1_0
#define KEYACT_FACE_DESC_SIZE_1_2 KEYACT_FACE_DESC_SIZE_1_1
#define KEYACT_FACE_DESC_SIZE_1_3 KEYACT_FACE_DESC_SIZE_1_2
#define KEYACT_FACE_DESC_SIZE_1_4 KEYACT_FACE_DESC_SIZE_1_3

/* A whole card: the layout and its faces, front/left first.
 * The plugin sets struct_size before calling describe_card; the host fills
 * at most that many bytes and sets struct_size to what it filled. */
typedef struct keyact_card_desc {
    uint32_t struct_size;
    uint32_t layout;          /* KEYACT_LAYOUT_*; unknown values are treated as normal */
    uint32_t face_count;      /* 1..KEYACT_MAX_FACES */
    uint32_t reserved0;       /* 0 */
    /* faces[0..face_count-1], each with its own struct_size. Owned by the
     * host; the array and each face stay valid until the resolve (or step)
     * call that asked for them returns. */
    const keyact_face_desc *faces[KEYACT_MAX_FACES];
} keyact_card_desc;

#define KEYACT_CARD_DESC_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_card_desc, faces)
#define KEYACT_CARD_DESC_SIZE_1_1 KEYACT_CARD_DESC_SIZE_1_0
#define KEYACT_CARD_DESC_SIZE_1_2 KEYACT_CARD_DESC_SIZE_1_1
#define KEYACT_CARD_DESC_SIZE_1_3 KEYACT_CARD_DESC_SIZE_1_2
#define KEYACT_CARD_DESC_SIZE_1_4 KEYACT_CARD_DESC_SIZE_1_3

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_CARD_H */
