/* SPDX-License-Identifier: MIT */
/* act_foreign_card.c - move cards the host never handed over: every card id
 * from 1 to 40 that library_card did not give, moved to exile for the
 * resolve's own player (cards in its hand, on the battlefield, deeper in the
 * library). */
#include "hostile.h"

#define LAST_GUESS 40u

static void strike(const hostile_strike *s)
{
    unsigned tried = 0, accepted = 0;
    int32_t last = KEYACT_OK;
    for (keyact_card_id card = 1; card <= LAST_GUESS; card++) {
        if (hostile_was_handed(s, card))
            continue;
        tried++;
        int32_t rc = s->host->move_card(s->host, s->args->game, s->args->player, card,
                                        KEYACT_ZONE_EXILE, 0, KEYACT_MOVE_REVEAL);
        if (rc == KEYACT_OK)
            accepted++;
        else
            last = rc;
    }
    hostile_log(s, "moves of cards never handed over: %u of %u accepted (a refusal: %s)",
                accepted, tried, keyact_status_name(last));
}

HOSTILE_ACT("foreign-card", "moves card ids the host never handed over to exile", strike,
            NULL, NULL);
