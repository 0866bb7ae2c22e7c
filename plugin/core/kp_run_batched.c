/* SPDX-License-Identifier: MIT */
/* kp_run_batched.c - the steps of kp_run.h through ABI 1.1's batched host
 * calls, for a host whose table has them.
 *
 * The same moves, events and random draws as the 1.0 steps (kp_run.c), in
 * the same order; only the calls differ:
 *  - cards are read and described a window at a time (4, 8, 16, then 32
 *    cards, so a deck that hits at its second card is not described 32
 *    cards deep), while still in the library;
 *  - every move and every event becomes a step (keyact_step) waiting in a
 *    chunk of KP_CHUNK on the stack; the chunk goes to the host in one
 *    apply_steps when it is full, before a question the host must answer
 *    with the cards in place (the hit, the cast), and at the end;
 *  - the shuffle's bounds do not depend on its draws, so they are drawn a
 *    chunk at a time with random_below_each.
 * Each batched call is used only when the host has it; a missing one is
 * replaced by its 1.0 calls (apply_steps by move_card and notify, right
 * away, one step at a time).
 *
 * Failure part-way: apply_steps says how many steps it applied; the steps
 * say what each did (exile, the uncast move, a bottom), so the result's
 * exiled, bottomed and stranded counts stay exact. Nothing is allocated
 * beyond kp_run.c's heap list of more than KP_EXILED_INLINE cards.
 */
#include "kp_run_private.h"

#include <stddef.h>

#include "kp_context.h"

#define KP_WINDOW_FIRST 4u  /* cards read and described in the first window */
#define KP_WINDOW_MOST 32u  /* ... and at most in any window (doubling) */
#define KP_CHUNK 64u        /* steps per apply_steps, draws per random_below_each */

/* The member is in the table and set. */
#define KP_HAS(host, member) (KEYACT_HOST_HAS(host, member) && (host)->member != NULL)

/* What a waiting step changes in the result once the host applied it. */
enum {
    KP_STEP_EVENT = 0,  /* an event alone: nothing */
    KP_STEP_EXILE = 1,  /* the card is in exile: exiled_count + 1 */
    KP_STEP_UNCAST = 2, /* the uncast hit left exile: the rules' uncast outcome */
    KP_STEP_BOTTOM = 3, /* the card is on the bottom: bottomed_count + 1 */
};

/* The steps waiting for the host, and what a failure must report. */
typedef struct kp_batch {
    kp_run *run;
    const kp_action_rules *rules;
    bool has_apply;       /* apply_steps is there: steps wait; else each goes at once */
    bool has_notify;      /* events are made at all */
    bool finishing;       /* past the cast question: a failure strands the bottom cards */
    bool hit_in_exile;    /* finishing: the uncast hit's move has not been applied */
    uint32_t to_bottom;   /* finishing: exiled[0..to_bottom) go to the bottom */
    uint32_t count;       /* steps waiting */
    uint8_t kinds[KP_CHUNK];
    keyact_step steps[KP_CHUNK];
    keyact_event events[KP_CHUNK];
} kp_batch;

bool kp_run_wants_batched(const void *ctx, const keyact_host *host)
{
    const kp_context *context = ctx;

    return context->version.minor >= 1u
           && (KP_HAS(host, library_cards) || KP_HAS(host, describe_cards)
               || KP_HAS(host, apply_steps) || KP_HAS(host, random_below_each));
}

/* Report what is left in exile after a failure: before the cast question,
 * every card that really moved there; after it, the cards not yet on the
 * bottom, and the hit while its uncast move is not done (it is last in the
 * list, right after the bottom cards). */
static void strand(kp_batch *batch)
{
    kp_run *run = batch->run;

    if (!batch->finishing) {
        run->exiled.count = run->result->exiled_count;
        kp_report_stranded(run, 0u, run->exiled.count);
    } else {
        kp_report_stranded(run, run->result->bottomed_count,
                           batch->hit_in_exile ? run->exiled.count : batch->to_bottom);
    }
}

/* Give the waiting steps to the host: one apply_steps, or move_card and
 * notify per step. Counts what was applied; on failure reports the
 * stranded cards and returns the host's code (the resolve stops). */
