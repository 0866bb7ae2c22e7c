/* SPDX-License-Identifier: MIT */
/* discover.c - CR 701.57 on the shared "exile until" steps (plugin/core).
 *
 * What is discover's own: the hit has mana value N or less (and so must the
 * spell cast), an uncast hit goes to its owner's hand so only the rest go
 * to the bottom, and DISCOVERED (with the hit's mana value) is the last
 * event. The host calls are those listed in kp_run.h.
 */
#include "discover.h"

#include <keyact/status.h>

#include "kp_run.h"

/* CR 701.57a: "If you don't cast it, put that card into your hand." A
 * failing move stops the resolve. */
static int32_t put_into_hand(kp_run *run, keyact_card_id card)
{
    const keyact_host *host = run->host;
    int32_t rc = host->move_card(host, run->args->game, run->args->player, card,
                                 KEYACT_ZONE_HAND, 0u, 0u);

    if (rc != KEYACT_OK)
        return kp_host_status(rc);
    kp_emit(run, KEYACT_EVENT_TO_HAND, card, KEYACT_FACE_NONE, 0u, 0u);
    run->result->outcome = KEYACT_OUTCOME_HAND;
    return KEYACT_OK;
}

static const kp_action_rules discover_rules = {
    .compare = KP_AT_MOST,
    .decline_option = KEYACT_OPTION_TO_HAND,
    .place_uncast_hit = put_into_hand,
    .last_event = KEYACT_EVENT_DISCOVERED,
    .last_event_has_value = 1u,
};

int32_t kd_discover_resolve(void *ctx, const keyact_host *host,
                            const keyact_resolve_args *args,
                            keyact_resolve_result *result)
{
    return kp_resolve(&discover_rules, ctx, host, args, result);
}
