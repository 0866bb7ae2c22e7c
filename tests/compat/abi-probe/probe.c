/* SPDX-License-Identifier: MIT */
/* probe.c - a tiny library whose exported functions take every public
 * struct of the ABI, so abidiff sees their layouts. Built three times
 * (tests/compat/meson.build): from headers/v1_0 (the baseline), from
 * headers/v1_1 (members appended: must pass with packaging/abi's
 * suppressions) and with midfield/keyact/host.h first on the include path
 * (a member inserted in the middle: must fail).
 *
 * <keyact/host.h> comes first on purpose: with the midfield copy on the
 * include path it is the one that defines keyact_host; keyact.h's own
 * "host.h" is then skipped by its include guard.
 */
#include <keyact/host.h>
#include <keyact/keyact.h>

KEYACT_PLUGIN_EXPORT uint32_t keyact_probe_host(const keyact_host *host);
KEYACT_PLUGIN_EXPORT uint32_t keyact_probe_resolve(const keyact_resolve_args *args,
                                                   const keyact_resolve_result *result);
KEYACT_PLUGIN_EXPORT uint32_t keyact_probe_entry(const struct keyact_plugin_entry *entry,
                                                 const keyact_action *action);
KEYACT_PLUGIN_EXPORT uint32_t keyact_probe_card(const keyact_card_desc *card,
                                                const keyact_event *event,
                                                const keyact_option *option,
                                                const keyact_rules_ext *rules);

uint32_t keyact_probe_host(const keyact_host *host)
{
    return host->struct_size;
}

uint32_t keyact_probe_resolve(const keyact_resolve_args *args,
                              const keyact_resolve_result *result)
{
    return args->struct_size + result->struct_size;
}

uint32_t keyact_probe_entry(const struct keyact_plugin_entry *entry, const keyact_action *action)
{
    return entry->struct_size + action->struct_size;
}

uint32_t keyact_probe_card(const keyact_card_desc *card, const keyact_event *event,
                           const keyact_option *option, const keyact_rules_ext *rules)
{
    return card->struct_size + event->struct_size + option->struct_size + rules->struct_size;
}
