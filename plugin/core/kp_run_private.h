/* SPDX-License-Identifier: MIT */
/* kp_run_private.h - what the two ways of running the steps share: the 1.0
 * calls (kp_run.c) and the batched calls of ABI 1.1 (kp_run_batched.c).
 *
 * The small helpers a resolve calls per card are static inline here, so each
 * path gets them folded in (a called helper costs prologues and reloads on
 * the hot path, which the benchmark counts in instructions).
 */
#ifndef KP_RUN_PRIVATE_H
#define KP_RUN_PRIVATE_H

#include <stdlib.h>
#include <string.h>

#include <keyact/status.h>

#include "kp_run.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A host's status as ours (anything but 0 is a failure, and a failure must
 * reach the caller as a negative code). */
static inline int32_t kp_status(int32_t rc)
{
    return rc > 0 ? KEYACT_E_HOST : rc;
}

static inline void kp_note_question_failure(kp_run *run, int32_t rc)
{
    if (run->question_status == KEYACT_OK)
        run->question_status = rc;
}

/* One event as notify gets it, with the run's player and n. An initializer
 * zeroes any member it does not name, and the 1.0 struct has no padding:
 * no memset needed. */
static inline void kp_event_fill(keyact_event *event, const kp_run *run, uint32_t type,
                                 keyact_card_id card, uint32_t face, uint32_t index,
                                 uint32_t halves)
{
    *event = (keyact_event){
        .struct_size = sizeof *event,
        .type = type,
        .player = run->args->player,
        .card = card,
        .n = run->args->n,
        .face = face,
        .index = index,
        .mana_value_halves = halves,
    };
}

/* List exiled[from..to) as stranded (the count always, the ids as far as
 * the host's buffer goes). */
static inline void kp_report_stranded(kp_run *run, uint32_t from, uint32_t to)
{
    keyact_resolve_result *result = run->result;
    uint32_t written = 0;

    result->stranded_count = to - from;
    if (result->stranded == NULL)
        return;
    for (uint32_t i = from; i < to && written < result->stranded_capacity; i++)
        result->stranded[written++] = run->exiled.ids[i];
}

/* Room for `more` exiled cards, growing past the inline array onto the heap
 * (doubling). Done before the cards move, so running out of memory never
 * leaves an unrecorded card in exile. */
static inline int32_t kp_reserve(kp_card_list *list, uint32_t more)
{
    uint32_t capacity;
    keyact_card_id *ids;

    if (more <= list->capacity - list->count)
        return KEYACT_OK;
    if (more > UINT32_MAX - list->count)
        return KEYACT_E_NOMEM;
    capacity = list->capacity;
    while (capacity - list->count < more)
        capacity = capacity > UINT32_MAX / 2u ? UINT32_MAX : capacity * 2u;
#if SIZE_MAX <= UINT32_MAX
    /* Only a 32-bit size_t can fail to hold the byte count. */
    if (capacity > SIZE_MAX / sizeof *ids)
        return KEYACT_E_NOMEM;
#endif
    if (list->ids == list->inline_ids) {
        ids = malloc((size_t)capacity * sizeof *ids);
        if (ids != NULL)
            memcpy(ids, list->inline_ids, (size_t)list->count * sizeof *ids);
    } else {
        ids = realloc(list->ids, (size_t)capacity * sizeof *ids);
    }
    if (ids == NULL)
        return KEYACT_E_NOMEM;
    list->ids = ids;
    list->capacity = capacity;
    return KEYACT_OK;
}

/* CR 701.57c: "If the final card exiled during the process described in
 * rule 701.57a has mana value N or less, it is the 'discovered card,'
 * regardless of whether it was cast or put into a player's hand." Called
 * when the library ran out without a hit, with `last` the evaluation of the
 * final card exiled (not read when nothing was exiled). That card is a land
 * or a card above N; when its value passes (a land: mana value 0), the
 * result names it and its value, so the last event carries them too. It is
 * neither cast nor put into hand: the outcome stays NONE, and it goes to the
 * bottom with the rest. */
static inline void kp_name_final_card(kp_run *run, const kp_action_rules *rules,
                                      const kp_card_eval *last)
{
    uint64_t bound = 2u * (uint64_t)run->args->n + (rules->compare == KP_AT_MOST ? 1u : 0u);

    if (!rules->final_card_counts || run->exiled.count == 0
        || last->mana_value_halves >= bound)
        return;
    run->result->discovered = run->exiled.ids[run->exiled.count - 1u];
    run->result->mana_value_halves = last->mana_value_halves;
}

/* What became of the cast question (kp_offer_and_cast). */
typedef enum kp_cast_result {
    KP_NOT_CAST = 0,    /* declined or nothing castable: no cast tried */
    KP_CAST = 1,        /* cast: send CAST (outcome and face_cast are set) */
    KP_CAST_FAILED = 2, /* a cast was tried and did not happen: send CAST_FAILED */
} kp_cast_result;

/* "You may cast that card without paying its mana cost": can_cast_face per
 * allowed face, choose (when something can be cast), cast_free. Sends no
 * event: the caller sends CAST or CAST_FAILED for *out_face, each path its
 * own way. Every failure here is a question failure (noted in the run). */
kp_cast_result kp_offer_and_cast(kp_run *run, keyact_card_id card, const kp_card_eval *eval,
                                 uint32_t decline_kind, uint32_t *out_face);

/* True when the run should use the batched calls: the plugin negotiated
 * 1.1 or later and the host's table has at least one of them set. */
bool kp_run_wants_batched(const void *ctx, const keyact_host *host);

/* The steps of kp_run.h through the batched calls (each one the host has;
 * the 1.0 calls for the others). */
int32_t kp_run_batched(kp_run *run, const kp_action_rules *rules);

#ifdef __cplusplus
}
#endif

#endif /* KP_RUN_PRIVATE_H */