static int32_t flush(kp_batch *batch)
{
    kp_run *run = batch->run;
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    keyact_resolve_result *result = run->result;
    uint32_t count = batch->count;
    uint32_t done = 0;
    int32_t rc = KEYACT_OK;

    if (count == 0)
        return KEYACT_OK;
    batch->count = 0;
    if (batch->has_apply) {
        rc = host->apply_steps(host, args->game, args->player, batch->steps, count, &done);
        /* A failure applied fewer than all: a host that says otherwise has
         * at least not applied the last one. */
        if (rc == KEYACT_OK)
            done = count;
        else if (done >= count)
            done = count - 1u;
    } else {
        for (; done < count; done++) {
            const keyact_step *step = &batch->steps[done];

            if (step->to_zone != KEYACT_ZONE_NONE) {
                rc = host->move_card(host, args->game, args->player, step->card, step->to_zone,
                                     step->library_index, step->flags);
                if (rc != KEYACT_OK)
                    break;
            }
            if (step->event != NULL)
                host->notify(host, args->game, step->event);
        }
    }

    for (uint32_t i = 0; i < done; i++) {
        switch (batch->kinds[i]) {
        case KP_STEP_EXILE:
            result->exiled_count++;
            break;
        case KP_STEP_UNCAST:
            result->outcome = batch->rules->uncast_outcome;
            batch->hit_in_exile = false;
            break;
        case KP_STEP_BOTTOM:
            result->bottomed_count++;
            break;
        default:
            break;
        }
    }
    if (rc != KEYACT_OK) {
        strand(batch);
        return kp_status(rc);
    }
    return KEYACT_OK;
}

/* Queue one step: a move of `card` (unless to_zone is NONE), then event
 * `type` about it (when the host takes events). Sent at once without
 * apply_steps, else when the chunk is full. */
static int32_t push(kp_batch *batch, uint8_t kind, keyact_card_id card, uint32_t to_zone,
                    uint32_t library_index, uint32_t flags, uint32_t type, uint32_t face,
                    uint32_t index, uint32_t halves)
{
    keyact_step *step = &batch->steps[batch->count];

    if (to_zone == KEYACT_ZONE_NONE && !batch->has_notify)
        return KEYACT_OK;
    step->struct_size = sizeof *step;
    step->to_zone = to_zone;
    step->library_index = library_index;
    step->flags = flags;
    step->card = card;
    step->event = NULL;
    if (batch->has_notify) {
        kp_event_fill(&batch->events[batch->count], batch->run, type, card, face, index, halves);
        step->event = &batch->events[batch->count];
    }
    batch->kinds[batch->count] = kind;
    if (++batch->count == KP_CHUNK || !batch->has_apply)
        return flush(batch);
    return KEYACT_OK;
}

/* An action call failed before a batch: send what waits (a 1.0 host would
 * have seen those moves already), then report and return `rc`. */
static int32_t fail(kp_batch *batch, int32_t rc)
{
    int32_t flushed = flush(batch);

    if (flushed != KEYACT_OK)
        return flushed;
    strand(batch);
    return rc;
}

/* The ids of the next `count` cards, `from_top` cards below the top (those
 * above are read but not moved yet). */
static int32_t read_window(kp_batch *batch, uint32_t from_top, uint32_t count,
                           keyact_card_id *ids)
{
    const keyact_host *host = batch->run->host;
    const keyact_resolve_args *args = batch->run->args;

    if (KP_HAS(host, library_cards))
        return host->library_cards(host, args->game, args->player, from_top, count, ids);
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc = host->library_card(host, args->game, args->player, from_top + i, &ids[i]);

        if (rc != KEYACT_OK)
            return rc;
    }
    return KEYACT_OK;
}

/* Exile from the top until a hit, a window at a time; see kp_run.c's
 * exile_until_hit for the rules. */
