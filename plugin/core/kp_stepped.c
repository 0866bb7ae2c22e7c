/* SPDX-License-Identifier: MIT */
/* kp_stepped.c - the resolve's entry points: the stepped resolve of ABI 1.3
 * (begin, step, answer, abandon; keyact/stepped.h) and the blocking resolve,
 * which is begin and one step with no waits on a state on its own stack.
 * One core either way (kp_run.c, kp_questions.c): the blocking resolve is
 * the stepped one that never waits.
 */
#include "kp_run.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <keyact/status.h>

#include "kp_context.h"
#include "kp_state.h"

/* The member is in the table and set. */
#define KP_HAS(host, member) (KEYACT_HOST_HAS(host, member) && (host)->member != NULL)

/* The 1.0 callbacks a resolve calls: all but the questions the host waits for. */
static bool host_is_usable(const keyact_host *host, uint32_t waits)
{
    return host->struct_size >= KEYACT_HOST_SIZE_1_0
           && host->library_size != NULL && host->library_card != NULL
           && host->move_card != NULL && host->describe_card != NULL
           && (host->can_cast_face != NULL || (waits & KEYACT_WAIT_CAN_CAST))
           && (host->choose != NULL || (waits & KEYACT_WAIT_CHOOSE))
           && (host->cast_free != NULL || (waits & KEYACT_WAIT_CAST))
           && host->random_below != NULL;
}

/* The batched calls this resolve makes: a plugin negotiated at 1.0 makes
 * the 1.0 calls whatever the table holds. */
static uint32_t calls_of(const kp_context *ctx, const keyact_host *host)
{
    uint32_t calls = 0;

    if (ctx->version.minor >= 1u) {
        calls = (KP_HAS(host, library_cards) ? KP_READ_MANY : 0u)
                | (KP_HAS(host, describe_cards) ? KP_DESCRIBE_MANY : 0u)
                | (KP_HAS(host, apply_steps) ? KP_APPLY_MANY : 0u)
                | (KP_HAS(host, random_below_each) ? KP_DRAW_MANY : 0u);
    }
    if (host->notify != NULL)
        calls |= KP_NOTIFY;
    return calls;
}

/* begin without the version check: the blocking resolve runs on every
 * version. Writes nothing into `st` unless the arguments are good. */
static int32_t begin(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                     const keyact_resolve_args *args, uint32_t waits, kp_state *st)
{
    if (!kp_context_is_valid(ctx) || host == NULL || args == NULL)
        return KEYACT_E_INVAL;
    if ((waits & ~(uint32_t)KEYACT_WAIT_ALL) != 0 || !host_is_usable(host, waits)
        || args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0 || args->n < 0)
        return KEYACT_E_INVAL;

    /* Every field a resolve reads before writing it; the inline list and
     * the options are written before they are read. */
    st->magic = KP_STATE_BEGUN;
    st->phase = KP_PHASE_EXILE;
    st->ctx = ctx;
    st->rules = rules;
    st->host = host;
    st->game = args->game;
    st->player = args->player;
    st->n = args->n;
    st->calls = calls_of(ctx, host);
    st->waits = waits;
    st->question_status = KEYACT_OK;
    memset(&st->res, 0, sizeof st->res);
    st->res.discovered = KEYACT_CARD_NONE;
    st->res.face_cast = KEYACT_FACE_NONE;
    st->stranded_from = 0;
    st->stranded_to = 0;
    st->found = false;
    st->finishing = false;
    st->hit_in_exile = false;
    st->to_bottom = 0;
    st->bottoms = 0;
    st->question = KEYACT_QUESTION_CAN_CAST;
    st->next_face = 0;
    st->option_count = 0;
    st->face = KEYACT_FACE_NONE;
    st->cast_event = 0;
    st->asked = KEYACT_QUESTION_NONE;
    st->asked_face = KEYACT_FACE_NONE;
    st->answered = false;
    st->answer_status = KEYACT_OK;
    st->answer_value = 0;
    st->heap_ids = NULL;
    st->count = 0;
    st->capacity = KP_EXILED_INLINE;
    return KEYACT_OK;
}

/* The state in `state` if it is one this context began, else NULL. */
static kp_state *state_of(void *ctx, void *state)
{
    kp_state *st = state;

    if (st == NULL || ((uintptr_t)state & (_Alignof(kp_state) - 1u)) != 0
        || (st->magic != KP_STATE_BEGUN && st->magic != KP_STATE_OVER)
        || st->ctx != ctx || !kp_context_is_valid(ctx))
        return NULL;
    return st;
}

/* The resolve is over: hand the result over (the host's result keeps its
 * struct_size and stranded buffer; only the 1.0 fields are written, a
 * longer struct keeps its tail) and drop the heap part. */
