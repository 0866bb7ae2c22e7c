/* SPDX-License-Identifier: MIT */
/* kp_state.h - one resolve in progress, split in two by lifetime:
 *
 *  - kp_state lives as long as the resolve: in the host's state block for a
 *    stepped resolve (keyact/stepped.h), on kp_resolve's stack for a
 *    blocking one. It holds no pointer into itself (the exiled list is the
 *    inline array or one heap block, chosen by heap_ids), so a host may move
 *    the block between steps.
 *  - kp_run lives for one step: the step's stack, with the queue of steps
 *    waiting for apply_steps. The queue is always empty when a step stops
 *    for an answer (the questions come after the hit's flush), so it never
 *    has to survive a wait.
 *
 * Private to plugin/core; the plugins see only sizeof(kp_state) and its
 * alignment (keyact_action.state_size, .state_align).
 */
#ifndef KP_STATE_H
#define KP_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include <keyact/action.h>

#include "kp_card_rules.h"
#include "kp_run.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KP_CHUNK 64u          /* steps per apply_steps, draws per random_below_each */
#define KP_EXILED_INLINE 256u /* exiled cards kept in the state; more go to the heap */

/* A state begun and not over, and one whose resolve is over. Anything else
 * is a block never begun (or not ours). */
#define KP_STATE_BEGUN 0x6b705342u /* "kpSB" */
#define KP_STATE_OVER  0x6b70534fu /* "kpSO" */

/* Where the resolve is. */
#define KP_PHASE_EXILE  0u /* not stepped yet: the exile runs at the first step */
#define KP_PHASE_ASK    1u /* the hit is found: its questions are being asked */
#define KP_PHASE_FINISH 2u /* the questions are over: the moves after them */

/* The batched calls a resolve makes (the others' 1.0 calls stand in). */
#define KP_READ_MANY 0x1u     /* library_cards */
#define KP_DESCRIBE_MANY 0x2u /* describe_cards */
#define KP_APPLY_MANY 0x4u    /* apply_steps: steps wait in the queue */
#define KP_DRAW_MANY 0x8u     /* random_below_each */
#define KP_ALL_MANY 0xfu
#define KP_NOTIFY 0x10u       /* and notify (events inside the steps when batched) */

typedef struct kp_state {
    uint32_t magic;               /* KP_STATE_BEGUN / KP_STATE_OVER */
    uint32_t phase;               /* KP_PHASE_* */
    const void *ctx;              /* the plugin context that began it */
    const kp_action_rules *rules; /* static, the action's */
    const keyact_host *host;      /* the caller's, valid until the resolve is over */
    keyact_game_id game;
    keyact_player_id player;
    int32_t n;
    uint32_t calls;               /* KP_* above, fixed at begin from the table */
    uint32_t waits;               /* KEYACT_WAIT_* */
    int32_t question_status;      /* first failure of a recovered question, or 0 */
    /* The result so far (the 1.0 fields; struct_size, the stranded buffer
     * and its capacity are the host's and unused here). Written into the
     * host's result when the resolve is over. */
    keyact_resolve_result res;
    uint32_t stranded_from;       /* on a failure: exiled[stranded_from..stranded_to) */
    uint32_t stranded_to;
    bool found;                   /* the exile found a hit (last in the list) */
    bool finishing;               /* past the questions: a failure strands what is not on the bottom */
    bool hit_in_exile;            /* finishing: the uncast hit's move is not applied yet */
    uint32_t to_bottom;           /* finishing: exiled[0..to_bottom) go to the bottom */
    uint32_t bottoms;             /* finishing: moves to the bottom queued so far */
    kp_card_eval eval;            /* the hit's evaluation (or the final card's) */
    /* The questions (kp_questions.c). */
    uint32_t question;            /* the one being worked on: KEYACT_QUESTION_*, NONE when over */
    uint32_t next_face;           /* CAN_CAST: the next face to ask about */
    uint32_t option_count;        /* CHOOSE: options gathered so far */
    keyact_option options[KEYACT_MAX_FACES + 1u];
    uint32_t face;                /* the face chosen to cast, or KEYACT_FACE_NONE */
    uint32_t cast_event;          /* CAST, CAST_FAILED, or 0: no cast was tried */
    uint32_t asked;               /* the question waiting for the host, or NONE */
    uint32_t asked_face;          /* its face (CAN_CAST, CAST) */
    bool answered;                /* the host answered it: answer_* hold the answer */
    int32_t answer_status;
    uint32_t answer_value;
    /* The exiled cards in exile order (the hit last). */
    keyact_card_id *heap_ids;     /* NULL: inline_ids */
    uint32_t count;
    uint32_t capacity;
    keyact_card_id inline_ids[KP_EXILED_INLINE];
} kp_state;

/* One step's working memory, on the step's stack. */
typedef struct kp_run {
    kp_state *st;
    keyact_card_id *ids;          /* st->heap_ids or st->inline_ids */
    uint32_t queued;              /* steps waiting for apply_steps */
    keyact_step steps[KP_CHUNK];
    keyact_event events[KP_CHUNK];
} kp_run;

/* kp_run.c: run the resolve from its phase on. KEYACT_WAITING when the
 * questions wait for the host (st->asked), else the resolve is over and
 * this is its status. */
int32_t kp_run_phases(kp_run *run);

/* kp_questions.c: the questions about the hit, from st->question on; true
 * when they are over (st->face and st->cast_event say how), false when one
 * waits for the host (st->asked). */
bool kp_ask(kp_run *run);

/* A host's status as ours (anything but 0 is a failure, and a failure must
 * reach the caller as a negative code). */
static inline int32_t kp_status(int32_t rc)
{
    return rc > 0 ? KEYACT_E_HOST : rc;
}

static inline void kp_note_question_failure(kp_state *st, int32_t rc)
{
    if (st->question_status == KEYACT_OK)
        st->question_status = rc;
}

#ifdef __cplusplus
}
#endif

#endif /* KP_STATE_H */
