/* SPDX-License-Identifier: MIT */
/* kp_mana_cost.h - mana value of one printed mana cost string (CR 202.3, 107.4).
 *
 * Values are counted in halves so Un-set half mana ({HW}) stays exact.
 */
#ifndef KP_MANA_COST_H
#define KP_MANA_COST_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Longest cost string accepted, in bytes. The longest printed cost is 25
 * bytes ({2/W}{2/U}{2/B}{2/R}{2/G}); anything near this limit is not a card. */
#define KP_MANA_COST_MAX_BYTES 256u

/* Mana value x2 of one face's printed cost, e.g. "{2}{U/P}{X}" -> 4.
 * NULL and "" are 0. Returns 0, KEYACT_E_INVAL (out_halves NULL) or
 * KEYACT_E_BADCOST; on KEYACT_E_BADCOST *out_halves is 0 and, when
 * error_offset is non-NULL, *error_offset is the byte offset of the first
 * bad symbol (or of the stray byte). Pure; any thread. */
int32_t kp_mana_value(const char *cost, uint32_t *out_halves,
                      uint32_t *error_offset);

#ifdef __cplusplus
}
#endif

#endif /* KP_MANA_COST_H */
