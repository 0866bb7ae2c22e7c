/* SPDX-License-Identifier: MIT */
/* kp_run.c - the steps of kp_run.h, one loop for every host.
 *
 * Every move and every event is a step (card, zone, event). A host with
 * apply_steps gets them queued on the stack and sent KP_CHUNK at a time,
 * at the hit and at the end; any other host gets each at once, through
 * move_card and notify. Cards are read and described a window at a time
 * when the host has library_cards or describe_cards, else one at a time;
 * the shuffle's draws come from random_below_each a chunk at a time, else
 * from random_below one at a time. So a 1.0 host sees the 1.0 calls, a 1.1
 * host the batched calls it has, and every host the same moves, events and
 * draws in the same order.
 *
 * The resolve runs in phases (kp_state.h): the exile, the questions about
 * the hit (kp_questions.c, where a stepped resolve may stop and come back),
 * and the moves after them. A blocking resolve runs all three in one call.
 *
 * The result's counts change only when a step is known to be applied (at
 * once, or when apply_steps returns, the steps saying what each was), so
 * the exiled, bottomed and stranded counts stay exact on a failure part-way.
 */
#include "kp_run.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <keyact/status.h>

#include "kp_state.h"

#define KP_WINDOW_FIRST 4u  /* cards read and described in the first window */
#define KP_WINDOW_MOST 32u  /* ... and at most in any window (doubling) */

/* The steps take the calls above as an argument and are folded into
 * kp_run_phases, which runs them with the 1.0 calls or every batched call
 * (with notify) as constants, and any other mix as it comes: one source,
 * and the two common host kinds pay no test of what the host has. */
#if defined(__GNUC__) || defined(__clang__)
#define KP_FOLDED static inline __attribute__((always_inline))
#else
#define KP_FOLDED static inline
#endif

/* List exiled[from..to) as stranded: the count now, the ids when the
 * result is handed over. */
static void report_stranded(kp_state *st, uint32_t from, uint32_t to)
{
    st->stranded_from = from;
    st->stranded_to = to;
    st->res.stranded_count = to - from;
}

/* After a failure, what is left in exile: before the cast question, every
 * card whose move there was applied; after it, the cards not yet on the
 * bottom, and the hit while its uncast move is not applied (it is last in
 * the list, right after the bottom cards). */
static void strand(kp_state *st)
{
    if (!st->finishing) {
        st->count = st->res.exiled_count;
        report_stranded(st, 0u, st->count);
    } else {
        report_stranded(st, st->res.bottomed_count,
                        st->hit_in_exile ? st->count : st->to_bottom);
    }
}

/* What an applied move changes in the result. */
KP_FOLDED void count_move(kp_state *st, uint32_t to_zone)
{
    if (to_zone == KEYACT_ZONE_EXILE) {
        st->res.exiled_count++;
    } else if (to_zone == KEYACT_ZONE_LIBRARY) {
        st->res.bottomed_count++;
    } else if (to_zone != KEYACT_ZONE_NONE) {
        st->res.outcome = st->rules->uncast_outcome;
        st->hit_in_exile = false;
    }
}

/* Give the waiting steps to the host in one apply_steps and count what it
 * applied; on failure report the stranded cards and return the code. */
static int32_t flush(kp_run *run)
{
    kp_state *st = run->st;
    const keyact_host *host = st->host;
    uint32_t count = run->queued;
    uint32_t done = 0;
    int32_t rc;

    if (count == 0)
        return KEYACT_OK;
    run->queued = 0;
    rc = host->apply_steps(host, st->game, st->player, run->steps, count, &done);
    /* A failure applied fewer than all: a host that says otherwise has at
     * least not applied the last one. */
    if (rc == KEYACT_OK) {
        /* All applied: every card queued for exile is there, every one
         * queued for the bottom too, and the uncast hit has left. */
        if (!st->finishing) {
            st->res.exiled_count = st->count;
        } else {
            st->res.bottomed_count = st->bottoms;
            count_move(st, st->hit_in_exile ? st->rules->uncast_zone : KEYACT_ZONE_NONE);
        }
        return KEYACT_OK;
    }
    if (done >= count)
        done = count - 1u;
    for (uint32_t i = 0; i < done; i++)
        count_move(st, run->steps[i].to_zone);
    strand(st);
    return kp_status(rc);
}

