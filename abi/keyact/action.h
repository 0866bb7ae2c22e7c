/* SPDX-License-Identifier: MIT */
/* keyact/action.h - a keyword action a plugin provides, and how it resolves.
 *
 * An action is one rule implementation ("discover") under an implementation
 * id, so two plugins can both provide "discover" and a host picks one.
 *
 * Resolve contract (every action):
 *  - It returns 0 when the action finished as the rules say, or a negative
 *    KEYACT_E_* code. KEYACT_E_INVAL: bad arguments, nothing was touched.
 *  - A failing "question" callback (can_cast_face, choose, cast_free) or an
 *    out-of-range answer is recovered the way the rules allow: the face is
 *    not castable / the card goes to hand. The action still finishes
 *    (KEYACT_RESULT_COMPLETE) but returns the first failure code, so the
 *    host learns of it.
 *  - A failing "action" callback (library_card, move_card, describe_card,
 *    random_below) stops the action: it returns that code and lists in the
 *    result every card it moved that is not where the rules put it. Those
 *    cards are always in exile, face up. Nothing is silently lost.
 *
 * The calls of an "exile until" resolve (discover, cascade; host.h says
 * each rule where its callback is, keyact-plugin(7) in THE CALLS OF A
 * RESOLVE): every move to exile carries KEYACT_MOVE_REVEAL; choose is
 * called only when some face of the card found is castable, with those
 * faces in face order and the decline option last; a card may be described
 * before or after it is exiled.
 */
#ifndef KEYACT_ACTION_H
#define KEYACT_ACTION_H

#include <stdint.h>

#include "host.h"
#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the host asks an action to do. Owned by the host; valid during resolve.
 * Version: struct_size = sizeof as the host compiled it. */
typedef struct keyact_resolve_args {
    uint32_t struct_size;
    int32_t n;                  /* the N of "discover N" (>= 0; the host computes "discover X");
                                 * for cascade, the mana value of the spell with cascade */
    keyact_game_id game;
    keyact_player_id player;    /* the player who performs the action */
    keyact_card_id source;      /* the card or ability that asked, or KEYACT_CARD_NONE */
} keyact_resolve_args;

#define KEYACT_RESOLVE_ARGS_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_resolve_args, source)
#define KEYACT_RESOLVE_ARGS_SIZE_1_1 KEYACT_RESOLVE_ARGS_SIZE_1_0
#define KEYACT_RESOLVE_ARGS_SIZE_1_2 KEYACT_RESOLVE_ARGS_SIZE_1_1

/* Outcomes (values of keyact_resolve_result.outcome). */
#define KEYACT_OUTCOME_NONE 0u  /* no hit: nothing was cast or put into hand. Discover: when
                                 * `discovered` is not KEYACT_CARD_NONE, the library ran out
                                 * and its final card (a land) is the discovered card
                                 * (CR 701.57c), on the bottom with the rest; a host tells
                                 * "discovered, found nothing to cast" from a hit by this
                                 * outcome, without reading the card */
#define KEYACT_OUTCOME_CAST 1u  /* the discovered card was cast */
#define KEYACT_OUTCOME_HAND 2u  /* the discovered card went to hand */
#define KEYACT_OUTCOME_BOTTOM 3u /* the card found was not cast and went to the bottom with
                                  * the rest (cascade, CR 702.85a) */

/* Result flags (bits of keyact_resolve_result.flags). */
#define KEYACT_RESULT_COMPLETE (1u << 0) /* the action ran to its end; every card is where the rules put it */

/* What happened. The host allocates it, sets struct_size (and, optionally,
 * the stranded buffer), and the action fills the rest.
 * Version: the action writes only fields inside struct_size. */
typedef struct keyact_resolve_result {
    uint32_t struct_size;
    uint32_t outcome;              /* KEYACT_OUTCOME_* */
    /* The discovered card or KEYACT_CARD_NONE. CR 701.57c: "If the final
     * card exiled during the process described in rule 701.57a has mana
     * value N or less, it is the 'discovered card,' regardless of whether
     * it was cast or put into a player's hand." Discover: the hit (outcome
     * CAST or HAND); when the library runs out without one, the final card
     * exiled if its mana value is N or less (a land, mana value 0; outcome
     * NONE); none when that card is above N or nothing was exiled (an empty
     * library). Cascade: the card found, or KEYACT_CARD_NONE. */
    keyact_card_id discovered;
    uint32_t mana_value_halves;    /* its mana value x2 (in exile), 0 if none */
    uint32_t face_cast;            /* face index cast, or KEYACT_FACE_NONE */
    uint32_t exiled_count;         /* cards exiled, the hit included */
    uint32_t bottomed_count;       /* cards put on the bottom */
    uint32_t flags;                /* KEYACT_RESULT_* */
    /* Cards not where the rules put them after a failure (all in exile).
     * stranded_count is the total; at most stranded_capacity of them are
     * written to `stranded`, a host-owned buffer that may be NULL. */
    uint32_t stranded_count;
    uint32_t stranded_capacity;    /* set by the host */
    uint32_t reserved0;            /* 0 */
    keyact_card_id *stranded;      /* set by the host; may be NULL */
} keyact_resolve_result;

#define KEYACT_RESOLVE_RESULT_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_resolve_result, stranded)
#define KEYACT_RESOLVE_RESULT_SIZE_1_1 KEYACT_RESOLVE_RESULT_SIZE_1_0
#define KEYACT_RESOLVE_RESULT_SIZE_1_2 KEYACT_RESOLVE_RESULT_SIZE_1_1

typedef struct keyact_action keyact_action;

struct keyact_action {
    uint32_t struct_size;          /* sizeof(keyact_action) as the plugin compiled it */
    uint32_t reserved0;            /* 0 */
    const char *name;              /* keyword action, e.g. "discover"; static */
    const char *impl_id;           /* unique implementation id, e.g. "org.keyact.discover.cr701_57"; static */
    const char *description;       /* one line for people; static; may be NULL */
    /* Perform the action. plugin_ctx is what init returned. `host`, `args`
     * and `result` are owned by the caller and must outlive the call.
     * Thread: any thread, concurrently for different games. Required. */
    int32_t (*resolve)(void *plugin_ctx, const keyact_host *host,
                       const keyact_resolve_args *args,
                       keyact_resolve_result *result);
};

#define KEYACT_ACTION_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_action, resolve)
#define KEYACT_ACTION_SIZE_1_1 KEYACT_ACTION_SIZE_1_0
#define KEYACT_ACTION_SIZE_1_2 KEYACT_ACTION_SIZE_1_1

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_ACTION_H */
