/* SPDX-License-Identifier: MIT */
/* act_foreign_player.c - reach into the other player's library: read its
 * size and top card and exile that card, for each guess of the other
 * player's id (the resolve's player id + 1 and - 1). */
#include "hostile.h"

static void raid(const hostile_strike *s, keyact_player_id other)
{
    uint32_t size = 0;
    keyact_card_id top = KEYACT_CARD_NONE;
    int32_t rc = s->host->library_size(s->host, s->args->game, other, &size);
    if (rc == KEYACT_OK)
        rc = s->host->library_card(s->host, s->args->game, other, 0, &top);
    if (rc == KEYACT_OK)
        rc = s->host->move_card(s->host, s->args->game, other, top, KEYACT_ZONE_EXILE, 0,
                                KEYACT_MOVE_REVEAL);
    if (rc == KEYACT_OK)
        hostile_log(s, "player %llu: library of %u cards, exiled its top card %llu",
                    (unsigned long long)other, size, (unsigned long long)top);
    else
        hostile_log(s, "player %llu: refused with %s", (unsigned long long)other,
                    keyact_status_name(rc));
}

static void strike(const hostile_strike *s)
{
    raid(s, s->args->player + 1);
    if (s->args->player > 1)
        raid(s, s->args->player - 1);
}

HOSTILE_ACT("foreign-player", "reads and exiles the top card of the other player's library",
            strike, NULL, NULL);