static void end(kp_state *st, keyact_resolve_result *result)
{
    uint32_t struct_size = result->struct_size;
    uint32_t capacity = result->stranded_capacity;
    keyact_card_id *stranded = result->stranded;
    const keyact_card_id *ids = st->heap_ids != NULL ? st->heap_ids : st->inline_ids;
    uint32_t written = 0;

    memcpy(result, &st->res, KEYACT_RESOLVE_RESULT_SIZE_1_0);
    result->struct_size = struct_size;
    result->stranded_capacity = capacity;
    result->reserved0 = 0;
    result->stranded = stranded;
    for (uint32_t i = st->stranded_from;
         stranded != NULL && i < st->stranded_to && written < capacity; i++)
        stranded[written++] = ids[i];
    free(st->heap_ids);
    st->heap_ids = NULL;
    st->magic = KP_STATE_OVER;
}

/* What a waiting resolve asks, as the host sees it: every 1.3 field (the
 * options past option_count are left as they were). */
static void fill_question(const kp_state *st, const keyact_card_id *ids, keyact_question *q)
{
    q->kind = st->asked;
    q->game = st->game;
    q->player = st->player;
    q->card = ids[st->count - 1u];
    q->face = st->asked_face;
    q->option_count = 0;
    if (st->asked == KEYACT_QUESTION_CHOOSE) {
        q->option_count = st->option_count;
        memcpy(q->options, st->options, st->option_count * sizeof st->options[0]);
    }
}

int32_t kp_begin(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                 const keyact_resolve_args *args, uint32_t waits, void *state,
                 uint32_t state_size)
{
    if (state == NULL || state_size < sizeof(kp_state)
        || ((uintptr_t)state & (_Alignof(kp_state) - 1u)) != 0)
        return KEYACT_E_INVAL;
    if (kp_context_is_valid(ctx) && ((const kp_context *)ctx)->version.minor < 3u)
        return KEYACT_E_VERSION;
    return begin(rules, ctx, host, args, waits, state);
}

int32_t kp_step(void *ctx, void *state, keyact_resolve_result *result,
                keyact_question *out_question)
{
    kp_state *st = state_of(ctx, state);
    kp_run run;
    int32_t rc;

    if (st == NULL || result == NULL || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0
        || out_question == NULL || out_question->struct_size < KEYACT_QUESTION_SIZE_1_3)
        return KEYACT_E_INVAL;
    if (st->magic == KP_STATE_OVER)
        return KEYACT_E_STATE;
    run.st = st;
    run.ids = st->heap_ids != NULL ? st->heap_ids : st->inline_ids;
    run.queued = 0;
    rc = kp_run_phases(&run);
    if (rc == KEYACT_WAITING) {
        fill_question(st, run.ids, out_question);
        return rc;
    }
    out_question->kind = KEYACT_QUESTION_NONE;
    end(st, result);
    return rc;
}

int32_t kp_answer(void *ctx, void *state, const keyact_answer *answer)
{
    kp_state *st = state_of(ctx, state);

    if (st == NULL || answer == NULL || answer->struct_size < KEYACT_ANSWER_SIZE_1_3)
        return KEYACT_E_INVAL;
    if (st->magic == KP_STATE_OVER || st->asked == KEYACT_QUESTION_NONE || st->answered
        || answer->kind != st->asked)
        return KEYACT_E_STATE;
    st->answered = true;
    st->answer_status = answer->status;
    st->answer_value = answer->value;
    return KEYACT_OK;
}

int32_t kp_abandon(void *ctx, void *state, keyact_resolve_result *result)
{
    kp_state *st = state_of(ctx, state);

    if (st == NULL || result == NULL || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return KEYACT_E_INVAL;
    if (st->magic == KP_STATE_OVER)
        return KEYACT_E_STATE;
    /* A stepped resolve stops only at a question, after the exile and
     * before any other move: every exiled card is in exile, unless the host
     * has already answered that it cast the hit. */
    st->stranded_from = 0;
    st->stranded_to = st->count;
    if (st->asked == KEYACT_QUESTION_CAST && st->answered && st->answer_status == KEYACT_OK
        && st->answer_value == KEYACT_CAST_DONE) {
        st->res.outcome = KEYACT_OUTCOME_CAST;
        st->res.face_cast = st->asked_face;
        st->stranded_to--;
    }
    st->res.stranded_count = st->stranded_to - st->stranded_from;
    st->res.flags &= ~(uint32_t)KEYACT_RESULT_COMPLETE;
    end(st, result);
    return KEYACT_OK;
}

int32_t kp_resolve(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                   const keyact_resolve_args *args, keyact_resolve_result *result)
{
    kp_state st;
    kp_run run;
    int32_t rc;

    if (result == NULL || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return KEYACT_E_INVAL;
    rc = begin(rules, ctx, host, args, 0u, &st);
    if (rc != KEYACT_OK)
        return rc;
    /* kp_step's work without its checks of a host's block: with no waits
     * the phases run to the end at once. */
    run.st = &st;
    run.ids = st.inline_ids;
    run.queued = 0;
    rc = kp_run_phases(&run);
    end(&st, result);
    return rc;
}
