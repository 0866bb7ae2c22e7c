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

#include "kp_context.h"

#define KP_WINDOW_FIRST 4u  /* cards read and described in the first window */
#define KP_WINDOW_MOST 32u  /* ... and at most in any window (doubling) */
#define KP_CHUNK 64u        /* steps per apply_steps, draws per random_below_each */
#define KP_EXILED_INLINE 256u /* exiled cards kept on the stack; more go to the heap */

/* The member is in the table and set. */
#define KP_HAS(host, member) (KEYACT_HOST_HAS(host, member) && (host)->member != NULL)

/* The batched calls a resolve makes (the others' 1.0 calls stand in). */
#define KP_READ_MANY 0x1u     /* library_cards */
#define KP_DESCRIBE_MANY 0x2u /* describe_cards */
#define KP_APPLY_MANY 0x4u    /* apply_steps: steps wait in the queue */
#define KP_DRAW_MANY 0x8u     /* random_below_each */
#define KP_ALL_MANY 0xfu
#define KP_NOTIFY 0x10u       /* and notify (events inside the steps when batched) */

/* The steps take the calls above as an argument and are folded into
 * kp_resolve, which runs them with the 1.0 calls or every batched call
 * (with notify) as constants, and any other mix as it comes: one source,
 * and the two common host kinds pay no test of what the host has. */
#if defined(__GNUC__) || defined(__clang__)
#define KP_FOLDED static inline __attribute__((always_inline))
#else
#define KP_FOLDED static inline
#endif

/* One resolve in progress, on the resolving thread's stack. host, rules,
 * args and result belong to the caller of kp_resolve and outlive it. */
typedef struct kp_run {
    const keyact_host *host;
    const kp_action_rules *rules;
    keyact_resolve_result *result;
    keyact_game_id game;
    keyact_player_id player;
    int32_t n;
    int32_t question_status; /* first failure of a recovered question, or 0 */
    bool finishing;          /* past the exile: a failure strands what is not on the bottom */
    bool hit_in_exile;       /* finishing: the uncast hit's move is not applied yet */
    uint32_t to_bottom;      /* finishing: exiled[0..to_bottom) go to the bottom */
    uint32_t bottoms;        /* finishing: moves to the bottom queued so far */
    uint32_t queued;         /* steps waiting for apply_steps */
    /* The exiled cards in exile order (the hit last): inline_ids or a heap
     * block. */
    keyact_card_id *ids;
    uint32_t count;
    uint32_t capacity;
    keyact_card_id inline_ids[KP_EXILED_INLINE];
    keyact_step steps[KP_CHUNK];
    keyact_event events[KP_CHUNK];
} kp_run;

/* A host's status as ours (anything but 0 is a failure, and a failure must
 * reach the caller as a negative code). */
static int32_t kp_status(int32_t rc)
{
    return rc > 0 ? KEYACT_E_HOST : rc;
}

static void note_question_failure(kp_run *run, int32_t rc)
{
    if (run->question_status == KEYACT_OK)
        run->question_status = rc;
}

/* List exiled[from..to) as stranded (the count always, the ids as far as
 * the host's buffer goes). */
static void report_stranded(kp_run *run, uint32_t from, uint32_t to)
{
    keyact_resolve_result *result = run->result;
    uint32_t written = 0;

    result->stranded_count = to - from;
    if (result->stranded == NULL)
        return;
    for (uint32_t i = from; i < to && written < result->stranded_capacity; i++)
        result->stranded[written++] = run->ids[i];
}

/* After a failure, what is left in exile: before the cast question, every
 * card whose move there was applied; after it, the cards not yet on the
 * bottom, and the hit while its uncast move is not applied (it is last in
 * the list, right after the bottom cards). */
static void strand(kp_run *run)
{
    if (!run->finishing) {
        run->count = run->result->exiled_count;
        report_stranded(run, 0u, run->count);
    } else {
        report_stranded(run, run->result->bottomed_count,
                        run->hit_in_exile ? run->count : run->to_bottom);
    }
}

