/* SPDX-License-Identifier: MIT */
/* kp_run.h - one resolve of an "exile until" keyword action (discover,
 * cascade) through the host table. The steps are the same for every such
 * action; a small table (kp_action_rules) says what differs: how values
 * compare with N, the decline option, where an uncast hit goes (a zone and
 * an event: data, not a callback), and the last event.
 *
 * Every step keeps the resolve contract of keyact/action.h: a failing
 * question callback (can_cast_face, choose, cast_free) is recovered as
 * "not cast" and its code returned at the end; a failing action callback
 * stops the resolve, and the cards left in exile are listed as stranded.
 *
 * Host calls, in order, on a 1.0 host (or a plugin negotiated at 1.0; the
 * trace-golden suite freezes discover's):
 *   library_size once; per card: library_card(0), move_card(EXILE, reveal),
 *   notify EXILED, describe_card, until the first hit or the end;
 *   on a hit: notify HIT, can_cast_face per allowed face, choose (only when
 *   something can be cast), cast_free, notify CAST or CAST_FAILED;
 *   when not cast and the rules name an uncast zone (discover: hand):
 *   move_card(uncast_zone), notify uncast_event; random_below for the
 *   Fisher-Yates shuffle, move_card(BOTTOM) and notify BOTTOM for each card;
 *   the last event.
 *
 * On a 1.1 host (negotiated 1.1 or later, the member in the table and set;
 * each batched call is used on its own, the 1.0 calls stand in for a
 * missing one), the same moves, events and random draws in the same order,
 * in fewer calls:
 *   library_size once; then windows of 4, 8, 16, then 32 cards (never past
 *   the library): library_cards(from_top = the cards read but not yet
 *   moved, count), describe_cards of the window (the cards are described
 *   while still in the library, the ones after the hit included), and each
 *   card evaluated in order; its move to exile and EXILED (and HIT after
 *   the hit) become steps of apply_steps, sent when 64 are waiting, at the
 *   hit and at the end of the library;
 *   on a hit: can_cast_face per face, choose, cast_free as above; then
 *   random_below_each for the shuffle's bounds (64 per call) and
 *   apply_steps with CAST or CAST_FAILED, the uncast move and its event,
 *   every move to the bottom and its BOTTOM, and the last event (64 steps
 *   per call). A 60-card deck hitting at its third card: library_size,
 *   library_cards, describe_cards, apply_steps, the questions,
 *   random_below_each, apply_steps.
 *   Failure part-way: apply_steps says how many steps it applied, so the
 *   exiled, bottomed and stranded counts stay exact; an action call
 *   failing before a batch sends the steps already waiting first (the
 *   cards a 1.0 host would have seen exiled), then stops.
 *
 * Stepped (ABI 1.3, keyact/stepped.h): the same calls, except that each
 * question whose kind the host waits for (can_cast_face, choose, cast_free)
 * is not a call: the step returns KEYACT_WAITING there, and the next step
 * takes the host's answer where the callback's answer would have been.
 *
 * Thread: a blocking resolve lives on the resolving thread's stack, a
 * stepped one in the host's state block; nothing is shared.
 */
#ifndef KP_RUN_H
#define KP_RUN_H

#include <stdint.h>

#include <keyact/action.h>

#include "kp_card_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one action makes of the shared steps. Static, action-owned. */
typedef struct kp_action_rules {
    kp_compare compare;          /* the hit and each castable face against N */
    uint32_t decline_option;     /* KEYACT_OPTION_TO_HAND or KEYACT_OPTION_TO_BOTTOM,
                                  * offered after the faces */
    /* Where a hit that was not cast goes (declined, nothing castable, the
     * cast failed): KEYACT_ZONE_HAND (discover) moves it there, sends
     * uncast_event and sets uncast_outcome; a failing move stops the
     * resolve (every exiled card is then reported stranded).
     * KEYACT_ZONE_NONE (cascade): it stays among the exiled cards and goes
     * to the bottom shuffled in with them; the outcome is then
     * KEYACT_OUTCOME_BOTTOM and the other two fields are not used. */
    uint32_t uncast_zone;        /* KEYACT_ZONE_HAND or KEYACT_ZONE_NONE */
    uint32_t uncast_event;       /* KEYACT_EVENT_* sent after that move */
    uint32_t uncast_outcome;     /* KEYACT_OUTCOME_* once it moved */
    uint32_t last_event;         /* KEYACT_EVENT_*: the last event of a finished resolve;
                                  * its card is result->discovered: the hit, the
                                  * final card (final_card_counts) or KEYACT_CARD_NONE */
    uint32_t last_event_has_value; /* 1: the last event carries the hit's mana value x2 */
    /* 1 (discover): when the library runs out without a hit, the final card
     * exiled is still reported, if its value passes `compare` (CR 701.57c;
     * see kp_name_final_card). 0 (cascade): only a hit is reported. */
    uint32_t final_card_counts;
} kp_action_rules;

/* Resolve one action under `rules` (the action's own static table, never
 * NULL), following keyact/action.h: the blocking resolve. Checks the
 * arguments first: `ctx` must be a live kp_context, `host` at least a 1.0
 * table with every required callback (the 1.0 ones: a 1.1 host's batched
 * calls are optional), args and result at least their 1.0 size, args->n >=
 * 0; else KEYACT_E_INVAL and nothing is touched. Then runs the steps above,
 * through the batched calls when the context's version is 1.1 or later and
 * the host has them, and fills the result's 1.0 fields (keeping its
 * struct_size and stranded buffer). It is kp_begin with no waits and one
 * kp_step, on a state on its own stack. Allocates nothing while at most 256
 * cards are exiled (more go to one heap block, freed before returning).
 * Thread: any; concurrent calls for different games are independent. */
int32_t kp_resolve(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                   const keyact_resolve_args *args, keyact_resolve_result *result);

/* The stepped resolve (keyact/stepped.h; keyact_action.begin, .step,
 * .answer, .abandon), with the same checks and the same calls as
 * kp_resolve: a waited question takes its callback's place. The state
 * block holds a kp_state (kp_state.h: its sizeof and _Alignof are the
 * action's state_size and state_align). kp_begin also answers
 * KEYACT_E_VERSION for a context negotiated below 1.3. Thread: any, one call
 * at a time per state. */
int32_t kp_begin(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                 const keyact_resolve_args *args, uint32_t waits, void *state,
                 uint32_t state_size);
int32_t kp_step(void *ctx, void *state, keyact_resolve_result *result,
                keyact_question *out_question);
int32_t kp_answer(void *ctx, void *state, const keyact_answer *answer);
int32_t kp_abandon(void *ctx, void *state, keyact_resolve_result *result);

#ifdef __cplusplus
}
#endif

#endif /* KP_RUN_H */
