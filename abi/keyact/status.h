/* SPDX-License-Identifier: MIT */
/* keyact/status.h - status codes returned across the ABI.
 *
 * Every function in the ABI that can fail returns int32_t: 0 on success and
 * a negative KEYACT_E_* code on failure; a stepped resolve's step() may
 * also return KEYACT_WAITING (1). Values are stable across versions; new
 * codes are only ever added: code that meets a negative code it does not
 * know treats it as a failure.
 */
#ifndef KEYACT_STATUS_H
#define KEYACT_STATUS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KEYACT_OK            0
#define KEYACT_E_INVAL     (-1)  /* an argument is NULL, out of range or too small */
#define KEYACT_E_VERSION   (-2)  /* no ABI version both sides speak */
#define KEYACT_E_HOST      (-3)  /* a host callback failed (generic host error) */
#define KEYACT_E_NOMEM     (-4)  /* out of memory */
#define KEYACT_E_NOTFOUND  (-5)  /* no such card, action, extension or option */
#define KEYACT_E_BADCOST   (-6)  /* a mana cost string could not be parsed */
#define KEYACT_E_BADCARD   (-7)  /* a card description is unusable (no faces, ...) */
#define KEYACT_E_RANGE     (-8)  /* a host answer is out of range (choice, random) */
#define KEYACT_E_NOTSUP    (-9)  /* the operation is not supported */
#define KEYACT_E_STATE    (-10)  /* the game state does not allow it (e.g. card moved away);
                                  * a stepped resolve: not waiting for that answer, or over */
/* ABI 1.4: the host library's own verdicts on a plugin it distrusts. A
 * plugin never returns these on its own account. */
#define KEYACT_E_PLUGIN   (-11)  /* the plugin failed where the host library ran it isolated:
                                  * its helper process crashed or exited, was killed at its
                                  * deadline or a resource limit, or broke the protocol; the
                                  * library's message (GError, log) says which */
#define KEYACT_E_DENIED   (-12)  /* the host library refused a host call the plugin made about
                                  * a card or player its resolve was never handed (the
                                  * callback returns it to the plugin; the resolve too) */

/* The one positive status (ABI 1.3): not a failure. Only a stepped
 * resolve's step() returns it: the resolve stopped for an answer
 * (stepped.h), and goes on at the next step(). */
#define KEYACT_WAITING       1

/* A short, static, English name for a status code ("KEYACT_E_INVAL").
 * Never returns NULL; unknown codes give "KEYACT_E_UNKNOWN".
 * Thread: any. The returned string is static. */
static inline const char *keyact_status_name(int32_t status)
{
    switch (status) {
    case KEYACT_OK: return "KEYACT_OK";
    case KEYACT_E_INVAL: return "KEYACT_E_INVAL";
    case KEYACT_E_VERSION: return "KEYACT_E_VERSION";
    case KEYACT_E_HOST: return "KEYACT_E_HOST";
    case KEYACT_E_NOMEM: return "KEYACT_E_NOMEM";
    case KEYACT_E_NOTFOUND: return "KEYACT_E_NOTFOUND";
    case KEYACT_E_BADCOST: return "KEYACT_E_BADCOST";
    case KEYACT_E_BADCARD: return "KEYACT_E_BADCARD";
    case KEYACT_E_RANGE: return "KEYACT_E_RANGE";
    case KEYACT_E_NOTSUP: return "KEYACT_E_NOTSUP";
    case KEYACT_E_STATE: return "KEYACT_E_STATE";
    case KEYACT_E_PLUGIN: return "KEYACT_E_PLUGIN";
    case KEYACT_E_DENIED: return "KEYACT_E_DENIED";
    case KEYACT_WAITING: return "KEYACT_WAITING";
    default: return "KEYACT_E_UNKNOWN";
    }
}

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_STATUS_H */