/* What an applied move changes in the result. */
KP_FOLDED void count_move(kp_run *run, uint32_t to_zone)
{
    if (to_zone == KEYACT_ZONE_EXILE) {
        run->result->exiled_count++;
    } else if (to_zone == KEYACT_ZONE_LIBRARY) {
        run->result->bottomed_count++;
    } else if (to_zone != KEYACT_ZONE_NONE) {
        run->result->outcome = run->rules->uncast_outcome;
        run->hit_in_exile = false;
    }
}

/* Give the waiting steps to the host in one apply_steps and count what it
 * applied; on failure report the stranded cards and return the code. */
static int32_t flush(kp_run *run)
{
    const keyact_host *host = run->host;
    uint32_t count = run->queued;
    uint32_t done = 0;
    int32_t rc;

    if (count == 0)
        return KEYACT_OK;
    run->queued = 0;
    rc = host->apply_steps(host, run->game, run->player, run->steps, count, &done);
    /* A failure applied fewer than all: a host that says otherwise has at
     * least not applied the last one. */
    if (rc == KEYACT_OK) {
        /* All applied: every card queued for exile is there, every one
         * queued for the bottom too, and the uncast hit has left. */
        if (!run->finishing) {
            run->result->exiled_count = run->count;
        } else {
            run->result->bottomed_count = run->bottoms;
            count_move(run, run->hit_in_exile ? run->rules->uncast_zone : KEYACT_ZONE_NONE);
        }
        return KEYACT_OK;
    }
    if (done >= count)
        done = count - 1u;
    for (uint32_t i = 0; i < done; i++)
        count_move(run, run->steps[i].to_zone);
    strand(run);
    return kp_status(rc);
}

/* A move of `card` (none when to_zone is KEYACT_ZONE_NONE) and then event
 * `type` about it (when the host takes events): queued for apply_steps, or
 * made at once. A failure is reported before it is returned. */
KP_FOLDED int32_t step(kp_run *run, uint32_t calls, keyact_card_id card, uint32_t to_zone,
                       uint32_t library_index, uint32_t flags, uint32_t type, uint32_t face,
                       uint32_t index, uint32_t halves)
{
    const keyact_host *host = run->host;
    uint32_t slot = run->queued;
    keyact_event now;
    keyact_event *event = (calls & KP_APPLY_MANY) ? &run->events[slot] : &now;
    int32_t rc;

    if ((calls & KP_NOTIFY) == 0 && to_zone == KEYACT_ZONE_NONE)
        return KEYACT_OK;
    if (calls & KP_NOTIFY) {
        /* The 1.0 event has no padding: the initializer is every byte. */
        *event = (keyact_event){
            .struct_size = sizeof *event, .type = type, .player = run->player, .card = card,
            .n = run->n, .face = face, .index = index, .mana_value_halves = halves,
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
        rc = host->move_card(host, run->game, run->player, card, to_zone, library_index, flags);
        if (rc != KEYACT_OK) {
            strand(run);
            return kp_status(rc);
        }
        count_move(run, to_zone);
    }
    if (calls & KP_NOTIFY)
        host->notify(host, run->game, event);
    return KEYACT_OK;
}

/* An action call failed: send the steps waiting (a host taking each at
 * once would have seen those moves already), then report and return `rc`. */
static int32_t fail(kp_run *run, int32_t rc)
{
    int32_t flushed = flush(run);

    if (flushed != KEYACT_OK)
        return flushed;
    strand(run);
    return rc;
}

/* Room for `more` exiled cards past the room there is: the list grows
 * past the inline array onto the heap (doubling). Done before the cards
 * move, so running out of memory never leaves an unrecorded card in exile. */
static int32_t grow(kp_run *run, uint32_t more)
{
    uint32_t capacity = run->capacity;
    keyact_card_id *ids;

    if (more > UINT32_MAX - run->count)
        return KEYACT_E_NOMEM;
    while (capacity - run->count < more)
        capacity = capacity > UINT32_MAX / 2u ? UINT32_MAX : capacity * 2u;
#if SIZE_MAX <= UINT32_MAX
    /* Only a 32-bit size_t can fail to hold the byte count. */
    if (capacity > SIZE_MAX / sizeof *ids)
        return KEYACT_E_NOMEM;
#endif
    if (run->ids == run->inline_ids) {
        ids = malloc((size_t)capacity * sizeof *ids);
        if (ids != NULL)
            memcpy(ids, run->inline_ids, (size_t)run->count * sizeof *ids);
    } else {
        ids = realloc(run->ids, (size_t)capacity * sizeof *ids);
    }
    if (ids == NULL)
        return KEYACT_E_NOMEM;
    run->ids = ids;
    run->capacity = capacity;
    return KEYACT_OK;
}

/* The ids of the next `count` cards, `from_top` cards below the top (those
 * above are read but their moves still wait). */
KP_FOLDED int32_t read_cards(kp_run *run, uint32_t calls, uint32_t from_top, uint32_t count,
                            keyact_card_id *ids)
{
    const keyact_host *host = run->host;

    if (calls & KP_READ_MANY)
        return host->library_cards(host, run->game, run->player, from_top, count, ids);
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc;

        ids[i] = KEYACT_CARD_NONE;
        rc = host->library_card(host, run->game, run->player, from_top + i, &ids[i]);
        if (rc != KEYACT_OK)
            return rc;
    }
    return KEYACT_OK;
}

