/* SPDX-License-Identifier: MIT */
/* resolve.c - run one resolve of an action against a FakeHost. */
#include "fake_host_private.h"

#include <string.h>

void fake_resolve_prepare(FakeResolve *out, const FakeHost *host, keyact_player_id player,
                          int32_t n, keyact_card_id source)
{
    memset(out, 0, sizeof *out);
    out->args = (keyact_resolve_args){
        .struct_size = sizeof(keyact_resolve_args),
        .n = n,
        .game = fake_host_game(host),
        .player = player,
        .source = source,
    };
    out->result.struct_size = sizeof(keyact_resolve_result);
    out->result.stranded_capacity = FAKE_STRANDED_CAPACITY;
    out->result.stranded = out->stranded;
}

int32_t fake_host_resolve(FakeHost *host, const keyact_action *action, void *plugin_ctx,
                          keyact_player_id player, int32_t n, keyact_card_id source,
                          FakeResolve *out)
{
    fake_resolve_prepare(out, host, player, n, source);
    fake_host_reset_logs(host);
    out->status = action->resolve(plugin_ctx, fake_host_table(host), &out->args, &out->result);
    return out->status;
}

/* The question's callback, as the plugin would have called it. */
static keyact_answer answer_by_callback(const keyact_host *table, const keyact_question *q)
{
    keyact_answer answer = { .struct_size = sizeof answer, .kind = q->kind };

    switch (q->kind) {
    case KEYACT_QUESTION_CAN_CAST:
        answer.status = table->can_cast_face(table, q->game, q->player, q->card, q->face,
                                             &answer.value);
        break;
    case KEYACT_QUESTION_CHOOSE:
        answer.value = UINT32_MAX;
        answer.status = table->choose(table, q->game, q->player, q->card, q->options,
                                      q->option_count, &answer.value);
        break;
    default:
        answer.status = table->cast_free(table, q->game, q->player, q->card, q->face,
                                         &answer.value);
        break;
    }
    return answer;
}

int32_t fake_host_resolve_stepped(FakeHost *host, const keyact_action *action,
                                  void *plugin_ctx, keyact_player_id player, int32_t n,
                                  keyact_card_id source, uint32_t waits, FakeResolve *out)
{
    return fake_host_resolve_stepped_on(host, fake_host_table(host), action, plugin_ctx, player,
                                        n, source, waits, out);
}

int32_t fake_host_resolve_stepped_on(FakeHost *host, const keyact_host *table,
                                     const keyact_action *action, void *plugin_ctx,
                                     keyact_player_id player, int32_t n, keyact_card_id source,
                                     uint32_t waits, FakeResolve *out)
{
    keyact_question question = { .struct_size = sizeof question };

    fake_resolve_prepare(out, host, player, n, source);
    fake_host_reset_logs(host);
    if (!KEYACT_ACTION_HAS(action, abandon) || action->begin == NULL)
        return out->status = KEYACT_E_NOTSUP;
    gsize size = action->state_size;
    void *state = g_malloc(size);
    out->status = action->begin(plugin_ctx, table, &out->args, waits, state, (uint32_t)size);
    while (out->status == KEYACT_OK || out->status == KEYACT_WAITING) {
        out->steps++;
        out->status = action->step(plugin_ctx, state, &out->result, &question);
        if (out->status != KEYACT_WAITING)
            break;
        keyact_answer answer = answer_by_callback(table, &question);
        int32_t rc = action->answer(plugin_ctx, state, &answer);
        if (rc != KEYACT_OK) {
            action->abandon(plugin_ctx, state, &out->result);
            out->status = rc;
            break;
        }
        /* Move the block, as a game loop that keeps it in a growing array may. */
        void *moved = g_malloc(size);
        memcpy(moved, state, size);
        memset(state, 0xa5, size);
        g_free(state);
        state = moved;
    }
    g_free(state);
    return out->status;
}
