/* SPDX-License-Identifier: MIT */
/* keyact/keyact.h - umbrella header: the whole keyact plugin ABI.
 *
 *   version.h  ABI version numbers, history, keyact_version
 *   status.h   KEYACT_OK / KEYACT_E_* codes
 *   types.h    opaque game, player and card handles
 *   card.h     card descriptions (layout, faces, printed costs)
 *   events.h   events a plugin reports
 *   host.h     the host table (callbacks into the host)
 *   stepped.h  the stepped resolve's questions and answers (ABI 1.3)
 *   action.h   actions, resolve arguments and results
 *   plugin.h   the exported plugin entry
 *   rules.h    the optional rules extension (mana values, options)
 */
#ifndef KEYACT_KEYACT_H
#define KEYACT_KEYACT_H

#include "version.h"
#include "status.h"
#include "types.h"
#include "card.h"
#include "events.h"
#include "host.h"
#include "stepped.h"
#include "action.h"
#include "plugin.h"
#include "rules.h"

#endif /* KEYACT_KEYACT_H */
