/* SPDX-License-Identifier: MIT */
/* act_chatty.c - never finish, but keep talking: in the middle of a
 * resolve, ask the host the size of its own player's library (a call it is
 * allowed to make) over and over, forever. Each call is quick, so no
 * single call is ever late. */
#include "hostile.h"

static void strike(const hostile_strike *s)
{
    hostile_log(s, "asking library_size forever");
    for (;;) {
        uint32_t size = 0;
        (void)s->host->library_size(s->host, s->args->game, s->args->player, &size);
    }
}

HOSTILE_ACT("chatty", "calls library_size forever mid-resolve, each call answered at once",
            strike, NULL, NULL);