/* A move of `card` (none when to_zone is KEYACT_ZONE_NONE) and then event
 * `type` about it (when the host takes events): queued for apply_steps, or
 * made at once. A failure is reported before it is returned. */
KP_FOLDED int32_t step(kp_run *run, uint32_t calls, keyact_card_id card, uint32_t to_zone,
                       uint32_t library_index, uint32_t flags, uint32_t type, uint32_t face,
                       uint32_t index, uint32_t halves)
{
    kp_state *st = run->st;
    const keyact_host *host = st->host;
    uint32_t slot = run->queued;
    keyact_event now;
    keyact_event *event = (calls & KP_APPLY_MANY) ? &run->events[slot] : &now;
    int32_t rc;

    if ((calls & KP_NOTIFY) == 0 && to_zone == KEYACT_ZONE_NONE)
        return KEYACT_OK;
    if (calls & KP_NOTIFY) {
        /* The 1.0 event has no padding: the initializer is every byte. */
        *event = (keyact_event){
            .struct_size = sizeof *event, .type = type, .player = st->player, .card = card,
            .n = st->n, .face = face, .index = index, .mana_value_halves = halves,
        };
    }
    if (calls & KP_APPLY_MANY) {
        run->steps[slot] = (keyact_step){
            .struct_size = sizeof(keyact_step), .to_zone = to_zone,
            .library_index = library_index, .flags = flags, .card = card,
            .event = (calls & KP_NOTIFY) ? event : NULL,
        };
        run->queued = slot + 1u;
        return slot + 1u == KP_CHUNK ? flush(run) : KEYACT_OK;
    }
    if (to_zone != KEYACT_ZONE_NONE) {
        rc = host->move_card(host, st->game, st->player, card, to_zone, library_index, flags);
        if (rc != KEYACT_OK) {
            strand(st);
            return kp_status(rc);
        }
        count_move(st, to_zone);
    }
    if (calls & KP_NOTIFY)
        host->notify(host, st->game, event);
    return KEYACT_OK;
}

/* An action call failed: send the steps waiting (a host taking each at
 * once would have seen those moves already), then report and return `rc`. */
static int32_t fail(kp_run *run, int32_t rc)
{
    int32_t flushed = flush(run);

    if (flushed != KEYACT_OK)
        return flushed;
    strand(run->st);
    return rc;
}

/* Room for `more` exiled cards past the room there is: the list grows
 * past the inline array onto the heap (doubling). Done before the cards
 * move, so running out of memory never leaves an unrecorded card in exile. */
static int32_t grow(kp_run *run, uint32_t more)
{
    kp_state *st = run->st;
    uint32_t capacity = st->capacity;
    keyact_card_id *ids;

    if (more > UINT32_MAX - st->count)
        return KEYACT_E_NOMEM;
    while (capacity - st->count < more)
        capacity = capacity > UINT32_MAX / 2u ? UINT32_MAX : capacity * 2u;
#if SIZE_MAX <= UINT32_MAX
    /* Only a 32-bit size_t can fail to hold the byte count. */
    if (capacity > SIZE_MAX / sizeof *ids)
        return KEYACT_E_NOMEM;
#endif
    if (st->heap_ids == NULL) {
        ids = malloc((size_t)capacity * sizeof *ids);
        if (ids != NULL)
            memcpy(ids, st->inline_ids, (size_t)st->count * sizeof *ids);
    } else {
        ids = realloc(st->heap_ids, (size_t)capacity * sizeof *ids);
    }
    if (ids == NULL)
        return KEYACT_E_NOMEM;
    st->heap_ids = ids;
    st->capacity = capacity;
    run->ids = ids;
    return KEYACT_OK;
}

