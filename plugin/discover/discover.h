/* SPDX-License-Identifier: MIT */
/* discover.h - the "discover N" keyword action (CR 701.57).
 *
 * "Exile cards from the top of your library until you exile a nonland card
 * with mana value N or less. You may cast that card without paying its mana
 * cost if the resulting spell's mana value is less than or equal to N. If
 * you don't cast it, put that card into your hand. Put the remaining exiled
 * cards on the bottom of your library in a random order."
 */
#ifndef KD_DISCOVER_H
#define KD_DISCOVER_H

#include <stdint.h>

#include <keyact/action.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Resolve "discover args->n" for args->player through `host`, following the
 * resolve contract of keyact/action.h. `ctx` must be a live context from
 * kp_context_new (what the plugin's init returns); anything else is
 * KEYACT_E_INVAL. Allocates nothing while at most 256 cards are exiled.
 * Thread: any; concurrent calls for different games are independent. */
int32_t kd_discover_resolve(void *ctx, const keyact_host *host,
                            const keyact_resolve_args *args,
                            keyact_resolve_result *result);

/* keyact_action.begin of discover (ABI 1.3): kp_begin with discover's
 * rules; step, answer and abandon are the core's kp_step, kp_answer and
 * kp_abandon (the state knows its rules). */
int32_t kd_discover_begin(void *ctx, const keyact_host *host, const keyact_resolve_args *args,
                          uint32_t waits, void *state, uint32_t state_size);

#ifdef __cplusplus
}
#endif

#endif /* KD_DISCOVER_H */