static int32_t exile_until_hit(kp_batch *batch, bool *out_found, kp_card_eval *out_eval)
{
    kp_run *run = batch->run;
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    bool has_descs = KP_HAS(host, describe_cards);
    bool windows = has_descs || KP_HAS(host, library_cards);
    uint32_t library_size = 0;
    uint32_t read = 0;
    uint32_t window = KP_WINDOW_FIRST;
    keyact_card_id ids[KP_WINDOW_MOST];
    keyact_card_desc descs[KP_WINDOW_MOST];
    keyact_card_desc *desc_ptrs[KP_WINDOW_MOST];
    int32_t rc;

    *out_found = false;
    rc = host->library_size(host, args->game, args->player, &library_size);
    if (rc != KEYACT_OK)
        return kp_status(rc);

    while (read < library_size) {
        /* Without a batched read or description, one card at a time. */
        uint32_t count = windows ? library_size - read : 1u;
        uint32_t usable = 0;

        if (count > window)
            count = window;
        window = window * 2u > KP_WINDOW_MOST ? KP_WINDOW_MOST : window * 2u;
        rc = read_window(batch, run->exiled.count - run->result->exiled_count, count, ids);
        if (rc != KEYACT_OK)
            return fail(batch, kp_status(rc));
        while (usable < count && ids[usable] != KEYACT_CARD_NONE)
            usable++;
        if (usable > 0 && has_descs) {
            for (uint32_t i = 0; i < usable; i++) {
                memset(&descs[i], 0, sizeof descs[i]);
                descs[i].struct_size = sizeof descs[i];
                desc_ptrs[i] = &descs[i];
            }
            rc = host->describe_cards(host, args->game, ids, usable, desc_ptrs);
            if (rc != KEYACT_OK)
                return fail(batch, kp_status(rc));
        }
        rc = kp_reserve(&run->exiled, usable);
        if (rc != KEYACT_OK)
            return fail(batch, rc);

        for (uint32_t i = 0; i < usable; i++) {
            keyact_card_id card = ids[i];
            keyact_card_desc *desc = &descs[i];
            uint32_t order = run->exiled.count;

            /* Described before its move when moves wait, after it (as on a
             * 1.0 host) when each goes at once. */
            if (!has_descs && batch->has_apply) {
                memset(desc, 0, sizeof *desc);
                desc->struct_size = sizeof *desc;
                rc = host->describe_card(host, args->game, card, desc);
                if (rc != KEYACT_OK)
                    return fail(batch, kp_status(rc));
            }
            run->exiled.ids[run->exiled.count++] = card;
            rc = push(batch, KP_STEP_EXILE, card, KEYACT_ZONE_EXILE, 0u, KEYACT_MOVE_REVEAL,
                      KEYACT_EVENT_EXILED, KEYACT_FACE_NONE, order, 0u);
            if (rc != KEYACT_OK)
                return rc;
            if (!has_descs && !batch->has_apply) {
                memset(desc, 0, sizeof *desc);
                desc->struct_size = sizeof *desc;
                rc = host->describe_card(host, args->game, card, desc);
                if (rc != KEYACT_OK)
                    return fail(batch, kp_status(rc));
            }
            rc = kp_card_evaluate(desc, args->n, run->compare, out_eval);
            if (rc != KEYACT_OK)
                return fail(batch, rc);
            if (out_eval->hit) {
                rc = push(batch, KP_STEP_EVENT, card, KEYACT_ZONE_NONE, 0u, 0u,
                          KEYACT_EVENT_HIT, KEYACT_FACE_NONE, 0u, out_eval->mana_value_halves);
                if (rc == KEYACT_OK)
                    rc = flush(batch);
                if (rc != KEYACT_OK)
                    return rc;
                *out_found = true;
                run->result->discovered = card;
                run->result->mana_value_halves = out_eval->mana_value_halves;
                return KEYACT_OK;
            }
        }
        read += usable;
        if (usable < count)
            return fail(batch, KEYACT_E_RANGE); /* the host named no card */
    }
    return flush(batch);
}

/* exiled[0..count) in a uniformly random order: Fisher-Yates, whose bounds
 * (count, count - 1, ..., 2) do not depend on its draws, drawn a chunk at a
 * time. */