/* The ids of the next `count` cards, `from_top` cards below the top (those
 * above are read but their moves still wait). */
KP_FOLDED int32_t read_cards(kp_run *run, uint32_t calls, uint32_t from_top, uint32_t count,
                            keyact_card_id *ids)
{
    const kp_state *st = run->st;
    const keyact_host *host = st->host;

    if (calls & KP_READ_MANY)
        return host->library_cards(host, st->game, st->player, from_top, count, ids);
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc;

        ids[i] = KEYACT_CARD_NONE;
        rc = host->library_card(host, st->game, st->player, from_top + i, &ids[i]);
        if (rc != KEYACT_OK)
            return rc;
    }
    return KEYACT_OK;
}

static int32_t describe_one(const kp_state *st, keyact_card_id card, keyact_card_desc *desc)
{
    memset(desc, 0, sizeof *desc);
    desc->struct_size = sizeof *desc;
    return kp_status(st->host->describe_card(st->host, st->game, card, desc));
}

/* The first sentence of both rules: exile from the top until a nonland
 * card whose value passes the rules' comparison, or until the library is
 * exhausted. On a hit the result names it and HIT is sent; st->eval is the
 * last card's evaluation either way. */
KP_FOLDED int32_t exile_until_hit(kp_run *run, uint32_t calls)
{
    kp_state *st = run->st;
    const keyact_host *host = st->host;
    kp_card_eval *eval = &st->eval;
    bool windows = (calls & (KP_READ_MANY | KP_DESCRIBE_MANY)) != 0;
    bool describe_many = (calls & KP_DESCRIBE_MANY) != 0;
    bool describe_before_move = !describe_many && (calls & KP_APPLY_MANY) != 0;
    bool describe_after_move = !describe_many && (calls & KP_APPLY_MANY) == 0;
    uint32_t library_size = 0;
    uint32_t read = 0;
    uint32_t window = KP_WINDOW_FIRST;
    keyact_card_id ids[KP_WINDOW_MOST];
    keyact_card_desc descs[KP_WINDOW_MOST];
    keyact_card_desc *desc_ptrs[KP_WINDOW_MOST];
    int32_t rc;

    rc = host->library_size(host, st->game, st->player, &library_size);
    if (rc != KEYACT_OK)
        return kp_status(rc);

    while (read < library_size) {
        uint32_t count = windows ? library_size - read : 1u;
        uint32_t usable = 0;

        if (count > window)
            count = window;
        window = window * 2u > KP_WINDOW_MOST ? KP_WINDOW_MOST : window * 2u;
        rc = read_cards(run, calls, st->count - st->res.exiled_count, count, ids);
        if (rc != KEYACT_OK)
            return fail(run, kp_status(rc));
        while (usable < count && ids[usable] != KEYACT_CARD_NONE)
            usable++;
        if (usable > 0 && describe_many) {
            for (uint32_t i = 0; i < usable; i++) {
                memset(&descs[i], 0, sizeof descs[i]);
                descs[i].struct_size = sizeof descs[i];
                desc_ptrs[i] = &descs[i];
            }
            rc = host->describe_cards(host, st->game, ids, usable, desc_ptrs);
            if (rc != KEYACT_OK)
                return fail(run, kp_status(rc));
        }
        if (usable > st->capacity - st->count && (rc = grow(run, usable)) != KEYACT_OK)
            return fail(run, rc);

        for (uint32_t i = 0; i < usable; i++) {
            keyact_card_id card = ids[i];
            uint32_t order = st->count;

            /* Described while its move waits, or after it (as on a 1.0
             * host) when each move goes at once. */
            if (describe_before_move && (rc = describe_one(st, card, &descs[i])) != KEYACT_OK)
                return fail(run, rc);
            run->ids[st->count++] = card;
            rc = step(run, calls, card, KEYACT_ZONE_EXILE, 0u, KEYACT_MOVE_REVEAL, KEYACT_EVENT_EXILED,
                      KEYACT_FACE_NONE, order, 0u);
            if (rc != KEYACT_OK)
                return rc;
            if (describe_after_move && (rc = describe_one(st, card, &descs[i])) != KEYACT_OK)
                return fail(run, rc);
            rc = kp_card_evaluate(&descs[i], st->n, st->rules->compare, eval);
            if (rc != KEYACT_OK)
                return fail(run, rc);
            if (eval->hit) {
                rc = step(run, calls, card, KEYACT_ZONE_NONE, 0u, 0u, KEYACT_EVENT_HIT,
                          KEYACT_FACE_NONE, 0u, eval->mana_value_halves);
                if (rc == KEYACT_OK && (calls & KP_APPLY_MANY))
                    rc = flush(run);
                if (rc != KEYACT_OK)
                    return rc;
                st->found = true;
                st->res.discovered = card;
                st->res.mana_value_halves = eval->mana_value_halves;
                return KEYACT_OK;
            }
        }
        read += usable;
        if (usable < count)
            return fail(run, KEYACT_E_RANGE); /* the host named no card */
    }
    return (calls & KP_APPLY_MANY) ? flush(run) : KEYACT_OK;
}

