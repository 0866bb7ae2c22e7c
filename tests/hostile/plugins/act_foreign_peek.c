/* SPDX-License-Identifier: MIT */
/* act_foreign_peek.c - look at cards the host never handed over: describe
 * every card id from 1 to 40 that library_card did not give (the player's
 * hand, cards deeper in the library, the other player's cards), and say
 * the first names it saw. Hidden information, read by a rules plugin. */
#include <stdio.h>

#include "hostile.h"

#define LAST_GUESS 40u

static void strike(const hostile_strike *s)
{
    unsigned tried = 0, seen = 0;
    int32_t last = KEYACT_OK;
    char names[256] = "";
    size_t used = 0;
    for (keyact_card_id card = 1; card <= LAST_GUESS; card++) {
        if (hostile_was_handed(s, card))
            continue;
        tried++;
        keyact_card_desc desc = { .struct_size = sizeof desc };
        int32_t rc = s->host->describe_card(s->host, s->args->game, card, &desc);
        if (rc != KEYACT_OK) {
            last = rc;
            continue;
        }
        seen++;
        if (seen <= 3 && desc.face_count > 0 && desc.faces[0] != NULL && used < sizeof names)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                     seen > 1 ? ", " : "", desc.faces[0]->name);
    }
    hostile_log(s, "cards never handed over described: %u of %u accepted%s%s (a refusal: %s)",
                seen, tried, seen > 0 ? ": " : "", names, keyact_status_name(last));
}

HOSTILE_ACT("foreign-peek", "describes card ids the host never handed over (hidden cards)",
            strike, NULL, NULL);
