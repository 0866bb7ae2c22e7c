/* SPDX-License-Identifier: MIT */
/* keyact/events.h - what a plugin tells the host happened, in order.
 *
 * The plugin calls keyact_host.notify once per event, synchronously, on the
 * thread that called resolve. The event and everything it points to live
 * only for the duration of that notify call: copy what you keep. A host
 * ignores event types it does not know: actions added later may send new ones.
 */
#ifndef KEYACT_EVENTS_H
#define KEYACT_EVENTS_H

#include <stdint.h>

#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Event types (values of keyact_event.type). */
#define KEYACT_EVENT_EXILED       1u /* card exiled face up from the top of the library; index = 0-based order */
#define KEYACT_EVENT_HIT          2u /* card is the nonland card that stops the exiling (discover:
                                      * mana value <= n; cascade: < n); mana_value_halves set */
#define KEYACT_EVENT_CAST         3u /* face `face` of card was cast without paying its mana cost */
#define KEYACT_EVENT_CAST_FAILED  4u /* the cast of face `face` did not happen (cast_free answered
                                      * KEYACT_CAST_FAILED, an error or an unknown answer);
                                      * TO_HAND follows (cascade: the card goes to the
                                      * bottom with the rest) */
#define KEYACT_EVENT_TO_HAND      5u /* card put into its owner's hand */
#define KEYACT_EVENT_BOTTOM       6u /* card put on the bottom of the library; index = 0-based order */
#define KEYACT_EVENT_DISCOVERED   7u /* the player has discovered: the last event of every
                                      * finished resolve (cast, hand, no hit, empty library);
                                      * card and mana_value_halves = the result's discovered
                                      * card (CR 701.57c) and its value: the hit, or, when the
                                      * library ran out, its final card if that has mana value
                                      * N or less (a land: 0); else KEYACT_CARD_NONE and 0.
                                      * Cards that read "the discovered card" (Hit the Mother
                                      * Lode) read it here. Not sent when a resolve stops on a
                                      * failure (see action.h) */
#define KEYACT_EVENT_FINISHED     8u /* the last event of every finished resolve of an action other
                                      * than discover (cascade); card = the card found or
                                      * KEYACT_CARD_NONE. Not sent when a resolve stops on a failure */

/* One event. Version: struct_size = sizeof as the plugin compiled it. */
typedef struct keyact_event {
    uint32_t struct_size;
    uint32_t type;               /* KEYACT_EVENT_* */
    keyact_player_id player;     /* the discovering player */
    keyact_card_id card;         /* the card concerned, or KEYACT_CARD_NONE */
    int32_t n;                   /* the N of "discover N" (cascade: the spell's mana value) */
    uint32_t face;               /* face index for CAST / CAST_FAILED, else KEYACT_FACE_NONE */
    uint32_t index;              /* order index for EXILED / BOTTOM, else 0 */
    uint32_t mana_value_halves;  /* card's mana value x2 for HIT / DISCOVERED, else 0 */
} keyact_event;

#define KEYACT_EVENT_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_event, mana_value_halves)
#define KEYACT_EVENT_SIZE_1_1 KEYACT_EVENT_SIZE_1_0
#define KEYACT_EVENT_SIZE_1_2 KEYACT_EVENT_SIZE_1_1
#define KEYACT_EVENT_SIZE_1_3 KEYACT_EVENT_SIZE_1_2
#define KEYACT_EVENT_SIZE_1_4 KEYACT_EVENT_SIZE_1_3

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_EVENTS_H */