/* CR 701.57c: "If the final card exiled during the process described in
 * rule 701.57a has mana value N or less, it is the 'discovered card,'
 * regardless of whether it was cast or put into a player's hand." Called
 * when the library ran out without a hit, st->eval being the evaluation of
 * the final card exiled (not read when nothing was exiled). That card is a
 * land or a card above N; when its value passes (a land: mana value 0) and
 * the action has such a card (final_card_counts), the result names it and
 * its value, so the last event carries them too. It is neither cast nor
 * put into hand: the outcome stays NONE, and it goes to the bottom with the
 * rest. */
static void name_final_card(kp_run *run)
{
    kp_state *st = run->st;
    const kp_action_rules *rules = st->rules;
    uint64_t bound = 2u * (uint64_t)st->n + (rules->compare == KP_AT_MOST ? 1u : 0u);

    if (!rules->final_card_counts || st->count == 0u || st->eval.mana_value_halves >= bound)
        return;
    st->res.discovered = run->ids[st->count - 1u];
    st->res.mana_value_halves = st->eval.mana_value_halves;
}

/* exiled[0..count) in a uniformly random order: Fisher-Yates, ids[top]
 * swapping with one of ids[0..top] for top = count - 1 down to 1. Its
 * bounds do not depend on its draws, so random_below_each draws a chunk of
 * them at once. */
KP_FOLDED int32_t shuffle(kp_run *run, uint32_t calls, uint32_t count)
{
    const kp_state *st = run->st;
    const keyact_host *host = st->host;
    keyact_card_id *ids = run->ids;
    uint32_t bounds[KP_CHUNK];
    uint32_t values[KP_CHUNK];
    uint32_t top = count > 0u ? count - 1u : 0u;

    while (top >= 1u) {
        uint32_t n = 1u;
        int32_t rc;

        if (calls & KP_DRAW_MANY) {
            n = top < KP_CHUNK ? top : KP_CHUNK;
            for (uint32_t i = 0; i < n; i++)
                bounds[i] = top - i + 1u;
            rc = host->random_below_each(host, st->game, bounds, n, values);
        } else {
            values[0] = UINT32_MAX;
            rc = host->random_below(host, st->game, top + 1u, &values[0]);
        }
        if (rc != KEYACT_OK)
            return fail(run, kp_status(rc));
        for (uint32_t i = 0; i < n; i++, top--) {
            uint32_t j = values[i];
            keyact_card_id swap;

            if (j > top)
                return fail(run, KEYACT_E_RANGE);
            swap = ids[top];
            ids[top] = ids[j];
            ids[j] = swap;
        }
    }
    return KEYACT_OK;
}

