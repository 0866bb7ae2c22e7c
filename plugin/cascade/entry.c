/* SPDX-License-Identifier: MIT */
/* entry.c - the cascade plugin's one exported symbol: keyact_plugin_entry.
 *
 * Everything else in this module is hidden (visibility and version script);
 * the host reaches the code only through this table. The plugin offers no
 * extension: the rules extension (keyact/rules.h) answers discover's
 * question, not cascade's.
 */
#include <stddef.h>

#include <keyact/keyact.h>

#include "cascade.h"
#include "kp_entry.h"
#include "kp_run.h"
#include "kp_state.h"

#ifndef KCAS_PLUGIN_VERSION
#error "KCAS_PLUGIN_VERSION must come from the build (the project version)"
#endif

static const keyact_action cascade_action = {
    .struct_size = sizeof(keyact_action),
    .reserved0 = 0,
    .name = "cascade",
    .impl_id = "org.keyact.cascade.cr702_85",
    .description = "Cascade (CR 702.85): exile until a nonland card with mana value less than N; "
                   "cast it free if its spell's mana value is less than N; every card not cast "
                   "goes to the bottom in a random order",
    .resolve = kcas_cascade_resolve,
    .state_size = sizeof(kp_state),
    .state_align = _Alignof(kp_state),
    .begin = kcas_cascade_begin,
    .step = kp_step,
    .answer = kp_answer,
    .abandon = kp_abandon,
};

static const keyact_action *const cascade_actions[] = { &cascade_action };

KEYACT_PLUGIN_EXPORT const struct keyact_plugin_entry keyact_plugin_entry = {
    .struct_size = sizeof(struct keyact_plugin_entry),
    .abi_major = KEYACT_ABI_MAJOR,
    .abi_minor = KEYACT_ABI_MINOR,
    .action_count = sizeof cascade_actions / sizeof cascade_actions[0],
    .plugin_id = "org.keyact.cascade",
    .plugin_version = KCAS_PLUGIN_VERSION,
    .negotiate = kp_entry_negotiate,
    .init = kp_entry_init,
    .deinit = kp_entry_deinit,
    .actions = cascade_actions,
    .get_extension = NULL,
};
