/* SPDX-License-Identifier: MIT */
/* entry.c - the plugin's one exported symbol: keyact_plugin_entry.
 *
 * Everything else in this module is hidden (visibility and version script);
 * the host reaches the code only through this table.
 */
#include <stddef.h>
#include <string.h>

#include <keyact/keyact.h>

#include "discover.h"
#include "discover_rules.h"
#include "kp_card_rules.h"
#include "kp_entry.h"
#include "kp_mana_cost.h"
#include "kp_run.h"
#include "kp_state.h"

#ifndef KD_PLUGIN_VERSION
#error "KD_PLUGIN_VERSION must come from the build (the project version)"
#endif

static const keyact_rules_ext discover_rules_ext = {
    .struct_size = sizeof(keyact_rules_ext),
    .reserved0 = 0,
    .mana_value = kp_mana_value,
    .card_mana_value = kp_card_mana_value,
    .discover_options = kd_discover_options,
};

static const void *discover_get_extension(void *ctx, const char *id)
{
    (void)ctx; /* the rules are pure; they need no context */
    if (id != NULL && strcmp(id, KEYACT_EXT_RULES) == 0)
        return &discover_rules_ext;
    return NULL;
}

static const keyact_action discover_action = {
    .struct_size = sizeof(keyact_action),
    .reserved0 = 0,
    .name = "discover",
    .impl_id = "org.keyact.discover.cr701_57",
    .description = "Discover N (CR 701.57): exile until a nonland card with mana value N or less; "
                   "cast it free or put it into hand; the rest go to the bottom in a random order",
    .resolve = kd_discover_resolve,
    .state_size = sizeof(kp_state),
    .state_align = _Alignof(kp_state),
    .begin = kd_discover_begin,
    .step = kp_step,
    .answer = kp_answer,
    .abandon = kp_abandon,
};

static const keyact_action *const discover_actions[] = { &discover_action };

KEYACT_PLUGIN_EXPORT const struct keyact_plugin_entry keyact_plugin_entry = {
    .struct_size = sizeof(struct keyact_plugin_entry),
    .abi_major = KEYACT_ABI_MAJOR,
    .abi_minor = KEYACT_ABI_MINOR,
    .action_count = sizeof discover_actions / sizeof discover_actions[0],
    .plugin_id = "org.keyact.discover",
    .plugin_version = KD_PLUGIN_VERSION,
    .negotiate = kp_entry_negotiate,
    .init = kp_entry_init,
    .deinit = kp_entry_deinit,
    .actions = discover_actions,
    .get_extension = discover_get_extension,
};
