/* SPDX-License-Identifier: MIT */
/* cascade.c - CR 702.85a on the shared "exile until" steps (plugin/core).
 *
 * What is cascade's own, next to discover: the hit's mana value is strictly
 * less than N (the cascading spell's), and so must the resulting spell's
 * be; the decline option is TO_BOTTOM; a hit that is not cast stays among
 * the exiled cards and goes to the bottom with them, in one uniformly
 * random order; FINISHED is the last event. The outcome is CAST, BOTTOM (a
 * hit not cast) or NONE (no hit). The host calls are those listed in
 * kp_run.h, with nothing between an uncast hit and the bottom.
 */
#include "cascade.h"

#include <stddef.h>

#include <keyact/status.h>

#include "kp_run.h"

static const kp_action_rules cascade_rules = {
    .compare = KP_BELOW,
    .decline_option = KEYACT_OPTION_TO_BOTTOM,
    /* "Then put all cards exiled this way that weren't cast on the bottom
     * of your library in a random order": the hit too. */
    .uncast_zone = KEYACT_ZONE_NONE,
    .uncast_event = 0u,
    .uncast_outcome = KEYACT_OUTCOME_BOTTOM,
    .last_event = KEYACT_EVENT_FINISHED,
    /* events.h: only HIT (and DISCOVERED) carry a mana value; FINISHED
     * names the card found, the result holds its value. */
    .last_event_has_value = 0u,
    /* No "discovered card" in 702.85: FINISHED names a hit or nothing. */
    .final_card_counts = 0u,
};

int32_t kcas_cascade_resolve(void *ctx, const keyact_host *host,
                             const keyact_resolve_args *args,
                             keyact_resolve_result *result)
{
    return kp_resolve(&cascade_rules, ctx, host, args, result);
}

int32_t kcas_cascade_begin(void *ctx, const keyact_host *host, const keyact_resolve_args *args,
                           uint32_t waits, void *state, uint32_t state_size)
{
    return kp_begin(&cascade_rules, ctx, host, args, waits, state, state_size);
}