/* After the questions: the cast's event, the uncast hit, the bottom, the
 * last event. */
KP_FOLDED int32_t finish(kp_run *run, uint32_t calls)
{
    kp_state *st = run->st;
    const kp_action_rules *rules = st->rules;
    bool hit_to_bottom = false;
    int32_t rc = KEYACT_OK;

    st->finishing = true;
    /* The hit is last in the list: leaving it out of the bottom is the
     * count minus one, keeping it in shuffles it with the rest. */
    st->to_bottom = st->count;
    if (st->found) {
        keyact_card_id card = run->ids[st->count - 1u];
        bool cast = st->cast_event == KEYACT_EVENT_CAST;

        if (cast || rules->uncast_zone != KEYACT_ZONE_NONE)
            st->to_bottom--;
        else
            hit_to_bottom = true;
        if (st->cast_event != 0u)
            rc = step(run, calls, card, KEYACT_ZONE_NONE, 0u, 0u, st->cast_event, st->face, 0u,
                      0u);
        /* Discover: "If you don't cast it, put that card into your hand." */
        if (rc == KEYACT_OK && !cast && rules->uncast_zone != KEYACT_ZONE_NONE) {
            st->hit_in_exile = true;
            rc = step(run, calls, card, rules->uncast_zone, 0u, 0u, rules->uncast_event,
                      KEYACT_FACE_NONE, 0u, 0u);
        }
        if (rc != KEYACT_OK)
            return rc;
    }

    rc = shuffle(run, calls, st->to_bottom);
    if (rc != KEYACT_OK)
        return rc;
    for (uint32_t order = 0; order < st->to_bottom; order++) {
        st->bottoms = order + 1u;
        rc = step(run, calls, run->ids[order], KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM, 0u,
                  KEYACT_EVENT_BOTTOM, KEYACT_FACE_NONE, order, 0u);
        if (rc != KEYACT_OK)
            return rc;
    }
    rc = step(run, calls, st->res.discovered, KEYACT_ZONE_NONE, 0u, 0u, rules->last_event,
              KEYACT_FACE_NONE, 0u, rules->last_event_has_value ? st->res.mana_value_halves : 0u);
    if (rc == KEYACT_OK && (calls & KP_APPLY_MANY))
        rc = flush(run);
    if (rc != KEYACT_OK)
        return rc;
    if (hit_to_bottom)
        st->res.outcome = KEYACT_OUTCOME_BOTTOM;
    st->res.flags |= KEYACT_RESULT_COMPLETE;
    return st->question_status;
}

/* The resolve from its phase on, with the batched `calls`. */
KP_FOLDED int32_t run_phases(kp_run *run, uint32_t calls)
{
    kp_state *st = run->st;
    int32_t rc;

    if (st->phase == KP_PHASE_EXILE) {
        rc = exile_until_hit(run, calls);
        if (rc != KEYACT_OK)
            return rc;
        if (!st->found)
            name_final_card(run);
        st->phase = st->found ? KP_PHASE_ASK : KP_PHASE_FINISH;
    }
    if (st->phase == KP_PHASE_ASK) {
        if (!kp_ask(run))
            return KEYACT_WAITING;
        st->phase = KP_PHASE_FINISH;
    }
    return finish(run, calls);
}

int32_t kp_run_phases(kp_run *run)
{
    uint32_t calls = run->st->calls;

    if (calls == KP_NOTIFY)
        return run_phases(run, KP_NOTIFY);
    if (calls == (KP_ALL_MANY | KP_NOTIFY))
        return run_phases(run, KP_ALL_MANY | KP_NOTIFY);
    return run_phases(run, calls);
}
