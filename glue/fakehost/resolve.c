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
