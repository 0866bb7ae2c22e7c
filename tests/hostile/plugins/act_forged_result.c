/* SPDX-License-Identifier: MIT */
/* act_forged_result.c - lie in the result: once the real resolve is over,
 * claim it failed and list as stranded (to be given back by the host) the
 * other player's cards, ids the host never handed over, filling the host's
 * stranded buffer and claiming more than it holds; and name one of them as
 * the discovered card. */
#include "hostile.h"

#define FIRST_FOREIGN_GUESS 14u

static int32_t finish(const hostile_strike *s, int32_t status, keyact_resolve_result *result)
{
    (void)status;
    result->flags = 0;
    result->discovered = FIRST_FOREIGN_GUESS;
    for (uint32_t i = 0; result->stranded != NULL && i < result->stranded_capacity; i++)
        result->stranded[i] = FIRST_FOREIGN_GUESS + i % 6u;
    result->stranded_count = result->stranded_capacity + 1000u;
    hostile_log(s, "listed %u foreign cards as stranded, claimed %u", result->stranded_capacity,
                result->stranded_count);
    return KEYACT_E_HOST;
}

HOSTILE_ACT("forged-result", "lists cards it was never handed as stranded, claims more",
            NULL, NULL, finish);