static int32_t shuffle(kp_batch *batch, uint32_t count)
{
    kp_run *run = batch->run;
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    keyact_card_id *ids = run->exiled.ids;
    bool has_each = KP_HAS(host, random_below_each);
    uint32_t bounds[KP_CHUNK];
    uint32_t values[KP_CHUNK];

    /* ids[top] swaps with one of ids[0..top], for top = count - 1 down to 1. */
    uint32_t top = count > 0u ? count - 1u : 0u;

    while (top >= 1u) {
        uint32_t n = top < KP_CHUNK ? top : KP_CHUNK;
        int32_t rc = KEYACT_OK;

        for (uint32_t i = 0; i < n; i++)
            bounds[i] = top - i + 1u;
        if (has_each) {
            rc = host->random_below_each(host, args->game, bounds, n, values);
        } else {
            for (uint32_t i = 0; i < n && rc == KEYACT_OK; i++)
                rc = host->random_below(host, args->game, bounds[i], &values[i]);
        }
        if (rc != KEYACT_OK)
            return fail(batch, kp_status(rc));
        for (uint32_t i = 0; i < n; i++) {
            uint32_t at = top - i;
            uint32_t j = values[i];
            keyact_card_id swap;

            if (j > at)
                return fail(batch, KEYACT_E_RANGE);
            swap = ids[at];
            ids[at] = ids[j];
            ids[j] = swap;
        }
        top -= n;
    }
    return KEYACT_OK;
}

/* After the exile: the cast question, the uncast hit, the bottom, the last
 * event; see kp_run.c's run_steps. */
static int32_t finish(kp_batch *batch, bool found, const kp_card_eval *eval)
{
    kp_run *run = batch->run;
    const kp_action_rules *rules = batch->rules;
    uint32_t to_bottom = run->exiled.count;
    bool hit_to_bottom = false;
    int32_t rc;

    batch->finishing = true;
    if (found) {
        keyact_card_id card = run->exiled.ids[run->exiled.count - 1u];
        uint32_t face;
        kp_cast_result cast = kp_offer_and_cast(run, card, eval, rules->decline_option, &face);

        if (cast == KP_CAST || rules->uncast_zone != KEYACT_ZONE_NONE)
            to_bottom--;
        else
            hit_to_bottom = true;
        batch->to_bottom = to_bottom;
        if (cast != KP_NOT_CAST) {
            rc = push(batch, KP_STEP_EVENT, card, KEYACT_ZONE_NONE, 0u, 0u,
                      cast == KP_CAST ? KEYACT_EVENT_CAST : KEYACT_EVENT_CAST_FAILED, face, 0u,
                      0u);
            if (rc != KEYACT_OK)
                return rc;
        }
        if (cast != KP_CAST && rules->uncast_zone != KEYACT_ZONE_NONE) {
            batch->hit_in_exile = true;
            rc = push(batch, KP_STEP_UNCAST, card, rules->uncast_zone, 0u, 0u,
                      rules->uncast_event, KEYACT_FACE_NONE, 0u, 0u);
            if (rc != KEYACT_OK)
                return rc;
        }
    }
    batch->to_bottom = to_bottom;

    rc = shuffle(batch, to_bottom);
    if (rc != KEYACT_OK)
        return rc;
    for (uint32_t order = 0; order < to_bottom; order++) {
        rc = push(batch, KP_STEP_BOTTOM, run->exiled.ids[order], KEYACT_ZONE_LIBRARY,
                  KEYACT_LIBRARY_BOTTOM, 0u, KEYACT_EVENT_BOTTOM, KEYACT_FACE_NONE, order, 0u);
        if (rc != KEYACT_OK)
            return rc;
    }
    rc = push(batch, KP_STEP_EVENT, run->result->discovered, KEYACT_ZONE_NONE, 0u, 0u,
              rules->last_event, KEYACT_FACE_NONE, 0u,
              rules->last_event_has_value ? run->result->mana_value_halves : 0u);
    if (rc == KEYACT_OK)
        rc = flush(batch);
    if (rc != KEYACT_OK)
        return rc;
    if (hit_to_bottom)
        run->result->outcome = KEYACT_OUTCOME_BOTTOM;
    run->result->flags |= KEYACT_RESULT_COMPLETE;
    return run->question_status;
}

int32_t kp_run_batched(kp_run *run, const kp_action_rules *rules)
{
    kp_batch batch;
    kp_card_eval eval;
    bool found = false;
    int32_t rc;

    batch.run = run;
    batch.rules = rules;
    batch.has_apply = KP_HAS(run->host, apply_steps);
    batch.has_notify = run->host->notify != NULL;
    batch.finishing = false;
    batch.hit_in_exile = false;
    batch.to_bottom = 0;
    batch.count = 0;

    rc = exile_until_hit(&batch, &found, &eval);
    if (rc != KEYACT_OK)
        return rc;
    if (!found)
        kp_name_final_card(run, rules, &eval);
    return finish(&batch, found, &eval);
}
