/* SPDX-License-Identifier: MIT */
/* discover.c - CR 701.57 on the shared "exile until" steps (plugin/core).
 *
 * What is discover's own: the hit has mana value N or less (and so must the
 * spell cast), an uncast hit goes to its owner's hand so only the rest go
 * to the bottom, DISCOVERED (with the discovered card's mana value) is the
 * last event, and when the library runs out without a hit the final card
 * exiled is the discovered card if its mana value is N or less (CR
 * 701.57c: a land). The host calls are those listed in kp_run.h.
 */
#include "discover.h"

#include "kp_run.h"

static const kp_action_rules discover_rules = {
    .compare = KP_AT_MOST,
    .decline_option = KEYACT_OPTION_TO_HAND,
    /* CR 701.57a: "If you don't cast it, put that card into your hand." */
    .uncast_zone = KEYACT_ZONE_HAND,
    .uncast_event = KEYACT_EVENT_TO_HAND,
    .uncast_outcome = KEYACT_OUTCOME_HAND,
    .last_event = KEYACT_EVENT_DISCOVERED,
    .last_event_has_value = 1u,
    /* CR 701.57c: the final card exiled, if its mana value is N or less. */
    .final_card_counts = 1u,
};

int32_t kd_discover_resolve(void *ctx, const keyact_host *host,
                            const keyact_resolve_args *args,
                            keyact_resolve_result *result)
{
    return kp_resolve(&discover_rules, ctx, host, args, result);
}

int32_t kd_discover_begin(void *ctx, const keyact_host *host, const keyact_resolve_args *args,
                          uint32_t waits, void *state, uint32_t state_size)
{
    return kp_begin(&discover_rules, ctx, host, args, waits, state, state_size);
}
