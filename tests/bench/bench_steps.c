/* SPDX-License-Identifier: MIT */
/* bench_steps.c - one resolve, blocking or stepped (bench_steps.h). */
#include "bench_steps.h"

/* The question's callback, as the plugin would have called it. */
static keyact_answer answer_of(const keyact_host *table, const keyact_question *q)
{
    keyact_answer a = { .struct_size = sizeof a, .kind = q->kind };

    if (q->kind == KEYACT_QUESTION_CAN_CAST)
        a.status = table->can_cast_face(table, q->game, q->player, q->card, q->face, &a.value);
    else if (q->kind == KEYACT_QUESTION_CHOOSE)
        a.status = table->choose(table, q->game, q->player, q->card, q->options,
                                 q->option_count, &a.value);
    else
        a.status = table->cast_free(table, q->game, q->player, q->card, q->face, &a.value);
    return a;
}

int32_t bench_resolve(const KeyactBoundAction *bound, gboolean stepped, const keyact_host *table,
                      keyact_resolve_args *args, keyact_resolve_result *result,
                      BenchState *state, gsize state_size, guint *out_waits)
{
    guint waits = 0;

    if (!stepped)
        return keyact_bound_action_resolve(bound, table, args, result);
    keyact_question q = { .struct_size = sizeof q };
    int32_t status = keyact_bound_action_begin(bound, table, args, KEYACT_WAIT_ALL,
                                               state->bytes, state_size);
    while (status == KEYACT_OK &&
           (status = keyact_resolve_step(state->bytes, result, &q)) == KEYACT_WAITING) {
        keyact_answer a = answer_of(table, &q);
        waits++;
        status = keyact_resolve_answer(state->bytes, &a);
    }
    if (out_waits != NULL)
        *out_waits = waits;
    return status;
}
