/* entry.c - the plugin's one exported symbol: keyact_plugin_entry.
 *
 * Everything else in this module is hidden (visibility and version script);
 * the host reaches the code only through this table.
 */
#include <stddef.h>
#include <string.h>

#include <keyact/keyact.h>

#include "card_rules.h"
#include "context.h"
#include "discover.h"
#include "mana_cost.h"

#ifndef KD_PLUGIN_VERSION
#error "KD_PLUGIN_VERSION must come from the build (the project version)"
#endif

/* Pick the highest offered version with our major and a minor we know. */
static int32_t discover_negotiate(const keyact_version *offered, uint32_t offered_count,
                                  keyact_version *out_chosen)
{
    const keyact_version *best = NULL;

    if (offered == NULL || out_chosen == NULL)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < offered_count; i++) {
        if (!kd_version_supported(&offered[i]))
            continue;
        if (best == NULL || offered[i].minor > best->minor)
            best = &offered[i];
    }
    if (best == NULL)
        return KEYACT_E_VERSION;
    *out_chosen = *best;
    return KEYACT_OK;
}

static int32_t discover_init(const keyact_version *chosen, const char *plugin_path,
                             void **out_ctx)
{
    kd_context *ctx;

    (void)plugin_path; /* nothing to load next to the plugin */
    if (chosen == NULL || out_ctx == NULL)
        return KEYACT_E_INVAL;
    if (!kd_version_supported(chosen))
        return KEYACT_E_VERSION;
    ctx = kd_context_new(chosen);
    if (ctx == NULL)
        return KEYACT_E_NOMEM;
    *out_ctx = ctx;
    return KEYACT_OK;
}

static void discover_deinit(void *ctx)
{
    kd_context_free(ctx);
}

static int32_t rules_card_mana_value(const keyact_card_desc *card,
                                     uint32_t *out_halves, uint32_t *out_is_land)
{
    return kd_card_mana_value(card, out_halves, out_is_land);
}

static const keyact_rules_ext discover_rules_ext = {
    .struct_size = sizeof(keyact_rules_ext),
    .reserved0 = 0,
    .mana_value = kd_mana_value,
    .card_mana_value = rules_card_mana_value,
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
};

static const keyact_action *const discover_actions[] = { &discover_action };

KEYACT_PLUGIN_EXPORT const struct keyact_plugin_entry keyact_plugin_entry = {
    .struct_size = sizeof(struct keyact_plugin_entry),
    .abi_major = KEYACT_ABI_MAJOR,
    .abi_minor = KEYACT_ABI_MINOR,
    .action_count = sizeof discover_actions / sizeof discover_actions[0],
    .plugin_id = "org.keyact.discover",
    .plugin_version = KD_PLUGIN_VERSION,
    .negotiate = discover_negotiate,
    .init = discover_init,
    .deinit = discover_deinit,
    .actions = discover_actions,
    .get_extension = discover_get_extension,
};
