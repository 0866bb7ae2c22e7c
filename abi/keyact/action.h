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

#include <stddef.h>
#include <stdint.h>

#include "host.h"
#include "stepped.h"
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
#define KEYACT_RESOLVE_ARGS_SIZE_1_3 KEYACT_RESOLVE_ARGS_SIZE_1_2
#define KEYACT_RESOLVE_ARGS_SIZE_1_4 KEYACT_RESOLVE_ARGS_SIZE_1_3

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
#define KEYACT_RESOLVE_RESULT_SIZE_1_3 KEYACT_RESOLVE_RESULT_SIZE_1_2
#define KEYACT_RESOLVE_RESULT_SIZE_1_4 KEYACT_RESOLVE_RESULT_SIZE_1_3

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

    /* ---- ABI 1.3: the stepped resolve (stepped.h). ----
     * Optional: a host uses these only when it negotiated 1.3 or later and
     * KEYACT_ACTION_HAS(action, abandon) with begin not NULL; then all four
     * functions are set and state_size is not 0. plugin_ctx is what init
     * returned, the same for every call of one resolve. Thread: any, one
     * call at a time per state block (stepped.h). */

    /* The state block a stepped resolve needs: at least this many bytes,
     * at an address that is a multiple of state_align (a power of two, at
     * most 16). Static for the load. */
    uint32_t state_size;
    uint32_t state_align;

    /* Start a resolve in `state` (state_size bytes, host-owned, whatever it
     * held before; a block whose resolve is still in progress must be ended
     * first). Checks what resolve() checks and makes no host call; `args`
     * is read during this call only. `host` must stay valid, unchanged, at
     * its address until the resolve is over; its callbacks are called
     * during step() only. `waits` is a set of KEYACT_WAIT_* bits: those
     * questions come back from step() as KEYACT_WAITING, and the host table
     * may leave their callbacks NULL; every callback a question not in
     * `waits` needs, and every other required one, must be set.
     * Returns 0, KEYACT_E_INVAL (bad arguments, a block too small or
     * misaligned, an unknown wait bit; the block is left unbegun) or
     * KEYACT_E_VERSION (the load negotiated below 1.3). */
    int32_t (*begin)(void *plugin_ctx, const keyact_host *host,
                     const keyact_resolve_args *args, uint32_t waits,
                     void *state, uint32_t state_size);

    /* Run the resolve in `state` on. Returns KEYACT_WAITING with the
     * question in *out_question (host-owned, struct_size set by the host)
     * when it needs an answer; asked again before answer(), it returns the
     * same question again and does nothing else. Any other return ends the
     * resolve: it is the status resolve() would return, *result (host-owned,
     * struct_size and stranded buffer set by the host; untouched by every
     * step that waits) is filled as resolve() fills it, and
     * out_question->kind is KEYACT_QUESTION_NONE. KEYACT_E_INVAL for a block
     * not begun (nothing else happens), KEYACT_E_STATE for one whose
     * resolve is over. */
    int32_t (*step)(void *plugin_ctx, void *state, keyact_resolve_result *result,
                    keyact_question *out_question);

    /* Answer the question the resolve in `state` waits for (`answer` is
     * host-owned, read during the call). Nothing else happens until the
     * next step(). KEYACT_E_STATE, and nothing changes, when it waits for
     * no question (not stepped yet, answered already, over) or for one of
     * another kind; KEYACT_E_INVAL for a block not begun or an answer
     * whose struct_size is too small. */
    int32_t (*answer)(void *plugin_ctx, void *state, const keyact_answer *answer);

    /* End a resolve that was begun but is not over: nothing more is moved
     * and no host call is made. *result (as for step) gets the counts so
     * far, flags without KEYACT_RESULT_COMPLETE, and as stranded every card
     * the plugin moved, in the order it moved them: all are in exile, as
     * far as the plugin knows (a CAST question not yet answered: the hit
     * too, since only the host knows whether its cast went ahead; answered
     * KEYACT_CAST_DONE: not the hit). Returns 0; KEYACT_E_STATE when the
     * resolve is already over, KEYACT_E_INVAL for a block not begun. */
    int32_t (*abandon)(void *plugin_ctx, void *state, keyact_resolve_result *result);
};

#define KEYACT_ACTION_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_action, resolve)
#define KEYACT_ACTION_SIZE_1_1 KEYACT_ACTION_SIZE_1_0
#define KEYACT_ACTION_SIZE_1_2 KEYACT_ACTION_SIZE_1_1
#define KEYACT_ACTION_SIZE_1_3 KEYACT_SIZE_THROUGH(keyact_action, abandon)
#define KEYACT_ACTION_SIZE_1_4 KEYACT_ACTION_SIZE_1_3

/* True when an action of this struct_size has member `member`. */
#define KEYACT_ACTION_HAS(action, member) \
    ((action)->struct_size >= offsetof(keyact_action, member) + sizeof((action)->member))

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_ACTION_H */
