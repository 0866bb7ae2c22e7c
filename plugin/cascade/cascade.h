/* SPDX-License-Identifier: MIT */
/* cascade.h - the cascade keyword ability's trigger, resolved (CR 702.85).
 *
 * "When you cast this spell, exile cards from the top of your library until
 * you exile a nonland card whose mana value is less than this spell's mana
 * value. You may cast that card without paying its mana cost if the
 * resulting spell's mana value is less than this spell's mana value. Then
 * put all cards exiled this way that weren't cast on the bottom of your
 * library in a random order." (CR 702.85a)
 */
#ifndef KCAS_CASCADE_H
#define KCAS_CASCADE_H

#include <stdint.h>

#include <keyact/action.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Resolve one cascade trigger for args->player through `host`; args->n is
 * the mana value of the spell with cascade (the host computes it, >= 0).
 * Follows the resolve contract of keyact/action.h; an uncast hit (declined,
 * no castable face, a failed or failing cast) goes to the bottom with the
 * rest, shuffled in with them. `ctx` must be a live context from
 * kp_context_new (what the plugin's init returns); anything else is
 * KEYACT_E_INVAL. Allocates nothing while at most 256 cards are exiled.
 * Thread: any; concurrent calls for different games are independent. */
int32_t kcas_cascade_resolve(void *ctx, const keyact_host *host,
                             const keyact_resolve_args *args,
                             keyact_resolve_result *result);

/* keyact_action.begin of cascade (ABI 1.3): kp_begin with cascade's rules. */
int32_t kcas_cascade_begin(void *ctx, const keyact_host *host, const keyact_resolve_args *args,
                           uint32_t waits, void *state, uint32_t state_size);

#ifdef __cplusplus
}
#endif

#endif /* KCAS_CASCADE_H */