static int32_t describe_one(kp_run *run, keyact_card_id card, keyact_card_desc *desc)
{
    memset(desc, 0, sizeof *desc);
    desc->struct_size = sizeof *desc;
    return kp_status(run->host->describe_card(run->host, run->game, card, desc));
}

/* The first sentence of both rules: exile from the top until a nonland
 * card whose value passes the rules' comparison, or until the library is
 * exhausted. On a hit the result names it and HIT is sent. */
KP_FOLDED int32_t exile_until_hit(kp_run *run, uint32_t calls, bool *out_found,
                                 kp_card_eval *out_eval)
{
    const keyact_host *host = run->host;
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

    rc = host->library_size(host, run->game, run->player, &library_size);
    if (rc != KEYACT_OK)
        return kp_status(rc);

    while (read < library_size) {
        uint32_t count = windows ? library_size - read : 1u;
        uint32_t usable = 0;

        if (count > window)
            count = window;
        window = window * 2u > KP_WINDOW_MOST ? KP_WINDOW_MOST : window * 2u;
        rc = read_cards(run, calls, run->count - run->result->exiled_count, count, ids);
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
            rc = host->describe_cards(host, run->game, ids, usable, desc_ptrs);
            if (rc != KEYACT_OK)
                return fail(run, kp_status(rc));
        }
        if (usable > run->capacity - run->count && (rc = grow(run, usable)) != KEYACT_OK)
            return fail(run, rc);

        for (uint32_t i = 0; i < usable; i++) {
            keyact_card_id card = ids[i];
            uint32_t order = run->count;

            /* Described while its move waits, or after it (as on a 1.0
             * host) when each move goes at once. */
            if (describe_before_move && (rc = describe_one(run, card, &descs[i])) != KEYACT_OK)
                return fail(run, rc);
            run->ids[run->count++] = card;
            rc = step(run, calls, card, KEYACT_ZONE_EXILE, 0u, KEYACT_MOVE_REVEAL, KEYACT_EVENT_EXILED,
                      KEYACT_FACE_NONE, order, 0u);
            if (rc != KEYACT_OK)
                return rc;
            if (describe_after_move && (rc = describe_one(run, card, &descs[i])) != KEYACT_OK)
                return fail(run, rc);
            rc = kp_card_evaluate(&descs[i], run->n, run->rules->compare, out_eval);
            if (rc != KEYACT_OK)
                return fail(run, rc);
            if (out_eval->hit) {
                rc = step(run, calls, card, KEYACT_ZONE_NONE, 0u, 0u, KEYACT_EVENT_HIT,
                          KEYACT_FACE_NONE, 0u, out_eval->mana_value_halves);
                if (rc == KEYACT_OK && (calls & KP_APPLY_MANY))
                    rc = flush(run);
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
            return fail(run, KEYACT_E_RANGE); /* the host named no card */
    }
    return (calls & KP_APPLY_MANY) ? flush(run) : KEYACT_OK;
}

/* The face the player wants to cast, or KEYACT_FACE_NONE for the decline
 * option. Every failure here is a question failure: it only means "decline". */
static uint32_t ask_face_to_cast(kp_run *run, keyact_card_id card, const kp_card_eval *eval)
{
    const keyact_host *host = run->host;
    keyact_option options[KEYACT_MAX_FACES + 1u];
    uint32_t option_count = 0;
    uint32_t chosen = UINT32_MAX;
    int32_t rc;

    for (uint32_t face = 0; (eval->faces_mask >> face) != 0; face++) {
        uint32_t can = 0;

        if ((eval->faces_mask & (1u << face)) == 0)
            continue;
        /* The targeting hook: legal targets, restrictions. */
        rc = host->can_cast_face(host, run->game, run->player, card, face, &can);
        if (rc != KEYACT_OK || can > 1u) {
            note_question_failure(run, rc != KEYACT_OK ? kp_status(rc) : KEYACT_E_RANGE);
            continue;
        }
        if (can == 0u)
            continue;
        options[option_count++] = (keyact_option){
            .struct_size = sizeof options[0], .kind = KEYACT_OPTION_CAST_FACE, .face = face,
            .mana_value_halves = eval->face_halves[face],
        };
    }
    if (option_count == 0)
        return KEYACT_FACE_NONE;
    options[option_count++] = (keyact_option){
        .struct_size = sizeof options[0], .kind = run->rules->decline_option,
        .face = KEYACT_FACE_NONE, .mana_value_halves = 0,
    };

    rc = host->choose(host, run->game, run->player, card, options, option_count, &chosen);
    if (rc != KEYACT_OK || chosen >= option_count) {
        note_question_failure(run, rc != KEYACT_OK ? kp_status(rc) : KEYACT_E_RANGE);
        return KEYACT_FACE_NONE;
    }
    return options[chosen].kind == KEYACT_OPTION_CAST_FACE ? options[chosen].face
                                                           : KEYACT_FACE_NONE;
}

/* "You may cast that card without paying its mana cost": the face asked
 * for, then cast_free. The event to send (CAST, CAST_FAILED) or 0 when no
 * cast was tried. */
static uint32_t offer_and_cast(kp_run *run, keyact_card_id card, const kp_card_eval *eval,
                               uint32_t *out_face)
{
    uint32_t face = ask_face_to_cast(run, card, eval);
    uint32_t cast = 0;
    int32_t rc;

    *out_face = face;
    if (face == KEYACT_FACE_NONE)
        return 0u;
    rc = run->host->cast_free(run->host, run->game, run->player, card, face, &cast);
    if (rc == KEYACT_OK && cast == KEYACT_CAST_DONE) {
        run->result->outcome = KEYACT_OUTCOME_CAST;
        run->result->face_cast = face;
        return KEYACT_EVENT_CAST;
    }
    if (rc != KEYACT_OK || cast != KEYACT_CAST_FAILED)
        note_question_failure(run, rc != KEYACT_OK ? kp_status(rc) : KEYACT_E_RANGE);
    /* Not cast after all: the card is still in exile. */
    return KEYACT_EVENT_CAST_FAILED;
}

/* exiled[0..count) in a uniformly random order: Fisher-Yates, ids[top]
 * swapping with one of ids[0..top] for top = count - 1 down to 1. Its
 * bounds do not depend on its draws, so random_below_each draws a chunk of
 * them at once. */
KP_FOLDED int32_t shuffle(kp_run *run, uint32_t calls, uint32_t count)
{
    const keyact_host *host = run->host;
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
            rc = host->random_below_each(host, run->game, bounds, n, values);
        } else {
            values[0] = UINT32_MAX;
            rc = host->random_below(host, run->game, top + 1u, &values[0]);
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

/* After the exile: the cast question, the uncast hit, the bottom, the last
 * event. */
KP_FOLDED int32_t finish(kp_run *run, uint32_t calls, bool found, const kp_card_eval *eval)
{
    const kp_action_rules *rules = run->rules;
    keyact_resolve_result *result = run->result;
    bool hit_to_bottom = false;
    int32_t rc = KEYACT_OK;

    run->finishing = true;
    /* The hit is last in the list: leaving it out of the bottom is the
     * count minus one, keeping it in shuffles it with the rest. */
    run->to_bottom = run->count;
    if (found) {
        keyact_card_id card = run->ids[run->count - 1u];
        uint32_t face;
        uint32_t cast_event = offer_and_cast(run, card, eval, &face);
        bool cast = cast_event == KEYACT_EVENT_CAST;

        if (cast || rules->uncast_zone != KEYACT_ZONE_NONE)
            run->to_bottom--;
        else
            hit_to_bottom = true;
        if (cast_event != 0u)
            rc = step(run, calls, card, KEYACT_ZONE_NONE, 0u, 0u, cast_event, face, 0u, 0u);
        /* Discover: "If you don't cast it, put that card into your hand." */
        if (rc == KEYACT_OK && !cast && rules->uncast_zone != KEYACT_ZONE_NONE) {
            run->hit_in_exile = true;
            rc = step(run, calls, card, rules->uncast_zone, 0u, 0u, rules->uncast_event,
                      KEYACT_FACE_NONE, 0u, 0u);
        }
        if (rc != KEYACT_OK)
            return rc;
    }

    rc = shuffle(run, calls, run->to_bottom);
    if (rc != KEYACT_OK)
        return rc;
    for (uint32_t order = 0; order < run->to_bottom; order++) {
        run->bottoms = order + 1u;
        rc = step(run, calls, run->ids[order], KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM, 0u,
                  KEYACT_EVENT_BOTTOM, KEYACT_FACE_NONE, order, 0u);
        if (rc != KEYACT_OK)
            return rc;
    }
    rc = step(run, calls, result->discovered, KEYACT_ZONE_NONE, 0u, 0u, rules->last_event,
              KEYACT_FACE_NONE, 0u, rules->last_event_has_value ? result->mana_value_halves : 0u);
    if (rc == KEYACT_OK && (calls & KP_APPLY_MANY))
        rc = flush(run);
    if (rc != KEYACT_OK)
        return rc;
    if (hit_to_bottom)
        result->outcome = KEYACT_OUTCOME_BOTTOM;
    result->flags |= KEYACT_RESULT_COMPLETE;
    return run->question_status;
}

static bool host_is_usable(const keyact_host *host)
{
    return host->struct_size >= KEYACT_HOST_SIZE_1_0
           && host->library_size != NULL && host->library_card != NULL
           && host->move_card != NULL && host->describe_card != NULL
           && host->can_cast_face != NULL && host->choose != NULL
           && host->cast_free != NULL && host->random_below != NULL;
}

/* Clear what we report, keeping the host's part (size and stranded buffer).
 * Only the 1.0 fields are touched; a longer struct keeps its tail. */
static void reset_result(keyact_resolve_result *result)
{
    uint32_t struct_size = result->struct_size;
    uint32_t capacity = result->stranded_capacity;
    keyact_card_id *stranded = result->stranded;

    memset(result, 0, KEYACT_RESOLVE_RESULT_SIZE_1_0);
    result->struct_size = struct_size;
    result->stranded_capacity = capacity;
    result->stranded = stranded;
    result->discovered = KEYACT_CARD_NONE;
    result->face_cast = KEYACT_FACE_NONE;
}

/* CR 701.57c: "If the final card exiled during the process described in
 * rule 701.57a has mana value N or less, it is the 'discovered card,'
 * regardless of whether it was cast or put into a player's hand." Called
 * when the library ran out without a hit, with `last` the evaluation of the
 * final card exiled (not read when nothing was exiled). That card is a land
 * or a card above N; when its value passes (a land: mana value 0) and the
 * action has such a card (final_card_counts), the result names it and its
 * value, so the last event carries them too. It is neither cast nor put
 * into hand: the outcome stays NONE, and it goes to the bottom with the rest. */
static void name_final_card(kp_run *run, const kp_card_eval *last)
{
    const kp_action_rules *rules = run->rules;
    uint64_t bound = 2u * (uint64_t)run->n + (rules->compare == KP_AT_MOST ? 1u : 0u);

    if (!rules->final_card_counts || run->count == 0u || last->mana_value_halves >= bound)
        return;
    run->result->discovered = run->ids[run->count - 1u];
    run->result->mana_value_halves = last->mana_value_halves;
}

/* The whole resolve with the batched `calls`. */
KP_FOLDED int32_t run_steps(kp_run *run, uint32_t calls)
{
    kp_card_eval eval;
    bool found = false;
    int32_t rc = exile_until_hit(run, calls, &found, &eval);

    if (rc != KEYACT_OK)
        return rc;
    if (!found)
        name_final_card(run, &eval);
    return finish(run, calls, found, &eval);
}

int32_t kp_resolve(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                   const keyact_resolve_args *args, keyact_resolve_result *result)
{
    kp_run run;
    uint32_t calls = 0;
    int32_t rc;

    if (!kp_context_is_valid(ctx) || host == NULL || args == NULL || result == NULL)
        return KEYACT_E_INVAL;
    if (!host_is_usable(host) || args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0
        || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0 || args->n < 0)
        return KEYACT_E_INVAL;
    reset_result(result);

    /* A plugin negotiated at 1.0 makes the 1.0 calls whatever the table holds. */
    if (((const kp_context *)ctx)->version.minor >= 1u) {
        calls = (KP_HAS(host, library_cards) ? KP_READ_MANY : 0u)
                | (KP_HAS(host, describe_cards) ? KP_DESCRIBE_MANY : 0u)
                | (KP_HAS(host, apply_steps) ? KP_APPLY_MANY : 0u)
                | (KP_HAS(host, random_below_each) ? KP_DRAW_MANY : 0u);
    }
    run.host = host;
    run.rules = rules;
    run.result = result;
    run.game = args->game;
    run.player = args->player;
    run.n = args->n;
    run.question_status = KEYACT_OK;
    run.finishing = false;
    run.hit_in_exile = false;
    run.to_bottom = 0;
    run.bottoms = 0;
    run.queued = 0;
    run.ids = run.inline_ids;
    run.count = 0;
    run.capacity = KP_EXILED_INLINE;

    if (host->notify != NULL)
        calls |= KP_NOTIFY;
    if (calls == KP_NOTIFY)
        rc = run_steps(&run, KP_NOTIFY);
    else if (calls == (KP_ALL_MANY | KP_NOTIFY))
        rc = run_steps(&run, KP_ALL_MANY | KP_NOTIFY);
    else
        rc = run_steps(&run, calls);
    if (run.ids != run.inline_ids)
        free(run.ids);
    return rc;
}
