/* SPDX-License-Identifier: MIT */
/* kp_run.h - one resolve of an "exile until" keyword action (discover,
 * cascade) through the host table. The steps are the same for every such
 * action; a small table (kp_action_rules) says what differs: how values
 * compare with N, the decline option, where an uncast hit goes, and the
 * last event.
 *
 * Every step keeps the resolve contract of keyact/action.h: a failing
 * question callback (can_cast_face, choose, cast_free) is recovered as
 * "not cast" and its code returned at the end; a failing action callback
 * stops the resolve, and the cards left in exile are listed as stranded.
 *
 * Host calls, in order (the trace-golden suite freezes discover's):
 *   library_size once; per card: library_card(0), move_card(EXILE, reveal),
 *   notify EXILED, describe_card, until the first hit or the end;
 *   on a hit: notify HIT, can_cast_face per allowed face, choose (only when
 *   something can be cast), cast_free, notify CAST or CAST_FAILED;
 *   when not cast, the action's place_uncast_hit (discover: move_card(HAND),
 *   notify TO_HAND); random_below for the Fisher-Yates shuffle,
 *   move_card(BOTTOM) and notify BOTTOM for each card; the last event.
 *
 * Thread: a kp_run lives on the resolving thread's stack; nothing is shared.
 */
#ifndef KP_RUN_H
#define KP_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include <keyact/action.h>

#include "kp_card_rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exiled cards kept inside the run (on the stack); more go to the heap. */
#define KP_EXILED_INLINE 256u

/* The exiled cards in exile order; the hit, if any, is the last one. */
typedef struct kp_card_list {
    keyact_card_id *ids;       /* inline_ids or a heap block */
    uint32_t count;
    uint32_t capacity;
    keyact_card_id inline_ids[KP_EXILED_INLINE];
} kp_card_list;

/* One resolve in progress, on the resolving thread's stack. host, args and
 * result belong to the caller of resolve and outlive the run. */
typedef struct kp_run kp_run;
struct kp_run {
    const keyact_host *host;
    const keyact_resolve_args *args;
    keyact_resolve_result *result;
    kp_compare compare;        /* how the hit and each face compare with args->n */
    int32_t question_status;   /* first failure of a recovered question, or 0 */
    kp_card_list exiled;
};

/* What one action makes of the shared steps. Static, action-owned. */
typedef struct kp_action_rules {
    kp_compare compare;          /* the hit and each castable face against N */
    uint32_t decline_option;     /* KEYACT_OPTION_TO_HAND or KEYACT_OPTION_TO_BOTTOM,
                                  * offered after the faces */
    /* Where a hit that was not cast goes (declined, nothing castable, the
     * cast failed). NULL: it stays among the exiled cards and goes to the
     * bottom shuffled in with them; the outcome is then
     * KEYACT_OUTCOME_BOTTOM. Otherwise called once, the card still in
     * exile: it moves the card, sends its event and sets the outcome, and
     * returns 0 or a negative code that stops the resolve (every exiled
     * card is then reported stranded). */
    int32_t (*place_uncast_hit)(kp_run *run, keyact_card_id card);
    uint32_t last_event;         /* KEYACT_EVENT_*: the last event of a finished resolve;
                                  * its card is the hit or KEYACT_CARD_NONE */
    uint32_t last_event_has_value; /* 1: the last event carries the hit's mana value x2 */
} kp_action_rules;

/* Resolve one action under `rules` (the action's own static table, never
 * NULL), following keyact/action.h. Checks the arguments first: `ctx` must
 * be a live kp_context, `host` a 1.0 table with every required callback,
 * args and result at least their 1.0 size, args->n >= 0; else
 * KEYACT_E_INVAL and nothing is touched. Then clears the result's 1.0
 * fields (keeping its struct_size and stranded buffer) and runs the steps
 * above. Allocates nothing while at most KP_EXILED_INLINE cards are
 * exiled. Thread: any; concurrent calls for different games are
 * independent. */
int32_t kp_resolve(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                   const keyact_resolve_args *args, keyact_resolve_result *result);

/* For place_uncast_hit: a host's status as ours (anything but 0 is a
 * failure, and a failure must reach the caller as a negative code). */
int32_t kp_host_status(int32_t rc);

/* For place_uncast_hit: notify one event (if the host has notify), filled
 * with the run's player and n. */
void kp_emit(const kp_run *run, uint32_t type, keyact_card_id card, uint32_t face,
             uint32_t index, uint32_t halves);

#ifdef __cplusplus
}
#endif

#endif /* KP_RUN_H */
